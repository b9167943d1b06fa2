//! The seats held on providers' days, kept for the booking dialog's day on SQLite. There one
//! process makes every booking and change ([`crate::caches::setups::Setups::alone`]), so it knows each
//! change of a provider's seats as it commits it ([`DaySeats::changed`]), and a day's read is taken from
//! memory instead of a query: through sqlx's SQLite worker thread, that query and its two hand-offs
//! between threads are much of the CPU of a day's answer (docs/BENCHMARKS.md, "Where the day's CPU
//! went").
//!
//! On PostgreSQL other replicas book too, and nothing of it is kept: every day's read asks the
//! database (a booking's seats are the database's to keep either way: what is kept only decides which
//! starts the dialog offers).

use std::sync::Arc;

use sqlx::AnyPool;

use crate::{caches::generation::GenerationCache, store};

/// Providers' days kept (a day's seats are a few hundred bytes at most).
const KEPT_DAYS: usize = 20_000;

/// A day's seats: (cell, seat) pairs.
pub type Holds = Arc<[(i64, i64)]>;

/// The seats held on each provider's day, kept on SQLite and read from the database on PostgreSQL.
#[derive(Clone, Debug)]
pub struct DaySeats {
    /// `None`: nothing kept, every day read from the database.
    days: Option<GenerationCache<Holds, (String, i64)>>,
}

impl DaySeats {
    /// Kept: one process on its own database.
    pub fn alone() -> Self {
        let days = GenerationCache::new(KEPT_DAYS);
        days.change_heard(true);
        Self { days: Some(days) }
    }

    /// Nothing kept: replicas on one database.
    pub fn shared() -> Self {
        Self { days: None }
    }

    /// The seats held on `seller_id`'s day that starts at `from` (its first second).
    pub async fn day(&self, pool: &AnyPool, seller_id: &str, from: i64) -> Result<Holds, sqlx::Error> {
        let read = async { store::holds(pool, seller_id, from, from + 86_400).await.map(Holds::from) };
        match &self.days {
            Some(days) => days.get_or_read((seller_id.to_owned(), from), read).await,
            None => read.await,
        }
    }

    /// Seats of `seller_id`'s were taken or given back, committed: their days are read again.
    pub fn changed(&self, seller_id: &str) {
        if let Some(days) = &self.days {
            days.owner_changed(seller_id);
        }
    }
}
