//! The contact form (SPEC §7 `POST /api/contact`).

use axum::{Json, extract::State, http::HeaderMap};
use mtaani_proto::messaging::v1 as pb;
use mtaani_proto::text::said;
use serde::{Deserialize, Serialize};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    auth::ClientAddr,
    error::{ApiError, ApiResult},
    extract::ApiJson,
    i18n::{Negotiated, RequestLanguage},
    limits::{CONTACT_PER_ADDRESS, CONTACT_PER_EMAIL, identity_key},
    routes::idempotency_key,
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(contact))
}

/// SPEC §3 "Contact payload".
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
#[schema(as = ContactInput, example = json!({"name": "Amina Wanjiru", "email": "amina@example.com",
    "phone": "0712345678", "subject": "Listing my salon", "message": "How do I list my salon on Mtaani?"}))]
pub struct ContactBody {
    /// 2 to 100 characters.
    #[schema(required = true, min_length = 2)]
    pub name: String,
    #[schema(required = true)]
    pub email: String,
    /// 10 to 15 digits after cleaning.
    #[schema(required = true, min_length = 10)]
    pub phone: String,
    /// 5 to 200 characters.
    #[schema(required = true, min_length = 5)]
    pub subject: String,
    /// 10 to 5000 characters.
    #[schema(required = true, min_length = 10)]
    pub message: String,
}

/// The stored message's id and the confirmation to show.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ContactSent)]
pub struct ContactAnswer {
    pub id: String,
    /// In the request's language.
    pub message: String,
}

/// Send a message to Mtaani (SPEC §7); at most five per connection in ten minutes. The sender's
/// acknowledgement (and later Mtaani's reply) is written in the request's language.
#[utoipa::path(
    post,
    path = "/api/contact",
    tag = "contact",
    operation_id = "contact",
    params(super::doc::Idempotency),
    request_body = ContactBody,
    responses(
        (status = 200, description = "Stored; an e-mail goes out", body = ContactAnswer),
        super::doc::JsonBodyErrors,
        (status = 429, response = super::doc::TooManyRequests),
        super::doc::ServiceErrors,
    ),
)]
async fn contact(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    RequestLanguage(language): RequestLanguage,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ContactBody>,
) -> ApiResult<(Negotiated, Json<ContactAnswer>)> {
    let rules = [
        (identity_key("contact:email", &body.email), CONTACT_PER_EMAIL),
        (format!("contact:addr:{addr}"), CONTACT_PER_ADDRESS),
    ];
    let quota = state
        .limiter
        .take(&rules)
        .await
        .map_err(|_| ApiError::new(axum::http::StatusCode::TOO_MANY_REQUESTS, said::too_many_messages()))?;
    let b = &state.backends;
    let request = pb::SubmitContactMessageRequest {
        name: body.name,
        email: body.email,
        phone: body.phone,
        subject: body.subject,
        message: body.message,
        idempotency_key: idempotency_key(&headers),
        language: language.code().to_owned(),
    };
    let sent = b.messaging.clone().submit_contact_message(b.request(request)).await.map_err(ApiError::from);
    let r = quota.settle(sent).await?.into_inner();
    Ok((Negotiated(language), Json(ContactAnswer { id: r.id, message: said::contact_sent().render(language) })))
}
