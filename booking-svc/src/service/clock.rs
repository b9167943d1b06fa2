//! The time the reminder and morning-list worker goes by: the system clock, or — for browser tests
//! only, when `MTAANI_TEST_CLOCK_FILE` names a file — the system clock moved forward by the whole
//! seconds written in that file (missing or empty: not moved). Booking rules always use the real
//! clock; only the worker's "is it 6 PM the evening before yet?" can be moved, so a test can see a
//! reminder go out without waiting a day.

use std::path::PathBuf;

use chrono::{DateTime, Duration, Utc};

#[derive(Debug, Clone, Default)]
pub struct Clock {
    file: Option<PathBuf>,
}

impl Clock {
    pub fn new(file: Option<PathBuf>) -> Self {
        Self { file }
    }

    pub fn now(&self) -> DateTime<Utc> {
        let offset = self
            .file
            .as_ref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .and_then(|s| s.trim().parse::<i64>().ok())
            .unwrap_or(0);
        Utc::now() + Duration::seconds(offset)
    }
}
