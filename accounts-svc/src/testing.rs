//! A Daraja-compatible server on loopback, written for the tests: OAuth token, STK push (checked the
//! way Safaricom checks it), STK query (pending on the first ask, then the push's result), and
//! callbacks as Safaricom sends them. Built with the `testing` feature only, for accounts-svc's tests
//! and the system tests.

use std::{
    net::SocketAddr,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
};

use crate::mpesa::{Daraja, DarajaConfig, Push, password};
use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    routing::{get, post},
};
use base64::Engine;
use serde_json::{Value, json};

pub const KEY: &str = "test-consumer-key";
pub const SECRET: &str = "test-consumer-secret";
pub const SHORTCODE: &str = "174379";
pub const PASSKEY: &str = "test-passkey";

#[derive(Default)]
pub struct Fake {
    pub tokens_issued: AtomicUsize,
    pub current_token: Mutex<String>,
    pub revoke_next: AtomicBool,
    pub pushes: Mutex<Vec<Value>>,
    pub queries: AtomicUsize,
    /// The result code the STK query gives for a push; a push not listed is still pending.
    pub query_answers: Mutex<std::collections::HashMap<String, i32>>,
}

pub type Shared = Arc<Fake>;

fn daraja_error(status: StatusCode, code: &str, message: &str) -> (StatusCode, Json<Value>) {
    (status, Json(json!({"requestId": "fake-1", "errorCode": code, "errorMessage": message})))
}

async fn token(State(fake): State<Shared>, headers: HeaderMap) -> (StatusCode, Json<Value>) {
    let expected = base64::engine::general_purpose::STANDARD.encode(format!("{KEY}:{SECRET}"));
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(&format!("Basic {expected}")) {
        return daraja_error(StatusCode::BAD_REQUEST, "400.008.01", "Invalid Authentication passed");
    }
    let n = fake.tokens_issued.fetch_add(1, Ordering::SeqCst) + 1;
    let token = format!("token-{n}");
    *fake.current_token.lock().unwrap() = token.clone();
    (StatusCode::OK, Json(json!({"access_token": token, "expires_in": "3599"})))
}

fn authorised(fake: &Fake, headers: &HeaderMap) -> bool {
    let revoked = fake.revoke_next.swap(false, Ordering::SeqCst);
    let sent = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    !revoked && sent == format!("Bearer {}", fake.current_token.lock().unwrap())
}

fn password_ok(body: &Value) -> bool {
    let ts = body["Timestamp"].as_str().unwrap_or_default();
    ts.len() == 14 && body["Password"].as_str() == Some(&password(SHORTCODE, PASSKEY, ts))
}

async fn stk_push(
    State(fake): State<Shared>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    if !authorised(&fake, &headers) {
        return daraja_error(StatusCode::UNAUTHORIZED, "404.001.04", "Invalid Access Token");
    }
    if !password_ok(&body) || body["BusinessShortCode"] != SHORTCODE || body["PartyB"] != SHORTCODE {
        return daraja_error(StatusCode::BAD_REQUEST, "400.002.02", "Bad Request - Invalid Password");
    }
    let phone = body["PhoneNumber"].as_str().unwrap_or_default();
    if !(phone.len() == 12 && phone.starts_with("2547") || phone.starts_with("2541")) || body["PartyA"] != phone {
        return daraja_error(StatusCode::BAD_REQUEST, "400.002.02", "Bad Request - Invalid PhoneNumber");
    }
    if body["TransactionType"] != "CustomerPayBillOnline"
        || body["Amount"].as_i64().is_none_or(|a| a < 1)
        || body["AccountReference"].as_str().is_none_or(|r| r.is_empty() || r.len() > 12)
        || body["CallBackURL"].as_str().is_none_or(|u| !u.starts_with("http"))
    {
        return daraja_error(StatusCode::BAD_REQUEST, "400.002.02", "Bad Request - Invalid request");
    }
    let mut pushes = fake.pushes.lock().unwrap();
    pushes.push(body);
    let n = pushes.len();
    (
        StatusCode::OK,
        Json(json!({
            "MerchantRequestID": format!("29115-3462-{n}"),
            "CheckoutRequestID": format!("ws_CO_2611202612000{n}"),
            "ResponseCode": "0",
            "ResponseDescription": "Success. Request accepted for processing",
            "CustomerMessage": "Success. Request accepted for processing"
        })),
    )
}

