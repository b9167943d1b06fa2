-- GET /api/appointments/availability for a random listing and a random day of the next 50:
--   wrk … -s availability.lua URL -- IDS_FILE
-- What the booking dialog asks each time a visitor picks a day: the provider's plan, the listing's
-- length and the holds of that day, from booking-svc (nothing of it is cached).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local ids = {}

function on_init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then
      table.insert(ids, line)
    end
  end
end

function request()
  local date = os.date("!%Y-%m-%d", os.time() + 3 * 3600 + math.random(1, 50) * 86400)
  return wrk.format("GET", "/api/appointments/availability?serviceId=" .. ids[math.random(#ids)] .. "&date=" .. date)
end
