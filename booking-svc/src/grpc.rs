//! The tonic implementation of `booking.v1.BookingService`.

use std::sync::Arc;

use chrono::{Duration as Days, NaiveDate, Utc};
use mtaani_proto::{
    booking::v1::{self as pb, AppointmentStatus, booking_service_server::BookingService},
    catalog::v1::{GetListingRequest, Listing},
    language::Language,
    message_key::{MessageKey, Recipient},
    messaging::v1::{self as msg, send_notification_request::Kind},
    status::{ErrorCode, coded, fixed, with_field},
    token,
};
use mtaani_runtime::db::is_unique_violation;
use tonic::{Code, Request, Response, Status};

use crate::{
    listings::Bookable,
    notices, plan, rules, schedule,
    service::{Booking, Place, db, timed},
    slots,
    store::{self, NewBooking},
};

pub const SLOT_TAKEN: &str = mtaani_proto::status::texts::SLOT_TAKEN;
pub const SERVICE_NOT_FOUND: &str = mtaani_proto::status::texts::SERVICE_NOT_FOUND;
pub const BOOKING_NOT_FOUND: &str = "Booking not found";
pub const NOT_YOURS: &str = "You can only manage bookings of your own services";
pub const BAD_LINK: &str = "This cancellation link is not valid.";
pub const ALREADY_CANCELLED: &str = "This booking is already cancelled.";
pub const TOO_LATE: &str = mtaani_proto::status::texts::TOO_LATE_TO_CHANGE;
pub const BAD_MONTH: &str = "Please choose a valid month";
const CANCEL_AUDIENCE: &str = "booking-cancel";
/// A "Change or cancel" link lasts longer than any booking can be ahead: moving the booking keeps the
/// link working, and the service decides what it may still do.
const LINK_LIFETIME: i64 = 400 * 86_400;
/// A listing whose length was never set takes an hour.
pub const DEFAULT_DURATION: u32 = 60;

fn now() -> i64 {
    Utc::now().timestamp()
}

fn invalid(field: &str, message: impl Into<String>) -> Status {
    with_field(Code::InvalidArgument, ErrorCode::Validation, message, field)
}

/// The chosen start cannot be booked at this hour or on this day (`field`: `date` or `time`).
fn outside_hours(field: &str, message: impl Into<String>) -> Status {
    with_field(Code::InvalidArgument, ErrorCode::OutsideHours, message, field)
}

fn slot_taken() -> Status {
    fixed(Code::AlreadyExists, ErrorCode::SlotTaken)
}

/// The booking is cancelled, declined or over: nothing about it can change.
fn closed(message: impl Into<String>) -> Status {
    coded(Code::FailedPrecondition, ErrorCode::BookingClosed, message)
}

/// How long one booking of `listing` takes.
pub fn duration_of(listing: &Listing) -> u32 {
    match listing.duration_minutes {
        d if (30..=240).contains(&d) => d as u32,
        _ => DEFAULT_DURATION,
    }
}

/// Whether a start of `duration` minutes at `slot` on `date` fits `plan` at `now`, with the message a
/// customer reads when it does not. Whether a seat is free is the database's to say (`store::hold`).
pub fn check_start(
    plan: &plan::Plan,
    date: NaiveDate,
    slot: &slots::TimeSlot,
    duration: u32,
    now: chrono::DateTime<Utc>,
) -> Result<(), Status> {
    if let Some(reason) = schedule::closed_reason(plan, date, now) {
        if reason == schedule::DAY_PASSED {
            return Err(invalid("date", rules::PAST_DATE));
        }
        return Err(outside_hours("date", reason));
    }
    match schedule::start_state(plan, date, slot, duration, now, &|_| 0) {
        schedule::Start::Outside => Err(outside_hours("time", schedule::OUTSIDE_HOURS)),
        schedule::Start::Past if schedule::starts_at(date, slot.minutes) <= now.timestamp() => {
            Err(invalid("time", rules::PAST_SLOT))
        }
        schedule::Start::Past => Err(invalid("time", schedule::notice_message(plan.min_notice_minutes))),
        schedule::Start::Full | schedule::Start::Bookable => Ok(()),
    }
}

