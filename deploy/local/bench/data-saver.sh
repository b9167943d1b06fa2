#!/usr/bin/env bash
# The data saver's part of `make bench` (web/src/lib/data-saver.ts): what a first visit of /
# and /all-services fetches with the data saver off and on (a browser that asks to save data sends
# `Save-Data: on`), measured by Lighthouse 12 in its mobile mode, the same runs as bench.sh's pages, each
# run's network records summed by kind (report.py's "Data saver"). Also runs on its own against any
# running instance, e.g. the product started with `make run`:
#
#   deploy/local/bench/data-saver.sh http://127.0.0.1:8080 /tmp/saver 3
#   python3 deploy/local/bench/report.py show-data-saver /tmp/saver
#
# Usage: data-saver.sh FRONT_URL RESULTS_DIR [RUNS (3)] [CHROME_PORT (18492)]
#   writes RESULTS_DIR/lighthouse/saver-{off,on}-{home,all-services}-N.json
# Environment: LIGHTHOUSE (the lighthouse binary; default the one bench.sh installs under
#   ~/.cache/mtaani-bench), CHROME_PATH (default: chromium on the PATH), DATA_SAVER_STATES (default
#   "off on"; bench.sh asks for "on" alone: its own runs of / and /all-services are the "off" ones).
set -euo pipefail
if (($# < 2 || $# > 4)); then
  echo "usage: $0 FRONT_URL RESULTS_DIR [RUNS] [CHROME_PORT]" >&2
  exit 2
fi
front=${1%/}
out=$2/lighthouse
runs=${3:-3}
port=${4:-18492}
lighthouse=${LIGHTHOUSE:-${XDG_CACHE_HOME:-$HOME/.cache}/mtaani-bench/node_modules/.bin/lighthouse}
here=$(cd "$(dirname "$0")" && pwd)
[[ -x $lighthouse ]] || {
  echo "data-saver: no Lighthouse at $lighthouse (npm install --prefix ~/.cache/mtaani-bench lighthouse@12)" >&2
  exit 1
}
mkdir -p "$out"
log=$out/data-saver.log

for route in home:/ all-services:/all-services; do
  name=${route%%:*}
  for state in ${DATA_SAVER_STATES:-off on}; do
    headers=()
    [[ $state == on ]] && headers=(--extra-headers='{"Save-Data":"on"}')
    for i in $(seq 1 "$runs"); do
      file=$out/saver-$state-$name-$i.json
      # Lighthouse now and then fails to record a trace (NO_NAVSTART): up to three tries.
      for try in 1 2 3; do
        if CHROME_PATH=${CHROME_PATH:-$(command -v chromium)} "$lighthouse" "$front${route#*:}" --quiet --output=json \
          --output-path="$file" --port="$port" "${headers[@]}" \
          --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking" \
          >>"$log" 2>&1; then
          break
        fi
        if ((try == 3)); then
          echo "data-saver: Lighthouse failed on $name ($state): $(tail -20 "$log")" >&2
          exit 1
        fi
      done
      python3 "$here/report.py" show-lighthouse "$name, saver $state #$i" "$file"
    done
  done
done
