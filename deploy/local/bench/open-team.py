#!/usr/bin/env python3
"""The demo salon's team for `make bench`: opens each member's week to the provider's
(open-weeks.sh has opened every demo provider's: all day, every day), so that the team's loads measure
the path of a day with members (every member's diary, the services' length, "anyone" assigned) and not
how soon three stylists' weeks fill up, and writes what the load scripts ask, one line each:

    LISTING_ID <TAB> OPTION_IDS (comma-separated, may be empty) <TAB> MEMBER_ID (empty: anyone)

for every listing of the salon that a member does: one or two of its services (its menu's first, and
its first with another) with anyone available, and the first service with each member who does it.

Usage: open-team.py GATEWAY_URL OUT_FILE
"""

from __future__ import annotations

import json
import sys
import time
import urllib.request

SALON = "achieng@demo.mtaani.co.ke"
PASSWORD = "mtaani-demo"  # the demo accounts' password (README)


def call(base: str, method: str, path: str, body: object | None = None, token: str | None = None) -> object:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        text = answer.read()
    return json.loads(text) if text else None


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    base, out = sys.argv[1].rstrip("/"), sys.argv[2]
    token = call(base, "POST", "/api/login", {"email": SALON, "password": PASSWORD})["token"]
    # booking-svc seeds the team once catalog-svc answers with the salon's listings (it asks every 2 s).
    members: list = []
    for _ in range(90):
        members = call(base, "GET", "/api/account/team", token=token)
        if members:
            break
        time.sleep(1)
    if not members:
        print("open-team: the demo salon has no team after 90 s (SEED_DEMO off?)", file=sys.stderr)
        return 1
    for m in members:
        body = {
            "name": m["name"],
            "phone": m.get("phone") or "",
            "listingIds": m["listingIds"],
            "weekly": None,
            "daysOff": [],
            "active": True,
        }
        call(base, "PUT", f"/api/account/team/{m['id']}", body, token=token)
    lines = []
    done_by: dict[str, list[str]] = {}
    for m in members:
        for listing_id in m["listingIds"]:
            done_by.setdefault(listing_id, []).append(m["id"])
    for listing_id, who in sorted(done_by.items()):
        listing = call(base, "GET", f"/api/service/{listing_id}")
        options = [o["id"] for o in listing.get("options") or []]
        first = options[:1]
        lines.append((listing_id, first, ""))
        if len(options) > 1:
            lines.append((listing_id, [options[0], options[-1]], ""))
        lines += [(listing_id, first, member) for member in who]
    with open(out, "w") as f:
        for listing_id, option_ids, member in lines:
            f.write(f"{listing_id}\t{','.join(option_ids)}\t{member}\n")
    with_menu = sum(1 for _, o, _ in lines if o)
    print(f"open-team: {len(members)} members, {len(done_by)} listings, {len(lines)} asks ({with_menu} with services)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
