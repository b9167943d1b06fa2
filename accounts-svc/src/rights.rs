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

use mtaani_proto::{accounts::v1 as pb, booking::v1 as booking, catalog::v1 as catalog, messaging::v1 as msg};
use sqlx::Row;
use tonic::Status;

use crate::{
    error::{Error, Result},
    password,
    payments::{self, db},
    service::Accounts,
    store,
};

pub const WRONG_PASSWORD: &str = "The password is not right.";
pub const ADMINS_CANNOT: &str = mtaani_proto::status::texts::ADMINS_CANNOT_CLOSE;

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
        let u = store::user_by_id(&self.pool, user_id).await?.ok_or(Error::UnknownUser)?;
        let s = store::subscription(&self.pool, &u.id).await?;
        let rows = payments::for_user(&self.pool, &u.id).await?;
        Ok(pb::ExportAccountResponse {
            user: Some(store::user_message(&u, s.as_ref())),
            subscription: s.as_ref().map(|s| store::subscription_message(s, self.clock.now())),
            payments: rows.iter().map(payments::message).collect(),
        })
    }

    /// Closes `user_id`'s account when `password` is theirs (see the module's comment).
    pub async fn delete_account(&self, user_id: &str, given_password: String) -> Result<()> {
        let u = store::user_by_id(&self.pool, user_id).await?.ok_or(Error::UnknownUser)?;
        if u.account_type == "admin" {
            return Err(Status::permission_denied(ADMINS_CANNOT).into());
        }
        if given_password.is_empty() {
            return Err(mtaani_proto::status::invalid_argument(
                "Please enter your password",
                &[("password".into(), "Please enter your password".into())],
            )
            .into());
        }
        if !password::verify(given_password, u.password_hash.clone()).await? {
            return Err(mtaani_proto::status::with_field(
                tonic::Code::Unauthenticated,
                mtaani_proto::status::ErrorCode::BadCredentials,
                WRONG_PASSWORD,
                "password",
            )
            .into());
        }
        let now = self.clock.now();
        let gone = format!("deleted-{}@deleted.mtaani.invalid", u.id);
        let mut tx = self.pool.begin().await?;
        let closed = sqlx::query(
            "UPDATE users SET user_name = 'Deleted account', email = $2, email_key = $2, phone_number = '', \
             password_hash = '', idempotency_key = NULL, suspended_reason = NULL, deleted_at = $3, updated_at = $3 \
             WHERE id = $1 AND deleted_at IS NULL",
        )
        .bind(u.id.clone())
        .bind(gone)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if closed.rows_affected() != 1 {
            return Err(Error::UnknownUser);
        }
        // What the law requires of a payment stays: receipt, amount, date, package. Nothing personal.
        sqlx::query("UPDATE payments SET phone_number = '', message = '' WHERE user_id = $1")
            .bind(u.id.clone())
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM subscriptions WHERE user_id = $1").bind(u.id.clone()).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM password_resets WHERE user_id = $1").bind(u.id.clone()).execute(&mut *tx).await?;
        sqlx::query(
            "INSERT INTO account_deletions (user_id, email, seller, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $4)",
        )
        .bind(u.id.clone())
        .bind(u.email.clone())
        .bind(i64::from(u.account_type == "seller"))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        tracing::info!(user_id = %u.id, "account closed");
        if let Err(e) = self.finish_deletion(&u.id).await {
            tracing::warn!(user_id = %u.id, error = %e, "account closed; the other services' part will be retried");
        }
        Ok(())
    }

    /// Runs the steps of one deletion not yet done; answers whether all are.
    async fn finish_deletion(&self, user_id: &str) -> std::result::Result<bool, Status> {
        let Some(row) = sqlx::query(
            "SELECT email, seller, steps_done FROM account_deletions WHERE user_id = $1 AND done_at IS NULL",
        )
        .bind(user_id.to_owned())
        .fetch_optional(&self.pool)
        .await
        .map_err(db)?
        else {
            return Ok(true);
        };
        let email: String = row.try_get("email").map_err(db)?;
        let seller = row.try_get::<i64, _>("seller").map_err(db)? != 0;
        let mut done: i64 = row.try_get("steps_done").map_err(db)?;
        if !seller {
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
                Err(e) => failure = Some(e),
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
                Err(e) => failure = Some(e),
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
                Err(e) => failure = Some(e),
            }
        }
        if done & FORGET_REVIEWS == 0 {
            let request = catalog::ForgetReviewerRequest { customer_id: id.clone(), email: email.clone() };
            match self.catalog.clone().forget_reviewer(timed(request)).await {
                Ok(_) => done |= FORGET_REVIEWS,
                Err(e) => failure = Some(e),
            }
        }
        if done & FORGET_MESSAGES == 0 {
            match self.messaging.clone().forget_contact_messages(timed(msg::ContactMessagesOfRequest { email })).await {
                Ok(_) => done |= FORGET_MESSAGES,
                Err(e) => failure = Some(e),
            }
        }
        let now = self.clock.now();
        let finished = done == ALL_STEPS;
        sqlx::query(
            "UPDATE account_deletions SET steps_done = $2, attempts = attempts + 1, next_attempt_at = $3 + 60 * (attempts + 1), \
             done_at = CASE WHEN $4 = 1 THEN $3 ELSE NULL END, email = CASE WHEN $4 = 1 THEN '' ELSE email END \
             WHERE user_id = $1",
        )
        .bind(user_id.to_owned())
        .bind(done)
        .bind(now)
        .bind(i64::from(finished))
        .execute(&self.pool)
        .await
        .map_err(db)?;
        match failure {
            Some(e) if !finished => Err(e),
            _ => {
                tracing::info!(%user_id, "account closed in every service");
                Ok(true)
            }
        }
    }

    /// The deletions due for another try (the background checks).
    pub async fn retry_deletions(&self) -> std::result::Result<usize, Status> {
        let due: Vec<String> = sqlx::query_scalar(
            "SELECT user_id FROM account_deletions WHERE done_at IS NULL AND next_attempt_at <= $1 ORDER BY created_at LIMIT 50",
        )
        .bind(self.clock.now())
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
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
