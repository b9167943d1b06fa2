//! Closed accounts: the closing itself, and the steps in the other services still to do for each
//! (`account_deletions`, retried until every step is done).

use sqlx::{AnyPool, Row};

use crate::error::Result;

/// Closes an open account in one transaction: the user row kept without name, phone or password and
/// under the address `gone_email` (payments still point at it); the payments keep only what the law
/// requires (receipt, amount, date, package); the subscription and reset links gone; a deletion job
/// recorded with the address it had (`email`) to find what the other services hold. False when the
/// account was closed already.
pub async fn close_account(
    pool: &AnyPool,
    user_id: &str,
    email: &str,
    gone_email: &str,
    seller: bool,
    now: i64,
) -> Result<bool> {
    let mut tx = pool.begin().await?;
    let closed = sqlx::query(
        "UPDATE users SET user_name = 'Deleted account', email = $2, email_key = $2, phone_number = '', \
         password_hash = '', idempotency_key = NULL, suspended_reason = NULL, deleted_at = $3, updated_at = $3 \
         WHERE id = $1 AND deleted_at IS NULL",
    )
    .bind(user_id.to_owned())
    .bind(gone_email.to_owned())
    .bind(now)
    .execute(&mut *tx)
    .await?;
    if closed.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query("UPDATE payments SET phone_number = '', message = '' WHERE user_id = $1")
        .bind(user_id.to_owned())
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM subscriptions WHERE user_id = $1").bind(user_id.to_owned()).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM password_resets WHERE user_id = $1").bind(user_id.to_owned()).execute(&mut *tx).await?;
    sqlx::query(
        "INSERT INTO account_deletions (user_id, email, seller, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $4)",
    )
    .bind(user_id.to_owned())
    .bind(email.to_owned())
    .bind(i64::from(seller))
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// A closed account's deletion not finished yet.
#[derive(Debug, Clone)]
pub struct PendingDeletion {
    /// The address the account had.
    pub email: String,
    pub seller: bool,
    /// The steps done so far (bits the use case defines).
    pub steps_done: i64,
}

/// The unfinished deletion of `user_id`, if any.
pub async fn pending(pool: &AnyPool, user_id: &str) -> Result<Option<PendingDeletion>> {
    let row =
        sqlx::query("SELECT email, seller, steps_done FROM account_deletions WHERE user_id = $1 AND done_at IS NULL")
            .bind(user_id.to_owned())
            .fetch_optional(pool)
            .await?;
    let deletion = row.map(|r| -> Result<_, sqlx::Error> {
        Ok(PendingDeletion {
            email: r.try_get("email")?,
            seller: r.try_get::<i64, _>("seller")? != 0,
            steps_done: r.try_get("steps_done")?,
        })
    });
    Ok(deletion.transpose()?)
}

/// Records an attempt: the steps now done, the next try a minute later per attempt made, and, when
/// `finished`, the deletion done and the address it kept forgotten.
pub async fn record_attempt(pool: &AnyPool, user_id: &str, steps_done: i64, finished: bool, now: i64) -> Result<()> {
    sqlx::query(
        "UPDATE account_deletions SET steps_done = $2, attempts = attempts + 1, next_attempt_at = $3 + 60 * (attempts + 1), \
         done_at = CASE WHEN $4 = 1 THEN $3 ELSE NULL END, email = CASE WHEN $4 = 1 THEN '' ELSE email END \
         WHERE user_id = $1",
    )
    .bind(user_id.to_owned())
    .bind(steps_done)
    .bind(now)
    .bind(i64::from(finished))
    .execute(pool)
    .await?;
    Ok(())
}

/// The accounts (at most 50, the longest closed first) whose deletion is due for another try.
pub async fn due(pool: &AnyPool, now: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT user_id FROM account_deletions WHERE done_at IS NULL AND next_attempt_at <= $1 ORDER BY created_at LIMIT 50",
    )
    .bind(now)
    .fetch_all(pool)
    .await?)
}
