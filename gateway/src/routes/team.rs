//! A provider's team: `GET` and `POST /api/account/team`, `PUT` and `DELETE
//! /api/account/team/{memberId}` for the seller, and `GET /api/service/{id}/team` for the listing
//! page's "Choose a stylist".

use axum::{
    Json,
    extract::{DefaultBodyLimit, Path, State},
    http::StatusCode,
};
use mtaani_proto::text::said;
use mtaani_proto::{booking::v1 as pb, catalog::v1 as catalog};
use serde::{Deserialize, Serialize};
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use crate::{
    AppState,
    answers::booking::{AppointmentJson, WeekJson, days_of, week_of},
    auth::AuthUser,
    error::ApiResult,
    extract::{ApiJson, ApiQuery},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_team, add_member).layer(DefaultBodyLimit::max(crate::PHOTO_BODY)))
        .routes(routes!(save_member, remove_member).layer(DefaultBodyLimit::max(crate::PHOTO_BODY)))
        .routes(routes!(listing_team))
        .routes(routes!(reassign))
}

/// A member of the provider's team.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TeamMember, example = json!({"id": "0193a7c2-5b1e-7e11-9c3a-1f2e3d4c5b6a", "name": "Akinyi",
    "phone": "+254712345678", "listingIds": ["0193a000-0000-7000-8000-000000000101"],
    "weekly": {"mon": [], "tue": [["09:00", "17:00"]], "wed": [["09:00", "17:00"]], "thu": [["09:00", "17:00"]],
        "fri": [["09:00", "17:00"]], "sat": [["09:00", "14:00"]], "sun": []},
    "daysOff": ["2026-12-24"], "active": true, "photo": "/media/team/6a/0193a7c25b1e7e119c3a1f2e3d4c5b6a-192.webp"}))]
pub struct TeamMemberJson {
    pub id: String,
    pub name: String,
    /// Their own number for the SMS of their own bookings (`+254…`); absent on the listing's page,
    /// `""` when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// The provider's listings they do.
    pub listing_ids: Vec<String>,
    /// Their own week inside the provider's working hours (they work where both say so); `null`:
    /// the provider's hours. Absent on the listing's page.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, Vec<Vec<String>>>>)]
    pub weekly: Option<Option<WeekJson>>,
    /// Their own days off besides the provider's (`YYYY-MM-DD`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days_off: Option<Vec<String>>,
    /// Takes bookings.
    pub active: bool,
    /// Their photo (a 192 px square), or `null`.
    pub photo: Option<String>,
}

impl TeamMemberJson {
    fn of(m: pb::TeamMember) -> Self {
        Self {
            id: m.id,
            name: m.name,
            phone: Some(m.phone),
            listing_ids: m.listing_ids,
            weekly: Some(m.own_hours.then(|| days_of(m.weekly))),
            days_off: Some(m.days_off),
            active: m.active,
            photo: Some(m.photo).filter(|p| !p.is_empty()),
        }
    }

    /// As the listing's page shows them: who, not how to reach them or when they work.
    fn public(m: pb::TeamMember) -> Self {
        Self { phone: None, weekly: None, days_off: None, ..Self::of(m) }
    }
}

/// A member as the seller adds or edits them.
#[derive(Debug, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = TeamMemberInput, example = json!({"name": "Akinyi", "phone": "0712 345 678",
    "listingIds": ["0193a000-0000-7000-8000-000000000101"], "weekly": null, "active": true}))]
pub struct TeamMemberBody {
    /// 2 to 100 characters.
    #[schema(required = true)]
    pub name: String,
    /// Optional: their own mobile number for the SMS of their bookings.
    pub phone: String,
    /// At least one of the seller's listings.
    #[schema(required = true)]
    pub listing_ids: Vec<String>,
    /// Their own week, as the provider's working hours write it (`mon` … `sun`); left out or `null`:
    /// the provider's hours.
    #[schema(value_type = Option<std::collections::HashMap<String, Vec<Vec<String>>>>)]
    pub weekly: Option<WeekJson>,
    pub days_off: Vec<String>,
    /// Takes bookings; left out: true.
    #[schema(default = true)]
    pub active: Option<bool>,
    /// Optional: their photo, a JPEG, PNG or WebP file as a data URL (at most 5 MB, checked as a
    /// listing's photos are), or the `photo` URL they have; `""` removes it; left out or `null`: an
    /// edit keeps theirs.
    pub photo: Option<String>,
}

impl TeamMemberBody {
    /// The member for booking-svc, with `photo` the URL catalog-svc stored theirs under (see
    /// [`stored_photo`]).
    fn into_message(self, photo: Option<String>) -> pb::TeamMemberInput {
        pb::TeamMemberInput {
            name: self.name,
            phone: self.phone,
            listing_ids: self.listing_ids,
            weekly: self.weekly.map(week_of).unwrap_or_default(),
            days_off: self.days_off,
            active: self.active.unwrap_or(true),
            photo,
        }
    }
}

