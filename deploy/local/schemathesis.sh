#!/usr/bin/env bash
# Property-based tests of the REST API from its own OpenAPI document: schemathesis (PyPI, installed
# once into a cached virtualenv) generates valid and invalid requests for every operation of
# /api/openapi.json and checks each answer: no 5xx, a documented status, the documented content
# type and body schema, and invalid input refused with a 4xx. It runs against the all-in-one binary
# on a fresh data folder, signed in as a demo seller for the operations that need a session.
# Usage: deploy/local/schemathesis.sh [target/debug|target/release]   (under a minute once installed;
# KEEP_WORK=1 keeps the data, the product's log and schemathesis' events in /tmp/mtaani-schemathesis.*;
# SCHEMATHESIS_SETUP_ONLY=1 stops once the ids, a booking among them, are made)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(cd "${1:-target/debug}" && pwd)

fail() {
  echo "schemathesis.sh: FAILED: $*" >&2
  exit 1
}

venv=${XDG_CACHE_HOME:-$HOME/.cache}/mtaani/schemathesis-venv
requirement=schemathesis==4.32.5
if [[ ! -x $venv/bin/schemathesis || "$(cat "$venv/.mtaani-requirements" 2>/dev/null)" != "$requirement" ]]; then
  echo "schemathesis: installing $requirement into $venv"
  mkdir -p "$(dirname "$venv")"
  python3 -m venv --clear "$venv" \
    || fail "python3 -m venv failed: install python3-venv (apt-get install -y python3-venv; .ci/run does)"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$requirement" || fail "could not install $requirement"
  echo "$requirement" >"$venv/.mtaani-requirements"
fi

work=$(mktemp -d /tmp/mtaani-schemathesis.XXXXXX)
pid=
cleanup() {
  if [[ -n $pid ]]; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  [[ -n ${KEEP_WORK:-} ]] || rm -rf "$work"
}
trap cleanup EXIT

# Ports chosen free at start; the process answering is checked to be ours (deploy/local/ports.sh).
source deploy/local/ports.sh
read -r port a_port c_port b_port m_port < <(free_ports 5)
base=http://127.0.0.1:$port
export ACCOUNTS_LISTEN=127.0.0.1:$a_port CATALOG_LISTEN=127.0.0.1:$c_port BOOKING_LISTEN=127.0.0.1:$b_port \
  MESSAGING_LISTEN=127.0.0.1:$m_port
export ACCOUNTS_ADDR=$ACCOUNTS_LISTEN CATALOG_ADDR=$CATALOG_LISTEN BOOKING_ADDR=$BOOKING_LISTEN MESSAGING_ADDR=$MESSAGING_LISTEN
echo "schemathesis: starting $bin/mtaani on $base (data in $work/data)"
DATA_DIR="$work/data" PORT=$port WEB_DIST="$work/no-web-app" RUST_LOG=${RUST_LOG:-warn} \
  "$bin/mtaani" >"$work/mtaani.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  if curl -fsS "$base/api/health" 2>/dev/null | grep -q '"status":"ok"'; then break; fi
  kill -0 "$pid" 2>/dev/null || { cat "$work/mtaani.log" >&2; fail "mtaani stopped while starting"; }
  sleep 0.2
done
curl -fsS "$base/api/health" | grep -q '"status":"ok"' || { cat "$work/mtaani.log" >&2; fail "mtaani is not healthy"; }
expect_ours schemathesis "$pid" "$port" "$a_port" "$c_port" "$b_port" "$m_port" || fail "the ports are not ours"

