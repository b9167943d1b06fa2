//! Seller payments by M-Pesa: a pending payment is stored, an STK push asks the seller's phone for
//! the PIN, and the result (the public callback, or the STK query when no callback came within a
//! minute) is applied exactly once: a conditional update moves a payment out of `pending` once, and
//! only that move extends the subscription. The embedded run uses a simulated provider that approves
//! after about two seconds and declines numbers ending in 0000.

use std::time::Duration;

use mtaani_proto::{
    accounts::v1 as pb,
    status::{ErrorCode, fixed},
};
use sqlx::{AnyPool, Row, any::AnyRow};
use tonic::{Code, Status};

use crate::{
    mpesa::{self, DarajaError, Outcome, Provider, Push, QueryAnswer},
    packages::{self, Package},
    service::Accounts,
    store::{self, DAY, PERIOD_DAYS},
};

pub const ALREADY_PENDING: &str = mtaani_proto::status::texts::PAYMENT_PENDING;
pub const BAD_PHONE: &str = mtaani_proto::status::texts::BAD_PHONE;
pub const NOT_RETRYABLE: &str = "This payment can no longer be retried.";
pub const LOWER_AT_RENEWAL: &str = "A lower package starts at your next renewal: choose it under Change package.";
const NOT_SENT: &str = "We could not send the payment request to your phone. Check the number and try again.";
const PROVIDER_DOWN: &str = "M-Pesa is not answering right now. Please try again in a few minutes.";
const EXPIRED_PUSH: &str = "The payment request expired before it was answered. Please try again.";
/// A push nobody answers is given up after this many STK queries (about five minutes).
const MAX_QUERIES: i64 = 10;
/// A pending push blocks a new one for this long (the phone shows one prompt at a time).
const PENDING_WINDOW: i64 = 180;

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

fn row(r: &AnyRow) -> Result<PaymentRow, sqlx::Error> {
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

pub fn message(p: &PaymentRow) -> pb::Payment {
    use pb::PaymentStatus as S;
    let status = match p.status.as_str() {
        "succeeded" => S::Succeeded,
        "failed" => S::Failed,
        _ => S::Pending,
    };
    pb::Payment {
        id: p.id.clone(),
        user_id: p.user_id.clone(),
        package_id: p.package_id.clone(),
        amount: p.amount,
        phone_number: p.phone_number.clone(),
        status: status as i32,
        checkout_request_id: p.checkout_request_id.clone().unwrap_or_default(),
        mpesa_receipt: p.mpesa_receipt.clone().unwrap_or_default(),
        result_code: p.result_code.map_or(-1, |c| c as i32),
        message: p.message.clone(),
        created_at: p.created_at,
        completed_at: p.completed_at.unwrap_or(0),
        simulated: p.provider == "simulated",
        purpose: p.purpose.clone(),
        package_name: packages::find(&p.package_id).map_or_else(|| p.package_id.clone(), |k| k.name.to_owned()),
    }
}

async fn one(pool: &AnyPool, filter: &str, value: &str) -> Result<Option<PaymentRow>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM payments WHERE {filter} = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(value).fetch_optional(pool).await?.as_ref().map(row).transpose()
}

pub async fn by_id(pool: &AnyPool, id: &str) -> Result<Option<PaymentRow>, sqlx::Error> {
    one(pool, "id", id).await
}

pub async fn for_user(pool: &AnyPool, user_id: &str) -> Result<Vec<PaymentRow>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM payments WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_all(pool).await?.iter().map(row).collect()
}

/// The user's payment still waiting for a PIN, if one was started recently.
pub async fn pending_for(pool: &AnyPool, user_id: &str, now: i64) -> Result<Option<PaymentRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM payments WHERE user_id = $1 AND status = 'pending' AND created_at > $2 \
         ORDER BY created_at DESC LIMIT 1"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(now - PENDING_WINDOW)
        .fetch_optional(pool)
        .await?
        .as_ref()
        .map(row)
        .transpose()
}

/// Marks a pending payment failed with `message`; false when it was no longer pending.
async fn fail(pool: &AnyPool, id: &str, code: Option<i64>, message: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE payments SET status = 'failed', result_code = $2, message = $3, completed_at = $4, next_query_at = NULL \
         WHERE id = $1 AND status = 'pending'",
    )
    .bind(id)
    .bind(code)
    .bind(message)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// How a result was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    Credited,
    Failed,
    /// The payment was already settled (a repeated callback) or is not ours.
    Ignored,
}

