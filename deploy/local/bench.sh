#!/usr/bin/env bash
# `make bench`: builds the release binaries and the web app, generates catalogs of 10,000 and
# 100,000 listings, starts the product on them and measures, in one run on this machine:
#   - the API under load (wrk, 64 connections) through the gateway and through nginx in front of it,
#     beside the ceiling: the same nginx serving the same JSON bytes as static files;
#   - the gRPC hop (gateway → catalog-svc on loopback) with a small tonic client;
#   - search latency inside catalog-svc (`cargo bench -p catalog-svc --bench search`);
#   - the pages rendered by the server (web/src/server) under load through nginx, cached and not;
#   - the pages with Lighthouse 12 (mobile, median of 3) through nginx;
#   - the bytes each route loads first, and the photo sizes;
#   - the bytes of / and /all-services with the data saver off and on (bench/data-saver.sh);
#   - resident memory and start-up time, all-in-one and as separate processes.
# It writes the tables into docs/BENCHMARKS.md (between the markers, keeping the notes around them)
# and prints them. Everything listens on loopback ports 18480–18499 and is stopped at the end.
#
# Usage: deploy/local/bench.sh          (about 12 minutes on 2 cores once built)
# Environment: BENCH_DURATION (10s per load run), BENCH_CONNECTIONS (64), BENCH_THREADS (2),
#   BENCH_SIZES ("10000 100000"; the first is the one fully measured), BENCH_LIGHTHOUSE_RUNS (3),
#   BENCH_OUT (docs/BENCHMARKS.md), BENCH_KEEP=1 keeps the work folder (data, raw results, logs).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
here=$root/deploy/local/bench

duration=${BENCH_DURATION:-10s}
connections=${BENCH_CONNECTIONS:-64}
threads=${BENCH_THREADS:-2}
idle_wait=${BENCH_IDLE_WAIT:-60}
read -r -a sizes <<<"${BENCH_SIZES:-10000 100000}"
lighthouse_runs=${BENCH_LIGHTHOUSE_RUNS:-3}
out=${BENCH_OUT:-docs/BENCHMARKS.md}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/mtaani-bench

# Ports: the all-in-one run (gateway, nginx in front, its four services), the separate processes
# (gateway, four services), and Chromium's debugging port for Lighthouse.
p_gateway=18480 p_nginx=18481
p_accounts=18483 p_catalog=18484 p_booking=18485 p_messaging=18486
p_split_gateway=18487 p_split_accounts=18488 p_split_catalog=18489 p_split_booking=18490 p_split_messaging=18491
p_chrome=18492 p_renderer=18493

work=$(mktemp -d /tmp/mtaani-bench.XXXXXX)
res=$work/results
mkdir -p "$res/wrk" "$res/lighthouse" "$work/logs"
# The machine is shared: the load average before and after tells whether others were busy meanwhile.
cut -d' ' -f1-3 /proc/loadavg >"$res/loadavg-start"
pids=()
started_at=$SECONDS

cleanup() {
  local pid
  for pid in "${pids[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  if [[ ${BENCH_KEEP:-} == 1 ]]; then
    echo "bench: kept $work"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT

say() { printf '\nbench [%3d s] %s\n' $((SECONDS - started_at)) "$*"; }
die() {
  echo "bench: $*" >&2
  exit 1
}

# Forgets a pid we stopped ourselves.
forget() {
  local keep=() pid
  for pid in "${pids[@]}"; do
    [[ $pid == "$1" ]] || keep+=("$pid")
  done
  pids=("${keep[@]}")
}

# Stops a process we started, gracefully, and waits (up to 30 s) until it is gone; nginx is not our
# child (nginx-e2e.sh started it), hence kill -0 rather than wait.
stop() {
  local i
  kill -TERM "$1" 2>/dev/null || true
  for i in $(seq 1 300); do
    kill -0 "$1" 2>/dev/null || break
    sleep 0.1
  done
  wait "$1" 2>/dev/null || true
  forget "$1"
}

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# Waits for /api/health to say ok; prints the milliseconds since START_MS.
wait_healthy() { # URL START_MS
  local i
  for i in $(seq 1 1500); do
    if curl -fsS "$1/api/health" 2>/dev/null | grep -q '"status":"ok"'; then
      echo $(($(now_ms) - $2))
      return 0
    fi
    sleep 0.02
  done
  die "the product did not become healthy at $1 (logs: $work/logs)"
}

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }


