#!/usr/bin/env bash
# TLS to every managed part: a PostgreSQL, a Redis and an SMTP receiver that speak only TLS,
# on loopback, with a certificate authority generated for this run. Checks that
#   - a wrong host name, an unknown CA or a bad setting stops each binary at start-up with a clear
#     message (PostgreSQL verify-full, Redis rediss://, SMTP smtps:// and STARTTLS);
#   - verify-full, rediss:// and smtps:// connect, and the product works end to end over them: the
#     services and the gateway as separate processes register, sign in, post a listing, book and send
#     a contact message, whose e-mail reaches the receiver, and the rate-limit counters are in Redis.
# Usage: deploy/local/tls.sh <target-dir>     (KEEP_WORK=1 keeps the certificates, data and logs)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(cd "${1:?usage: deploy/local/tls.sh <target-dir>}" && pwd)
for b in accounts-svc catalog-svc booking-svc messaging-svc gateway; do
  [[ -x "$bin/$b" ]] || { echo "tls: $bin/$b is missing (cargo build --workspace --bins)" >&2; exit 2; }
done

fail() {
  echo "tls: FAILED: $*" >&2
  exit 1
}

# aiosmtpd (PyPI) in a cached virtualenv, like the other test servers.
venv=${XDG_CACHE_HOME:-$HOME/.cache}/mtaani/smtp-tls-venv
requirement=aiosmtpd==1.4.6
if [[ ! -x $venv/bin/python || "$(cat "$venv/.mtaani-requirements" 2>/dev/null)" != "$requirement" ]]; then
  echo "tls: installing $requirement into $venv"
  mkdir -p "$(dirname "$venv")"
  python3 -m venv --clear "$venv" || fail "python3 -m venv failed: install python3-venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$requirement" || fail "could not install $requirement"
  echo "$requirement" >"$venv/.mtaani-requirements"
fi

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[[ -x "$pgbin/initdb" ]] || fail "no PostgreSQL server binaries under /usr/lib/postgresql"
as_pg=()
if [[ $(id -u) == 0 ]]; then as_pg=(runuser -u postgres --); fi