impl Accounts {
    /// Starts a payment for `user_id`: a registration, a renewal or an upgrade, decided by the
    /// subscription and the package asked for.
    pub async fn start_payment_for(&self, r: &pb::StartPaymentRequest) -> Result<PaymentRow, Status> {
        let now = self.clock.now();
        let user =
            store::user_by_id(&self.pool, &r.user_id).await?.ok_or_else(|| Status::not_found("Unknown account"))?;
        let s = store::subscription(&self.pool, &user.id)
            .await?
            .ok_or_else(|| Status::permission_denied(mtaani_proto::status::texts::ONLY_SELLERS_PAY))?;
        if !r.retry_of.is_empty() {
            let first = by_id(&self.pool, &r.retry_of).await.map_err(db)?;
            let retryable = first.is_some_and(|p| {
                p.user_id == user.id
                    && p.purpose == "registration"
                    && p.status == "failed"
                    && s.status == "pending_payment"
            });
            if !retryable {
                return Err(Status::failed_precondition(NOT_RETRYABLE));
            }
        }
        let current = packages::find(&s.package_id).ok_or_else(|| Status::internal("unknown package"))?;
        // A renewal pays for the package of the coming month: a scheduled downgrade's, if any.
        let renewing = s.pending_package_id.as_deref().and_then(packages::find).unwrap_or(current);
        let (purpose, package) = if s.status == "pending_payment" {
            ("registration", current)
        } else {
            match r.package_id.trim() {
                "" => ("renewal", renewing),
                id => {
                    let asked = packages::find(id)
                        .ok_or_else(|| Status::invalid_argument("Please choose one of the packages"))?;
                    if asked.price > current.price {
                        ("upgrade", asked)
                    } else if asked.id == current.id || Some(asked.id) == s.pending_package_id.as_deref() {
                        ("renewal", renewing)
                    } else {
                        return Err(Status::failed_precondition(LOWER_AT_RENEWAL));
                    }
                }
            }
        };
        let raw_phone = if r.phone_number.trim().is_empty() { &user.phone_number } else { &r.phone_number };
        let Some(msisdn) = mpesa::msisdn(raw_phone) else {
            return Err(mtaani_proto::status::invalid_argument(BAD_PHONE, &[("phoneNumber".into(), BAD_PHONE.into())]));
        };
        let key = (!r.idempotency_key.trim().is_empty()).then(|| format!("{}|{}", user.id, r.idempotency_key.trim()));
        if let Some(key) = &key
            && let Some(first) = one(&self.pool, "idempotency_key", key).await.map_err(db)?
        {
            return Ok(first);
        }
        if pending_for(&self.pool, &user.id, now).await.map_err(db)?.is_some() {
            return Err(fixed(Code::FailedPrecondition, ErrorCode::PaymentPending));
        }
        let id = uuid::Uuid::now_v7().to_string();
        let phone = format!("+{msisdn}");
        let inserted = sqlx::query(
            "INSERT INTO payments (id, user_id, purpose, package_id, amount, phone_number, status, provider, \
             idempotency_key, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9)",
        )
        .bind(&id)
        .bind(&user.id)
        .bind(purpose)
        .bind(package.id)
        .bind(package.price)
        .bind(&phone)
        .bind(self.provider.name())
        .bind(key.as_deref())
        .bind(now)
        .execute(&self.pool)
        .await;
        if let Err(e) = inserted {
            if mtaani_runtime::db::is_unique_violation(&e)
                && let Some(key) = &key
                && let Some(first) = one(&self.pool, "idempotency_key", key).await.map_err(db)?
            {
                return Ok(first);
            }
            return Err(db(e));
        }
        self.push(&id, package, &msisdn, now).await?;
        by_id(&self.pool, &id).await.map_err(db)?.ok_or_else(|| Status::internal("payment vanished"))
    }

