//! The one place where failures become HTTP answers: `{"message": …, "code": …}` plus `errors` per
//! field for validation. gRPC codes map to HTTP statuses, the services' error codes pass through;
//! internal details are logged, never sent.

use std::collections::BTreeMap;

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
pub use mtaani_proto::status::ErrorCode;
use mtaani_proto::text::{Key, Text, said};
use serde::Serialize;
use tonic::Code;

use crate::i18n::Language;

/// What an error answer says: a text by its code, or words that are not ours (HTTP's own reason
/// phrase, a status from a service that sent no text), passed on as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Text(Text),
    Words(String),
}

impl From<Text> for Said {
    fn from(text: Text) -> Self {
        Said::Text(text)
    }
}

/// A refusal or a fault, as the routes return it: its texts are written in the request's language on
/// the way out ([`translate_errors`]) into an [`ErrorBody`].
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: Said,
    pub code: ErrorCode,
    pub errors: BTreeMap<String, Said>,
}

/// Every error answer: what went wrong in words a person can act on, a stable code to act on it by,
/// and for a broken rule the message per field.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ApiError, example = json!({"message": "Please enter a valid email address", "code": "validation",
    "errors": {"email": "Please enter a valid email address"}}))]
pub struct ErrorBody {
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

/// An error answer's texts, kept with the answer until they are written in the request's language.
#[derive(Debug, Clone)]
pub struct ErrorTexts {
    code: ErrorCode,
    message: Said,
    errors: BTreeMap<String, Said>,
}

impl ErrorTexts {
    /// The answer in `language`, and the language it is written in (English where it says HTTP's
    /// own words, which are not ours to translate).
    pub fn body(&self, language: Language) -> (ErrorBody, Language) {
        let mut words = false;
        let mut write = |said: &Said| match said {
            Said::Text(text) => text.render(language),
            Said::Words(w) => {
                words = true;
                w.clone()
            }
        };
        let message = write(&self.message);
        let errors = self.errors.iter().map(|(field, said)| (field.clone(), write(said))).collect();
        (ErrorBody { message, code: self.code, errors }, if words { Language::En } else { language })
    }
}

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
    pub fn new(status: StatusCode, message: impl Into<Said>) -> Self {
        Self { status, message: message.into(), code: code_of(status), errors: BTreeMap::new() }
    }

    /// An answer of `status` with a code of its own (`suspended` rather than `forbidden`).
    pub fn coded(status: StatusCode, code: ErrorCode, message: impl Into<Said>) -> Self {
        Self { code, ..Self::new(status, message) }
    }

    /// An answer of `status` saying `code`'s one text ([`ErrorCode::text`]).
    pub fn fixed(status: StatusCode, code: ErrorCode) -> Self {
        Self::coded(status, code, Text::from(code.text().unwrap_or(Key::Internal)))
    }

