//! How long records are kept (docs/SECURITY.md, "Data rights"; the privacy page): each service
//! deletes what has outlived its period, once at start and then every hour.

use std::{future::Future, time::Duration};

pub const DAY: i64 = 86_400;
/// Bookings: 24 months after the appointment date.
pub const BOOKINGS: i64 = 730 * DAY;
/// Contact messages: 12 months after the last reply (or after arrival, if never answered).
pub const CONTACT_MESSAGES: i64 = 365 * DAY;
/// Reports of listings: 24 months after they were closed.
pub const REPORTS: i64 = 730 * DAY;

/// Runs `purge(now)` at start and every hour until the process ends; failures are logged and the
/// next round tries again.
pub fn spawn<F, Fut>(what: &'static str, purge: F) -> tokio::task::JoinHandle<()>
where
    F: Fn(i64) -> Fut + Send + 'static,
    Fut: Future<Output = Result<u64, sqlx::Error>> + Send,
{
    tokio::spawn(async move {
        loop {
            let now =
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
            match purge(now).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(what, deleted = n, "records past their retention period deleted"),
                Err(e) => tracing::warn!(what, error = %e, "retention: cannot delete old records; retrying later"),
            }
            tokio::time::sleep(Duration::from_secs(3600)).await;
        }
    })
}
