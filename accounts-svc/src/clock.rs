//! The time accounts-svc goes by: the system clock, moved forward in tests (subscriptions expire
//! after 30 days plus grace; nobody waits that long).

use std::sync::{
    Arc,
    atomic::{AtomicI64, Ordering},
};

#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset: Arc<AtomicI64>,
}

impl Clock {
    /// Unix seconds now.
    pub fn now(&self) -> i64 {
        crate::now() + self.offset.load(Ordering::Relaxed)
    }

    /// Moves this clock (and every clone of it) forward.
    pub fn advance(&self, secs: i64) {
        self.offset.fetch_add(secs, Ordering::Relaxed);
    }
}