/// The result the test set for the push, or "still being processed".
async fn stk_query(
    State(fake): State<Shared>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    if !authorised(&fake, &headers) {
        return daraja_error(StatusCode::UNAUTHORIZED, "404.001.04", "Invalid Access Token");
    }
    if !password_ok(&body) {
        return daraja_error(StatusCode::BAD_REQUEST, "400.002.02", "Bad Request - Invalid Password");
    }
    fake.queries.fetch_add(1, Ordering::SeqCst);
    let id = body["CheckoutRequestID"].as_str().unwrap_or_default();
    let Some(code) = fake.query_answers.lock().unwrap().get(id).copied() else {
        return daraja_error(StatusCode::INTERNAL_SERVER_ERROR, "500.001.1001", "The transaction is being processed");
    };
    let desc = if code == 0 { "The service request is processed successfully." } else { "Request cancelled by user" };
    (
        StatusCode::OK,
        Json(json!({"ResponseCode": "0", "ResponseDescription": "The service request has been accepted successsfully",
            "MerchantRequestID": "29115-3462-1", "CheckoutRequestID": id, "ResultCode": code.to_string(), "ResultDesc": desc})),
    )
}

impl Fake {
    /// What the STK query will answer for `checkout_request_id` from now on.
    pub fn answer_query(&self, checkout_request_id: &str, result_code: i32) {
        self.query_answers.lock().unwrap().insert(checkout_request_id.to_owned(), result_code);
    }
}

pub async fn start_fake() -> (Shared, SocketAddr) {
    let fake: Shared = Arc::default();
    let app = Router::new()
        .route("/oauth/v1/generate", get(token))
        .route("/mpesa/stkpush/v1/processrequest", post(stk_push))
        .route("/mpesa/stkpushquery/v1/query", post(stk_query))
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (fake, addr)
}

pub fn client(addr: SocketAddr, secret: &str) -> Daraja {
    Daraja::new(DarajaConfig {
        base_url: format!("http://{addr}"),
        consumer_key: KEY.into(),
        consumer_secret: secret.into(),
        shortcode: SHORTCODE.into(),
        passkey: PASSKEY.into(),
        callback_url: "https://mtaani.example/api/payments/mpesa/callback".into(),
    })
}

pub fn push(phone: &str) -> Push<'_> {
    Push { amount: 1500, phone, account_reference: "MTAANI-STD-0001-X", description: "Mtaani Standard package" }
}

/// The callback Safaricom posts for a push: paid (with its metadata) or not.
pub fn callback(checkout_request_id: &str, result_code: i32, amount: i64, receipt: &str) -> Vec<u8> {
    let mut cb = json!({
        "MerchantRequestID": "29115-3462-1",
        "CheckoutRequestID": checkout_request_id,
        "ResultCode": result_code,
        "ResultDesc": if result_code == 0 { "The service request is processed successfully." } else { "Request cancelled by user" },
    });
    if result_code == 0 {
        cb["CallbackMetadata"] = json!({"Item": [
            {"Name": "Amount", "Value": amount},
            {"Name": "MpesaReceiptNumber", "Value": receipt},
            {"Name": "TransactionDate", "Value": 20261121101530_i64},
            {"Name": "PhoneNumber", "Value": 254712345678_i64},
        ]});
    }
    json!({"Body": {"stkCallback": cb}}).to_string().into_bytes()
}
