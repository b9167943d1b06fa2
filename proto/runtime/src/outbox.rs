//! The caller's side of notifications: a service that must tell someone something (a reset link, a
//! new booking) writes the notification into its own `notification_outbox` table in the same
//! transaction as the change that caused it, and a forwarder hands it to messaging-svc, retrying with
//! backoff while messaging-svc is unreachable. A reset or a booking never fails because e-mail is down.
//! The table, its queue and its retries are plumbing and live here; what a notification is and how
//! it is handed over are messaging's protocol (`mtaani_proto::messaging::client`).
//!
//! The table (in each caller's migrations):
//! `notification_outbox (id TEXT PRIMARY KEY, payload TEXT NOT NULL, attempts BIGINT NOT NULL DEFAULT 0,
//! next_attempt_at BIGINT NOT NULL, sent_at BIGINT, last_error TEXT, created_at BIGINT NOT NULL)`.

use std::{sync::Arc, time::Duration};

use sqlx::{AnyConnection, AnyPool, Row};
use tokio::sync::Notify;
use tonic::transport::Channel;

use mtaani_proto::messaging::{
    client::{HandOver, decode, encode, hand_over},
    v1::{SendNotificationRequest, messaging_service_client::MessagingServiceClient},
};

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// The ids of rows a queue's worker should look at next, told by the code that stored them: the
/// worker reads those rows by primary key instead of scanning the queue. Scanning a queue table in
/// order walks over every row handed over since the last vacuum (their index entries stay behind
/// until then): under a burst of bookings a scan reads hundreds of pages for 20 rows
/// (docs/decisions/0003-how-queue-workers-find-their-rows.md). The table stays the truth: a worker
/// also scans it (a sweep) when it has no hints and at least every [`SWEEP_EVERY`], which finds what
/// no hint named (rows stored before a restart, by another replica, or waiting to be retried).
#[derive(Debug, Clone, Default)]
pub struct Hints {
    queue: Arc<std::sync::Mutex<std::collections::VecDeque<(String, u8)>>>,
    last_sweep: Arc<std::sync::Mutex<Option<std::time::Instant>>>,
}

/// The longest a queue goes without a sweep while hints keep coming.
pub const SWEEP_EVERY: Duration = Duration::from_secs(30);

impl Hints {
    /// Names a row just stored (in a transaction that may not have committed yet).
    pub fn push(&self, id: String) {
        self.queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push_back((id, 0));
    }

    /// The next step: up to `n` hinted ids to read, or none when the queue should be swept instead
    /// (no hints, or the last sweep is [`SWEEP_EVERY`] ago).
    pub fn next(&self, n: usize) -> Option<Vec<(String, u8)>> {
        let mut last = self.last_sweep.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut queue = self.queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if queue.is_empty() || last.is_none_or(|t| t.elapsed() >= SWEEP_EVERY) {
            *last = Some(std::time::Instant::now());
            return None;
        }
        let take = n.min(queue.len());
        Some(queue.drain(..take).collect())
    }

    /// Reads the hinted rows still waiting with `sql`, a SELECT whose `{ids}` stands for the `IN`
    /// list of their ids and which answers an `id` column; those not found are put back (see
    /// [`Hints::missed`]).
    pub async fn fetch(
        &self,
        pool: &AnyPool,
        sql: &str,
        hinted: Vec<(String, u8)>,
    ) -> Result<Vec<sqlx::any::AnyRow>, sqlx::Error> {
        let sql = sql.replace("{ids}", &crate::db::placeholders(1, hinted.len()));
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (id, _) in &hinted {
            q = q.bind(id.clone());
        }
        let rows = q.fetch_all(pool).await?;
        let found: std::collections::HashSet<String> =
            rows.iter().filter_map(|r| r.try_get::<String, _>("id").ok()).collect();
        self.missed(hinted.into_iter().filter(|(id, _)| !found.contains(id)));
        Ok(rows)
    }

