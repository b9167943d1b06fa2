//! M-Pesa through Safaricom's Daraja API: the OAuth token (cached until it expires), the STK push
//! that asks the seller's phone for their PIN, the STK query for a push whose callback never came,
//! and the callback's parsing. The callback is public: nothing in it is trusted beyond matching a
//! payment we started (see `payments`).

use std::time::{Duration, Instant};

use base64::Engine;
use bytes::Bytes;
use chrono::{DateTime, FixedOffset, Utc};
use hyper::{Method, StatusCode};
use mtaani_proto::text::{Text, said};
use mtaani_runtime::http::{Answer, HttpClient};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Mutex;

/// `MPESA_*`: which Daraja, and the till's credentials.
#[derive(Clone)]
pub struct DarajaConfig {
    /// `MPESA_BASE_URL`, else by `MPESA_ENV`: `https://sandbox.safaricom.co.ke` or `https://api.safaricom.co.ke`.
    pub base_url: String,
    pub consumer_key: String,
    pub consumer_secret: String,
    /// The paybill or till (BusinessShortCode and PartyB).
    pub shortcode: String,
    pub passkey: String,
    /// Where Safaricom posts results: `{PUBLIC_BASE_URL}/api/payments/mpesa/callback` in production.
    pub callback_url: String,
}

impl std::fmt::Debug for DarajaConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DarajaConfig")
            .field("base_url", &self.base_url)
            .field("shortcode", &self.shortcode)
            .field("callback_url", &self.callback_url)
            .finish_non_exhaustive()
    }
}

/// Why a Daraja call did not give an answer we can use.
#[derive(Debug, thiserror::Error)]
pub enum DarajaError {
    #[error(transparent)]
    Http(#[from] mtaani_runtime::http::HttpError),
    /// Daraja refused the request (`errorCode`, `errorMessage`), e.g. a bad phone number.
    #[error("M-Pesa refused the request: {code} {message}")]
    Refused { status: u16, code: String, message: String },
    #[error("M-Pesa answered something unreadable ({0})")]
    Unreadable(String),
}

/// A push Daraja accepted: the phone is now asking for the PIN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushAccepted {
    pub merchant_request_id: String,
    pub checkout_request_id: String,
    pub customer_message: String,
}

/// A payment's outcome, from the callback or the query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub checkout_request_id: String,
    pub result_code: i32,
    pub result_desc: String,
    /// On success (callback only): what was paid, the receipt, when and from which number.
    pub amount: Option<i64>,
    pub receipt: Option<String>,
    pub transaction_date: Option<String>,
    pub phone: Option<String>,
}

/// What the STK query says about a push.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueryAnswer {
    /// The customer has not answered yet.
    Pending,
    Done(Outcome),
}

/// A request to pay.
#[derive(Debug, Clone)]
pub struct Push<'a> {
    pub amount: i64,
    /// `2547…`, digits only.
    pub phone: &'a str,
    /// Shown on the phone; at most 12 characters.
    pub account_reference: &'a str,
    pub description: &'a str,
}

pub struct Daraja {
    config: DarajaConfig,
    http: HttpClient,
    token: Mutex<Option<(String, Instant)>>,
}

impl std::fmt::Debug for Daraja {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Daraja").field("config", &self.config).finish_non_exhaustive()
    }
}

/// Daraja's timestamps are East Africa Time, `YYYYMMDDHHmmss`.
pub fn timestamp(at: DateTime<Utc>) -> String {
    let eat = FixedOffset::east_opt(3 * 3600).expect("a valid offset");
    at.with_timezone(&eat).format("%Y%m%d%H%M%S").to_string()
}

/// `base64(shortcode + passkey + timestamp)`.
pub fn password(shortcode: &str, passkey: &str, timestamp: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(format!("{shortcode}{passkey}{timestamp}"))
}

/// A number as Daraja wants it: `2547…` (from `+2547…`, `07…`, `7…`).
pub fn msisdn(phone: &str) -> Option<String> {
    let cleaned = mtaani_proto::phone::clean(phone)?;
    let digits: String = cleaned.chars().filter(char::is_ascii_digit).collect();
    (digits.len() == 12 && digits.starts_with("254")).then_some(digits)
}