impl Booking {
    /// The listing a booking is for; hidden and deleted listings are not found.
    async fn listing(&self, id: &str) -> Result<Listing, Status> {
        match self.catalog.clone().get_listing(timed(GetListingRequest { id: id.to_owned() })).await {
            Ok(r) => Ok(r.into_inner()),
            Err(s) if s.code() == Code::NotFound || s.code() == Code::InvalidArgument => {
                Err(Status::not_found(SERVICE_NOT_FOUND))
            }
            Err(s) => {
                tracing::warn!(error = %s, "catalog-svc did not answer");
                Err(Status::unavailable("Bookings are busy. Please try again."))
            }
        }
    }

    /// A new booking's insert failed: the same request again, sent twice at once, answers the first
    /// booking (its key is stored); anything else is an error.
    async fn not_inserted(&self, e: sqlx::Error, key: Option<&str>) -> Result<Response<pb::Appointment>, Status> {
        if !is_unique_violation(&e) {
            return Err(db(e));
        }
        if let Some(key) = key
            && let Some(first) = store::by_idempotency_key(&self.pool, key).await.map_err(db)?
        {
            return Ok(Response::new(first));
        }
        Err(Status::aborted("Bookings are busy. Please try again."))
    }

    /// What a booking and the dialog's reads need of a listing: kept since catalog-svc's last change
    /// (see [`crate::listings`]), or asked for (and kept).
    async fn bookable(&self, id: &str) -> Result<Bookable, Status> {
        let generation = self.listings.generation();
        if let Some(bookable) = generation.and_then(|g| self.listings.get(g, id)) {
            return Ok(bookable);
        }
        let listing = self.listing(id).await?;
        let bookable = Bookable {
            duration: duration_of(&listing),
            id: listing.id,
            seller_id: listing.seller_id,
            name: listing.name,
            location: listing.location,
            directions: listing.directions,
            phone_number: listing.phone_number,
            min_price: listing.min_price,
            max_price: listing.max_price,
        };
        if let Some(g) = generation {
            self.listings.keep(g, id, &bookable);
        }
        Ok(bookable)
    }

    /// The listing if catalog-svc has it to show (for the link's page); None when hidden or away.
    async fn listing_if_any(&self, id: &str) -> Option<Listing> {
        self.catalog
            .clone()
            .get_listing(timed(GetListingRequest { id: id.to_owned() }))
            .await
            .ok()
            .map(|r| r.into_inner())
    }

    /// The signed token of the customer's "Change or cancel" link.
    pub(crate) fn link_token(&self, id: &str) -> String {
        token::issue_link(&self.link_secret, CANCEL_AUDIENCE, id, now() + LINK_LIFETIME).unwrap_or_else(|e| {
            tracing::error!(error = %e, "cannot sign a change-or-cancel link");
            String::new()
        })
    }

    fn link(&self, id: &str) -> String {
        format!("{}/appointments/cancel?token={}", self.public_base_url, self.link_token(id))
    }

    /// What an e-mail about `a` says.
    pub(crate) fn details(&self, a: &pb::Appointment, place: Place<'_>, with_link: bool) -> msg::BookingDetails {
        msg::BookingDetails {
            appointment_id: a.id.clone(),
            service_name: a.service_name.clone(),
            customer_name: a.name.clone(),
            customer_email: a.email.clone(),
            customer_phone: a.phone.clone(),
            date: a.date.clone(),
            time: a.time.clone(),
            message: a.message.clone(),
            cancel_url: if with_link { self.link(&a.id) } else { String::new() },
            manage_url: format!("{}/account", self.public_base_url),
            duration_minutes: a.duration_minutes,
            starts_at: a.starts_at,
            location: place.location.to_owned(),
            directions: place.directions.to_owned(),
            provider_phone: place.phone.to_owned(),
            min_price: place.min_price,
            max_price: place.max_price,
            provider_name: String::new(),
            previous_date: String::new(),
            previous_time: String::new(),
            instant: false,
        }
    }

    /// The message to the customer of `a` about `event` (`requested`, `moved:{date}:{time}`…); its key
    /// is the customer's own (`MessageKey`), never the provider's of the same event.
    pub(crate) fn to_customer(&self, event: &str, a: &pb::Appointment, kind: Kind) -> msg::SendNotificationRequest {
        msg::SendNotificationRequest {
            idempotency_key: MessageKey::new(&a.id, event, Recipient::Customer).into(),
            to_name: a.name.clone(),
            to_email: a.email.clone(),
            to_phone: a.phone.clone(),
            language: a.language.clone(),
            kind: Some(kind),
        }
    }

