//! The API's words in the language of the request: error answers (`message` and each field's
//! message in `errors`) and the few texts the web app shows from an answer (confirmations, why a day
//! cannot be booked), in Kiswahili when `Accept-Language` prefers it, English otherwise.
//!
//! The services say their texts by code and values ([`mtaani_proto::text`]); the gateway writes them
//! in the request's language from the contract's dictionaries (`proto/i18n/<language>.json`).
//! An answer says which language it is in (`Content-Language`) and that another request may read
//! otherwise (`Vary`).

use std::convert::Infallible;

use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, HeaderValue, header, request::Parts},
    response::{IntoResponseParts, ResponseParts},
};
pub use mtaani_proto::language::Language;

/// The language a request prefers (its `Accept-Language` headers; English without one).
pub fn of_request(headers: &HeaderMap) -> Language {
    let values: Vec<&str> =
        headers.get_all(header::ACCEPT_LANGUAGE).iter().filter_map(|v| v.to_str().ok()).take(8).collect();
    Language::from_accept_language(&values.join(","))
}

/// The language of the request, for handlers that pass it on (the language a booking's e-mails are
/// written in) or answer texts in it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RequestLanguage(pub Language);

impl<S: Send + Sync> FromRequestParts<S> for RequestLanguage {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(of_request(&parts.headers)))
    }
}

/// The headers of an answer whose words follow `Accept-Language`: `Content-Language` says which it
/// is written in, and `Vary: Accept-Language` tells caches that another request may read otherwise.
#[derive(Debug, Clone, Copy)]
pub struct Negotiated(pub Language);

impl IntoResponseParts for Negotiated {
    type Error = Infallible;

    fn into_response_parts(self, mut parts: ResponseParts) -> Result<ResponseParts, Self::Error> {
        negotiated(parts.headers_mut(), self.0);
        Ok(parts)
    }
}

/// Says in `headers` that an answer is written in `language` and varies with `Accept-Language`.
pub fn negotiated(headers: &mut HeaderMap, language: Language) {
    headers.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(language.code()));
    let varies = headers
        .get_all(header::VARY)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.split(',').any(|h| h.trim().eq_ignore_ascii_case("accept-language") || h.trim() == "*"));
    if !varies {
        headers.append(header::VARY, HeaderValue::from_static("Accept-Language"));
    }
}
