-- Search with a query at random from a file of queries (one a line, typos included):
--   wrk … -s search.lua URL -- QUERIES_FILE api       → /api/services/search?query=…
--   wrk … -s search.lua URL -- QUERIES_FILE ceiling   → /ceiling/search/N.json (N: the query's line)
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local paths = {}

local function encode(s)
  return (s:gsub("[^%w%-%._~]", function(c)
    return string.format("%%%02X", string.byte(c))
  end))
end

function on_init(args)
  local n = 0
  for line in io.lines(args[1]) do
    if line ~= "" then
      n = n + 1
      if args[2] == "ceiling" then
        table.insert(paths, "/ceiling/search/" .. n .. ".json")
      else
        table.insert(paths, "/api/services/search?query=" .. encode(line))
      end
    end
  end
end

function request()
  return wrk.format("GET", paths[math.random(#paths)])
end
