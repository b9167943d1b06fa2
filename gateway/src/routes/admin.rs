//! The operator console's API (`/api/admin/…`, issue 16): overview, contact inbox, reports and
//! moderation, sellers and their payments, the audit log. 401 without a session, 403 'Admins only'
//! for any other role. Each action is audited by the service that does it, in the same transaction.

use std::collections::HashMap;

use axum::{
    Json,
    extract::{Path, State},
};
use chrono::{Datelike, FixedOffset, TimeZone};
use mtaani_proto::{accounts::v1 as accounts, catalog::v1 as catalog, messaging::v1 as messaging};
use serde::{Deserialize, Serialize};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    answers::{PaymentJson, SubscriptionJson, iso8601},
    auth::AuthUser,
    error::{ApiError, ApiResult},
    extract::{ApiJson, ApiQuery},
    routes::{accounts::UserJson, listings::ServiceJson},
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(overview))
        .routes(routes!(contact_messages))
        .routes(routes!(reply))
        .routes(routes!(reports))
        .routes(routes!(dismiss))
        .routes(routes!(listings))
        .routes(routes!(hide))
        .routes(routes!(restore))
        .routes(routes!(hide_review))
        .routes(routes!(restore_review))
        .routes(routes!(sellers))
        .routes(routes!(seller))
        .routes(routes!(suspend))
        .routes(routes!(unsuspend))
        .routes(routes!(audit))
}

pub const ADMINS_ONLY: &str = "Admins only";

impl AuthUser {
    /// Passes an admin; anyone else signed in gets 403 'Admins only'.
    pub fn require_admin(&self) -> Result<(), ApiError> {
        if self.role == "admin" { Ok(()) } else { Err(ApiError::new(axum::http::StatusCode::FORBIDDEN, ADMINS_ONLY)) }
    }
}

/// The admin's id and name, for the audit log.
async fn admin(state: &AppState, user: &AuthUser) -> ApiResult<(String, String)> {
    user.require_admin()?;
    let b = &state.backends;
    let me =
        b.read(&b.accounts, accounts::GetMeRequest { user_id: user.id.clone() }, |mut c, r| async move {
            c.get_me(r).await
        })
        .await?;
    Ok((user.id.clone(), me.user.map(|u| u.user_name).unwrap_or_default()))
}

/// `?limit=&offset=` of every list here.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// `new` or `answered` (messages), `open` or `closed` (reports).
    pub status: Option<String>,
    /// Words to find (listings: in the name; sellers: name, e-mail or phone).
    pub query: Option<String>,
    /// Listings: `hidden` or `shown`.
    pub hidden: Option<String>,
    /// 1 to 100 (default 20).
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

impl PageQuery {
    fn limit(&self) -> i32 {
        self.limit.map_or(20, |l| l.clamp(1, 100) as i32)
    }
    fn offset(&self) -> i32 {
        self.offset.map_or(0, |o| o.min(100_000) as i32)
    }
    fn page(&self) -> Option<catalog::Page> {
        Some(catalog::Page { limit: self.limit(), offset: self.offset() })
    }
}

/// A reason for an action (required to hide a listing and suspend a seller).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
#[schema(as = AdminReason, example = json!({"reason": "Asks for M-Pesa payment before any service"}))]
pub struct ReasonBody {
    /// 3 to 500 characters.
    pub reason: String,
}

// ---------------------------------------------------------------------------------------------
// Overview

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PackageRevenue)]
pub struct RevenueJson {
    pub package_id: String,
    pub name: String,
    /// Ksh.
    pub amount: i64,
    pub payments: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdminOverview)]
pub struct OverviewJson {
    pub listings_visible: i64,
    pub listings_hidden: i64,
    pub new_sellers_this_week: i64,
    pub bookings_this_week: i64,
    pub revenue_this_month: Vec<RevenueJson>,
    /// Ksh, every package.
    pub revenue_this_month_total: i64,
    pub payments_pending: i64,
    pub open_reports: i64,
    pub unanswered_messages: i64,
}

