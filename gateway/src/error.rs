//! The one place where failures become HTTP answers: `{"message": …, "code": …}` plus `errors` per
//! field for validation. gRPC codes map to HTTP statuses, the services' error codes pass through;
//! internal details are logged, never sent.

use std::collections::BTreeMap;

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
pub use mtaani_proto::status::{ErrorCode, texts::INTERNAL};
use serde::Serialize;
use tonic::Code;

/// Every error answer: what went wrong in words a person can act on, a stable code to act on it by,
/// and for a broken rule the message per field.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"message": "Please enter a valid email address", "code": "validation",
    "errors": {"email": "Please enter a valid email address"}}))]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    /// The sentence to show, in the request's language (SPEC.md's texts).
    pub message: String,
    /// What went wrong, for a client to branch on: it never changes with the wording or the language.
    #[serde(serialize_with = "code_text")]
    #[schema(schema_with = code_schema)]
    pub code: ErrorCode,
    /// Validation failures: for each field, the first rule it breaks.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub errors: BTreeMap<String, String>,
}

fn code_text<S: serde::Serializer>(code: &ErrorCode, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(code.as_str())
}

/// The codes as the OpenAPI document's enum, read from `ErrorCode::ALL`.
fn code_schema() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(ErrorCode::ALL.iter().map(|c| c.as_str())))
        .build()
}

pub const UNAVAILABLE: &str = mtaani_proto::status::texts::UNAVAILABLE;

/// The code of an answer that names none: what its HTTP status means.
fn code_of(status: StatusCode) -> ErrorCode {
    match status {
        StatusCode::BAD_REQUEST => ErrorCode::Validation,
        StatusCode::UNAUTHORIZED => ErrorCode::Unauthenticated,
        StatusCode::FORBIDDEN => ErrorCode::Forbidden,
        StatusCode::NOT_FOUND => ErrorCode::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => ErrorCode::MethodNotAllowed,
        StatusCode::CONFLICT => ErrorCode::Conflict,
        StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::TooLarge,
        StatusCode::TOO_MANY_REQUESTS => ErrorCode::RateLimited,
        StatusCode::NOT_IMPLEMENTED => ErrorCode::NotImplemented,
        StatusCode::SERVICE_UNAVAILABLE => ErrorCode::Unavailable,
        s if s.is_server_error() => ErrorCode::Internal,
        _ => ErrorCode::BadRequest,
    }
}

