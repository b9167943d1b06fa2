//! Verified reviews (issue 20). A review can only come from a booking that took place: booking-svc
//! asks for an invitation once a confirmed booking's time has passed, the customer gets a link by
//! e-mail (single use, 30 days), and that link is the only way to write one. catalog-svc owns them
//! because every listing answer carries its rating (lists, search, detail), lists sort by it, and
//! hidden or deleted listings take their reviews with them.
//!
//! Once-ness is the database's: an invitation per booking (its primary key), a token used by one
//! conditional update, a review per booking (unique), one reply per review (conditional update).

use mtaani_proto::{
    catalog::v1 as pb,
    messaging::v1::{self as msg, send_notification_request::Kind},
    status::{Violations, invalid_argument},
};
use mtaani_runtime::secret;
use sqlx::{AnyConnection, AssertSqlSafe, Row, any::AnyRow};
use tonic::Status;

use crate::{
    db,
    error::{Error, Result},
    service::Catalog,
};

/// How long an invitation's link works.
pub const INVITE_LIFETIME: i64 = 30 * 86_400;
pub const MAX_TEXT: usize = 1000;

pub const BAD_LINK: &str = "This review link is not valid or has expired.";
pub const ALREADY_REVIEWED: &str = "You have already reviewed this booking.";
pub const BAD_RATING: &str = "Please choose a rating from 1 to 5 stars";
pub const TEXT_TOO_LONG: &str = "Your review must be at most 1000 characters";
pub const NO_REPLY: &str = "Please write your reply";
pub const REPLY_TOO_LONG: &str = "Your reply must be at most 1000 characters";
pub const ALREADY_REPLIED: &str = "You have already replied to this review.";
pub const REVIEW_NOT_FOUND: &str = "Review not found";
pub const OWN_LISTING: &str = "You cannot review your own service.";
pub const UNSUPPORTED: &str = mtaani_proto::status::texts::UNSUPPORTED_CHARACTERS;
pub const REVIEW_ALREADY_HIDDEN: &str = "This review is already hidden.";
pub const REVIEW_NOT_HIDDEN: &str = "This review is not hidden.";

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// How a reviewer is shown: first name and last initial ("Wanjiru Kamau" → "Wanjiru K."); one
/// name alone as it is.
pub fn public_name(full: &str) -> String {
    let mut words = full.split_whitespace();
    let first: String = words.next().unwrap_or("Customer").chars().take(40).collect();
    match words.last().and_then(|w| w.chars().next()) {
        Some(initial) => format!("{first} {}.", initial.to_uppercase()),
        None => first,
    }
}

const REVIEW_COLUMNS: &str = "r.id, r.listing_id, r.rating, r.text, r.reviewer_name, r.created_at, r.reply, \
                              r.replied_at, r.hidden, l.name AS listing_name";

fn review(row: &AnyRow) -> std::result::Result<pb::Review, sqlx::Error> {
    Ok(pb::Review {
        id: row.try_get("id")?,
        listing_id: row.try_get("listing_id")?,
        rating: row.try_get::<i64, _>("rating")? as i32,
        text: row.try_get("text")?,
        reviewer_name: row.try_get("reviewer_name")?,
        created_at: row.try_get("created_at")?,
        reply: row.try_get::<Option<String>, _>("reply")?.unwrap_or_default(),
        replied_at: row.try_get::<Option<i64>, _>("replied_at")?.unwrap_or_default(),
        listing_name: row.try_get("listing_name")?,
        hidden: row.try_get::<i64, _>("hidden")? != 0,
    })
}

/// A review by id, hidden or not (the operators' view), with its listing's name.
pub async fn review_by_id(conn: &mut AnyConnection, id: &str) -> Result<Option<pb::Review>> {
    let sql = format!("SELECT {REVIEW_COLUMNS} FROM reviews r JOIN listings l ON l.id = r.listing_id WHERE r.id = $1");
    let row = sqlx::query(AssertSqlSafe(sql)).bind(id.to_owned()).fetch_optional(&mut *conn).await?;
    Ok(row.as_ref().map(review).transpose()?)
}

