#!/usr/bin/env bash
# Starts an S3 API server on loopback for the photo-bucket test (moto's server from PyPI, installed
# once into a cached virtualenv) and prints `PID ENDPOINT`. Usage: deploy/local/s3-test-server.sh PORT
set -euo pipefail
port=${1:-19000}
venv=${XDG_CACHE_HOME:-$HOME/.cache}/mtaani-s3-test-venv
if [[ ! -x $venv/bin/moto_server ]]; then
  echo "s3-test-server: installing moto[server] into $venv" >&2
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'moto[server]==5.*' >&2
fi
log=$(mktemp /tmp/mtaani-s3.XXXXXX.log)
"$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
  if curl -fs -o /dev/null "http://127.0.0.1:$port/"; then
    echo "$pid http://127.0.0.1:$port"
    exit 0
  fi
  sleep 0.1
done
echo "s3-test-server: moto did not start; its log:" >&2
cat "$log" >&2
kill "$pid" 2>/dev/null || true
exit 1
