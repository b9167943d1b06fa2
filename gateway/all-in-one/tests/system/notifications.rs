//! "Who is told what" (README): every booking event, driven through the gateway, brings exactly the
//! e-mails and SMS the table lists — each addressed to the right person, in their language — and
//! nothing else. What is counted is what each person receives (the files the embedded run writes
//! for each e-mail and SMS), not what one service handed to the next: a notice lost between two
//! services, or dropped there as a repeat of another, shows only here. On SQLite and PostgreSQL.

use std::{
    collections::HashSet,
    path::{Path, PathBuf},
    time::Duration,
};

use axum::{
    body::Body,
    http::{Request, StatusCode},
};
use chrono::{DateTime, Duration as Days, NaiveDate, Utc};
use mtaani_proto::demo::{SELLERS, Seller};
use mtaani_runtime::testing::{TestDb, eventually};
use serde_json::{Value, json};

use crate::support::{DEMO_PASSWORD, Product, Queues, request};

/// One e-mail or SMS as its recipient gets it.
#[derive(Debug)]
struct Message {
    channel: &'static str,
    /// The e-mail's `To:` line, or the SMS's number.
    to: String,
    /// The e-mail's headers and body as its recipient reads them, or the SMS's text.
    text: String,
}

/// What one person should get: on `channel`, to `to`, a message containing `needle`.
#[derive(Debug, Clone, Copy)]
struct Expect {
    channel: &'static str,
    to: &'static str,
    needle: &'static str,
}

const fn email(to: &'static str, needle: &'static str) -> Expect {
    Expect { channel: "e-mail", to, needle }
}

const fn sms(to: &'static str, needle: &'static str) -> Expect {
    Expect { channel: "SMS", to, needle }
}

/// The e-mails and SMS of the product, each seen once.
struct Inbox<'p> {
    product: &'p Product,
    queues: Queues,
    seen: HashSet<PathBuf>,
}

impl<'p> Inbox<'p> {
    /// The product's, once what it sent on its own at start (nothing of this test's) has arrived and
    /// is counted as seen.
    async fn of(product: &'p Product) -> Self {
        let mut inbox = Self { product, queues: product.queues().await, seen: HashSet::new() };
        inbox.queues.drained().await;
        inbox.new_messages();
        inbox
    }

    /// The messages written since the last call; a file still being written is read on a later turn.
    fn new_messages(&mut self) -> Vec<Message> {
        let mail = self.product.mail.files().into_iter().map(|(path, text)| {
            let to = text.lines().find_map(|l| l.strip_prefix("To: ")).unwrap_or_default().to_owned();
            (path, Message { channel: "e-mail", to, text })
        });
        let sms = (self.product.sms.files().into_iter())
            .map(|(path, (to, text))| (path, Message { channel: "SMS", to, text }));
        let mut out = Vec::new();
        for (path, message) in mail.chain(sms) {
            if self.seen.insert(path) {
                out.push(message);
            }
        }
        out
    }

    /// Waits until every one of `expected` has arrived, each matched by a message of its own, and
    /// then until every notification stored meanwhile has arrived too; answers the step's messages,
    /// and fails when one is missing or any other arrived (the providers' morning lists aside: they
    /// go by the clock, not by the step).
    async fn expect(&mut self, step: &str, expected: &[Expect]) -> Vec<Message> {
        let by_the_clock = |m: &Message| m.text.contains("Subject: Today on Mtaani");
        let mut got: Vec<Message> = Vec::new();
        let what = format!("{step}: every one of {expected:?}");
        eventually(&what, Duration::from_secs(20), async || {
            got.extend(self.new_messages().into_iter().filter(|m| !by_the_clock(m)));
            matched(expected, &got).ok_or_else(|| summary(&got))
        })
        .await;
        // Anything more this step sent waits in a queue until it has arrived.
        self.queues.drained().await;
        got.extend(self.new_messages().into_iter().filter(|m| !by_the_clock(m)));
        assert_eq!(got.len(), expected.len(), "{step}: exactly the table's messages; got {:#?}", summary(&got));
        got
    }

    async fn close(self) {
        self.queues.close().await;
    }
}

/// Each message as one line: its channel, recipient, and subject or text.
fn summary(got: &[Message]) -> Vec<String> {
    got.iter()
        .map(|m| {
            let first = if m.channel == "SMS" {
                m.text.clone()
            } else {
                m.text.lines().find(|l| l.starts_with("Subject: ")).unwrap_or_default().to_owned()
            };
            format!("{} to {}: {first}", m.channel, m.to)
        })
        .collect()
}

