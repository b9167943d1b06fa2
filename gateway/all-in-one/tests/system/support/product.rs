//! The product as a visitor meets it: the four services and the gateway's router on them, started
//! for one test with its [`Options`]; its API called as the web app calls it; the e-mails and SMS it
//! sends, read as their recipients get them.

use std::time::Duration;

use axum::{
    Router,
    body::Body,
    http::{Request, StatusCode},
};
use booking_svc::testing::{day, today};
use chrono::Duration as Days;
use gateway::{AppState, limits::RateLimiter};
use mtaani_runtime::testing::TestDb;
use serde_json::{Value, json};
use sqlx::AnyPool;

use super::{Answer, Mailbox, Queues, Services, SmsBox, call, pool, request};

/// How a test starts the product; [`Options::start`] starts it.
pub struct Options {
    db: fn(&'static str) -> TestDb,
    admin_totp_required: bool,
    limiter: RateLimiter,
    deadline: Duration,
    trust_proxy: bool,
    sms_callback_key: Option<&'static str>,
}

impl Default for Options {
    /// On SQLite, rate limits counted in the process, a deadline a debug build meets with room.
    fn default() -> Self {
        Self {
            db: TestDb::sqlite,
            admin_totp_required: false,
            limiter: RateLimiter::in_process(),
            deadline: Duration::from_secs(5),
            trust_proxy: false,
            sms_callback_key: None,
        }
    }
}

impl Options {
    /// On `db`: `TestDb::sqlite` or `TestDb::postgres`.
    pub fn on(mut self, db: fn(&'static str) -> TestDb) -> Self {
        self.db = db;
        self
    }

    /// Operators need their authenticator code as well as their password.
    pub fn admin_totp_required(mut self) -> Self {
        self.admin_totp_required = true;
        self
    }

    /// The gateway counts its rate limits with `limiter`.
    pub fn limiter(mut self, limiter: RateLimiter) -> Self {
        self.limiter = limiter;
        self
    }

    /// The gateway gives every call to a service `deadline`.
    pub fn deadline(mut self, deadline: Duration) -> Self {
        self.deadline = deadline;
        self
    }

    /// The gateway trusts nginx's `X-Real-IP`, so that each request can come from an address of its own.
    pub fn trusting_proxy(mut self) -> Self {
        self.trust_proxy = true;
        self
    }

    /// Africa's Talking's callbacks must carry `key`.
    pub fn sms_callback_key(mut self, key: &'static str) -> Self {
        self.sms_callback_key = Some(key);
        self
    }

    pub async fn start(self) -> Product {
        let services = Services::start(self.db, self.admin_totp_required).await;
        let mut state = services.state(self.deadline, self.limiter.clone(), self.trust_proxy);
        if let Some(key) = self.sms_callback_key {
            state = state.configure(|s| s.sms_callback_key = Some(key.into()));
        }
        Product {
            app: gateway::app(state.clone(), None),
            state,
            mail: Mailbox::new(&services.mail_dir),
            sms: SmsBox::new(&services.sms_dir),
            services,
            options: self,
        }
    }
}

/// The four services and the gateway on them.
pub struct Product {
    pub services: Services,
    /// The gateway's state: its clients of the services, its cache, its rate limiter.
    pub state: AppState,
    /// The gateway's router on `state`, without the web app.
    pub app: Router,
    /// The e-mails sent so far.
    pub mail: Mailbox,
    /// The SMS sent so far.
    pub sms: SmsBox,
    options: Options,
}

impl Product {
    /// On SQLite, with the default [`Options`].
    pub async fn start() -> Self {
        Options::default().start().await
    }

    /// Options to start it with.
    pub fn options() -> Options {
        Options::default()
    }

    /// A gateway's state of its own on the same services (its own cache and connections), as a
    /// second replica would have.
    pub fn new_state(&self) -> AppState {
        self.services.state(self.options.deadline, self.options.limiter.clone(), self.options.trust_proxy)
    }

    /// Sends `request` to the gateway.
    pub async fn send(&self, request: Request<Body>) -> Answer {
        call(&self.app, request).await
    }

    /// `GET uri` without a session.
    pub async fn get(&self, uri: &str) -> Answer {
        self.send(request("GET", uri, None, None, None)).await
    }

    /// `POST uri` with a JSON body, without a session.
    pub async fn post(&self, uri: &str, body: Value) -> Answer {
        self.send(request("POST", uri, None, None, Some(body))).await
    }

    /// `method uri`, with the session `token` and a JSON body when given.
    pub async fn call(&self, method: &str, uri: &str, token: Option<&str>, body: Option<Value>) -> Answer {
        self.send(request(method, uri, None, token, body)).await
    }

    /// A sign-in attempt, as answered.
    pub async fn log_in(&self, email: &str, password: &str) -> Answer {
        self.post("/api/login", json!({"email": email, "password": password})).await
    }

    /// Signs `email` in and gives the session's token.
    pub async fn sign_in(&self, email: &str, password: &str) -> String {
        let answer = self.log_in(email, password).await;
        assert_eq!(answer.status, StatusCode::OK, "{email} signs in: {}", answer.text());
        answer.json()["token"].as_str().unwrap().to_owned()
    }

    /// Makes the signed-in provider confirm each booking themselves (instant booking off, the rest of
    /// their plan kept): for tests of the request, confirm and decline flows with a demo provider who
    /// books instantly.
    pub async fn confirm_each_booking(&self, token: &str) {
        let mut plan = self.call("GET", "/api/account/hours", Some(token), None).await.json();
        plan["instantBooking"] = false.into();
        let saved = self.call("PUT", "/api/account/hours", Some(token), Some(plan)).await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
        assert_eq!(saved.json()["instantBooking"], false);
    }

    /// The bookable starts of `listing` on `date` (`YYYY-MM-DD`), in order ("10:00 AM", …).
    pub async fn bookable(&self, listing: &str, date: &str) -> Vec<String> {
        let day = self.get(&format!("/api/appointments/availability?serviceId={listing}&date={date}")).await.json();
        day["slots"]
            .as_array()
            .map(|s| s.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    }

    /// The first `n` bookable starts of `listing` as (date, time), from `from_day` days ahead on
    /// (Nairobi), `per_day` at most on each day; fails when the next 60 days do not have them.
    pub async fn starts(&self, listing: &str, from_day: i64, per_day: usize, n: usize) -> Vec<(String, String)> {
        let mut found = Vec::new();
        for days in from_day..from_day + 60 {
            let date = day(today() + Days::days(days));
            for time in self.bookable(listing, &date).await.into_iter().take(per_day) {
                found.push((date.clone(), time));
                if found.len() == n {
                    return found;
                }
            }
        }
        panic!("fewer than {n} bookable starts of {listing} in 60 days");
    }

    /// A connection pool to the database of `service` ("accounts", "catalog", "booking", "messaging").
    pub async fn pool(&self, service: &str) -> AnyPool {
        pool(self.services.db(service)).await
    }

    /// The queues of every service, to wait until what was sent has arrived.
    pub async fn queues(&self) -> Queues {
        Queues::of(&self.services.dbs).await
    }

    /// Waits until every notification stored so far has reached its recipient's file.
    pub async fn delivered(&self) {
        let queues = self.queues().await;
        queues.drained().await;
        queues.close().await;
    }

    pub async fn stop(self) {
        self.services.stop().await;
    }
}
