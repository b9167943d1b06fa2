#!/usr/bin/env bash
# Checks commit messages against the project's rule (README, "Commits"): a subject of at most 72
# characters with no full stop at its end, then, when a body follows, one blank line before it.
#   deploy/local/commit-message.sh --file MSG   one message (the commit-msg hook, .githooks/)
#   deploy/local/commit-message.sh --since REV  every commit after REV on HEAD (make lint)
set -euo pipefail
cd "$(dirname "$0")/../.."

# The first commit the rule applies to: the history before it is left as it was written.
rule_since=65d0cd052af7fcac8b071bb3ba7bf238b9dc2193

# check NAME < message: prints what is wrong and fails, or prints nothing.
check() {
  local name=$1 subject second
  # Lines git drops itself: comments of the editor's template and trailing blank lines.
  local text
  text=$(grep -v '^#' || true)
  subject=$(sed -n 1p <<<"$text")
  second=$(sed -n 2p <<<"$text")
  local bad=()
  [[ -n ${subject// /} ]] || bad+=("the subject is empty")
  ((${#subject} <= 72)) || bad+=("the subject has ${#subject} characters (at most 72)")
  [[ $subject != *. ]] || bad+=("the subject ends with a full stop")
  [[ -z $second ]] || bad+=("the subject and the body are not parted by a blank line")
  if ((${#bad[@]})); then
    printf '%s: %s\n' "$name" "$(IFS=';'; echo "${bad[*]}" | sed 's/;/; /g')" >&2
    printf '  %s\n' "$subject" >&2
    return 1
  fi
}

case "${1:-}" in
  --file)
    check "commit message" <"${2:?--file MSG}" || {
      echo "Reword it: a subject of at most 72 characters in the imperative, a blank line, then the why." >&2
      exit 1
    }
    ;;
  --since)
    since=${2:-$rule_since}
    if ! git cat-file -e "$since^{commit}" 2>/dev/null; then
      # A shallow clone without the first commit of the rule: the newest commit is checked alone.
      since=HEAD~1
      git cat-file -e "$since^{commit}" 2>/dev/null || since=
    fi
    status=0
    for c in $(git rev-list --no-merges ${since:+"$since.."}HEAD); do
      git log -1 --format=%B "$c" | check "commit $(git rev-parse --short "$c")" || status=1
    done
    exit "$status"
    ;;
  *)
    echo "usage: $0 --file MSG | --since [REV]" >&2
    exit 2
    ;;
esac