impl ApiError {
    /// An answer of `status` whose code is what the status means.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self { status, message: message.into(), code: code_of(status), errors: BTreeMap::new() }
    }

    /// An answer of `status` with a code of its own (`suspended` rather than `forbidden`).
    pub fn coded(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
        Self { code, ..Self::new(status, message) }
    }

    /// An answer of `status` saying `code`'s one sentence ([`ErrorCode::sentence`]).
    pub fn fixed(status: StatusCode, code: ErrorCode) -> Self {
        Self::coded(status, code, code.sentence().unwrap_or(INTERNAL))
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// A bad request about one field: `message` as the answer's and as the field's.
    pub fn bad_field(field: &str, message: &str) -> Self {
        let mut e = Self::bad_request(message);
        e.errors.insert(field.into(), message.into());
        e
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
            // A connection lost in the middle of a call (a service killed): tonic reports it with
            // the transport's error as its source. Not a fault of the service's logic, and over
            // once the service is back: 503, which tells a client to try again (with the same
            // Idempotency-Key for a write). A status the service itself sent has no source.
            Code::Unknown | Code::Internal if std::error::Error::source(&s).is_some() => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let (message, code) = match status {
            StatusCode::SERVICE_UNAVAILABLE => {
                tracing::warn!(code = ?s.code(), detail = s.message(), "service unavailable");
                (UNAVAILABLE.to_owned(), ErrorCode::Unavailable)
            }
            StatusCode::INTERNAL_SERVER_ERROR => {
                tracing::error!(code = ?s.code(), detail = s.message(), "service error");
                (INTERNAL.to_owned(), ErrorCode::Internal)
            }
            _ => (s.message().to_owned(), mtaani_proto::status::error_code(&s)),
        };
        let errors = mtaani_proto::status::field_errors(&s).into_iter().collect();
        Self { status, message, code, errors }
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

pub const TOO_LARGE: &str = "The request is too large.";
pub const NOT_VALID: &str = "The request is not valid.";
pub const NOT_JSON: &str = "Send the request body as JSON (Content-Type: application/json).";
pub const NOT_VALID_JSON: &str = "The request body is not valid JSON.";
pub const NOT_FOUND: &str = "Not found";
pub const WRONG_METHOD: &str = "This address does not take that method.";
pub const NOT_HANDLED: &str = "The request could not be handled.";

/// For an error answer (4xx, 5xx), whether its body is JSON; None for any other answer.
pub fn error_answer(response: &Response) -> Option<bool> {
    let status = response.status();
    (status.is_client_error() || status.is_server_error()).then(|| {
        response
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"))
    })
}

/// axum answers a few failures itself, as plain text or with no body at all (a method a route does
/// not take, a path parameter that is not valid UTF-8): those get the same JSON shape as every other
/// error. Their headers (`Allow` on a 405) stay.
pub async fn json_errors(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let response = next.run(request).await;
    if error_answer(&response) != Some(false) {
        return response;
    }
    let status = response.status();
    let message = match status {
        StatusCode::BAD_REQUEST => NOT_VALID,
        StatusCode::NOT_FOUND => NOT_FOUND,
        StatusCode::METHOD_NOT_ALLOWED => WRONG_METHOD,
        StatusCode::PAYLOAD_TOO_LARGE => TOO_LARGE,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => NOT_JSON,
        s if s.is_server_error() => INTERNAL,
        s => s.canonical_reason().unwrap_or(NOT_HANDLED),
    };
    let (mut parts, _) = response.into_parts();
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    let code = if status == StatusCode::BAD_REQUEST { ErrorCode::BadRequest } else { code_of(status) };
    let mut answer = ApiError::coded(status, code, message).into_response();
    let mut name = None;
    for (next, value) in parts.headers.drain() {
        name = next.or(name);
        if let Some(n) = name.as_ref().filter(|n| **n != axum::http::header::CONTENT_TYPE) {
            answer.headers_mut().append(n.clone(), value);
        }
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_lost_mid_call_is_503_but_a_service_error_is_500() {
        let lost = tonic::Status::from_error(Box::new(std::io::Error::from(std::io::ErrorKind::ConnectionReset)));
        assert_eq!(lost.code(), Code::Unknown);
        let lost = ApiError::from(lost);
        assert_eq!((lost.status, lost.code), (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable));
        assert_eq!(ApiError::from(tonic::Status::unknown("boom")).status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(ApiError::from(tonic::Status::internal("boom")).status, StatusCode::INTERNAL_SERVER_ERROR);
    }

    #[test]
    fn grpc_codes_become_http_statuses_with_clean_messages() {
        let e = ApiError::from(tonic::Status::unavailable("tcp connect error: 127.0.0.1:50052 refused"));
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(e.message, UNAVAILABLE);
        let e = ApiError::from(tonic::Status::internal("duplicate key value violates constraint"));
        assert_eq!((e.status, e.message.as_str()), (StatusCode::INTERNAL_SERVER_ERROR, INTERNAL));
        let e = ApiError::from(tonic::Status::not_found("Service not found"));
        assert_eq!(
            (e.status, e.message.as_str(), e.code),
            (StatusCode::NOT_FOUND, "Service not found", ErrorCode::NotFound)
        );
        let e = ApiError::from(mtaani_proto::status::fixed(Code::AlreadyExists, ErrorCode::SlotTaken));
        assert_eq!((e.status, e.code), (StatusCode::CONFLICT, ErrorCode::SlotTaken));
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json, serde_json::json!({"message": mtaani_proto::status::texts::SLOT_TAKEN, "code": "slot_taken"}));
        let e = ApiError::from(mtaani_proto::status::invalid_argument(
            "Password is required",
            &[("password".into(), "Password is required".into())],
        ));
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        assert_eq!(e.errors.get("password").map(String::as_str), Some("Password is required"));
        assert_eq!(e.code, ErrorCode::Validation);
    }
}