/// Whether each expectation has a message of its own (greedy: the needles are specific enough).
fn matched(expected: &[Expect], got: &[Message]) -> Option<()> {
    let mut used = vec![false; got.len()];
    for e in expected {
        let i = got.iter().enumerate().position(|(i, m)| {
            !used[i] && m.channel == e.channel && m.to.contains(e.to) && m.text.contains(e.needle)
        })?;
        used[i] = true;
    }
    Some(())
}

async fn ok(product: &Product, r: Request<Body>, status: StatusCode) -> Value {
    let uri = r.uri().to_string();
    let a = product.send(r).await;
    assert_eq!(a.status, status, "{uri}: {}", a.text());
    a.json_or_null()
}

/// The customer's "Change or cancel" token, from their e-mail.
fn token_in(messages: &[Message], to: &str) -> String {
    let marker = "appointments/cancel?token=";
    let m = messages.iter().find(|m| m.channel == "e-mail" && m.to.contains(to) && m.text.contains(marker));
    let text = &m.expect("the customer's e-mail with their link").text;
    let rest = &text[text.find(marker).unwrap() + marker.len()..];
    rest.chars().take_while(|c| c.is_ascii_alphanumeric() || "-_.".contains(*c)).collect()
}

/// Nairobi's `date` at `label` ("2:30 PM") as a UTC instant.
fn at(date: &str, label: &str) -> DateTime<Utc> {
    let date = NaiveDate::parse_from_str(date, "%Y-%m-%d").unwrap();
    let (hm, half) = label.split_once(' ').unwrap();
    let (h, m) = hm.split_once(':').unwrap();
    let hour = h.parse::<u32>().unwrap() % 12 + if half == "PM" { 12 } else { 0 };
    date.and_hms_opt(hour, m.parse().unwrap(), 0).unwrap().and_utc() - Days::hours(3)
}

/// Moves booking-svc's worker clock so that it reads `when`.
fn set_clock(file: &Path, when: DateTime<Utc>) {
    std::fs::write(file, (when - Utc::now()).num_seconds().to_string()).unwrap();
}

/// Wanjiru takes bookings instantly; Njeri confirms each request (the demo plans).
const INSTANT: &Seller = &SELLERS[0];
const REQUESTS: &Seller = &SELLERS[2];

const SW: Option<&str> = Some("sw-KE,sw;q=0.9");
const ZAWADI: &str = "zawadi@example.co.ke";
const ZAWADI_PHONE: &str = "+254712000777";
const BARAKA: &str = "baraka@example.co.ke";
const BARAKA_PHONE: &str = "+254712000888";

/// A listing of `provider`'s and five bookable starts of it, a day apart, from the third day on (a
/// reminder is due at 6 PM the evening before, so none falls inside a step).
async fn listing_of(product: &Product, provider: &Seller) -> (String, Vec<(String, String)>) {
    let all = ok(product, request("GET", "/api/services?limit=100", None, None, None), StatusCode::OK).await;
    let listing = all.as_array().unwrap().iter().find(|s| s["sellerId"] == provider.id);
    let listing = listing.expect("a demo listing of the provider")["_id"].as_str().unwrap().to_owned();
    let days = product.starts(&listing, 3, 1, 5).await;
    (listing, days)
}

fn booking(
    listing: &str,
    language: Option<&str>,
    day: &(String, String),
    name: &str,
    email: &str,
    phone: &str,
) -> Request<Body> {
    let body =
        json!({"serviceId": listing, "name": name, "email": email, "phone": phone, "date": day.0, "time": day.1});
    request("POST", "/api/appointments", language, None, Some(body))
}

/// Baraka's request to the provider who confirms each one: he hears it is in; they are asked by
/// e-mail and SMS.
async fn request_from_baraka(inbox: &mut Inbox<'_>, step: &str) {
    let expected = [
        email(BARAKA, "Subject: Booking request sent:"),
        email(REQUESTS.email, "Subject: New booking request:"),
        sms(REQUESTS.phone, "Mtaani: new booking request from Baraka"),
    ];
    inbox.expect(step, &expected).await;
}