    /// Adds what the customer's page needs: until when they may change it, and the provider's WhatsApp.
    fn for_customer(&self, mut a: pb::Appointment, plan: &plan::Plan, listing: Option<&Listing>) -> pb::Appointment {
        a.change_deadline = a.starts_at - i64::from(plan.change_notice_minutes) * 60;
        a.can_change = store::is_live(a.status()) && now() <= a.change_deadline;
        a.provider_whatsapp =
            listing.map(|l| l.phone_number.chars().filter(char::is_ascii_digit).collect()).unwrap_or_default();
        a
    }

    /// The seller's action on one of their bookings: `to` from `from`, and an e-mail to the customer.
    async fn act(
        &self,
        r: pb::AppointmentActionRequest,
        from: &[AppointmentStatus],
        to: AppointmentStatus,
    ) -> Result<pb::Appointment, Status> {
        let a = store::by_id(&self.pool, r.id.trim())
            .await
            .map_err(db)?
            .ok_or_else(|| Status::not_found(BOOKING_NOT_FOUND))?;
        if a.seller_id != r.seller_id || r.seller_id.is_empty() {
            return Err(Status::permission_denied(NOT_YOURS));
        }
        if a.status() == to {
            return Ok(a); // a repeated click changes nothing
        }
        let listing = self.listing_if_any(&a.service_id).await;
        let mut tx = self.pool.begin().await.map_err(db)?;
        if !store::transition(&mut tx, &a.id, from, to, now()).await.map_err(db)? {
            return Err(Status::failed_precondition(format!(
                "This booking is already {}.",
                store::status_name(a.status())
            )));
        }
        let updated = pb::Appointment { status: to.into(), updated_at: now(), ..a };
        let details = self.details(&updated, Place::of(listing.as_ref()), to == AppointmentStatus::Confirmed);
        let kind = if to == AppointmentStatus::Confirmed {
            Kind::BookingConfirmed(details)
        } else {
            Kind::BookingDeclined(details)
        };
        let event = store::status_name(to);
        self.outbox.enqueue(&mut tx, self.to_customer(event, &updated, kind)).await.map_err(db)?;
        tx.commit().await.map_err(db)?;
        self.outbox.kick();
        Ok(updated)
    }

    fn appointment_of_link(&self, token: &str) -> Result<String, Status> {
        token::verify_link(&self.link_secret, CANCEL_AUDIENCE, token.trim())
            .map_err(|_| Status::invalid_argument(BAD_LINK))
    }

    /// The live booking a link stands for, or why it can no longer be changed.
    async fn changeable(&self, token: &str) -> Result<(pb::Appointment, plan::Plan), Status> {
        let id = self.appointment_of_link(token)?;
        let a = store::by_id(&self.pool, &id).await.map_err(db)?.ok_or_else(|| Status::invalid_argument(BAD_LINK))?;
        if !store::is_live(a.status()) {
            return Err(match a.status() {
                AppointmentStatus::Cancelled => closed(ALREADY_CANCELLED),
                other => closed(format!("This booking was {}.", store::status_name(other))),
            });
        }
        let plan = store::plan(&self.pool, &a.seller_id).await.map_err(db)?;
        if now() > a.starts_at - i64::from(plan.change_notice_minutes) * 60 {
            return Err(fixed(Code::FailedPrecondition, ErrorCode::TooLateToChange));
        }
        Ok((a, plan))
    }

    /// A listing's month as the dialog sees it: whose it is and how long it takes, and their plan.
    async fn context(&self, service_id: &str) -> Result<(Bookable, plan::Plan), Status> {
        let listing = self.bookable(required_service_id(service_id)?).await?;
        let plan = store::plan(&self.pool, &listing.seller_id).await.map_err(db)?;
        Ok((listing, plan))
    }
}

