//! The one place where failures become HTTP answers: `{"message": …}` plus `errors` per field for
//! validation. gRPC codes map to HTTP statuses; internal details are logged, never sent.

use std::collections::BTreeMap;

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use tonic::Code;

#[derive(Debug, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    pub message: String,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub errors: BTreeMap<String, String>,
}

pub const UNAVAILABLE: &str = "This part of Mtaani is temporarily unavailable. Please try again shortly.";
pub const INTERNAL: &str = "Something went wrong. Please try again.";

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self { status, message: message.into(), errors: BTreeMap::new() }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self)).into_response()
    }
}

impl From<tonic::Status> for ApiError {
    fn from(s: tonic::Status) -> Self {
        let status = match s.code() {
            Code::InvalidArgument | Code::OutOfRange => StatusCode::BAD_REQUEST,
            Code::Unauthenticated => StatusCode::UNAUTHORIZED,
            Code::PermissionDenied => StatusCode::FORBIDDEN,
            Code::NotFound => StatusCode::NOT_FOUND,
            Code::AlreadyExists | Code::Aborted | Code::FailedPrecondition => StatusCode::CONFLICT,
            Code::ResourceExhausted => StatusCode::TOO_MANY_REQUESTS,
            Code::Unimplemented => StatusCode::NOT_IMPLEMENTED,
            Code::Unavailable | Code::DeadlineExceeded | Code::Cancelled => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let message = match status {
            StatusCode::SERVICE_UNAVAILABLE => {
                tracing::warn!(code = ?s.code(), detail = s.message(), "service unavailable");
                UNAVAILABLE.to_owned()
            }
            StatusCode::INTERNAL_SERVER_ERROR => {
                tracing::error!(code = ?s.code(), detail = s.message(), "service error");
                INTERNAL.to_owned()
            }
            _ => s.message().to_owned(),
        };
        let errors = mtaani_proto::status::field_errors(&s).into_iter().collect();
        Self { status, message, errors }
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grpc_codes_become_http_statuses_with_clean_messages() {
        let e = ApiError::from(tonic::Status::unavailable("tcp connect error: 127.0.0.1:50052 refused"));
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(e.message, UNAVAILABLE);
        let e = ApiError::from(tonic::Status::internal("duplicate key value violates constraint"));
        assert_eq!((e.status, e.message.as_str()), (StatusCode::INTERNAL_SERVER_ERROR, INTERNAL));
        let e = ApiError::from(tonic::Status::not_found("Service not found"));
        assert_eq!((e.status, e.message.as_str()), (StatusCode::NOT_FOUND, "Service not found"));
        let e = ApiError::from(mtaani_proto::status::invalid_argument(
            "Password is required",
            &[("password".into(), "Password is required".into())],
        ));
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        assert_eq!(e.errors.get("password").map(String::as_str), Some("Password is required"));
    }
}
