//! A seller's subscription over time: what it lets them do now (the entitlement the other services
//! ask for), the subscription with its payment waiting for a PIN, a lower package waiting for the
//! next renewal, and the checks that run in the background: a renewal reminder three days before a
//! paid month ends, and the seller's listings hidden in catalog-svc once the month and its grace
//! period are over (shown again when they pay). Nothing is deleted.

use std::time::Duration;

use mtaani_proto::{
    accounts::v1 as pb,
    catalog::v1::SetSellerVisibilityRequest,
    messaging::v1::{self as msg, send_notification_request::Kind},
};

use crate::{
    error::{Error, Result},
    messages, packages,
    service::Accounts,
    store::{self, subscriptions::SubscriptionRow},
    subscription::{DAY, effective_status, selling},
};

/// A reminder goes out this long before the paid month ends.
pub const REMIND_BEFORE: i64 = 3 * DAY;

impl Accounts {
    /// What `user_id` may do as a seller now: post while paid or in grace and not suspended, with
    /// their package's photos and placement.
    pub async fn entitlement(&self, user_id: &str) -> Result<pb::SellerEntitlement> {
        let user = store::users::by_id(&self.pool, user_id).await?.ok_or(Error::UnknownUser)?;
        let subscription = store::subscriptions::of_user(&self.pool, &user.id).await?;
        let mut e = pb::SellerEntitlement { user_id: user.id, user_name: user.user_name, ..Default::default() };
        if let (true, Some(s)) = (user.account_type == "seller", subscription) {
            let status = effective_status(&s, self.clock.now());
            let package = packages::find(&s.package_id);
            e.is_seller = true;
            e.suspended = user.suspended_at.is_some();
            e.can_post = selling(status, e.suspended);
            e.status = status as i32;
            e.package_id = s.package_id.clone();
            e.package_name = package.map_or_else(|| s.package_id.clone(), |p| p.name.to_owned());
            e.photo_uploads = package.map_or(0, |p| p.photo_uploads);
            e.featured = package.is_some_and(|p| p.featured);
        }
        Ok(e)
    }

    /// `user_id`'s subscription as it stands now, with its payment waiting for a PIN.
    pub async fn subscription_of(&self, user_id: &str) -> Result<pb::Subscription> {
        let s = store::subscriptions::of_user(&self.pool, user_id).await?.ok_or(Error::NoSubscription)?;
        self.subscription_with_pending(&s).await
    }

    pub(crate) async fn subscription_with_pending(&self, s: &SubscriptionRow) -> Result<pb::Subscription> {
        let now = self.clock.now();
        let mut message = messages::subscription(s, now);
        message.pending_payment = self.pending_payment(&s.user_id, now).await?.as_ref().map(messages::payment);
        Ok(message)
    }

    /// A lower package waits for the next renewal; the current one cancels a waiting change. An
    /// upgrade is paid for (StartPayment) and takes effect then.
    pub async fn change_package_for(&self, user_id: &str, package_id: &str) -> Result<pb::Subscription> {
        let s = store::subscriptions::of_user(&self.pool, user_id).await?.ok_or(Error::OnlySellersHavePackage)?;
        let current = packages::subscribed(&s.package_id)?;
        let asked = packages::find(package_id.trim()).ok_or(Error::ChoosePackage)?;
        if asked.price > current.price {
            return Err(Error::PayForUpgrade);
        }
        if s.status == "pending_payment" {
            return Err(Error::PayFirstMonth);
        }
        let pending = (asked.id != current.id).then_some(asked.id);
        store::subscriptions::set_pending_package(&self.pool, &s.id, pending, self.clock.now()).await?;
        let s = store::subscriptions::of_user(&self.pool, user_id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("the subscription {} went while its package changed", s.id))?;
        self.subscription_with_pending(&s).await
    }

    /// Tells catalog-svc whether `user_id`'s listings show, from the subscription in force now, and
    /// remembers what it was told. Failures are logged; the next check tries again.
    pub async fn sync_visibility(&self, user_id: &str) {
        let Ok(Some(s)) = store::subscriptions::of_user(&self.pool, user_id).await else {
            return;
        };
        let Ok(Some(user)) = store::users::by_id(&self.pool, user_id).await else {
            return;
        };
        let visible = selling(effective_status(&s, self.clock.now()), user.suspended_at.is_some());
        let featured = packages::find(&s.package_id).is_some_and(|p| p.featured);
        let mut request =
            tonic::Request::new(SetSellerVisibilityRequest { seller_id: user_id.to_owned(), visible, featured });
        request.set_timeout(Duration::from_secs(3));
        match self.catalog.clone().set_seller_visibility(request).await {
            Ok(r) => {
                let _ = store::subscriptions::set_listings_visible(&self.pool, &s.id, visible).await;
                tracing::info!(%user_id, visible, listings = r.into_inner().updated, "seller listings visibility set");
            }
            Err(e) => tracing::warn!(%user_id, error = %e, "cannot reach catalog-svc to set listing visibility"),
        }
    }

    /// One round of checks: reminders due, and listings whose visibility no longer matches the
    /// subscription. Answers how many sellers were acted on.
    pub async fn check_subscriptions(&self) -> Result<usize> {
        let now = self.clock.now();
        let mut acted = 0;
        for c in store::subscriptions::all_to_check(&self.pool).await? {
            let s = &c.subscription;
            let paid_until = s.paid_until;
            if s.status == "active"
                && paid_until > now
                && paid_until - now <= REMIND_BEFORE
                && c.reminded_for != paid_until
            {
                let package = packages::find(&s.package_id);
                let notification = msg::SendNotificationRequest {
                    idempotency_key: format!("renewal:{}:{paid_until}", s.id),
                    to_email: c.email.clone(),
                    to_name: c.user_name.clone(),
                    to_phone: String::new(),
                    language: c.language.clone(),
                    kind: Some(Kind::SubscriptionReminder(msg::SubscriptionReminder {
                        user_name: c.user_name.clone(),
                        package_name: package.map_or_else(|| s.package_id.clone(), |p| p.name.to_owned()),
                        paid_until,
                        amount: package.map_or(0, |p| p.price),
                        account_url: format!("{}/account", self.public_base_url),
                    })),
                };
                let mut tx = self.pool.begin().await?;
                self.outbox.enqueue(&mut tx, notification).await?;
                store::subscriptions::mark_reminded(&mut tx, &s.id, paid_until).await?;
                tx.commit().await?;
                self.outbox.kick();
                acted += 1;
            }
            let should_show = selling(effective_status(s, now), c.suspended);
            if should_show != c.listings_visible {
                self.sync_visibility(&s.user_id).await;
                acted += 1;
            }
        }
        Ok(acted)
    }

    /// Runs the checks and the overdue STK queries every `every` until the process ends.
    pub fn spawn_checks(&self, every: Duration) {
        let accounts = self.clone();
        tokio::spawn(async move {
            loop {
                if let Err(e) = accounts.query_overdue().await {
                    tracing::warn!(error = %e, "payments: STK queries failed");
                }
                if let Err(e) = accounts.check_subscriptions().await {
                    tracing::warn!(error = %e, "subscriptions: checks failed");
                }
                if let Err(e) = accounts.retry_deletions().await {
                    tracing::warn!(error = %e, "account deletions: retries failed");
                }
                tokio::time::sleep(every).await;
            }
        });
    }
}
