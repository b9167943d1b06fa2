//! Seller payments by M-Pesa: start one (renewal or upgrade), follow it, retry a failed first
//! payment from the sign-up page, the history, a package change, and Safaricom's public callback.

use axum::{
    Json,
    extract::{DefaultBodyLimit, Path, State},
    http::{HeaderMap, StatusCode},
};
use mtaani_proto::accounts::v1 as pb;
use mtaani_proto::text::said;
use serde::{Deserialize, Serialize};

use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use crate::{
    AppState,
    answers::accounts::{PaymentJson, SubscriptionJson},
    auth::AuthUser,
    error::ApiResult,
    extract::{ApiBytes, ApiJson},
    routes::idempotency_key,
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(one))
        .routes(routes!(retry))
        .routes(routes!(history))
        .routes(routes!(change_package))
        .routes(routes!(callback).layer(DefaultBodyLimit::max(16 * 1024)))
}

/// A renewal (no package, or the current one) or an upgrade.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = PaymentInput)]
pub struct PayBody {
    /// The M-Pesa number to send the STK push to; blank for the account's own.
    pub phone_number: String,
    /// The package to pay for; blank for the current one.
    pub package_id: String,
}

/// Pay for a month of the current package, or for an upgrade, with an M-Pesa STK push.
///
/// The next month is paid in the last 7 days of the month paid (the subscription's `renewableFrom`),
/// or once it has run out; earlier, 409 `conflict`. An upgrade can be paid at any time.
#[utoipa::path(
    post,
    path = "/api/payments",
    tag = "payments",
    operation_id = "startPayment",
    params(super::doc::Idempotency),
    request_body = PayBody,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Started: the phone shows the PIN prompt", body = PaymentJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn start(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
    ApiJson(body): ApiJson<PayBody>,
) -> ApiResult<(StatusCode, Json<PaymentJson>)> {
    user.require_seller(said::only_sellers_pay_package())?;
    let b = &state.backends;
    let request = pb::StartPaymentRequest {
        user_id: user.id,
        phone_number: body.phone_number,
        package_id: body.package_id,
        idempotency_key: idempotency_key(&headers),
        retry_of: String::new(),
    };
    let p = b.accounts.clone().start_payment(b.request(request)).await?.into_inner();
    Ok((StatusCode::CREATED, Json(p.into())))
}

async fn public_payment(state: &AppState, id: String) -> ApiResult<pb::Payment> {
    let b = &state.backends;
    let request = pb::GetPaymentRequest { user_id: String::new(), payment_id: id };
    Ok(b.read(&b.accounts, request, |mut c, r| async move { c.get_payment(r).await }).await?)
}

/// A payment, by the id its start answered (the number masked): the sign-up page follows it.
#[utoipa::path(
    get,
    path = "/api/payments/{id}",
    tag = "payments",
    operation_id = "getPayment",
    params(("id" = String, Path, description = "The payment's id")),
    responses(
        (status = 200, description = "The payment", body = PaymentJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn one(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<PaymentJson>> {
    Ok(Json(PaymentJson::masked(public_payment(&state, id).await?)))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = RetryInput)]
pub struct RetryBody {
    /// The M-Pesa number to try; blank for the one tried before.
    pub phone_number: String,
}

/// The sign-up page's "Try again": its seller is not signed in yet; the failed payment's id stands
/// for them, and accounts-svc allows it only for a failed first payment.
/// Try a failed first payment again (the sign-up page's "Try again"), perhaps with another number.
#[utoipa::path(
    post,
    path = "/api/payments/{id}/retry",
    tag = "payments",
    operation_id = "retryPayment",
    params(("id" = String, Path, description = "The failed payment's id")),
    request_body = RetryBody,
    responses(
        (status = 201, description = "Started again", body = PaymentJson),
        super::doc::JsonBodyErrors,
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn retry(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<RetryBody>,
) -> ApiResult<(StatusCode, Json<PaymentJson>)> {
    let failed = public_payment(&state, id.clone()).await?;
    let b = &state.backends;
    let request = pb::StartPaymentRequest {
        user_id: failed.user_id,
        phone_number: body.phone_number,
        package_id: String::new(),
        idempotency_key: String::new(),
        retry_of: id,
    };
    let p = b.accounts.clone().start_payment(b.request(request)).await?.into_inner();
    Ok((StatusCode::CREATED, Json(PaymentJson::masked(p))))
}

/// The signed-in seller's payments, newest first.
#[utoipa::path(
    get,
    path = "/api/account/payments",
    tag = "payments",
    operation_id = "paymentHistory",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The payments", body = [PaymentJson]),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn history(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<Vec<PaymentJson>>> {
    user.require_seller(said::only_sellers_pay_package())?;
    let b = &state.backends;
    let request = pb::ListPaymentsRequest { user_id: user.id };
    let r = b.read(&b.accounts, request, |mut c, r| async move { c.list_payments(r).await }).await?;
    Ok(Json(r.payments.into_iter().map(Into::into).collect()))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = PackageChange, example = json!({"packageId": "standard"}))]
pub struct PackageBody {
    /// `basic`, `standard` or `premium`.
    #[schema(required = true, min_length = 1)]
    pub package_id: String,
}

/// Change package: a lower one from the next renewal; a higher one once its payment succeeds.
#[utoipa::path(
    post,
    path = "/api/account/package",
    tag = "payments",
    operation_id = "changePackage",
    request_body = PackageBody,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The subscription with its pending change", body = SubscriptionJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn change_package(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<PackageBody>,
) -> ApiResult<Json<SubscriptionJson>> {
    user.require_seller(said::only_sellers_pay_package())?;
    let b = &state.backends;
    let request = pb::ChangePackageRequest { user_id: user.id, package_id: body.package_id };
    Ok(Json(b.accounts.clone().change_package(b.request(request)).await?.into_inner().into()))
}

/// What Daraja expects back from a callback.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CallbackAnswer {
    #[serde(rename = "ResultCode")]
    pub result_code: i32,
    #[serde(rename = "ResultDesc")]
    pub result_desc: String,
}

/// Safaricom's result for an STK push, passed to accounts-svc untouched; it trusts nothing in it and
/// asks Daraja itself. Always acknowledged.
#[utoipa::path(
    post,
    path = "/api/payments/mpesa/callback",
    tag = "payments",
    operation_id = "mpesaCallback",
    request_body(content = Option<Value>, description = "Daraja's STK callback: any body, even none"),
    responses(
        (status = 200, description = "Acknowledged", body = CallbackAnswer),
        (status = 413, response = super::doc::PayloadTooLarge),
        super::doc::ServiceErrors,
    ),
)]
async fn callback(State(state): State<AppState>, ApiBytes(body): ApiBytes) -> ApiResult<Json<CallbackAnswer>> {
    let b = &state.backends;
    let request = pb::MpesaCallbackRequest { body: body.to_vec() };
    let r = b.accounts.clone().handle_mpesa_callback(b.request(request)).await?.into_inner();
    Ok(Json(CallbackAnswer { result_code: r.result_code, result_desc: r.result_desc }))
}
