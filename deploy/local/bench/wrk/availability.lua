-- GET /api/appointments/availability for a random listing and a random day of the next 50:
--   wrk … -s availability.lua URL -- IDS_FILE
-- What the booking dialog asks each time a visitor picks a day: the provider's plan, the listing's
-- length and the holds of that day, from booking-svc (on SQLite the days it read are kept until their
-- seats change: booking-svc/src/caches/day_seats.rs; on PostgreSQL each is read). A line of IDS_FILE is
-- a listing's id, or (open-team.py's) an id, its services and a member, tab-separated: the day of a
-- team, for those services, with that member or anyone available.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local asks = {}

function on_init(args)
  for line in io.lines(args[1]) do
    local ask = read_ask(line)
    if ask then
      local query = "serviceId=" .. ask.id
      if ask.options ~= "" then
        query = query .. "&optionIds=" .. ask.options
      end
      if ask.member ~= "" then
        query = query .. "&memberId=" .. ask.member
      end
      table.insert(asks, query)
    end
  end
end

function request()
  local date = os.date("!%Y-%m-%d", os.time() + 3 * 3600 + math.random(1, 50) * 86400)
  return wrk.format("GET", "/api/appointments/availability?" .. asks[math.random(#asks)] .. "&date=" .. date)
end
