//! A new booking: checked against the provider's plan, its start held cell by cell for its whole
//! length (a unique key per seat: two bookings can never take the last seat of one cell), stored
//! with the customer's acknowledgement and the provider's notice in the same transaction.

use chrono::Utc;
use mtaani_proto::{
    booking::v1::{self as pb, AppointmentStatus},
    language::Language,
    messaging::v1::{self as msg, send_notification_request::Kind},
};
use mtaani_runtime::db::is_unique_violation;

use super::{Booking, Place, notices};
use crate::{
    caches::{
        listings::{Bookable, Chosen},
        setups::{Setup, Setups},
    },
    rules::{
        diary::{self, check_start},
        errors::BookingError,
        request::{self, CheckedRequest},
        schedule,
        schedule::Closed,
    },
    store::{self, NewBooking},
};

impl Booking {
    /// A customer's booking (or enquiry): checked, its start held for its whole length, stored with
    /// the customer's and the provider's messages. The same request again answers its first booking.
    pub async fn create(&self, r: pb::CreateAppointmentRequest) -> Result<pb::Appointment, BookingError> {
        let at = Utc::now();
        let c = request::check(&r, at)?;
        // A key is scoped to the service and the address, so nobody reads another's booking by it.
        let key = (!r.idempotency_key.trim().is_empty())
            .then(|| format!("{}|{}|{}", c.service_id, c.email.to_lowercase(), r.idempotency_key.trim()));
        // The customer who made it has their "Change or cancel" token at once (the dialog's end
        // links to it), as the e-mail has it.
        let made = |mut a: pb::Appointment| {
            a.manage_token = self.link_token(&a.id);
            a
        };
        match self.book(&r, c, key.as_deref(), at).await {
            Ok(a) => Ok(made(a)),
            // The same request again (a retry, a second tap) answers its first booking, whatever
            // would refuse it now (the slot it took, the listing hidden since, the time passed).
            // Looked for only when it cannot be booked: a booking's insert meets its key too.
            Err(refused) => match &key {
                Some(key) => match store::by_idempotency_key(&self.pool, key).await? {
                    Some(first) => Ok(made(first)),
                    None => Err(refused),
                },
                None => Err(refused),
            },
        }
    }

    /// Books `c` (checked from `r` at `at`); `key` is the request's scoped idempotency key.
    async fn book(
        &self,
        r: &pb::CreateAppointmentRequest,
        c: CheckedRequest,
        key: Option<&str>,
        at: chrono::DateTime<Utc>,
    ) -> Result<pb::Appointment, BookingError> {
        let listing = self.bookable(&c.service_id).await?;
        let chosen = listing.choose(&r.option_ids)?;
        // The setup as kept: the booking's statement checks it is still the stored one (PostgreSQL).
        let mut setup = self.setups.get(&self.pool, &listing.seller_id).await?;
        if diary::books_by_member(&setup.team) {
            return self.book_team_member(r, c, key, at, &listing, chosen, &setup).await;
        }
        if !r.member_id.trim().is_empty() {
            return Err(BookingError::MemberNotFound);
        }
        let duration = chosen.duration;
        check_start(&setup.plan, c.date, &c.slot, duration, at)?;
        let a = new_appointment(r, c.clone(), &listing, chosen.clone(), setup.plan.instant_booking, at);
        let cells = schedule::cells(a.starts_at, duration);
        let (notice_id, notice, customer_message) = self.booking_messages(&a, &listing);
        let new = NewBooking { a: &a, key, cells: &cells, notice: (&notice_id, &notice) };
        let stored = if self.book_in_one_statement {
            let row = self.outbox.row(customer_message);
            // The one round trip of a booking; when it stores nothing (the plan changed, a team began,
            // a seat was taken meanwhile, the slot is full, the key is taken), the general way says which.
            match store::book_at_once(&self.pool, &new, &row, setup.stored_plan.as_deref(), setup.plan.capacity).await {
                Ok(()) => {
                    self.day_seats.changed(&a.seller_id);
                    Stored::Booked
                }
                Err(sqlx::Error::Database(_)) => {
                    let fresh = Setups::read(&self.pool, &a.seller_id).await?;
                    if diary::books_by_member(&fresh.team) {
                        return self.book_team_member(r, c, key, at, &listing, chosen, &fresh).await;
                    }
                    if fresh.stored_plan != setup.stored_plan {
                        check_start(&fresh.plan, c.date, &c.slot, duration, at)?;
                        setup = fresh;
                    }
                    self.store_in_transaction(&new, CustomerMessage::Row(&row), setup.plan.capacity).await?
                }
                Err(e) => return Err(e.into()),
            }
        } else {
            self.store_in_transaction(&new, CustomerMessage::Request(Box::new(customer_message)), setup.plan.capacity)
                .await?
        };
        if let Stored::AlreadyBooked(first) = stored {
            return Ok(*first);
        }
        self.booked(a, notice_id)
    }

