-- POST /api/register: a new buyer each time, with a fresh e-mail address, from a random client address
-- (the gateway runs with TRUST_PROXY=true):
--   wrk … -s register.lua URL
-- Counts every response's status (201 created, 429 rate-limited, …). Each registration hashes a
-- password with argon2id: this measures the slowest write a visitor makes.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "report.lua")

local n = 0
local run = os.time()

function request()
  n = n + 1
  local ip = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))
  local body = string.format(
    '{"userName":"Bench Buyer","email":"bench-%d-%d-%d@example.co.ke","phoneNumber":"07%08d",'
      .. '"password":"bench-password","accountType":"buyer"}',
    run, thread_id or 0, n, math.random(0, 99999999))
  return wrk.format("POST", "/api/register", {
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = ip,
    ["X-Real-IP"] = ip,
  }, body)
end

function response(status)
  count_status(status)
end