    /// Sends the STK push for a stored payment and records Daraja's ids, or the failure.
    async fn push(&self, id: &str, package: &Package, msisdn: &str, now: i64) -> Result<(), Status> {
        match &self.provider {
            Provider::Simulated => {
                let checkout = format!("sim_{}", uuid::Uuid::new_v4().simple());
                self.record_push(id, "simulated", &checkout, now).await?;
                let (accounts, amount, declined) = (self.clone(), package.price, msisdn.ends_with("0000"));
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_secs(2)).await;
                    if let Err(e) = accounts.apply_outcome(&simulated_outcome(checkout, amount, declined)).await {
                        tracing::error!(error = %e, "simulated payment: cannot apply the result");
                    }
                });
                Ok(())
            }
            Provider::Daraja(daraja) => {
                let push = Push {
                    amount: package.price,
                    phone: msisdn,
                    account_reference: &format!("MTAANI{}", package.id.to_uppercase()),
                    description: &format!("Mtaani {}", package.name),
                };
                match daraja.stk_push(&push, chrono::Utc::now()).await {
                    Ok(accepted) => {
                        self.record_push(id, &accepted.merchant_request_id, &accepted.checkout_request_id, now).await
                    }
                    Err(e) => {
                        tracing::warn!(payment = %id, error = %e, "STK push not sent");
                        let text = match e {
                            DarajaError::Refused { status, .. } if status < 500 => NOT_SENT,
                            _ => PROVIDER_DOWN,
                        };
                        fail(&self.pool, id, None, text, now).await.map_err(db)?;
                        Ok(())
                    }
                }
            }
        }
    }

    async fn record_push(&self, id: &str, merchant: &str, checkout: &str, now: i64) -> Result<(), Status> {
        sqlx::query(
            "UPDATE payments SET merchant_request_id = $2, checkout_request_id = $3, next_query_at = $4 WHERE id = $1",
        )
        .bind(id)
        .bind(merchant)
        .bind(checkout)
        .bind(now + 60)
        .execute(&self.pool)
        .await
        .map_err(db)?;
        Ok(())
    }

    /// Applies a result to the payment it names, once. A success must carry the amount asked for
    /// (from the callback) or come from our own STK query.
    pub async fn apply_outcome(&self, o: &Outcome) -> Result<Applied, Status> {
        let now = self.clock.now();
        let Some(p) = one(&self.pool, "checkout_request_id", &o.checkout_request_id).await.map_err(db)? else {
            tracing::warn!(checkout = %o.checkout_request_id, "M-Pesa result for no payment of ours: ignored");
            return Ok(Applied::Ignored);
        };
        if p.status != "pending" {
            return Ok(Applied::Ignored);
        }
        if o.result_code != 0 {
            let text = mpesa::result_message(o.result_code);
            let failed = fail(&self.pool, &p.id, Some(i64::from(o.result_code)), text, now).await.map_err(db)?;
            return Ok(if failed { Applied::Failed } else { Applied::Ignored });
        }
        if o.amount.is_some_and(|a| a != p.amount) {
            tracing::error!(payment = %p.id, paid = ?o.amount, asked = p.amount, "M-Pesa amount differs: not credited");
            return Ok(Applied::Ignored);
        }
        let package = packages::find(&p.package_id).ok_or_else(|| Status::internal("unknown package"))?;
        let mut tx = self.pool.begin().await.map_err(db)?;
        let moved = sqlx::query(
            "UPDATE payments SET status = 'succeeded', result_code = 0, message = $2, mpesa_receipt = $3, \
             completed_at = $4, next_query_at = NULL WHERE id = $1 AND status = 'pending'",
        )
        .bind(&p.id)
        .bind(mpesa::result_message(0))
        .bind(o.receipt.as_deref())
        .bind(now)
        .execute(&mut *tx)
        .await;
        let moved = match moved {
            Ok(done) => done.rows_affected() == 1,
            // A receipt already used credits nothing more.
            Err(e) if mtaani_runtime::db::is_unique_violation(&e) => false,
            Err(e) => return Err(db(e)),
        };
        if !moved {
            return Ok(Applied::Ignored);
        }
        // The month is added to the row as it stands in this transaction, so two credits for one
        // seller can never both extend from the same old date. A first payment runs from today; a
        // renewal or an upgrade from today or from the end already paid, whichever is later. An
        // upgrade switches the package now; a renewal brings in the package it paid for (a scheduled
        // downgrade's) and clears the schedule.
        sqlx::query(
            "UPDATE subscriptions SET status = 'active', \
             package_id = CASE WHEN $2 = 'registration' THEN package_id ELSE $3 END, \
             paid_until = CASE WHEN $2 <> 'registration' AND paid_until > $4 THEN paid_until ELSE $4 END + $5, \
             pending_package_id = CASE WHEN $2 = 'renewal' THEN NULL ELSE pending_package_id END, \
             updated_at = $4 WHERE user_id = $1",
        )
        .bind(&p.user_id)
        .bind(&p.purpose)
        .bind(package.id)
        .bind(now)
        .bind(PERIOD_DAYS * DAY)
        .execute(&mut *tx)
        .await
        .map_err(db)?;
        tx.commit().await.map_err(db)?;
        tracing::info!(payment = %p.id, user = %p.user_id, receipt = ?o.receipt, purpose = %p.purpose, "payment credited");
        // Listings show again at once; the subscription checks repeat it if catalog-svc is away.
        self.sync_visibility(&p.user_id).await;
        Ok(Applied::Credited)
    }

    /// Asks Daraja about pushes whose callback has not come; gives up on those nobody answers.
    pub async fn query_overdue(&self) -> Result<usize, Status> {
        let Provider::Daraja(daraja) = &self.provider else {
            return self.settle_lost_simulations().await;
        };
        let now = self.clock.now();
        let rows = sqlx::query(
            "SELECT id, checkout_request_id, query_attempts FROM payments WHERE status = 'pending' \
             AND next_query_at IS NOT NULL AND next_query_at <= $1 ORDER BY next_query_at LIMIT 20",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
        let mut settled = 0;
        for r in rows {
            let (id, checkout, attempts): (String, String, i64) = (
                r.try_get("id").map_err(db)?,
                r.try_get("checkout_request_id").map_err(db)?,
                r.try_get("query_attempts").map_err(db)?,
            );
            match daraja.stk_query(&checkout, chrono::Utc::now()).await {
                Ok(QueryAnswer::Done(outcome)) => {
                    settled += usize::from(self.apply_outcome(&outcome).await? != Applied::Ignored);
                }
                Ok(QueryAnswer::Pending) | Err(_) if attempts + 1 >= MAX_QUERIES => {
                    settled += usize::from(fail(&self.pool, &id, None, EXPIRED_PUSH, now).await.map_err(db)?);
                }
                other => {
                    if let Err(e) = other {
                        tracing::warn!(payment = %id, error = %e, "STK query failed; asking again later");
                    }
                    sqlx::query(
                        "UPDATE payments SET query_attempts = query_attempts + 1, next_query_at = $2 WHERE id = $1",
                    )
                    .bind(&id)
                    .bind(now + 30)
                    .execute(&self.pool)
                    .await
                    .map_err(db)?;
                }
            }
        }
        Ok(settled)
    }
}