/// A result code in the seller's words.
pub fn result_message(code: i32) -> Text {
    match code {
        0 => said::payment_received(),
        1 => said::mpesa_balance_too_low(),
        1032 => said::payment_cancelled_on_phone(),
        1037 => said::phone_not_reached(),
        2001 => said::mpesa_pin_wrong(),
        1019 | 1025 | 1036 => said::payment_expired(),
        1001 => said::mpesa_payment_in_progress(),
        _ => said::payment_failed(),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct PushResponse {
    #[serde(rename = "MerchantRequestID")]
    merchant_request_id: String,
    #[serde(rename = "CheckoutRequestID")]
    checkout_request_id: String,
    response_code: String,
    #[serde(default)]
    response_description: String,
    #[serde(default)]
    customer_message: String,
}

fn json_of(answer: &Answer) -> Result<Value, DarajaError> {
    serde_json::from_slice(&answer.body).map_err(|e| DarajaError::Unreadable(format!("{} {e}", answer.status.as_u16())))
}

/// Daraja's error shape: `{requestId, errorCode, errorMessage}`.
fn refused(answer: &Answer) -> DarajaError {
    let v: Value = serde_json::from_slice(&answer.body).unwrap_or(Value::Null);
    let text = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
    DarajaError::Refused { status: answer.status.as_u16(), code: text("errorCode"), message: text("errorMessage") }
}

/// The code Daraja uses while a push is still waiting for the customer.
const STILL_PROCESSING: &str = "500.001.1001";

fn code_of(v: &Value, key: &str) -> Option<i32> {
    match v.get(key)? {
        Value::String(s) => s.trim().parse().ok(),
        Value::Number(n) => n.as_i64().and_then(|n| i32::try_from(n).ok()),
        _ => None,
    }
}

impl Daraja {
    pub fn new(config: DarajaConfig) -> Self {
        Self { config, http: HttpClient::new(Duration::from_secs(15)), token: Mutex::new(None) }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.config.base_url.trim_end_matches('/'))
    }

    /// A bearer token, reused until a minute before it expires.
    async fn token(&self) -> Result<String, DarajaError> {
        let mut cached = self.token.lock().await;
        if let Some((token, until)) = cached.as_ref()
            && Instant::now() < *until
        {
            return Ok(token.clone());
        }
        let basic = base64::engine::general_purpose::STANDARD
            .encode(format!("{}:{}", self.config.consumer_key, self.config.consumer_secret));
        let answer = self
            .http
            .send(
                Method::GET,
                &self.url("/oauth/v1/generate?grant_type=client_credentials"),
                &[("authorization", &format!("Basic {basic}"))],
                Bytes::new(),
            )
            .await?;
        if answer.status != StatusCode::OK {
            return Err(refused(&answer));
        }
        let v = json_of(&answer)?;
        let token = v
            .get("access_token")
            .and_then(Value::as_str)
            .ok_or_else(|| DarajaError::Unreadable("no access_token".into()))?;
        let lifetime = code_of(&v, "expires_in").unwrap_or(3599).max(120) as u64;
        *cached = Some((token.to_owned(), Instant::now() + Duration::from_secs(lifetime - 60)));
        Ok(token.to_owned())
    }

    async fn post(&self, path: &str, body: &Value) -> Result<Answer, DarajaError> {
        let token = self.token().await?;
        let answer = self
            .http
            .send(
                Method::POST,
                &self.url(path),
                &[("authorization", &format!("Bearer {token}")), ("content-type", "application/json")],
                Bytes::from(body.to_string()),
            )
            .await?;
        if answer.status == StatusCode::UNAUTHORIZED {
            *self.token.lock().await = None; // revoked early: the next call fetches a new one
        }
        Ok(answer)
    }

    /// Asks `push.phone` to pay `push.amount` to the till.
    pub async fn stk_push(&self, push: &Push<'_>, now: DateTime<Utc>) -> Result<PushAccepted, DarajaError> {
        let ts = timestamp(now);
        let c = &self.config;
        let body = json!({
            "BusinessShortCode": c.shortcode,
            "Password": password(&c.shortcode, &c.passkey, &ts),
            "Timestamp": ts,
            "TransactionType": "CustomerPayBillOnline",
            "Amount": push.amount,
            "PartyA": push.phone,
            "PartyB": c.shortcode,
            "PhoneNumber": push.phone,
            "CallBackURL": c.callback_url,
            "AccountReference": push.account_reference.chars().take(12).collect::<String>(),
            "TransactionDesc": push.description.chars().take(13).collect::<String>(),
        });
        let answer = self.post("/mpesa/stkpush/v1/processrequest", &body).await?;
        if !answer.status.is_success() {
            return Err(refused(&answer));
        }
        let r: PushResponse = serde_json::from_slice(&answer.body)
            .map_err(|e| DarajaError::Unreadable(format!("STK push answer: {e}")))?;
        if r.response_code.trim() != "0" {
            return Err(DarajaError::Refused {
                status: answer.status.as_u16(),
                code: r.response_code,
                message: r.response_description,
            });
        }
        Ok(PushAccepted {
            merchant_request_id: r.merchant_request_id,
            checkout_request_id: r.checkout_request_id,
            customer_message: r.customer_message,
        })
    }

    /// What became of a push, for when its callback did not come.
    pub async fn stk_query(&self, checkout_request_id: &str, now: DateTime<Utc>) -> Result<QueryAnswer, DarajaError> {
        let ts = timestamp(now);
        let c = &self.config;
        let body = json!({
            "BusinessShortCode": c.shortcode,
            "Password": password(&c.shortcode, &c.passkey, &ts),
            "Timestamp": ts,
            "CheckoutRequestID": checkout_request_id,
        });
        let answer = self.post("/mpesa/stkpushquery/v1/query", &body).await?;
        let v = json_of(&answer)?;
        if v.get("errorCode").and_then(Value::as_str) == Some(STILL_PROCESSING) {
            return Ok(QueryAnswer::Pending);
        }
        if !answer.status.is_success() {
            return Err(refused(&answer));
        }
        let result_code = code_of(&v, "ResultCode").ok_or_else(|| DarajaError::Unreadable("no ResultCode".into()))?;
        Ok(QueryAnswer::Done(Outcome {
            checkout_request_id: checkout_request_id.to_owned(),
            result_code,
            result_desc: v.get("ResultDesc").and_then(Value::as_str).unwrap_or_default().to_owned(),
            amount: None,
            receipt: None,
            transaction_date: None,
            phone: None,
        }))
    }
}

/// The callback Safaricom posts: `{"Body": {"stkCallback": {…}}}`. None when it is not one.
pub fn parse_callback(body: &[u8]) -> Option<Outcome> {
    let v: Value = serde_json::from_slice(body).ok()?;
    let cb = v.get("Body")?.get("stkCallback")?;
    let text = |k: &str| cb.get(k).and_then(Value::as_str).map(str::to_owned);
    let mut outcome = Outcome {
        checkout_request_id: text("CheckoutRequestID").filter(|s| !s.is_empty() && s.len() <= 100)?,
        result_code: code_of(cb, "ResultCode")?,
        result_desc: text("ResultDesc").unwrap_or_default().chars().take(200).collect(),
        amount: None,
        receipt: None,
        transaction_date: None,
        phone: None,
    };
    let items = cb.get("CallbackMetadata").and_then(|m| m.get("Item")).and_then(Value::as_array);
    for item in items.into_iter().flatten() {
        let value = item.get("Value");
        let as_text = || match value {
            Some(Value::String(s)) => Some(s.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        };
        match item.get("Name").and_then(Value::as_str) {
            Some("Amount") => outcome.amount = value.and_then(Value::as_f64).map(|a| a.round() as i64),
            Some("MpesaReceiptNumber") => outcome.receipt = as_text().filter(|r| r.len() <= 40),
            Some("TransactionDate") => outcome.transaction_date = as_text(),
            Some("PhoneNumber") => outcome.phone = as_text(),
            _ => {}
        }
    }
    Some(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_timestamp_and_numbers() {
        let at = DateTime::parse_from_rfc3339("2026-11-21T06:05:09Z").unwrap().with_timezone(&Utc);
        assert_eq!(timestamp(at), "20261121090509", "East Africa Time");
        // Safaricom's sandbox example: shortcode 174379 with its public test passkey.
        let pw =
            password("174379", "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919", "20160216165627");
        assert_eq!(
            pw,
            "MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3"
        );
        assert_eq!(msisdn("0712 345 678").as_deref(), Some("254712345678"));
        assert_eq!(msisdn("+254712345678").as_deref(), Some("254712345678"));
        assert_eq!(msisdn("+1 415 555 0100"), None, "M-Pesa is Kenyan numbers only");
    }

    #[test]
    fn callbacks_are_read_and_anything_else_refused() {
        let success = br#"{"Body":{"stkCallback":{"MerchantRequestID":"29115-34620561-1","CheckoutRequestID":"ws_CO_191220191020363925","ResultCode":0,"ResultDesc":"The service request is processed successfully.","CallbackMetadata":{"Item":[{"Name":"Amount","Value":1500.00},{"Name":"MpesaReceiptNumber","Value":"NLJ7RT61SV"},{"Name":"TransactionDate","Value":20191219102115},{"Name":"PhoneNumber","Value":254708374149}]}}}}"#;
        let o = parse_callback(success).unwrap();
        assert_eq!((o.result_code, o.amount, o.receipt.as_deref()), (0, Some(1500), Some("NLJ7RT61SV")));
        assert_eq!((o.transaction_date.as_deref(), o.phone.as_deref()), (Some("20191219102115"), Some("254708374149")));
        let cancelled = br#"{"Body":{"stkCallback":{"MerchantRequestID":"1","CheckoutRequestID":"ws_CO_1","ResultCode":1032,"ResultDesc":"Request cancelled by user"}}}"#;
        assert_eq!(parse_callback(cancelled).unwrap().result_code, 1032);
        for junk in [&b"{}"[..], b"not json", br#"{"Body":{"stkCallback":{"ResultCode":0}}}"#, b""] {
            assert_eq!(parse_callback(junk), None);
        }
        assert_eq!(result_message(2001), said::mpesa_pin_wrong());
        assert_eq!(result_message(9999), said::payment_failed(), "an unknown code");
    }
}

/// Who takes the money.
#[derive(Debug, Clone)]
pub enum Provider {
    Daraja(std::sync::Arc<Daraja>),
    /// The embedded run's demo payments: no money moves.
    Simulated,
}

impl Provider {
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Provider::Daraja(_) => "daraja",
            Provider::Simulated => "simulated",
        }
    }
}
