//! Appointments: the request of SPEC §7 (`POST /api/appointments`), the slots already taken, the
//! provider's side in My Account and the customer's cancel link.

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    routing::{get, post},
};
use mtaani_proto::booking::v1 as pb;
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    auth::{AuthUser, ClientAddr},
    error::{ApiError, ApiResult},
    extract::{ApiJson, ApiQuery},
    limits::BOOKINGS,
    routes::idempotency_key,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/appointments", post(create_appointment))
        .route("/api/appointments/availability", get(availability))
        .route("/api/appointments/cancel", get(cancel_link).post(cancel))
        .route("/api/account/appointments", get(seller_appointments))
        .route("/api/account/appointments/{id}/confirm", post(confirm))
        .route("/api/account/appointments/{id}/decline", post(decline))
}

pub const TOO_MANY: &str = "You have made several bookings in a short time. Please wait a few minutes and try again.";
pub const SELLERS_ONLY: &str = "Only sellers have bookings to manage";

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AppointmentBody {
    pub service_id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub date: String,
    pub time: String,
    pub message: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentJson {
    pub id: String,
    pub service_id: String,
    pub service_name: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub date: String,
    pub time: String,
    pub message: String,
    pub status: &'static str,
    pub created_at: String,
}

impl From<pb::Appointment> for AppointmentJson {
    fn from(a: pb::Appointment) -> Self {
        let status = match pb::AppointmentStatus::try_from(a.status) {
            Ok(pb::AppointmentStatus::Confirmed) => "confirmed",
            Ok(pb::AppointmentStatus::Declined) => "declined",
            Ok(pb::AppointmentStatus::Cancelled) => "cancelled",
            _ => "requested",
        };
        Self {
            id: a.id,
            service_id: a.service_id,
            service_name: a.service_name,
            name: a.name,
            email: a.email,
            phone: a.phone,
            date: a.date,
            time: a.time,
            message: a.message,
            status,
            created_at: crate::routes::listings::iso8601(a.created_at),
        }
    }
}

async fn create_appointment(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    headers: HeaderMap,
    ApiJson(body): ApiJson<AppointmentBody>,
) -> ApiResult<(StatusCode, Json<AppointmentJson>)> {
    if state.limiter.hit(&format!("booking:{addr}"), BOOKINGS.window).await > BOOKINGS.limit {
        return Err(ApiError::new(StatusCode::TOO_MANY_REQUESTS, TOO_MANY));
    }
    let b = &state.backends;
    let request = pb::CreateAppointmentRequest {
        service_id: body.service_id,
        name: body.name,
        email: body.email,
        date: body.date,
        time: body.time,
        message: body.message,
        phone: body.phone,
        idempotency_key: idempotency_key(&headers),
    };
    let a = b.booking.clone().create_appointment(b.request(request)).await?.into_inner();
    Ok((StatusCode::CREATED, Json(a.into())))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AvailabilityQuery {
    pub service_id: String,
    pub date: String,
}

#[derive(Debug, Serialize)]
pub struct AvailabilityJson {
    pub date: String,
    pub taken: Vec<String>,
    pub past: Vec<String>,
}

async fn availability(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<AvailabilityQuery>,
) -> ApiResult<Json<AvailabilityJson>> {
    let b = &state.backends;
    let request = pb::GetAvailabilityRequest { service_id: q.service_id, date: q.date };
    let r = b.read(&b.booking, request, |mut c, r| async move { c.get_availability(r).await }).await?;
    Ok(Json(AvailabilityJson { date: r.date, taken: r.taken, past: r.past }))
}

async fn seller_appointments(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<Vec<AppointmentJson>>> {
    user.require_seller(SELLERS_ONLY)?;
    let b = &state.backends;
    let request = pb::ListSellerAppointmentsRequest { seller_id: user.id };
    let r = b.read(&b.booking, request, |mut c, r| async move { c.list_seller_appointments(r).await }).await?;
    Ok(Json(r.appointments.into_iter().map(Into::into).collect()))
}

async fn confirm(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<AppointmentJson>> {
    answer(&state, user, id, true).await
}

async fn decline(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<AppointmentJson>> {
    answer(&state, user, id, false).await
}

/// The provider confirms or declines one of their bookings.
async fn answer(state: &AppState, user: AuthUser, id: String, confirm: bool) -> ApiResult<Json<AppointmentJson>> {
    user.require_seller(SELLERS_ONLY)?;
    let b = &state.backends;
    let request = b.request(pb::AppointmentActionRequest { id, seller_id: user.id });
    let mut client = b.booking.clone();
    let a = if confirm { client.confirm_appointment(request).await } else { client.decline_appointment(request).await };
    Ok(Json(a?.into_inner().into()))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TokenBody {
    pub token: String,
}

async fn cancel_link(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<TokenBody>,
) -> ApiResult<Json<AppointmentJson>> {
    let b = &state.backends;
    let request = pb::CancelTokenRequest { token: q.token };
    let a = b.read(&b.booking, request, |mut c, r| async move { c.get_appointment_by_cancel_token(r).await }).await?;
    Ok(Json(a.into()))
}

async fn cancel(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult<Json<AppointmentJson>> {
    let b = &state.backends;
    let request = pb::CancelTokenRequest { token: body.token };
    Ok(Json(b.booking.clone().cancel_appointment(b.request(request)).await?.into_inner().into()))
}
