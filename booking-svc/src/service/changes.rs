//! Changes to a booking: the provider's confirm and decline, the customer's cancel and move by their
//! link, and every booking of a provider who left. Each change and the messages it sends commit
//! together.

use chrono::Utc;
use mtaani_proto::{
    booking::v1::{self as pb, AppointmentStatus},
    messaging::v1::send_notification_request::Kind,
};

use super::{Booking, Place, notices, now};
use crate::{
    rules::{
        diary::{self, check_start},
        errors::{BookingError, Id, required_id},
        members::Member,
        plan, request, schedule, slots,
    },
    store,
};

impl Booking {
    /// The seller's action on one of their bookings: `to` from `from`, and an e-mail to the customer.
    async fn provider_sets_status(
        &self,
        r: pb::AppointmentActionRequest,
        from: &[AppointmentStatus],
        to: AppointmentStatus,
    ) -> Result<pb::Appointment, BookingError> {
        let a = store::by_id(&self.pool, r.id.trim()).await?.ok_or(BookingError::BookingNotFound)?;
        if a.seller_id != r.seller_id || r.seller_id.is_empty() {
            return Err(BookingError::NotYours);
        }
        if a.status() == to {
            return Ok(a); // a repeated click changes nothing
        }
        let listing = self.listing_if_any(&a.service_id).await;
        let mut tx = self.pool.begin().await?;
        if !store::transition(&mut tx, &a.id, from, to, now()).await? {
            return Err(BookingError::Overtaken { status: a.status() });
        }
        let updated = pb::Appointment { status: to.into(), updated_at: now(), ..a };
        let details = self.details(&updated, Place::of_listing(listing.as_ref()), to == AppointmentStatus::Confirmed);
        let kind = if to == AppointmentStatus::Confirmed {
            Kind::BookingConfirmed(details)
        } else {
            Kind::BookingDeclined(details)
        };
        let event = store::status_name(to);
        self.outbox.enqueue(&mut tx, self.to_customer(event, &updated, kind)).await?;
        let told = if to == AppointmentStatus::Declined {
            self.tell_current_member(&mut tx, &updated, "cancelled").await?
        } else {
            None
        };
        self.commit_holds(tx, [updated.seller_id.as_str()]).await?;
        self.outbox.kick();
        self.wake_worker_for([told]);
        Ok(updated)
    }

    /// The live booking a link stands for, or why it can no longer be changed.
    async fn changeable(&self, token: &str) -> Result<(pb::Appointment, plan::Plan), BookingError> {
        let id = self.appointment_of_link(token)?;
        let a = store::by_id(&self.pool, &id).await?.ok_or(BookingError::BadLink)?;
        if !store::is_live(a.status()) {
            return Err(match a.status() {
                AppointmentStatus::Cancelled => BookingError::AlreadyCancelled,
                status => BookingError::BookingWas { status },
            });
        }
        let plan = store::plan(&self.pool, &a.seller_id).await?;
        if now() > a.starts_at - i64::from(plan.change_notice_minutes) * 60 {
            return Err(BookingError::TooLateToChange);
        }
        Ok((a, plan))
    }

    /// The provider confirms a request.
    pub async fn confirm(&self, r: pb::AppointmentActionRequest) -> Result<pb::Appointment, BookingError> {
        let a = self.provider_sets_status(r, &[AppointmentStatus::Requested], AppointmentStatus::Confirmed).await?;
        Ok(a)
    }

    /// The provider declines a request or a confirmed booking.
    pub async fn decline(&self, r: pb::AppointmentActionRequest) -> Result<pb::Appointment, BookingError> {
        let from = [AppointmentStatus::Requested, AppointmentStatus::Confirmed];
        let a = self.provider_sets_status(r, &from, AppointmentStatus::Declined).await?;
        Ok(a)
    }

    /// The booking of a "Change or cancel" link, as its customer sees it.
    pub async fn by_link(&self, r: pb::CancelTokenRequest) -> Result<pb::Appointment, BookingError> {
        let id = self.appointment_of_link(&r.token)?;
        let a = store::by_id(&self.pool, &id).await?.ok_or(BookingError::BadLink)?;
        let plan = store::plan(&self.pool, &a.seller_id).await?;
        let listing = self.listing_if_any(&a.service_id).await;
        Ok(self.for_customer(a, &plan, listing.as_ref()))
    }

