//! Answer types that several route modules share, one file per service whose records they carry:
//! here, below the routes, so that no route module imports another. An area's own answers (a
//! page's envelope, what only one route returns) stay beside its handlers.

pub mod accounts;
pub mod booking;
pub mod catalog;
pub mod messaging;

use serde::Serialize;

use crate::error::{ApiError, ApiResult};

/// Unix seconds as an RFC 3339 UTC timestamp.
pub fn iso8601(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0).unwrap_or_default().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

pub fn to_json(value: &impl Serialize) -> ApiResult<axum::body::Bytes> {
    serde_json::to_vec(value).map(Into::into).map_err(|e| {
        tracing::error!(error = %e, "cannot encode an answer");
        ApiError::internal()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_rfc3339_utc() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso8601(1_763_715_600), "2025-11-21T09:00:00Z");
    }
}