impl Booking {
    /// Books `c` (checked from `r` at `at`); `key` is the request's scoped idempotency key.
    async fn book(
        &self,
        r: &pb::CreateAppointmentRequest,
        c: rules::Checked,
        key: Option<&str>,
        at: chrono::DateTime<Utc>,
    ) -> Result<pb::Appointment, Status> {
        let listing = self.bookable(&c.service_id).await?;
        // PostgreSQL: the plan as kept (the booking's statement checks that it is still the stored one).
        let mut plan = if self.at_once {
            self.plans.get(&self.pool, &listing.seller_id).await.map_err(db)?
        } else {
            Arc::new(store::stored_plan(&self.pool, &listing.seller_id).await.map_err(db)?)
        };
        let duration = listing.duration;
        check_start(&plan.0, c.date, &c.slot, duration, at)?;
        let t = at.timestamp();
        let begins = schedule::starts_at(c.date, c.slot.minutes);
        let a = pb::Appointment {
            id: uuid::Uuid::now_v7().to_string(),
            service_id: listing.id.clone(),
            service_name: listing.name.clone(),
            seller_id: listing.seller_id.clone(),
            name: c.name,
            email: c.email,
            phone: c.phone,
            date: c.date.format("%Y-%m-%d").to_string(),
            time: c.slot.label.clone(),
            message: c.message,
            // A plan taking bookings instantly confirms one inside it at once; otherwise it is a
            // request the provider confirms. (A plan changed between the read above and the
            // booking's statement decides by the plan read here.)
            status: if plan.0.instant_booking { AppointmentStatus::Confirmed } else { AppointmentStatus::Requested }
                .into(),
            created_at: t,
            updated_at: t,
            duration_minutes: duration as i32,
            end_time: schedule::label(c.slot.minutes + duration),
            starts_at: begins,
            customer_id: r.customer_id.trim().chars().take(64).collect(),
            language: Language::of(&r.language).code().to_owned(),
            ..Default::default()
        };
        let cells = schedule::cells(begins, duration);
        let instant = a.status() == AppointmentStatus::Confirmed;
        let notice = msg::BookingDetails { instant, ..self.details(&a, Place::kept(&listing), false) };
        let (notice_id, notice) = notices::to_provider(&a.id, "new", Kind::NewBooking(notice));
        // The customer hears at once that it is booked (with the calendar invitation), or that the
        // request is in; either with their "Change or cancel" link.
        let details = self.details(&a, Place::kept(&listing), true);
        let ack = if instant {
            self.to_customer("confirmed", &a, Kind::BookingConfirmed(details))
        } else {
            self.to_customer("requested", &a, Kind::BookingRequested(details))
        };
        let new = NewBooking { a: &a, key, cells: &cells, notice: (&notice_id, &notice) };
        let stored = if self.at_once {
            let row = self.outbox.row(ack);
            // The one round trip of a booking; when it stores nothing (the plan changed, a seat was
            // taken meanwhile, the slot is full, the key is taken), the general way says which.
            match store::book_at_once(&self.pool, &new, &row, plan.1.as_deref(), plan.0.capacity).await {
                Ok(()) => Stored::Booked,
                Err(sqlx::Error::Database(_)) => {
                    let fresh = self.plans.read(&self.pool, &a.seller_id).await.map_err(db)?;
                    if fresh.1 != plan.1 {
                        check_start(&fresh.0, c.date, &c.slot, duration, at)?;
                        plan = fresh;
                    }
                    self.store_in_transaction(&new, Ack::Row(&row), plan.0.capacity).await?
                }
                Err(e) => return Err(db(e)),
            }
        } else {
            self.store_in_transaction(&new, Ack::Request(Box::new(ack)), plan.0.capacity).await?
        };
        if let Stored::First(first) = stored {
            return Ok(*first);
        }
        self.notice_hints.push(notice_id);
        self.outbox.kick();
        self.notices.notify_one();
        tracing::info!(appointment = %a.id, service = %a.service_id, date = %a.date, time = %a.time, instant, "booking made");
        Ok(a)
    }
}

/// The customer's e-mail of a new booking: a row already made (PostgreSQL), or the request to queue.
enum Ack<'a> {
    Row(&'a mtaani_runtime::outbox::OutboxRow),
    Request(Box<msg::SendNotificationRequest>),
}

/// What became of a new booking.
enum Stored {
    Booked,
    /// The same request came before (its idempotency key): its booking answers.
    First(Box<pb::Appointment>),
}

