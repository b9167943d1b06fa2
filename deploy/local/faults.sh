#!/usr/bin/env bash
# Fault tests: the services and the gateway as separate processes against a PostgreSQL
# cluster of our own (127.0.0.1:25432, so the machine's shared one is never disturbed). Under a load
# of registrations, postings, bookings and contact messages, a random service is SIGKILLed and
# restarted over and over and PostgreSQL restarts in the middle; afterwards every acknowledged write
# must be in the database exactly once and whole. Then SIGTERM with requests in flight, and rolling
# restarts. The work is in deploy/local/faults/driver.py (Python 3 standard library only).
# Usage: deploy/local/faults.sh <target-dir> [--long]   (--long: 5 minutes of load, for make bench)
# FAULTS_SEED=<hex> repeats a run's fault schedule; FAULTS_KEEP=1 keeps the logs and data;
# FAULTS_LOAD="--duration 20 --kills 8" changes the load (see driver.py --help).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(cd "${1:?usage: deploy/local/faults.sh <target-dir> [--long]}" && pwd)
for b in accounts-svc catalog-svc booking-svc messaging-svc gateway; do
  [[ -x "$bin/$b" ]] || { echo "faults: $bin/$b is missing (cargo build --workspace --bins)" >&2; exit 2; }
done
if [[ "${2:-}" == "--long" ]]; then
  load=(--duration 300 --kills 120 --pg-restarts 3 --clients 6)
  limit=900
else
  load=(--duration 60 --kills 24 --pg-restarts 1 --clients 4)
  limit=240
fi
if [[ -n "${FAULTS_LOAD:-}" ]]; then read -r -a load <<<"$FAULTS_LOAD"; fi

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[[ -x "$pgbin/initdb" ]] || { echo "faults: no PostgreSQL server binaries under /usr/lib/postgresql" >&2; exit 2; }
# initdb and postgres refuse to run as root: then they run as the postgres user.
as_pg=()
if [[ $(id -u) == 0 ]]; then as_pg=(runuser -u postgres --); fi

work=$(mktemp -d /tmp/mtaani-faults.XXXXXX)
chmod 755 "$work"
pgdata="$work/pg/data"
mkdir -p "$work/pg"
if [[ ${#as_pg[@]} -gt 0 ]]; then chown postgres "$work/pg"; fi
driver_pid=

cleanup() {
  if [[ -n "$driver_pid" ]]; then kill -TERM "$driver_pid" 2>/dev/null || true; fi
  for f in "$work"/pids/*.pid; do
    [[ -f "$f" ]] && kill -KILL "$(cat "$f")" 2>/dev/null || true
  done
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$pgdata" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
  if [[ -n "${FAULTS_KEEP:-}" ]]; then echo "faults: logs kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if (exec 3<>/dev/tcp/127.0.0.1/25432) 2>/dev/null; then
  echo "faults: port 25432 is in use: stop whatever holds it" >&2
  exit 2
fi
"${as_pg[@]}" "$pgbin/initdb" -D "$pgdata" -A trust -U postgres --no-sync >"$work/pg/initdb.log" 2>&1 \
  || { cat "$work/pg/initdb.log" >&2; exit 1; }
# Below the kernel's ephemeral range (32768-60999), so no client connection can hold the port as its
# own end; started again a few times all the same if something else had it for a moment.
for try in 1 2 3; do
  if "${as_pg[@]}" "$pgbin/pg_ctl" -D "$pgdata" -l "$work/pg/postgres.log" -w -t 60 start \
    -o "-p 25432 -c listen_addresses=127.0.0.1 -k $work/pg -c max_connections=200" >/dev/null; then
    break
  fi
  if [[ $try == 3 ]]; then cat "$work/pg/postgres.log" >&2; exit 1; fi
  sleep 2
done

# The driver restarts PostgreSQL with this (the mode, immediate or fast, is appended); pg_ctl reuses
# the options the server was started with.
printf '#!/bin/sh\nexec %s "%s/pg_ctl" -D "%s" -l "%s" -w -t 60 restart -m "$1"\n' \
  "${as_pg[*]}" "$pgbin" "$pgdata" "$work/pg/postgres.log" \
  >"$work/pg-restart"
chmod +x "$work/pg-restart"

status=0
timeout --kill-after=10 "$limit" python3 deploy/local/faults/driver.py --bin "$bin" --work "$work" --web "$PWD/web" \
  --pg-restart "$work/pg-restart" "${load[@]}" > >(tee "$work/driver.out") 2>&1 &
driver_pid=$!
wait "$driver_pid" || status=$?
driver_pid=
if [[ $status != 0 ]]; then
  if [[ $status == 124 ]]; then echo "faults: timed out after $limit s" >&2; fi
  echo "faults: the last lines of each log:" >&2
  for f in "$work"/logs/*.log; do
    echo "--- $f" >&2
    grep -v 'sending it again' "$f" | tail -n 15 >&2 || true
  done
  # The driver's summary once more, last, where a CI log's tail shows it (tee may still be writing).
  sleep 0.5
  echo "faults: the driver's summary:" >&2
  grep '^faults:' "$work/driver.out" | tail -n 30 >&2 || true
fi
exit "$status"
