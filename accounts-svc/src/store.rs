//! accounts-svc's queries: users, subscriptions and password resets.

use mtaani_proto::{accounts::v1 as pb, language::Language};
use sqlx::{AnyPool, Row, any::AnyRow};

use crate::{
    error::{Error, Result},
    packages,
    validation::Registration,
};

/// Days a paid month lasts, and the grace after it before listings are hidden.
pub const PERIOD_DAYS: i64 = 30;
pub const GRACE_DAYS: i64 = 3;
pub const DAY: i64 = 86_400;

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

#[derive(Debug, Clone)]
pub struct SubscriptionRow {
    pub id: String,
    pub user_id: String,
    pub package_id: String,
    pub status: String,
    pub paid_until: i64,
    pub pending_package_id: Option<String>,
}

pub fn user(row: &AnyRow) -> Result<UserRow, sqlx::Error> {
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

pub const USER_COLUMNS: &str = "SELECT id, user_name, email, phone_number, account_type, password_hash, created_at, \
     suspended_at, suspended_reason, language, (SELECT COUNT(*) FROM admins a WHERE a.user_id = users.id) AS is_admin FROM users";

pub async fn user_by_email(pool: &AnyPool, email: &str) -> Result<Option<UserRow>> {
    let sql = sqlx::AssertSqlSafe(format!("{USER_COLUMNS} WHERE email_key = $1"));
    let row = sqlx::query(sql).bind(email.trim().to_lowercase()).fetch_optional(pool).await?;
    Ok(row.as_ref().map(user).transpose()?)
}

/// The user a registration with this (e-mail-scoped) idempotency key created.
pub async fn user_by_idempotency_key(pool: &AnyPool, key: &str) -> Result<Option<UserRow>> {
    let sql = sqlx::AssertSqlSafe(format!("{USER_COLUMNS} WHERE idempotency_key = $1"));
    let row = sqlx::query(sql).bind(key.to_owned()).fetch_optional(pool).await?;
    Ok(row.as_ref().map(user).transpose()?)
}

pub async fn user_by_id(pool: &AnyPool, id: &str) -> Result<Option<UserRow>> {
    // A closed account is no one: its old sessions end at the next call.
    let sql = sqlx::AssertSqlSafe(format!("{USER_COLUMNS} WHERE id = $1 AND deleted_at IS NULL"));
    let row = sqlx::query(sql).bind(id.to_owned()).fetch_optional(pool).await?;
    Ok(row.as_ref().map(user).transpose()?)
}

pub async fn subscription(pool: &AnyPool, user_id: &str) -> Result<Option<SubscriptionRow>> {
    let row = sqlx::query(
        "SELECT id, user_id, package_id, status, paid_until, pending_package_id FROM subscriptions WHERE user_id = $1",
    )
    .bind(user_id.to_owned())
    .fetch_optional(pool)
    .await?;
    Ok(row
        .map(|r| -> Result<_, sqlx::Error> {
            Ok(SubscriptionRow {
                id: r.try_get("id")?,
                user_id: r.try_get("user_id")?,
                package_id: r.try_get("package_id")?,
                status: r.try_get("status")?,
                paid_until: r.try_get("paid_until")?,
                pending_package_id: r.try_get("pending_package_id")?,
            })
        })
        .transpose()?)
}

/// Creates the user (and, for a seller, a subscription waiting for its first payment), remembering
/// the registration's idempotency key.
pub async fn create_user(
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

/// The status in force at `now`: a paid month runs out into a grace period, then expiry.
pub fn effective_status(s: &SubscriptionRow, now: i64) -> pb::SubscriptionStatus {
    use pb::SubscriptionStatus as S;
    match s.status.as_str() {
        "pending_payment" => S::PendingPayment,
        "expired" => S::Expired,
        _ if now <= s.paid_until => S::Active,
        _ if now <= s.paid_until + GRACE_DAYS * DAY => S::Grace,
        _ => S::Expired,
    }
}

pub fn subscription_message(s: &SubscriptionRow, now: i64) -> pb::Subscription {
    let package = packages::find(&s.package_id);
    pb::Subscription {
        id: s.id.clone(),
        user_id: s.user_id.clone(),
        package_id: s.package_id.clone(),
        package_name: package.map_or_else(|| s.package_id.clone(), |p| p.name.to_owned()),
        price: package.map_or(0, |p| p.price),
        status: effective_status(s, now) as i32,
        paid_until: s.paid_until,
        pending_package_id: s.pending_package_id.clone(),
        pending_payment: None,
    }
}

pub fn user_message(u: &UserRow, subscription: Option<&SubscriptionRow>) -> pb::User {
    let seller = u.account_type == "seller";
    pb::User {
        id: u.id.clone(),
        user_name: u.user_name.clone(),
        email: u.email.clone(),
        phone_number: u.phone_number.clone(),
        account_type: match u.account_type.as_str() {
            "seller" => pb::AccountType::Seller,
            "admin" => pb::AccountType::Admin,
            _ => pb::AccountType::Buyer,
        } as i32,
        seller_package: subscription.filter(|_| seller).and_then(|s| packages::find(&s.package_id)).map(|p| {
            pb::SellerPackageRef { package_id: p.id.into(), name: p.name.into(), photo_uploads: p.photo_uploads }
        }),
        created_at: u.created_at,
        language: u.language.code().to_owned(),
    }
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

/// Stores a reset token's hash valid for an hour.
pub async fn create_reset(conn: &mut sqlx::AnyConnection, token_hash: &str, user_id: &str, now: i64) -> Result<()> {
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
pub async fn use_reset(pool: &AnyPool, token_hash: &str, password_hash: &str, now: i64) -> Result<bool> {
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