# Appends "pid rss_kb" lines for each PID every 0.2 s until killed.
sample_rss() { # FILE PID...
  local file=$1 pid
  shift
  while true; do
    for pid in "$@"; do
      awk -v p="$pid" '/^VmRSS:/ {print p, $2}' "/proc/$pid/status" 2>/dev/null || true
    done
    sleep 0.2
  done >>"$file"
}

# Starts sample_rss in the background as $sampler (stopped by cleanup too, should we fail meanwhile).
start_sampler() { # FILE PID...
  sample_rss "$@" &
  sampler=$!
  pids+=("$sampler")
}

stop_sampler() {
  kill "$sampler" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
  forget "$sampler"
}

max_rss_kb() { # FILE PID
  awk -v p="$2" '$1 == p && $2 > m {m = $2} END {print m + 0}' "$1"
}

# One line of resources.tsv: SCOPE KEY VALUE.
record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$res/resources.tsv"; }

# One load run: LABEL URL SCRIPT [SCRIPT ARGS…]; the result as $res/wrk/LABEL.json.
load() {
  local label=$1 url=$2 script=$3
  shift 3
  wrk -t"$threads" -c"$connections" -d"$duration" --timeout 5s -s "$here/wrk/$script" "$url" -- "$@" \
    >"$res/wrk/$label.txt" 2>&1 || die "wrk failed for $label: $(cat "$res/wrk/$label.txt")"
  grep '^BENCH_JSON ' "$res/wrk/$label.txt" | cut -d' ' -f2- >"$res/wrk/$label.json" ||
    die "no result from wrk for $label: $(cat "$res/wrk/$label.txt")"
  python3 "$here/report.py" show-load "$label" "$res/wrk/$label.json"
}

# ---------------------------------------------------------------------------------------------------
say "tools"
if ! command -v wrk >/dev/null; then
  ((EUID == 0)) || die "wrk is missing: apt-get install -y wrk"
  apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
fi
for tool in nginx chromium node npm curl python3 gzip; do
  command -v "$tool" >/dev/null || [[ -x /usr/sbin/$tool ]] ||
    die "$tool is missing (apt-get install -y nginx chromium; Node 20+ from nodejs.org or the distribution)"
