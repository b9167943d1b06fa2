-- A visitor's mix of reads, each request one at random: the home list, a category, a listing (random
-- id) or a search (random query):
--   wrk … -s mix.lua URL -- IDS_FILE QUERIES_FILE
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local ids, queries = {}, {}
local categories = { "beauty", "hair", "health", "fitness", "fashion", "bridal", "flowers-gifts", "home", "photography" }

local function lines(path, into)
  for line in io.lines(path) do
    if line ~= "" then
      table.insert(into, line)
    end
  end
end

local function encode(s)
  return (s:gsub("[^%w%-%._~]", function(c)
    return string.format("%%%02X", string.byte(c))
  end))
end

function on_init(args)
  lines(args[1], ids)
  lines(args[2], queries)
end

function request()
  local pick = math.random(4)
  if pick == 1 then
    return wrk.format("GET", "/api/services?limit=48")
  elseif pick == 2 then
    return wrk.format("GET", "/api/services/" .. categories[math.random(#categories)])
  elseif pick == 3 then
    return wrk.format("GET", "/api/service/" .. ids[math.random(#ids)])
  end
  return wrk.format("GET", "/api/services/search?query=" .. encode(queries[math.random(#queries)]))
end
