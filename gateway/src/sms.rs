//! SMS, outside the API document:
//!
//! - `GET /s/{code}`: the short link an SMS carries, answered with a redirect to the page it stands for
//!   (a customer's change-or-cancel page); an unknown or expired code gets a small page saying so.
//! - `POST /api/sms/opt-out?key=…`: Africa's Talking's callbacks, form-encoded: the bulk SMS opt-out
//!   callback (`senderId`, `phoneNumber`) and incoming messages (`from`, `text`) whose text is STOP.
//!   Either way the number gets no more SMS. The key (`SMS_CALLBACK_KEY`, set in the callback URL
//!   registered with Africa's Talking) keeps strangers from opting other people out; without it the
//!   callback is not served.

use axum::{
    Form, Router,
    extract::{Path, Query, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use mtaani_proto::messaging::v1 as pb;
use mtaani_proto::text::said;
use serde::Deserialize;

use crate::{
    AppState,
    error::{ApiError, ApiResult},
};

/// The short links: HTML answers, outside the API's JSON errors.
pub fn links() -> Router<AppState> {
    Router::new().route("/s/{code}", get(short_link))
}

/// Africa's Talking's callbacks.
pub fn callbacks() -> Router<AppState> {
    Router::new().route("/api/sms/opt-out", post(opt_out))
}

const EXPIRED: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
     content=\"width=device-width,initial-scale=1\"><meta name=\"robots\" content=\"noindex\"><title>Link expired · \
     Mtaani</title></head><body><h1>This link is not valid or has expired.</h1><p>Your booking's e-mail has the \
     full link.</p><p><a href=\"/\">Go to Mtaani</a></p></body></html>";

async fn short_link(State(state): State<AppState>, Path(code): Path<String>) -> Response {
    let request = pb::ResolveShortLinkRequest { code };
    let answer = state.backends.messaging.clone().resolve_short_link(request).await;
    let mut response = match answer {
        Ok(found) => {
            let path = found.into_inner().path;
            // Only a path on this site: a stored value never sends anyone elsewhere.
            if !path.starts_with('/') || path.starts_with("//") {
                return (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], EXPIRED)
                    .into_response();
            }
            let mut r = StatusCode::FOUND.into_response();
            match HeaderValue::from_str(&path) {
                Ok(location) => {
                    r.headers_mut().insert(header::LOCATION, location);
                }
                Err(_) => *r.status_mut() = StatusCode::NOT_FOUND,
            }
            r
        }
        Err(s) if s.code() == tonic::Code::NotFound => {
            (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], EXPIRED).into_response()
        }
        Err(s) => return ApiError::from(s).into_response(),
    };
    let headers = response.headers_mut();
    // The link leads to a page with a token in its address: not cached, not passed on as a referrer.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noindex"));
    response
}

#[derive(Debug, Deserialize)]
pub struct CallbackKey {
    #[serde(default)]
    key: String,
}

/// What Africa's Talking posts: the opt-out callback's fields or an incoming message's.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Callback {
    phone_number: String,
    from: String,
    text: String,
}

async fn opt_out(
    State(state): State<AppState>,
    Query(CallbackKey { key }): Query<CallbackKey>,
    Form(callback): Form<Callback>,
) -> ApiResult<Response> {
    match state.sms_callback_key.as_deref() {
        Some(expected) if mtaani_proto::token::same_secret(expected, &key) => {}
        _ => return Err(ApiError::new(StatusCode::NOT_FOUND, said::not_found())),
    }
    let phone = if !callback.phone_number.trim().is_empty() {
        callback.phone_number
    } else if callback.text.trim().eq_ignore_ascii_case("stop") && !callback.from.trim().is_empty() {
        callback.from
    } else {
        // Another incoming message: nothing to do, and Africa's Talking must not retry it.
        return Ok(StatusCode::OK.into_response());
    };
    state.backends.messaging.clone().opt_out_sms(pb::OptOutSmsRequest { phone }).await?;
    Ok(StatusCode::OK.into_response())
}
