//! The tonic implementation of `booking.v1.BookingService`.

use std::{sync::Arc, time::Duration};

use chrono::Utc;
use mtaani_proto::{
    accounts::v1::{GetMeRequest, accounts_service_client::AccountsServiceClient},
    booking::v1::{self as pb, AppointmentStatus, booking_service_server::BookingService},
    catalog::v1::{GetListingRequest, Listing, catalog_service_client::CatalogServiceClient},
    db::is_unique_violation,
    messaging::v1::{self as msg, send_notification_request::Kind},
    outbox::Outbox,
    token,
};
use tonic::{Code, Request, Response, Status, transport::Channel};

use crate::{rules, store};

pub const SLOT_TAKEN: &str = "This time slot is already booked. Please choose another.";
pub const SERVICE_NOT_FOUND: &str = "Service not found";
pub const BOOKING_NOT_FOUND: &str = "Booking not found";
pub const NOT_YOURS: &str = "You can only manage bookings of your own services";
pub const BAD_LINK: &str = "This cancellation link is not valid.";
pub const ALREADY_CANCELLED: &str = "This booking is already cancelled.";
const CANCEL_AUDIENCE: &str = "booking-cancel";
/// How long booking-svc waits for catalog-svc or accounts-svc.
const CALL_TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Debug, Clone)]
pub struct Booking {
    pub(crate) pool: sqlx::AnyPool,
    pub(crate) catalog: CatalogServiceClient<Channel>,
    pub(crate) accounts: AccountsServiceClient<Channel>,
    pub(crate) outbox: Outbox,
    pub(crate) link_secret: Arc<Vec<u8>>,
    pub(crate) public_base_url: String,
}

fn now() -> i64 {
    Utc::now().timestamp()
}

fn db(err: sqlx::Error) -> Status {
    if mtaani_proto::db::is_unavailable(&err) {
        tracing::error!(error = %err, "booking database unavailable");
        Status::unavailable("Bookings are busy. Please try again.")
    } else {
        tracing::error!(error = %err, "booking database error");
        Status::internal("Something went wrong. Please try again.")
    }
}

fn timed<T>(message: T) -> Request<T> {
    let mut r = Request::new(message);
    r.set_timeout(CALL_TIMEOUT);
    r
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

    /// The provider's name and address, or None when accounts-svc cannot say now: the booking is
    /// still taken and shows in their account, only the e-mail is skipped.
    async fn provider(&self, seller_id: &str) -> Option<(String, String)> {
        match self.accounts.clone().get_me(timed(GetMeRequest { user_id: seller_id.to_owned() })).await {
            Ok(r) => r.into_inner().user.map(|u| (u.user_name, u.email)),
            Err(e) => {
                tracing::warn!(%seller_id, error = %e, "cannot read the provider's address: no e-mail for this booking");
                None
            }
        }
    }

    fn cancel_url(&self, a: &pb::Appointment) -> String {
        let exp = rules::parse_date(&a.date).map_or(now() + 86_400, rules::end_of_day);
        match token::issue_link(&self.link_secret, CANCEL_AUDIENCE, &a.id, exp) {
            Ok(t) => format!("{}/appointments/cancel?token={t}", self.public_base_url),
            Err(e) => {
                tracing::error!(error = %e, "cannot sign a cancel link");
                String::new()
            }
        }
    }

    fn details(&self, a: &pb::Appointment, with_cancel_link: bool) -> msg::BookingDetails {
        msg::BookingDetails {
            appointment_id: a.id.clone(),
            service_name: a.service_name.clone(),
            customer_name: a.name.clone(),
            customer_email: a.email.clone(),
            customer_phone: a.phone.clone(),
            date: a.date.clone(),
            time: a.time.clone(),
            message: a.message.clone(),
            cancel_url: if with_cancel_link { self.cancel_url(a) } else { String::new() },
            manage_url: format!("{}/account", self.public_base_url),
        }
    }

    fn notification(&self, key: String, to: (String, String), kind: Kind) -> msg::SendNotificationRequest {
        msg::SendNotificationRequest { idempotency_key: key, to_name: to.0, to_email: to.1, kind: Some(kind) }
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
        let mut tx = self.pool.begin().await.map_err(db)?;
        if !store::transition(&mut tx, &a.id, from, to, now()).await.map_err(db)? {
            return Err(Status::failed_precondition(format!(
                "This booking is already {}.",
                store::status_name(a.status())
            )));
        }
        let updated = pb::Appointment { status: to.into(), updated_at: now(), ..a };
        let details = self.details(&updated, to == AppointmentStatus::Confirmed);
        let kind = if to == AppointmentStatus::Confirmed {
            Kind::BookingConfirmed(details)
        } else {
            Kind::BookingDeclined(details)
        };
        let key = format!("{}:{}", updated.id, store::status_name(to));
        let customer = (updated.name.clone(), updated.email.clone());
        self.outbox.enqueue(&mut tx, self.notification(key, customer, kind)).await.map_err(db)?;
        tx.commit().await.map_err(db)?;
        self.outbox.kick();
        Ok(updated)
    }

    fn appointment_of_link(&self, token: &str) -> Result<String, Status> {
        token::verify_link(&self.link_secret, CANCEL_AUDIENCE, token.trim())
            .map_err(|_| Status::invalid_argument(BAD_LINK))
    }
}

