//! Appointment requests (SPEC §7 `POST /api/appointments`).

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    routing::post,
};
use mtaani_proto::booking::v1 as pb;
use serde::{Deserialize, Serialize};

use crate::{AppState, error::ApiResult, extract::ApiJson, routes::idempotency_key};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/appointments", post(create_appointment))
}

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
    headers: HeaderMap,
    ApiJson(body): ApiJson<AppointmentBody>,
) -> ApiResult<(StatusCode, Json<AppointmentJson>)> {
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
