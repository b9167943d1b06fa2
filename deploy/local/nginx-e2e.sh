#!/usr/bin/env bash
# Starts Debian's nginx with the web image's configuration (deploy/nginx) in front of a running
# gateway, as Kubernetes runs it, and prints nginx's pid once it answers. Stop it with
# `kill -TERM PID`. Its configuration, pid, logs and temp files stay in DIR (nginx.log, error.log,
# access.log there tell what happened).
# Usage: deploy/local/nginx-e2e.sh GATEWAY_URL WEB_DIST PORT DIR [RENDERER_URL]
#   e.g. deploy/local/nginx-e2e.sh http://127.0.0.1:18090 web/dist 18091 "$work/nginx" http://127.0.0.1:18092
set -euo pipefail

if (($# != 4 && $# != 5)); then
  echo "usage: $0 GATEWAY_URL WEB_DIST PORT DIR [RENDERER_URL]" >&2
  exit 2
fi
gateway=${1#http://}
gateway=${gateway%/}
port=$3
dir=$4
nginx=$(command -v nginx || true)
[[ -n $nginx ]] || nginx=/usr/sbin/nginx
if [[ ! -x $nginx ]]; then
  echo "nginx-e2e: nginx is not installed (apt-get install -y nginx; .ci/run installs it)" >&2
  exit 1
fi

renderer=${5:-}
renderer=${renderer#http://}
renderer=${renderer%/}
conf=$("$(dirname "$0")/../nginx/local.sh" "$dir" "127.0.0.1:$port" "$gateway" "$2" ${renderer:+"$renderer"})
"$nginx" -t -q -c "$conf" -e "$dir/error.log"
# Its own output goes to a file: whoever reads this script's output waits only for the pid.
"$nginx" -c "$conf" -e "$dir/error.log" >"$dir/nginx.log" 2>&1 </dev/null &
pid=$!

for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null; then
    echo "$pid"
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 0.1
done
echo "nginx-e2e: nginx did not answer on 127.0.0.1:$port" >&2
cat "$dir/nginx.log" "$dir/error.log" >&2 2>/dev/null || true
kill -TERM "$pid" 2>/dev/null || true
exit 1
