//! Seller payments by M-Pesa: each moves out of `pending` once, by a conditional update, and a
//! receipt credits one payment only (a unique column).

use sqlx::{AnyConnection, AnyPool, AssertSqlSafe, Row, any::AnyRow};

use crate::error::{Error, Result};

#[derive(Debug, Clone)]
pub struct PaymentRow {
    pub id: String,
    pub user_id: String,
    pub purpose: String,
    pub package_id: String,
    pub amount: i64,
    pub phone_number: String,
    pub status: String,
    pub provider: String,
    pub checkout_request_id: Option<String>,
    pub result_code: Option<i64>,
    pub message: String,
    pub mpesa_receipt: Option<String>,
    pub created_at: i64,
    pub completed_at: Option<i64>,
}

const COLUMNS: &str = "id, user_id, purpose, package_id, amount, phone_number, status, provider, checkout_request_id, \
                       result_code, message, mpesa_receipt, created_at, completed_at";

fn payment(r: &AnyRow) -> Result<PaymentRow, sqlx::Error> {
    Ok(PaymentRow {
        id: r.try_get("id")?,
        user_id: r.try_get("user_id")?,
        purpose: r.try_get("purpose")?,
        package_id: r.try_get("package_id")?,
        amount: r.try_get("amount")?,
        phone_number: r.try_get("phone_number")?,
        status: r.try_get("status")?,
        provider: r.try_get("provider")?,
        checkout_request_id: r.try_get("checkout_request_id")?,
        result_code: r.try_get("result_code")?,
        message: r.try_get("message")?,
        mpesa_receipt: r.try_get("mpesa_receipt")?,
        created_at: r.try_get("created_at")?,
        completed_at: r.try_get("completed_at")?,
    })
}

/// The payment whose `column` (a unique one, named here only) is `value`.
async fn one(pool: &AnyPool, column: &str, value: &str) -> Result<Option<PaymentRow>> {
    let sql = format!("SELECT {COLUMNS} FROM payments WHERE {column} = $1");
    let row = sqlx::query(AssertSqlSafe(sql)).bind(value.to_owned()).fetch_optional(pool).await?;
    Ok(row.as_ref().map(payment).transpose()?)
}

pub async fn by_id(pool: &AnyPool, id: &str) -> Result<Option<PaymentRow>> {
    one(pool, "id", id).await
}

/// The payment started with this (user-scoped) idempotency key.
pub async fn by_idempotency_key(pool: &AnyPool, key: &str) -> Result<Option<PaymentRow>> {
    one(pool, "idempotency_key", key).await
}

/// The payment of Daraja's push `checkout_request_id`.
pub async fn by_checkout(pool: &AnyPool, checkout_request_id: &str) -> Result<Option<PaymentRow>> {
    one(pool, "checkout_request_id", checkout_request_id).await
}

/// A user's payments, the latest first (at most 200).
pub async fn of_user(pool: &AnyPool, user_id: &str) -> Result<Vec<PaymentRow>> {
    let sql = format!("SELECT {COLUMNS} FROM payments WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200");
    let rows = sqlx::query(AssertSqlSafe(sql)).bind(user_id.to_owned()).fetch_all(pool).await?;
    Ok(rows.iter().map(payment).collect::<Result<_, _>>()?)
}

/// The user's latest payment still pending that was started after `since`.
pub async fn pending_since(pool: &AnyPool, user_id: &str, since: i64) -> Result<Option<PaymentRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM payments WHERE user_id = $1 AND status = 'pending' AND created_at > $2 \
         ORDER BY created_at DESC LIMIT 1"
    );
    let row = sqlx::query(AssertSqlSafe(sql)).bind(user_id.to_owned()).bind(since).fetch_optional(pool).await?;
    Ok(row.as_ref().map(payment).transpose()?)
}

/// A payment about to be asked for.
#[derive(Debug)]
pub struct NewPayment<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    pub purpose: &'a str,
    pub package_id: &'a str,
    pub amount: i64,
    pub phone_number: &'a str,
    /// "daraja" or "simulated".
    pub provider: &'a str,
    pub idempotency_key: Option<&'a str>,
    pub now: i64,
}

/// Stores a pending payment. A key used before fails as a unique violation
/// ([`Error::is_unique_violation`]).
pub async fn create(pool: &AnyPool, p: &NewPayment<'_>) -> Result<()> {
    sqlx::query(
        "INSERT INTO payments (id, user_id, purpose, package_id, amount, phone_number, status, provider, \
         idempotency_key, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9)",
    )
    .bind(p.id.to_owned())
    .bind(p.user_id.to_owned())
    .bind(p.purpose.to_owned())
    .bind(p.package_id.to_owned())
    .bind(p.amount)
    .bind(p.phone_number.to_owned())
    .bind(p.provider.to_owned())
    .bind(p.idempotency_key.map(str::to_owned))
    .bind(p.now)
    .execute(pool)
    .await?;
    Ok(())
}

