//! Reports and moderation: visitors' reports, and hiding or restoring a listing or a review.

use axum::{
    Json,
    extract::{Path, State},
};
use mtaani_proto::text::said;
use mtaani_proto::{accounts::v1 as accounts, catalog::v1 as catalog};
use serde::Serialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AdminServiceJson, PageQuery, ReasonBody, admin};
use crate::{
    AppState,
    answers::{catalog::ReviewJson, iso8601},
    auth::AuthUser,
    error::{ApiError, ApiResult},
    extract::{ApiJson, ApiQuery},
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(reports))
        .routes(routes!(dismiss))
        .routes(routes!(listings))
        .routes(routes!(hide))
        .routes(routes!(restore))
        .routes(routes!(hide_review))
        .routes(routes!(restore_review))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Report)]
pub struct ReportJson {
    pub id: String,
    /// `listing` or `review`.
    pub kind: String,
    pub target_id: String,
    /// `scam`, `offensive`, `misleading`, `duplicate` or `other`.
    #[schema(value_type = crate::routes::doc::ReportReason)]
    pub reason: String,
    pub details: String,
    /// `open` or `closed`.
    #[schema(value_type = crate::routes::doc::ReportStatus)]
    pub status: String,
    /// Once closed: `hidden` or `dismissed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::routes::doc::ReportResolution>)]
    pub resolution: Option<String>,
    /// Once closed: the operator's reason (reports closed before it was kept have none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution_reason: Option<String>,
    pub created_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listing: Option<AdminServiceJson>,
    /// A report of a review: the review (`listing` is the one it is on).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub review: Option<ReviewJson>,
}