impl Booking {
    /// Stores a new booking in a transaction, seats taken seat by seat ([`store::hold`]), with at most
    /// `capacity` bookings in a cell; the slot is taken when a cell has no seat left.
    async fn store_in_transaction(&self, new: &NewBooking<'_>, ack: Ack<'_>, capacity: u32) -> Result<Stored, Status> {
        let a = new.a;
        let mut tx = self.pool.begin().await.map_err(db)?;
        let inserted = match &ack {
            // PostgreSQL: every row in one statement, with the first seat of each cell.
            Ack::Row(row) => store::insert_at_once(&mut tx, new, row).await,
            Ack::Request(_) => store::insert(&mut tx, a, new.key).await.map(|()| Vec::new()),
        };
        let seated = match inserted {
            Ok(seated) => seated,
            Err(e) => {
                drop(tx);
                return self.not_inserted(e, new.key).await.map(|r| Stored::First(Box::new(r.into_inner())));
            }
        };
        let unseated: Vec<i64> = new.cells.iter().copied().filter(|c| !seated.contains(c)).collect();
        // The one statement tried every cell's first seat already.
        let first = if matches!(ack, Ack::Row(_)) { 1 } else { 0 };
        if !unseated.is_empty()
            && !store::hold_from(&mut tx, &a.seller_id, &a.id, unseated, first, capacity).await.map_err(db)?
        {
            return Err(slot_taken());
        }
        if let Ack::Request(ack) = ack {
            store::queue_provider_notice(&mut tx, new.notice.0, &a.seller_id, new.notice.1, a.created_at)
                .await
                .map_err(db)?;
            self.outbox.enqueue(&mut tx, *ack).await.map_err(db)?;
        }
        tx.commit().await.map_err(|e| if is_unique_violation(&e) { slot_taken() } else { db(e) })?;
        Ok(Stored::Booked)
    }
}

/// The listing a read is about, or the error when none is named.
fn required_service_id(raw: &str) -> Result<&str, Status> {
    let id = raw.trim();
    if id.is_empty() { Err(Status::invalid_argument("serviceId is required")) } else { Ok(id) }
}

#[tonic::async_trait]
impl BookingService for Booking {
    async fn create_appointment(
        &self,
        request: Request<pb::CreateAppointmentRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        let r = request.into_inner();
        let at = Utc::now();
        let c = rules::check(&r, at)?;
        // A key is scoped to the service and the address, so nobody reads another's booking by it.
        let key = (!r.idempotency_key.trim().is_empty())
            .then(|| format!("{}|{}|{}", c.service_id, c.email.to_lowercase(), r.idempotency_key.trim()));
        // The customer who made it has their "Change or cancel" token at once (the dialog's end
        // links to it), as the e-mail has it.
        let made = |mut a: pb::Appointment| {
            a.manage_token = self.link_token(&a.id);
            Response::new(a)
        };
        match self.book(&r, c, key.as_deref(), at).await {
            Ok(a) => Ok(made(a)),
            // The same request again (a retry, a second tap) answers its first booking, whatever
            // would refuse it now (the slot it took, the listing hidden since, the time passed).
            // Looked for only when it cannot be booked: a booking's insert meets its key too.
            Err(refused) => match &key {
                Some(key) => match store::by_idempotency_key(&self.pool, key).await.map_err(db)? {
                    Some(first) => Ok(made(first)),
                    None => Err(refused),
                },
                None => Err(refused),
            },
        }
    }

    async fn get_availability(
        &self,
        request: Request<pb::GetAvailabilityRequest>,
    ) -> Result<Response<pb::GetAvailabilityResponse>, Status> {
        let r = request.into_inner();
        let date = rules::parse_date(&r.date).ok_or_else(|| Status::invalid_argument(rules::BAD_DATE))?;
        let listing = self.bookable(required_service_id(&r.service_id)?).await?;
        let duration = listing.duration;
        let at = Utc::now();
        let from = schedule::midnight(date);
        let (plan, held) =
            store::plan_and_held(&self.pool, &listing.seller_id, from, from + 86_400).await.map_err(db)?;
        let day = schedule::day(&plan, date, duration, at, &held);
        let slots: Vec<String> = day.bookable().map(|s| s.label.clone()).collect();
        let mut answer = pb::GetAvailabilityResponse {
            date: date.format("%Y-%m-%d").to_string(),
            taken: day.labels(schedule::Start::Full),
            past: day.labels(schedule::Start::Past),
            closed: day.closed.is_some(),
            reason: String::new(),
            next_open_date: String::new(),
            duration_minutes: duration as i32,
            slots,
        };
        if answer.slots.is_empty() {
            answer.reason = day.reason().unwrap_or_default();
            let next = date.succ_opt().unwrap_or(date).max(schedule::today(at));
            let last = schedule::today(at) + Days::days(i64::from(plan.horizon_days) + 1);
            if next < last {
                let held =
                    store::held(&self.pool, &listing.seller_id, schedule::midnight(next), schedule::midnight(last))
                        .await
                        .map_err(db)?;
                if let Some(d) = schedule::next_open(&plan, next, duration, at, &held) {
                    answer.next_open_date = d.format("%Y-%m-%d").to_string();
                }
            }
        }
        Ok(Response::new(answer))
    }