/// The photo a member's body sends, stored by catalog-svc (a new file checked as a listing's photos
/// are, or one of the seller's own URLs confirmed): its URL; `""` for none; `None` to keep theirs.
async fn stored_photo(state: &AppState, seller_id: &str, photo: Option<&str>) -> ApiResult<Option<String>> {
    let photo = match photo.map(str::trim) {
        None => return Ok(None),
        Some("") => return Ok(Some(String::new())),
        Some(photo) => photo,
    };
    let b = &state.backends;
    let request = catalog::PutPortraitRequest { seller_id: seller_id.to_owned(), photo: photo.to_owned() };
    let stored = b.catalog_long.clone().put_portrait(b.upload_request(request, 1)).await?.into_inner();
    Ok(Some(stored.url))
}

/// The photo `member_id` of the seller's team shows now, if any.
async fn photo_of(state: &AppState, seller_id: &str, member_id: &str) -> ApiResult<Option<String>> {
    let b = &state.backends;
    let listed = pb::ListTeamRequest { seller_id: seller_id.to_owned() };
    let team = b.read(&b.booking, listed, |mut c, r| async move { c.list_team(r).await }).await?;
    Ok(team.members.into_iter().find(|m| m.id == member_id.trim()).map(|m| m.photo).filter(|p| !p.is_empty()))
}

/// After a change of the team: catalog-svc deletes the seller's photos no member shows any more
/// (`dropped` at once). A failure costs a file kept until the next change, never the change itself.
async fn tidy_photos(state: &AppState, seller_id: &str, dropped: Vec<String>) {
    let b = &state.backends;
    let listed = pb::ListTeamRequest { seller_id: seller_id.to_owned() };
    let team = match b.read(&b.booking, listed, |mut c, r| async move { c.list_team(r).await }).await {
        Ok(team) => team,
        Err(e) => return tracing::warn!(error = %e, "team photos not tidied: booking-svc did not answer"),
    };
    let keep = team.members.into_iter().map(|m| m.photo).filter(|p| !p.is_empty()).collect();
    let request = catalog::KeepPortraitsRequest { seller_id: seller_id.to_owned(), keep, drop: dropped };
    if let Err(e) = b.catalog.clone().keep_portraits(b.request(request)).await {
        tracing::warn!(error = %e, "team photos not tidied: catalog-svc did not answer");
    }
}

/// What becomes of the upcoming bookings of a member who leaves or stops taking bookings.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UpcomingQuery {
    /// `move` (to `moveTo`, or to anyone free then) or `cancel` (each customer is told). Left out
    /// while the member has upcoming bookings: 409 `member_has_bookings`, saying how many.
    #[param(pattern = "^(move|cancel)$")]
    pub then: String,
    /// The member to move them to.
    pub move_to: String,
}

impl UpcomingQuery {
    fn upcoming(&self) -> pb::UpcomingBookings {
        match self.then.trim() {
            "move" => pb::UpcomingBookings::Move,
            "cancel" => pb::UpcomingBookings::Cancel,
            _ => pb::UpcomingBookings::Unspecified,
        }
    }
}

/// How many upcoming bookings a removal moved and cancelled.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = TeamRemoval)]
pub struct RemovedJson {
    pub moved: i64,
    pub cancelled: i64,
}

/// The signed-in seller's team, in the order the members were added.
#[utoipa::path(
    get,
    path = "/api/account/team",
    tag = "team",
    operation_id = "team",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The team", body = [TeamMemberJson]),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn list_team(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<Vec<TeamMemberJson>>> {
    user.require_seller(said::only_sellers_have_team())?;
    let b = &state.backends;
    let request = pb::ListTeamRequest { seller_id: user.id };
    let team = b.read(&b.booking, request, |mut c, r| async move { c.list_team(r).await }).await?;
    Ok(Json(team.members.into_iter().map(TeamMemberJson::of).collect()))
}

/// Add a member to the team: from then on each member is one person serving one customer at a time,
/// and the working hours' `capacity` no longer applies. 400 with a message per field.
#[utoipa::path(
    post,
    path = "/api/account/team",
    tag = "team",
    operation_id = "addTeamMember",
    request_body = TeamMemberBody,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Added", body = TeamMemberJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn add_member(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<TeamMemberBody>,
) -> ApiResult<(StatusCode, Json<TeamMemberJson>)> {
    user.require_seller(said::only_sellers_have_team())?;
    let b = &state.backends;
    let photo = stored_photo(&state, &user.id, body.photo.as_deref()).await?;
    let request = pb::SaveTeamMemberRequest {
        seller_id: user.id.clone(),
        member: Some(body.into_message(photo)),
        ..Default::default()
    };
    let member = b.booking.clone().save_team_member(b.request(request)).await?.into_inner();
    tidy_photos(&state, &user.id, Vec::new()).await;
    Ok((StatusCode::CREATED, Json(TeamMemberJson::of(member))))
}