/// Records the push Daraja accepted for a payment, and when to ask about it if no callback comes.
pub async fn record_push(pool: &AnyPool, id: &str, merchant: &str, checkout: &str, query_at: i64) -> Result<()> {
    sqlx::query(
        "UPDATE payments SET merchant_request_id = $2, checkout_request_id = $3, next_query_at = $4 WHERE id = $1",
    )
    .bind(id.to_owned())
    .bind(merchant.to_owned())
    .bind(checkout.to_owned())
    .bind(query_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// Marks a pending payment failed with `message`; false when it was no longer pending.
pub async fn mark_failed(pool: &AnyPool, id: &str, code: Option<i64>, message: &str, now: i64) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE payments SET status = 'failed', result_code = $2, message = $3, completed_at = $4, \
         next_query_at = NULL WHERE id = $1 AND status = 'pending'",
    )
    .bind(id.to_owned())
    .bind(code)
    .bind(message.to_owned())
    .bind(now)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks a pending payment paid with its receipt; false when it was no longer pending or the
/// receipt already credited another payment.
pub async fn mark_paid(
    conn: &mut AnyConnection,
    id: &str,
    message: &str,
    receipt: Option<&str>,
    now: i64,
) -> Result<bool> {
    let moved = sqlx::query(
        "UPDATE payments SET status = 'succeeded', result_code = 0, message = $2, mpesa_receipt = $3, \
         completed_at = $4, next_query_at = NULL WHERE id = $1 AND status = 'pending'",
    )
    .bind(id.to_owned())
    .bind(message.to_owned())
    .bind(receipt.map(str::to_owned))
    .bind(now)
    .execute(conn)
    .await;
    match moved {
        Ok(done) => Ok(done.rows_affected() == 1),
        Err(e) if mtaani_runtime::db::is_unique_violation(&e) => Ok(false),
        Err(e) => Err(Error::Db(e)),
    }
}

/// A pending push whose callback has not come by its query time.
#[derive(Debug, Clone)]
pub struct OverduePush {
    pub id: String,
    pub checkout_request_id: String,
    /// STK queries asked so far.
    pub query_attempts: i64,
}

/// Up to 20 pushes due for an STK query at `now`, the longest waiting first.
pub async fn overdue(pool: &AnyPool, now: i64) -> Result<Vec<OverduePush>> {
    let rows = sqlx::query(
        "SELECT id, checkout_request_id, query_attempts FROM payments WHERE status = 'pending' \
         AND next_query_at IS NOT NULL AND next_query_at <= $1 ORDER BY next_query_at LIMIT 20",
    )
    .bind(now)
    .fetch_all(pool)
    .await?;
    let pushes = rows.iter().map(|r| -> Result<_, sqlx::Error> {
        Ok(OverduePush {
            id: r.try_get("id")?,
            checkout_request_id: r.try_get("checkout_request_id")?,
            query_attempts: r.try_get("query_attempts")?,
        })
    });
    Ok(pushes.collect::<Result<_, _>>()?)
}

/// Counts one more STK query for a payment and sets when to ask again.
pub async fn query_again_at(pool: &AnyPool, id: &str, at: i64) -> Result<()> {
    sqlx::query("UPDATE payments SET query_attempts = query_attempts + 1, next_query_at = $2 WHERE id = $1")
        .bind(id.to_owned())
        .bind(at)
        .execute(pool)
        .await?;
    Ok(())
}

/// A simulated push still pending at its query time.
#[derive(Debug, Clone)]
pub struct LostSimulation {
    pub checkout_request_id: String,
    pub amount: i64,
    pub phone_number: String,
}

/// Up to 20 simulated pushes still pending at their query time.
pub async fn lost_simulations(pool: &AnyPool, now: i64) -> Result<Vec<LostSimulation>> {
    let rows = sqlx::query(
        "SELECT checkout_request_id, amount, phone_number FROM payments WHERE status = 'pending' \
         AND provider = 'simulated' AND next_query_at IS NOT NULL AND next_query_at <= $1 LIMIT 20",
    )
    .bind(now)
    .fetch_all(pool)
    .await?;
    let lost = rows.iter().map(|r| -> Result<_, sqlx::Error> {
        Ok(LostSimulation {
            checkout_request_id: r.try_get("checkout_request_id")?,
            amount: r.try_get("amount")?,
            phone_number: r.try_get("phone_number")?,
        })
    });
    Ok(lost.collect::<Result<_, _>>()?)
}

/// What one package brought in.
#[derive(Debug, Clone)]
pub struct PackageTakings {
    pub package_id: String,
    pub amount: i64,
    pub payments: i64,
}

/// The payments that succeeded at `since` or later, summed per package (by package id).
pub async fn takings_since(pool: &AnyPool, since: i64) -> Result<Vec<PackageTakings>> {
    let rows = sqlx::query(
        "SELECT package_id, SUM(amount) AS amount, COUNT(*) AS n FROM payments \
         WHERE status = 'succeeded' AND completed_at >= $1 GROUP BY package_id ORDER BY package_id",
    )
    .bind(since)
    .fetch_all(pool)
    .await?;
    let takings = rows.iter().map(|r| -> Result<_, sqlx::Error> {
        Ok(PackageTakings {
            package_id: r.try_get("package_id")?,
            amount: r.try_get("amount")?,
            payments: r.try_get("n")?,
        })
    });
    Ok(takings.collect::<Result<_, _>>()?)
}

/// How many payments are pending.
pub async fn count_pending(pool: &AnyPool) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE status = 'pending'").fetch_one(pool).await?)
}
