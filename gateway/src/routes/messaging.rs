//! The contact form (SPEC §7 `POST /api/contact`).

use axum::{Json, Router, extract::State, http::HeaderMap, routing::post};
use mtaani_proto::messaging::v1 as pb;
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    auth::ClientAddr,
    error::{ApiError, ApiResult},
    extract::ApiJson,
    limits::CONTACT_MESSAGES,
    routes::idempotency_key,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/contact", post(contact))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ContactBody {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub subject: String,
    pub message: String,
}

#[derive(Debug, Serialize)]
pub struct ContactAnswer {
    pub id: String,
    pub message: &'static str,
}

async fn contact(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ContactBody>,
) -> ApiResult<Json<ContactAnswer>> {
    if state.limiter.hit(&format!("contact:{addr}"), CONTACT_MESSAGES.window).await > CONTACT_MESSAGES.limit {
        return Err(ApiError::new(
            axum::http::StatusCode::TOO_MANY_REQUESTS,
            "You have sent several messages in a short time. Please wait a few minutes and try again.",
        ));
    }
    let b = &state.backends;
    let request = pb::SubmitContactMessageRequest {
        name: body.name,
        email: body.email,
        phone: body.phone,
        subject: body.subject,
        message: body.message,
        idempotency_key: idempotency_key(&headers),
    };
    let r = b.messaging.clone().submit_contact_message(b.request(request)).await?.into_inner();
    Ok(Json(ContactAnswer { id: r.id, message: "Message sent successfully! We'll get back to you soon." }))
}