    pub fn bad_request(message: impl Into<Said>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// A bad request about one field: `message` as the answer's and as the field's.
    pub fn bad_field(field: &str, message: impl Into<Said>) -> Self {
        let message = message.into();
        let mut e = Self::bad_request(message.clone());
        e.errors.insert(field.into(), message);
        e
    }

    pub fn not_found(message: impl Into<Said>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    /// A fault of ours: logged where it happened, said without details.
    pub fn internal() -> Self {
        Self::fixed(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal)
    }
}

/// Sent in English; [`translate_errors`] writes it again in the request's language from the
/// texts it keeps in the answer's extensions.
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let texts = ErrorTexts { code: self.code, message: self.message, errors: self.errors };
        let (body, _) = texts.body(Language::En);
        let mut response = (self.status, Json(body)).into_response();
        response.extensions_mut().insert(texts);
        response
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
        match status {
            StatusCode::SERVICE_UNAVAILABLE => {
                tracing::warn!(code = ?s.code(), detail = s.message(), "service unavailable");
                Self::fixed(status, ErrorCode::Unavailable)
            }
            StatusCode::INTERNAL_SERVER_ERROR => {
                tracing::error!(code = ?s.code(), detail = s.message(), "service error");
                Self::internal()
            }
            _ => {
                let message =
                    mtaani_proto::status::text(&s).map_or_else(|| Said::Words(s.message().to_owned()), Said::Text);
                let texts = mtaani_proto::status::field_texts(&s);
                let errors = mtaani_proto::status::field_errors(&s)
                    .into_iter()
                    .map(|(field, words)| {
                        let text = texts.iter().find(|(f, _)| *f == field).map(|(_, t)| t.clone());
                        (field, text.map_or(Said::Words(words), Said::Text))
                    })
                    .collect();
                Self { status, message, code: mtaani_proto::status::error_code(&s), errors }
            }
        }
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

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
    // Any other status says HTTP's own reason phrase, as it is.
    let message: Said = match status {
        StatusCode::BAD_REQUEST => said::not_valid().into(),
        StatusCode::NOT_FOUND => said::not_found().into(),
        StatusCode::METHOD_NOT_ALLOWED => said::wrong_method().into(),
        StatusCode::PAYLOAD_TOO_LARGE => said::too_large().into(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => said::not_json().into(),
        s if s.is_server_error() => said::internal().into(),
        s => s.canonical_reason().map_or_else(|| said::not_handled().into(), |words| Said::Words(words.to_owned())),
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

/// Writes every error answer of the API ([`ApiError`](crate::error::ApiError), which keeps its texts
/// in the answer's extensions) in the request's language: its `message` and the messages of
/// `errors`. Sits outside `error::json_errors`, so axum's own rejections (made answers there) are
/// written in it too.
pub async fn translate_errors(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let language = crate::i18n::of_request(request.headers());
    let mut response = next.run(request).await;
    let Some(error) = response.extensions_mut().remove::<ErrorTexts>() else {
        return response;
    };
    let (body, written_in) = error.body(language);
    let (mut parts, _) = response.into_parts();
    crate::i18n::negotiated(&mut parts.headers, written_in);
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    let bytes = serde_json::to_vec(&body).unwrap_or_default();
    Response::from_parts(parts, axum::body::Body::from(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english(e: &ApiError) -> ErrorBody {
        ErrorTexts { code: e.code, message: e.message.clone(), errors: e.errors.clone() }.body(Language::En).0
    }

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
        assert_eq!(e.message, said::unavailable().into());
        let e = ApiError::from(tonic::Status::internal("duplicate key value violates constraint"));
        assert_eq!((e.status, &e.message), (StatusCode::INTERNAL_SERVER_ERROR, &said::internal().into()));
        let e = ApiError::from(mtaani_proto::status::refusal(
            Code::NotFound,
            ErrorCode::NotFound,
            said::service_not_found(),
        ));
        assert_eq!(
            (e.status, &e.message, e.code),
            (StatusCode::NOT_FOUND, &said::service_not_found().into(), ErrorCode::NotFound)
        );
        let e = ApiError::from(mtaani_proto::status::fixed(Code::AlreadyExists, ErrorCode::SlotTaken));
        assert_eq!((e.status, e.code), (StatusCode::CONFLICT, ErrorCode::SlotTaken));
        let json = serde_json::to_value(english(&e)).unwrap();
        assert_eq!(json, serde_json::json!({"message": said::slot_taken().to_string(), "code": "slot_taken"}));
        let mut v = mtaani_proto::status::Violations::new();
        v.check(false, "password", said::password_required());
        let e = ApiError::from(v.into_status(Code::InvalidArgument, ErrorCode::Validation));
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        assert_eq!(e.errors.get("password"), Some(&said::password_required().into()));
        assert_eq!(e.code, ErrorCode::Validation);
    }
}

#[cfg(test)]
mod written_in_the_request_language {
    use axum::http::StatusCode;
    use mtaani_proto::text::said;
    use tower::ServiceExt;

    use axum::http::header;

    use super::*;

    /// The answer to a request in `language` of a route failing with `error`.
    async fn answered(language: &str, error: fn() -> ApiError) -> (Option<String>, serde_json::Value) {
        let app = axum::Router::new()
            .route("/", axum::routing::get(move || async move { error() }))
            .layer(axum::middleware::from_fn(translate_errors));
        let request = axum::http::Request::get("/").header(header::ACCEPT_LANGUAGE, language);
        let response = app.oneshot(request.body(axum::body::Body::empty()).unwrap()).await.unwrap();
        let content_language =
            response.headers().get(header::CONTENT_LANGUAGE).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let bytes = axum::body::to_bytes(response.into_body(), 64 * 1024).await.unwrap();
        (content_language, serde_json::from_slice(&bytes).unwrap())
    }

    #[tokio::test]
    async fn an_error_is_written_in_the_language_of_the_request_by_its_code() {
        fn too_soon() -> ApiError {
            let mut e = ApiError::bad_field("time", said::too_soon(said::n_hours(2)));
            e.errors.insert("message".into(), said::booking_message_too_long().into());
            e
        }
        let (language, sw) = answered("sw, en;q=0.5", too_soon).await;
        assert_eq!(language.as_deref(), Some("sw"));
        assert_eq!(sw["message"], "Tafadhali weka miadi angalau saa 2 mapema.");
        assert_eq!(sw["errors"]["time"], sw["message"]);
        assert_eq!(sw["errors"]["message"], "Ujumbe usizidi herufi 1000");
        assert_eq!(sw["code"], "validation");
        let (language, en) = answered("en", too_soon).await;
        assert_eq!(language.as_deref(), Some("en"));
        assert_eq!(en["message"], "Please book at least 2 hours ahead.");
    }

    #[tokio::test]
    async fn a_code_with_one_text_says_it() {
        let (_, sw) =
            answered("sw", || ApiError::fixed(StatusCode::CONFLICT, mtaani_proto::status::ErrorCode::SlotTaken)).await;
        assert_eq!(sw["message"], said::slot_taken().render(Language::Sw));
        assert_eq!(sw["code"], "slot_taken");
    }
}
