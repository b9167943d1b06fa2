"""Backup and restore, end to end (deploy/local/backup-restore.sh): `load` writes one of every kind of
record through the API and lists what it wrote in a manifest; after the dump and the restore into an
empty database, `verify` finds every one of them through the API of the services started on the
restored copy. Python 3 standard library only.

Usage: driver.py load BASE_URL MANIFEST
       driver.py verify BASE_URL MANIFEST
"""

import base64
import datetime
import hashlib
import json
import struct
import sys
import time
import urllib.error
import urllib.request
import uuid
import zlib

DEMO_PASSWORD = "mtaani-demo"


class Api:
    def __init__(self, base):
        self.base = base

    def call(self, method, path, body=None, token=None, raw=False):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        request.add_header("Idempotency-Key", str(uuid.uuid4()))
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                content = answer.read()
                return answer.status, content if raw else (json.loads(content) if content else None)
        except urllib.error.HTTPError as e:
            content = e.read()
            try:
                return e.code, json.loads(content)
            except ValueError:
                return e.code, content.decode(errors="replace")

    def expect(self, what, method, path, body=None, token=None, status=(200, 201), raw=False):
        code, answer = self.call(method, path, body, token, raw)
        if code not in status:
            sys.exit(f"backup: {what}: HTTP {code} {answer}")
        return answer

    def login(self, email, password):
        return self.expect(f"sign in as {email}", "POST", "/api/login", {"email": email, "password": password})["token"]


def png(size=40):
    raw = b"".join(
        b"\x00" + b"".join(bytes([(x * 6) % 256, 90, (y * 5) % 256]) for x in range(size)) for y in range(size))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    body = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
    body += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    return "data:image/png;base64," + base64.b64encode(body).decode()


def bookable(api, listing):
    """The first bookable start within three weeks: (date, time)."""
    today = datetime.date.today()
    for days in range(1, 22):
        date = str(today + datetime.timedelta(days=days))
        free = api.expect("availability", "GET", f"/api/appointments/availability?serviceId={listing}&date={date}")
        starts = free.get("slots")
        if starts is None:
            gone = set(free["taken"]) | set(free["past"])
            starts = [s for s in ("10:00 AM", "11:00 AM", "2:00 PM") if s not in gone]
        if starts:
            return date, starts[0]
    sys.exit("backup: nothing bookable in three weeks")


def load(api, manifest_path):
    run = uuid.uuid4().hex[:8]
    m = {"run": run}
    # A buyer and a seller who pays the first month (simulated M-Pesa: approved after ~2 s).
    m["buyer"] = {"email": f"buyer-{run}@example.com", "password": "buyer-password"}
    api.expect("a buyer registers", "POST", "/api/register", {
        "userName": "Backup Buyer", "email": m["buyer"]["email"], "phoneNumber": "0711000001",
        "password": m["buyer"]["password"], "accountType": "buyer"}, status=(201,))
    m["seller"] = {"email": f"seller-{run}@example.com", "password": "seller-password"}
    registered = api.expect("a seller registers", "POST", "/api/register", {
        "userName": "Backup Seller", "email": m["seller"]["email"], "phoneNumber": "0722000002",
        "password": m["seller"]["password"], "accountType": "seller", "packageId": "standard"}, status=(201,))
    payment = registered["payment"]["id"]
    deadline = time.time() + 30
    while time.time() < deadline:
        p = api.expect("the first payment", "GET", f"/api/payments/{payment}")
        if p["status"] == "succeeded":
            break
        time.sleep(0.5)
    else:
        sys.exit("backup: the seller's first payment did not succeed")
    m["payment"] = {"id": payment, "receipt": p.get("mpesaReceipt") or p.get("receipt")}
    seller = api.login(m["seller"]["email"], m["seller"]["password"])
    me = api.expect("the seller's account", "GET", "/api/me", token=seller)
    m["seller"]["paidUntil"] = me["subscription"]["paidUntil"]

    # A listing with a photo, whose bytes must come back the same.
    posted = api.expect("the seller posts a listing", "POST", "/api/services", {
        "name": f"Backup braids {run}", "images": [png()], "minPrice": 1500, "maxPrice": 4500,
        "location": "Nakuru", "phoneNumber": "0722000002", "category": "hair", "subcategory": "braiding",
        "description": "Knotless braids, posted to prove that a backup brings listings and photos back."},
        token=seller, status=(201,))
    listing = posted["_id"]
    photo_url = posted["media"][0]["data"]
    photo = api.expect("the listing's photo", "GET", photo_url, raw=True)
    m["listing"] = {"id": listing, "name": posted["name"], "photo": photo_url,
                    "photoSha256": hashlib.sha256(photo).hexdigest()}

    # A booking on it, confirmed by the seller; a contact message; a password reset link asked for.
    date, time_ = bookable(api, listing)
    booking = api.expect("a visitor books", "POST", "/api/appointments", {
        "serviceId": listing, "name": "Backup Customer", "email": f"customer-{run}@example.com",
        "date": date, "time": time_, "message": "Booked before the backup"}, status=(201,))
    api.expect("the seller confirms", "POST", f"/api/account/appointments/{booking['id']}/confirm", token=seller)
    m["booking"] = {"id": booking["id"], "date": date, "time": time_, "status": "confirmed"}
    subject = f"Backup question {run}"
    api.expect("a contact message", "POST", "/api/contact", {
        "name": "Backup Writer", "email": f"writer-{run}@example.com", "phone": "0733000003",
        "subject": subject, "message": "Will you still have this message after a restore?"})
    m["contact"] = {"subject": subject}
    api.expect("a password reset is asked for", "POST", "/api/password-reset/request", {"email": m["buyer"]["email"]})
    with open(manifest_path, "w") as f:
        json.dump(m, f, indent=2)
    print(f"backup: loaded run {run}: 2 accounts, 1 payment, 1 listing with a photo, 1 booking, 1 contact message")


