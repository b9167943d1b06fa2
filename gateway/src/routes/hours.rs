//! A provider's working plan (My Account → Working hours): `GET` and `PUT /api/account/hours`.

use std::collections::BTreeMap;

use axum::{Json, extract::State};
use mtaani_proto::booking::v1 as pb;
use serde::{Deserialize, Serialize};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiError, ApiResult},
    extract::ApiJson,
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_hours, put_hours))
}

pub const SELLERS_ONLY: &str = "Only sellers have working hours";
pub const WEEKLY_REQUIRED: &str = "Please give the working hours of each day";
const DAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// The provider's plan. Intervals are `["HH:MM", "HH:MM"]` in Nairobi time on the 30-minute grid,
/// inside 07:00–23:00, not overlapping, at most three a day; a day with none is closed.
#[derive(Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = WorkingHours, example = json!({
    "weekly": {"mon": [["08:00", "13:00"], ["14:00", "18:00"]], "tue": [["08:00", "18:00"]],
        "wed": [["08:00", "18:00"]], "thu": [["08:00", "18:00"]], "fri": [["08:00", "18:00"]],
        "sat": [["09:00", "14:00"]], "sun": []},
    "daysOff": ["2026-12-25"], "minNoticeMinutes": 120, "horizonDays": 60, "capacity": 1,
    "changeNoticeMinutes": 120, "instantBooking": true}))]
pub struct HoursJson {
    /// `mon` … `sun`: each day's working intervals (required; a day left out is closed).
    #[schema(value_type = std::collections::HashMap<String, Vec<Vec<String>>>, required = true)]
    pub weekly: Option<BTreeMap<String, Vec<(String, String)>>>,
    /// Dates the provider does not work (`YYYY-MM-DD`).
    pub days_off: Vec<String>,
    /// How long before a start it can still be booked: 0 to 2880.
    #[schema(minimum = 0, maximum = 2880)]
    pub min_notice_minutes: i32,
    /// How many days ahead bookings are taken: 1 to 365.
    #[schema(minimum = 1, maximum = 365)]
    pub horizon_days: i32,
    /// How many customers the provider serves at once (chairs, staff): 1 to 20.
    #[schema(minimum = 1, maximum = 20)]
    pub capacity: i32,
    /// Until how long before the start a customer may change or cancel by link: 0 to 2880.
    #[schema(minimum = 0, maximum = 2880)]
    pub change_notice_minutes: i32,
    /// Bookings inside the plan are confirmed at once (true), or each is a request the provider
    /// confirms or declines (false). Left out of a `PUT`: kept as it was (a provider who never saved
    /// a plan takes bookings instantly).
    #[serde(skip_serializing_if = "Option::is_none", deserialize_with = "present_bool")]
    #[schema(value_type = bool, default = true)]
    pub instant_booking: Option<bool>,
}

/// A boolean that may be left out (then `None`, by the struct's default) but is never `null`.
fn present_bool<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    bool::deserialize(d).map(Some)
}

impl From<pb::ProviderPlan> for HoursJson {
    fn from(p: pb::ProviderPlan) -> Self {
        Self {
            weekly: Some(
                p.weekly
                    .into_iter()
                    .map(|d| (d.day, d.intervals.into_iter().map(|i| (i.start, i.end)).collect()))
                    .collect(),
            ),
            days_off: p.days_off,
            min_notice_minutes: p.min_notice_minutes,
            horizon_days: p.horizon_days,
            capacity: p.capacity,
            change_notice_minutes: p.change_notice_minutes,
            instant_booking: p.instant_booking,
        }
    }
}

impl HoursJson {
    /// Every day of the week in order (a day left out is closed; an unknown name is refused by
    /// booking-svc with its message).
    fn into_message(self) -> pb::ProviderPlan {
        let mut weekly = self.weekly.unwrap_or_default();
        let mut days: Vec<pb::DayHours> = DAYS
            .iter()
            .map(|d| pb::DayHours {
                day: (*d).to_owned(),
                intervals: weekly
                    .remove(*d)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(start, end)| pb::Interval { start, end })
                    .collect(),
            })
            .collect();
        days.extend(weekly.into_keys().map(|day| pb::DayHours { day, intervals: Vec::new() }));
        pb::ProviderPlan {
            weekly: days,
            days_off: self.days_off,
            min_notice_minutes: self.min_notice_minutes,
            horizon_days: self.horizon_days,
            capacity: self.capacity,
            change_notice_minutes: self.change_notice_minutes,
            instant_booking: self.instant_booking,
        }
    }
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
    user.require_seller(SELLERS_ONLY)?;
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
    user.require_seller(SELLERS_ONLY)?;
    if body.weekly.is_none() {
        let mut e = ApiError::bad_request(WEEKLY_REQUIRED);
        e.errors.insert("weekly".into(), WEEKLY_REQUIRED.into());
        return Err(e);
    }
    let b = &state.backends;
    let request = pb::SetPlanRequest { seller_id: user.id, plan: Some(body.into_message()) };
    Ok(Json(b.booking.clone().set_plan(b.request(request)).await?.into_inner().into()))
}