    /// The customer cancels by their link; the provider is told.
    pub async fn cancel(&self, r: pb::CancelTokenRequest) -> Result<pb::Appointment, BookingError> {
        let (a, plan) = self.changeable(&r.token).await?;
        let listing = self.listing_if_any(&a.service_id).await;
        let mut tx = self.pool.begin().await?;
        let from = [AppointmentStatus::Requested, AppointmentStatus::Confirmed];
        if !store::transition(&mut tx, &a.id, &from, AppointmentStatus::Cancelled, now()).await? {
            return Err(BookingError::AlreadyCancelled);
        }
        let cancelled = pb::Appointment { status: AppointmentStatus::Cancelled.into(), updated_at: now(), ..a };
        let (key, notice) = notices::to_provider(
            &cancelled.id,
            "cancelled",
            Kind::BookingCancelled(self.details(&cancelled, Place::of_listing(listing.as_ref()), false)),
        );
        store::queue_provider_notice(&mut tx, &key, &cancelled.seller_id, &notice, now()).await?;
        self.notice_hints.push(key.clone());
        let told = self.tell_current_member(&mut tx, &cancelled, "cancelled").await?;
        self.commit_holds(tx, [cancelled.seller_id.as_str()]).await?;
        self.wake_worker.notify_one();
        self.wake_worker_for([told]);
        Ok(self.for_customer(cancelled, &plan, listing.as_ref()))
    }

    /// The customer moves their booking by their link; both are told.
    pub async fn reschedule(&self, r: pb::RescheduleRequest) -> Result<pb::Appointment, BookingError> {
        let (a, plan) = self.changeable(&r.token).await?;
        let date = request::parse_date(&r.date).ok_or(BookingError::BadDate { field: Some("date") })?;
        let slot = slots::find(&r.time).ok_or(BookingError::BadSlot)?;
        let listing = self.listing_if_any(&a.service_id).await;
        let date_text = date.format("%Y-%m-%d").to_string();
        if date_text == a.date && slot.label == a.time {
            return Ok(self.for_customer(a, &plan, listing.as_ref()));
        }
        let duration = a.duration_minutes.max(30) as u32;
        let at = Utc::now();
        check_start(&plan, date, &slot, duration, at)?;
        let begins = schedule::starts_at(date, slot.minutes);
        let cells = schedule::cells(begins, duration);
        let t = now();
        let team = store::team(&self.pool, &a.seller_id).await?;
        // With a team: the member asked for, else the booking's own member, else anyone who
        // does the listing, whoever works then and is free for the whole length.
        let wanted = Some(r.member_id.trim()).filter(|id| !id.is_empty());
        let mut candidates =
            diary::members_working_then(&plan, &team, &a.service_id, wanted, (date, &slot, duration), at);
        candidates.sort_by_key(|m| m.id != a.member_id);
        let refused = || if wanted.is_some() { BookingError::MemberTaken } else { BookingError::SlotTaken };
        // The new time is taken and the old one freed together, or nothing changes.
        let mut tx = self.pool.begin().await?;
        store::release(&mut tx, &a.id).await?;
        let mut member = None;
        if diary::books_by_member(&team) {
            member = store::hold_first_free(&mut tx, &a.seller_id, &a.id, &cells, &candidates).await?;
            let Some(m) = member else { return Err(refused()) };
            if m.id != a.member_id && !store::set_member(&mut tx, &a.id, &m.id, &m.body.name, t).await? {
                return Err(BookingError::AlreadyCancelled);
            }
        } else if !store::hold(&mut tx, &a.seller_id, &a.id, &cells, plan.capacity).await? {
            return Err(BookingError::SlotTaken);
        }
        if !store::move_to(&mut tx, &a, &date_text, &slot.label, begins, t).await? {
            return Err(BookingError::AlreadyCancelled);
        }
        let moved = pb::Appointment {
            date: date_text,
            time: slot.label.clone(),
            starts_at: begins,
            end_time: schedule::label(slot.minutes + duration),
            updated_at: t,
            member_id: member.map_or_else(|| a.member_id.clone(), |m| m.id.clone()),
            member_name: member.map_or_else(|| a.member_name.clone(), |m| m.body.name.clone()),
            ..a.clone()
        };
        let mut details = self.details(&moved, Place::of_listing(listing.as_ref()), true);
        details.previous_date = a.date.clone();
        details.previous_time = a.time.clone();
        let event = format!("moved:{}:{}", moved.date, moved.time);
        let (key, notice) = notices::to_provider(&moved.id, &event, Kind::BookingRescheduled(details.clone()));
        store::queue_provider_notice(&mut tx, &key, &moved.seller_id, &notice, t).await?;
        self.notice_hints.push(key);
        self.outbox.enqueue(&mut tx, self.to_customer(&event, &moved, Kind::BookingMoved(details))).await?;
        // Its member is told; when it went to another member, both are.
        let told = match member {
            Some(m) if m.id != a.member_id => [
                self.tell_member(&mut tx, &moved, m, "given").await?,
                self.tell_current_member(&mut tx, &pb::Appointment { updated_at: t, ..a.clone() }, "taken").await?,
            ],
            _ => [self.tell_current_member(&mut tx, &moved, "moved").await?, None],
        };
        self.commit_holds(tx, [moved.seller_id.as_str()]).await?;
        self.outbox.kick();
        self.wake_worker.notify_one();
        self.wake_worker_for(told);
        tracing::info!(appointment = %moved.id, date = %moved.date, time = %moved.time, "booking moved by its customer");
        Ok(self.for_customer(moved, &plan, listing.as_ref()))
    }

