//! The caller's side of notifications: a service that must tell someone something (a reset link, a
//! new booking) writes the notification into its own `notification_outbox` table in the same
//! transaction as the change that caused it, and a forwarder hands it to messaging-svc, retrying with
//! backoff while messaging-svc is unreachable. A reset or a booking never fails because e-mail is down.
//!
//! The table (in each caller's migrations):
//! `notification_outbox (id TEXT PRIMARY KEY, payload TEXT NOT NULL, attempts BIGINT NOT NULL DEFAULT 0,
//! next_attempt_at BIGINT NOT NULL, sent_at BIGINT, last_error TEXT, created_at BIGINT NOT NULL)`.

use std::{sync::Arc, time::Duration};

use base64::Engine;
use prost::Message;
use sqlx::{AnyConnection, AnyPool, Row};
use tokio::sync::Notify;
use tonic::transport::Channel;

use mtaani_proto::messaging::v1::{SendNotificationRequest, messaging_service_client::MessagingServiceClient};

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Handle to wake the forwarder after a notification was stored.
#[derive(Debug, Clone, Default)]
pub struct Outbox {
    wake: Arc<Notify>,
}

impl Outbox {
    /// Stores `notification` on `conn` (inside the caller's transaction). Its id becomes the
    /// idempotency key unless one is set, so a retried hand-over never sends twice.
    pub async fn enqueue(
        &self,
        conn: &mut AnyConnection,
        mut notification: SendNotificationRequest,
    ) -> Result<String, sqlx::Error> {
        let id = uuid::Uuid::now_v7().to_string();
        if notification.idempotency_key.is_empty() {
            notification.idempotency_key = id.clone();
        }
        let payload = base64::engine::general_purpose::STANDARD.encode(notification.encode_to_vec());
        let t = now();
        sqlx::query(
            "INSERT INTO notification_outbox (id, payload, attempts, next_attempt_at, created_at) \
             VALUES ($1, $2, 0, $3, $3)",
        )
        .bind(id.clone())
        .bind(payload)
        .bind(t)
        .execute(conn)
        .await?;
        Ok(id)
    }

    /// Wakes the forwarder now (call after the transaction committed).
    pub fn kick(&self) {
        self.wake.notify_one();
    }

    /// Forwards stored notifications to messaging-svc until the process ends.
    pub fn spawn_forwarder(
        &self,
        pool: AnyPool,
        client: MessagingServiceClient<Channel>,
    ) -> tokio::task::JoinHandle<()> {
        spawn_worker("notification outbox", self.wake.clone(), move || {
            let (pool, client) = (pool.clone(), client.clone());
            async move { forward_due(&pool, &client).await }
        })
    }
}

/// Runs `step` whenever `wake` is notified and at least every two seconds; while a step reports work
/// done it runs again at once (a backlog drains without waiting).
pub fn spawn_worker<F, Fut>(name: &'static str, wake: Arc<Notify>, mut step: F) -> tokio::task::JoinHandle<()>
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<usize, sqlx::Error>> + Send,
{
    tokio::spawn(async move {
        loop {
            match step().await {
                Ok(n) if n > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::warn!(worker = name, error = %e, "cannot read the outbox"),
            }
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(Duration::from_secs(2)) => {}
            }
        }
    })
}

/// Seconds to wait after `attempts` failures: 2, 4, 8, … capped at 5 minutes.
pub fn backoff(attempts: i64) -> i64 {
    2i64.saturating_pow(attempts.clamp(1, 20) as u32).min(300)
}

/// Hands every due notification to messaging-svc; returns how many were delivered. Those delivered
/// are marked in one statement at the end of the pass (one commit for up to 20, not one each); a
/// notification handed over but not marked (the service stopped in between) is handed over again,
/// and messaging-svc takes it once by its idempotency key.
pub async fn forward_due(pool: &AnyPool, client: &MessagingServiceClient<Channel>) -> Result<usize, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, payload, attempts FROM notification_outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 \
         ORDER BY created_at LIMIT 20",
    )
    .bind(now())
    .fetch_all(pool)
    .await?;
    // Handed over all at once (messaging-svc stores each by its key; the order of a pass's e-mails
    // does not matter): one at a time, the forwarder fell behind a burst of bookings.
    let mut sends = tokio::task::JoinSet::new();
    for row in rows {
        let id: String = row.try_get("id")?;
        let attempts: i64 = row.try_get("attempts")?;
        let payload: String = row.try_get("payload")?;
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(payload)
            .ok()
            .and_then(|b| SendNotificationRequest::decode(b.as_slice()).ok());
        let Some(notification) = decoded else {
            tracing::error!(%id, "notification outbox: unreadable payload, giving up on it");
            sqlx::query("UPDATE notification_outbox SET sent_at = -1, last_error = 'unreadable' WHERE id = $1")
                .bind(id)
                .execute(pool)
                .await?;
            continue;
        };
        let mut request = tonic::Request::new(notification);
        request.set_timeout(Duration::from_secs(5));
        let mut client = client.clone();
        sends.spawn(async move { (id, attempts, client.send_notification(request).await.err()) });
    }
    let mut delivered = Vec::with_capacity(sends.len());
    let mut failed = Vec::new();
    while let Some(sent) = sends.join_next().await {
        match sent {
            Ok((id, _, None)) => delivered.push(id),
            Ok((id, attempts, Some(status))) => failed.push((id, attempts + 1, status)),
            Err(e) => tracing::error!(error = %e, "notification outbox: a hand-over task failed"),
        }
    }
    let marked = "UPDATE notification_outbox SET sent_at = $1, attempts = attempts + 1 WHERE id IN ({ids})";
    crate::db::update_ids(pool, marked, now(), &delivered).await?;
    // messaging-svc is probably down: one refused notification counts the attempt and waits; the
    // others of the pass are tried again at the next, as if not tried (backing them all off would
    // hold every notification for minutes after a short outage).
    if let Some((id, attempts, status)) = failed.into_iter().next() {
        tracing::warn!(%id, attempts, code = ?status.code(), "messaging-svc did not take a notification; will retry");
        sqlx::query(
            "UPDATE notification_outbox SET attempts = $1, next_attempt_at = $2, last_error = $3 WHERE id = $4",
        )
        .bind(attempts)
        .bind(now() + backoff(attempts))
        .bind(status.message().chars().take(200).collect::<String>())
        .bind(id)
        .execute(pool)
        .await?;
    }
    Ok(delivered.len())
}

#[cfg(test)]
mod tests {
    #[test]
    fn backoff_doubles_and_is_capped() {
        assert_eq!([1, 2, 3, 8, 9, 50].map(super::backoff), [2, 4, 8, 256, 300, 300]);
    }
}
