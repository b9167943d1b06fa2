//! The reviews, their invitations and the ratings they make (reviews.rs says how once-ness is kept).

use mtaani_proto::catalog::v1 as pb;
use sqlx::{AnyConnection, AnyPool, AssertSqlSafe, Row, any::AnyRow};

use crate::error::Result;

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

/// An invitation to review a booking, as stored (`review_invites`).
#[derive(Debug, Clone)]
pub struct NewInvite {
    pub booking_id: String,
    pub listing_id: String,
    pub seller_id: String,
    /// None for a customer without an account.
    pub customer_id: Option<String>,
    pub customer_name: String,
    pub customer_email: String,
    pub provider_name: String,
    pub date: String,
    pub time: String,
    /// The digest of the link's token (the token itself is never stored).
    pub token_hash: String,
    pub expires_at: i64,
    pub created_at: i64,
}

/// Stores an invitation unless its booking has one already; answers the rows written (1 or 0).
pub async fn insert_invite(conn: &mut AnyConnection, invite: NewInvite) -> Result<u64> {
    let inserted = sqlx::query(
        "INSERT INTO review_invites (booking_id, listing_id, seller_id, customer_id, customer_name, \
         customer_email, provider_name, date, time, token_hash, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (booking_id) DO NOTHING",
    )
    .bind(invite.booking_id)
    .bind(invite.listing_id)
    .bind(invite.seller_id)
    .bind(invite.customer_id)
    .bind(invite.customer_name)
    .bind(invite.customer_email)
    .bind(invite.provider_name)
    .bind(invite.date)
    .bind(invite.time)
    .bind(invite.token_hash)
    .bind(invite.expires_at)
    .bind(invite.created_at)
    .execute(&mut *conn)
    .await?;
    Ok(inserted.rows_affected())
}

/// An invitation as its link's page shows it, with its listing's name and visibility.
#[derive(Debug, Clone)]
pub struct InviteView {
    pub listing_id: String,
    pub provider_name: String,
    pub date: String,
    pub time: String,
    /// The customer's full name, as they gave it.
    pub customer_name: String,
    pub expires_at: i64,
    pub used_at: Option<i64>,
    pub listing_name: String,
    pub listing_visible: bool,
}

/// The invitation whose token has the digest `token_hash`, used or expired or not.
pub async fn invite_by_token(pool: &AnyPool, token_hash: &str) -> Result<Option<InviteView>> {
    let row = sqlx::query(
        "SELECT i.listing_id, i.provider_name, i.date, i.time, i.customer_name, i.expires_at, i.used_at, \
         l.name, l.visible FROM review_invites i JOIN listings l ON l.id = i.listing_id WHERE i.token_hash = $1",
    )
    .bind(token_hash.to_owned())
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(InviteView {
        used_at: row.try_get("used_at")?,
        expires_at: row.try_get("expires_at")?,
        listing_visible: row.try_get::<i64, _>("visible")? != 0,
        listing_name: row.try_get("name")?,
        provider_name: row.try_get("provider_name")?,
        listing_id: row.try_get("listing_id")?,
        date: row.try_get("date")?,
        time: row.try_get("time")?,
        customer_name: row.try_get("customer_name")?,
    }))
}

/// An invitation just used, what its review is written from.
#[derive(Debug, Clone)]
pub struct ClaimedInvite {
    pub booking_id: String,
    pub listing_id: String,
    pub seller_id: String,
    pub customer_id: Option<String>,
    /// The customer's full name, as they gave it.
    pub customer_name: String,
    pub customer_email: String,
}

/// Marks the invitation of `token_hash` used at `t` if it is neither used nor expired, in one
/// conditional update; answers it when this call used it.
pub async fn claim_invite(conn: &mut AnyConnection, token_hash: &str, t: i64) -> Result<Option<ClaimedInvite>> {
    let claimed = sqlx::query(
        "UPDATE review_invites SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 \
         RETURNING booking_id, listing_id, seller_id, customer_id, customer_name, customer_email",
    )
    .bind(token_hash.to_owned())
    .bind(t)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = claimed else { return Ok(None) };
    Ok(Some(ClaimedInvite {
        listing_id: row.try_get("listing_id")?,
        seller_id: row.try_get("seller_id")?,
        customer_id: row.try_get("customer_id")?,
        booking_id: row.try_get("booking_id")?,
        customer_name: row.try_get("customer_name")?,
        customer_email: row.try_get("customer_email")?,
    }))
}

