//! The time catalog-svc writes: Unix seconds (stored in UTC; shown in Africa/Nairobi by the web).

/// Unix seconds now.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}
