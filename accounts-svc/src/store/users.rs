//! People: their accounts (buyers, sellers and operators), looked up, created, suspended, and the
//! sellers an operator searches.

use mtaani_proto::language::Language;
use mtaani_runtime::audit::{Actor, Event};
use sqlx::{AnyConnection, AnyPool, AssertSqlSafe, Row, any::AnyRow};

use crate::{
    error::{Error, Result},
    validation::Registration,
};

#[derive(Debug, Clone)]
pub struct UserRow {
    pub id: String,
    pub user_name: String,
    pub email: String,
    pub phone_number: String,
    pub account_type: String,
    pub password_hash: String,
    pub created_at: i64,
    pub suspended_at: Option<i64>,
    pub suspended_reason: Option<String>,
    /// What e-mails and SMS to them are written in.
    pub language: Language,
}

fn user(row: &AnyRow) -> Result<UserRow, sqlx::Error> {
    let admin = row.try_get::<i64, _>("is_admin")? > 0;
    Ok(UserRow {
        id: row.try_get("id")?,
        user_name: row.try_get("user_name")?,
        email: row.try_get("email")?,
        phone_number: row.try_get("phone_number")?,
        // An admin's role is their row in `admins` (see migration 0005).
        account_type: if admin { "admin".to_owned() } else { row.try_get("account_type")? },
        password_hash: row.try_get("password_hash")?,
        created_at: row.try_get("created_at")?,
        suspended_at: row.try_get("suspended_at")?,
        suspended_reason: row.try_get("suspended_reason")?,
        language: Language::of(&row.try_get::<String, _>("language")?),
    })
}

const USER_COLUMNS: &str = "SELECT id, user_name, email, phone_number, account_type, password_hash, created_at, \
     suspended_at, suspended_reason, language, (SELECT COUNT(*) FROM admins a WHERE a.user_id = users.id) AS is_admin FROM users";

pub async fn by_email(pool: &AnyPool, email: &str) -> Result<Option<UserRow>> {
    let sql = AssertSqlSafe(format!("{USER_COLUMNS} WHERE email_key = $1"));
    let row = sqlx::query(sql).bind(email.trim().to_lowercase()).fetch_optional(pool).await?;
    Ok(row.as_ref().map(user).transpose()?)
}

/// The user a registration with this (e-mail-scoped) idempotency key created.
pub async fn by_idempotency_key(pool: &AnyPool, key: &str) -> Result<Option<UserRow>> {
    let sql = AssertSqlSafe(format!("{USER_COLUMNS} WHERE idempotency_key = $1"));
    let row = sqlx::query(sql).bind(key.to_owned()).fetch_optional(pool).await?;
    Ok(row.as_ref().map(user).transpose()?)
}

pub async fn by_id(pool: &AnyPool, id: &str) -> Result<Option<UserRow>> {
    // A closed account is no one: its old sessions end at the next call.
    let sql = AssertSqlSafe(format!("{USER_COLUMNS} WHERE id = $1 AND deleted_at IS NULL"));
    let row = sqlx::query(sql).bind(id.to_owned()).fetch_optional(pool).await?;
    Ok(row.as_ref().map(user).transpose()?)
}

/// Creates the user (and, for a seller, a subscription waiting for its first payment), remembering
/// the registration's idempotency key. An address that has an account already is `EmailTaken`.
pub async fn create(
    pool: &AnyPool,
    r: &Registration,
    password_hash: &str,
    package_id: &str,
    idempotency_key: Option<&str>,
    language: Language,
    now: i64,
) -> Result<UserRow> {
    let id = uuid::Uuid::now_v7().to_string();
    let account_type = if r.seller { "seller" } else { "buyer" };
    let mut tx = pool.begin().await?;
    let inserted = sqlx::query(
        "INSERT INTO users (id, user_name, email, email_key, phone_number, account_type, password_hash, created_at, \
         updated_at, idempotency_key, language) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)",
    )
    .bind(id.clone())
    .bind(r.user_name.clone())
    .bind(r.email.clone())
    .bind(r.email.to_lowercase())
    .bind(r.phone_number.clone())
    .bind(account_type)
    .bind(password_hash.to_owned())
    .bind(now)
    .bind(idempotency_key.map(str::to_owned))
    .bind(language.code())
    .execute(&mut *tx)
    .await;
    match inserted {
        Err(e) if mtaani_runtime::db::is_unique_violation(&e) => return Err(Error::EmailTaken),
        other => other?,
    };
    if r.seller {
        sqlx::query(
            "INSERT INTO subscriptions (id, user_id, package_id, status, paid_until, listings_visible, created_at, \
             updated_at) VALUES ($1, $2, $3, 'pending_payment', 0, 0, $4, $4)",
        )
        .bind(uuid::Uuid::now_v7().to_string())
        .bind(id.clone())
        .bind(package_id.to_owned())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        // A new seller is the operators' to know of: in the audit log, as their own event.
        let name = r.user_name.as_str();
        let event =
            Event { seller_id: &id, ..Event::new(Actor::seller(&id, name), "seller.register", ("seller", &id, name)) };
        mtaani_runtime::audit::record(&mut tx, &event, now).await?;
    }
    tx.commit().await?;
    Ok(UserRow {
        id,
        user_name: r.user_name.clone(),
        email: r.email.clone(),
        phone_number: r.phone_number.clone(),
        account_type: account_type.to_owned(),
        password_hash: password_hash.to_owned(),
        created_at: now,
        suspended_at: None,
        suspended_reason: None,
        language,
    })
}

