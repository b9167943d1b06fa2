#!/usr/bin/env bash
# Browser tests against the product started as `make run` starts it (one process), then the outage
# test against the services started as separate processes, as Kubernetes runs them.
# Usage: deploy/local/e2e.sh [target/debug|target/release]
# E2E_ONLY=<pattern>: only the all-in-one run's tests whose titles match (Playwright's --grep), for
# working on one test; `make test` leaves it unset.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(cd "${1:-target/debug}" && pwd)
work=$(mktemp -d /tmp/mtaani-e2e.XXXXXX)
pids=()

cleanup() {
  for pid in "${pids[@]}" $(cat "$work/catalog.pid" 2>/dev/null || true); do
    kill -TERM "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

wait_healthy() { # url
  for _ in $(seq 1 300); do
    if curl -fsS "$1/api/health" 2>/dev/null | grep -q '"status":"ok"'; then return 0; fi
    sleep 0.2
  done
  echo "e2e: the product did not become healthy at $1" >&2
  return 1
}

# Loopback ports chosen free at start (deploy/local/ports.sh), so nothing else already listening — a
# `make run`, another test run — is tested instead; each one is then checked to be held by the
# process this script started.
source deploy/local/ports.sh
read -r one_port nginx_port split_port a_port c_port b_port m_port r_port < <(free_ports 8)
export ACCOUNTS_LISTEN=127.0.0.1:$a_port CATALOG_LISTEN=127.0.0.1:$c_port BOOKING_LISTEN=127.0.0.1:$b_port \
  MESSAGING_LISTEN=127.0.0.1:$m_port
export ACCOUNTS_ADDR=$ACCOUNTS_LISTEN CATALOG_ADDR=$CATALOG_LISTEN BOOKING_ADDR=$BOOKING_LISTEN MESSAGING_ADDR=$MESSAGING_LISTEN
export WEB_DIST=web/dist RUST_LOG=${RUST_LOG:-warn}

echo "e2e: all-in-one run (as make run) on 127.0.0.1:$one_port"
# The booking worker's clock can be moved by the browser tests (a reminder the evening before) and it
# looks every 2 s; its e-mails and SMS are files under DATA_DIR/mail and DATA_DIR/sms, which the tests read.
echo 0 >"$work/clock"
# Its page renderer on a port nginx is told of.
DATA_DIR="$work/one" PORT=$one_port RENDERER_LISTEN=127.0.0.1:$r_port TRUST_PROXY=true MTAANI_TEST_CLOCK_FILE="$work/clock" BOOKING_WORKER_EVERY_SECS=2 \
  "$bin/mtaani" >"$work/one.log" 2>&1 &
one=$!
pids+=("$one")
wait_healthy "http://127.0.0.1:$one_port"
expect_ours e2e "$one" "$one_port" "$a_port" "$c_port" "$b_port" "$m_port"
renderer_pid=$(pgrep -f -n "renderer.mjs" -P "$one" || true)
[[ -n $renderer_pid ]] || { echo "e2e: the all-in-one run started no page renderer" >&2; cat "$work/one.log" >&2; exit 1; }
expect_ours e2e "$renderer_pid" "$r_port"
# Visitors reach the product through nginx (deploy/nginx, the web image's config): the browser tests
# run through the same config, so its caching, limits and Content-Security-Policy are tested too.
echo "e2e: through nginx (deploy/nginx, as in Kubernetes) on 127.0.0.1:$nginx_port"
nginx_pid=$(deploy/local/nginx-e2e.sh "http://127.0.0.1:$one_port" web/dist "$nginx_port" "$work/nginx" \
  "http://127.0.0.1:$r_port")
pids+=("$nginx_pid")
expect_ours e2e "$nginx_pid" "$nginx_port"
(cd web && E2E_BASE_URL=http://127.0.0.1:$nginx_port E2E_GATEWAY_URL=http://127.0.0.1:$one_port \
  E2E_MAIL_DIR="$work/one/mail" E2E_SMS_DIR="$work/one/sms" E2E_CLOCK_FILE="$work/clock" npx playwright test --grep-invert @split ${E2E_ONLY:+--grep "$E2E_ONLY"})
kill -TERM "$nginx_pid"
kill -TERM "$one"
wait "$one" || { echo "e2e: the all-in-one run did not stop cleanly" >&2; cat "$work/one.log" >&2; exit 1; }
[[ -z ${E2E_ONLY:-} ]] || exit 0

echo "e2e: services as separate processes, gateway on 127.0.0.1:$split_port"
export DATA_DIR="$work/split"
declare -A svc_port=([accounts]=$a_port [booking]=$b_port [messaging]=$m_port)
declare -A svc_pid=()
for svc in accounts booking messaging; do
  "$bin/$svc-svc" >"$work/$svc.log" 2>&1 &
  svc_pid[$svc]=$!
  pids+=("$!")
done
"$bin/catalog-svc" >"$work/catalog.log" 2>&1 &
catalog=$!
echo "$catalog" >"$work/catalog.pid"
GATEWAY_LISTEN=127.0.0.1:$split_port "$bin/gateway" >"$work/gateway.log" 2>&1 &
gateway=$!
pids+=("$gateway")
wait_healthy "http://127.0.0.1:$split_port"
expect_ours e2e "$gateway" "$split_port"
expect_ours e2e "$catalog" "$c_port"
for svc in accounts booking messaging; do
  expect_ours e2e "${svc_pid[$svc]}" "${svc_port[$svc]}"
done
(cd web && E2E_BASE_URL=http://127.0.0.1:$split_port CATALOG_PID_FILE="$work/catalog.pid" \
  CATALOG_BIN="$bin/catalog-svc" npx playwright test --grep @split)
