//! The queues a notification passes through on its way to its recipient: each service's
//! `notification_outbox` (until handed to messaging-svc), then messaging-svc's e-mail and SMS
//! outboxes (until written). When all are empty, every notification stored so far has arrived: a
//! test that checks that something was sent only once, or not at all, waits for this instead of
//! waiting a while.

use std::time::Duration;

use mtaani_runtime::testing::{TestDb, eventually};
use sqlx::AnyPool;

/// A connection pool to the test database of a service (`db.config.service`).
pub async fn pool(db: &TestDb) -> AnyPool {
    let migrator = match db.config.service {
        "accounts" => &accounts_svc::MIGRATOR,
        "catalog" => &catalog_svc::MIGRATOR,
        "booking" => &booking_svc::MIGRATOR,
        "messaging" => &messaging_svc::MIGRATOR,
        other => panic!("no service {other}"),
    };
    mtaani_runtime::db::connect(&db.config, migrator).await.expect("the service's database").pool
}

/// Connections to the databases of some services, to read their queues.
pub struct Queues {
    pools: Vec<(&'static str, AnyPool)>,
}

impl Queues {
    /// The queues in `dbs` (each a service's test database).
    pub async fn of<'a>(dbs: impl IntoIterator<Item = &'a TestDb>) -> Self {
        let mut pools = Vec::new();
        for db in dbs {
            pools.push((db.config.service, pool(db).await));
        }
        Self { pools }
    }

    /// How many notifications are still on their way, per queue that holds any.
    pub async fn waiting(&self) -> Vec<(String, i64)> {
        let mut waiting = Vec::new();
        for (service, pool) in &self.pools {
            let mut counts = Vec::new();
            if *service == "messaging" {
                for (table, count) in [
                    ("outbox", "SELECT COUNT(*) FROM outbox WHERE status = 'pending'"),
                    ("sms_outbox", "SELECT COUNT(*) FROM sms_outbox WHERE status IN ('pending', 'sending')"),
                ] {
                    counts.push((table, sqlx::query_scalar(count).fetch_one(pool).await.expect("a count")));
                }
            } else {
                counts.push(("notification_outbox", mtaani_runtime::outbox::unsent(pool).await.expect("a count")));
            }
            for (table, n) in counts {
                if n > 0 {
                    waiting.push((format!("{service}.{table}"), n));
                }
            }
        }
        waiting
    }

    /// The notifications the services hold, not handed to messaging-svc: how many were tried
    /// already (and wait to be tried again), and how many not yet.
    pub async fn not_handed_over(&self) -> (i64, i64) {
        let (mut tried, mut untried) = (0, 0);
        for (service, pool) in &self.pools {
            if *service != "messaging" {
                let count =
                    |sql| async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await.expect("a count") };
                tried += count("SELECT COUNT(*) FROM notification_outbox WHERE sent_at IS NULL AND attempts > 0").await;
                untried +=
                    count("SELECT COUNT(*) FROM notification_outbox WHERE sent_at IS NULL AND attempts = 0").await;
            }
        }
        (tried, untried)
    }

    /// Waits until every queue is empty.
    pub async fn drained(&self) {
        eventually("every notification delivered", Duration::from_secs(15), async || {
            let waiting = self.waiting().await;
            if waiting.is_empty() { Ok(()) } else { Err(format!("{waiting:?}")) }
        })
        .await;
    }

    pub async fn close(self) {
        for (_, pool) in self.pools {
            pool.close().await;
        }
    }
}
