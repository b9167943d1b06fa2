#!/usr/bin/env bash
# Runs `make` targets one after another and prints how long each took at the end, also when one
# fails (then the steps after it are not run). `make test` runs its steps through this, so a CI log
# ends with where its time went.
# Usage: deploy/local/steps.sh <make> <target>...
set -uo pipefail
make=$1
shift
names=()
times=()
status=0
begun=$(date +%s)
for step in "$@"; do
  started=$(date +%s)
  "$make" --no-print-directory "$step"
  status=$?
  names+=("$step")
  times+=($(($(date +%s) - started)))
  if [[ $status -ne 0 ]]; then
    break
  fi
done
echo
echo "make test: time per step"
for i in "${!names[@]}"; do
  mark=
  if [[ $status -ne 0 && $i -eq $((${#names[@]} - 1)) ]]; then mark='  FAILED'; fi
  awk -v n="${names[$i]}" -v t="${times[$i]}" -v m="$mark" 'BEGIN { printf "  %-14s %5d s  %5.1f min%s\n", n, t, t / 60, m }' 
done
total=$(($(date +%s) - begun))
awk -v t="$total" 'BEGIN { printf "  %-14s %5d s  %5.1f min\n", "total", t, t / 60 }' 
exit "$status"
