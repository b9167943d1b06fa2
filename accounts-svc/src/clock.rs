//! The time accounts-svc goes by: the system clock, moved forward in tests (subscriptions expire
//! after 30 days plus grace; nobody waits that long). Browser tests move it as they move the booking
//! worker's: by the whole seconds written in `MTAANI_TEST_CLOCK_FILE` (missing or empty: not moved).

use std::{
    path::PathBuf,
    sync::{
        Arc,
        atomic::{AtomicI64, Ordering},
    },
};

#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset: Arc<AtomicI64>,
    file: Option<PathBuf>,
}

impl Clock {
    /// The system clock, moved by the seconds `file` holds when there is one (tests only).
    pub fn new(file: Option<PathBuf>) -> Self {
        Self { offset: Arc::default(), file }
    }

    /// Unix seconds now.
    pub fn now(&self) -> i64 {
        let moved = self
            .file
            .as_ref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .and_then(|s| s.trim().parse::<i64>().ok())
            .unwrap_or(0);
        crate::now() + self.offset.load(Ordering::Relaxed) + moved
    }

    /// Moves this clock (and every clone of it) forward.
    pub fn advance(&self, secs: i64) {
        self.offset.fetch_add(secs, Ordering::Relaxed);
    }
}
