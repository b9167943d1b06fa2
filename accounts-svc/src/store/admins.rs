//! The operators: an admin is a user with a row in `admins`, which holds their second factor's
//! secret and the last 30-second step a code was taken for.

use sqlx::{AnyConnection, AnyPool};

use crate::error::{Error, Result};

/// How many admins there are.
pub async fn count(pool: &AnyPool) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM admins").fetch_one(pool).await?)
}

/// Creates an admin's account (no phone, no subscription) with its TOTP secret. An address that has
/// an account already is `EmailTaken`.
pub async fn create(
    conn: &mut AnyConnection,
    id: &str,
    email: &str,
    name: &str,
    password_hash: &str,
    totp_secret: &str,
    now: i64,
) -> Result<()> {
    let inserted = sqlx::query(
        "INSERT INTO users (id, user_name, email, email_key, phone_number, account_type, password_hash, created_at, \
         updated_at) VALUES ($1, $2, $3, $4, '', 'buyer', $5, $6, $6)",
    )
    .bind(id.to_owned())
    .bind(name.to_owned())
    .bind(email.to_owned())
    .bind(email.to_lowercase())
    .bind(password_hash.to_owned())
    .bind(now)
    .execute(&mut *conn)
    .await;
    match inserted {
        Err(e) if mtaani_runtime::db::is_unique_violation(&e) => return Err(Error::EmailTaken),
        other => other?,
    };
    sqlx::query("INSERT INTO admins (user_id, totp_secret, created_at) VALUES ($1, $2, $3)")
        .bind(id.to_owned())
        .bind(totp_secret.to_owned())
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// The admin's TOTP secret (base32); an error when `user_id` is no admin.
pub async fn totp_secret(pool: &AnyPool, user_id: &str) -> Result<String> {
    Ok(sqlx::query_scalar("SELECT totp_secret FROM admins WHERE user_id = $1")
        .bind(user_id.to_owned())
        .fetch_one(pool)
        .await?)
}

/// Takes `step` for the admin's sign-in: false when it, or a later one, was taken already, so a
/// code works once.
pub async fn take_totp_step(pool: &AnyPool, user_id: &str, step: i64) -> Result<bool> {
    let taken = sqlx::query("UPDATE admins SET totp_last_step = $2 WHERE user_id = $1 AND totp_last_step < $2")
        .bind(user_id.to_owned())
        .bind(step)
        .execute(pool)
        .await?;
    Ok(taken.rows_affected() == 1)
}

/// Gives the admin a new TOTP secret; any step may be taken again.
pub async fn reset_totp(conn: &mut AnyConnection, user_id: &str, totp_secret: &str) -> Result<()> {
    sqlx::query("UPDATE admins SET totp_secret = $2, totp_last_step = 0 WHERE user_id = $1")
        .bind(user_id.to_owned())
        .bind(totp_secret.to_owned())
        .execute(conn)
        .await?;
    Ok(())
}