    /// A booking stored: the worker and the outbox are woken for its messages.
    fn booked(&self, a: pb::Appointment, notice_id: String) -> Result<pb::Appointment, BookingError> {
        self.notice_hints.push(notice_id);
        self.outbox.kick();
        self.wake_worker.notify_one();
        let instant = a.status() == AppointmentStatus::Confirmed;
        tracing::info!(appointment = %a.id, service = %a.service_id, date = %a.date, time = %a.time,
            member = %a.member_id, instant, "booking made");
        Ok(a)
    }

    /// What a new booking tells: the provider's notice (its id and payload) and the customer's
    /// message, who hears at once that it is booked (with the calendar invitation) or that the
    /// request is in, either with their "Change or cancel" link.
    fn booking_messages(
        &self,
        a: &pb::Appointment,
        listing: &Bookable,
    ) -> (String, String, msg::SendNotificationRequest) {
        let instant = a.status() == AppointmentStatus::Confirmed;
        let notice = msg::BookingDetails { instant, ..self.details(a, Place::of_bookable(listing), false) };
        let (notice_id, notice) = notices::to_provider(&a.id, "new", Kind::NewBooking(notice));
        let details = self.details(a, Place::of_bookable(listing), true);
        let customer_message = if instant {
            self.to_customer("confirmed", a, Kind::BookingConfirmed(details))
        } else {
            self.to_customer("requested", a, Kind::BookingRequested(details))
        };
        (notice_id, notice, customer_message)
    }

    /// Books a provider with a team: the member asked for, or the first member in the
    /// team's order who does the listing, works then and is free for the whole length. Each member's
    /// time is their own seat of `time_holds`, taken all or none ([`store::hold_seat`]): two bookings
    /// never hold one member at one time, and "anyone" lands on a member nobody else took. Members
    /// are tried in one order (their seats) so that two bookings never wait for each other in a circle.
    #[allow(clippy::too_many_arguments)]
    async fn book_team_member(
        &self,
        r: &pb::CreateAppointmentRequest,
        c: CheckedRequest,
        key: Option<&str>,
        at: chrono::DateTime<Utc>,
        listing: &Bookable,
        chosen: Chosen,
        setup: &Setup,
    ) -> Result<pb::Appointment, BookingError> {
        let (plan, team) = (&setup.plan, &setup.team[..]);
        let duration = chosen.duration;
        check_start(plan, c.date, &c.slot, duration, at)?;
        let wanted = diary::member_asked_for(team, &listing.id, &r.member_id)?;
        if !team.iter().any(|m| m.serves(&listing.id)) {
            return Err(BookingError::DayClosed(Closed::NoMember));
        }
        let refused = || if wanted.is_some() { BookingError::MemberTaken } else { BookingError::SlotTaken };
        let working = diary::members_working_then(plan, team, &listing.id, wanted, (c.date, &c.slot, duration), at);
        if working.is_empty() {
            return Err(refused());
        }
        let mut a = new_appointment(r, c, listing, chosen, plan.instant_booking, at);
        let cells = schedule::cells(a.starts_at, duration);
        let mut tx = self.pool.begin().await?;
        let member = store::hold_first_free(&mut tx, &a.seller_id, &a.id, &cells, &working).await?;
        let Some(member) = member else { return Err(refused()) };
        a.member_id = member.id.clone();
        a.member_name = member.body.name.clone();
        let (notice_id, notice, customer_message) = self.booking_messages(&a, listing);
        if let Err(e) = store::insert(&mut tx, &a, key).await {
            drop(tx);
            return self.not_inserted(e, key).await;
        }
        store::queue_provider_notice(&mut tx, &notice_id, &a.seller_id, &notice, a.created_at).await?;
        let told = self.tell_member(&mut tx, &a, member, "new").await?;
        self.outbox.enqueue(&mut tx, customer_message).await?;
        self.commit_holds(tx, [a.seller_id.as_str()])
            .await
            .map_err(|e| if is_unique_violation(&e) { refused() } else { e.into() })?;
        self.wake_worker_for([told]);
        self.booked(a, notice_id)
    }