    async fn get_calendar(
        &self,
        request: Request<pb::GetCalendarRequest>,
    ) -> Result<Response<pb::GetCalendarResponse>, Status> {
        let r = request.into_inner();
        let first = NaiveDate::parse_from_str(&format!("{}-01", r.month.trim()), "%Y-%m-%d")
            .map_err(|_| invalid("month", BAD_MONTH))?;
        let (listing, plan) = self.context(&r.service_id).await?;
        let duration = listing.duration;
        let at = Utc::now();
        let today = schedule::today(at);
        let next_month = first.checked_add_months(chrono::Months::new(1)).ok_or_else(|| invalid("month", BAD_MONTH))?;
        let horizon_end = today + Days::days(i64::from(plan.horizon_days) + 1);
        let until = next_month.max(horizon_end);
        let from = first.max(today);
        let held = if from < until {
            store::held(&self.pool, &listing.seller_id, schedule::midnight(from), schedule::midnight(until))
                .await
                .map_err(db)?
        } else {
            Default::default()
        };
        let days = first
            .iter_days()
            .take_while(|d| *d < next_month)
            .map(|date| {
                let day = schedule::day(&plan, date, duration, at, &held);
                let reason = day.reason();
                pb::CalendarDay {
                    date: date.format("%Y-%m-%d").to_string(),
                    bookable: reason.is_none(),
                    reason: reason.unwrap_or_default(),
                }
            })
            .collect();
        let next_open_date = schedule::next_open(&plan, from, duration, at, &held)
            .map(|d| d.format("%Y-%m-%d").to_string())
            .unwrap_or_default();
        Ok(Response::new(pb::GetCalendarResponse { month: first.format("%Y-%m").to_string(), days, next_open_date }))
    }

    async fn list_seller_appointments(
        &self,
        request: Request<pb::ListSellerAppointmentsRequest>,
    ) -> Result<Response<pb::ListSellerAppointmentsResponse>, Status> {
        let seller_id = request.into_inner().seller_id;
        if seller_id.trim().is_empty() {
            return Err(Status::invalid_argument("seller_id is required"));
        }
        let appointments = store::for_seller(&self.pool, seller_id.trim()).await.map_err(db)?;
        Ok(Response::new(pb::ListSellerAppointmentsResponse { appointments }))
    }

    async fn confirm_appointment(
        &self,
        request: Request<pb::AppointmentActionRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        let a = self.act(request.into_inner(), &[AppointmentStatus::Requested], AppointmentStatus::Confirmed).await?;
        Ok(Response::new(a))
    }

    async fn decline_appointment(
        &self,
        request: Request<pb::AppointmentActionRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        let from = [AppointmentStatus::Requested, AppointmentStatus::Confirmed];
        let a = self.act(request.into_inner(), &from, AppointmentStatus::Declined).await?;
        Ok(Response::new(a))
    }

    async fn get_appointment_by_cancel_token(
        &self,
        request: Request<pb::CancelTokenRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        let id = self.appointment_of_link(&request.into_inner().token)?;
        let a = store::by_id(&self.pool, &id).await.map_err(db)?.ok_or_else(|| Status::invalid_argument(BAD_LINK))?;
        let plan = store::plan(&self.pool, &a.seller_id).await.map_err(db)?;
        let listing = self.listing_if_any(&a.service_id).await;
        Ok(Response::new(self.for_customer(a, &plan, listing.as_ref())))
    }

