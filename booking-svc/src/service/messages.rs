//! What bookings' messages say: the e-mail's details of a booking, the customer's own message and
//! "Change or cancel" link, and what the customer's page adds to a booking. The use cases and the
//! worker (notices.rs) write every message through these.

use super::{Booking, Place, now};
use crate::{
    rules::{errors::BookingError, members::Member, plan},
    store,
};
use mtaani_proto::{
    booking::v1::{self as pb},
    catalog::v1::Listing,
    message_key::{MessageKey, Recipient},
    messaging::v1::{self as msg, send_notification_request::Kind},
    token,
};

const CANCEL_AUDIENCE: &str = "booking-cancel";
/// A "Change or cancel" link lasts longer than any booking can be ahead: moving the booking keeps the
/// link working, and the service decides what it may still do.
const LINK_LIFETIME: i64 = 400 * 86_400;

impl Booking {
    /// The signed token of the customer's "Change or cancel" link.
    pub(crate) fn link_token(&self, id: &str) -> String {
        token::issue_link(&self.link_secret, CANCEL_AUDIENCE, id, now() + LINK_LIFETIME).unwrap_or_else(|e| {
            tracing::error!(error = %e, "cannot sign a change-or-cancel link");
            String::new()
        })
    }

    pub(crate) fn link(&self, id: &str) -> String {
        format!("{}/appointments/cancel?token={}", self.public_base_url, self.link_token(id))
    }

    pub(crate) fn appointment_of_link(&self, token: &str) -> Result<String, BookingError> {
        token::verify_link(&self.link_secret, CANCEL_AUDIENCE, token.trim()).map_err(|_| BookingError::BadLink)
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
            member_name: a.member_name.clone(),
            services: a.options.iter().map(|o| o.name.clone()).collect(),
            total_ksh: a.total_ksh,
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

    /// Tells team member `member` of `a` on `event` ("new", "moved", "cancelled", "given": now theirs,
    /// "taken": now another member's), stored beside the provider's notices in the caller's
    /// transaction: the worker texts it to their phone in the provider's language. Answers
    /// the notice's id, for the worker's hints; nothing for a member without a phone.
    pub(crate) async fn tell_member(
        &self,
        tx: &mut sqlx::AnyConnection,
        a: &pb::Appointment,
        member: &Member,
        event: &str,
    ) -> Result<Option<String>, BookingError> {
        if member.body.phone.is_empty() {
            return Ok(None);
        }
        let occurrence = format!("member-{event}:{}:{}:{}", a.date, a.time, a.updated_at);
        let key: String = MessageKey::new(&a.id, &occurrence, Recipient::Account(&member.id)).into();
        let n = msg::SendNotificationRequest {
            idempotency_key: key.clone(),
            to_name: member.body.name.clone(),
            to_phone: member.body.phone.clone(),
            kind: Some(Kind::MemberBooking(msg::MemberNotice {
                event: event.to_owned(),
                booking: Some(self.details(a, Place::default(), false)),
            })),
            ..Default::default()
        };
        let payload = mtaani_proto::messaging::client::encode(&n);
        store::queue_provider_notice(tx, &key, &a.seller_id, &payload, a.updated_at).await?;
        Ok(Some(key))
    }

    /// Tells the member who serves `a` now (if they are still on the team), as [`Self::tell_member`].
    pub(crate) async fn tell_current_member(
        &self,
        tx: &mut sqlx::AnyConnection,
        a: &pb::Appointment,
        event: &str,
    ) -> Result<Option<String>, BookingError> {
        if a.member_id.is_empty() {
            return Ok(None);
        }
        match store::member(&self.pool, &a.member_id).await? {
            Some(m) => self.tell_member(tx, a, &m, event).await,
            None => Ok(None),
        }
    }

    /// The worker is woken for the member notices just stored (after their transaction committed).
    pub(crate) fn wake_worker_for(&self, keys: impl IntoIterator<Item = Option<String>>) {
        let mut any = false;
        for key in keys.into_iter().flatten() {
            self.notice_hints.push(key);
            any = true;
        }
        if any {
            self.wake_worker.notify_one();
        }
    }

    /// Adds what the customer's page needs: until when they may change it, and the provider's WhatsApp.
    pub(crate) fn for_customer(
        &self,
        mut a: pb::Appointment,
        plan: &plan::Plan,
        listing: Option<&Listing>,
    ) -> pb::Appointment {
        a.change_deadline = a.starts_at - i64::from(plan.change_notice_minutes) * 60;
        a.can_change = store::is_live(a.status()) && now() <= a.change_deadline;
        a.provider_whatsapp =
            listing.map(|l| l.phone_number.chars().filter(char::is_ascii_digit).collect()).unwrap_or_default();
        a
    }
}
