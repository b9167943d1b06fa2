//! What anyone may do about what they see and what Mtaani holds: report a listing
//! (`POST /api/reports`), download one's data (`GET /api/account/export`) and close one's account
//! (`DELETE /api/account`), the rights of Kenya's Data Protection Act 2019 the privacy page names.

use axum::{
    Json,
    extract::State,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use mtaani_proto::text::said;
use mtaani_proto::{
    accounts::v1 as accounts, booking::v1 as booking, catalog::v1 as catalog, messaging::v1 as messaging,
};
use serde::{Deserialize, Serialize};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    answers::{
        accounts::{PaymentJson, SubscriptionJson, UserJson},
        booking::AppointmentJson,
        catalog::{FavouriteJson, ServiceJson},
        iso8601,
        messaging::ContactMessageJson,
    },
    auth::{AuthUser, ClientAddr},
    error::{ApiError, ApiResult},
    extract::ApiJson,
    i18n::{Negotiated, RequestLanguage},
    limits::{LOGIN_FAILURES, REPORTS_PER_ADDRESS, REPORTS_PER_LISTING, REPORTS_PER_LISTING_AND_ADDRESS},
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(report)).routes(routes!(export)).routes(routes!(delete_account))
}

/// A report of a listing or of a review: a reason from the list, and optional details.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
#[schema(as = ReportInput, example = json!({"kind": "listing", "id": "0193a000-0000-7000-8000-0000000000a1",
    "reason": "scam", "details": "Asked me to pay a deposit by M-Pesa before the appointment."}))]
pub struct ReportBody {
    /// `listing` or `review`.
    #[schema(required = true)]
    pub kind: String,
    /// The listing's or the review's id.
    #[schema(required = true)]
    pub id: String,
    /// `scam`, `offensive`, `misleading`, `duplicate` or `other`.
    #[schema(required = true)]
    pub reason: String,
    /// At most 1000 characters.
    pub details: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ReportSent)]
pub struct ReportAnswer {
    pub id: String,
    /// In the request's language.
    pub message: String,
}

/// Report a listing or a review to Mtaani's team (anyone, signed in or not).
#[utoipa::path(
    post,
    path = "/api/reports",
    tag = "reports",
    operation_id = "report",
    request_body = ReportBody,
    responses(
        (status = 201, description = "Reported", body = ReportAnswer),
        super::doc::JsonBodyErrors,
        (status = 404, response = super::doc::NotFound),
        (status = 429, response = super::doc::TooManyRequests),
        super::doc::ServiceErrors,
    ),
)]
async fn report(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    RequestLanguage(language): RequestLanguage,
    ApiJson(body): ApiJson<ReportBody>,
) -> ApiResult<(StatusCode, Negotiated, Json<ReportAnswer>)> {
    let kind = body.kind.trim();
    if kind != "listing" && kind != "review" {
        return Err(ApiError::bad_field("kind", said::bad_report_target()));
    }
    let target: String = body.id.trim().chars().take(100).collect();
    // The same ceilings for a review as for a listing, counted apart.
    let rules = [
        (format!("report:addr:{addr}"), REPORTS_PER_ADDRESS),
        (format!("report:{kind}:{target}"), REPORTS_PER_LISTING),
        (format!("report:{kind}-addr:{target}:{addr}"), REPORTS_PER_LISTING_AND_ADDRESS),
    ];
    let quota = state
        .limiter
        .take(&rules)
        .await
        .map_err(|_| ApiError::new(StatusCode::TOO_MANY_REQUESTS, said::too_many_reports()))?;
    let b = &state.backends;
    let (reason, details) = (body.reason, body.details.unwrap_or_default());
    let (sent, message) = if kind == "review" {
        let request = catalog::ReportReviewRequest { review_id: target, reason, details };
        (b.catalog.clone().report_review(b.request(request)).await, said::review_reported())
    } else {
        let request = catalog::ReportListingRequest { listing_id: target, reason, details };
        (b.catalog.clone().report_listing(b.request(request)).await, said::listing_reported())
    };
    let r = quota.settle(sent.map_err(ApiError::from)).await?.into_inner();
    let message = message.render(language);
    Ok((StatusCode::CREATED, Negotiated(language), Json(ReportAnswer { id: r.id, message })))
}

/// Everything Mtaani holds about the signed-in user.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AccountExport)]
pub struct ExportJson {
    pub exported_at: String,
    pub profile: UserJson,
    pub account_created_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscription: Option<SubscriptionJson>,
    pub payments: Vec<PaymentJson>,
    /// Listings with their photos' URLs.
    pub listings: Vec<ServiceJson>,
    /// Bookings customers made on the user's listings.
    pub bookings_on_my_listings: Vec<AppointmentJson>,
    /// Bookings the user made while signed in.
    pub bookings_i_made: Vec<AppointmentJson>,
    /// Contact messages sent with the user's e-mail address.
    pub contact_messages: Vec<ContactMessageJson>,
    /// The listings the user saved with the heart.
    pub favourites: Vec<FavouriteJson>,
}