done
# A leftover process on one of our ports would be measured instead of ours.
for port in $(seq 18480 18499); do
  if (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    die "port $port is in use: stop what listens there (ss -ltnp 'sport = :$port')"
  fi
done
lighthouse=$cache/node_modules/.bin/lighthouse
if [[ ! -x $lighthouse ]]; then
  # Lighthouse 13 needs Node 22; outside the repository so web/package.json stays the app's.
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-audit --no-fund --loglevel=error lighthouse@12 >/dev/null
fi

say "build: release binaries, bench tools, web app"
cargo build --release --locked --workspace --bins
cargo build --release --locked -p catalog-svc --example gen-catalog
cargo build --release --locked -p gateway --example grpc-hop
[[ -d web/node_modules ]] || (cd web && npm ci --no-audit --no-fund)
# --manifest: web/dist/.vite/manifest.json tells which files each route loads first.
(cd web && npm run build -- --manifest) >"$work/logs/web-build.log" 2>&1 ||
  die "the web build failed: $(tail -20 "$work/logs/web-build.log")"
bin=$root/target/release

say "search inside catalog-svc (cargo bench -p catalog-svc --bench search)"
cargo bench --locked -p catalog-svc --bench search 2>"$work/logs/search-bench.log" | grep -E '^(\||###|$)' | tee "$res/search.md"

say "catalogs: ${sizes[*]} listings"
# A real photograph for the generated listings' photos (see gen-catalog): the webp crate ships one,
# and its source is in cargo's registry once the product has been built.
photo=$(find "${CARGO_HOME:-$HOME/.cargo}/registry/src" -path '*/webp-0.3.*/assets/lake.jpg' 2>/dev/null | head -n 1 || true)
photo_args=()
if [[ -n $photo ]]; then
  photo_args=(--photo "$photo")
else
  echo "bench: no real photograph found (webp's lake.jpg): the generated listings reuse the demo photos" >&2
fi
for n in "${sizes[@]}"; do
  "$bin/examples/gen-catalog" "$work/data-$n" "$n" "$work/ids-$n.txt" "${photo_args[@]}"
done
main=${sizes[0]}

# ---------------------------------------------------------------------------------------------------
# The all-in-one run (as `make run`), on loopback ports of our own, trusting nginx's client address;
# without the link-preview pictures' backfill (catalog-svc's og.rs), which on a generated catalog would
# make 10,000 to 100,000 pictures beside what is measured.
start_all_in_one() { # DATA_DIR LOG
  env DATA_DIR="$1" WEB_DIST="$root/web/dist" TRUST_PROXY=true RUST_LOG=warn RENDERER_LISTEN=127.0.0.1:$p_renderer \
    GATEWAY_LISTEN=127.0.0.1:$p_gateway \
    ACCOUNTS_LISTEN=127.0.0.1:$p_accounts CATALOG_LISTEN=127.0.0.1:$p_catalog \
    BOOKING_LISTEN=127.0.0.1:$p_booking MESSAGING_LISTEN=127.0.0.1:$p_messaging \
    ACCOUNTS_ADDR=127.0.0.1:$p_accounts CATALOG_ADDR=127.0.0.1:$p_catalog \
    BOOKING_ADDR=127.0.0.1:$p_booking MESSAGING_ADDR=127.0.0.1:$p_messaging \
    PUBLIC_BASE_URL=http://127.0.0.1:$p_nginx \
    LINK_PREVIEWS=false \
    "$bin/mtaani" >"$2" 2>&1 &
  aio=$!
  pids+=("$aio")
}

gw=http://127.0.0.1:$p_gateway
front=http://127.0.0.1:$p_nginx

say "all-in-one on $main listings: start-up and idle memory"
t0=$(now_ms)
start_all_in_one "$work/data-$main" "$work/logs/all-in-one-$main.log"
ms=$(wait_healthy "$gw" "$t0")
record "aio-$main" startup_ms "$ms"
# Idle a minute, not a few seconds: what runs in the background while nobody asks (the search index's
# refresher, the sweepers) can hold more memory a minute after start than a few seconds after it.
sleep "$idle_wait"
record "aio-$main" idle_rss_kb "$(rss_kb "$aio")"
"$here/open-weeks.sh" "$gw" || die "cannot open the demo providers' weeks"
python3 "$here/open-team.py" "$gw" "$work/team-$main.txt" || die "cannot open the demo salon team's weeks"

# nginx in front (deploy/nginx as deployed). Its web root is a copy of web/dist with the ceiling's
# files under /ceiling/: the same nginx, config and headers serve the API's exact bytes statically.
say "nginx in front, and the ceiling's static copies of the answers"
webroot=$work/webroot
cp -r web/dist "$webroot"
mkdir -p "$webroot/ceiling/service" "$webroot/ceiling/search"
curl -fsS "$gw/api/services?limit=48" -o "$webroot/ceiling/services.json"
curl -fsS "$gw/api/services/beauty" -o "$webroot/ceiling/beauty.json"
head -n 500 "$work/ids-$main.txt" >"$work/ids-ceiling.txt"
while read -r id; do
  curl -fsS "$gw/api/service/$id" -o "$webroot/ceiling/service/$id.json"
done <"$work/ids-ceiling.txt"
n=0
while read -r q; do
  n=$((n + 1))
  curl -fsS -G "$gw/api/services/search" --data-urlencode "query=$q" -o "$webroot/ceiling/search/$n.json"
done <"$here/queries.txt"
nginx_pid=$(deploy/local/nginx-e2e.sh "$gw" "$webroot" "$p_nginx" "$work/nginx" "http://127.0.0.1:$p_renderer")
pids+=("$nginx_pid")
curl -fsS "$front/api/services?limit=1" -o /dev/null || die "nginx does not reach the gateway"
curl -fsS -D - -o /dev/null "$front/all-services" | grep -qi '^x-rendered: \(rendered\|cached\)' ||
  die "nginx does not reach the page renderer"

say "API load on $main listings: $duration each, $connections connections, $threads wrk threads"
ids=$work/ids-$main.txt
team=$work/team-$main.txt
queries=$here/queries.txt
# Warm-up (not recorded), 3 s of each read: connections, SQLite's page cache, nginx's upstream
# keep-alive, and the caches (the figures are the steady state; the 100,000-listing runs below, whose
# listings do not all fit in the caches, show reads that miss them).
warm() {
  local url=$1 script=$2
  shift 2
  wrk -t"$threads" -c"$connections" -d3s --timeout 5s -s "$here/wrk/$script" "$url" -- "$@" >/dev/null
}
warm "$gw/api/services?limit=48" get.lua
warm "$gw/api/services/beauty" get.lua
warm "$gw" detail.lua "$ids" /api/service/
warm "$gw" search.lua "$queries" api
warm "$gw" availability.lua "$ids"
warm "$gw" availability.lua "$team"
wrk -t"$threads" -c"$connections" -d3s "$front/api/services?limit=48" >/dev/null
start_sampler "$work/rss-aio-$main.txt" "$aio"
for via in gateway nginx ceiling; do
  case $via in
    gateway) base=$gw ;;
    *) base=$front ;;
  esac
  if [[ $via == ceiling ]]; then
    load "$main-$via-list" "$base/ceiling/services.json" get.lua
    load "$main-$via-category" "$base/ceiling/beauty.json" get.lua
    load "$main-$via-detail" "$base" detail.lua "$work/ids-ceiling.txt" /ceiling/service/ .json
    load "$main-$via-search" "$base" search.lua "$queries" ceiling
  else
    load "$main-$via-list" "$base/api/services?limit=48" get.lua
    load "$main-$via-category" "$base/api/services/beauty" get.lua
    load "$main-$via-detail" "$base" detail.lua "$ids" /api/service/
    load "$main-$via-search" "$base" search.lua "$queries" api
    load "$main-$via-availability" "$base" availability.lua "$ids"
    # A day with members: the demo salon's three stylists.
    load "$main-$via-availability-team" "$base" availability.lua "$team"
  fi
