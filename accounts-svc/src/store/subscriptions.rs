//! Sellers' subscriptions: the package, the month paid, a package change waiting for the renewal,
//! and what the background checks remember (the reminder sent, whether the listings show).

use sqlx::{AnyConnection, AnyPool, Row, any::AnyRow};

use crate::error::Result;

#[derive(Debug, Clone)]
pub struct SubscriptionRow {
    pub id: String,
    pub user_id: String,
    pub package_id: String,
    pub status: String,
    pub paid_until: i64,
    pub pending_package_id: Option<String>,
}

fn subscription(r: &AnyRow) -> Result<SubscriptionRow, sqlx::Error> {
    Ok(SubscriptionRow {
        id: r.try_get("id")?,
        user_id: r.try_get("user_id")?,
        package_id: r.try_get("package_id")?,
        status: r.try_get("status")?,
        paid_until: r.try_get("paid_until")?,
        pending_package_id: r.try_get("pending_package_id")?,
    })
}

pub async fn of_user(pool: &AnyPool, user_id: &str) -> Result<Option<SubscriptionRow>> {
    let row = sqlx::query(
        "SELECT id, user_id, package_id, status, paid_until, pending_package_id FROM subscriptions WHERE user_id = $1",
    )
    .bind(user_id.to_owned())
    .fetch_optional(pool)
    .await?;
    Ok(row.as_ref().map(subscription).transpose()?)
}

/// A demo seller's subscription, paid until `paid_until`.
pub async fn create_active(
    conn: &mut AnyConnection,
    user_id: &str,
    package_id: &str,
    paid_until: i64,
    now: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO subscriptions (id, user_id, package_id, status, paid_until, created_at, updated_at) \
         VALUES ($1, $2, $3, 'active', $4, $5, $5)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(user_id.to_owned())
    .bind(package_id.to_owned())
    .bind(paid_until)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// The package the next renewal switches to; None keeps the current one.
pub async fn set_pending_package(pool: &AnyPool, id: &str, pending: Option<&str>, now: i64) -> Result<()> {
    sqlx::query("UPDATE subscriptions SET pending_package_id = $2, updated_at = $3 WHERE id = $1")
        .bind(id.to_owned())
        .bind(pending.map(str::to_owned))
        .bind(now)
        .execute(pool)
        .await?;
    Ok(())
}

/// Credits a paid month for `purpose` ("registration", "renewal" or "upgrade") of `package_id`,
/// `period` seconds long, and makes the subscription active.
///
/// The month is added to the row as it stands in this transaction, so two credits for one seller
/// can never both extend from the same old date. A first payment runs from today; a renewal or an
/// upgrade from today or from the end already paid, whichever is later. An upgrade switches the
/// package now; a renewal brings in the package it paid for (a scheduled downgrade's) and clears the
/// schedule.
pub async fn credit(
    conn: &mut AnyConnection,
    user_id: &str,
    purpose: &str,
    package_id: &str,
    period: i64,
    now: i64,
) -> Result<()> {
    sqlx::query(
        "UPDATE subscriptions SET status = 'active', \
         package_id = CASE WHEN $2 = 'registration' THEN package_id ELSE $3 END, \
         paid_until = CASE WHEN $2 <> 'registration' AND paid_until > $4 THEN paid_until ELSE $4 END + $5, \
         pending_package_id = CASE WHEN $2 = 'renewal' THEN NULL ELSE pending_package_id END, \
         updated_at = $4 WHERE user_id = $1",
    )
    .bind(user_id.to_owned())
    .bind(purpose.to_owned())
    .bind(package_id.to_owned())
    .bind(now)
    .bind(period)
    .execute(conn)
    .await?;
    Ok(())
}

/// A subscription of an open account, as the background checks read it.
#[derive(Debug, Clone)]
pub struct CheckedSubscription {
    pub subscription: SubscriptionRow,
    /// The `paid_until` a renewal reminder went out for.
    pub reminded_for: i64,
    /// What catalog-svc was last told.
    pub listings_visible: bool,
    pub user_name: String,
    pub email: String,
    pub suspended: bool,
    /// The language code the seller is written to in, as stored.
    pub language: String,
}

/// Every subscription of an open account, with what the checks need of its seller.
pub async fn all_to_check(pool: &AnyPool) -> Result<Vec<CheckedSubscription>> {
    let rows = sqlx::query(
        "SELECT s.id, s.user_id, s.package_id, s.status, s.paid_until, s.pending_package_id, s.reminded_for, \
         s.listings_visible, u.user_name, u.email, u.suspended_at, u.language \
         FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.deleted_at IS NULL",
    )
    .fetch_all(pool)
    .await?;
    let checked = rows.iter().map(|r| -> Result<_, sqlx::Error> {
        Ok(CheckedSubscription {
            subscription: subscription(r)?,
            reminded_for: r.try_get("reminded_for")?,
            listings_visible: r.try_get::<i64, _>("listings_visible")? != 0,
            user_name: r.try_get("user_name")?,
            email: r.try_get("email")?,
            suspended: r.try_get::<Option<i64>, _>("suspended_at")?.is_some(),
            language: r.try_get("language")?,
        })
    });
    Ok(checked.collect::<Result<_, _>>()?)
}

/// Remembers that the reminder for the month paid until `paid_until` went out.
pub async fn mark_reminded(conn: &mut AnyConnection, id: &str, paid_until: i64) -> Result<()> {
    sqlx::query("UPDATE subscriptions SET reminded_for = $2 WHERE id = $1")
        .bind(id.to_owned())
        .bind(paid_until)
        .execute(conn)
        .await?;
    Ok(())
}

/// Remembers whether catalog-svc was told to show the seller's listings.
pub async fn set_listings_visible(pool: &AnyPool, id: &str, visible: bool) -> Result<()> {
    sqlx::query("UPDATE subscriptions SET listings_visible = $2 WHERE id = $1")
        .bind(id.to_owned())
        .bind(i64::from(visible))
        .execute(pool)
        .await?;
    Ok(())
}
