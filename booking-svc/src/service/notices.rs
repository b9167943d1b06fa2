//! The booking worker: what booking-svc sends on its own, each exactly once even across restarts —
//! the once-ness is a conditional update or a unique row in the same transaction as the outbox row.
//!
//! - Notices to providers (a new booking, a cancellation, a move) are stored with the change that
//!   caused them, without an address: the worker asks accounts-svc for the provider's address and
//!   phone and hands them to messaging-svc. When accounts-svc or messaging-svc does not answer, they
//!   wait; nothing is skipped.
//! - The customer's reminder, at 6 PM Nairobi the evening before (a booking made after that moment
//!   gets none: its confirmation is fresh).
//! - Each provider's list of the day's bookings, from 7 AM.

use std::collections::BTreeMap;

use chrono::{DateTime, Timelike, Utc};
use mtaani_proto::{
    accounts::v1::{GetMeRequest, User},
    booking::v1::Appointment,
    message_key::{MessageKey, Recipient},
    messaging::v1::{self as msg, send_notification_request::Kind},
};
use tonic::Code;

use super::{Booking, Place, with_deadline};
use crate::{
    rules::{errors::BookingError, request::nairobi, schedule},
    store,
};

/// Reminders go at this hour the evening before; the morning lists at this hour the same day.
pub const REMINDER_HOUR: u32 = 18;
pub const AGENDA_HOUR: u32 = 7;
/// Bookings that ended longer ago than this are not asked for a review (those made before reviews
/// existed, or waiting while a service was down for longer).
pub const REVIEW_WINDOW: i64 = 14 * 86_400;

/// A notice for the provider of booking `about` on `event`, without their address yet: its key (the
/// provider's own, never the customer's of the same event: `MessageKey`), which is also its id in
/// `provider_notices`, and the payload stored there.
pub fn to_provider(about: &str, event: &str, kind: Kind) -> (String, String) {
    let key: String = MessageKey::new(about, event, Recipient::Provider).into();
    let n = msg::SendNotificationRequest { idempotency_key: key.clone(), kind: Some(kind), ..Default::default() };
    (key, mtaani_proto::messaging::client::encode(&n))
}

/// When the reminder of a booking starting at `starts_at` is due: 6 PM Nairobi the day before.
pub fn reminder_at(starts_at: i64) -> i64 {
    let day = DateTime::from_timestamp(starts_at, 0).unwrap_or_default().with_timezone(&nairobi()).date_naive();
    schedule::midnight(day) - 86_400 + i64::from(REMINDER_HOUR) * 3600
}

/// What accounts-svc says of a provider: their account (notices use its name, e-mail, phone for SMS
/// and language), gone (the account was deleted), or nothing now (it did not answer: ask again later).
enum Provider {
    Known(User),
    Gone,
    Unknown,
}

impl Booking {
    async fn provider(&self, seller_id: &str) -> Provider {
        match self.accounts.clone().get_me(with_deadline(GetMeRequest { user_id: seller_id.to_owned() })).await {
            Ok(r) => match r.into_inner().user {
                Some(u) => Provider::Known(u),
                None => Provider::Gone,
            },
            Err(s) if s.code() == Code::NotFound => Provider::Gone,
            Err(e) => {
                tracing::warn!(%seller_id, error = %e, "accounts-svc did not answer: the provider's e-mail waits");
                Provider::Unknown
            }
        }
    }

    /// Hands waiting provider notices, addressed, straight to messaging-svc (one call for the lot,
    /// stored there once by their keys), then marks them (one statement); answers how many went. A
    /// notice handed over but not marked (the process stopped in between) goes again and messaging-svc
    /// takes it once. When messaging-svc does not answer they wait, as when accounts-svc does not.
    pub async fn send_provider_notices(&self) -> Result<usize, BookingError> {
        let waiting = match self.notice_hints.next(100) {
            None => store::waiting_notices(&self.pool).await?,
            Some(hinted) => {
                let rows = self.notice_hints.fetch(&self.pool, store::HINTED_NOTICES, hinted).await?;
                store::notices_of(&rows)?
            }
        };
        if waiting.is_empty() {
            return Ok(0);
        }
        let mut by_seller: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
        for (id, seller, payload) in waiting {
            by_seller.entry(seller).or_default().push((id, payload));
        }
        let mut ready = Vec::new();
        let mut settled: Vec<String> = Vec::new();
        for (seller, notices) in by_seller {
            let provider = match self.provider(&seller).await {
                Provider::Known(contact) => contact,
                Provider::Unknown => continue,
                Provider::Gone => User::default(),
            };
            for (id, payload) in notices {
                match mtaani_proto::messaging::client::decode(&payload) {
                    // A team member's SMS: their own phone, the provider's language.
                    Some(mut n) if matches!(n.kind, Some(Kind::MemberBooking(_))) && !provider.email.is_empty() => {
                        n.language = provider.language.clone();
                        ready.push((id, 0, n));
                    }
                    Some(mut n) if !provider.email.is_empty() => {
                        n.to_email = provider.email.clone();
                        n.to_name = provider.user_name.clone();
                        n.to_phone = provider.phone_number.clone();
                        // The account's language as it is when the notice goes, not when it was stored.
                        n.language = provider.language.clone();
                        ready.push((id, 0, n));
                    }
                    Some(_) => {
                        tracing::info!(%seller, notice = %id, "the provider's account is gone: notice dropped");
                        settled.push(id);
                    }
                    None => {
                        tracing::error!(notice = %id, "unreadable provider notice dropped");
                        settled.push(id);
                    }
                }
            }
        }
        let handed = mtaani_proto::messaging::client::hand_over(&self.messaging, ready).await;
        if let Some((id, _, error)) = handed.failed.first() {
            tracing::warn!(notice = %id, %error, "messaging-svc did not take the provider notices: they wait");
        }
        for (id, error) in &handed.refused {
            tracing::error!(notice = %id, %error, "messaging-svc refused a provider notice: dropped");
        }
        let sent = handed.delivered.len();
        settled.extend(handed.delivered);
        settled.extend(handed.refused.into_iter().map(|(id, _)| id));
        let ids: Vec<&str> = settled.iter().map(String::as_str).collect();
        let mut conn = self.pool.acquire().await?;
        store::claim_notices(&mut conn, &ids, Utc::now().timestamp()).await?;
        Ok(sent)
    }

