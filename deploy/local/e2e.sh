#!/usr/bin/env bash
# Browser tests against the product started as `make run` starts it (one process), then the outage
# test against the services started as separate processes, as Kubernetes runs them.
# Usage: deploy/local/e2e.sh [target/debug|target/release]
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

# Loopback ports of our own, so a `make run` on the default ports does not collide.
export ACCOUNTS_LISTEN=127.0.0.1:18051 CATALOG_LISTEN=127.0.0.1:18052 BOOKING_LISTEN=127.0.0.1:18053 MESSAGING_LISTEN=127.0.0.1:18054
export ACCOUNTS_ADDR=$ACCOUNTS_LISTEN CATALOG_ADDR=$CATALOG_LISTEN BOOKING_ADDR=$BOOKING_LISTEN MESSAGING_ADDR=$MESSAGING_LISTEN
export WEB_DIST=web/dist RUST_LOG=${RUST_LOG:-warn}

echo "e2e: all-in-one run (as make run)"
DATA_DIR="$work/one" PORT=18080 TRUST_PROXY=true "$bin/mtaani" >"$work/one.log" 2>&1 &
one=$!
pids+=("$one")
wait_healthy http://127.0.0.1:18080
# Visitors reach the product through nginx (deploy/nginx, the web image's config): the browser tests
# run through the same config, so its caching, limits and Content-Security-Policy are tested too.
echo "e2e: through nginx (deploy/nginx, as in Kubernetes)"
nginx_pid=$(deploy/local/nginx-e2e.sh http://127.0.0.1:18080 web/dist 18081 "$work/nginx")
pids+=("$nginx_pid")
(cd web && E2E_BASE_URL=http://127.0.0.1:18081 E2E_GATEWAY_URL=http://127.0.0.1:18080 npx playwright test --grep-invert @split)
kill -TERM "$nginx_pid"
kill -TERM "$one"
wait "$one" || { echo "e2e: the all-in-one run did not stop cleanly" >&2; cat "$work/one.log" >&2; exit 1; }

echo "e2e: services as separate processes"
export DATA_DIR="$work/split"
for svc in accounts booking messaging; do
  "$bin/$svc-svc" >"$work/$svc.log" 2>&1 &
  pids+=("$!")
done
"$bin/catalog-svc" >"$work/catalog.log" 2>&1 &
echo $! >"$work/catalog.pid"
GATEWAY_LISTEN=127.0.0.1:18090 "$bin/gateway" >"$work/gateway.log" 2>&1 &
pids+=("$!")
wait_healthy http://127.0.0.1:18090
(cd web && E2E_BASE_URL=http://127.0.0.1:18090 CATALOG_PID_FILE="$work/catalog.pid" \
  CATALOG_BIN="$bin/catalog-svc" npx playwright test --grep @split)
