-- POST /api/appointments for a random listing (or a team's listing, services and member: see
-- availability.lua), date (2 to 365 days ahead, so never today's past
-- slots) and start (7:00 AM to 7:00 PM, so a four-hour service still ends inside the open-all-week
-- hours the bench gives its providers), from a random client address and customer e-mail (the gateway
-- limits bookings per customer and per address: it runs with TRUST_PROXY=true; nginx takes the address
-- from X-Forwarded-For, the gateway from X-Real-IP):
--   wrk … -s book.lua URL -- IDS_FILE
-- Each request carries its own Idempotency-Key, as the booking dialog's do.
-- Counts every response's status (201 booked, 409 full, 429 rate-limited, …).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local asks, slots = {}, {}
local n = 0

function on_init(args)
  for line in io.lines(args[1]) do
    local ask = read_ask(line)
    if ask then
      -- A team's booking (open-team.py's lines): its services and member, after the listing's id.
      local extra = ""
      if ask.options ~= "" then
        extra = extra .. ',"optionIds":["' .. ask.options:gsub(",", '","') .. '"]'
      end
      if ask.member ~= "" then
        extra = extra .. ',"memberId":"' .. ask.member .. '"'
      end
      table.insert(asks, { id = ask.id, extra = extra })
    end
  end
  -- Every 30 minutes from 7:00 AM to 7:00 PM, labelled as the booking dialog labels them.
  for minutes = 7 * 60, 19 * 60, 30 do
    local h, m = math.floor(minutes / 60), minutes % 60
    local h12 = h > 12 and h - 12 or h
    table.insert(slots, string.format("%d:%02d %s", h12, m, h < 12 and "AM" or "PM"))
  end
end

function request()
  n = n + 1
  local ask = asks[math.random(#asks)]
  local ip = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))
  local date = os.date("!%Y-%m-%d", os.time() + math.random(2, 365) * 86400)
  local body = string.format(
    '{"serviceId":"%s","name":"Bench Customer %d","email":"bench%d.%d@example.co.ke","phone":"+254712000000",'
      .. '"date":"%s","time":"%s","message":"Booked by make bench."%s}',
    ask.id, n, thread_id or 0, n, date, slots[math.random(#slots)], ask.extra)
  return wrk.format("POST", "/api/appointments", {
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = ip,
    ["X-Real-IP"] = ip,
    ["Idempotency-Key"] = string.format("bench-%d-%d", thread_id or 0, n),
  }, body)
end

function response(status)
  count_status(status)
end
