//! The contact inbox: messages to Mtaani's team, and the operator's reply by e-mail.

use axum::{
    Json,
    extract::{Path, State},
};
use mtaani_proto::messaging::v1 as messaging;
use mtaani_proto::text::said;
use serde::{Deserialize, Serialize};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{PageQuery, admin};
use crate::{
    AppState,
    answers::messaging::ContactMessageJson,
    auth::AuthUser,
    error::{ApiError, ApiResult},
    extract::{ApiJson, ApiQuery},
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(contact_messages)).routes(routes!(reply))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ContactMessages)]
pub struct ContactMessagesJson {
    pub messages: Vec<ContactMessageJson>,
    pub total: i64,
}

/// The contact inbox, newest first: `status=new` (default) or `answered`.
#[utoipa::path(
    get,
    path = "/api/admin/contact-messages",
    tag = "admin",
    operation_id = "adminContactMessages",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "A page of messages", body = ContactMessagesJson),
        (status = 400, response = crate::routes::doc::BadRequest),
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn contact_messages(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<ContactMessagesJson>> {
    user.require_admin()?;
    let status = match q.status.as_deref().map(str::trim) {
        None | Some("" | "new") => "new",
        Some("answered") => "answered",
        Some(_) => return Err(ApiError::bad_request(said::bad_message_status())),
    };
    let b = &state.backends;
    let request = messaging::ListContactMessagesRequest { status: status.into(), limit: q.limit(), offset: q.offset() };
    let r = b.read(&b.messaging, request, |mut c, r| async move { c.list_contact_messages(r).await }).await?;
    Ok(Json(ContactMessagesJson { messages: r.messages.into_iter().map(Into::into).collect(), total: r.total }))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
#[schema(as = ReplyInput, example = json!({"message": "Habari Amina, you can list your salon from Sign up → Seller."}))]
pub struct ReplyBody {
    /// 2 to 5000 characters.
    #[schema(required = true, min_length = 2)]
    pub message: String,
}

/// E-mails a reply to the message's sender (through the outbox) and marks it answered.
#[utoipa::path(
    post,
    path = "/api/admin/contact-messages/{id}/reply",
    tag = "admin",
    operation_id = "adminReply",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The message")),
    request_body = ReplyBody,
    responses(
        (status = 200, description = "Answered", body = ContactMessageJson),
        crate::routes::doc::JsonBodyErrors,
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        (status = 404, response = crate::routes::doc::NotFound),
        (status = 409, response = crate::routes::doc::Conflict),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn reply(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReplyBody>,
) -> ApiResult<Json<ContactMessageJson>> {
    let (admin_id, admin_name) = admin(&state, &user).await?;
    let b = &state.backends;
    let request = messaging::ReplyRequest { id, message: body.message, admin_id, admin_name };
    let r = b.messaging.clone().reply_to_contact_message(b.request(request)).await?.into_inner();
    Ok(Json(r.into()))
}