    /// The provider (or their team's change) declines a live booking; its customer is told. False
    /// when it was no longer live.
    pub(crate) async fn decline_for_provider(&self, a: pb::Appointment) -> Result<bool, BookingError> {
        let listing = self.listing_if_any(&a.service_id).await;
        let mut tx = self.pool.begin().await?;
        let from = [AppointmentStatus::Requested, AppointmentStatus::Confirmed];
        if !store::transition(&mut tx, &a.id, &from, AppointmentStatus::Declined, now()).await? {
            return Ok(false);
        }
        let declined = pb::Appointment { status: AppointmentStatus::Declined.into(), updated_at: now(), ..a };
        let kind = Kind::BookingDeclined(self.details(&declined, Place::of_listing(listing.as_ref()), false));
        self.outbox.enqueue(&mut tx, self.to_customer("declined", &declined, kind)).await?;
        let told = self.tell_current_member(&mut tx, &declined, "cancelled").await?;
        self.commit_holds(tx, [declined.seller_id.as_str()]).await?;
        self.outbox.kick();
        self.wake_worker_for([told]);
        Ok(true)
    }

    /// Gives each of `moves` (a live booking, and the members of its provider's team who work then)
    /// to the first of its members whose seat is free for its whole length, all in one transaction
    /// with each customer's message: false, and nothing changed, when one finds nobody free.
    pub(crate) async fn give_to_other_members(
        &self,
        moves: &[(pb::Appointment, Vec<&Member>)],
    ) -> Result<bool, BookingError> {
        let t = now();
        let mut tx = self.pool.begin().await?;
        let mut told = Vec::new();
        for (a, candidates) in moves {
            let cells = schedule::cells(a.starts_at, a.duration_minutes.max(30) as u32);
            store::release(&mut tx, &a.id).await?;
            let chosen = store::hold_first_free(&mut tx, &a.seller_id, &a.id, &cells, candidates).await?;
            let Some(member) = chosen else { return Ok(false) };
            if !store::set_member(&mut tx, &a.id, &member.id, &member.body.name, t).await? {
                return Err(BookingError::AlreadyCancelled);
            }
            let moved = pb::Appointment {
                member_id: member.id.clone(),
                member_name: member.body.name.clone(),
                updated_at: t,
                ..a.clone()
            };
            // The customer hears who serves them now, at the same time, with their link.
            let listing = self.listing_if_any(&a.service_id).await;
            let event = format!("member:{}", member.id);
            let details = self.details(&moved, Place::of_listing(listing.as_ref()), true);
            self.outbox.enqueue(&mut tx, self.to_customer(&event, &moved, Kind::BookingMemberChanged(details))).await?;
            // Both members are told: the one it leaves and the one it goes to.
            told.push(
                self.tell_current_member(&mut tx, &pb::Appointment { updated_at: t, ..a.clone() }, "taken").await?,
            );
            told.push(self.tell_member(&mut tx, &moved, member, "given").await?);
            tracing::info!(appointment = %a.id, member = %member.id, "booking given to another team member");
        }
        self.commit_holds(tx, moves.iter().map(|(a, _)| a.seller_id.as_str())).await?;
        self.outbox.kick();
        self.wake_worker_for(told);
        Ok(true)
    }

    /// Every live booking of a provider who left (their account deleted or closed) is cancelled and its
    /// customer told.
    pub async fn provider_left(
        &self,
        r: pb::CancelSellerAppointmentsRequest,
    ) -> Result<pb::CancelSellerAppointmentsResponse, BookingError> {
        let seller_id = required_id(&r.seller_id, Id::Seller)?;
        let live = store::live_from(&self.pool, store::Whose::Seller(seller_id), now()).await?;
        let mut cancelled = 0;
        for a in live {
            let mut tx = self.pool.begin().await?;
            let from = [AppointmentStatus::Requested, AppointmentStatus::Confirmed];
            if store::transition(&mut tx, &a.id, &from, AppointmentStatus::Cancelled, now()).await? {
                let kind = Kind::BookingProviderLeft(self.details(&a, Place::default(), false));
                self.outbox.enqueue(&mut tx, self.to_customer("provider-left", &a, kind)).await?;
                cancelled += 1;
            }
            self.commit_holds(tx, [seller_id]).await?;
        }
        self.outbox.kick();
        tracing::info!(seller_id = %seller_id, cancelled, "the provider's bookings were cancelled");
        Ok(pb::CancelSellerAppointmentsResponse { cancelled })
    }
}