#[tokio::test]
async fn every_booking_event_tells_exactly_the_people_the_table_lists_on_both_backends() {
    for db in [TestDb::sqlite as fn(&'static str) -> TestDb, TestDb::postgres] {
        let product = Product::options().on(db).start().await;
        let backend = product.services.db("booking").name;
        let mut inbox = Inbox::of(&product).await;
        // The providers read English; the customers book in Kiswahili and in English.
        let wanjiru = product.sign_in(INSTANT.email, DEMO_PASSWORD).await;
        let njeri = product.sign_in(REQUESTS.email, DEMO_PASSWORD).await;
        let (instant, days) = listing_of(&product, INSTANT).await;

        // An instant booking: the customer has the confirmation by e-mail and SMS; the provider is
        // told of a new booking by e-mail and SMS.
        let zawadi = booking(&instant, SW, &days[0], "Zawadi Achieng", ZAWADI, "0712 000 777");
        let zawadi = ok(&product, zawadi, StatusCode::CREATED).await;
        assert_eq!(zawadi["status"], "confirmed", "{backend}");
        // The answer says who, where and the way in, for the page that confirms it.
        assert_eq!(zawadi["provider"]["name"], "Wanjiru Kamau", "{backend}: {zawadi}");
        assert!(!zawadi["provider"]["location"].as_str().unwrap().is_empty(), "{zawadi}");
        let sent = inbox
            .expect(
                &format!("{backend}: instant booking"),
                &[
                    email(ZAWADI, "Subject: Miadi imethibitishwa:"),
                    sms(ZAWADI_PHONE, "imethibitishwa"),
                    email(INSTANT.email, "Subject: New booking:"),
                    sms(INSTANT.phone, "Mtaani: new booking from Zawadi"),
                ],
            )
            .await;
        let zawadi_token = token_in(&sent, ZAWADI);
        // What she needs to turn up: where, the price, how long, the provider's WhatsApp and phone.
        let confirmation = sent.iter().find(|m| m.channel == "e-mail" && m.to.contains(ZAWADI)).unwrap();
        for needle in ["Mahali: ", "Bei: Ksh ", "Inachukua takriban ", "https://wa.me/254", "LOCATION:"] {
            assert!(confirmation.text.contains(needle), "{backend}: {needle} in {}", confirmation.text);
        }
        let text = sent.iter().find(|m| m.channel == "SMS" && m.to == ZAWADI_PHONE).unwrap();
        assert!(text.text.contains("Mahali: "), "{backend}: {}", text.text);
        // "Add to calendar" on that page: the same invite as the e-mail's, in her language, by her link.
        let token = zawadi["manageToken"].as_str().unwrap();
        let uri = format!("/api/appointments/invite.ics?token={token}");
        let invite = product.send(request("GET", &uri, SW, None, None)).await;
        assert_eq!(invite.status, StatusCode::OK, "{backend}: {}", invite.text());
        assert!(invite.header("content-type").starts_with("text/calendar"), "{backend}");
        let ics = invite.text().replace("\r\n ", "");
        let mailed = confirmation.text.replace("\r\n ", "").replace("\n ", "");
        for line in ics.lines().filter(|l| ["DTSTART", "DTEND", "LOCATION", "UID"].iter().any(|k| l.starts_with(k))) {
            assert!(mailed.contains(line.trim_end()), "{backend}: {line} as in the e-mail's invite: {mailed}");
        }
        assert!(ics.contains("Badilisha au ghairi: ") && ics.contains(token), "{backend}: {ics}");
        let forged = product.send(request("GET", "/api/appointments/invite.ics?token=nonsense", SW, None, None)).await;
        assert_eq!(forged.status, StatusCode::BAD_REQUEST, "{backend}: {}", forged.text());
        let hers =
            ok(&product, request("GET", "/api/account/appointments", None, Some(&wanjiru), None), StatusCode::OK).await;
        let listed = hers.as_array().unwrap().iter().find(|a| a["id"] == zawadi["id"]).expect("in her bookings");
        assert_eq!(listed["status"], "confirmed", "{backend}: nothing for the provider to confirm");

        // The customer moves it with their link: they are told, and so is the provider.
        let moved = json!({"token": zawadi_token, "date": days[1].0, "time": days[1].1});
        ok(&product, request("POST", "/api/appointments/reschedule", SW, None, Some(moved)), StatusCode::OK).await;
        inbox
            .expect(
                &format!("{backend}: customer moves"),
                &[
                    email(ZAWADI, "Subject: Miadi yako imehamishwa:"),
                    sms(ZAWADI_PHONE, " sasa ni "),
                    email(INSTANT.email, "Subject: Booking moved:"),
                ],
            )
            .await;

        // The reminder, at 6 PM the evening before (booking-svc's worker clock moved there).
        set_clock(&product.services.clock_file, at(&days[1].0, "12:00 AM") - Days::hours(6) + Days::minutes(1));
        inbox
            .expect(
                &format!("{backend}: reminder"),
                &[email(ZAWADI, "Subject: Kumbusho:"), sms(ZAWADI_PHONE, "Kumbusho la Mtaani:")],
            )
            .await;
        set_clock(&product.services.clock_file, Utc::now());

        // The customer cancels with their link: the provider is told.
        let cancel = json!({"token": zawadi_token});
        ok(&product, request("POST", "/api/appointments/cancel", SW, None, Some(cancel)), StatusCode::OK).await;
        inbox
            .expect(&format!("{backend}: customer cancels"), &[email(INSTANT.email, "Subject: Booking cancelled:")])
            .await;

        // A request to a provider who confirms each one, in English: the customer hears it is in,
        // the provider is asked by e-mail and SMS; then declined.
        let (requests, days) = listing_of(&product, REQUESTS).await;
        let first = booking(&requests, None, &days[0], "Baraka Otieno", BARAKA, "0712 000 888");
        let first = ok(&product, first, StatusCode::CREATED).await;
        assert_eq!(first["status"], "requested", "{backend}");
        // The answer says who will confirm it, where and for how much, and holds the customer's link.
        let summary = &first["provider"];
        assert_eq!(summary["name"], "Njeri Mwangi", "{backend}: {first}");
        assert!(
            !summary["location"].as_str().unwrap().is_empty() && summary["minPrice"].as_i64().unwrap() > 0,
            "{first}"
        );
        assert!(!first["manageToken"].as_str().unwrap().is_empty(), "{first}");
        request_from_baraka(&mut inbox, &format!("{backend}: request")).await;
        let decline = format!("/api/account/appointments/{}/decline", first["id"].as_str().unwrap());
        ok(&product, request("POST", &decline, None, Some(&njeri), None), StatusCode::OK).await;
        inbox
            .expect(
                &format!("{backend}: decline"),
                &[email(BARAKA, "Subject: Booking not available:"), sms(BARAKA_PHONE, "Mtaani: sorry, the provider")],
            )
            .await;

        // Another, confirmed: the customer by e-mail and SMS.
        let again = ok(
            &product,
            booking(&requests, None, &days[1], "Baraka Otieno", BARAKA, "0712 000 888"),
            StatusCode::CREATED,
        )
        .await;
        request_from_baraka(&mut inbox, &format!("{backend}: a second request")).await;
        let confirm = format!("/api/account/appointments/{}/confirm", again["id"].as_str().unwrap());
        ok(&product, request("POST", &confirm, None, Some(&njeri), None), StatusCode::OK).await;
        inbox
            .expect(
                &format!("{backend}: confirm"),
                &[email(BARAKA, "Subject: Booking confirmed:"), sms(BARAKA_PHONE, "is confirmed")],
            )
            .await;

        // Its time passes (the worker's clock moved past its end): the customer is asked for a review.
        set_clock(&product.services.clock_file, at(&days[1].0, &days[1].1) + Days::hours(5));
        inbox.expect(&format!("{backend}: review invitation"), &[email(BARAKA, "Subject: How was ")]).await;
        set_clock(&product.services.clock_file, Utc::now());

        // The provider closes their account: the customers of their live bookings (the confirmed one
        // above and a request) are told they are cancelled.
        ok(&product, booking(&requests, None, &days[2], "Baraka Otieno", BARAKA, "0712 000 888"), StatusCode::CREATED)
            .await;
        request_from_baraka(&mut inbox, &format!("{backend}: a third request")).await;
        let gone = json!({"password": "mtaani-demo"});
        ok(&product, request("DELETE", "/api/account", None, Some(&njeri), Some(gone)), StatusCode::NO_CONTENT).await;
        inbox
            .expect(
                &format!("{backend}: the provider's account deleted"),
                &[email(BARAKA, "Subject: Booking cancelled:"), email(BARAKA, "Subject: Booking cancelled:")],
            )
            .await;
        inbox.close().await;
        product.stop().await;
    }
}
