//! booking-svc's records: an appointment, and a provider's working plan.

use std::collections::BTreeMap;

use mtaani_proto::booking::v1 as pb;
use serde::{Deserialize, Serialize};

use super::iso8601;

/// A booking.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Appointment)]
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
    /// `requested`, `confirmed`, `declined` or `cancelled`.
    #[schema(value_type = crate::routes::doc::AppointmentStatus)]
    pub status: &'static str,
    pub created_at: String,
    /// How long it takes, and the label of its end (e.g. `12:30 PM`).
    pub duration_minutes: i32,
    pub end_time: String,
    /// Whether the customer may still change or cancel it by link, and until when (RFC 3339; set on
    /// the customer's views).
    pub can_change: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub change_deadline: Option<String>,
    /// The provider's WhatsApp number, digits only ('' when none; set on the customer's views).
    pub provider_whatsapp: String,
    /// The customer's "Change or cancel" token (in `GET /api/account/bookings`, and in the answer
    /// to the `POST /api/appointments` that made it): the page is `/appointments/cancel?token=…`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub manage_token: String,
    /// Who provides it, where and for how much (set in the answer to the `POST /api/appointments`
    /// that made it, so the web app can say what was booked and where to go, or who will confirm a
    /// request): the provider's name, the listing's place, directions and price range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider: Option<ProviderSummaryJson>,
    /// Who of the provider's team serves it; `null` for a provider without a team.
    pub member: Option<BookedMemberJson>,
    /// The services of the listing's menu booked, in order; empty when booked as one service.
    pub options: Vec<BookedOptionJson>,
    /// What the booked services cost together, in whole Ksh; `null` when none was booked (the
    /// listing's price range stands).
    pub total_ksh: Option<i64>,
}

/// The team member of a booking.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = BookedMember)]
pub struct BookedMemberJson {
    pub id: String,
    pub name: String,
}

/// A service of the menu as it was booked: its name, price and length then.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BookedOption)]
pub struct BookedOptionJson {
    pub id: String,
    pub name: String,
    pub price_ksh: i64,
    pub duration_minutes: i32,
}

/// Who provides a booking, where and for how much (`provider` of an appointment); what could not be
/// read just then is blank.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProviderSummary)]
pub struct ProviderSummaryJson {
    /// The provider's name ('' when it could not be read just then).
    pub name: String,
    /// The listing's location, e.g. `Kilimani, Nairobi`.
    pub location: String,
    /// How to find the provider once there (the floor, the door); '' when they gave none.
    pub directions: String,
    /// Whole Ksh (0 when the listing could not be read just then).
    pub min_price: i64,
    pub max_price: i64,
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
            created_at: iso8601(a.created_at),
            duration_minutes: a.duration_minutes,
            end_time: a.end_time,
            can_change: a.can_change,
            change_deadline: (a.change_deadline != 0).then(|| iso8601(a.change_deadline)),
            provider_whatsapp: a.provider_whatsapp,
            manage_token: a.manage_token,
            provider: None,
            member: (!a.member_id.is_empty()).then_some(BookedMemberJson { id: a.member_id, name: a.member_name }),
            options: a
                .options
                .into_iter()
                .map(|o| BookedOptionJson {
                    id: o.id,
                    name: o.name,
                    price_ksh: o.price_ksh,
                    duration_minutes: o.duration_minutes,
                })
                .collect(),
            total_ksh: (a.total_ksh > 0).then_some(a.total_ksh),
        }
    }
}

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
    #[schema(minimum = 1, maximum = 365, required = true)]
    pub horizon_days: i32,
    /// How many customers the provider serves at once (chairs, staff): 1 to 20.
    #[schema(minimum = 1, maximum = 20, required = true)]
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
            weekly: Some(days_of(p.weekly)),
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
    pub fn into_message(self) -> pb::ProviderPlan {
        pb::ProviderPlan {
            weekly: week_of(self.weekly.unwrap_or_default()),
            days_off: self.days_off,
            min_notice_minutes: self.min_notice_minutes,
            horizon_days: self.horizon_days,
            capacity: self.capacity,
            change_notice_minutes: self.change_notice_minutes,
            instant_booking: self.instant_booking,
        }
    }
}

/// A week as the JSON writes it (`mon` … `sun`, each day's `["HH:MM", "HH:MM"]` intervals).
pub type WeekJson = BTreeMap<String, Vec<(String, String)>>;

/// The contract's week as JSON.
pub fn days_of(weekly: Vec<pb::DayHours>) -> WeekJson {
    weekly.into_iter().map(|d| (d.day, d.intervals.into_iter().map(|i| (i.start, i.end)).collect())).collect()
}

/// A week sent as JSON, every day in order (a day left out is closed; an unknown name is refused by
/// booking-svc with its message).
pub fn week_of(mut weekly: WeekJson) -> Vec<pb::DayHours> {
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
    days
}
