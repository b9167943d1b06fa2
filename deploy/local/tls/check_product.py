"""The product end to end against services whose PostgreSQL, Redis and SMTP connections are all TLS
(deploy/local/tls.sh starts them): every service reads and writes its database, the gateway counts in
Redis, and an e-mail reaches the SMTP receiver. Python 3 standard library only.

Usage: check_product.py BASE_URL RECEIVED_DIR
"""

import base64
import datetime
import json
import pathlib
import struct
import sys
import time
import urllib.error
import urllib.request
import uuid
import zlib


def call(base, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    request.add_header("Idempotency-Key", str(uuid.uuid4()))
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            raw = answer.read()
            return answer.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            return e.code, json.loads(raw)
        except ValueError:
            return e.code, raw.decode(errors="replace")


def expect(what, got, *statuses):
    status, body = got
    if status not in statuses:
        sys.exit(f"tls: {what}: HTTP {status} {body}")
    print(f"tls: ok: {what} ({status})")
    return body


def png(size=32):
    raw = b"".join(b"\x00" + bytes([200, 80, 120]) * size for _ in range(size))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    body = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
    body += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    return "data:image/png;base64," + base64.b64encode(body).decode()


def book(base, listing):
    """Books the first bookable start within two weeks (the provider's plan decides which)."""
    today = datetime.date.today()
    for days in range(1, 15):
        date = str(today + datetime.timedelta(days=days))
        status, free = call(base, "GET", f"/api/appointments/availability?serviceId={listing}&date={date}")
        if status != 200:
            sys.exit(f"tls: availability: HTTP {status} {free}")
        if "slots" in free:
            starts = free["slots"]
        else:  # before working hours existed: every start not taken or past
            gone = set(free["taken"]) | set(free["past"])
            starts = [s for s in ("10:00 AM", "11:00 AM", "2:00 PM") if s not in gone]
        if starts:
            body = {"serviceId": listing, "name": "Tls Tester", "email": "tls.tester@example.com",
                    "date": date, "time": starts[0], "message": "Booked over TLS"}
            return expect("a booking (booking-svc's database)", call(base, "POST", "/api/appointments", body), 201)
    sys.exit("tls: no bookable start in the next two weeks")


def main():
    base, received = sys.argv[1], pathlib.Path(sys.argv[2])
    email = f"tls-{uuid.uuid4().hex[:8]}@example.com"
    expect("a buyer registers (accounts-svc's database, Redis counters)", call(base, "POST", "/api/register", {
        "userName": "Tls Tester", "email": email, "phoneNumber": "0712345678",
        "password": "tls-password", "accountType": "buyer"}), 201)
    expect("the buyer signs in", call(base, "POST", "/api/login", {"email": email, "password": "tls-password"}), 200)
    seller = expect("a demo seller signs in", call(base, "POST", "/api/login", {
        "email": "wanjiru@demo.mtaani.co.ke", "password": "mtaani-demo"}), 200)
    posted = expect("the seller posts a listing with a photo (catalog-svc's database)", call(
        base, "POST", "/api/services", {
            "name": "Braids over TLS", "images": [png()], "minPrice": 1500, "maxPrice": 4500,
            "location": "Nairobi", "phoneNumber": "0733 345 603", "category": "hair", "subcategory": "braiding",
            "description": "Knotless braids, posted by the TLS test to prove the catalog writes."},
        token=seller["token"]), 201)
    listing = posted["_id"]
    expect("the listing reads back", call(base, "GET", f"/api/service/{listing}"), 200)
    book(base, listing)
    subject = f"TLS check {uuid.uuid4().hex[:6]}"
    expect("a contact message (messaging-svc's database)", call(base, "POST", "/api/contact", {
        "name": "Tls Tester", "email": email, "phone": "0712345678", "subject": subject,
        "message": "Checking that e-mail goes out over TLS."}), 200, 201)
    deadline = time.time() + 30
    while time.time() < deadline:
        for path in received.glob("implicit-*.eml"):
            text = path.read_text(errors="replace")
            if email in text:
                print(f"tls: ok: the acknowledgement reached the smtps:// receiver ({path.name})")
                return
        time.sleep(0.2)
    sys.exit(f"tls: no e-mail to {email} reached the smtps:// receiver within 30 s")


if __name__ == "__main__":
    main()