    /// A new booking's insert failed: the same request again, sent twice at once, answers the first
    /// booking (its key is stored); anything else is an error.
    async fn not_inserted(&self, e: sqlx::Error, key: Option<&str>) -> Result<pb::Appointment, BookingError> {
        if !is_unique_violation(&e) {
            return Err(e.into());
        }
        if let Some(key) = key
            && let Some(first) = store::by_idempotency_key(&self.pool, key).await?
        {
            return Ok(first);
        }
        Err(BookingError::Busy)
    }

    /// Stores a new booking in a transaction, seats taken seat by seat ([`store::hold`]), with at most
    /// `capacity` bookings in a cell; the slot is taken when a cell has no seat left.
    async fn store_in_transaction(
        &self,
        new: &NewBooking<'_>,
        customer_message: CustomerMessage<'_>,
        capacity: u32,
    ) -> Result<Stored, BookingError> {
        let a = new.a;
        let mut tx = self.pool.begin().await?;
        let inserted = match &customer_message {
            // PostgreSQL: every row in one statement, with the first seat of each cell.
            CustomerMessage::Row(row) => store::insert_at_once(&mut tx, new, row).await,
            CustomerMessage::Request(_) => store::insert(&mut tx, a, new.key).await.map(|()| Vec::new()),
        };
        let seated = match inserted {
            Ok(seated) => seated,
            Err(e) => {
                drop(tx);
                return self.not_inserted(e, new.key).await.map(|first| Stored::AlreadyBooked(Box::new(first)));
            }
        };
        let unseated: Vec<i64> = new.cells.iter().copied().filter(|c| !seated.contains(c)).collect();
        // The one statement tried every cell's first seat already.
        let first = if matches!(customer_message, CustomerMessage::Row(_)) { 1 } else { 0 };
        if !unseated.is_empty() && !store::hold_from(&mut tx, &a.seller_id, &a.id, unseated, first, capacity).await? {
            return Err(BookingError::SlotTaken);
        }
        if let CustomerMessage::Request(customer_message) = customer_message {
            store::queue_provider_notice(&mut tx, new.notice.0, &a.seller_id, new.notice.1, a.created_at).await?;
            self.outbox.enqueue(&mut tx, *customer_message).await?;
        }
        self.commit_holds(tx, [a.seller_id.as_str()])
            .await
            .map_err(|e| if is_unique_violation(&e) { BookingError::SlotTaken } else { e.into() })?;
        Ok(Stored::Booked)
    }
}

/// A new booking of `chosen` on `listing` as checked (`c`), not stored yet: confirmed at once when the
/// plan takes bookings instantly, else a request the provider confirms.
fn new_appointment(
    r: &pb::CreateAppointmentRequest,
    c: CheckedRequest,
    listing: &Bookable,
    chosen: Chosen,
    instant: bool,
    at: chrono::DateTime<Utc>,
) -> pb::Appointment {
    let t = at.timestamp();
    let duration = chosen.duration;
    pb::Appointment {
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
        status: if instant { AppointmentStatus::Confirmed } else { AppointmentStatus::Requested }.into(),
        created_at: t,
        updated_at: t,
        duration_minutes: duration as i32,
        end_time: schedule::label(c.slot.minutes + duration),
        starts_at: schedule::starts_at(c.date, c.slot.minutes),
        customer_id: r.customer_id.trim().chars().take(64).collect(),
        language: Language::of(&r.language).code().to_owned(),
        options: chosen.options,
        total_ksh: chosen.total_ksh,
        ..Default::default()
    }
}

/// The customer's e-mail of a new booking: a row already made (PostgreSQL), or the request to queue.
enum CustomerMessage<'a> {
    Row(&'a mtaani_runtime::outbox::OutboxRow),
    Request(Box<msg::SendNotificationRequest>),
}

/// What became of a new booking.
enum Stored {
    Booked,
    /// The same request came before (its idempotency key): its booking answers.
    AlreadyBooked(Box<pb::Appointment>),
}
