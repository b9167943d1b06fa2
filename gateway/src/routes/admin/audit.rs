//! The audit log: every operator-relevant event across the services (operators' actions, sellers
//! registering, paying and posting, visitors' reports, admins signing in), newest first, of one
//! kind or one seller.

use axum::{Json, extract::State};
use mtaani_proto::{
    accounts::v1 as accounts, audit::KINDS, catalog::v1 as catalog, messaging::v1 as messaging, text::said,
};
use serde::{Deserialize, Serialize};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    answers::iso8601,
    auth::AuthUser,
    error::{ApiError, ApiResult},
    extract::ApiQuery,
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(audit))
}

/// `?kind=&seller=&limit=&offset=`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// Only events of this kind: `listing`, `review`, `report`, `seller`, `payment`, `admin` (sign-ins
    /// and admin accounts) or `contact`.
    #[param(inline, value_type = Option<crate::routes::doc::AuditKind>)]
    pub kind: Option<String>,
    /// Only events concerning this seller (their id).
    pub seller: Option<String>,
    /// 1 to 100 (default 20).
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

/// Who did it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ActorKind {
    /// An operator.
    Admin,
    /// The seller, for their own events (registered, paid, posted, edited, deleted).
    Seller,
    /// Someone not signed in (a report).
    Visitor,
    /// Mtaani itself: the command line, the demo data.
    System,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEntry)]
pub struct AuditJson {
    pub id: String,
    pub at: String,
    pub actor_kind: ActorKind,
    /// Empty for a visitor.
    pub actor_id: String,
    pub actor_name: String,
    /// `<kind>.<verb>`, e.g. `listing.hide`, `seller.register`, `payment.paid`, `admin.sign_in`.
    pub action: String,
    /// The action's kind, as `?kind=` takes it.
    pub kind: String,
    pub target_kind: String,
    pub target_id: String,
    /// The record's name when it was acted on (a seller's, a listing's, a payment's package); absent
    /// for entries written before names were kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_name: Option<String>,
    /// The seller the event concerns (the console's link to them), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seller_id: Option<String>,
    /// The listing it concerns (its page), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listing_id: Option<String>,
    /// The operator's reason, or a report's reason code (`report.file`); empty when there is none.
    pub reason: String,
    #[serde(skip)]
    secs: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Audit)]
pub struct AuditPageJson {
    pub entries: Vec<AuditJson>,
    pub total: i64,
}

macro_rules! audit_json {
    ($e:expr) => {{
        let e = $e;
        AuditJson {
            id: e.id,
            at: iso8601(e.at),
            secs: e.at,
            actor_kind: match e.actor_kind.as_str() {
                "seller" => ActorKind::Seller,
                "visitor" => ActorKind::Visitor,
                "system" => ActorKind::System,
                _ => ActorKind::Admin,
            },
            actor_id: e.actor_id,
            actor_name: e.actor_name,
            action: e.action,
            kind: e.kind,
            target_kind: e.target_kind,
            target_id: e.target_id,
            target_name: (!e.target_name.is_empty()).then_some(e.target_name),
            seller_id: (!e.seller_id.is_empty()).then_some(e.seller_id),
            listing_id: (!e.listing_id.is_empty()).then_some(e.listing_id),
            reason: e.reason,
        }
    }};
}

/// Every operator-relevant event across the services, newest first; of one kind, of one seller.
/// Append-only: no call edits or deletes it.
#[utoipa::path(
    get,
    path = "/api/admin/audit",
    tag = "admin",
    operation_id = "adminAudit",
    security(("bearer" = [])),
    params(AuditQuery),
    responses(
        (status = 200, description = "A page of the log", body = AuditPageJson),
        (status = 400, response = crate::routes::doc::BadRequest),
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn audit(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<AuditQuery>,
) -> ApiResult<Json<AuditPageJson>> {
    user.require_admin()?;
    let limit = q.limit.map_or(20, |l| l.clamp(1, 100) as i32);
    let offset = q.offset.map_or(0, |o| o.min(10_000) as i32);
    let kind = q.kind.as_deref().map(str::trim).unwrap_or_default().to_owned();
    if !kind.is_empty() && !KINDS.contains(&kind.as_str()) {
        return Err(ApiError::bad_field("kind", said::bad_audit_kind(KINDS.join(", "))));
    }
    let seller_id: String = q.seller.as_deref().map(str::trim).unwrap_or_default().chars().take(100).collect();
    let b = &state.backends;
    // Each service answers its newest `limit + offset` that pass the filters; merged, the page is exact.
    let (a, c, m) = tokio::try_join!(
        b.read(
            &b.accounts,
            accounts::ListAuditRequest { limit, offset, kind: kind.clone(), seller_id: seller_id.clone() },
            |mut c, r| async move { c.list_audit(r).await }
        ),
        b.read(
            &b.catalog,
            catalog::ListAuditRequest { limit, offset, kind: kind.clone(), seller_id: seller_id.clone() },
            |mut c, r| async move { c.list_audit(r).await }
        ),
        b.read(&b.messaging, messaging::ListAuditRequest { limit, offset, kind, seller_id }, |mut c, r| async move {
            c.list_audit(r).await
        }),
    )?;
    let total = a.total + c.total + m.total;
    let mut entries: Vec<AuditJson> = a
        .entries
        .into_iter()
        .map(|e| audit_json!(e))
        .chain(c.entries.into_iter().map(|e| audit_json!(e)))
        .chain(m.entries.into_iter().map(|e| audit_json!(e)))
        .collect();
    entries.sort_by(|x, y| y.secs.cmp(&x.secs).then_with(|| y.id.cmp(&x.id)));
    let entries = entries.into_iter().skip(offset as usize).take(limit as usize).collect();
    Ok(Json(AuditPageJson { entries, total }))
}

#[cfg(test)]
mod tests {
    use utoipa::PartialSchema;

    /// The document offers the kinds the route takes, and no other.
    #[test]
    fn the_document_names_every_kind() {
        let schema = serde_json::to_value(crate::routes::doc::AuditKind::schema()).unwrap();
        let named: Vec<&str> = schema["enum"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
        assert_eq!(named, mtaani_proto::audit::KINDS);
    }
}