/// Monday 00:00 and the 1st 00:00 of this week and month, in Nairobi (UTC+3, no summer time).
fn week_and_month_start(now: chrono::DateTime<chrono::Utc>) -> (i64, i64) {
    let nairobi = FixedOffset::east_opt(3 * 3600).expect("a valid offset");
    let local = now.with_timezone(&nairobi).date_naive();
    let monday = local - chrono::Days::new(u64::from(local.weekday().num_days_from_monday()));
    let first = local.with_day(1).unwrap_or(local);
    let midnight = |d: chrono::NaiveDate| {
        nairobi.from_local_datetime(&d.and_hms_opt(0, 0, 0).unwrap_or_default()).single().map_or(0, |t| t.timestamp())
    };
    (midnight(monday), midnight(first))
}

/// The marketplace at a glance: listings visible and hidden, new sellers and bookings this week
/// (Monday, Nairobi), subscription revenue this month by package, payments pending, open reports,
/// unanswered messages.
#[utoipa::path(
    get,
    path = "/api/admin/overview",
    tag = "admin",
    operation_id = "adminOverview",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The figures", body = OverviewJson),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn overview(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<OverviewJson>> {
    user.require_admin()?;
    let (week, month) = week_and_month_start(chrono::Utc::now());
    let b = &state.backends;
    let (money, counts, bookings, messages) = tokio::try_join!(
        b.read(
            &b.accounts,
            accounts::AdminOverviewRequest { week_start: week, month_start: month },
            |mut c, r| async move { c.admin_overview(r).await }
        ),
        b.read(&b.catalog, catalog::CatalogCountsRequest { seller_ids: vec![] }, |mut c, r| async move {
            c.catalog_counts(r).await
        }),
        b.read(
            &b.booking,
            mtaani_proto::booking::v1::CountAppointmentsRequest { since: week },
            |mut c, r| async move { c.count_appointments(r).await }
        ),
        b.read(
            &b.messaging,
            messaging::ListContactMessagesRequest { status: "new".into(), limit: 1, offset: 0 },
            |mut c, r| async move { c.list_contact_messages(r).await }
        ),
    )?;
    let revenue: Vec<RevenueJson> = money
        .revenue_this_month
        .into_iter()
        .map(|p| RevenueJson { package_id: p.package_id, name: p.name, amount: p.amount, payments: p.payments })
        .collect();
    Ok(Json(OverviewJson {
        listings_visible: counts.visible,
        listings_hidden: counts.hidden,
        new_sellers_this_week: money.new_sellers_this_week,
        bookings_this_week: bookings.count,
        revenue_this_month_total: revenue.iter().map(|r| r.amount).sum(),
        revenue_this_month: revenue,
        payments_pending: money.payments_pending,
        open_reports: counts.open_reports,
        unanswered_messages: messages.total,
    }))
}

// ---------------------------------------------------------------------------------------------
// Contact inbox

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContactMessage)]
pub struct ContactMessageJson {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub subject: String,
    pub message: String,
    /// `new` or `answered`.
    #[schema(value_type = super::doc::MessageStatus)]
    pub status: String,
    pub created_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replied_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replied_by: Option<String>,
}

