//! The audit log: every operator action across the services, newest first.

use axum::{Json, extract::State};
use mtaani_proto::{accounts::v1 as accounts, catalog::v1 as catalog, messaging::v1 as messaging};
use serde::Serialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::PageQuery;
use crate::{AppState, answers::iso8601, auth::AuthUser, error::ApiResult, extract::ApiQuery};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(audit))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEntry)]
pub struct AuditJson {
    pub id: String,
    pub at: String,
    pub admin_id: String,
    pub admin_name: String,
    /// e.g. `listing.hide`, `seller.suspend`, `contact.reply`.
    pub action: String,
    pub target_kind: String,
    pub target_id: String,
    /// The record's name when it was acted on (a seller's, a listing's); absent for entries written
    /// before names were kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_name: Option<String>,
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
            admin_id: e.admin_id,
            admin_name: e.admin_name,
            action: e.action,
            target_kind: e.target_kind,
            target_id: e.target_id,
            target_name: (!e.target_name.is_empty()).then_some(e.target_name),
            reason: e.reason,
        }
    }};
}

/// Every operator action across the services, newest first. Append-only: no call edits or deletes it.
#[utoipa::path(
    get,
    path = "/api/admin/audit",
    tag = "admin",
    operation_id = "adminAudit",
    security(("bearer" = [])),
    params(PageQuery),
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
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<AuditPageJson>> {
    user.require_admin()?;
    let (limit, offset) = (q.limit(), q.offset().min(10_000));
    let b = &state.backends;
    // Each service answers its newest `limit + offset`; merged, the page is exact.
    let (a, c, m) =
        tokio::try_join!(
            b.read(&b.accounts, accounts::ListAuditRequest { limit, offset }, |mut c, r| async move {
                c.list_audit(r).await
            }),
            b.read(
                &b.catalog,
                catalog::ListAuditRequest { limit, offset },
                |mut c, r| async move { c.list_audit(r).await }
            ),
            b.read(&b.messaging, messaging::ListAuditRequest { limit, offset }, |mut c, r| async move {
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
