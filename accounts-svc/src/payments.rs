//! Seller payments by M-Pesa: a pending payment is stored, an STK push asks the seller's phone for
//! the PIN, and the result (the public callback, or the STK query when no callback came within a
//! minute) is applied exactly once: a conditional update moves a payment out of `pending` once, and
//! only that move extends the subscription. The embedded run uses a simulated provider that approves
//! after about two seconds and declines numbers ending in 0000. A payment keeps its outcome's text
//! in English: `accounts.v1.Payment.message` carries words, which the web app shows as they are.

use std::time::Duration;

use mtaani_proto::{accounts::v1 as pb, text::said};
use mtaani_runtime::audit::{Actor, Event};

use crate::{
    error::{Error, Result},
    mpesa::{self, DarajaError, Outcome, Provider, Push, QueryAnswer},
    packages::{self, Package},
    service::Accounts,
    store::{
        self,
        payments::{NewPayment, PaymentRow},
    },
    subscription::{DAY, PERIOD_DAYS, renewable_from},
};

/// A push nobody answers is given up after this many STK queries (about five minutes).
const MAX_QUERIES: i64 = 10;
/// A pending push blocks a new one for this long (the phone shows one prompt at a time).
const PENDING_WINDOW: i64 = 180;

/// How a result was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    Credited,
    Failed,
    /// The payment was already settled (a repeated callback) or is not ours.
    Ignored,
}

impl Accounts {
    /// The user's payment still waiting for a PIN, if one was started recently.
    pub async fn pending_payment(&self, user_id: &str, now: i64) -> Result<Option<PaymentRow>> {
        store::payments::pending_since(&self.pool, user_id, now - PENDING_WINDOW).await
    }

    /// Starts a payment for `user_id`: a registration, a renewal or an upgrade, decided by the
    /// subscription and the package asked for.
    pub async fn start_payment_for(&self, r: &pb::StartPaymentRequest) -> Result<PaymentRow> {
        let now = self.clock.now();
        let user = store::users::by_id(&self.pool, &r.user_id).await?.ok_or(Error::UnknownAccount)?;
        let s = store::subscriptions::of_user(&self.pool, &user.id).await?.ok_or(Error::OnlySellersPay)?;
        if !r.retry_of.is_empty() {
            let first = store::payments::by_id(&self.pool, &r.retry_of).await?;
            let retryable = first.is_some_and(|p| {
                p.user_id == user.id
                    && p.purpose == "registration"
                    && p.status == "failed"
                    && s.status == "pending_payment"
            });
            if !retryable {
                return Err(Error::PaymentNotRetriable);
            }
        }
        let current = packages::subscribed(&s.package_id)?;
        // A renewal pays for the package of the coming month: a scheduled downgrade's, if any.
        let renewing = s.pending_package_id.as_deref().and_then(packages::find).unwrap_or(current);
        let (purpose, package) = if s.status == "pending_payment" {
            ("registration", current)
        } else {
            match r.package_id.trim() {
                "" => ("renewal", renewing),
                id => {
                    let asked = packages::find(id).ok_or(Error::ChoosePackage)?;
                    if asked.price > current.price {
                        ("upgrade", asked)
                    } else if asked.id == current.id || Some(asked.id) == s.pending_package_id.as_deref() {
                        ("renewal", renewing)
                    } else {
                        return Err(Error::LowerPackageAtRenewal);
                    }
                }
            }
        };
        let raw_phone = if r.phone_number.trim().is_empty() { &user.phone_number } else { &r.phone_number };
        let Some(msisdn) = mpesa::msisdn(raw_phone) else {
            return Err(Error::invalid("phoneNumber", said::bad_phone()));
        };
        let key = (!r.idempotency_key.trim().is_empty()).then(|| format!("{}|{}", user.id, r.idempotency_key.trim()));
        if let Some(key) = &key
            && let Some(first) = store::payments::by_idempotency_key(&self.pool, key).await?
        {
            return Ok(first);
        }
        // What My Account offers is what is taken: a renewal only in the month's last days (an upgrade,
        // paid now for the rest of the month, any time). After the key: a repeated request answers its
        // payment, even once that payment has moved the month on.
        if purpose == "renewal" && renewable_from(&s, now).is_some() {
            return Err(Error::RenewalNotYet);
        }
        if self.pending_payment(&user.id, now).await?.is_some() {
            return Err(Error::PaymentPending);
        }
        let id = uuid::Uuid::now_v7().to_string();
        let phone = format!("+{msisdn}");
        let new = NewPayment {
            id: &id,
            user_id: &user.id,
            purpose,
            package_id: package.id,
            amount: package.price,
            phone_number: &phone,
            provider: self.provider.name(),
            idempotency_key: key.as_deref(),
            now,
        };
        if let Err(e) = store::payments::create(&self.pool, &new).await {
            // The same key sent twice at once: the first payment stands.
            if e.is_unique_violation()
                && let Some(key) = &key
                && let Some(first) = store::payments::by_idempotency_key(&self.pool, key).await?
            {
                return Ok(first);
            }
            return Err(e);
        }
        self.push(&id, package, &msisdn, now).await?;
        store::payments::by_id(&self.pool, &id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("the payment {id} went as it was pushed").into())
    }

