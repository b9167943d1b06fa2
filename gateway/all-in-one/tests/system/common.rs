//! The four services on loopback for a gateway test, one way for every test file: each on a free port
//! chosen first, so that every service is told where the others are (accounts-svc hides an unpaid
//! seller's listings in catalog-svc, booking-svc asks accounts-svc for a provider's e-mail, …), on
//! SQLite or on the real PostgreSQL.
#![allow(dead_code)] // each test file uses its own part of it

use std::{
    net::SocketAddr,
    path::{Path, PathBuf},
    time::Duration,
};

use axum::{
    Router,
    body::Body,
    http::{HeaderMap, Request, StatusCode, header},
};
use gateway::{AppState, Backends, config::BackendAddrs, limits::RateLimiter};
use http_body_util::BodyExt;
use mtaani_runtime::testing::{Running, TestDb, eventually, loopback};
use serde_json::Value;
use tower::ServiceExt;

pub type Server = Running<tonic::transport::Error>;

pub const JWT_SECRET: &[u8] = b"test-secret-test-secret-test-secret!";

pub struct Services {
    pub accounts: Server,
    pub catalog: Server,
    pub booking: Server,
    pub messaging: Server,
    /// To start catalog-svc again (on the same address or another).
    pub catalog_config: catalog_svc::Config,
    /// Where messaging-svc writes its e-mails.
    pub mail_dir: PathBuf,
    /// booking-svc's worker clock (`booking_svc::clock`): the seconds written here move it.
    pub clock_file: PathBuf,
    pub dbs: Vec<TestDb>,
}

impl Services {
    /// `db`: `TestDb::sqlite` or `TestDb::postgres`. `admin_totp_required`: operators need their
    /// authenticator code as well as their password.
    pub async fn start(db: fn(&'static str) -> TestDb, admin_totp_required: bool) -> Self {
        // The demo photos are encoded once for every test of this binary.
        catalog_svc::seed::keep_demo_photos();
        let (a, c, b, m) = (db("accounts"), db("catalog"), db("booking"), db("messaging"));
        // Each service's port is held from now on: the others are told it before it serves.
        let (al, cl, bl, ml) = (loopback().await, loopback().await, loopback().await, loopback().await);
        let addr = |l: &tokio::net::TcpListener| l.local_addr().unwrap();
        let (aa, ca, ba, ma) = (addr(&al), addr(&cl), addr(&bl), addr(&ml));
        let messaging = messaging_svc::start(&messaging_svc::Config::embedded(ma, m.config.clone())).await.unwrap();
        let messaging = Running::on(ml, |l, s| messaging_svc::serve(messaging, l, s)).await;
        let mut catalog_config = catalog_svc::Config::embedded(ca, c.config.clone(), c.data_dir.join("media"));
        catalog_config.messaging_addr = ma.to_string();
        let catalog = catalog_svc::start(&catalog_config).await.expect("catalog starts");
        let catalog = Running::on(cl, |l, stop| catalog_svc::serve(catalog, l, stop)).await;
        let mut accounts_config = accounts_svc::Config::embedded(aa, a.config.clone(), ma.to_string());
        accounts_config.catalog_addr = ca.to_string();
        accounts_config.booking_addr = ba.to_string();
        accounts_config.admin_totp_required = admin_totp_required;
        let accounts = accounts_svc::start(&accounts_config).await.unwrap();
        let accounts = Running::on(al, |l, s| accounts_svc::serve(accounts, l, s)).await;
        let mut booking_config =
            booking_svc::Config::embedded(ba, b.config.clone(), &ca.to_string(), &aa.to_string(), &ma.to_string());
        std::fs::create_dir_all(&b.data_dir).unwrap();
        let clock_file = b.data_dir.join("clock");
        booking_config.test_clock_file = Some(clock_file.clone());
        let booking = booking_svc::start(&booking_config).await.unwrap();
        let booking = Running::on(bl, |l, s| booking_svc::serve(booking, l, s)).await;
        Self {
            accounts,
            catalog,
            booking,
            messaging,
            catalog_config,
            mail_dir: m.data_dir.join("mail"),
            clock_file,
            dbs: vec![a, c, b, m],
        }
    }

    /// catalog-svc on `config`, at `addr` (None: any free port).
    pub async fn start_catalog(config: &catalog_svc::Config, addr: Option<SocketAddr>) -> Server {
        catalog_svc::seed::keep_demo_photos();
        let catalog = catalog_svc::start(config).await.expect("catalog starts");
        Running::start(addr, |l, stop| catalog_svc::serve(catalog, l, stop)).await
    }

    /// Where each service is now.
    pub fn addrs(&self) -> BackendAddrs {
        BackendAddrs {
            accounts: self.accounts.addr.to_string(),
            catalog: self.catalog.addr.to_string(),
            booking: self.booking.addr.to_string(),
            messaging: self.messaging.addr.to_string(),
        }
    }

    /// The gateway's state on these services: calls with `deadline`, `limiter`'s counters, and
    /// nginx's `X-Real-IP` trusted or not.
    pub fn state(&self, deadline: Duration, limiter: RateLimiter, trust_proxy: bool) -> AppState {
        let backends = Backends::new(&self.addrs(), deadline).unwrap();
        AppState::new(backends, JWT_SECRET.to_vec(), limiter, trust_proxy)
    }

    /// The test database of `service` ("accounts", "catalog", "booking", "messaging").
    pub fn db(&self, service: &str) -> &TestDb {
        self.dbs.iter().find(|d| d.config.service == service).unwrap()
    }

    pub async fn stop(self) {
        for s in [self.accounts, self.catalog, self.booking, self.messaging] {
            s.stop().await;
        }
        for db in self.dbs {
            db.cleanup().await;
        }
    }
}

/// A request in `language` (`None`: no Accept-Language), with a JSON body and a session when given.
pub fn request(
    method: &str,
    uri: &str,
    language: Option<&str>,
    token: Option<&str>,
    body: Option<Value>,
) -> Request<Body> {
    let mut r = Request::builder().method(method).uri(uri);
    if let Some(l) = language {
        r = r.header(header::ACCEPT_LANGUAGE, l);
    }
    if let Some(t) = token {
        r = r.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    match body {
        Some(b) => r.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())).unwrap(),
        None => r.body(Body::empty()).unwrap(),
    }
}