impl From<catalog::Report> for ReportJson {
    fn from(r: catalog::Report) -> Self {
        Self {
            id: r.id,
            kind: r.kind,
            target_id: r.target_id,
            reason: r.reason,
            details: r.details,
            status: r.status,
            resolution: (!r.resolution.is_empty()).then_some(r.resolution),
            resolution_reason: (!r.resolution_reason.is_empty()).then_some(r.resolution_reason),
            created_at: iso8601(r.created_at),
            listing: r.listing.map(Into::into),
            review: r.review.map(Into::into),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Reports)]
pub struct ReportsJson {
    pub reports: Vec<ReportJson>,
    pub total: i64,
}

/// Visitors' reports, newest first: `status=open` (default) or `closed`.
#[utoipa::path(
    get,
    path = "/api/admin/reports",
    tag = "admin",
    operation_id = "adminReports",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "A page of reports", body = ReportsJson),
        (status = 400, response = crate::routes::doc::BadRequest),
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn reports(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<ReportsJson>> {
    user.require_admin()?;
    let status = match q.status.as_deref().map(str::trim) {
        None | Some("" | "open") => "open",
        Some("closed") => "closed",
        Some(_) => return Err(ApiError::bad_request(said::bad_report_status())),
    };
    let b = &state.backends;
    let request = catalog::ListReportsRequest { status: status.into(), page: q.page() };
    let r = b.read(&b.catalog, request, |mut c, r| async move { c.list_reports(r).await }).await?;
    Ok(Json(ReportsJson { reports: r.reports.into_iter().map(Into::into).collect(), total: r.total }))
}

/// Closes a report without acting on the listing.
#[utoipa::path(
    post,
    path = "/api/admin/reports/{id}/dismiss",
    tag = "admin",
    operation_id = "adminDismissReport",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The report")),
    request_body = ReasonBody,
    responses(
        (status = 200, description = "Closed", body = ReportJson),
        crate::routes::doc::JsonBodyErrors,
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        (status = 404, response = crate::routes::doc::NotFound),
        (status = 409, response = crate::routes::doc::Conflict),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn dismiss(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<ReportJson>> {
    let (admin_id, admin_name) = admin(&state, &user).await?;
    let b = &state.backends;
    let request = catalog::ReportActionRequest { id, admin_id, admin_name, reason: body.reason };
    Ok(Json(b.catalog.clone().dismiss_report(b.request(request)).await?.into_inner().into()))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = AdminServices)]
pub struct AdminServicesJson {
    pub services: Vec<AdminServiceJson>,
    pub total: i64,
}

/// Every listing, hidden ones included: `query` in the name, `hidden=hidden|shown`.
#[utoipa::path(
    get,
    path = "/api/admin/listings",
    tag = "admin",
    operation_id = "adminListings",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "A page of listings", body = AdminServicesJson),
        (status = 400, response = crate::routes::doc::BadRequest),
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn listings(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<AdminServicesJson>> {
    user.require_admin()?;
    let hidden = match q.hidden.as_deref().map(str::trim) {
        None | Some("" | "any") => 0,
        Some("hidden") => 1,
        Some("shown") => 2,
        Some(_) => return Err(ApiError::bad_request(said::bad_hidden_filter())),
    };
    let b = &state.backends;
    let request = catalog::AdminListListingsRequest {
        query: q.query.clone().unwrap_or_default(),
        hidden,
        page: q.page(),
        ..Default::default()
    };
    let r = b.read(&b.catalog, request, |mut c, r| async move { c.admin_list_listings(r).await }).await?;
    Ok(Json(AdminServicesJson { services: r.listings.into_iter().map(Into::into).collect(), total: r.total }))
}

async fn any_listing(state: &AppState, id: &str) -> ApiResult<catalog::Listing> {
    let b = &state.backends;
    let request = catalog::AdminListListingsRequest { listing_id: id.to_owned(), ..Default::default() };
    let r = b.read(&b.catalog, request, |mut c, r| async move { c.admin_list_listings(r).await }).await?;
    r.listings.into_iter().next().ok_or_else(|| ApiError::not_found(said::service_not_found()))
}

/// Takes a listing out of every public list, search, detail page and cache at once, e-mails its
/// seller the reason, and closes its open reports. Hidden is not deleted.
#[utoipa::path(
    post,
    path = "/api/admin/listings/{id}/hide",
    tag = "admin",
    operation_id = "adminHideListing",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The listing")),
    request_body = ReasonBody,
    responses(
        (status = 200, description = "Hidden", body = AdminServiceJson),
        crate::routes::doc::JsonBodyErrors,
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        (status = 404, response = crate::routes::doc::NotFound),
        (status = 409, response = crate::routes::doc::Conflict),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn hide(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<AdminServiceJson>> {
    let (admin_id, admin_name) = admin(&state, &user).await?;
    let listing = any_listing(&state, &id).await?;
    let b = &state.backends;
    let seller = b
        .read(&b.accounts, accounts::GetMeRequest { user_id: listing.seller_id.clone() }, |mut c, r| async move {
            c.get_me(r).await
        })
        .await
        .ok()
        .and_then(|m| m.user);
    let request = catalog::ModerateListingRequest {
        id: listing.id,
        admin_id,
        admin_name,
        reason: body.reason,
        seller_email: seller.as_ref().map(|s| s.email.clone()).unwrap_or_default(),
        seller_name: seller.as_ref().map(|s| s.user_name.clone()).unwrap_or_default(),
        seller_language: seller.map(|s| s.language).unwrap_or_default(),
    };
    let done = b.catalog.clone().hide_listing(b.request(request)).await;
    state.cache.invalidate();
    Ok(Json(done?.into_inner().into()))
}

/// Brings a hidden listing back (shown again if its seller's package is active and they are not
/// suspended).
#[utoipa::path(
    post,
    path = "/api/admin/listings/{id}/restore",
    tag = "admin",
    operation_id = "adminRestoreListing",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The listing")),
    request_body = ReasonBody,
    responses(
        (status = 200, description = "Restored", body = AdminServiceJson),
        crate::routes::doc::JsonBodyErrors,
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        (status = 404, response = crate::routes::doc::NotFound),
        (status = 409, response = crate::routes::doc::Conflict),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn restore(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<AdminServiceJson>> {
    let (admin_id, admin_name) = admin(&state, &user).await?;
    let b = &state.backends;
    let request =
        catalog::ModerateListingRequest { id, admin_id, admin_name, reason: body.reason, ..Default::default() };
    let done = b.catalog.clone().restore_listing(b.request(request)).await;
    state.cache.invalidate();
    Ok(Json(done?.into_inner().into()))
}

/// Takes a review down: off the listing's page and out of its rating at once; its open reports are
/// closed. 409 when it is hidden already.
#[utoipa::path(
    post,
    path = "/api/admin/reviews/{id}/hide",
    tag = "admin",
    operation_id = "adminHideReview",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The review")),
    request_body = ReasonBody,
    responses(
        (status = 200, description = "Hidden", body = ReviewJson),
        crate::routes::doc::JsonBodyErrors,
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        (status = 404, response = crate::routes::doc::NotFound),
        (status = 409, response = crate::routes::doc::Conflict),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn hide_review(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<ReviewJson>> {
    let (admin_id, admin_name) = admin(&state, &user).await?;
    let b = &state.backends;
    let request = catalog::ModerateReviewRequest { id, admin_id, admin_name, reason: body.reason };
    Ok(Json(b.catalog.clone().hide_review(b.request(request)).await?.into_inner().into()))
}

/// Shows a hidden review again (and counts it in the rating). 409 when it is not hidden.
#[utoipa::path(
    post,
    path = "/api/admin/reviews/{id}/restore",
    tag = "admin",
    operation_id = "adminRestoreReview",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The review")),
    request_body = ReasonBody,
    responses(
        (status = 200, description = "Shown again", body = ReviewJson),
        crate::routes::doc::JsonBodyErrors,
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        (status = 404, response = crate::routes::doc::NotFound),
        (status = 409, response = crate::routes::doc::Conflict),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn restore_review(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<ReviewJson>> {
    let (admin_id, admin_name) = admin(&state, &user).await?;
    let b = &state.backends;
    let request = catalog::ModerateReviewRequest { id, admin_id, admin_name, reason: body.reason };
    Ok(Json(b.catalog.clone().restore_review(b.request(request)).await?.into_inner().into()))
}