/// Download my data: one JSON document (`mtaani-data.json`) with the profile, listings with photo
/// URLs, bookings on the user's listings and made by them, payments, and contact messages.
#[utoipa::path(
    get,
    path = "/api/account/export",
    tag = "accounts",
    operation_id = "exportAccount",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The user's data, as a download", body = ExportJson),
        (status = 401, response = super::doc::Unauthorized),
        super::doc::ServiceErrors,
    ),
)]
async fn export(State(state): State<AppState>, user: AuthUser) -> ApiResult<Response> {
    let b = &state.backends;
    let mine = b
        .read(&b.accounts, accounts::ExportAccountRequest { user_id: user.id.clone() }, |mut c, r| async move {
            c.export_account(r).await
        })
        .await?;
    let profile = mine.user.unwrap_or_default();
    let seller = profile.account_type == accounts::AccountType::Seller as i32;
    let (listings, on_mine, made, messages, favourites) = tokio::try_join!(
        async {
            if !seller {
                return Ok(Vec::new());
            }
            let request = catalog::ListSellerListingsRequest {
                seller_id: user.id.clone(),
                page: Some(catalog::Page { limit: 1000, offset: 0 }),
            };
            let r = b.read(&b.catalog, request, |mut c, r| async move { c.list_seller_listings(r).await }).await?;
            Ok::<_, tonic::Status>(r.listings)
        },
        async {
            if !seller {
                return Ok(Vec::new());
            }
            let request = booking::ListSellerAppointmentsRequest { seller_id: user.id.clone() };
            let r = b.read(&b.booking, request, |mut c, r| async move { c.list_seller_appointments(r).await }).await?;
            Ok(r.appointments)
        },
        async {
            let request = booking::ListCustomerAppointmentsRequest { customer_id: user.id.clone() };
            let r =
                b.read(&b.booking, request, |mut c, r| async move { c.list_customer_appointments(r).await }).await?;
            Ok(r.appointments)
        },
        async {
            let request = messaging::ContactMessagesOfRequest { email: profile.email.clone() };
            let r = b.read(&b.messaging, request, |mut c, r| async move { c.contact_messages_of(r).await }).await?;
            Ok(r.messages)
        },
        async {
            let request = catalog::ListFavouritesRequest { user_id: user.id.clone() };
            let r = b.read(&b.catalog, request, |mut c, r| async move { c.list_favourites(r).await }).await?;
            Ok(r.favourites)
        },
    )?;
    let document = ExportJson {
        exported_at: iso8601(chrono::Utc::now().timestamp()),
        account_created_at: iso8601(profile.created_at),
        profile: profile.into(),
        subscription: mine.subscription.map(Into::into),
        payments: mine.payments.into_iter().map(Into::into).collect(),
        listings: listings.into_iter().map(Into::into).collect(),
        bookings_on_my_listings: on_mine.into_iter().map(Into::into).collect(),
        bookings_i_made: made.into_iter().map(Into::into).collect(),
        contact_messages: messages.into_iter().map(Into::into).collect(),
        favourites: favourites.into_iter().map(Into::into).collect(),
    };
    let body = serde_json::to_vec_pretty(&document).map_err(|e| {
        tracing::error!(error = %e, "cannot encode an export");
        ApiError::internal()
    })?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/json")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"mtaani-data.json\"")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        body,
    )
        .into_response())
}

/// The password that confirms closing the account.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
#[schema(as = DeleteAccountInput, example = json!({"password": "mandazi-moto"}))]
pub struct DeleteBody {
    #[schema(required = true, min_length = 1)]
    pub password: String,
}

/// Delete my account: sign-in ends, listings and photos are deleted, bookings on them cancelled with
/// the customers told, payments kept with only receipt, amount, date and package; the e-mail can
/// register again. 401 when the password is not right.
#[utoipa::path(
    delete,
    path = "/api/account",
    tag = "accounts",
    operation_id = "deleteAccount",
    security(("bearer" = [])),
    request_body = DeleteBody,
    responses(
        (status = 204, description = "The account is closed"),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 429, response = super::doc::TooManyRequests),
        super::doc::ServiceErrors,
    ),
)]
async fn delete_account(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<DeleteBody>,
) -> ApiResult<StatusCode> {
    if user.role == "admin" {
        return Err(ApiError::new(StatusCode::FORBIDDEN, said::admins_cannot_close()));
    }
    // A stolen session cannot guess the password either: wrong ones count as failed sign-ins.
    let failures = format!("delete-account:{}", user.id);
    if state.limiter.peek(&failures).await >= LOGIN_FAILURES.limit {
        return Err(ApiError::new(StatusCode::TOO_MANY_REQUESTS, said::too_many_sign_ins()));
    }
    let b = &state.backends;
    let request = accounts::DeleteAccountRequest { user_id: user.id, password: body.password };
    let done = b.accounts.clone().delete_account(b.request(request)).await;
    if let Err(s) = &done
        && s.code() == tonic::Code::Unauthenticated
    {
        state.limiter.hit(&failures, LOGIN_FAILURES.window).await;
    }
    // Their listings leave every public read whatever the answer (a deadline may pass after the commit).
    state.cache.invalidate();
    done?;
    Ok(StatusCode::NO_CONTENT)
}
