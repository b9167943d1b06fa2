//! The Daraja client against a Daraja-compatible server on loopback, written for these tests: the
//! OAuth token (cached, renewed when revoked), the STK push with its password and fields checked the
//! way Safaricom checks them, Daraja's error answers, and the STK query while pending and when done.

use std::{
    net::SocketAddr,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
};

use accounts_svc::mpesa::{Daraja, DarajaConfig, DarajaError, Push, QueryAnswer, password};
use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    routing::{get, post},
};
use base64::Engine;
use serde_json::{Value, json};

const KEY: &str = "test-consumer-key";
const SECRET: &str = "test-consumer-secret";
const SHORTCODE: &str = "174379";
const PASSKEY: &str = "test-passkey";

#[derive(Default)]
struct Fake {
    tokens_issued: AtomicUsize,
    current_token: Mutex<String>,
    revoke_next: AtomicBool,
    pushes: Mutex<Vec<Value>>,
    queries: AtomicUsize,
}

type Shared = Arc<Fake>;

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

/// Pending on the first ask; then the push is answered: the first push paid, the others cancelled.
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
    if fake.queries.fetch_add(1, Ordering::SeqCst) == 0 {
        return daraja_error(StatusCode::INTERNAL_SERVER_ERROR, "500.001.1001", "The transaction is being processed");
    }
    let id = body["CheckoutRequestID"].as_str().unwrap_or_default();
    let (code, desc) = if id.ends_with("0001") {
        ("0", "The service request is processed successfully.")
    } else {
        ("1032", "Request cancelled by user")
    };
    (
        StatusCode::OK,
        Json(json!({"ResponseCode": "0", "ResponseDescription": "The service request has been accepted successsfully",
            "MerchantRequestID": "29115-3462-1", "CheckoutRequestID": id, "ResultCode": code, "ResultDesc": desc})),
    )
}

async fn start_fake() -> (Shared, SocketAddr) {
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

fn client(addr: SocketAddr, secret: &str) -> Daraja {
    Daraja::new(DarajaConfig {
        base_url: format!("http://{addr}"),
        consumer_key: KEY.into(),
        consumer_secret: secret.into(),
        shortcode: SHORTCODE.into(),
        passkey: PASSKEY.into(),
        callback_url: "https://mtaani.example/api/payments/mpesa/callback".into(),
    })
}

fn push(phone: &str) -> Push<'_> {
    Push { amount: 1500, phone, account_reference: "MTAANI-STD-0001-X", description: "Mtaani Standard package" }
}

#[tokio::test]
async fn pushes_and_queries_like_daraja_wants_them() {
    let (fake, addr) = start_fake().await;
    let daraja = client(addr, SECRET);
    let now = chrono::Utc::now();

    let first = daraja.stk_push(&push("254712345678"), now).await.unwrap();
    assert_eq!(first.checkout_request_id, "ws_CO_26112026120001");
    let second = daraja.stk_push(&push("254712345678"), now).await.unwrap();
    assert_eq!(fake.tokens_issued.load(Ordering::SeqCst), 1, "the token is cached");
    let sent = fake.pushes.lock().unwrap()[0].clone();
    assert_eq!((sent["Amount"].as_i64(), sent["AccountReference"].as_str()), (Some(1500), Some("MTAANI-STD-0")));

    // Daraja's own refusals come back with its code; a revoked token is renewed on the next call.
    match daraja.stk_push(&push("254000"), now).await {
        Err(DarajaError::Refused { status: 400, code, message }) => {
            assert_eq!((code.as_str(), message.as_str()), ("400.002.02", "Bad Request - Invalid PhoneNumber"));
        }
        other => panic!("{other:?}"),
    }
    fake.revoke_next.store(true, Ordering::SeqCst);
    assert!(matches!(daraja.stk_push(&push("254712345678"), now).await, Err(DarajaError::Refused { status: 401, .. })));
    assert!(daraja.stk_push(&push("254712345678"), now).await.is_ok());
    assert_eq!(fake.tokens_issued.load(Ordering::SeqCst), 2);

    assert_eq!(daraja.stk_query(&first.checkout_request_id, now).await.unwrap(), QueryAnswer::Pending);
    match daraja.stk_query(&first.checkout_request_id, now).await.unwrap() {
        QueryAnswer::Done(o) => {
            assert_eq!((o.result_code, o.checkout_request_id.as_str()), (0, "ws_CO_26112026120001"))
        }
        QueryAnswer::Pending => panic!("answered by now"),
    }
    match daraja.stk_query(&second.checkout_request_id, now).await.unwrap() {
        QueryAnswer::Done(o) => assert_eq!(o.result_code, 1032),
        QueryAnswer::Pending => panic!("answered by now"),
    }

    let wrong = client(addr, "not-the-secret");
    assert!(matches!(wrong.stk_push(&push("254712345678"), now).await, Err(DarajaError::Refused { status: 400, .. })));
}