/// Save a member's changes. A member who stops taking bookings (`active: false`, or no longer doing a
/// listing) with upcoming bookings needs `then`: 409 `member_has_bookings` otherwise.
#[utoipa::path(
    put,
    path = "/api/account/team/{memberId}",
    tag = "team",
    operation_id = "saveTeamMember",
    params(("memberId" = String, Path, description = "The member's id"), UpcomingQuery),
    request_body = TeamMemberBody,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Saved", body = TeamMemberJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn save_member(
    State(state): State<AppState>,
    user: AuthUser,
    Path(member_id): Path<String>,
    ApiQuery(q): ApiQuery<UpcomingQuery>,
    ApiJson(body): ApiJson<TeamMemberBody>,
) -> ApiResult<Json<TeamMemberJson>> {
    user.require_seller(said::only_sellers_have_team())?;
    let b = &state.backends;
    let before = photo_of(&state, &user.id, &member_id).await?;
    let photo = stored_photo(&state, &user.id, body.photo.as_deref()).await?;
    let request = pb::SaveTeamMemberRequest {
        seller_id: user.id.clone(),
        member_id,
        member: Some(body.into_message(photo)),
        upcoming: q.upcoming().into(),
        move_to: q.move_to,
    };
    let member = b.booking.clone().save_team_member(b.request(request)).await?.into_inner();
    // A photo replaced or removed goes at once.
    tidy_photos(&state, &user.id, before.into_iter().filter(|p| *p != member.photo).collect()).await;
    Ok(Json(TeamMemberJson::of(member)))
}

/// Remove a member from the team. With upcoming bookings it needs `then`: 409 `member_has_bookings`
/// otherwise; nothing is ever dropped silently.
#[utoipa::path(
    delete,
    path = "/api/account/team/{memberId}",
    tag = "team",
    operation_id = "removeTeamMember",
    params(("memberId" = String, Path, description = "The member's id"), UpcomingQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Removed", body = RemovedJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn remove_member(
    State(state): State<AppState>,
    user: AuthUser,
    Path(member_id): Path<String>,
    ApiQuery(q): ApiQuery<UpcomingQuery>,
) -> ApiResult<Json<RemovedJson>> {
    user.require_seller(said::only_sellers_have_team())?;
    let b = &state.backends;
    // Their photo goes with them: read before, as the removal forgets it.
    let photo = photo_of(&state, &user.id, &member_id).await?;
    let request = pb::RemoveTeamMemberRequest {
        seller_id: user.id.clone(),
        member_id,
        upcoming: q.upcoming().into(),
        move_to: q.move_to,
    };
    let removed = b.booking.clone().remove_team_member(b.request(request)).await?.into_inner();
    tidy_photos(&state, &user.id, photo.into_iter().collect()).await;
    Ok(Json(RemovedJson { moved: removed.moved, cancelled: removed.cancelled }))
}

/// Which member serves a booking from now on.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = ReassignInput)]
pub struct ReassignBody {
    #[schema(required = true)]
    pub member_id: String,
}

/// Give one of the seller's upcoming bookings to another member of the team, who must do its listing,
/// work then and be free for its whole length (409 `member_taken` otherwise). The customer is told.
#[utoipa::path(
    post,
    path = "/api/account/appointments/{id}/reassign",
    tag = "team",
    operation_id = "reassignAppointment",
    params(("id" = String, Path, description = "The booking's id")),
    request_body = ReassignBody,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Given to the member", body = AppointmentJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn reassign(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReassignBody>,
) -> ApiResult<Json<AppointmentJson>> {
    user.require_seller(said::only_sellers_have_team())?;
    let b = &state.backends;
    let request = pb::ReassignAppointmentRequest { id, seller_id: user.id, member_id: body.member_id };
    Ok(Json(b.booking.clone().reassign_appointment(b.request(request)).await?.into_inner().into()))
}

/// The members who take bookings of a listing ("Choose a stylist"); empty for a provider without a
/// team.
#[utoipa::path(
    get,
    path = "/api/service/{id}/team",
    tag = "team",
    operation_id = "listingTeam",
    params(("id" = String, Path, description = "The listing's `_id`")),
    responses(
        (status = 200, description = "Who can be chosen", body = [TeamMemberJson]),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn listing_team(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<Vec<TeamMemberJson>>> {
    let b = &state.backends;
    let request = pb::GetListingTeamRequest { service_id: id };
    let team = b.read(&b.booking, request, |mut c, r| async move { c.get_listing_team(r).await }).await?;
    Ok(Json(team.members.into_iter().map(TeamMemberJson::public).collect()))
}