    async fn cancel_appointment(
        &self,
        request: Request<pb::CancelTokenRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        let (a, plan) = self.changeable(&request.into_inner().token).await?;
        let listing = self.listing_if_any(&a.service_id).await;
        let mut tx = self.pool.begin().await.map_err(db)?;
        let from = [AppointmentStatus::Requested, AppointmentStatus::Confirmed];
        if !store::transition(&mut tx, &a.id, &from, AppointmentStatus::Cancelled, now()).await.map_err(db)? {
            return Err(closed(ALREADY_CANCELLED));
        }
        let cancelled = pb::Appointment { status: AppointmentStatus::Cancelled.into(), updated_at: now(), ..a };
        let (key, notice) = notices::to_provider(
            &cancelled.id,
            "cancelled",
            Kind::BookingCancelled(self.details(&cancelled, Place::of(listing.as_ref()), false)),
        );
        store::queue_provider_notice(&mut tx, &key, &cancelled.seller_id, &notice, now()).await.map_err(db)?;
        self.notice_hints.push(key.clone());
        tx.commit().await.map_err(db)?;
        self.notices.notify_one();
        Ok(Response::new(self.for_customer(cancelled, &plan, listing.as_ref())))
    }

    async fn reschedule_appointment(
        &self,
        request: Request<pb::RescheduleRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        let r = request.into_inner();
        let (a, plan) = self.changeable(&r.token).await?;
        let date = rules::parse_date(&r.date).ok_or_else(|| invalid("date", rules::BAD_DATE))?;
        let slot = slots::find(&r.time).ok_or_else(|| invalid("time", rules::BAD_SLOT))?;
        let listing = self.listing_if_any(&a.service_id).await;
        let date_text = date.format("%Y-%m-%d").to_string();
        if date_text == a.date && slot.label == a.time {
            return Ok(Response::new(self.for_customer(a, &plan, listing.as_ref())));
        }
        let duration = a.duration_minutes.max(30) as u32;
        check_start(&plan, date, &slot, duration, Utc::now())?;
        let begins = schedule::starts_at(date, slot.minutes);
        let t = now();
        // The new time is taken and the old one freed together, or nothing changes.
        let mut tx = self.pool.begin().await.map_err(db)?;
        store::release(&mut tx, &a.id).await.map_err(db)?;
        if !store::hold(&mut tx, &a.seller_id, &a.id, &schedule::cells(begins, duration), plan.capacity)
            .await
            .map_err(db)?
        {
            return Err(slot_taken());
        }
        if !store::move_to(&mut tx, &a, &date_text, &slot.label, begins, t).await.map_err(db)? {
            return Err(closed(ALREADY_CANCELLED));
        }
        let moved = pb::Appointment {
            date: date_text,
            time: slot.label.clone(),
            starts_at: begins,
            end_time: schedule::label(slot.minutes + duration),
            updated_at: t,
            ..a.clone()
        };
        let mut details = self.details(&moved, Place::of(listing.as_ref()), true);
        details.previous_date = a.date.clone();
        details.previous_time = a.time.clone();
        let event = format!("moved:{}:{}", moved.date, moved.time);
        let (key, notice) = notices::to_provider(&moved.id, &event, Kind::BookingRescheduled(details.clone()));
        store::queue_provider_notice(&mut tx, &key, &moved.seller_id, &notice, t).await.map_err(db)?;
        self.notice_hints.push(key);
        self.outbox
            .enqueue(&mut tx, self.to_customer(&event, &moved, Kind::BookingMoved(details)))
            .await
            .map_err(db)?;
        tx.commit().await.map_err(db)?;
        self.outbox.kick();
        self.notices.notify_one();
        tracing::info!(appointment = %moved.id, date = %moved.date, time = %moved.time, "booking moved by its customer");
        Ok(Response::new(self.for_customer(moved, &plan, listing.as_ref())))
    }

    async fn get_plan(&self, request: Request<pb::GetPlanRequest>) -> Result<Response<pb::ProviderPlan>, Status> {
        let seller_id = request.into_inner().seller_id;
        if seller_id.trim().is_empty() {
            return Err(Status::invalid_argument("seller_id is required"));
        }
        let plan = store::plan(&self.pool, seller_id.trim()).await.map_err(db)?;
        Ok(Response::new(plan::to_message(&plan)))
    }

