#!/usr/bin/env bash
# Runs `make` targets one after another and prints how long each took at the end, also when one
# fails (then the steps after it are not run). Targets joined by `+` run beside each other, for a
# step that leaves a core idle (a compile's single-crate tail, a browser waiting for pages): each
# one's output is kept in a file and printed whole when it ends, so a log never interleaves.
# `make test` runs its steps through this, so a CI log ends with where its time went.
# Usage: deploy/local/steps.sh <make> <target>[+<target>...]...
set -uo pipefail
make=$1
shift
names=()
times=()
groups=()
failed=
begun=$(date +%s)
logs=$(mktemp -d /tmp/mtaani-steps.XXXXXX)
trap 'rm -rf "$logs"' EXIT

for step in "$@"; do
  IFS=+ read -r -a together <<<"$step"
  started=$(date +%s)
  if ((${#together[@]} == 1)); then
    "$make" --no-print-directory "$step"
    status=$?
    names+=("$step")
    times+=($(($(date +%s) - started)))
    groups+=("")
    [[ $status -eq 0 ]] || failed=$step
  else
    declare -A pid_of=()
    for t in "${together[@]}"; do
      ("$make" --no-print-directory "$t" >"$logs/$t.log" 2>&1; echo $? >"$logs/$t.status"; date +%s >"$logs/$t.end") &
      pid_of[$t]=$!
    done
    # Each log printed as its step ends, in the order they end.
    left=("${together[@]}")
    while ((${#left[@]})); do
      pids=()
      for t in "${left[@]}"; do pids+=("${pid_of[$t]}"); done
      wait -n "${pids[@]}"
      still=()
      for t in "${left[@]}"; do
        if [[ -f $logs/$t.end ]]; then
          echo "=== $t (side by side: ${step//+/, })"
          cat "$logs/$t.log"
          status=$(cat "$logs/$t.status")
          names+=("$t")
          times+=($(($(cat "$logs/$t.end") - started)))
          groups+=("$step")
          [[ $status -eq 0 || -n $failed ]] || failed=$t
        else
          still+=("$t")
        fi
      done
      left=("${still[@]}")
    done
    unset pid_of
  fi
  [[ -z $failed ]] || break
done

echo
echo "make test: time per step"
for i in "${!names[@]}"; do
  mark=
  [[ ${names[$i]} != "$failed" ]] || mark='  FAILED'
  [[ -z ${groups[$i]} ]] || mark="  (side by side: ${groups[$i]//+/, })$mark"
  awk -v n="${names[$i]}" -v t="${times[$i]}" -v m="$mark" 'BEGIN { printf "  %-14s %5d s  %5.1f min%s\n", n, t, t / 60, m }'
done
total=$(($(date +%s) - begun))
awk -v t="$total" 'BEGIN { printf "  %-14s %5d s  %5.1f min\n", "total", t, t / 60 }'
[[ -z $failed ]]
