//! Replicas of one service on one PostgreSQL schema telling each other that something they keep
//! changed: a writer sends `NOTIFY` on the service's channel after its commit, every replica
//! `LISTEN`s and drops what it kept. catalog-svc's listings and pages, booking-svc's providers'
//! setups. On SQLite there is one process and nothing to tell.

use std::time::Duration;

use sqlx::{AnyPool, postgres::PgListener};

/// The channel the replicas of `service` on `schema` tell each other about writes on.
pub fn channel(service: &str, schema: &str) -> String {
    let safe = |s: &str| s.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect::<String>();
    format!("mtaani_{}_changed_{}", safe(service), safe(schema))
}

/// Tells the other replicas listening on `channel` that something changed.
pub async fn notify(pool: &AnyPool, channel: &str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, '')").bind(channel.to_owned()).execute(pool).await.map(|_| ())
}

/// How many connections listen on `channel` now (PostgreSQL's view of its sessions): a test waits
/// for every replica's listener before making the change they must hear.
pub async fn listeners(pool: &AnyPool, channel: &str) -> Result<i64, sqlx::Error> {
    // PgListener sends `LISTEN "<channel>"`; a listening session's last query stays that.
    sqlx::query_scalar("SELECT COUNT(*) FROM pg_stat_activity WHERE query = $1")
        .bind(format!("LISTEN \"{channel}\""))
        .fetch_one(pool)
        .await
}

/// Listens on `channel` for as long as the service runs and calls `changed(true)` for each change
/// heard and once each time the listening (re)starts (what was sent meanwhile is lost), and
/// `changed(false)` when the connection is lost: until the next `changed(true)`, changes may go unheard.
pub fn spawn_listener(url: String, channel: String, changed: impl Fn(bool) + Send + 'static) {
    tokio::spawn(async move {
        let mut delay = Duration::from_millis(200);
        loop {
            match PgListener::connect(&url).await {
                Ok(mut listener) => match listener.listen(&channel).await {
                    Ok(()) => {
                        delay = Duration::from_millis(200);
                        changed(true);
                        // `try_recv` answers None when the connection was lost: a change may have
                        // been missed, and listening starts again.
                        loop {
                            match listener.try_recv().await {
                                Ok(Some(_)) => changed(true),
                                Ok(None) => {
                                    tracing::warn!(%channel, "changes: the listening connection was lost");
                                    break;
                                }
                                Err(e) => {
                                    tracing::warn!(error = %e, %channel, "changes: listener failed");
                                    break;
                                }
                            }
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, %channel, "changes: cannot LISTEN"),
                },
                Err(e) => tracing::warn!(error = %e, %channel, "changes: cannot connect to listen"),
            }
            changed(false);
            tokio::time::sleep(delay).await;
            delay = (delay * 2).min(Duration::from_secs(5));
        }
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_channel_is_the_service_and_its_schema_in_plain_characters() {
        assert_eq!(super::channel("catalog", "public"), "mtaani_catalog_changed_public");
        assert_eq!(super::channel("booking", "b-1; DROP"), "mtaani_booking_changed_b1DROP");
    }
}