/// When the unexpired invitation of `token_hash` was used: `None` when there is no such
/// invitation (unknown or expired at `t`), `Some(None)` when it is still unused.
pub async fn invite_used_at(pool: &AnyPool, token_hash: &str, t: i64) -> Result<Option<Option<i64>>> {
    Ok(sqlx::query_scalar("SELECT used_at FROM review_invites WHERE token_hash = $1 AND expires_at > $2")
        .bind(token_hash.to_owned())
        .bind(t)
        .fetch_optional(pool)
        .await?)
}

/// A review as stored (`reviews`), shown until an operator hides it.
#[derive(Debug, Clone)]
pub struct NewReview {
    pub id: String,
    pub booking_id: String,
    pub listing_id: String,
    pub seller_id: String,
    pub customer_id: Option<String>,
    /// As the public sees it (reviews::public_name).
    pub reviewer_name: String,
    pub reviewer_email: String,
    pub rating: i64,
    pub text: String,
    pub created_at: i64,
    /// The seller's reply and when it came (the demo marketplace's reviews come with theirs).
    pub reply: Option<String>,
    pub replied_at: Option<i64>,
}

/// Stores a review (one per booking: a second fails on the unique key).
pub async fn insert_review(conn: &mut AnyConnection, r: NewReview) -> Result<()> {
    sqlx::query(
        "INSERT INTO reviews (id, booking_id, listing_id, seller_id, customer_id, reviewer_name, reviewer_email, \
         rating, text, created_at, reply, replied_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(r.id)
    .bind(r.booking_id)
    .bind(r.listing_id)
    .bind(r.seller_id)
    .bind(r.customer_id)
    .bind(r.reviewer_name)
    .bind(r.reviewer_email)
    .bind(r.rating)
    .bind(r.text)
    .bind(r.created_at)
    .bind(r.reply)
    .bind(r.replied_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A page of a listing's shown reviews, newest first.
pub async fn shown_for_listing(pool: &AnyPool, listing_id: &str, limit: i64, offset: i64) -> Result<Vec<pb::Review>> {
    let sql = format!(
        "SELECT {REVIEW_COLUMNS} FROM reviews r JOIN listings l ON l.id = r.listing_id \
         WHERE r.listing_id = $1 AND r.hidden = 0 ORDER BY r.created_at DESC, r.id DESC LIMIT {limit} OFFSET {offset}"
    );
    let rows = sqlx::query(AssertSqlSafe(sql)).bind(listing_id.to_owned()).fetch_all(pool).await?;
    Ok(rows.iter().map(review).collect::<std::result::Result<Vec<_>, _>>()?)
}

/// How many shown reviews a listing has of each rating: `(stars, count)`, ratings without any left out.
pub async fn rating_counts(pool: &AnyPool, listing_id: &str) -> Result<Vec<(i64, i64)>> {
    let rows =
        sqlx::query("SELECT rating, COUNT(*) AS n FROM reviews WHERE listing_id = $1 AND hidden = 0 GROUP BY rating")
            .bind(listing_id.to_owned())
            .fetch_all(pool)
            .await?;
    let mut counts = Vec::with_capacity(rows.len());
    for row in rows {
        counts.push((row.try_get("rating")?, row.try_get("n")?));
    }
    Ok(counts)
}

/// A page of the shown reviews of a seller's listings (hidden listings' too), newest first.
pub async fn shown_for_seller(pool: &AnyPool, seller_id: &str, limit: i64, offset: i64) -> Result<Vec<pb::Review>> {
    let sql = format!(
        "SELECT {REVIEW_COLUMNS} FROM reviews r JOIN listings l ON l.id = r.listing_id \
         WHERE r.seller_id = $1 AND r.hidden = 0 ORDER BY r.created_at DESC, r.id DESC LIMIT {limit} OFFSET {offset}"
    );
    let rows = sqlx::query(AssertSqlSafe(sql)).bind(seller_id.to_owned()).fetch_all(pool).await?;
    Ok(rows.iter().map(review).collect::<std::result::Result<Vec<_>, _>>()?)
}

/// How many shown reviews a seller's listings have.
pub async fn count_shown_for_seller(pool: &AnyPool, seller_id: &str) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM reviews WHERE seller_id = $1 AND hidden = 0")
        .bind(seller_id.to_owned())
        .fetch_one(pool)
        .await?)
}

/// A shown review's seller and reviewer's e-mail address.
pub async fn shown_owner(pool: &AnyPool, id: &str) -> Result<Option<(String, String)>> {
    Ok(sqlx::query_as("SELECT seller_id, reviewer_email FROM reviews WHERE id = $1 AND hidden = 0")
        .bind(id.to_owned())
        .fetch_optional(pool)
        .await?)
}

/// Sets a review's reply if it is `seller_id`'s and has none yet; answers the rows changed (1 or 0).
pub async fn set_reply(conn: &mut AnyConnection, id: &str, text: &str, t: i64, seller_id: &str) -> Result<u64> {
    let done = sqlx::query(
        "UPDATE reviews SET reply = $2, replied_at = $3 WHERE id = $1 AND seller_id = $4 AND reply IS NULL",
    )
    .bind(id.to_owned())
    .bind(text.to_owned())
    .bind(t)
    .bind(seller_id.to_owned())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected())
}