    /// Sends the reminders due at `now` (the worker's clock); answers how many went.
    pub async fn send_reminders(&self, now: DateTime<Utc>) -> Result<usize, BookingError> {
        let t = now.timestamp();
        // Everything starting before the end of tomorrow is a candidate; each is due from 6 PM the day before.
        let due = store::due_reminders(&self.pool, t, t + 2 * 86_400).await?;
        let mut sent = 0;
        for a in due.into_iter().filter(|a| reminder_at(a.starts_at) <= t) {
            let listing = self.catalog_listing(&a).await;
            let mut tx = self.pool.begin().await?;
            if !store::claim_reminder(&mut tx, &a.id, t).await? {
                continue;
            }
            // Booked after the evening-before moment: its confirmation is its reminder.
            if a.created_at < reminder_at(a.starts_at) {
                let event = format!("reminder:{}:{}", a.date, a.time);
                let kind = Kind::BookingReminder(self.details(&a, Place::of_listing(listing.as_ref()), true));
                self.outbox.enqueue(&mut tx, self.to_customer(&event, &a, kind)).await?;
                sent += 1;
            }
            tx.commit().await?;
        }
        if sent > 0 {
            self.outbox.kick();
            tracing::info!(sent, "booking reminders sent");
        }
        Ok(sent)
    }

    async fn catalog_listing(&self, a: &Appointment) -> Option<mtaani_proto::catalog::v1::Listing> {
        let request = with_deadline(mtaani_proto::catalog::v1::GetListingRequest { id: a.service_id.clone() });
        self.catalog.clone().get_listing(request).await.ok().map(|r| r.into_inner())
    }

    /// Sends each provider the list of the day's bookings, once, from 7 AM; answers how many lists.
    pub async fn send_agendas(&self, now: DateTime<Utc>) -> Result<usize, BookingError> {
        let here = now.with_timezone(&nairobi());
        if here.hour() < AGENDA_HOUR {
            return Ok(0);
        }
        let today = here.date_naive();
        let date = today.format("%Y-%m-%d").to_string();
        let from = schedule::midnight(today);
        let bookings = store::live_between(&self.pool, from, from + 86_400).await?;
        let mut by_seller: BTreeMap<String, Vec<Appointment>> = BTreeMap::new();
        for a in bookings {
            by_seller.entry(a.seller_id.clone()).or_default().push(a);
        }
        let mut sent = 0;
        for (seller, day) in by_seller {
            if store::agenda_sent(&self.pool, &seller, &date).await? {
                continue;
            }
            let provider = match self.provider(&seller).await {
                Provider::Known(contact) => contact,
                Provider::Unknown => continue,
                Provider::Gone => User::default(),
            };
            let mut tx = self.pool.begin().await?;
            if !store::claim_agenda(&mut tx, &seller, &date, now.timestamp()).await? {
                continue;
            }
            if !provider.email.is_empty() {
                let agenda = msg::ProviderAgenda {
                    date: date.clone(),
                    bookings: day.iter().map(|a| self.details(a, Place::default(), false)).collect(),
                    manage_url: format!("{}/account", self.public_base_url),
                };
                let n = msg::SendNotificationRequest {
                    idempotency_key: MessageKey::new(&seller, &format!("agenda:{date}"), Recipient::Provider).into(),
                    to_email: provider.email,
                    to_name: provider.user_name,
                    language: provider.language,
                    kind: Some(Kind::ProviderAgenda(agenda)),
                    ..Default::default()
                };
                self.outbox.enqueue(&mut tx, n).await?;
                sent += 1;
            }
            tx.commit().await?;
        }
        if sent > 0 {
            self.outbox.kick();
            tracing::info!(sent, %date, "providers' morning lists sent");
        }
        Ok(sent)
    }