impl From<messaging::ContactMessage> for ContactMessageJson {
    fn from(m: messaging::ContactMessage) -> Self {
        Self {
            id: m.id,
            name: m.name,
            email: m.email,
            phone: m.phone,
            subject: m.subject,
            message: m.message,
            status: m.status,
            created_at: iso8601(m.created_at),
            reply: (!m.reply.is_empty()).then_some(m.reply),
            replied_at: (m.replied_at > 0).then(|| iso8601(m.replied_at)),
            replied_by: (!m.replied_by.is_empty()).then_some(m.replied_by),
        }
    }
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
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
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
        Some(_) => return Err(ApiError::bad_request("status must be new or answered")),
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
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
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

// ---------------------------------------------------------------------------------------------
// Reports and moderation

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Report)]
pub struct ReportJson {
    pub id: String,
    /// `listing` or `review`.
    pub kind: String,
    pub target_id: String,
    /// `scam`, `offensive`, `misleading`, `duplicate` or `other`.
    #[schema(value_type = super::doc::ReportReason)]
    pub reason: String,
    pub details: String,
    /// `open` or `closed`.
    #[schema(value_type = super::doc::ReportStatus)]
    pub status: String,
    /// Once closed: `hidden` or `dismissed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<super::doc::ReportResolution>)]
    pub resolution: Option<String>,
    /// Once closed: the operator's reason (reports closed before it was kept have none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution_reason: Option<String>,
    pub created_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listing: Option<AdminServiceJson>,
    /// A report of a review: the review (`listing` is the one it is on).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub review: Option<super::reviews::ReviewJson>,
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

/// A listing as the operators see it: with whether it is shown, and why an operator hid it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdminService)]
pub struct AdminServiceJson {
    #[serde(flatten)]
    pub service: ServiceJson,
    /// Shown to the public now.
    pub visible: bool,
    /// Taken down by an operator (why: the listing's `hiddenReason`).
    pub hidden: bool,
}

impl From<catalog::Listing> for AdminServiceJson {
    fn from(l: catalog::Listing) -> Self {
        let (visible, hidden) = (l.visible, l.hidden);
        Self { service: l.into(), visible, hidden }
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
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
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
        Some(_) => return Err(ApiError::bad_request("status must be open or closed")),
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
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
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
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
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
        Some(_) => return Err(ApiError::bad_request("hidden must be hidden or shown")),
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
    r.listings.into_iter().next().ok_or_else(|| ApiError::not_found(mtaani_proto::status::texts::SERVICE_NOT_FOUND))
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
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
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
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
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
        (status = 200, description = "Hidden", body = super::reviews::ReviewJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn hide_review(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<super::reviews::ReviewJson>> {
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
        (status = 200, description = "Shown again", body = super::reviews::ReviewJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn restore_review(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<super::reviews::ReviewJson>> {
    let (admin_id, admin_name) = admin(&state, &user).await?;
    let b = &state.backends;
    let request = catalog::ModerateReviewRequest { id, admin_id, admin_name, reason: body.reason };
    Ok(Json(b.catalog.clone().restore_review(b.request(request)).await?.into_inner().into()))
}

// ---------------------------------------------------------------------------------------------
// Sellers and payments

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdminSeller)]
pub struct SellerJson {
    pub user: UserJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscription: Option<SubscriptionJson>,
    pub suspended: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspended_reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspended_at: Option<String>,
    pub listing_count: i64,
    pub created_at: String,
}

fn seller_json(s: accounts::AdminSeller, listing_count: i64) -> SellerJson {
    let user = s.user.unwrap_or_default();
    SellerJson {
        created_at: iso8601(user.created_at),
        user: user.into(),
        subscription: s.subscription.map(Into::into),
        suspended: s.suspended,
        suspended_reason: (!s.suspended_reason.is_empty()).then_some(s.suspended_reason),
        suspended_at: (s.suspended_at > 0).then(|| iso8601(s.suspended_at)),
        listing_count,
    }
}

async fn listing_counts(state: &AppState, ids: Vec<String>) -> ApiResult<HashMap<String, i64>> {
    let b = &state.backends;
    let r = b
        .read(&b.catalog, catalog::CatalogCountsRequest { seller_ids: ids }, |mut c, r| async move {
            c.catalog_counts(r).await
        })
        .await?;
    Ok(r.listings_by_seller)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = AdminSellers)]
pub struct SellersJson {
    pub sellers: Vec<SellerJson>,
    pub total: i64,
}

/// Sellers, newest first; `query` finds a name, e-mail or phone (07… or +254…).
#[utoipa::path(
    get,
    path = "/api/admin/sellers",
    tag = "admin",
    operation_id = "adminSellers",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "A page of sellers", body = SellersJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn sellers(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<SellersJson>> {
    user.require_admin()?;
    let b = &state.backends;
    let request = accounts::AdminListSellersRequest {
        query: q.query.clone().unwrap_or_default(),
        limit: q.limit(),
        offset: q.offset(),
    };
    let r = b.read(&b.accounts, request, |mut c, r| async move { c.admin_list_sellers(r).await }).await?;
    let ids = r.sellers.iter().filter_map(|s| s.user.as_ref().map(|u| u.id.clone())).collect();
    let counts = listing_counts(&state, ids).await?;
    let sellers = r
        .sellers
        .into_iter()
        .map(|s| {
            let n = s.user.as_ref().and_then(|u| counts.get(&u.id)).copied().unwrap_or(0);
            seller_json(s, n)
        })
        .collect();
    Ok(Json(SellersJson { sellers, total: r.total }))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdminSellerPage)]
pub struct SellerPageJson {
    pub seller: SellerJson,
    pub listings: Vec<AdminServiceJson>,
    pub payments: Vec<PaymentJson>,
}

async fn seller_page(state: &AppState, id: &str) -> ApiResult<SellerPageJson> {
    let b = &state.backends;
    let (s, listings, payments) = tokio::try_join!(
        b.read(&b.accounts, accounts::AdminSellerRequest { user_id: id.to_owned() }, |mut c, r| async move {
            c.admin_get_seller(r).await
        }),
        b.read(
            &b.catalog,
            catalog::AdminListListingsRequest {
                seller_id: id.to_owned(),
                page: Some(catalog::Page { limit: 100, offset: 0 }),
                ..Default::default()
            },
            |mut c, r| async move { c.admin_list_listings(r).await }
        ),
        b.read(&b.accounts, accounts::ListPaymentsRequest { user_id: id.to_owned() }, |mut c, r| async move {
            c.list_payments(r).await
        }),
    )?;
    Ok(SellerPageJson {
        seller: seller_json(s, listings.total),
        listings: listings.listings.into_iter().map(Into::into).collect(),
        payments: payments.payments.into_iter().map(Into::into).collect(),
    })
}

/// One seller: their account, package, listings (hidden ones included) and M-Pesa payments.
#[utoipa::path(
    get,
    path = "/api/admin/sellers/{id}",
    tag = "admin",
    operation_id = "adminSeller",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The seller")),
    responses(
        (status = 200, description = "The seller", body = SellerPageJson),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn seller(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<SellerPageJson>> {
    user.require_admin()?;
    Ok(Json(seller_page(&state, &id).await?))
}

async fn set_suspended(
    state: &AppState,
    user: &AuthUser,
    id: String,
    reason: String,
    suspend: bool,
) -> ApiResult<SellerPageJson> {
    user.require_admin()?;
    let b = &state.backends;
    let request = accounts::AdminSellerActionRequest { user_id: id.clone(), admin_id: user.id.clone(), reason };
    let done = if suspend {
        b.accounts.clone().suspend_seller(b.request(request)).await
    } else {
        b.accounts.clone().unsuspend_seller(b.request(request)).await
    };
    state.cache.invalidate();
    done?;
    seller_page(state, &id).await
}

/// Hides every listing of the seller and blocks posting until `/unsuspend`; the seller is e-mailed.
#[utoipa::path(
    post,
    path = "/api/admin/sellers/{id}/suspend",
    tag = "admin",
    operation_id = "adminSuspendSeller",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The seller")),
    request_body = ReasonBody,
    responses(
        (status = 200, description = "Suspended", body = SellerPageJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn suspend(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<SellerPageJson>> {
    Ok(Json(set_suspended(&state, &user, id, body.reason, true).await?))
}

/// Lifts a suspension: the seller may post again and their listings show if their package is active.
#[utoipa::path(
    post,
    path = "/api/admin/sellers/{id}/unsuspend",
    tag = "admin",
    operation_id = "adminUnsuspendSeller",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The seller")),
    request_body = ReasonBody,
    responses(
        (status = 200, description = "Suspension lifted", body = SellerPageJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn unsuspend(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<SellerPageJson>> {
    Ok(Json(set_suspended(&state, &user, id, body.reason, false).await?))
}

// ---------------------------------------------------------------------------------------------
// Audit

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
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_week_starts_monday_and_the_month_on_the_first_in_nairobi() {
        // Sunday 2026-11-29 22:30 UTC is Monday 30 November 01:30 in Nairobi.
        let now = chrono::Utc.with_ymd_and_hms(2026, 11, 29, 22, 30, 0).unwrap();
        let (week, month) = week_and_month_start(now);
        assert_eq!(week, chrono::Utc.with_ymd_and_hms(2026, 11, 29, 21, 0, 0).unwrap().timestamp());
        assert_eq!(month, chrono::Utc.with_ymd_and_hms(2026, 10, 31, 21, 0, 0).unwrap().timestamp());
    }
}
