#!/usr/bin/env bash
# The production shape, measured (part of `make bench`): the services and the gateway as
# separate processes on a PostgreSQL cluster of their own (10,000 generated listings) and a Redis of
# their own, nginx in front with the deploy configuration (deploy/nginx), TRUST_PROXY on — what the
# Kubernetes prod overlay runs, on one machine.
#
# Two ways of measuring, both reported, because on 2 cores the load generator competes with what it
# measures:
#   plain    wrk without a Lua script (one URL per run, the cheapest load generator there is), against
#            the ceiling of nginx at its plainest: a minimal configuration, one worker per core,
#            serving the same bytes from files;
#   scripted wrk with the Lua scripts of deploy/local/bench/wrk (random ids and queries, status
#            counts), against the ceiling of the same deploy nginx serving the bytes as static files
#            (the method of the main bench). Lua costs wrk CPU, which lowers the ceiling it reaches.
# Then bookings and registrations (scripted, through nginx), and every process's resident memory
# while idle and under each load.
#
# Usage: deploy/local/bench/prod.sh BIN_DIR RESULTS_DIR [PHOTO]
#   BIN_DIR      release binaries (target/release) with examples/gen-catalog
#   RESULTS_DIR  where the raw results go (prod/*.json, prod/rss.tsv); report.py prod reads them
# Environment: BENCH_DURATION (10s), BENCH_CONNECTIONS (64), BENCH_THREADS (2), BENCH_KEEP=1.
set -euo pipefail
cd "$(dirname "$0")/../../.."
root=$(pwd)
here=$root/deploy/local/bench
bin=$(cd "${1:?usage: prod.sh BIN_DIR RESULTS_DIR [PHOTO]}" && pwd)
mkdir -p "${2:?usage: prod.sh BIN_DIR RESULTS_DIR [PHOTO]}/prod"
res=$(cd "$2" && pwd)/prod
photo=${3:-}
duration=${BENCH_DURATION:-10s}
connections=${BENCH_CONNECTIONS:-64}
threads=${BENCH_THREADS:-2}
source deploy/local/ports.sh

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[[ -x "$pgbin/initdb" ]] || { echo "prod bench: no PostgreSQL server binaries" >&2; exit 2; }
as_pg=()
if [[ $(id -u) == 0 ]]; then as_pg=(runuser -u postgres --); fi

