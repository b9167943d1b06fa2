//! Appointments: the request of SPEC §7 (`POST /api/appointments`), the slots already taken, the
//! provider's side in My Account and the customer's cancel link.

use axum::{
    Json,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use mtaani_proto::booking::v1 as pb;
use mtaani_proto::messaging::v1 as msg;
use mtaani_proto::text::said;
use serde::{Deserialize, Serialize};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    answers::booking::{AppointmentJson, ProviderSummaryJson},
    auth::{AuthUser, ClientAddr, MaybeUser},
    error::{ApiError, ApiResult},
    extract::{ApiJson, ApiQuery},
    i18n::{Negotiated, RequestLanguage},
    limits::{BOOKINGS_PER_ADDRESS, BOOKINGS_PER_EMAIL, identity_key},
    routes::idempotency_key,
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_appointment))
        .routes(routes!(availability))
        .routes(routes!(calendar))
        .routes(routes!(cancel_link, cancel))
        .routes(routes!(invite))
        .routes(routes!(reschedule))
        .routes(routes!(seller_appointments))
        .routes(routes!(confirm))
        .routes(routes!(decline))
        .routes(routes!(my_bookings))
}

/// SPEC §3 "Appointment request payload", and an optional phone number.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = AppointmentInput, example = json!({"serviceId": "0193a000-0000-7000-8000-000000000101",
    "name": "Amina Wanjiru", "email": "amina@example.com", "date": "2027-03-14", "time": "9:00 AM",
    "message": "Waist-length knotless braids"}))]
pub struct AppointmentBody {
    /// The listing's `_id`.
    #[schema(required = true, min_length = 1)]
    pub service_id: String,
    #[schema(required = true, min_length = 1)]
    pub name: String,
    #[schema(required = true)]
    pub email: String,
    pub phone: String,
    /// `YYYY-MM-DD` (or an ISO timestamp, read as its date in Nairobi), from today to a year ahead.
    #[schema(required = true, min_length = 1)]
    pub date: String,
    /// A slot label such as `9:00 AM` (SPEC §9: 7:00 AM to 10:30 PM in 30-minute steps).
    #[schema(required = true, min_length = 1)]
    pub time: String,
    /// Up to 1000 characters.
    pub message: String,
    /// Optional: ids of services on the listing's menu (`options` of the listing), in the
    /// order they are done: their lengths add up to the booking's, their prices to its `totalKsh`.
    /// Left out: the listing as one service.
    pub option_ids: Vec<String>,
    /// Optional: the team member asked for (`GET /api/service/{id}/team`); left out: anyone free,
    /// whom the booking assigns (its `memberId`). 409 `member_taken` when the member is not free.
    pub member_id: String,
}

/// Book a start time with a provider (SPEC §7); no account needed, and a booking sent with a valid
/// `Authorization: Bearer` session belongs to that account (`GET /api/account/bookings`). The time must fit the provider's working hours, notice and horizon, and
/// the provider must have a free place for the whole length of the service. The customer is e-mailed
/// a link to change or cancel; every e-mail and SMS about the booking is written in the language the
/// request prefers (`Accept-Language`: `sw` or English).
#[utoipa::path(
    post,
    path = "/api/appointments",
    tag = "appointments",
    operation_id = "createAppointment",
    params(super::doc::Idempotency),
    request_body = AppointmentBody,
    responses(
        (status = 201, description = "Booked: `confirmed` at once when the provider takes bookings instantly (their working hours' `instantBooking`), else `requested` until they confirm it", body = AppointmentJson),
        super::doc::JsonBodyErrors,
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        (status = 429, response = super::doc::TooManyRequests),
        super::doc::ServiceErrors,
    ),
)]
async fn create_appointment(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    MaybeUser(user): MaybeUser,
    RequestLanguage(language): RequestLanguage,
    headers: HeaderMap,
    ApiJson(body): ApiJson<AppointmentBody>,
) -> ApiResult<(StatusCode, Json<AppointmentJson>)> {
    let rules = [
        (identity_key("booking:email", &body.email), BOOKINGS_PER_EMAIL),
        (format!("booking:addr:{addr}"), BOOKINGS_PER_ADDRESS),
    ];
    let quota = state
        .limiter
        .take(&rules)
        .await
        .map_err(|_| ApiError::new(StatusCode::TOO_MANY_REQUESTS, said::too_many_bookings()))?;
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
        customer_id: user.map(|u| u.id).unwrap_or_default(),
        language: language.code().to_owned(),
        option_ids: body.option_ids,
        member_id: body.member_id,
    };
    let booked = b.booking.clone().create_appointment(b.request(request)).await.map_err(ApiError::from);
    let a = quota.settle(booked).await?.into_inner();
    let provider = provider_summary(&state, &a).await;
    let answer = AppointmentJson { provider: Some(provider), ..AppointmentJson::from(a) };
    Ok((StatusCode::CREATED, Json(answer)))
}

