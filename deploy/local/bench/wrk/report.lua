-- Shared by every load script of `make bench` (deploy/local/bench.sh): numbers each wrk thread,
-- seeds its random numbers, counts response statuses when the script asks for it, and prints one
-- machine-readable line at the end:
--   BENCH_JSON {"requests":…,"rps":…,"p50_ms":…,"p99_ms":…,"errors":{…},"statuses":{…}}
-- A script that includes this file may define on_init(args) (called in each thread with the
-- arguments after `--`), and a response(status) that calls count_status(status) to report the mix of
-- statuses (defining response costs wrk a little, so only the POST script does).

local threads = {}
local next_id = 1

function setup(thread)
  thread:set("thread_id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

statuses = {}

function init(args)
  math.randomseed(os.time() * 1000 + (thread_id or 0))
  if on_init then
    on_init(args)
  end
end

-- One line of an ids file: a listing's id, optionally followed by its services (comma-separated ids)
-- and a member's id, tab-separated (open-team.py); nil for an empty line.
function read_ask(line)
  local id, options, member = line:match("^([^\t]+)\t?([^\t]*)\t?([^\t]*)$")
  if not id then
    return nil
  end
  return { id = id, options = options, member = member }
end

function count_status(status)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
end

function done(summary, latency, requests)
  local merged = {}
  for _, t in ipairs(threads) do
    for k, v in pairs(t:get("statuses") or {}) do
      merged[k] = (merged[k] or 0) + v
    end
  end
  local parts = {}
  for k, v in pairs(merged) do
    table.insert(parts, string.format('"%s":%d', k, v))
  end
  table.sort(parts)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_s":%.3f,"bytes":%d,"rps":%.1f,'
      .. '"mean_ms":%.3f,"p50_ms":%.3f,"p90_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,'
      .. '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"statuses":{%s}}\n',
    summary.requests, summary.duration / 1e6, summary.bytes, summary.requests / (summary.duration / 1e6),
    latency.mean / 1e3, latency:percentile(50) / 1e3, latency:percentile(90) / 1e3,
    latency:percentile(99) / 1e3, latency.max / 1e3,
    e.connect, e.read, e.write, e.status, e.timeout, table.concat(parts, ",")))
end
