//! The data rights of Kenya's Data Protection Act 2019 that My Account offers every user: what
//! Mtaani holds about them (access), and closing the account (erasure).
//!
//! Closing an account is one transaction here (the user row kept without name, e-mail, phone or
//! password, so payments still point at it; the payments keep only what the law requires: receipt,
//! amount, date, package; the subscription and reset links gone; a deletion job recorded), then steps
//! in the other services (the seller's bookings cancelled with their customers told, their listings
//! and photos deleted, the user's own bookings unlinked, their contact messages forgotten), tried at
//! once and retried by the background checks until each is done.

use std::time::Duration;

use mtaani_proto::{
    accounts::v1 as pb, booking::v1 as booking, catalog::v1 as catalog, messaging::v1 as msg, text::said,
};

use crate::{
    error::{Error, Result},
    messages, password,
    service::Accounts,
    store,
};

const CANCEL_BOOKINGS: i64 = 1;
const DELETE_LISTINGS: i64 = 2;
const UNLINK_BOOKINGS: i64 = 4;
const FORGET_MESSAGES: i64 = 8;
/// The customer's reviews (catalog-svc) and the invitations to write them.
const FORGET_REVIEWS: i64 = 16;
const ALL_STEPS: i64 = CANCEL_BOOKINGS | DELETE_LISTINGS | UNLINK_BOOKINGS | FORGET_MESSAGES | FORGET_REVIEWS;

fn timed<T>(message: T) -> tonic::Request<T> {
    let mut r = tonic::Request::new(message);
    r.set_timeout(Duration::from_secs(10));
    r
}

impl Accounts {
    /// Everything accounts-svc holds about `user_id` (the gateway adds the other services' parts).
    pub async fn export(&self, user_id: &str) -> Result<pb::ExportAccountResponse> {
        let u = store::users::by_id(&self.pool, user_id).await?.ok_or(Error::UnknownUser)?;
        let s = store::subscriptions::of_user(&self.pool, &u.id).await?;
        let rows = store::payments::of_user(&self.pool, &u.id).await?;
        Ok(pb::ExportAccountResponse {
            user: Some(messages::user(&u, s.as_ref())),
            subscription: s.as_ref().map(|s| messages::subscription(s, self.clock.now())),
            payments: rows.iter().map(messages::payment).collect(),
        })
    }

    /// Closes `user_id`'s account when `password` is theirs (see the module's comment).
    pub async fn delete_account(&self, user_id: &str, given_password: String) -> Result<()> {
        let u = store::users::by_id(&self.pool, user_id).await?.ok_or(Error::UnknownUser)?;
        if u.account_type == "admin" {
            return Err(Error::AdminsCannotClose);
        }
        if given_password.is_empty() {
            return Err(Error::invalid("password", said::enter_password()));
        }
        if !password::verify(given_password, u.password_hash.clone()).await? {
            return Err(Error::WrongPassword);
        }
        let now = self.clock.now();
        let gone = format!("deleted-{}@deleted.mtaani.invalid", u.id);
        let seller = u.account_type == "seller";
        if !store::deletions::close_account(&self.pool, &u.id, &u.email, &gone, seller, now).await? {
            return Err(Error::UnknownUser);
        }
        tracing::info!(user_id = %u.id, "account closed");
        if let Err(e) = self.finish_deletion(&u.id).await {
            tracing::warn!(user_id = %u.id, error = %e, "account closed; the other services' part will be retried");
        }
        Ok(())
    }

    /// Runs the steps of one deletion not yet done; answers whether all are.
    async fn finish_deletion(&self, user_id: &str) -> Result<bool> {
        let Some(deletion) = store::deletions::pending(&self.pool, user_id).await? else {
            return Ok(true);
        };
        let email = deletion.email;
        let mut done = deletion.steps_done;
        if !deletion.seller {
            done |= CANCEL_BOOKINGS | DELETE_LISTINGS;
        }
        let mut failure = None;
        let id = user_id.to_owned();
        // The customers are told with the listing names while the listings still exist.
        if done & CANCEL_BOOKINGS == 0 {
            match self
                .booking
                .clone()
                .cancel_seller_appointments(timed(booking::CancelSellerAppointmentsRequest { seller_id: id.clone() }))
                .await
            {
                Ok(_) => done |= CANCEL_BOOKINGS,
                Err(e) => failure = Some(Error::neighbour("booking-svc", &e)),
            }
        }
        if done & DELETE_LISTINGS == 0 && done & CANCEL_BOOKINGS != 0 {
            match self
                .catalog
                .clone()
                .delete_seller_listings(timed(catalog::DeleteSellerListingsRequest { seller_id: id.clone() }))
                .await
            {
                Ok(_) => done |= DELETE_LISTINGS,
                Err(e) => failure = Some(Error::neighbour("catalog-svc", &e)),
            }
        }
        if done & UNLINK_BOOKINGS == 0 {
            match self
                .booking
                .clone()
                .forget_customer(timed(booking::ForgetCustomerRequest { customer_id: id.clone() }))
                .await
            {
                Ok(_) => done |= UNLINK_BOOKINGS,
                Err(e) => failure = Some(Error::neighbour("booking-svc", &e)),
            }
        }
        if done & FORGET_REVIEWS == 0 {
            let request = catalog::ForgetReviewerRequest { customer_id: id.clone(), email: email.clone() };
            match self.catalog.clone().forget_reviewer(timed(request)).await {
                Ok(_) => done |= FORGET_REVIEWS,
                Err(e) => failure = Some(Error::neighbour("catalog-svc", &e)),
            }
        }
        if done & FORGET_MESSAGES == 0 {
            match self.messaging.clone().forget_contact_messages(timed(msg::ContactMessagesOfRequest { email })).await {
                Ok(_) => done |= FORGET_MESSAGES,
                Err(e) => failure = Some(Error::neighbour("messaging-svc", &e)),
            }
        }
        let now = self.clock.now();
        let finished = done == ALL_STEPS;
        store::deletions::record_attempt(&self.pool, user_id, done, finished, now).await?;
        match failure {
            Some(e) if !finished => Err(e),
            _ => {
                tracing::info!(%user_id, "account closed in every service");
                Ok(true)
            }
        }
    }

    /// The deletions due for another try (the background checks).
    pub async fn retry_deletions(&self) -> Result<usize> {
        let due = store::deletions::due(&self.pool, self.clock.now()).await?;
        let mut finished = 0;
        for id in &due {
            match self.finish_deletion(id).await {
                Ok(true) => finished += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(user_id = %id, error = %e, "account deletion: a step failed; retrying later"),
            }
        }
        Ok(finished)
    }
}