/// The id of a review the public sees (shown, of a visible listing).
pub async fn public_review_id(pool: &AnyPool, id: &str) -> Result<Option<String>> {
    Ok(sqlx::query_scalar(
        "SELECT r.id FROM reviews r JOIN listings l ON l.id = r.listing_id \
         WHERE r.id = $1 AND r.hidden = 0 AND l.visible = 1",
    )
    .bind(id.to_owned())
    .fetch_optional(pool)
    .await?)
}

/// Hides (or shows again) a review that is not already so; answers its listing's id when it changed.
pub async fn set_hidden(conn: &mut AnyConnection, id: &str, hide: bool) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("UPDATE reviews SET hidden = $2 WHERE id = $1 AND hidden = $3 RETURNING listing_id")
        .bind(id.to_owned())
        .bind(i64::from(hide))
        .bind(i64::from(!hide))
        .fetch_optional(&mut *conn)
        .await?)
}

/// Whether a review with this id exists, hidden or not.
pub async fn exists(pool: &AnyPool, id: &str) -> Result<bool> {
    let found: Option<String> =
        sqlx::query_scalar("SELECT id FROM reviews WHERE id = $1").bind(id.to_owned()).fetch_optional(pool).await?;
    Ok(found.is_some())
}

/// Deletes the reviews of a customer, by account id or by e-mail address (`email` lowercase, empty
/// for none); answers the listing id of each review deleted (one per review, repeated).
pub async fn delete_by_reviewer(conn: &mut AnyConnection, customer_id: &str, email: &str) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "DELETE FROM reviews WHERE customer_id = $1 OR ($2 <> '' AND lower(reviewer_email) = $2) \
         RETURNING listing_id",
    )
    .bind(customer_id.to_owned())
    .bind(email.to_owned())
    .fetch_all(&mut *conn)
    .await?)
}

/// Deletes the invitations of a customer, by account id or by e-mail address (as `delete_by_reviewer`).
pub async fn delete_invites_of(conn: &mut AnyConnection, customer_id: &str, email: &str) -> Result<()> {
    sqlx::query("DELETE FROM review_invites WHERE customer_id = $1 OR ($2 <> '' AND lower(customer_email) = $2)")
        .bind(customer_id.to_owned())
        .bind(email.to_owned())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Deletes the invitations whose link expired before `before`; answers how many.
pub async fn delete_invites_expired_before(pool: &AnyPool, before: i64) -> std::result::Result<u64, sqlx::Error> {
    let invites = sqlx::query("DELETE FROM review_invites WHERE expires_at < $1").bind(before).execute(pool).await?;
    Ok(invites.rows_affected())
}