#[tonic::async_trait]
impl BookingService for Booking {
    async fn create_appointment(
        &self,
        request: Request<pb::CreateAppointmentRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        let r = request.into_inner();
        let c = rules::check(&r, Utc::now())?;
        // A key is scoped to the service and the address, so nobody reads another's booking by it.
        let key = (!r.idempotency_key.trim().is_empty())
            .then(|| format!("{}|{}|{}", c.service_id, c.email.to_lowercase(), r.idempotency_key.trim()));
        if let Some(key) = &key
            && let Some(first) = store::by_idempotency_key(&self.pool, key).await.map_err(db)?
        {
            return Ok(Response::new(first));
        }
        let listing = self.listing(&c.service_id).await?;
        let provider = self.provider(&listing.seller_id).await;
        let t = now();
        let a = pb::Appointment {
            id: uuid::Uuid::now_v7().to_string(),
            service_id: listing.id.clone(),
            service_name: listing.name.clone(),
            seller_id: listing.seller_id.clone(),
            name: c.name,
            email: c.email,
            phone: c.phone,
            date: c.date.format("%Y-%m-%d").to_string(),
            time: c.slot.label,
            message: c.message,
            status: AppointmentStatus::Requested.into(),
            created_at: t,
            updated_at: t,
        };
        let mut tx = self.pool.begin().await.map_err(db)?;
        if let Err(e) = store::insert(&mut tx, &a, key.as_deref()).await {
            drop(tx);
            if !is_unique_violation(&e) {
                return Err(db(e));
            }
            // The same request again (its key is stored) or another booking of the slot.
            if let Some(key) = &key
                && let Some(first) = store::by_idempotency_key(&self.pool, key).await.map_err(db)?
            {
                return Ok(Response::new(first));
            }
            return Err(Status::already_exists(SLOT_TAKEN));
        }
        if let Some(to) = provider {
            let n = self.notification(format!("{}:new", a.id), to, Kind::NewBooking(self.details(&a, false)));
            self.outbox.enqueue(&mut tx, n).await.map_err(db)?;
        }
        tx.commit()
            .await
            .map_err(|e| if is_unique_violation(&e) { Status::already_exists(SLOT_TAKEN) } else { db(e) })?;
        self.outbox.kick();
        tracing::info!(appointment = %a.id, service = %a.service_id, date = %a.date, time = %a.time, "booking requested");
        Ok(Response::new(a))
    }

    async fn get_availability(
        &self,
        request: Request<pb::GetAvailabilityRequest>,
    ) -> Result<Response<pb::GetAvailabilityResponse>, Status> {
        let r = request.into_inner();
        let service_id = r.service_id.trim();
        if service_id.is_empty() {
            return Err(Status::invalid_argument("serviceId is required"));
        }
        let date = rules::parse_date(&r.date).ok_or_else(|| Status::invalid_argument(rules::BAD_DATE))?;
        let date_text = date.format("%Y-%m-%d").to_string();
        let taken = store::taken(&self.pool, service_id, &date_text).await.map_err(db)?;
        Ok(Response::new(pb::GetAvailabilityResponse {
            date: date_text,
            taken,
            past: rules::past_slots(date, Utc::now()),
        }))
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
        Ok(Response::new(a))
    }

    async fn cancel_appointment(
        &self,
        request: Request<pb::CancelTokenRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        let id = self.appointment_of_link(&request.into_inner().token)?;
        let a = store::by_id(&self.pool, &id).await.map_err(db)?.ok_or_else(|| Status::invalid_argument(BAD_LINK))?;
        let provider = self.provider(&a.seller_id).await;
        let mut tx = self.pool.begin().await.map_err(db)?;
        let from = [AppointmentStatus::Requested, AppointmentStatus::Confirmed];
        if !store::transition(&mut tx, &a.id, &from, AppointmentStatus::Cancelled, now()).await.map_err(db)? {
            return Err(match a.status() {
                AppointmentStatus::Cancelled => Status::failed_precondition(ALREADY_CANCELLED),
                other => Status::failed_precondition(format!("This booking was {}.", store::status_name(other))),
            });
        }
        let cancelled = pb::Appointment { status: AppointmentStatus::Cancelled.into(), updated_at: now(), ..a };
        if let Some(to) = provider {
            let n = self.notification(
                format!("{}:cancelled", cancelled.id),
                to,
                Kind::BookingCancelled(self.details(&cancelled, false)),
            );
            self.outbox.enqueue(&mut tx, n).await.map_err(db)?;
        }
        tx.commit().await.map_err(db)?;
        self.outbox.kick();
        Ok(Response::new(cancelled))
    }
}