done
# The writes after every read: each booking leaves e-mails and SMS for the workers to send, which
# would share the 2 cores with a read measured after it.
for via in gateway nginx; do
  case $via in
    gateway) base=$gw ;;
    *) base=$front ;;
  esac
  load "$main-$via-book" "$base" book.lua "$ids"
  load "$main-$via-book-team" "$base" book.lua "$team"
done
stop_sampler
record "aio-$main" load_rss_kb "$(max_rss_kb "$work/rss-aio-$main.txt" "$aio")"

say "pages rendered by the server, through nginx: $duration each, $connections connections"
renderer=$(pgrep -f -n renderer.mjs -P "$aio") || die "the all-in-one run started no page renderer"
wrk -t"$threads" -c"$connections" -d3s "$front/" >/dev/null
start_sampler "$work/rss-renderer-$main.txt" "$renderer"
load "$main-nginx-page-home" "$front/" get.lua
load "$main-nginx-page-all-services" "$front/all-services" get.lua
load "$main-nginx-page-service" "$front" detail.lua "$ids" /service/
load "$main-nginx-page-index" "$front/index.html" get.lua
stop_sampler
record "renderer-$main" load_rss_kb "$(max_rss_kb "$work/rss-renderer-$main.txt" "$renderer")"

say "pages: Lighthouse 12, mobile, $lighthouse_runs runs each, through nginx"
service_id=$(head -n 1 "$ids")
# A provider with a page (the synthetic listings' sellers have no account): the first of the list's.
provider_path=
for seller in $(curl -fsS "$front/api/services?limit=50" |
  python3 -c 'import json, sys; print("\n".join(dict.fromkeys(l["sellerId"] for l in json.load(sys.stdin))))'); do
  if curl -fsS -o /dev/null "$front/api/providers/$seller"; then provider_path=/provider/$seller; break; fi