/// Sets a listing's rating from its shown reviews (counted again, never adjusted: a hidden or
/// forgotten review cannot leave the figures off by one).
pub async fn recount(conn: &mut AnyConnection, listing_id: &str) -> Result<()> {
    sqlx::query(
        "UPDATE listings SET \
         rating_count = (SELECT COUNT(*) FROM reviews WHERE listing_id = $1 AND hidden = 0), \
         rating_sum = (SELECT COALESCE(SUM(rating), 0) FROM reviews WHERE listing_id = $1 AND hidden = 0) \
         WHERE id = $1",
    )
    .bind(listing_id.to_owned())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Text a customer or seller wrote: trimmed, bounded, no NUL.
fn written(v: &mut Violations, field: &str, text: &str, too_long: &str) -> String {
    let t = text.trim();
    v.check(t.chars().count() <= MAX_TEXT, field, too_long);
    v.check(!t.contains('\0'), field, UNSUPPORTED);
    t.to_owned()
}

impl Catalog {
    pub async fn invite_review(&self, r: pb::InviteReviewRequest) -> Result<pb::InviteReviewResponse> {
        if r.booking_id.trim().is_empty() || r.customer_email.trim().is_empty() {
            return Err(Status::invalid_argument("booking_id and customer_email are required").into());
        }
        // Only a listing the public sees is reviewed; a seller booking their own is never asked.
        let Some(listing) = db::get(&self.pool, r.listing_id.trim(), false).await? else {
            return Ok(pb::InviteReviewResponse { invited: false });
        };
        if !r.customer_id.is_empty() && r.customer_id == listing.seller_id {
            return Ok(pb::InviteReviewResponse { invited: false });
        }
        let token = secret::new_token();
        let t = now();
        let mut tx = self.pool.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO review_invites (booking_id, listing_id, seller_id, customer_id, customer_name, \
             customer_email, provider_name, date, time, token_hash, expires_at, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (booking_id) DO NOTHING",
        )
        .bind(r.booking_id.trim().to_owned())
        .bind(listing.id.clone())
        .bind(listing.seller_id.clone())
        .bind((!r.customer_id.is_empty()).then(|| r.customer_id.clone()))
        .bind(r.customer_name.trim().to_owned())
        .bind(r.customer_email.trim().to_owned())
        .bind(r.provider_name.trim().to_owned())
        .bind(r.date.clone())
        .bind(r.time.clone())
        .bind(secret::digest(&token))
        .bind(t + INVITE_LIFETIME)
        .bind(t)
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() != 1 {
            return Ok(pb::InviteReviewResponse { invited: false });
        }
        let provider = if r.provider_name.trim().is_empty() { listing.name.clone() } else { r.provider_name.clone() };
        let n = msg::SendNotificationRequest {
            idempotency_key: format!("{}:review-invitation", r.booking_id.trim()),
            to_email: r.customer_email.trim().to_owned(),
            to_name: r.customer_name.trim().to_owned(),
            to_phone: String::new(),
            language: r.language.clone(),
            kind: Some(Kind::ReviewInvitation(msg::ReviewInvitation {
                service_name: listing.name.clone(),
                provider_name: provider,
                date: r.date.clone(),
                time: r.time.clone(),
                review_url: format!("{}/review?token={token}", self.public_base_url),
            })),
        };
        self.outbox.enqueue(&mut tx, n).await?;
        tx.commit().await?;
        self.outbox.kick();
        tracing::info!(booking = %r.booking_id.trim(), listing = %listing.id, "review invitation sent");
        Ok(pb::InviteReviewResponse { invited: true })
    }

    /// What a link is for; 400 when it is unknown or expired, 409 once used.
    pub async fn review_invite(&self, token: &str) -> Result<pb::ReviewInvite> {
        let row = sqlx::query(
            "SELECT i.listing_id, i.provider_name, i.date, i.time, i.customer_name, i.expires_at, i.used_at, \
             l.name, l.visible FROM review_invites i JOIN listings l ON l.id = i.listing_id WHERE i.token_hash = $1",
        )
        .bind(secret::digest(token.trim()))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Err(invalid_argument(BAD_LINK, &[("token".into(), BAD_LINK.into())]).into());
        };
        if row.try_get::<Option<i64>, _>("used_at")?.is_some() {
            return Err(Status::already_exists(ALREADY_REVIEWED).into());
        }
        let expires_at: i64 = row.try_get("expires_at")?;
        if expires_at <= now() {
            return Err(invalid_argument(BAD_LINK, &[("token".into(), BAD_LINK.into())]).into());
        }
        if row.try_get::<i64, _>("visible")? == 0 {
            return Err(Error::NotFound);
        }
        let name: String = row.try_get("name")?;
        let provider: String = row.try_get("provider_name")?;
        Ok(pb::ReviewInvite {
            listing_id: row.try_get("listing_id")?,
            provider_name: if provider.is_empty() { name.clone() } else { provider },
            service_name: name,
            date: row.try_get("date")?,
            time: row.try_get("time")?,
            customer_name: public_name(&row.try_get::<String, _>("customer_name")?),
            expires_at,
        })
    }

    pub async fn create_review(&self, r: pb::CreateReviewRequest) -> Result<pb::Review> {
        let mut v = Violations::new();
        v.check((1..=5).contains(&r.rating), "rating", BAD_RATING);
        let text = written(&mut v, "text", &r.text, TEXT_TOO_LONG);
        v.into_result()?;
        let digest = secret::digest(r.token.trim());
        let t = now();
        let mut tx = self.pool.begin().await?;
        // The token is used by this statement or by none: two submissions at once make one review.
        let claimed = sqlx::query(
            "UPDATE review_invites SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 \
             RETURNING booking_id, listing_id, seller_id, customer_id, customer_name, customer_email",
        )
        .bind(digest.clone())
        .bind(t)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(invite) = claimed else {
            drop(tx);
            let used: Option<Option<i64>> =
                sqlx::query_scalar("SELECT used_at FROM review_invites WHERE token_hash = $1 AND expires_at > $2")
                    .bind(digest)
                    .bind(t)
                    .fetch_optional(&self.pool)
                    .await?;
            return Err(match used {
                Some(Some(_)) => Status::already_exists(ALREADY_REVIEWED).into(),
                _ => invalid_argument(BAD_LINK, &[("token".into(), BAD_LINK.into())]).into(),
            });
        };
        let listing_id: String = invite.try_get("listing_id")?;
        let seller_id: String = invite.try_get("seller_id")?;
        let customer_id: Option<String> = invite.try_get("customer_id")?;
        if customer_id.as_deref() == Some(seller_id.as_str()) {
            return Err(Error::Forbidden(OWN_LISTING));
        }
        // The listing went while the link waited: nothing to review (the token stays unused).
        if db::get(&self.pool, &listing_id, false).await?.is_none() {
            return Err(Error::NotFound);
        }
        let id = uuid::Uuid::now_v7().to_string();
        sqlx::query(
            "INSERT INTO reviews (id, booking_id, listing_id, seller_id, customer_id, reviewer_name, reviewer_email, \
             rating, text, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(id.clone())
        .bind(invite.try_get::<String, _>("booking_id")?)
        .bind(listing_id.clone())
        .bind(seller_id)
        .bind(customer_id)
        .bind(public_name(&invite.try_get::<String, _>("customer_name")?))
        .bind(invite.try_get::<String, _>("customer_email")?)
        .bind(i64::from(r.rating))
        .bind(text)
        .bind(t)
        .execute(&mut *tx)
        .await?;
        recount(&mut tx, &listing_id).await?;
        let created = review_by_id(&mut tx, &id).await?.ok_or(Error::NotFound)?;
        tx.commit().await?;
        tracing::info!(review = %id, listing = %listing_id, rating = r.rating, "review written");
        self.changed().await;
        Ok(created)
    }

    /// A visible listing's shown reviews, newest first, with its summary.
    pub async fn list_reviews(&self, r: pb::ListReviewsRequest) -> Result<pb::ListReviewsResponse> {
        let listing = db::get(&self.pool, r.listing_id.trim(), false).await?.ok_or(Error::NotFound)?;
        let (limit, offset) = db::page(r.page.as_ref());
        let sql = format!(
            "SELECT {REVIEW_COLUMNS} FROM reviews r JOIN listings l ON l.id = r.listing_id \
             WHERE r.listing_id = $1 AND r.hidden = 0 ORDER BY r.created_at DESC, r.id DESC LIMIT {limit} OFFSET {offset}"
        );
        let rows = sqlx::query(AssertSqlSafe(sql)).bind(listing.id.clone()).fetch_all(&self.pool).await?;
        let reviews = rows.iter().map(review).collect::<std::result::Result<Vec<_>, _>>()?;
        let mut distribution = vec![0_i64; 5];
        let counts = sqlx::query(
            "SELECT rating, COUNT(*) AS n FROM reviews WHERE listing_id = $1 AND hidden = 0 GROUP BY rating",
        )
        .bind(listing.id.clone())
        .fetch_all(&self.pool)
        .await?;
        for row in counts {
            let stars: i64 = row.try_get("rating")?;
            if let Some(slot) = usize::try_from(stars - 1).ok().and_then(|i| distribution.get_mut(i)) {
                *slot = row.try_get("n")?;
            }
        }
        Ok(pb::ListReviewsResponse {
            reviews,
            total: listing.rating_count,
            summary: Some(pb::RatingSummary { count: listing.rating_count, sum: listing.rating_sum, distribution }),
        })
    }

    /// The reviews of a seller's listings (hidden listings' too: the seller may still answer).
    pub async fn list_seller_reviews(&self, r: pb::ListSellerReviewsRequest) -> Result<pb::ListReviewsResponse> {
        let seller = r.seller_id.trim().to_owned();
        if seller.is_empty() {
            return Err(Status::invalid_argument("seller_id is required").into());
        }
        let (limit, offset) = db::page(r.page.as_ref());
        let sql = format!(
            "SELECT {REVIEW_COLUMNS} FROM reviews r JOIN listings l ON l.id = r.listing_id \
             WHERE r.seller_id = $1 AND r.hidden = 0 ORDER BY r.created_at DESC, r.id DESC LIMIT {limit} OFFSET {offset}"
        );
        let rows = sqlx::query(AssertSqlSafe(sql)).bind(seller.clone()).fetch_all(&self.pool).await?;
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM reviews WHERE seller_id = $1 AND hidden = 0")
            .bind(seller)
            .fetch_one(&self.pool)
            .await?;
        let reviews = rows.iter().map(review).collect::<std::result::Result<Vec<_>, _>>()?;
        Ok(pb::ListReviewsResponse { reviews, total, summary: None })
    }

    /// The seller's one reply to a review of their listing; the reviewer is e-mailed.
    pub async fn reply_to_review(&self, r: pb::ReplyToReviewRequest) -> Result<pb::Review> {
        let mut v = Violations::new();
        let text = written(&mut v, "text", &r.text, REPLY_TOO_LONG);
        v.check(!text.is_empty(), "text", NO_REPLY);
        v.into_result()?;
        let id = r.review_id.trim().to_owned();
        let t = now();
        let owner: Option<(String, String)> =
            sqlx::query_as("SELECT seller_id, reviewer_email FROM reviews WHERE id = $1 AND hidden = 0")
                .bind(id.clone())
                .fetch_optional(&self.pool)
                .await?;
        let Some((seller, email)) = owner else { return Err(Status::not_found(REVIEW_NOT_FOUND).into()) };
        if seller != r.seller_id {
            return Err(Error::Forbidden("You can only reply to reviews of your own services"));
        }
        // The transaction writes first: on SQLite a transaction that read before writing cannot write
        // once another connection (the outbox's sender) has (SQLITE_BUSY_SNAPSHOT).
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE reviews SET reply = $2, replied_at = $3 WHERE id = $1 AND seller_id = $4 AND reply IS NULL",
        )
        .bind(id.clone())
        .bind(text.clone())
        .bind(t)
        .bind(seller)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(Status::already_exists(ALREADY_REPLIED).into());
        }
        let replied = review_by_id(&mut tx, &id).await?.ok_or_else(|| Status::not_found(REVIEW_NOT_FOUND))?;
        if !email.is_empty() {
            let n = msg::SendNotificationRequest {
                idempotency_key: format!("{id}:review-reply"),
                to_email: email,
                to_name: replied.reviewer_name.clone(),
                to_phone: String::new(),
                // The reviewer's language is not kept with the review: English.
                language: String::new(),
                kind: Some(Kind::ReviewReply(msg::ReviewReply {
                    service_name: replied.listing_name.clone(),
                    reply: text,
                    service_url: format!("{}/service/{}", self.public_base_url, replied.listing_id),
                })),
            };
            self.outbox.enqueue(&mut tx, n).await?;
        }
        tx.commit().await?;
        self.outbox.kick();
        self.announce().await;
        Ok(replied)
    }

    /// Anyone reports a shown review (a visible listing's); an operator hides it or dismisses the report.
    pub async fn report_review(&self, r: pb::ReportReviewRequest) -> Result<pb::Report> {
        crate::reports::check_report(&r.reason, &r.details)?;
        let id = r.review_id.trim().to_owned();
        let shown: Option<String> = sqlx::query_scalar(
            "SELECT r.id FROM reviews r JOIN listings l ON l.id = r.listing_id \
             WHERE r.id = $1 AND r.hidden = 0 AND l.visible = 1",
        )
        .bind(id.clone())
        .fetch_optional(&self.pool)
        .await?;
        let id = shown.ok_or_else(|| Status::not_found(REVIEW_NOT_FOUND))?;
        crate::reports::store_report(&self.pool, "review", &id, r.reason.trim(), r.details.trim()).await
    }

    /// An operator takes a review down: out of the listing's page and rating at once, its open reports
    /// closed, the action logged. Once: a second hide is refused.
    pub async fn hide_review(&self, r: pb::ModerateReviewRequest) -> Result<pb::Review> {
        let why = mtaani_runtime::audit::reason(&r.reason)?;
        self.set_review_hidden(r, true, &why).await
    }

    pub async fn restore_review(&self, r: pb::ModerateReviewRequest) -> Result<pb::Review> {
        let why =
            if r.reason.trim().is_empty() { "Restored".to_owned() } else { mtaani_runtime::audit::reason(&r.reason)? };
        self.set_review_hidden(r, false, &why).await
    }

    async fn set_review_hidden(&self, r: pb::ModerateReviewRequest, hide: bool, why: &str) -> Result<pb::Review> {
        let id = r.id.trim().to_owned();
        let t = now();
        // Written first in the transaction (see reply_to_review).
        let mut tx = self.pool.begin().await?;
        let changed: Option<String> =
            sqlx::query_scalar("UPDATE reviews SET hidden = $2 WHERE id = $1 AND hidden = $3 RETURNING listing_id")
                .bind(id.clone())
                .bind(i64::from(hide))
                .bind(i64::from(!hide))
                .fetch_optional(&mut *tx)
                .await?;
        let Some(listing) = changed else {
            drop(tx);
            let exists: Option<String> = sqlx::query_scalar("SELECT id FROM reviews WHERE id = $1")
                .bind(id.clone())
                .fetch_optional(&self.pool)
                .await?;
            let message = if hide { REVIEW_ALREADY_HIDDEN } else { REVIEW_NOT_HIDDEN };
            return Err(match exists {
                Some(_) => Status::failed_precondition(message),
                None => Status::not_found(REVIEW_NOT_FOUND),
            }
            .into());
        };
        if hide {
            sqlx::query(
                "UPDATE reports SET status = 'closed', resolution = 'hidden', resolution_reason = $3, closed_at = $2 \
                 WHERE kind = 'review' AND target_id = $1 AND status = 'open'",
            )
            .bind(id.clone())
            .bind(t)
            .bind(why.to_owned())
            .execute(&mut *tx)
            .await?;
        }
        recount(&mut tx, &listing).await?;
        let action = if hide { "review.hide" } else { "review.restore" };
        mtaani_runtime::audit::record(&mut tx, (&r.admin_id, &r.admin_name), action, ("review", &id, ""), why, t)
            .await?;
        let review = review_by_id(&mut tx, &id).await?.ok_or_else(|| Status::not_found(REVIEW_NOT_FOUND))?;
        tx.commit().await?;
        self.changed().await;
        tracing::info!(review = %id, admin = %r.admin_id, hidden = hide, "review moderated");
        Ok(review)
    }

    /// A customer's account is deleted: their reviews, invitations and favourites go, and the ratings
    /// they were part of are counted again.
    pub async fn forget_reviewer(&self, r: pb::ForgetReviewerRequest) -> Result<i64> {
        let (customer, email) = (r.customer_id.trim().to_owned(), r.email.trim().to_lowercase());
        if customer.is_empty() && email.is_empty() {
            return Err(Status::invalid_argument("customer_id or email is required").into());
        }
        // Written first in the transaction (see reply_to_review).
        let mut tx = self.pool.begin().await?;
        let mut listings: Vec<String> = sqlx::query_scalar(
            "DELETE FROM reviews WHERE customer_id = $1 OR ($2 <> '' AND lower(reviewer_email) = $2) \
             RETURNING listing_id",
        )
        .bind(customer.clone())
        .bind(email.clone())
        .fetch_all(&mut *tx)
        .await?;
        let gone = listings.len();
        listings.sort_unstable();
        listings.dedup();
        sqlx::query("DELETE FROM review_invites WHERE customer_id = $1 OR ($2 <> '' AND lower(customer_email) = $2)")
            .bind(customer.clone())
            .bind(email)
            .execute(&mut *tx)
            .await?;
        if !customer.is_empty() {
            sqlx::query("DELETE FROM favourites WHERE user_id = $1").bind(customer).execute(&mut *tx).await?;
        }
        for listing in &listings {
            recount(&mut tx, listing).await?;
        }
        tx.commit().await?;
        if gone > 0 {
            self.changed().await;
        }
        Ok(gone as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reviewers_are_shown_by_first_name_and_last_initial() {
        assert_eq!(public_name("Wanjiru Kamau"), "Wanjiru K.");
        assert_eq!(public_name("  akinyi  otieno odhiambo "), "akinyi O.");
        assert_eq!(public_name("Baraka"), "Baraka");
        assert_eq!(public_name(""), "Customer");
    }
}