    /// Asks catalog-svc to invite the customers of confirmed bookings whose time has passed to
    /// review them (catalog-svc sends the e-mail, once per booking); answers how many bookings were
    /// settled. A provider's own booking is not reviewed; when accounts-svc or catalog-svc does not
    /// answer, the booking waits for the next round.
    pub async fn send_review_invites(&self, now: DateTime<Utc>) -> Result<usize, BookingError> {
        let t = now.timestamp();
        let due = store::due_review_invites(&self.pool, t - REVIEW_WINDOW, t).await?;
        let mut providers: BTreeMap<String, Provider> = BTreeMap::new();
        let mut settled = 0;
        for a in due {
            if !providers.contains_key(&a.seller_id) {
                let p = self.provider(&a.seller_id).await;
                providers.insert(a.seller_id.clone(), p);
            }
            let invite = match &providers[&a.seller_id] {
                Provider::Unknown => continue,
                Provider::Gone => None,
                Provider::Known(provider) => {
                    let own = a.customer_id == a.seller_id || provider.email.eq_ignore_ascii_case(a.email.trim());
                    (!own).then(|| provider.user_name.clone())
                }
            };
            if let Some(provider_name) = invite {
                let request = mtaani_proto::catalog::v1::InviteReviewRequest {
                    booking_id: a.id.clone(),
                    listing_id: a.service_id.clone(),
                    seller_id: a.seller_id.clone(),
                    customer_id: a.customer_id.clone(),
                    customer_name: a.name.clone(),
                    customer_email: a.email.clone(),
                    date: a.date.clone(),
                    time: a.time.clone(),
                    provider_name,
                    language: a.language.clone(),
                };
                if let Err(e) = self.catalog.clone().invite_review(with_deadline(request)).await {
                    tracing::warn!(booking = %a.id, error = %e, "catalog-svc did not take a review invitation: it waits");
                    continue;
                }
            }
            store::mark_review_invited(&self.pool, &a.id, t).await?;
            settled += 1;
        }
        Ok(settled)
    }

    /// One round of the worker at the worker's clock: notices, reminders, morning lists, review
    /// invitations.
    pub async fn work(&self) -> Result<usize, BookingError> {
        let now = self.clock.now();
        Ok(self.send_provider_notices().await?
            + self.send_reminders(now).await?
            + self.send_agendas(now).await?
            + self.send_review_invites(now).await?)
    }

    /// Runs [`Booking::work`] every `every`; when a notice is stored, hands the waiting notices over
    /// at once (only those: the reminders and morning lists are due by the clock, and reading for
    /// them after every booking tripled the database's work under a burst of bookings).
    pub fn spawn_worker(&self, every: std::time::Duration) -> tokio::task::JoinHandle<()> {
        let booking = self.clone();
        tokio::spawn(async move {
            let mut next_full = tokio::time::Instant::now();
            loop {
                let full = tokio::time::Instant::now() >= next_full;
                if full {
                    next_full = tokio::time::Instant::now() + every;
                }
                let round = if full { booking.work().await } else { booking.send_provider_notices().await };
                match round {
                    Ok(n) if n > 0 => continue,
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "booking worker: round failed; trying again"),
                }
                tokio::select! {
                    () = booking.wake_worker.notified() => {}
                    () = tokio::time::sleep_until(next_full) => {}
                }
            }
        })
    }
}

/// The evening-before moment as a Nairobi time, for messages and tests.
pub fn reminder_time_of(starts_at: i64) -> DateTime<chrono::FixedOffset> {
    DateTime::from_timestamp(reminder_at(starts_at), 0).unwrap_or_default().with_timezone(&nairobi())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reminders_are_due_at_six_the_evening_before_in_nairobi() {
        let starts = DateTime::parse_from_rfc3339("2026-12-01T11:00:00+03:00").unwrap().timestamp();
        assert_eq!(reminder_time_of(starts).to_rfc3339(), "2026-11-30T18:00:00+03:00");
        let early = DateTime::parse_from_rfc3339("2026-12-01T00:30:00+03:00").unwrap().timestamp();
        assert_eq!(reminder_time_of(early).to_rfc3339(), "2026-11-30T18:00:00+03:00");
    }

    #[test]
    fn a_notice_keeps_its_kind_and_key() {
        let (id, payload) = to_provider("a1", "new", Kind::NewBooking(msg::BookingDetails::default()));
        let n = mtaani_proto::messaging::client::decode(&payload).unwrap();
        assert_eq!(n.idempotency_key, "a1:new:to-provider");
        assert_eq!(id, n.idempotency_key, "the notice's id is its key");
        assert!(matches!(n.kind, Some(Kind::NewBooking(_))));
        assert!(mtaani_proto::messaging::client::decode("not base64!").is_none());
    }
}