done
[[ -n $provider_path ]] || die "no provider page to measure among the first 50 listings"
# The pages in Kiswahili too: the language's cookie, as the switch sets it.
sw_cookie='{"Cookie": "mtaani_lang=sw"}'
[[ $(curl -fsS -H "Cookie: mtaani_lang=sw" "$front/") == *'<html lang="sw-KE"'* ]] ||
  die "the home page does not come in Kiswahili with the language's cookie"
for route in home:/ all-services:/all-services place:/services/location/Kasarani service:/service/$service_id signin:/signin \
  provider:$provider_path favourites:/favourites home-sw:/ all-services-sw:/all-services \
  service-sw:/service/$service_id; do
  name=${route%%:*}
  headers=()
  [[ $name == *-sw ]] && headers=(--extra-headers="$sw_cookie")
  for i in $(seq 1 "$lighthouse_runs"); do
    # Lighthouse now and then fails to record a trace (NO_NAVSTART): up to three tries.
    for try in 1 2 3; do
      if CHROME_PATH=$(command -v chromium) "$lighthouse" "$front${route#*:}" --quiet --output=json \
        --output-path="$res/lighthouse/$name-$i.json" --port="$p_chrome" "${headers[@]}" \
        --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking" \
        >>"$work/logs/lighthouse.log" 2>&1; then
        break
      fi
      ((try < 3)) || die "Lighthouse failed on $name: $(tail -20 "$work/logs/lighthouse.log")"
      echo "  $name #$i: Lighthouse failed, trying again"
    done
    python3 "$here/report.py" show-lighthouse "$name #$i" "$res/lighthouse/$name-$i.json"
  done
done

say "the data saver: / and /all-services with it off and on (Save-Data), Lighthouse, through nginx"
DATA_SAVER_STATES=on LIGHTHOUSE=$lighthouse "$here/data-saver.sh" "$front" "$res" "$lighthouse_runs" "$p_chrome"

say "gRPC hop: gateway → catalog-svc inside the all-in-one process"
GRPC_HOP_ADDR=127.0.0.1:$p_catalog GRPC_HOP_IDS=$ids GRPC_HOP_QUERIES=$queries "$bin/examples/grpc-hop" |
  tee "$res/hop-all-in-one.jsonl"
record "aio-$main" after_load_rss_kb "$(rss_kb "$aio")"
stop "$nginx_pid"
stop "$aio"

# ---------------------------------------------------------------------------------------------------
for n in "${sizes[@]:1}"; do
  say "all-in-one on $n listings: start-up, memory, API through the gateway"
  t0=$(now_ms)
  start_all_in_one "$work/data-$n" "$work/logs/all-in-one-$n.log"
  ms=$(wait_healthy "$gw" "$t0")
  record "aio-$n" startup_ms "$ms"
  sleep "$idle_wait"
  record "aio-$n" idle_rss_kb "$(rss_kb "$aio")"
  wrk -t"$threads" -c"$connections" -d3s "$gw/api/services?limit=48" >/dev/null
  start_sampler "$work/rss-aio-$n.txt" "$aio"
  load "$n-gateway-list" "$gw/api/services?limit=48" get.lua
  load "$n-gateway-category" "$gw/api/services/beauty" get.lua
  load "$n-gateway-detail" "$gw" detail.lua "$work/ids-$n.txt" /api/service/
  load "$n-gateway-search" "$gw" search.lua "$queries" api
  stop_sampler
  record "aio-$n" load_rss_kb "$(max_rss_kb "$work/rss-aio-$n.txt" "$aio")"
  stop "$aio"