    /// The payment `payment_id`, when it is `user_id`'s (any user's when `user_id` is empty).
    pub async fn payment(&self, user_id: &str, payment_id: &str) -> Result<PaymentRow> {
        store::payments::by_id(&self.pool, payment_id.trim())
            .await?
            .filter(|p| user_id.is_empty() || p.user_id == user_id)
            .ok_or(Error::PaymentNotFound)
    }

    /// `user_id`'s payments, the latest first.
    pub async fn payments_of(&self, user_id: &str) -> Result<Vec<PaymentRow>> {
        store::payments::of_user(&self.pool, user_id).await
    }

    /// Sends the STK push for a stored payment and records Daraja's ids, or the failure.
    async fn push(&self, id: &str, package: &Package, msisdn: &str, now: i64) -> Result<()> {
        match &self.provider {
            Provider::Simulated => {
                let checkout = format!("sim_{}", uuid::Uuid::new_v4().simple());
                store::payments::record_push(&self.pool, id, "simulated", &checkout, now + 60).await?;
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
                        let (merchant, checkout) = (&accepted.merchant_request_id, &accepted.checkout_request_id);
                        store::payments::record_push(&self.pool, id, merchant, checkout, now + 60).await?;
                        Ok(())
                    }
                    Err(e) => {
                        tracing::warn!(payment = %id, error = %e, "STK push not sent");
                        let text = match e {
                            DarajaError::Refused { status, .. } if status < 500 => said::payment_not_sent(),
                            _ => said::mpesa_not_answering(),
                        };
                        store::payments::mark_failed(&self.pool, id, None, &text.to_string(), now).await?;
                        Ok(())
                    }
                }
            }
        }
    }

    /// Safaricom's callback, passed through by the gateway. Only a result for a payment we started,
    /// still pending, is applied; the caller acknowledges every callback (Safaricom retries
    /// otherwise), so only a failure to apply one is an error.
    pub async fn take_callback(&self, body: &[u8]) -> Result<()> {
        let Some(mut outcome) = mpesa::parse_callback(body) else {
            tracing::warn!(bytes = body.len(), "M-Pesa callback unreadable: ignored");
            return Ok(());
        };
        // A success without its receipt or amount is doubtful: the STK query confirms it.
        if outcome.result_code == 0
            && (outcome.receipt.is_none() || outcome.amount.is_none())
            && let Provider::Daraja(daraja) = &self.provider
        {
            match daraja.stk_query(&outcome.checkout_request_id, chrono::Utc::now()).await {
                Ok(QueryAnswer::Done(confirmed)) => outcome = confirmed,
                _ => return Ok(()), // the query worker asks again later
            }
        }
        if self.apply_outcome(&outcome).await? == Applied::Ignored {
            tracing::info!(checkout = %outcome.checkout_request_id, "M-Pesa callback repeated or not ours");
        }
        Ok(())
    }

    /// Applies a result to the payment it names, once. A success must carry the amount asked for
    /// (from the callback) or come from our own STK query.
    pub async fn apply_outcome(&self, o: &Outcome) -> Result<Applied> {
        let now = self.clock.now();
        let Some(p) = store::payments::by_checkout(&self.pool, &o.checkout_request_id).await? else {
            tracing::warn!(checkout = %o.checkout_request_id, "M-Pesa result for no payment of ours: ignored");
            return Ok(Applied::Ignored);
        };
        if p.status != "pending" {
            return Ok(Applied::Ignored);
        }
        if o.result_code != 0 {
            let text = mpesa::result_message(o.result_code).to_string();
            let failed =
                store::payments::mark_failed(&self.pool, &p.id, Some(i64::from(o.result_code)), &text, now).await?;
            return Ok(if failed { Applied::Failed } else { Applied::Ignored });
        }
        if o.amount.is_some_and(|a| a != p.amount) {
            tracing::error!(payment = %p.id, paid = ?o.amount, asked = p.amount, "M-Pesa amount differs: not credited");
            return Ok(Applied::Ignored);
        }
        let package = packages::subscribed(&p.package_id)?;
        let payer = store::users::by_id(&self.pool, &p.user_id).await?.map(|u| u.user_name).unwrap_or_default();
        // Only the move out of `pending` credits the month, in the same transaction: a result applied
        // twice, or a receipt already used, credits nothing more.
        let mut tx = self.pool.begin().await?;
        let paid = mpesa::result_message(0).to_string();
        if !store::payments::mark_paid(&mut tx, &p.id, &paid, o.receipt.as_deref(), now).await? {
            return Ok(Applied::Ignored);
        }
        store::subscriptions::credit(&mut tx, &p.user_id, &p.purpose, package.id, PERIOD_DAYS * DAY, now).await?;
        let event = Event {
            seller_id: &p.user_id,
            ..Event::new(Actor::seller(&p.user_id, &payer), "payment.paid", ("payment", &p.id, package.name))
        };
        mtaani_runtime::audit::record(&mut tx, &event, now).await?;
        tx.commit().await?;
        tracing::info!(payment = %p.id, user = %p.user_id, receipt = ?o.receipt, purpose = %p.purpose, "payment credited");
        // Listings show again at once; the subscription checks repeat it if catalog-svc is away.
        self.sync_visibility(&p.user_id).await;
        Ok(Applied::Credited)
    }

    /// Asks Daraja about pushes whose callback has not come; gives up on those nobody answers.
    pub async fn query_overdue(&self) -> Result<usize> {
        let Provider::Daraja(daraja) = &self.provider else {
            return self.settle_lost_simulations().await;
        };
        let now = self.clock.now();
        let mut settled = 0;
        for push in store::payments::overdue(&self.pool, now).await? {
            let id = &push.id;
            match daraja.stk_query(&push.checkout_request_id, chrono::Utc::now()).await {
                Ok(QueryAnswer::Done(outcome)) => {
                    settled += usize::from(self.apply_outcome(&outcome).await? != Applied::Ignored);
                }
                Ok(QueryAnswer::Pending) | Err(_) if push.query_attempts + 1 >= MAX_QUERIES => {
                    let expired = said::payment_expired().to_string();
                    settled += usize::from(store::payments::mark_failed(&self.pool, id, None, &expired, now).await?);
                }
                other => {
                    if let Err(e) = other {
                        tracing::warn!(payment = %id, error = %e, "STK query failed; asking again later");
                    }
                    store::payments::query_again_at(&self.pool, id, now + 30).await?;
                }
            }
        }
        Ok(settled)
    }

    /// Demo pushes still pending when their query time comes: the result due two seconds after the
    /// push was lost with the process that held it (a crash, a restart). Settled now as the demo
    /// provider would have, so a seller is not left waiting for ever.
    async fn settle_lost_simulations(&self) -> Result<usize> {
        let mut settled = 0;
        for lost in store::payments::lost_simulations(&self.pool, self.clock.now()).await? {
            let declined = lost.phone_number.ends_with("0000");
            let outcome = simulated_outcome(lost.checkout_request_id, lost.amount, declined);
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