/// Who provides `a`, where and for how much: read from accounts-svc and catalog-svc side by side;
/// what does not answer now is left blank (the booking is made either way).
async fn provider_summary(state: &AppState, a: &pb::Appointment) -> ProviderSummaryJson {
    let b = &state.backends;
    let me = mtaani_proto::accounts::v1::GetMeRequest { user_id: a.seller_id.clone() };
    let listing = mtaani_proto::catalog::v1::GetListingRequest { id: a.service_id.clone() };
    let (provider, listing) = tokio::join!(
        b.read(&b.accounts, me, |mut c, r| async move { c.get_me(r).await }),
        b.read(&b.catalog, listing, |mut c, r| async move { c.get_listing(r).await }),
    );
    let mut summary = ProviderSummaryJson {
        name: provider.ok().and_then(|p| p.user).map(|u| u.user_name).unwrap_or_default(),
        ..Default::default()
    };
    if let Ok(l) = listing {
        (summary.location, summary.directions) = (l.location, l.directions);
        (summary.min_price, summary.max_price) = (l.min_price, l.max_price);
    }
    summary
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AvailabilityQuery {
    pub service_id: String,
    pub date: String,
    /// Services of the listing's menu, comma-separated (`optionIds=a,b`): the starts fit all of them
    /// one after the other. Left out: the listing as one service.
    pub option_ids: String,
    /// A team member: only their free starts. Left out: a start is free when any member who does the
    /// listing is.
    pub member_id: String,
}

/// `a,b` as ids.
fn ids(list: &str) -> Vec<String> {
    list.split(',').map(str::trim).filter(|id| !id.is_empty()).map(str::to_owned).collect()
}

/// A day's start times for one listing, as the booking dialog shows them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Availability)]
pub struct AvailabilityJson {
    pub date: String,
    /// The starts that can be booked, in order (labels such as `10:00 AM`).
    pub slots: Vec<String>,
    /// Starts inside the provider's working hours that are full.
    pub taken: Vec<String>,
    /// Starts already gone, or inside the provider's minimum notice.
    pub past: Vec<String>,
    /// The provider takes no booking that day.
    pub closed: bool,
    /// Why nothing can be booked that day, when so (in the request's language).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The next day with a bookable start, when this one has none (`YYYY-MM-DD`).
    pub next_open_date: Option<String>,
    pub duration_minutes: i32,
}

fn some(s: String) -> Option<String> {
    (!s.is_empty()).then_some(s)
}

/// A reason a day cannot be booked (booking-svc sends its text's code and values), in `language`.
/// One this gateway cannot read (a newer booking-svc's, mid-deploy) is left out rather than shown
/// as code: the day still says it cannot be booked.
fn reason(language: crate::i18n::Language, s: String) -> Option<String> {
    let r = some(s)?;
    let text = serde_json::from_str(&r).ok().and_then(|json| mtaani_proto::text::Text::from_json(&json));
    if text.is_none() {
        tracing::warn!(reason = r, "a day's reason this gateway cannot read");
    }
    text.map(|t| t.render(language))
}

/// The start times of a day for one listing: bookable, full, gone; whether the provider works that
/// day and, when nothing is left, the next day that has something.
#[utoipa::path(
    get,
    path = "/api/appointments/availability",
    tag = "appointments",
    operation_id = "availability",
    params(AvailabilityQuery),
    responses(
        (status = 200, description = "The day's start times", body = AvailabilityJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn availability(
    State(state): State<AppState>,
    RequestLanguage(language): RequestLanguage,
    ApiQuery(q): ApiQuery<AvailabilityQuery>,
) -> ApiResult<(Negotiated, Json<AvailabilityJson>)> {
    let b = &state.backends;
    let request = pb::GetAvailabilityRequest {
        service_id: q.service_id,
        date: q.date,
        option_ids: ids(&q.option_ids),
        member_id: q.member_id,
    };
    let r = b.read(&b.booking, request, |mut c, r| async move { c.get_availability(r).await }).await?;
    Ok((
        Negotiated(language),
        Json(AvailabilityJson {
            date: r.date,
            slots: r.slots,
            taken: r.taken,
            past: r.past,
            closed: r.closed,
            reason: reason(language, r.reason),
            next_open_date: some(r.next_open_date),
            duration_minutes: r.duration_minutes,
        }),
    ))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CalendarQuery {
    pub service_id: String,
    /// `YYYY-MM`.
    pub month: String,
    /// As for `availability`.
    pub option_ids: String,
    pub member_id: String,
}

/// One day of the calendar.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = CalendarDay)]
pub struct CalendarDayJson {
    pub date: String,
    pub bookable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A month of the calendar for one listing.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Calendar)]
pub struct CalendarJson {
    pub month: String,
    pub days: Vec<CalendarDayJson>,
    pub next_open_date: Option<String>,
}

/// Which days of a month can take a booking of this listing, and why the others cannot (closed, a
/// day off, past, beyond how far ahead the provider takes bookings, fully booked).
#[utoipa::path(
    get,
    path = "/api/appointments/calendar",
    tag = "appointments",
    operation_id = "calendar",
    params(CalendarQuery),
    responses(
        (status = 200, description = "The month's days", body = CalendarJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn calendar(
    State(state): State<AppState>,
    RequestLanguage(language): RequestLanguage,
    ApiQuery(q): ApiQuery<CalendarQuery>,
) -> ApiResult<(Negotiated, Json<CalendarJson>)> {
    let b = &state.backends;
    let request = pb::GetCalendarRequest {
        service_id: q.service_id,
        month: q.month,
        option_ids: ids(&q.option_ids),
        member_id: q.member_id,
    };
    let r = b.read(&b.booking, request, |mut c, r| async move { c.get_calendar(r).await }).await?;
    Ok((
        Negotiated(language),
        Json(CalendarJson {
            month: r.month,
            days: r
                .days
                .into_iter()
                .map(|d| CalendarDayJson { date: d.date, bookable: d.bookable, reason: reason(language, d.reason) })
                .collect(),
            next_open_date: some(r.next_open_date),
        }),
    ))
}

/// The bookings of the signed-in seller's listings, newest first (My Account).
#[utoipa::path(
    get,
    path = "/api/account/appointments",
    tag = "appointments",
    operation_id = "sellerAppointments",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The bookings", body = [AppointmentJson]),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn seller_appointments(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<Vec<AppointmentJson>>> {
    user.require_seller(said::only_sellers_manage_bookings())?;
    let b = &state.backends;
    let request = pb::ListSellerAppointmentsRequest { seller_id: user.id };
    let r = b.read(&b.booking, request, |mut c, r| async move { c.list_seller_appointments(r).await }).await?;
    Ok(Json(r.appointments.into_iter().map(Into::into).collect()))
}

/// The provider confirms a booking; the customer is e-mailed.
#[utoipa::path(
    post,
    path = "/api/account/appointments/{id}/confirm",
    tag = "appointments",
    operation_id = "confirmAppointment",
    params(("id" = String, Path, description = "The booking's id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Confirmed", body = AppointmentJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn confirm(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<AppointmentJson>> {
    answer(&state, user, id, true).await
}

/// The provider declines a booking; the customer is e-mailed.
#[utoipa::path(
    post,
    path = "/api/account/appointments/{id}/decline",
    tag = "appointments",
    operation_id = "declineAppointment",
    params(("id" = String, Path, description = "The booking's id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Declined", body = AppointmentJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn decline(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<AppointmentJson>> {
    answer(&state, user, id, false).await
}

/// The provider confirms or declines one of their bookings.
async fn answer(state: &AppState, user: AuthUser, id: String, confirm: bool) -> ApiResult<Json<AppointmentJson>> {
    user.require_seller(said::only_sellers_manage_bookings())?;
    let b = &state.backends;
    let request = b.request(pb::AppointmentActionRequest { id, seller_id: user.id });
    let mut client = b.booking.clone();
    let a = if confirm { client.confirm_appointment(request).await } else { client.decline_appointment(request).await };
    Ok(Json(a?.into_inner().into()))
}

/// The bookings the signed-in user made while signed in: upcoming first (soonest first), then past.
/// Each carries the token of its "Change or cancel" page.
#[utoipa::path(
    get,
    path = "/api/account/bookings",
    tag = "appointments",
    operation_id = "myBookings",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The bookings", body = [AppointmentJson]),
        (status = 401, response = super::doc::Unauthorized),
        super::doc::ServiceErrors,
    ),
)]
async fn my_bookings(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<Vec<AppointmentJson>>> {
    let b = &state.backends;
    let request = pb::ListCustomerAppointmentsRequest { customer_id: user.id };
    let r = b.read(&b.booking, request, |mut c, r| async move { c.list_customer_appointments(r).await }).await?;
    Ok(Json(r.appointments.into_iter().map(Into::into).collect()))
}

/// A new time for a booking, chosen on its "Change or cancel" page.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = RescheduleInput)]
pub struct RescheduleBody {
    #[schema(required = true)]
    pub token: String,
    /// `YYYY-MM-DD`.
    #[schema(required = true)]
    pub date: String,
    /// A start label such as `11:00 AM`.
    #[schema(required = true)]
    pub time: String,
    /// Optional (a provider with a team): the member to move to. Left out: the booking's own member
    /// when free then, else anyone free who does the listing.
    pub member_id: String,
}

/// Move a booking to another bookable time with its link's token, until the provider's change notice
/// before it starts: the new time is taken and the old one freed together, or nothing changes. The
/// provider is e-mailed; the link keeps working for the new time.
#[utoipa::path(
    post,
    path = "/api/appointments/reschedule",
    tag = "appointments",
    operation_id = "rescheduleAppointment",
    request_body = RescheduleBody,
    responses(
        (status = 200, description = "Moved", body = AppointmentJson),
        super::doc::JsonBodyErrors,
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn reschedule(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<RescheduleBody>,
) -> ApiResult<Json<AppointmentJson>> {
    let b = &state.backends;
    let request =
        pb::RescheduleRequest { token: body.token, date: body.date, time: body.time, member_id: body.member_id };
    Ok(Json(b.booking.clone().reschedule_appointment(b.request(request)).await?.into_inner().into()))
}

/// The token of the cancel link e-mailed to the customer.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema, utoipa::IntoParams)]
#[serde(default)]
#[schema(as = CancelInput)]
#[into_params(parameter_in = Query)]
pub struct TokenBody {
    #[schema(required = true)]
    #[param(required = true)]
    pub token: String,
}

/// The booking a "Change or cancel" link stands for, with whether it may still be changed.
#[utoipa::path(
    get,
    path = "/api/appointments/cancel",
    tag = "appointments",
    operation_id = "appointmentByCancelLink",
    params(TokenBody),
    responses(
        (status = 200, description = "The booking", body = AppointmentJson),
        (status = 400, response = super::doc::BadRequest),
        super::doc::ServiceErrors,
    ),
)]
async fn cancel_link(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<TokenBody>,
) -> ApiResult<Json<AppointmentJson>> {
    let b = &state.backends;
    let request = pb::CancelTokenRequest { token: q.token };
    let a = b.read(&b.booking, request, |mut c, r| async move { c.get_appointment_by_cancel_token(r).await }).await?;
    Ok(Json(a.into()))
}

/// The booking a "Change or cancel" link stands for as a calendar invite (`.ics`, Nairobi time): the
/// same invite its e-mails carry, with the place, the directions and the link, in the booking's
/// language (as its e-mails), for the customer to add to their calendar from the page that confirms it.
#[utoipa::path(
    get,
    path = "/api/appointments/invite.ics",
    tag = "appointments",
    operation_id = "appointmentInvite",
    params(TokenBody),
    responses(
        (status = 200, description = "The invite (RFC 5545)", content_type = "text/calendar", body = String),
        (status = 400, response = super::doc::BadRequest),
        super::doc::ServiceErrors,
    ),
)]
async fn invite(State(state): State<AppState>, ApiQuery(q): ApiQuery<TokenBody>) -> ApiResult<Response> {
    let b = &state.backends;
    let token = q.token.trim().to_owned();
    let request = pb::CancelTokenRequest { token: token.clone() };
    let a = b.read(&b.booking, request, |mut c, r| async move { c.get_appointment_by_cancel_token(r).await }).await?;
    let listing = mtaani_proto::catalog::v1::GetListingRequest { id: a.service_id.clone() };
    // Without the listing just now, the invite still has the time; the place is in the e-mail.
    let listing = b.read(&b.catalog, listing, |mut c, r| async move { c.get_listing(r).await }).await.ok();
    let (location, directions) = listing.map(|l| (l.location, l.directions)).unwrap_or_default();
    let origin = state.public_base_url.trim_end_matches('/');
    let booking = msg::BookingDetails {
        appointment_id: a.id,
        service_name: a.service_name,
        date: a.date,
        time: a.time,
        cancel_url: format!("{origin}/appointments/cancel?token={token}"),
        duration_minutes: a.duration_minutes,
        starts_at: a.starts_at,
        location,
        directions,
        member_name: a.member_name,
        services: a.options.into_iter().map(|o| o.name).collect(),
        total_ksh: a.total_ksh,
        ..Default::default()
    };
    let request = msg::RenderInviteRequest { booking: Some(booking), language: a.language };
    let invite = b.read(&b.messaging, request, |mut c, r| async move { c.render_invite(r).await }).await?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/calendar; charset=utf-8")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"mtaani-booking.ics\"")),
            (header::CACHE_CONTROL, HeaderValue::from_static("private, no-store")),
        ],
        invite.calendar,
    )
        .into_response())
}

/// Cancel a booking with its link's token, until the provider's change notice before it starts.
#[utoipa::path(
    post,
    path = "/api/appointments/cancel",
    tag = "appointments",
    operation_id = "cancelAppointment",
    request_body = TokenBody,
    responses(
        (status = 200, description = "Cancelled", body = AppointmentJson),
        super::doc::JsonBodyErrors,
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn cancel(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult<Json<AppointmentJson>> {
    let b = &state.backends;
    let request = pb::CancelTokenRequest { token: body.token };
    Ok(Json(b.booking.clone().cancel_appointment(b.request(request)).await?.into_inner().into()))
}
