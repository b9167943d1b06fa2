//! JSON body and query extractors whose rejections are answered as `{"message": …}` like every other
//! error, instead of axum's plain-text defaults. They also refuse what no field of ours may hold:
//! a NUL character (U+0000), which PostgreSQL cannot store in text and no form can type.

use axum::{
    body::Bytes,
    extract::{FromRequest, FromRequestParts, Request, rejection::JsonRejection},
    http::{HeaderMap, StatusCode, header, request::Parts},
};
use serde::de::DeserializeOwned;

use mtaani_proto::text::said;

use crate::error::{ApiError, ErrorCode, Said};

/// A JSON body.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, said::not_json()));
        }
        let ApiBytes(bytes) = ApiBytes::from_request(req, state).await?;
        // JSON is UTF-8 (RFC 8259); serde would skip bad bytes unread in a field we ignore.
        if std::str::from_utf8(&bytes).is_err() {
            return Err(malformed(said::not_valid_json()));
        }
        if has_nul(&bytes) {
            return Err(ApiError::bad_request(said::unsupported_characters()));
        }
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(v)) => Ok(Self(v)),
            Err(rejection) => Err(json_rejection(&rejection)),
        }
    }
}

/// A request the API cannot read (not JSON, a field of the wrong type, a query that is not one).
fn malformed(message: impl Into<Said>) -> ApiError {
    ApiError::coded(StatusCode::BAD_REQUEST, ErrorCode::BadRequest, message)
}

/// `application/json`, or a `+json` type, as axum's `Json` accepts.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Whether a JSON text has a string holding U+0000: JSON can only write it as the escape `\u0000`
/// (a raw control character in a string is a syntax error).
fn has_nul(json: &[u8]) -> bool {
    let mut i = 0;
    while let Some(at) = json[i..].iter().position(|b| *b == b'\\').map(|p| i + p) {
        if json.get(at + 1) == Some(&b'u') && json.get(at + 2..at + 6) == Some(b"0000") {
            return true;
        }
        // Skip the escaped character, so `\\` followed by `u0000` is text, not a NUL.
        i = at + 2;
        if i >= json.len() {
            break;
        }
    }
    false
}

/// A body whose declared length (`Content-Length`) is over the route's limit is refused before a
/// byte of it is read; one without a length is read up to the limit and refused there.
fn refuse_declared_oversize(req: Request) -> Result<Request, ApiError> {
    use axum::{RequestExt, body::HttpBody};
    let declared = req.body().size_hint().lower();
    // The limited body's upper bound is the smaller of the declared length and the route's limit
    // (`DefaultBodyLimit`), which axum keeps to itself.
    let req = req.with_limited_body();
    match req.body().size_hint().upper() {
        Some(allowed) if declared > allowed => Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, said::too_large())),
        _ => Ok(req),
    }
}

/// A raw body (a webhook's), under the same limits and with the same JSON errors as [`ApiJson`].
pub struct ApiBytes(pub Bytes);

impl<S> FromRequest<S> for ApiBytes
where
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let req = refuse_declared_oversize(req)?;
        match Bytes::from_request(req, state).await {
            Ok(bytes) => Ok(Self(bytes)),
            Err(r) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, said::too_large()))
            }
            Err(r) => Err(ApiError::new(r.status(), said::unreadable_body())),
        }
    }
}

fn json_rejection(r: &JsonRejection) -> ApiError {
    match r {
        JsonRejection::MissingJsonContentType(_) => ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, said::not_json()),
        JsonRejection::JsonSyntaxError(_) => malformed(said::not_valid_json()),
        JsonRejection::JsonDataError(e) => malformed(said::wrong_field_type(short(&e.body_text()))),
        JsonRejection::BytesRejection(_) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, said::too_large())
        }
        _ => ApiError::new(r.status(), said::unreadable_body()),
    }
}

/// serde's explanation without echoing long input back.
fn short(text: &str) -> String {
    let t = text.trim_start_matches("Failed to deserialize the JSON body into the target type: ");
    t.chars().take(160).collect()
}

/// The longest query string read, percent-encoded.
pub const MAX_QUERY: usize = 4096;

/// Query parameters.
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if parts.uri.query().is_some_and(has_encoded_nul) {
            return Err(ApiError::bad_request(said::unsupported_characters()));
        }
        // No parameter of ours needs more; a longer one only costs (SQLite refuses LIKE patterns
        // over 50 000 bytes with an error).
        if parts.uri.query().is_some_and(|q| q.len() > MAX_QUERY) {
            return Err(malformed(said::query_too_long()));
        }
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(v)) => Ok(Self(v)),
            Err(_) => Err(malformed(said::bad_query())),
        }
    }
}

/// `?limit=&offset=` of a public list that takes nothing else (a listing's reviews, the seller's).
#[derive(Debug, Default, serde::Deserialize)]
pub struct Paging {
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

impl Paging {
    pub fn page(&self) -> Option<mtaani_proto::catalog::v1::Page> {
        page(self.limit, self.offset)
    }
}

/// A catalog page: 0 (the service's default) when not asked, at most 1000 listings from at most the
/// millionth.
pub fn page(limit: Option<u32>, offset: Option<u32>) -> Option<mtaani_proto::catalog::v1::Page> {
    Some(mtaani_proto::catalog::v1::Page {
        limit: limit.map_or(0, |l| l.min(1000) as i32),
        offset: offset.map_or(0, |o| o.min(1_000_000) as i32),
    })
}

/// Whether URL text (a path or a query) encodes a NUL as `%00`.
pub fn has_encoded_nul(text: &str) -> bool {
    text.as_bytes().windows(3).any(|w| w == b"%00")
}

/// A path with `%00` in it names nothing: refused before any route sees it (a path parameter
/// with a NUL would otherwise reach a service's database).
pub async fn refuse_nul_in_path(request: Request, next: axum::middleware::Next) -> axum::response::Response {
    use axum::response::IntoResponse;
    if has_encoded_nul(request.uri().path()) {
        return malformed(said::bad_address()).into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nul_characters_are_found_only_where_json_and_urls_encode_them() {
        assert!(has_nul(br#"{"name": "Amina\u0000"}"#));
        assert!(has_nul(br#"{"name": "\\\u0000"}"#), "an escaped backslash, then a NUL");
        assert!(!has_nul(br#"{"name": "Amina \\u0000 as text"}"#));
        assert!(!has_nul(br#"{"name": "\u00e9\u0001"}"#));
        assert!(!has_nul(br#"{"name": "trailing\"#));
        assert!(has_encoded_nul("/api/service/a%00b"));
        assert!(!has_encoded_nul("query=100%25"));
    }

    #[test]
    fn json_content_types() {
        let with = |v: &'static str| {
            let mut h = HeaderMap::new();
            h.insert(header::CONTENT_TYPE, v.parse().unwrap());
            is_json(&h)
        };
        assert!(with("application/json"));
        assert!(with("Application/JSON; charset=utf-8"));
        assert!(with("application/vnd.mtaani+json"));
        assert!(!with("text/plain"));
        assert!(!with("application/jsonx"));
        assert!(!is_json(&HeaderMap::new()));
    }
}
