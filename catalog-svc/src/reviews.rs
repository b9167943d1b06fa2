//! Verified reviews. A review can only come from a booking that took place: booking-svc
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
    status::Violations,
    text::{Text, said},
};
use mtaani_runtime::{
    audit::{Actor, Event},
    secret,
};

use crate::{
    clock::now,
    error::{Error, Result},
    service::Catalog,
    store::{self, reviews::NewInvite, reviews::NewReview},
};

/// How long an invitation's link works.
pub const INVITE_LIFETIME: i64 = 30 * 86_400;
pub const MAX_TEXT: usize = 1000;

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

/// Text a customer or seller wrote: trimmed, bounded, no NUL.
fn written(v: &mut Violations, field: &str, text: &str, too_long: Text) -> String {
    let t = text.trim();
    v.check(t.chars().count() <= MAX_TEXT, field, too_long);
    v.check(!t.contains('\0'), field, said::unsupported_characters());
    t.to_owned()
}

impl Catalog {
    pub async fn invite_review(&self, r: pb::InviteReviewRequest) -> Result<pb::InviteReviewResponse> {
        if r.booking_id.trim().is_empty() || r.customer_email.trim().is_empty() {
            return Err(Error::InviteIncomplete);
        }
        // Only a listing the public sees is reviewed; a seller booking their own is never asked.
        let Some(listing) = store::listings::get(&self.pool, r.listing_id.trim(), false).await? else {
            return Ok(pb::InviteReviewResponse { invited: false });
        };
        if !r.customer_id.is_empty() && r.customer_id == listing.seller_id {
            return Ok(pb::InviteReviewResponse { invited: false });
        }
        let token = secret::new_token();
        let t = now();
        let mut tx = self.pool.begin().await?;
        let invite = NewInvite {
            booking_id: r.booking_id.trim().to_owned(),
            listing_id: listing.id.clone(),
            seller_id: listing.seller_id.clone(),
            customer_id: (!r.customer_id.is_empty()).then(|| r.customer_id.clone()),
            customer_name: r.customer_name.trim().to_owned(),
            customer_email: r.customer_email.trim().to_owned(),
            provider_name: r.provider_name.trim().to_owned(),
            date: r.date.clone(),
            time: r.time.clone(),
            token_hash: secret::digest(&token),
            expires_at: t + INVITE_LIFETIME,
            created_at: t,
        };
        let inserted = store::reviews::insert_invite(&mut tx, invite).await?;
        if inserted != 1 {
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
        let invite = store::reviews::invite_by_token(&self.pool, &secret::digest(token.trim())).await?;
        let Some(invite) = invite else {
            return Err(Error::BadReviewLink);
        };
        if invite.used_at.is_some() {
            return Err(Error::AlreadyReviewed);
        }
        let expires_at = invite.expires_at;
        if expires_at <= now() {
            return Err(Error::BadReviewLink);
        }
        if !invite.listing_visible {
            return Err(Error::ListingNotFound);
        }
        let name = invite.listing_name;
        let provider = invite.provider_name;
        Ok(pb::ReviewInvite {
            listing_id: invite.listing_id,
            provider_name: if provider.is_empty() { name.clone() } else { provider },
            service_name: name,
            date: invite.date,
            time: invite.time,
            customer_name: public_name(&invite.customer_name),
            expires_at,
        })
    }

    pub async fn create_review(&self, r: pb::CreateReviewRequest) -> Result<pb::Review> {
        let mut v = Violations::new();
        v.check((1..=5).contains(&r.rating), "rating", said::choose_rating());
        let text = written(&mut v, "text", &r.text, said::review_too_long());
        v.finish()?;
        let digest = secret::digest(r.token.trim());
        let t = now();
        let mut tx = self.pool.begin().await?;
        // The token is used by this statement or by none: two submissions at once make one review.
        let claimed = store::reviews::claim_invite(&mut tx, &digest, t).await?;
        let Some(invite) = claimed else {
            drop(tx);
            let used = store::reviews::invite_used_at(&self.pool, &digest, t).await?;
            return Err(match used {
                Some(Some(_)) => Error::AlreadyReviewed,
                _ => Error::BadReviewLink,
            });
        };
        let listing_id = invite.listing_id;
        let seller_id = invite.seller_id;
        let customer_id = invite.customer_id;
        if customer_id.as_deref() == Some(seller_id.as_str()) {
            return Err(Error::OwnListingReview);
        }
        // The listing went while the link waited: nothing to review (the token stays unused).
        if store::listings::get(&self.pool, &listing_id, false).await?.is_none() {
            return Err(Error::ListingNotFound);
        }
        let id = uuid::Uuid::now_v7().to_string();
        let review = NewReview {
            id: id.clone(),
            booking_id: invite.booking_id,
            listing_id: listing_id.clone(),
            seller_id,
            customer_id,
            reviewer_name: public_name(&invite.customer_name),
            reviewer_email: invite.customer_email,
            rating: i64::from(r.rating),
            text,
            created_at: t,
            reply: None,
            replied_at: None,
        };
        store::reviews::insert_review(&mut tx, review).await?;
        store::reviews::recount(&mut tx, &listing_id).await?;
        let created = store::reviews::review_by_id(&mut tx, &id).await?.ok_or(Error::ReviewNotFound)?;
        tx.commit().await?;
        tracing::info!(review = %id, listing = %listing_id, rating = r.rating, "review written");
        self.changed().await;
        Ok(created)
    }

    /// A visible listing's shown reviews, newest first, with its summary.
    pub async fn list_reviews(&self, r: pb::ListReviewsRequest) -> Result<pb::ListReviewsResponse> {
        let listing =
            store::listings::get(&self.pool, r.listing_id.trim(), false).await?.ok_or(Error::ListingNotFound)?;
        let (limit, offset) = store::listings::page(r.page.as_ref());
        let reviews = store::reviews::shown_for_listing(&self.pool, &listing.id, limit, offset).await?;
        let mut distribution = vec![0_i64; 5];
        for (stars, n) in store::reviews::rating_counts(&self.pool, &listing.id).await? {
            if let Some(slot) = usize::try_from(stars - 1).ok().and_then(|i| distribution.get_mut(i)) {
                *slot = n;
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
            return Err(Error::SellerIdRequired);
        }
        let (limit, offset) = store::listings::page(r.page.as_ref());
        let reviews = store::reviews::shown_for_seller(&self.pool, &seller, limit, offset).await?;
        let total = store::reviews::count_shown_for_seller(&self.pool, &seller).await?;
        Ok(pb::ListReviewsResponse { reviews, total, summary: None })
    }

    /// The seller's one reply to a review of their listing; the reviewer is e-mailed.
    pub async fn reply_to_review(&self, r: pb::ReplyToReviewRequest) -> Result<pb::Review> {
        let mut v = Violations::new();
        let text = written(&mut v, "text", &r.text, said::review_reply_too_long());
        v.check(!text.is_empty(), "text", said::review_reply_required());
        v.finish()?;
        let id = r.review_id.trim().to_owned();
        let t = now();
        let owner = store::reviews::shown_owner(&self.pool, &id).await?;
        let Some((seller, email)) = owner else { return Err(Error::ReviewNotFound) };
        if seller != r.seller_id {
            return Err(Error::NotOwnReview);
        }
        // The transaction writes first: on SQLite a transaction that read before writing cannot write
        // once another connection (the outbox's sender) has (SQLITE_BUSY_SNAPSHOT).
        let mut tx = self.pool.begin().await?;
        let done = store::reviews::set_reply(&mut tx, &id, &text, t, &seller).await?;
        if done != 1 {
            return Err(Error::AlreadyReplied);
        }
        let replied = store::reviews::review_by_id(&mut tx, &id).await?.ok_or(Error::ReviewNotFound)?;
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
        let shown = store::reviews::public_review_id(&self.pool, &id).await?;
        let id = shown.ok_or(Error::ReviewNotFound)?;
        let listing = self.listing_of_review(&id).await?.ok_or(Error::ReviewNotFound)?;
        crate::reports::store_report(&self.pool, "review", &id, &listing, r.reason.trim(), r.details.trim()).await
    }

    /// The listing a review is of, hidden or not (None: no such review).
    async fn listing_of_review(&self, review_id: &str) -> Result<Option<pb::Listing>> {
        let review = store::reviews::review_by_id(&mut *self.pool.acquire().await?, review_id).await?;
        match review {
            Some(review) => store::listings::get(&self.pool, &review.listing_id, true).await,
            None => Ok(None),
        }
    }

    /// An operator takes a review down: out of the listing's page and rating at once, its open reports
    /// closed, the action logged. Once: a second hide is refused.
    pub async fn hide_review(&self, r: pb::ModerateReviewRequest) -> Result<pb::Review> {
        let why = mtaani_runtime::audit::reason(&r.reason)?;
        self.set_review_hidden(r, true, &why).await
    }

    pub async fn restore_review(&self, r: pb::ModerateReviewRequest) -> Result<pb::Review> {
        let why = if r.reason.trim().is_empty() { String::new() } else { mtaani_runtime::audit::reason(&r.reason)? };
        self.set_review_hidden(r, false, &why).await
    }

    async fn set_review_hidden(&self, r: pb::ModerateReviewRequest, hide: bool, why: &str) -> Result<pb::Review> {
        let id = r.id.trim().to_owned();
        // What the log names: the listing the review is on.
        let about = self.listing_of_review(&id).await?.unwrap_or_default();
        let t = now();
        // Written first in the transaction (see reply_to_review).
        let mut tx = self.pool.begin().await?;
        let changed = store::reviews::set_hidden(&mut tx, &id, hide).await?;
        let Some(listing) = changed else {
            drop(tx);
            let exists = store::reviews::exists(&self.pool, &id).await?;
            return Err(match (exists, hide) {
                (false, _) => Error::ReviewNotFound,
                (true, true) => Error::ReviewAlreadyHidden,
                (true, false) => Error::ReviewNotHidden,
            });
        };
        if hide {
            store::moderation::close_reports_by_hiding(&mut tx, "review", &id, t, why).await?;
        }
        store::reviews::recount(&mut tx, &listing).await?;
        let action = if hide { "review.hide" } else { "review.restore" };
        let event = Event {
            seller_id: &about.seller_id,
            listing_id: &listing,
            reason: why,
            ..Event::new(Actor::admin(&r.admin_id, &r.admin_name), action, ("review", &id, &about.name))
        };
        mtaani_runtime::audit::record(&mut tx, &event, t).await?;
        let review = store::reviews::review_by_id(&mut tx, &id).await?.ok_or(Error::ReviewNotFound)?;
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
            return Err(Error::ReviewerRequired);
        }
        // Written first in the transaction (see reply_to_review).
        let mut tx = self.pool.begin().await?;
        let mut listings = store::reviews::delete_by_reviewer(&mut tx, &customer, &email).await?;
        let gone = listings.len();
        listings.sort_unstable();
        listings.dedup();
        store::reviews::delete_invites_of(&mut tx, &customer, &email).await?;
        if !customer.is_empty() {
            store::favourites::delete_of_user(&mut tx, &customer).await?;
        }
        for listing in &listings {
            store::reviews::recount(&mut tx, listing).await?;
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
