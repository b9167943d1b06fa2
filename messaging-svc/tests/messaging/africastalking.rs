//! An Africa's-Talking-compatible SMS server on loopback, written for the tests: `POST
//! /version1/messaging` with the `apiKey` header and a form of `username`, `to`, `message` and
//! optionally `from`, answered the way Africa's Talking answers (201 with `SMSMessageData`, a status
//! per recipient). What it answers is scripted: by number (an invalid one, a blacklisted one, one out
//! of balance for a while) and by the whole server (5xx for the next calls).

use std::{
    collections::HashMap,
    net::SocketAddr,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
};

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::post,
};

pub const USERNAME: &str = "mtaani";
pub const API_KEY: &str = "atsk_test_key_0123456789";
/// Africa's Talking refuses it as InvalidPhoneNumber (403).
pub const INVALID: &str = "+254700000403";
/// Blacklisted (406).
pub const BLACKLISTED: &str = "+254700000406";

/// One SMS the server accepted.
#[derive(Debug, Clone)]
pub struct Sent {
    pub to: String,
    pub message: String,
    pub from: Option<String>,
    pub message_id: String,
}

#[derive(Default)]
pub struct Fake {
    pub sent: Mutex<Vec<Sent>>,
    /// Every call, accepted or not, by number.
    pub calls: Mutex<HashMap<String, usize>>,
    /// Answer 500 to this many coming calls.
    pub server_errors: AtomicUsize,
    /// Numbers answered InsufficientBalance (405) this many more times.
    pub out_of_balance: Mutex<HashMap<String, usize>>,
}

impl Fake {
    pub fn sent(&self) -> Vec<Sent> {
        self.sent.lock().unwrap().clone()
    }
    pub fn calls_to(&self, number: &str) -> usize {
        self.calls.lock().unwrap().get(number).copied().unwrap_or(0)
    }
}

fn recipient(number: &str, code: u16, status: &str, id: &str) -> serde_json::Value {
    serde_json::json!({"statusCode": code, "number": number, "status": status,
        "cost": if code < 200 { "KES 0.8000" } else { "0" }, "messageId": id})
}

async fn messaging(State(fake): State<Arc<Fake>>, headers: HeaderMap, body: String) -> Response {
    if fake.server_errors.load(Ordering::SeqCst) > 0 {
        fake.server_errors.fetch_sub(1, Ordering::SeqCst);
        return (StatusCode::INTERNAL_SERVER_ERROR, "Internal Server Error").into_response();
    }
    if headers.get("apiKey").and_then(|v| v.to_str().ok()) != Some(API_KEY) {
        return (StatusCode::UNAUTHORIZED, "The supplied authentication is invalid").into_response();
    }
    if !headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"))
    {
        return (StatusCode::UNSUPPORTED_MEDIA_TYPE, "Unsupported media type").into_response();
    }
    let form: HashMap<String, String> = form_urlencoded::parse(body.as_bytes()).into_owned().collect();
    let field = |name: &str| form.get(name).cloned().unwrap_or_default();
    if field("username") != USERNAME {
        return (StatusCode::UNAUTHORIZED, "The supplied authentication is invalid").into_response();
    }
    let (to, message) = (field("to"), field("message"));
    if to.is_empty() || message.is_empty() {
        return (StatusCode::BAD_REQUEST, "Must have to and message").into_response();
    }
    *fake.calls.lock().unwrap().entry(to.clone()).or_default() += 1;
    let short_of_balance = {
        let mut balance = fake.out_of_balance.lock().unwrap();
        match balance.get_mut(&to) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        }
    };
    let one = |r: serde_json::Value, summary: &str| {
        let body = serde_json::json!({"SMSMessageData": {"Message": summary, "Recipients": [r]}});
        (StatusCode::CREATED, axum::Json(body)).into_response()
    };
    match to.as_str() {
        INVALID => return one(recipient(&to, 403, "InvalidPhoneNumber", "None"), "Sent to 0/1 Total Cost: 0"),
        BLACKLISTED => return one(recipient(&to, 406, "UserInBlacklist", "None"), "Sent to 0/1 Total Cost: 0"),
        _ if short_of_balance => {
            return one(recipient(&to, 405, "InsufficientBalance", "None"), "Sent to 0/1 Total Cost: 0");
        }
        _ => {}
    }
    let mut sent = fake.sent.lock().unwrap();
    let message_id = format!("ATXid_{}", sent.len() + 1);
    let from = form.get("from").cloned();
    sent.push(Sent { to: to.clone(), message, from, message_id: message_id.clone() });
    one(recipient(&to, 101, "Success", &message_id), "Sent to 1/1 Total Cost: KES 0.8000")
}

/// Starts the server on a free loopback port; answers it and its base URL.
pub async fn start() -> (Arc<Fake>, String) {
    let fake = Arc::new(Fake::default());
    let app = Router::new().route("/version1/messaging", post(messaging)).with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr: SocketAddr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (fake, format!("http://{addr}"))
}
