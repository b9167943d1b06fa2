#!/usr/bin/env bash
# Every demo provider works every day, all day, 20 customers at once (make bench): the booking loads
# then measure the booking path with the week's rules in force (plan, holds, outbox), not how soon one
# provider's week fills up. Usage: open-weeks.sh GATEWAY_URL
set -euo pipefail
base=${1:?usage: open-weeks.sh GATEWAY_URL}
day='[["07:00","23:00"]]'
hours="{\"weekly\": {\"mon\": $day, \"tue\": $day, \"wed\": $day, \"thu\": $day, \"fri\": $day, \"sat\": $day,
  \"sun\": $day}, \"daysOff\": [], \"minNoticeMinutes\": 0, \"horizonDays\": 365, \"capacity\": 20,
  \"changeNoticeMinutes\": 0}"
for seller in wanjiru achieng njeri fatuma kiprono mercy; do
  token=$(curl -fsS -H 'Content-Type: application/json' \
    -d "{\"email\": \"$seller@demo.mtaani.co.ke\", \"password\": \"mtaani-demo\"}" "$base/api/login" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
  curl -fsS -o /dev/null -X PUT -H 'Content-Type: application/json' -H "Authorization: Bearer $token" \
    -d "$hours" "$base/api/account/hours"
done
