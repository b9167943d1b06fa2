//! A provider's working plan (My Account → Working hours): `GET` and `PUT /api/account/hours`.

use axum::{Json, extract::State};
use mtaani_proto::booking::v1 as pb;
use mtaani_proto::text::said;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    answers::booking::HoursJson,
    auth::AuthUser,
    error::{ApiError, ApiResult},
    extract::ApiJson,
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_hours, put_hours))
}

/// The signed-in seller's working plan (the default one until they save theirs).
#[utoipa::path(
    get,
    path = "/api/account/hours",
    tag = "appointments",
    operation_id = "workingHours",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The plan", body = HoursJson),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn get_hours(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<HoursJson>> {
    user.require_seller(said::only_sellers_have_hours())?;
    let b = &state.backends;
    let request = pb::GetPlanRequest { seller_id: user.id };
    let plan = b.read(&b.booking, request, |mut c, r| async move { c.get_plan(r).await }).await?;
    Ok(Json(plan.into()))
}

/// Replace the signed-in seller's working plan; bookings from then on must fit it (bookings already
/// made stay). 400 with a message per field (`weekly.mon`, `daysOff`, `capacity`, …).
#[utoipa::path(
    put,
    path = "/api/account/hours",
    tag = "appointments",
    operation_id = "setWorkingHours",
    request_body = HoursJson,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Saved", body = HoursJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn put_hours(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<HoursJson>,
) -> ApiResult<Json<HoursJson>> {
    user.require_seller(said::only_sellers_have_hours())?;
    if body.weekly.is_none() {
        return Err(ApiError::bad_field("weekly", said::give_working_hours()));
    }
    let b = &state.backends;
    let request = pb::SetPlanRequest { seller_id: user.id, plan: Some(body.into_message()) };
    Ok(Json(b.booking.clone().set_plan(b.request(request)).await?.into_inner().into()))
}