impl Accounts {
    /// Demo pushes still pending when their query time comes: the result due two seconds after the
    /// push was lost with the process that held it (a crash, a restart). Settled now as the demo
    /// provider would have, so a seller is not left waiting for ever.
    async fn settle_lost_simulations(&self) -> Result<usize, Status> {
        let rows = sqlx::query(
            "SELECT checkout_request_id, amount, phone_number FROM payments WHERE status = 'pending' \
             AND provider = 'simulated' AND next_query_at IS NOT NULL AND next_query_at <= $1 LIMIT 20",
        )
        .bind(self.clock.now())
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
        let mut settled = 0;
        for r in rows {
            let checkout: String = r.try_get("checkout_request_id").map_err(db)?;
            let phone: String = r.try_get("phone_number").map_err(db)?;
            let outcome = simulated_outcome(checkout, r.try_get("amount").map_err(db)?, phone.ends_with("0000"));
            tracing::info!(checkout = %outcome.checkout_request_id, "simulated payment: settling a result that was lost");
            settled += usize::from(self.apply_outcome(&outcome).await? != Applied::Ignored);
        }
        Ok(settled)
    }
}

/// What the demo provider answers for a push: approved, or declined for numbers ending in 0000.
fn simulated_outcome(checkout_request_id: String, amount: i64, declined: bool) -> Outcome {
    let receipt: String = uuid::Uuid::new_v4().simple().to_string()[..10].to_uppercase();
    Outcome {
        checkout_request_id,
        result_code: if declined { 2001 } else { 0 },
        result_desc: if declined { "The initiator information is invalid." } else { "Success" }.into(),
        amount: (!declined).then_some(amount),
        receipt: (!declined).then(|| format!("SIM{}", &receipt[3..])),
        transaction_date: None,
        phone: None,
    }
}

pub fn db(e: sqlx::Error) -> Status {
    crate::error::Error::Db(e).into()
}
