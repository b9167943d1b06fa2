//! The subscription checks that run in the background: a renewal reminder three days before a paid
//! month ends, and the seller's listings hidden in catalog-svc once the month and its grace period
//! are over (shown again when they pay). Nothing is deleted.

use std::time::Duration;

use mtaani_proto::{
    accounts::v1::SubscriptionStatus,
    catalog::v1::SetSellerVisibilityRequest,
    messaging::v1::{self as msg, send_notification_request::Kind},
};
use sqlx::Row;
use tonic::Status;

use crate::{
    packages,
    payments::db,
    service::Accounts,
    store::{self, DAY},
};

/// A reminder goes out this long before the paid month ends.
pub const REMIND_BEFORE: i64 = 3 * DAY;

impl Accounts {
    /// Tells catalog-svc whether `user_id`'s listings show, from the subscription in force now, and
    /// remembers what it was told. Failures are logged; the next check tries again.
    pub async fn sync_visibility(&self, user_id: &str) {
        let Ok(Some(s)) = store::subscription(&self.pool, user_id).await else {
            return;
        };
        let Ok(Some(user)) = store::user_by_id(&self.pool, user_id).await else {
            return;
        };
        let status = store::effective_status(&s, self.clock.now());
        let visible =
            user.suspended_at.is_none() && matches!(status, SubscriptionStatus::Active | SubscriptionStatus::Grace);
        let featured = packages::find(&s.package_id).is_some_and(|p| p.featured);
        let mut request =
            tonic::Request::new(SetSellerVisibilityRequest { seller_id: user_id.to_owned(), visible, featured });
        request.set_timeout(Duration::from_secs(3));
        match self.catalog.clone().set_seller_visibility(request).await {
            Ok(r) => {
                let _ = sqlx::query("UPDATE subscriptions SET listings_visible = $2 WHERE id = $1")
                    .bind(&s.id)
                    .bind(i64::from(visible))
                    .execute(&self.pool)
                    .await;
                tracing::info!(%user_id, visible, listings = r.into_inner().updated, "seller listings visibility set");
            }
            Err(e) => tracing::warn!(%user_id, error = %e, "cannot reach catalog-svc to set listing visibility"),
        }
    }

    /// One round of checks: reminders due, and listings whose visibility no longer matches the
    /// subscription. Answers how many sellers were acted on.
    pub async fn check_subscriptions(&self) -> Result<usize, Status> {
        let now = self.clock.now();
        let rows = sqlx::query(
            "SELECT s.id, s.user_id, s.package_id, s.status, s.paid_until, s.reminded_for, s.listings_visible, \
             u.user_name, u.email, u.suspended_at, u.language FROM subscriptions s JOIN users u ON u.id = s.user_id \
             WHERE u.deleted_at IS NULL",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
        let mut acted = 0;
        for r in rows {
            let (id, user_id, package_id): (String, String, String) =
                (r.try_get("id").map_err(db)?, r.try_get("user_id").map_err(db)?, r.try_get("package_id").map_err(db)?);
            let (status, paid_until): (String, i64) =
                (r.try_get("status").map_err(db)?, r.try_get("paid_until").map_err(db)?);
            let (reminded_for, listings_visible): (i64, i64) =
                (r.try_get("reminded_for").map_err(db)?, r.try_get("listings_visible").map_err(db)?);
            let suspended = r.try_get::<Option<i64>, _>("suspended_at").map_err(db)?.is_some();
            if status == "active" && paid_until > now && paid_until - now <= REMIND_BEFORE && reminded_for != paid_until
            {
                let package = packages::find(&package_id);
                let notification = msg::SendNotificationRequest {
                    idempotency_key: format!("renewal:{id}:{paid_until}"),
                    to_email: r.try_get("email").map_err(db)?,
                    to_name: r.try_get("user_name").map_err(db)?,
                    to_phone: String::new(),
                    language: r.try_get("language").map_err(db)?,
                    kind: Some(Kind::SubscriptionReminder(msg::SubscriptionReminder {
                        user_name: r.try_get("user_name").map_err(db)?,
                        package_name: package.map_or_else(|| package_id.clone(), |p| p.name.to_owned()),
                        paid_until,
                        amount: package.map_or(0, |p| p.price),
                        account_url: format!("{}/account", self.public_base_url),
                    })),
                };
                let mut tx = self.pool.begin().await.map_err(db)?;
                self.outbox.enqueue(&mut tx, notification).await.map_err(db)?;
                sqlx::query("UPDATE subscriptions SET reminded_for = $2 WHERE id = $1")
                    .bind(&id)
                    .bind(paid_until)
                    .execute(&mut *tx)
                    .await
                    .map_err(db)?;
                tx.commit().await.map_err(db)?;
                self.outbox.kick();
                acted += 1;
            }
            let row = store::SubscriptionRow {
                id,
                user_id: user_id.clone(),
                package_id,
                status,
                paid_until,
                pending_package_id: None,
            };
            let should_show = !suspended
                && matches!(store::effective_status(&row, now), SubscriptionStatus::Active | SubscriptionStatus::Grace);
            if should_show != (listings_visible != 0) {
                self.sync_visibility(&user_id).await;
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