    /// Hinted rows not found waiting: their transaction may not have committed yet, so each is
    /// looked for again a few times (a rolled-back one is then forgotten; a sweep finds anything).
    pub fn missed(&self, ids: impl IntoIterator<Item = (String, u8)>) {
        let mut queue = self.queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        queue.extend(ids.into_iter().filter(|(_, misses)| *misses < 3).map(|(id, misses)| (id, misses + 1)));
    }
}

/// A row of `notification_outbox`: its id, the notification (protobuf in base64), when stored.
#[derive(Debug, Clone)]
pub struct OutboxRow {
    pub id: String,
    pub payload: String,
    pub at: i64,
}

/// Handle to wake the forwarder after a notification was stored.
#[derive(Debug, Clone, Default)]
pub struct Outbox {
    wake: Arc<Notify>,
    hints: Hints,
}

impl Outbox {
    /// Stores `notification` on `conn` (inside the caller's transaction). Its id becomes the
    /// idempotency key unless one is set, so a retried hand-over never sends twice.
    pub async fn enqueue(
        &self,
        conn: &mut AnyConnection,
        notification: SendNotificationRequest,
    ) -> Result<String, sqlx::Error> {
        let row = self.row(notification);
        sqlx::query(
            "INSERT INTO notification_outbox (id, payload, attempts, next_attempt_at, created_at) \
             VALUES ($1, $2, 0, $3, $3)",
        )
        .bind(row.id.clone())
        .bind(row.payload)
        .bind(row.at)
        .execute(conn)
        .await?;
        Ok(row.id)
    }

