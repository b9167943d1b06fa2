-- A fixed GET (the URL given to wrk), reported by report.lua.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")
