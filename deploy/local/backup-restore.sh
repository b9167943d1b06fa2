#!/usr/bin/env bash
# Backup and restore, proved (run by `make test`): the services as separate processes on a
# PostgreSQL cluster of their own write one of every kind of record through the API; each service's
# schema is dumped with pg_dump (as deploy/README.md "Backups" tells ops to) and the photos copied;
# everything is restored into an EMPTY database and photo folder; the services start on the restored
# copy, and every record is found through the API (deploy/local/backup/driver.py).
# Usage: deploy/local/backup-restore.sh [target/debug]     (KEEP_WORK=1 keeps the dumps, data and logs)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(cd "${1:-target/debug}" && pwd)
for b in accounts-svc catalog-svc booking-svc messaging-svc gateway; do
  [[ -x "$bin/$b" ]] || { echo "backup: $bin/$b is missing (cargo build --workspace --bins)" >&2; exit 2; }
done
source deploy/local/ports.sh

fail() {
  echo "backup: FAILED: $*" >&2
  exit 1
}

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[[ -x "$pgbin/initdb" && -x "$pgbin/pg_dump" && -x "$pgbin/pg_restore" ]] ||
  fail "no PostgreSQL server and client binaries under /usr/lib/postgresql"
as_pg=()
if [[ $(id -u) == 0 ]]; then as_pg=(runuser -u postgres --); fi

work=$(mktemp -d /tmp/mtaani-backup.XXXXXX)
chmod 755 "$work"
mkdir -p "$work/pg" "$work/logs" "$work/backup"
if [[ ${#as_pg[@]} -gt 0 ]]; then chown postgres "$work/pg"; fi
pids=()
stop_all() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
cleanup() {
  stop_all
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg/data" -m fast -w -t 30 stop >/dev/null 2>&1 || true
  if [[ -n ${KEEP_WORK:-} ]]; then echo "backup: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

read -r pg_port gw_port a_port c_port b_port m_port < <(free_ports 6)
"${as_pg[@]}" "$pgbin/initdb" -D "$work/pg/data" -A trust -U postgres --no-sync >"$work/pg/initdb.log" 2>&1 ||
  fail "initdb: $(cat "$work/pg/initdb.log")"
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg/data" -l "$work/pg/postgres.log" -w -t 60 start \
  -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $work/pg" >/dev/null ||
  fail "PostgreSQL did not start: $(tail "$work/pg/postgres.log")"
psql_at() { psql -X -q -At -h 127.0.0.1 -p "$pg_port" -U postgres "$@"; }
psql_at -d postgres -c "CREATE DATABASE mtaani" -c "CREATE DATABASE restored"

export RUST_LOG=warn JWT_SECRET=backup-test-secret-backup-test-secret-0
export ACCOUNTS_LISTEN=127.0.0.1:$a_port CATALOG_LISTEN=127.0.0.1:$c_port BOOKING_LISTEN=127.0.0.1:$b_port \
  MESSAGING_LISTEN=127.0.0.1:$m_port
export ACCOUNTS_ADDR=$ACCOUNTS_LISTEN CATALOG_ADDR=$CATALOG_LISTEN BOOKING_ADDR=$BOOKING_LISTEN \
  MESSAGING_ADDR=$MESSAGING_LISTEN
base=http://127.0.0.1:$gw_port

# start DATABASE DATA_DIR: the four services and the gateway as separate processes, as Kubernetes runs them.
start() {
  export DATABASE_URL=postgres://postgres@127.0.0.1:$pg_port/$1 DATA_DIR=$2
  for svc in accounts-svc catalog-svc booking-svc messaging-svc; do
    "$bin/$svc" >>"$work/logs/$svc.log" 2>&1 &
    pids+=("$!")
  done
  GATEWAY_LISTEN=127.0.0.1:$gw_port "$bin/gateway" >>"$work/logs/gateway.log" 2>&1 &
  local gateway=$!
  pids+=("$gateway")
  for _ in $(seq 1 300); do
    curl -fsS "$base/api/health" 2>/dev/null | grep -q '"status":"ok"' && break
    sleep 0.2
  done
  curl -fsS "$base/api/health" 2>/dev/null | grep -q '"status":"ok"' ||
    { tail -n 20 "$work"/logs/*.log >&2; fail "the product did not become healthy on $1"; }
  expect_ours backup "$gateway" "$gw_port" || fail "the gateway's port is not ours"
}

echo "backup: writing records through the API (database mtaani, photos in $work/live)"
start mtaani "$work/live"
python3 deploy/local/backup/driver.py load "$base" "$work/manifest.json" || fail "loading the records"
# Writes that were acknowledged are committed; the services are stopped so the copy of the photo
# folder is taken at rest (with a bucket, ops copy it with the provider's tools; deploy/README.md).
stop_all

echo "backup: pg_dump of each service's schema, and the photos"
for schema in accounts catalog booking messaging; do
  "$pgbin/pg_dump" -h 127.0.0.1 -p "$pg_port" -U postgres -d mtaani --schema="$schema" --format=custom \
    --no-owner --file="$work/backup/$schema.dump" || fail "pg_dump of $schema"
  echo "  $schema: $(du -h "$work/backup/$schema.dump" | cut -f1)"
done
tar -C "$work/live" -czf "$work/backup/media.tar.gz" media || fail "archiving the photos"
echo "  photos: $(tar -tzf "$work/backup/media.tar.gz" | grep -c '\.webp$') files"

echo "backup: restoring into the empty database 'restored' and an empty photo folder"
[[ $(psql_at -d restored -c "SELECT count(*) FROM pg_namespace WHERE nspname IN ('accounts', 'catalog', 'booking', 'messaging')") == 0 ]] ||
  fail "the database to restore into is not empty"
for schema in accounts catalog booking messaging; do
  "$pgbin/pg_restore" -h 127.0.0.1 -p "$pg_port" -U postgres -d restored --no-owner --exit-on-error \
    "$work/backup/$schema.dump" || fail "pg_restore of $schema"
done
mkdir -p "$work/restored"
tar -C "$work/restored" -xzf "$work/backup/media.tar.gz"
# Nothing must come from the original: it is dropped before the services start on the copy.
psql_at -d postgres -c "DROP DATABASE mtaani"
rm -rf "$work/live"

echo "backup: the services on the restored copy"
start restored "$work/restored"
python3 deploy/local/backup/driver.py verify "$base" "$work/manifest.json" || {
  tail -n 20 "$work"/logs/*.log >&2
  fail "a record was not found after the restore"
}
echo "backup: passed"
