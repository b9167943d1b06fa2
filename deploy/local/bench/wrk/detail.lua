-- GET of one listing at random from a file of ids:
--   wrk … -s detail.lua URL -- IDS_FILE PREFIX [SUFFIX]
-- requests PREFIX .. id .. SUFFIX, e.g. /api/service/ID, or /ceiling/service/ID.json for nginx's
-- static copy of the same answers.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local ids, prefix, suffix = {}, "", ""

function on_init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then
      table.insert(ids, line)
    end
  end
  prefix, suffix = args[2], args[3] or ""
end

function request()
  return wrk.format("GET", prefix .. ids[math.random(#ids)] .. suffix)
end
