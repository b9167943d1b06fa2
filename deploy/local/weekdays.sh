#!/usr/bin/env bash
# The booking paths of `make test` on each of the seven days of the week (which days a test finds
# open to book, and which closed, depends on the day it runs): the schemathesis script's booking,
# and the Rust tests that book (booking-svc's, the gateway's), each run under libfaketime with the
# clock moved 0 to 6 days ahead. Not part of `make test` (it takes about ten minutes); run it when a
# test or script that books changes. Needs Debian's faketime package (apt-get install faketime).
# Usage: deploy/local/weekdays.sh [days...]   (default: 0 1 2 3 4 5 6)
set -euo pipefail
cd "$(dirname "$0")/../.."
lib=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1 || true)
[[ -n $lib ]] || { echo "weekdays: libfaketime is missing (apt-get install faketime)" >&2; exit 2; }
days=("$@")
[[ ${#days[@]} -gt 0 ]] || days=(0 1 2 3 4 5 6)

cargo build --workspace --bins --locked -q
# The test binaries, built with the real clock (cargo itself must not see a moved one), copied with
# the all-in-one binary so that a build meanwhile does not change what runs.
bin=$(mktemp -d /tmp/mtaani-weekdays.XXXXXX)
trap 'rm -rf "$bin"' EXIT
cp target/debug/mtaani "$bin/"
tests=$(cargo test --locked -p booking-svc -p mtaani --no-run --message-format=json -q 2>/dev/null \
  | python3 -c '
import json, shutil, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["kind"] == ["test"] \
            and m["target"]["name"] in ("booking", "system"):
        name = m["target"]["name"]
        print(name, m["manifest_path"].rsplit("/", 1)[0], shutil.copy(m["executable"], sys.argv[1] + "/" + name + "-test"))' "$bin")

status=0
for d in "${days[@]}"; do
  export LD_PRELOAD=$lib FAKETIME="+${d}d" FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_DONT_RESET=1
  day=$(TZ=Africa/Nairobi date '+%A %F %H:%M')
  echo "weekdays: +$d day(s): $day in Nairobi"
  if ! SCHEMATHESIS_SETUP_ONLY=1 deploy/local/schemathesis.sh "$bin" 2>&1 | grep -E 'set up|FAILED'; then
    echo "weekdays: $day: the schemathesis booking FAILED" >&2
    status=1
  fi
  while read -r name dir exe; do
    # All of booking-svc's; of the system tests, booking.rs's, notifications.rs's and every other that books.
    filter=()
    case $name in system) filter=(booking:: notifications:: book) ;; esac
    # As cargo runs them: from their package's folder.
    if out=$(cd "$dir" && "$exe" --test-threads 2 "${filter[@]}" 2>&1); then
      echo "  $name: $(grep -E '^test result' <<<"$out" | tail -n 1)"
    else
      echo "weekdays: $day: $name FAILED" >&2
      grep -E 'panicked|FAILED|failures' <<<"$out" | head -n 20 >&2
      status=1
    fi
  done <<<"$tests"
  unset LD_PRELOAD FAKETIME FAKETIME_DONT_FAKE_MONOTONIC FAKETIME_DONT_RESET
done
exit $status
