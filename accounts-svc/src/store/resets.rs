//! Password resets: a link's token kept as its hash, valid for an hour and used once.

use sqlx::{AnyConnection, AnyPool};

use crate::error::Result;

/// Stores a reset token's hash valid for an hour.
pub async fn create(conn: &mut AnyConnection, token_hash: &str, user_id: &str, now: i64) -> Result<()> {
    sqlx::query("INSERT INTO password_resets (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)")
        .bind(token_hash.to_owned())
        .bind(user_id.to_owned())
        .bind(now + 3600)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// Uses a reset token once: sets the new password if the token is known, unused and unexpired.
pub async fn use_token(pool: &AnyPool, token_hash: &str, password_hash: &str, now: i64) -> Result<bool> {
    let mut tx = pool.begin().await?;
    let claimed = sqlx::query(
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(token_hash.to_owned())
    .execute(&mut *tx)
    .await?;
    if claimed.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query(
        "UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = \
         (SELECT user_id FROM password_resets WHERE token_hash = $3)",
    )
    .bind(password_hash.to_owned())
    .bind(now)
    .bind(token_hash.to_owned())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}