/// Signs a demo account in (every demo password is `mtaani-demo`) and gives its token.
pub async fn sign_in(app: &Router, email: &str) -> String {
    let body = serde_json::json!({"email": email, "password": "mtaani-demo"});
    let r = call(app, request("POST", "/api/login", None, None, Some(body))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", String::from_utf8_lossy(&r.body));
    r.json()["token"].as_str().unwrap().to_owned()
}

/// Makes the signed-in provider confirm each booking themselves (instant booking off, the rest of
/// their plan kept): for tests of the request, confirm and decline flows with a demo provider who
/// books instantly.
pub async fn confirm_each_booking(app: &Router, token: &str) {
    let mut plan = call(app, request("GET", "/api/account/hours", None, Some(token), None)).await.json();
    plan["instantBooking"] = false.into();
    let saved = call(app, request("PUT", "/api/account/hours", None, Some(token), Some(plan))).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", String::from_utf8_lossy(&saved.body));
    assert_eq!(saved.json()["instantBooking"], false);
}

/// What the gateway answered a request: its status, headers and body as they came.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as JSON; a body that is not JSON fails the test and shows it.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&self.body)))
    }

    /// The body as JSON, or null when it is not JSON (for tests that judge such an answer).
    pub fn json_or_null(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }

    /// The (first) value of the header `name`, "" when there is none.
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", |v| v.to_str().unwrap())
    }

    /// Every value of the header `name` (several layers may each add a `Vary`), joined with ", ".
    pub fn header_values(&self, name: &str) -> String {
        self.headers.get_all(name).iter().map(|v| v.to_str().unwrap()).collect::<Vec<_>>().join(", ")
    }
}

/// Sends `request` to `app` and reads the whole answer.
pub async fn call(app: &Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let body = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    Answer { status, headers, body }
}

/// The text of every file in `dir` named `*.ext` (the e-mails, `eml`, and SMS, `txt`, that the
/// embedded run writes); none when `dir` is not there yet.
pub fn files_in(dir: &Path, ext: &str) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect::<Vec<_>>())
        .unwrap_or_default()
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect()
}

/// The SMS the embedded run writes as text files in `dir`, as (recipient, text), only those to `to`
/// when given; waits up to 15 s until there are `n`.
pub async fn sms_files(dir: &Path, to: Option<&str>, n: usize) -> Vec<(String, String)> {
    let what = format!("{n} SMS{} in {}", to.map(|to| format!(" to {to}")).unwrap_or_default(), dir.display());
    eventually(&what, Duration::from_secs(15), async || {
        let texts: Vec<(String, String)> = files_in(dir, "txt")
            .iter()
            .filter_map(|t| {
                let (head, text) = t.split_once("\n\n")?;
                Some((head.strip_prefix("To: ")?.to_owned(), text.trim_end().to_owned()))
            })
            .filter(|(recipient, _)| to.is_none_or(|to| recipient == to))
            .collect();
        if texts.len() >= n { Ok(texts) } else { Err(format!("{} so far", texts.len())) }
    })
    .await
}