    /// The `notification_outbox` row of `notification`, for a caller that writes it in a statement
    /// of its own (see [`Outbox::enqueue`]); the forwarder is told of it.
    pub fn row(&self, mut notification: SendNotificationRequest) -> OutboxRow {
        let id = uuid::Uuid::now_v7().to_string();
        if notification.idempotency_key.is_empty() {
            notification.idempotency_key = id.clone();
        }
        let payload = encode(&notification);
        self.hints.push(id.clone());
        OutboxRow { id, payload, at: now() }
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
        let hints = self.hints.clone();
        spawn_worker("notification outbox", self.wake.clone(), move || {
            let (pool, client, hints) = (pool.clone(), client.clone(), hints.clone());
            async move { forward_due(&pool, &client, &hints).await }
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

/// How many notifications of this service are not yet handed to messaging-svc: a test that checks
/// something was sent once, or not at all, waits for none rather than for a while.
pub async fn unsent(pool: &AnyPool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM notification_outbox WHERE sent_at IS NULL").fetch_one(pool).await
}

/// Seconds to wait after `attempts` failures: 2, 4, 8, … capped at 5 minutes.
pub fn backoff(attempts: i64) -> i64 {
    2i64.saturating_pow(attempts.clamp(1, 20) as u32).min(300)
}

/// Notifications handed over per pass; messaging-svc's e-mail and SMS senders take as many per pass.
/// Under a burst those workers run full passes back to back, so this sets their statements and
/// commits per booking: the larger the pass, the fewer (why 50:
/// docs/decisions/0003-how-queue-workers-find-their-rows.md).
pub const PASS: usize = 50;

/// Hands due notifications to messaging-svc (those [`Hints`] name, or a sweep of the table); returns
/// how many were delivered. A pass's notifications (up to [`PASS`]) go in one call, which
/// messaging-svc stores in one transaction (one commit there, not one each); those delivered are
/// marked in one statement here. A notification handed over but not marked (the service stopped in
/// between) is handed over again, and messaging-svc takes it once by its idempotency key.
pub async fn forward_due(
    pool: &AnyPool,
    client: &MessagingServiceClient<Channel>,
    hints: &Hints,
) -> Result<usize, sqlx::Error> {
    let rows = match hints.next(PASS) {
        // The sweep's `next_attempt_at <= $1` is what lets it, and not the reads by id, use the
        // callers' partial index of waiting rows (`… WHERE sent_at IS NULL AND next_attempt_at IS NOT
        // NULL`: booking-svc's migration 0008 says why).
        None => {
            let sql = format!(
                "SELECT id, payload, attempts FROM notification_outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 \
                 ORDER BY created_at LIMIT {PASS}"
            );
            sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now()).fetch_all(pool).await?
        }
        Some(hinted) => {
            let sql = "SELECT id, payload, attempts FROM notification_outbox WHERE id IN ({ids}) AND sent_at IS NULL";
            hints.fetch(pool, sql, hinted).await?
        }
    };
    let mut pending = Vec::with_capacity(rows.len());
    for row in rows {
        let id: String = row.try_get("id")?;
        let attempts: i64 = row.try_get("attempts")?;
        let payload: String = row.try_get("payload")?;
        let Some(notification) = decode(&payload) else {
            tracing::error!(%id, "notification outbox: unreadable payload, giving up on it");
            sqlx::query("UPDATE notification_outbox SET sent_at = -1, last_error = 'unreadable' WHERE id = $1")
                .bind(id)
                .execute(pool)
                .await?;
            continue;
        };
        pending.push((id, attempts, notification));
    }
    if pending.is_empty() {
        return Ok(0);
    }
    let HandOver { delivered, refused, failed } = hand_over(client, pending).await;
    let marked = "UPDATE notification_outbox SET sent_at = $1, attempts = attempts + 1 WHERE id IN ({ids})";
    crate::db::update_ids(pool, marked, now(), &delivered).await?;
    // Refused for what it is (an invalid address): retrying cannot help.
    for (id, error) in &refused {
        tracing::error!(%id, %error, "messaging-svc refused a notification; giving up on it");
        sqlx::query(
            "UPDATE notification_outbox SET sent_at = -1, attempts = attempts + 1, last_error = $1 WHERE id = $2",
        )
        .bind(error.chars().take(200).collect::<String>())
        .bind(id.clone())
        .execute(pool)
        .await?;
    }
    // messaging-svc is probably down: one refused notification counts the attempt and waits; the
    // others of the pass are tried again at the next, as if not tried (backing them all off would
    // hold every notification for minutes after a short outage).
    if let Some((id, attempts, error)) = failed.into_iter().next() {
        tracing::warn!(%id, attempts, %error, "messaging-svc did not take a notification; will retry");
        sqlx::query(
            "UPDATE notification_outbox SET attempts = $1, next_attempt_at = $2, last_error = $3 WHERE id = $4",
        )
        .bind(attempts)
        .bind(now() + backoff(attempts))
        .bind(error.chars().take(200).collect::<String>())
        .bind(id)
        .execute(pool)
        .await?;
    }
    Ok(delivered.len())
}

#[cfg(test)]
mod tests {
    #[test]
    fn hints_name_rows_and_leave_room_for_sweeps() {
        let hints = super::Hints::default();
        hints.push("a".into());
        assert_eq!(hints.next(10), None, "the first step is a sweep (what was stored before the start)");
        hints.push("b".into());
        hints.push("c".into());
        assert_eq!(hints.next(2), Some(vec![("a".into(), 0), ("b".into(), 0)]));
        // Not found yet (not committed): looked for again, three times at most.
        hints.missed([("a".to_owned(), 0)]);
        assert_eq!(hints.next(5), Some(vec![("c".into(), 0), ("a".into(), 1)]));
        hints.missed([("a".to_owned(), 3)]);
        assert_eq!(hints.next(5), None, "forgotten after three misses; nothing hinted: a sweep");
    }

    #[test]
    fn backoff_doubles_and_is_capped() {
        assert_eq!([1, 2, 3, 8, 9, 50].map(super::backoff), [2, 4, 8, 256, 300, 300]);
    }
}