work=$(mktemp -d /tmp/mtaani-bench-prod.XXXXXX)
chmod 755 "$work"
mkdir -p "$work/logs" "$work/pg"
if [[ ${#as_pg[@]} -gt 0 ]]; then chown postgres "$work/pg"; fi
# The e-mails and SMS go to folders, standing in for the SMTP relay and Africa's Talking of
# production, on tmpfs where there is one: on the disk, creating a file in a directory of tens of
# thousands (three per booking) cost messaging-svc 60 % of its CPU once earlier runs had created and
# deleted a few hundred thousand (ext4 looking for a free inode past the recently deleted ones), a
# cost of the stand-in and of the machine's history, not of the product.
notify=$work/notify
if [[ -d /dev/shm && -w /dev/shm ]]; then notify=$(mktemp -d /dev/shm/mtaani-bench-notify.XXXXXX); fi
export MAIL_DIR=$notify/mail SMS_DIR=$notify/sms
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg/data" -m fast -w -t 30 stop >/dev/null 2>&1 || true
  rm -rf "$notify"
  if [[ ${BENCH_KEEP:-} == 1 ]]; then echo "prod bench: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
die() {
  echo "prod bench: $*" >&2
  exit 1
}
say() { printf 'prod bench: %s\n' "$*"; }

read -r pg_port redis_port gw_port nginx_port plain_port a_port c_port b_port m_port r_port < <(free_ports 10)

say "PostgreSQL of its own on 127.0.0.1:$pg_port, Redis on $redis_port"
"${as_pg[@]}" "$pgbin/initdb" -D "$work/pg/data" -A trust -U postgres >"$work/pg/initdb.log" 2>&1 ||
  die "initdb: $(cat "$work/pg/initdb.log")"
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg/data" -l "$work/pg/postgres.log" -w -t 60 start \
  -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $work/pg -c max_connections=200" >/dev/null ||
  die "PostgreSQL did not start: $(tail "$work/pg/postgres.log")"
redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" \
  >"$work/logs/redis.log" 2>&1 &
redis_pid=$!
pids+=("$redis_pid")

export DATABASE_URL=postgres://postgres@127.0.0.1:$pg_port/postgres
export DATA_DIR=$work/data RUST_LOG=warn JWT_SECRET=bench-prod-secret-bench-prod-secret-bench
export ACCOUNTS_LISTEN=127.0.0.1:$a_port CATALOG_LISTEN=127.0.0.1:$c_port BOOKING_LISTEN=127.0.0.1:$b_port \
  MESSAGING_LISTEN=127.0.0.1:$m_port
export ACCOUNTS_ADDR=$ACCOUNTS_LISTEN CATALOG_ADDR=$CATALOG_LISTEN BOOKING_ADDR=$BOOKING_LISTEN \
  MESSAGING_ADDR=$MESSAGING_LISTEN
export PUBLIC_BASE_URL=http://127.0.0.1:$nginx_port
# A generated catalog would start with a backfill of every listing's link-preview picture (catalog-svc's
# og.rs), which is not what is measured.
export LINK_PREVIEWS=false

say "catalog: 10,000 listings in PostgreSQL"
photo_args=()
[[ -n $photo ]] && photo_args=(--photo "$photo")
"$bin/examples/gen-catalog" "$DATA_DIR" 10000 "$work/ids.txt" "${photo_args[@]}" >"$work/logs/gen.log" 2>&1 ||
  die "gen-catalog: $(tail "$work/logs/gen.log")"

say "services and gateway as separate processes, nginx (deploy config) in front"
declare -A proc
for svc in accounts-svc catalog-svc booking-svc messaging-svc; do
  "$bin/$svc" >"$work/logs/$svc.log" 2>&1 &
  proc[$svc]=$!
  pids+=("$!")
done
GATEWAY_LISTEN=127.0.0.1:$gw_port REDIS_URL=redis://127.0.0.1:$redis_port TRUST_PROXY=true \
  WEB_DIST=$root/web/dist "$bin/gateway" >"$work/logs/gateway.log" 2>&1 &
proc[gateway]=$!
pids+=("$!")
gw=http://127.0.0.1:$gw_port
for _ in $(seq 1 600); do
  curl -fsS "$gw/api/health" 2>/dev/null | grep -q '"status":"ok"' && break
  sleep 0.1
done
curl -fsS "$gw/api/health" | grep -q '"status":"ok"' || die "not healthy: $(tail -n 5 "$work"/logs/*.log)"
expect_ours "prod bench" "${proc[gateway]}" "$gw_port"
expect_ours "prod bench" "${proc[catalog-svc]}" "$c_port"
"$here/open-weeks.sh" "$gw" || die "cannot open the demo providers' weeks"
python3 "$here/open-team.py" "$gw" "$work/team.txt" || die "cannot open the demo salon team's weeks"

# The bytes the ceilings serve: the API's own answers, saved as files.
webroot=$work/webroot
cp -r web/dist "$webroot"
mkdir -p "$webroot/ceiling/service" "$webroot/ceiling/search"
curl -fsS "$gw/api/services?limit=48" -o "$webroot/ceiling/services.json"
curl -fsS "$gw/api/services/beauty" -o "$webroot/ceiling/beauty.json"
head -n 500 "$work/ids.txt" >"$work/ids-ceiling.txt"
while read -r id; do
  curl -fsS "$gw/api/service/$id" -o "$webroot/ceiling/service/$id.json"
done <"$work/ids-ceiling.txt"
queries=$here/queries.txt
n=0
while read -r q; do
  n=$((n + 1))
  curl -fsS -G "$gw/api/services/search" --data-urlencode "query=$q" -o "$webroot/ceiling/search/$n.json"
done <"$queries"
one_id=$(head -n 1 "$work/ids.txt")
first_query=$(head -n 1 "$queries" | python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.stdin.read().strip()))')

# The page renderer, a process of its own as in Kubernetes, which nginx asks for the pages.
RENDERER_LISTEN=127.0.0.1:$r_port GATEWAY_URL=$gw WEB_DIST=$root/web/dist node web/dist-server/renderer.mjs \
  >"$work/logs/renderer.log" 2>&1 &
proc[renderer]=$!
pids+=("$!")
for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$r_port/healthz" 2>/dev/null && break; sleep 0.1; done
expect_ours "prod bench" "${proc[renderer]}" "$r_port"

nginx_pid=$(deploy/local/nginx-e2e.sh "$gw" "$webroot" "$nginx_port" "$work/nginx" "http://127.0.0.1:$r_port")
pids+=("$nginx_pid")
front=http://127.0.0.1:$nginx_port
expect_ours "prod bench" "$nginx_pid" "$nginx_port"

# nginx at its plainest: one worker per core, files, nothing else.
mkdir -p "$work/plain"
cat >"$work/plain/nginx.conf" <<EOF
worker_processes auto;
daemon off;
pid $work/plain/nginx.pid;
error_log $work/plain/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  default_type application/json;
  client_body_temp_path $work/plain/body;
  proxy_temp_path $work/plain/proxy;
  fastcgi_temp_path $work/plain/fastcgi;
  uwsgi_temp_path $work/plain/uwsgi;
  scgi_temp_path $work/plain/scgi;
  server {
    listen 127.0.0.1:$plain_port;
    root $webroot;
  }
}
EOF
nginx=$(command -v nginx || echo /usr/sbin/nginx)
"$nginx" -c "$work/plain/nginx.conf" -e "$work/plain/error.log" >"$work/logs/plain-nginx.log" 2>&1 &
plain_pid=$!
pids+=("$plain_pid")
plain=http://127.0.0.1:$plain_port
for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "$plain/ceiling/services.json" 2>/dev/null && break
  sleep 0.1
done
expect_ours "prod bench" "$plain_pid" "$plain_port"

# Resident memory of every process, sampled every 0.2 s into rss.tsv with the phase's name; with
# the shell's own reads (no awk or cat per sample: those forks cost the 2 cores 4 % of the load).
phase=idle
echo "$phase" >"$work/phase"
(
  while true; do
    read -r p <"$work/phase"
    for name in "${!proc[@]}"; do
      kb=
      while read -r key value _; do
        if [[ $key == VmRSS: ]]; then kb=$value && break; fi
      done <"/proc/${proc[$name]}/status" 2>/dev/null || true
      [[ -n $kb ]] && printf '%s\t%s\t%s\n' "$p" "$name" "$kb"
    done
    sleep 0.2
  done
) >"$res/rss.tsv" &
sampler=$!
pids+=("$sampler")
sleep 3

# The process groups whose CPU each run reports (a group: the process and its children).
postmaster=$(head -n 1 "$work/pg/data/postmaster.pid")
{
  for name in "${!proc[@]}"; do echo "$name ${proc[$name]}"; done
  echo "nginx $nginx_pid"
  echo "nginx-plain $plain_pid"
  echo "postgres $postmaster"
  echo "redis $redis_pid"
} >"$work/groups"

measure() { # LABEL PHASE WRK-ARGS…
  local label=$1
  echo "$2" >"$work/phase"
  shift 2
  python3 "$here/prod_report.py" run "$label" --groups "$work/groups" --out "$res" -- \
    wrk -t"$threads" -c"$connections" -d"$duration" --timeout 5s "$@" || die "the run $label failed"
}
plain_load() { # LABEL URL PHASE
  measure "$1" "$3" --latency "$2"
}
scripted_load() { # LABEL PHASE URL SCRIPT [ARGS…]
  local label=$1 phase=$2 url=$3 script=$4
  shift 4
  measure "$label" "$phase" -s "$here/wrk/$script" "$url" -- "$@"
}

say "warm-up"
for url in "$front/api/services?limit=48" "$front/api/services/beauty" "$front/api/service/$one_id" \
  "$front/api/services/search?query=$first_query" "$plain/ceiling/services.json"; do
  wrk -t"$threads" -c"$connections" -d3s "$url" >/dev/null
done
wrk -t"$threads" -c"$connections" -d3s -s "$here/wrk/detail.lua" "$front" -- "$work/ids.txt" /api/service/ >/dev/null

# Each endpoint's ceiling and its API runs back to back: the ratios compare runs made seconds apart.
# This machine's speed drifts by a third within minutes (another tenant's load on the host), and with
# the four ceilings first and the API runs a minute later, one run's list read 33 % of its ceiling
# where back-to-back pairs in the same hour read 41-44 %.
say "plain wrk, endpoint by endpoint: the ceiling (minimal nginx, files), the API through nginx, through the gateway"
for read in list category detail search; do
  case $read in
    list) ceiling=ceiling/services.json api="api/services?limit=48" ;;
    category) ceiling=ceiling/beauty.json api=api/services/beauty ;;
    detail) ceiling=ceiling/service/$one_id.json api=api/service/$one_id ;;
    search) ceiling=ceiling/search/1.json api="api/services/search?query=$first_query" ;;
  esac
  plain_load "plain-ceiling-$read" "$plain/$ceiling" ceiling
  plain_load "plain-nginx-$read" "$front/$api" reads
  plain_load "plain-gateway-$read" "$gw/$api" reads