done

# ---------------------------------------------------------------------------------------------------
say "separate processes on $main listings (as deploy/local/e2e.sh and Kubernetes run them)"
declare -A split
export DATA_DIR=$work/data-$main RUST_LOG=warn
export ACCOUNTS_LISTEN=127.0.0.1:$p_split_accounts CATALOG_LISTEN=127.0.0.1:$p_split_catalog
export BOOKING_LISTEN=127.0.0.1:$p_split_booking MESSAGING_LISTEN=127.0.0.1:$p_split_messaging
export ACCOUNTS_ADDR=$ACCOUNTS_LISTEN CATALOG_ADDR=$CATALOG_LISTEN BOOKING_ADDR=$BOOKING_LISTEN MESSAGING_ADDR=$MESSAGING_LISTEN
t0=$(now_ms)
for svc in accounts-svc catalog-svc booking-svc messaging-svc; do
  "$bin/$svc" >"$work/logs/$svc.log" 2>&1 &
  split[$svc]=$!
  pids+=("$!")
done
GATEWAY_LISTEN=127.0.0.1:$p_split_gateway WEB_DIST=$root/web/dist TRUST_PROXY=true "$bin/gateway" \
  >"$work/logs/gateway.log" 2>&1 &
split[gateway]=$!
pids+=("$!")
ms=$(wait_healthy "http://127.0.0.1:$p_split_gateway" "$t0")
record split startup_ms "$ms"
sleep 5
for p in "${!split[@]}"; do
  kill -0 "${split[$p]}" 2>/dev/null || die "$p stopped: $(tail -5 "$work/logs/$p.log")"
done
for p in "${!split[@]}"; do
  record "split-$p" idle_rss_kb "$(rss_kb "${split[$p]}")"
done
start_sampler "$work/rss-split.txt" "${split[@]}"
load "$main-split-mix" "http://127.0.0.1:$p_split_gateway" mix.lua "$ids" "$queries"
stop_sampler
for p in "${!split[@]}"; do
  record "split-$p" load_rss_kb "$(max_rss_kb "$work/rss-split.txt" "${split[$p]}")"
done

say "gRPC hop: gateway → catalog-svc as a process of its own"
GRPC_HOP_ADDR=$CATALOG_LISTEN GRPC_HOP_IDS=$ids GRPC_HOP_QUERIES=$queries "$bin/examples/grpc-hop" |
  tee "$res/hop-split.jsonl"
for p in "${!split[@]}"; do
  stop "${split[$p]}"
done

# ---------------------------------------------------------------------------------------------------
say "the production shape: separate processes on PostgreSQL and Redis behind the deploy nginx"
deploy/local/bench/prod.sh "$bin" "$res" "$photo"

# ---------------------------------------------------------------------------------------------------
say "report → $out"
cut -d' ' -f1-3 /proc/loadavg >"$res/loadavg-end"
date -u '+%Y-%m-%d %H:%M UTC' >"$res/finished-at"
python3 "$here/report.py" write --results "$res" --dist web/dist --media "$work/data-$main/media" \
  --sizes "${sizes[*]}" --duration "$duration" --connections "$connections" --threads "$threads" \
  --lighthouse-runs "$lighthouse_runs" --out "$out"
python3 "$here/prod_report.py" write --results "$res/prod" --out "$out" --connections "$connections" \
  --duration "$duration"
say "done"