/// Sets the language `user_id` is written to in; false when there is no such (open) account.
pub async fn set_language(pool: &AnyPool, user_id: &str, language: Language, now: i64) -> Result<bool> {
    let done = sqlx::query("UPDATE users SET language = $2, updated_at = $3 WHERE id = $1 AND deleted_at IS NULL")
        .bind(user_id.to_owned())
        .bind(language.code())
        .bind(now)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// How many accounts there are, closed ones included.
pub async fn count(pool: &AnyPool) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(pool).await?)
}

/// A demo seller's account, under the demo marketplace's own id (its subscription is
/// [`super::subscriptions::create_active`]).
pub async fn create_demo_seller(
    conn: &mut AnyConnection,
    id: &str,
    name: &str,
    email: &str,
    phone: &str,
    password_hash: &str,
    now: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO users (id, user_name, email, email_key, phone_number, account_type, password_hash, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'seller', $6, $7, $7)",
    )
    .bind(id.to_owned())
    .bind(name.to_owned())
    .bind(email.to_owned())
    .bind(email.to_lowercase())
    .bind(phone.to_owned())
    .bind(password_hash.to_owned())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Open sellers' accounts whose name or e-mail key holds `text`, or whose phone number holds
/// `phone`, the newest first, a page of them, and how many match in all. Neither may hold LIKE's
/// wildcards (`%`, `_`, `\`): they are matched as they are.
pub async fn sellers_matching(
    pool: &AnyPool,
    text: &str,
    phone: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<UserRow>, i64)> {
    let cond = "account_type = 'seller' AND deleted_at IS NULL \
                AND (lower(user_name) LIKE $1 OR email_key LIKE $1 OR phone_number LIKE $2)";
    let sql = format!("{USER_COLUMNS} WHERE {cond} ORDER BY created_at DESC, id LIMIT {limit} OFFSET {offset}");
    let rows =
        sqlx::query(AssertSqlSafe(sql)).bind(format!("%{text}%")).bind(format!("%{phone}%")).fetch_all(pool).await?;
    let total: i64 = sqlx::query_scalar(AssertSqlSafe(format!("SELECT COUNT(*) FROM users WHERE {cond}")))
        .bind(format!("%{text}%"))
        .bind(format!("%{phone}%"))
        .fetch_one(pool)
        .await?;
    let sellers = rows.iter().map(user).collect::<Result<_, _>>()?;
    Ok((sellers, total))
}

/// Open sellers' accounts created at `since` or later.
pub async fn sellers_created_since(pool: &AnyPool, since: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM users WHERE account_type = 'seller' AND deleted_at IS NULL AND created_at >= $1",
    )
    .bind(since)
    .fetch_one(pool)
    .await?)
}

/// Suspends an open account with `reason`; false when it was suspended already (or is closed).
pub async fn suspend(conn: &mut AnyConnection, user_id: &str, reason: &str, now: i64) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE users SET suspended_at = $2, suspended_reason = $3, updated_at = $2 \
         WHERE id = $1 AND suspended_at IS NULL AND deleted_at IS NULL",
    )
    .bind(user_id.to_owned())
    .bind(now)
    .bind(reason.to_owned())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Lifts an account's suspension; false when it was not suspended.
pub async fn lift_suspension(conn: &mut AnyConnection, user_id: &str, now: i64) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE users SET suspended_at = NULL, suspended_reason = NULL, updated_at = $2 \
         WHERE id = $1 AND suspended_at IS NOT NULL",
    )
    .bind(user_id.to_owned())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