    async fn set_plan(&self, request: Request<pb::SetPlanRequest>) -> Result<Response<pb::ProviderPlan>, Status> {
        let r = request.into_inner();
        if r.seller_id.trim().is_empty() {
            return Err(Status::invalid_argument("seller_id is required"));
        }
        let sent = r.plan.unwrap_or_default();
        let mut plan = plan::from_message(&sent)?;
        if sent.instant_booking.is_none() {
            // Left out (the spec's payload): as it was.
            plan.instant_booking = store::plan(&self.pool, r.seller_id.trim()).await.map_err(db)?.instant_booking;
        }
        store::save_plan(&self.pool, r.seller_id.trim(), &plan, now()).await.map_err(db)?;
        self.plans.forget(r.seller_id.trim());
        tracing::info!(seller_id = %r.seller_id.trim(), "working plan saved");
        Ok(Response::new(plan::to_message(&plan)))
    }

    async fn list_customer_appointments(
        &self,
        request: Request<pb::ListCustomerAppointmentsRequest>,
    ) -> Result<Response<pb::ListSellerAppointmentsResponse>, Status> {
        let customer_id = request.into_inner().customer_id;
        if customer_id.trim().is_empty() {
            return Err(Status::invalid_argument("customer_id is required"));
        }
        let all = store::for_customer(&self.pool, customer_id.trim()).await.map_err(db)?;
        let t = now();
        let mut plans = std::collections::HashMap::new();
        let mut listings = std::collections::HashMap::new();
        let mut upcoming = Vec::new();
        let mut past = Vec::new();
        for a in all {
            if !plans.contains_key(&a.seller_id) {
                plans.insert(a.seller_id.clone(), store::plan(&self.pool, &a.seller_id).await.map_err(db)?);
            }
            if !listings.contains_key(&a.service_id) {
                listings.insert(a.service_id.clone(), self.listing_if_any(&a.service_id).await);
            }
            let mut a = self.for_customer(a.clone(), &plans[&a.seller_id], listings[&a.service_id].as_ref());
            a.manage_token = self.link_token(&a.id);
            if a.starts_at >= t { upcoming.push(a) } else { past.push(a) }
        }
        past.reverse();
        upcoming.extend(past);
        Ok(Response::new(pb::ListSellerAppointmentsResponse { appointments: upcoming }))
    }

    async fn cancel_seller_appointments(
        &self,
        request: Request<pb::CancelSellerAppointmentsRequest>,
    ) -> Result<Response<pb::CancelSellerAppointmentsResponse>, Status> {
        let seller_id = request.into_inner().seller_id;
        if seller_id.trim().is_empty() {
            return Err(Status::invalid_argument("seller_id is required"));
        }
        let live = store::live_of_seller(&self.pool, seller_id.trim(), now()).await.map_err(db)?;
        let mut cancelled = 0;
        for a in live {
            let mut tx = self.pool.begin().await.map_err(db)?;
            let from = [AppointmentStatus::Requested, AppointmentStatus::Confirmed];
            if store::transition(&mut tx, &a.id, &from, AppointmentStatus::Cancelled, now()).await.map_err(db)? {
                let kind = Kind::BookingProviderLeft(self.details(&a, Place::default(), false));
                self.outbox.enqueue(&mut tx, self.to_customer("provider-left", &a, kind)).await.map_err(db)?;
                cancelled += 1;
            }
            tx.commit().await.map_err(db)?;
        }
        self.outbox.kick();
        tracing::info!(seller_id = %seller_id.trim(), cancelled, "the provider's bookings were cancelled");
        Ok(Response::new(pb::CancelSellerAppointmentsResponse { cancelled }))
    }

    async fn forget_customer(
        &self,
        request: Request<pb::ForgetCustomerRequest>,
    ) -> Result<Response<pb::ForgetCustomerResponse>, Status> {
        let customer_id = request.into_inner().customer_id;
        if customer_id.trim().is_empty() {
            return Err(Status::invalid_argument("customer_id is required"));
        }
        let forgotten = store::forget_customer(&self.pool, customer_id.trim()).await.map_err(db)?;
        Ok(Response::new(pb::ForgetCustomerResponse { forgotten: forgotten as i64 }))
    }

    async fn count_appointments(
        &self,
        request: Request<pb::CountAppointmentsRequest>,
    ) -> Result<Response<pb::CountAppointmentsResponse>, Status> {
        let count = store::count_since(&self.pool, request.into_inner().since).await.map_err(db)?;
        Ok(Response::new(pb::CountAppointmentsResponse { count }))
    }
}