def verify(api, manifest_path):
    with open(manifest_path) as f:
        m = json.load(f)
    api.login(m["buyer"]["email"], m["buyer"]["password"])
    print("backup: ok: the buyer signs in with the same password")
    seller = api.login(m["seller"]["email"], m["seller"]["password"])
    me = api.expect("the seller's account", "GET", "/api/me", token=seller)
    if me["subscription"]["status"] != "active" or me["subscription"]["paidUntil"] != m["seller"]["paidUntil"]:
        sys.exit(f"backup: the subscription changed: {me['subscription']}")
    print("backup: ok: the seller's subscription is active, paid until the same day")
    payments = api.expect("the seller's payments", "GET", "/api/account/payments", token=seller)
    if not any(p["id"] == m["payment"]["id"] and p["status"] == "succeeded" for p in payments):
        sys.exit(f"backup: the payment {m['payment']['id']} is missing: {payments}")
    print("backup: ok: the M-Pesa payment is there")
    listing = api.expect("the listing", "GET", f"/api/service/{m['listing']['id']}")
    if listing["name"] != m["listing"]["name"]:
        sys.exit(f"backup: the listing changed: {listing}")
    photo = api.expect("the photo", "GET", m["listing"]["photo"], raw=True)
    if hashlib.sha256(photo).hexdigest() != m["listing"]["photoSha256"]:
        sys.exit("backup: the photo's bytes differ")
    found = api.expect("search", "GET", f"/api/services/search?query=backup%20braids%20{m['run']}")
    if not any(s["_id"] == m["listing"]["id"] for s in found):
        sys.exit("backup: the listing is not found by search")
    print("backup: ok: the listing, its photo (same bytes) and search")
    bookings = api.expect("the seller's bookings", "GET", "/api/account/appointments", token=seller)
    b = next((b for b in bookings if b["id"] == m["booking"]["id"]), None)
    if not b or (b["date"], b["time"], b["status"]) != (m["booking"]["date"], m["booking"]["time"], "confirmed"):
        sys.exit(f"backup: the booking is missing or changed: {b}")
    free = api.expect("availability", "GET",
                      f"/api/appointments/availability?serviceId={m['listing']['id']}&date={m['booking']['date']}")
    if m["booking"]["time"] in free.get("slots", []):
        sys.exit("backup: the booked time is offered again: the booking no longer holds it")
    print("backup: ok: the booking, confirmed, still holding its time")
    admin = api.login("admin@demo.mtaani.co.ke", DEMO_PASSWORD)
    inbox = api.expect("the contact inbox", "GET", "/api/admin/contact-messages?status=new&limit=100", token=admin)
    if not any(i["subject"] == m["contact"]["subject"] for i in inbox["messages"]):
        sys.exit("backup: the contact message is missing from the inbox")
    print("backup: ok: the contact message, in the operators' inbox")
    print("backup: every record found after the restore")


def main():
    command, base, manifest = sys.argv[1:4]
    api = Api(base)
    if command == "load":
        load(api, manifest)
    elif command == "verify":
        verify(api, manifest)
    else:
        sys.exit(f"backup: unknown command {command}")


if __name__ == "__main__":
    main()