# A seller with an active package (seeded: README "Two commands").
token=$(curl -fsS -H 'Content-Type: application/json' \
  -d '{"email": "wanjiru@demo.mtaani.co.ke", "password": "mtaani-demo"}' "$base/api/login" \
  | "$venv/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["token"])') \
  || fail "the demo seller could not sign in"

# Real ids for the operations on one thing, so generated requests reach the handlers and not only
# "not found": one of the seller's listings (read and edited), one posted to be deleted, a photo, a
# booking (confirmed and declined) and a payment.
py() { "$venv/bin/python" -c "import json, sys; d = json.load(sys.stdin); print($1)"; }
authed() { curl -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' "$@"; }
mine=$(authed "$base/api/account/services?limit=1") || fail "the seller's listings could not be read"
listing=$(py 'd[0]["_id"]' <<<"$mine")
# A photo of another listing: the edits may replace the first listing's.
photo=$(curl -fsS "$base/api/services?limit=2" \
  | py "[s for s in d if s['_id'] != '$listing'][0]['media'][0]['thumbnail'].removeprefix('/media/')")
example=$(curl -fsS "$base/api/openapi.json" | py 'json.dumps(d["components"]["schemas"]["ServiceInput"]["example"])')
doomed=$(authed -d "$example" "$base/api/services" | py 'd["_id"]') || fail "the example listing was not posted"
# The next bookable start, as the product's own availability answer gives it (today's first free
# start, else the first of the next open day): never a day and time assumed from the weekday the
# run happens on (the demo week is closed on Sundays).
today=$(TZ=Africa/Nairobi date +%F)
day=$(curl -fsS "$base/api/appointments/availability?serviceId=$listing&date=$today") \
  || fail "the listing's availability could not be read"
date=$(py '"'"$today"'" if d["slots"] else d["nextOpenDate"]' <<<"$day")
[[ $date == "$today" ]] || day=$(curl -fsS "$base/api/appointments/availability?serviceId=$listing&date=$date") \
  || fail "the availability of $date could not be read"
start=$(py 'd["slots"][0]' <<<"$day") || fail "no bookable start on $date: $day"
booking=$(curl -fsS -H 'Content-Type: application/json' "$base/api/appointments" \
  -d "{\"serviceId\": \"$listing\", \"name\": \"Amina Wanjiru\", \"email\": \"amina@example.com\",
       \"date\": \"$date\", \"time\": \"$start\"}" | py 'd["id"]') || fail "the booking ($date, $start) was not made"
# The payment: a new seller's first one (the demo seller's month is far from its last 7 days, when a
# renewal is taken).
payment=$(curl -fsS -H 'Content-Type: application/json' "$base/api/register" \
  -d "{\"userName\": \"Neema Auma\", \"email\": \"schemathesis.$$.$RANDOM@example.com\", \"phoneNumber\": \"0712345678\",
       \"password\": \"sukuma-wiki-2026\", \"accountType\": \"seller\", \"packageId\": \"standard\"}" \
  | py 'd["payment"]["id"]') || fail "the payment was not started"
if [[ -n ${SCHEMATHESIS_SETUP_ONLY:-} ]]; then
  # deploy/local/weekdays.sh: only the ids above, the booking among them, on each day of the week.
  echo "schemathesis: set up (booked $date at $start); SCHEMATHESIS_SETUP_ONLY: not running the cases"
  exit 0
fi
cat >"$work/schemathesis.toml" <<TOML
[[operations]]
include-operation-id = ["getService", "editService"]
parameters = { "path.id" = "$listing" }

[[operations]]
include-operation-id = "deleteService"
parameters = { "path.id" = "$doomed" }

[[operations]]
include-operation-id = "getMedia"
parameters = { "path.key" = "$photo" }

[[operations]]
include-operation-id = ["confirmAppointment", "declineAppointment"]
parameters = { "path.id" = "$booking" }

[[operations]]
include-operation-id = ["getPayment", "retryPayment"]
parameters = { "path.id" = "$payment" }
TOML

# Bounded: at most 100 cases per operation and phase, 10 s per request; fixed seed, so a failure
# found once is found again.
echo "schemathesis: running every operation of $base/api/openapi.json"
started=$(date +%s)
status=0
# One worker: with two, Hypothesis's description of a filter's lambda (ast.parse in two threads at
# once) can fail inside CPython 3.11 ("AST constructor recursion depth mismatch", CPython gh-106905),
# a runtime error of the tool reported as a failed run, and not a rare one.
"$venv/bin/schemathesis" --config-file "$work/schemathesis.toml" run "$base/api/openapi.json" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection \
  --mode all \
  --phases examples,coverage,fuzzing \
  --max-examples 100 \
  --request-timeout 10 \
  --seed 20260101 \
  --workers 1 \
  --generation-database none \
  --header "Authorization: Bearer $token" \
  --report ndjson --report-ndjson-path "$work/events.ndjson" \
  --no-color || status=$?

cases=$("$venv/bin/python" - "$work/events.ndjson" <<'EOF'
import json, sys
total = 0
for line in open(sys.argv[1]):
    event = json.loads(line)
    for kind, data in event.items():
        if kind == "ScenarioFinished":
            total += len(data.get("recorder", {}).get("cases", {}))
print(total)
EOF
) || cases="?"
echo "schemathesis: $cases test cases in $(($(date +%s) - started)) s"
if [[ $status -ne 0 ]]; then
  echo "schemathesis: the product's log:" >&2
  grep -E 'ERROR|WARN' "$work/mtaani.log" | tail -50 >&2 || true
  fail "schemathesis found problems (above)"
fi