work=$(mktemp -d /tmp/mtaani-tls.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
  if [[ -n ${KEEP_WORK:-} ]]; then echo "tls: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Ports free now, chosen by the kernel (deploy/local/ports.sh). PostgreSQL and Redis are known to be
# ours by answering over TLS with this run's certificate; the product's processes are checked below.
source deploy/local/ports.sh
read -r pg_port redis_port smtps_port starttls_port gw_port a_port c_port b_port m_port < <(free_ports 9)

# --- Certificates: a CA, a server certificate it signs for the name "localhost" only (so 127.0.0.1 is
# a wrong host name for verify-full), and a second CA nobody trusts.
certs=$work/certs
mkdir -p "$certs"
(
  cd "$certs"
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Mtaani test CA" \
    -keyout ca.key -out ca.pem 2>/dev/null
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Somebody else's CA" \
    -keyout rogue-ca.key -out rogue-ca.pem 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout server.key -out server.csr 2>/dev/null
  printf 'subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n' >server.ext
  openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
    -extfile server.ext -out server.pem 2>/dev/null
  chmod 644 ./*.pem ./*.key
)
[[ -s $certs/server.pem ]] || fail "openssl did not make the certificates"

# --- PostgreSQL that accepts TLS connections only.
mkdir -p "$work/pg"
if [[ ${#as_pg[@]} -gt 0 ]]; then chown postgres "$work/pg"; fi
"${as_pg[@]}" "$pgbin/initdb" -D "$work/pg/data" -A trust -U postgres --no-sync >"$work/pg/initdb.log" 2>&1 \
  || { cat "$work/pg/initdb.log" >&2; fail "initdb"; }
cp "$certs/server.pem" "$certs/server.key" "$work/pg/data/"
if [[ ${#as_pg[@]} -gt 0 ]]; then chown postgres "$work/pg/data/server.pem" "$work/pg/data/server.key"; fi
chmod 600 "$work/pg/data/server.key"
cat >>"$work/pg/data/postgresql.conf" <<EOF
ssl = on
ssl_cert_file = 'server.pem'
ssl_key_file = 'server.key'
EOF
printf 'local all all trust\nhostssl all all 127.0.0.1/32 trust\nhostssl all all ::1/128 trust\n' \
  >"$work/pg/data/pg_hba.conf"
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg/data" -l "$work/pg/postgres.log" -w -t 60 start \
  -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $work/pg" >/dev/null \
  || { cat "$work/pg/postgres.log" >&2; fail "PostgreSQL did not start"; }
psql "postgres://postgres@localhost:$pg_port/postgres?sslmode=verify-full&sslrootcert=$certs/ca.pem" -Atc \
  "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()" | grep -qx t || fail "psql did not connect over TLS"
if psql "postgres://postgres@127.0.0.1:$pg_port/postgres?sslmode=disable" -Atc 'SELECT 1' >/dev/null 2>&1; then
  fail "PostgreSQL accepted a connection without TLS"
fi

# --- Redis that speaks TLS only.
redis-server --port 0 --tls-port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no \
  --tls-cert-file "$certs/server.pem" --tls-key-file "$certs/server.key" --tls-ca-cert-file "$certs/ca.pem" \
  --tls-auth-clients no --dir "$work" >"$work/redis.log" 2>&1 &
pids+=("$!")
rcli=(redis-cli -h localhost -p "$redis_port" --tls --cacert "$certs/ca.pem")
for _ in $(seq 1 50); do
  [[ $("${rcli[@]}" ping 2>/dev/null) == PONG ]] && break
  sleep 0.1
done
[[ $("${rcli[@]}" ping 2>/dev/null) == PONG ]] || { cat "$work/redis.log" >&2; fail "Redis with TLS did not start"; }

# --- SMTP receiver: implicit TLS and STARTTLS.
"$venv/bin/python" deploy/local/tls/smtp_server.py "$certs/server.pem" "$certs/server.key" \
  "$smtps_port" "$starttls_port" "$work/received" >"$work/smtp.log" 2>&1 &
pids+=("$!")
for _ in $(seq 1 100); do
  grep -q ready "$work/smtp.log" 2>/dev/null && break
  sleep 0.1
done
grep -q ready "$work/smtp.log" || { cat "$work/smtp.log" >&2; fail "the SMTP receiver did not start"; }

pg_url() { # host sslmode ca [extra]
  echo "postgres://postgres@$1:$pg_port/postgres?sslmode=$2&sslrootcert=$3${4:-}"
}

# expect_refusal NAME PATTERN COMMAND...: the command must stop by itself within 20 s, non-zero, and
# say PATTERN.
expect_refusal() {
  local name=$1 pattern=$2
  shift 2
  local log="$work/refusal-${name//[^A-Za-z0-9]/-}.log" status=0
  timeout 20 "$@" >"$log" 2>&1 || status=$?
  [[ $status != 0 ]] || { cat "$log" >&2; fail "$name: started and stopped cleanly although it should have been refused"; }
  [[ $status != 124 ]] || { cat "$log" >&2; fail "$name: still running after 20 s instead of stopping"; }
  grep -q -- "$pattern" "$log" || { cat "$log" >&2; fail "$name: stopped without saying '$pattern'"; }
  echo "tls: ok: $name is refused at start-up: $(grep -o -- "$pattern.*" "$log" | head -n 1 | cut -c1-160)"
}

export DATA_DIR="$work/data" RUST_LOG=${RUST_LOG:-warn} JWT_SECRET=tls-test-secret-tls-test-secret-tls-test
export ACCOUNTS_LISTEN=127.0.0.1:$a_port CATALOG_LISTEN=127.0.0.1:$c_port BOOKING_LISTEN=127.0.0.1:$b_port \
  MESSAGING_LISTEN=127.0.0.1:$m_port
export ACCOUNTS_ADDR=$ACCOUNTS_LISTEN CATALOG_ADDR=$CATALOG_LISTEN BOOKING_ADDR=$BOOKING_LISTEN \
  MESSAGING_ADDR=$MESSAGING_LISTEN

echo "tls: refusals"
expect_refusal "PostgreSQL, wrong host name" "over TLS" \
  env DATABASE_URL="$(pg_url 127.0.0.1 verify-full "$certs/ca.pem")" "$bin/accounts-svc"
expect_refusal "PostgreSQL, unknown CA" "over TLS" \
  env DATABASE_URL="$(pg_url localhost verify-full "$certs/rogue-ca.pem")" "$bin/accounts-svc"
expect_refusal "PostgreSQL, a misspelt sslmode" "sslmode=verify_full is not one of" \
  env DATABASE_URL="$(pg_url localhost verify_full "$certs/ca.pem")" "$bin/accounts-svc"
expect_refusal "PostgreSQL, a missing sslrootcert" "sslrootcert: cannot read" \
  env DATABASE_URL="$(pg_url localhost verify-full "$work/no-such-ca.pem")" "$bin/accounts-svc"
expect_refusal "Redis, wrong host name" "TLS connection to Redis was refused" \
  env REDIS_URL="rediss://127.0.0.1:$redis_port" REDIS_CA_FILE="$certs/ca.pem" GATEWAY_LISTEN=127.0.0.1:$gw_port \
  "$bin/gateway"
expect_refusal "Redis, unknown CA" "TLS connection to Redis was refused" \
  env REDIS_URL="rediss://localhost:$redis_port" REDIS_CA_FILE="$certs/rogue-ca.pem" \
  GATEWAY_LISTEN=127.0.0.1:$gw_port "$bin/gateway"
expect_refusal "SMTP smtps://, wrong host name" "TLS connection to the mail server was refused" \
  env SMTP_URL="smtps://127.0.0.1:$smtps_port" SMTP_CA_FILE="$certs/ca.pem" "$bin/messaging-svc"
expect_refusal "SMTP smtps://, unknown CA" "TLS connection to the mail server was refused" \
  env SMTP_URL="smtps://localhost:$smtps_port" SMTP_CA_FILE="$certs/rogue-ca.pem" "$bin/messaging-svc"
expect_refusal "SMTP STARTTLS, unknown CA" "TLS connection to the mail server was refused" \
  env SMTP_URL="smtp://localhost:$starttls_port?tls=starttls" SMTP_CA_FILE="$certs/rogue-ca.pem" "$bin/messaging-svc"

# verify-ca checks the CA but not the name: 127.0.0.1 is accepted.
echo "tls: sslmode=verify-ca to 127.0.0.1 and STARTTLS start"
DATABASE_URL="$(pg_url 127.0.0.1 verify-ca "$certs/ca.pem")" DATABASE_SCHEMA=verify_ca_check \
  SMTP_URL="smtp://localhost:$starttls_port?tls=starttls" SMTP_CA_FILE="$certs/ca.pem" \
  "$bin/messaging-svc" >"$work/starttls.log" 2>&1 &
probe=$!
for _ in $(seq 1 100); do
  (exec 3<>"/dev/tcp/127.0.0.1/$m_port") 2>/dev/null && break
  kill -0 "$probe" 2>/dev/null || { cat "$work/starttls.log" >&2; fail "messaging-svc with STARTTLS and verify-ca stopped"; }
  sleep 0.1
done
kill -TERM "$probe"
wait "$probe" || { cat "$work/starttls.log" >&2; fail "messaging-svc with STARTTLS and verify-ca did not stop cleanly"; }
echo "tls: ok: verify-ca and STARTTLS connect"

echo "tls: the product over TLS (verify-full, rediss://, smtps://)"
export DATABASE_URL
DATABASE_URL=$(pg_url localhost verify-full "$certs/ca.pem")
for svc in accounts catalog booking; do
  "$bin/$svc-svc" >"$work/$svc.log" 2>&1 &
  pids+=("$!")
done
SMTP_URL="smtps://localhost:$smtps_port" SMTP_CA_FILE="$certs/ca.pem" "$bin/messaging-svc" >"$work/messaging.log" 2>&1 &
pids+=("$!")
REDIS_URL="rediss://localhost:$redis_port" REDIS_CA_FILE="$certs/ca.pem" GATEWAY_LISTEN=127.0.0.1:$gw_port \
  "$bin/gateway" >"$work/gateway.log" 2>&1 &
gateway=$!
pids+=("$gateway")
base=http://127.0.0.1:$gw_port
for _ in $(seq 1 300); do
  curl -fsS "$base/api/health" 2>/dev/null | grep -q '"status":"ok"' && break
  kill -0 "$gateway" 2>/dev/null || break
  sleep 0.2
done
if ! curl -fsS "$base/api/health" 2>/dev/null | grep -q '"status":"ok"'; then
  tail -n 20 "$work"/*.log >&2
  fail "the product did not become healthy over TLS"
fi

expect_ours tls "$gateway" "$gw_port" || fail "the gateway's port is not ours"
status=0
python3 deploy/local/tls/check_product.py "$base" "$work/received" || status=$?
if [[ $status != 0 ]]; then
  tail -n 20 "$work"/*.log >&2
  fail "the product over TLS"
fi
keys=$("${rcli[@]}" --scan 2>/dev/null | wc -l)
[[ $keys -gt 0 ]] || fail "no rate-limit counter in Redis: the gateway did not use it over TLS"
echo "tls: ok: $keys rate-limit counters in Redis over TLS"
tables=$(psql "$(pg_url localhost verify-full "$certs/ca.pem")" -Atc \
  "SELECT count(*) FROM information_schema.tables WHERE table_schema IN ('accounts', 'catalog', 'booking', 'messaging')")
[[ $tables -ge 8 ]] || fail "the services' schemas are not in the TLS PostgreSQL ($tables tables)"
echo "tls: passed ($tables tables in the TLS PostgreSQL)"