done

say "scripted wrk, endpoint by endpoint: the deploy nginx's static ceiling, then the API through it (random ids and queries)"
scripted_load scripted-ceiling-list ceiling "$front/ceiling/services.json" get.lua
scripted_load scripted-nginx-list reads "$front/api/services?limit=48" get.lua
scripted_load scripted-ceiling-category ceiling "$front/ceiling/beauty.json" get.lua
scripted_load scripted-nginx-category reads "$front/api/services/beauty" get.lua
scripted_load scripted-ceiling-detail ceiling "$front" detail.lua "$work/ids-ceiling.txt" /ceiling/service/ .json
scripted_load scripted-nginx-detail reads "$front" detail.lua "$work/ids.txt" /api/service/
scripted_load scripted-ceiling-search ceiling "$front" search.lua "$queries" ceiling
scripted_load scripted-nginx-search reads "$front" search.lua "$queries" api

say "the booking dialog's day (availability) and writes through nginx: bookings and registrations"
# The reads before the writes: each booking leaves e-mails and SMS for the workers to send, which would
# share the 2 cores with a read measured after it.
scripted_load scripted-nginx-availability reads "$front" availability.lua "$work/ids.txt"
scripted_load scripted-nginx-availability-team reads "$front" availability.lua "$work/team.txt"
scripted_load scripted-nginx-book bookings "$front" book.lua "$work/ids.txt"
scripted_load scripted-nginx-book-team bookings "$front" book.lua "$work/team.txt"
scripted_load scripted-nginx-register registrations "$front" register.lua

echo done >"$work/phase"
sleep 0.5
kill "$sampler" 2>/dev/null || true
for name in "${!proc[@]}"; do
  kill -0 "${proc[$name]}" 2>/dev/null || die "$name stopped during the run: $(tail -n 5 "$work/logs/$name.log")"
done
nproc >"$res/cores"
say "done: results in $res"
