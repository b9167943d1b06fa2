//! The API's words in the language of the request (issue 21): error answers (`message` and each
//! field's message in `errors`) and the few texts the web app shows from an answer (confirmations,
//! why a day cannot be booked) in Kiswahili when `Accept-Language` prefers it, English otherwise.
//!
//! An error answer whose `code` always says one sentence (`slot_taken`, `too_late_to_change`, …:
//! `ErrorCode::sentence`) is translated by its code; any other message, by its English sentence.
//!
//! The services answer in English, the spec's texts; the gateway translates them with one
//! dictionary, the contract's `proto/i18n/sw.json` (English → Kiswahili), read once. A key is either a whole message, or
//! a template whose `{placeholders}` stand for the values a message is built with ("Please book at
//! least {duration} ahead."): the value is carried over, itself translated when the dictionary has
//! it ("2 hours" → "saa 2", through the template "{n} hours"). The placeholder `{n}` stands for a
//! number only; any other name for any text. A message the dictionary does not have stays English.
//! `gateway/all-in-one/tests/system/i18n.rs` checks that every message the services and the gateway can answer is in it.

use std::{collections::HashMap, convert::Infallible, sync::LazyLock};

use axum::{
    body::HttpBody,
    extract::{FromRequestParts, Request},
    http::{HeaderMap, HeaderValue, header, request::Parts},
    middleware::Next,
    response::{IntoResponse, IntoResponseParts, Response, ResponseParts},
};
pub use mtaani_proto::language::Language;
use mtaani_proto::status::ErrorCode;

/// The Kiswahili dictionary, the contract's (`proto/i18n/sw.json`).
pub const SW_JSON: &str = mtaani_proto::language::API_SW_JSON;

static SW: LazyLock<Dictionary> =
    LazyLock::new(|| Dictionary::parse(SW_JSON).unwrap_or_else(|e| panic!("proto/i18n/sw.json: {e}")));

/// The dictionary into `language` (none for English, the language of the keys).
pub fn dictionary(language: Language) -> Option<&'static Dictionary> {
    match language {
        Language::En => None,
        Language::Sw => Some(&SW),
    }
}

/// `text` in `language`, or as it is when the dictionary does not have it.
pub fn translate(language: Language, text: &str) -> String {
    dictionary(language).and_then(|d| d.translate(text)).unwrap_or_else(|| text.to_owned())
}

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

fn negotiated(headers: &mut HeaderMap, language: Language) {
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

/// The largest error answer translated (they are a few hundred bytes; anything larger is left as
/// it is rather than read into memory).
const MAX_TRANSLATED: usize = 64 * 1024;

/// Translates every JSON error answer of the API into the request's language: its `message` and
/// the messages of `errors`. Sits outside `error::json_errors`, so axum's own rejections (made JSON
/// there) are translated too.
pub async fn translate_errors(request: Request, next: Next) -> Response {
    let language = of_request(request.headers());
    let response = next.run(request).await;
    if crate::error::error_answer(&response) != Some(true) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let dictionary = dictionary(language);
    let known_size = body.size_hint().upper().is_some_and(|n| n <= MAX_TRANSLATED as u64);
    let Some(dictionary) = dictionary.filter(|_| known_size) else {
        negotiated(&mut parts.headers, Language::En);
        return Response::from_parts(parts, body);
    };
    let bytes = match axum::body::to_bytes(body, MAX_TRANSLATED).await {
        Ok(bytes) => bytes,
        Err(e) => {
            tracing::warn!(error = %e, "an error answer could not be read to translate it");
            return crate::error::ApiError::new(parts.status, crate::error::INTERNAL).into_response();
        }
    };
    let Ok(mut json) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
        negotiated(&mut parts.headers, Language::En);
        return Response::from_parts(parts, axum::body::Body::from(bytes));
    };
    let mut translated = false;
    let mut apply = |value: &mut serde_json::Value, by_code: Option<&str>| {
        if let Some(text) = by_code.or(value.as_str())
            && let Some(t) = dictionary.translate(text)
        {
            *value = serde_json::Value::String(t);
            translated = true;
        }
    };
    // A code that always says one sentence is translated by the code: the sentence it stands for,
    // whatever wording the answer carries.
    let by_code = json.get("code").and_then(|c| c.as_str()).and_then(ErrorCode::parse).and_then(ErrorCode::sentence);
    if let Some(message) = json.get_mut("message") {
        apply(message, by_code);
    }
    if let Some(errors) = json.get_mut("errors").and_then(|e| e.as_object_mut()) {
        errors.values_mut().for_each(|e| apply(e, None));
    }
    negotiated(&mut parts.headers, if translated { language } else { Language::En });
    parts.headers.remove(header::CONTENT_LENGTH);
    let body = serde_json::to_vec(&json).map_or(bytes, Into::into);
    Response::from_parts(parts, axum::body::Body::from(body))
}

/// English texts and their translations: whole messages, and templates with placeholders.
#[derive(Debug)]
pub struct Dictionary {
    exact: HashMap<String, String>,
    /// The most specific first (the most fixed text), so that "File {name} is larger than 5 MB."
    /// wins over "File {name} {problem}.".
    templates: Vec<Template>,
}

#[derive(Debug)]
struct Template {
    parts: Vec<Part>,
    translation: Vec<Part>,
}

#[derive(Debug, PartialEq, Eq)]
enum Part {
    Text(String),
    /// A placeholder; `{n}` holds a number only.
    Value(String),
}

/// A text's parts: fixed text and `{name}` placeholders (a name is letters, digits and `_`).
fn parts(text: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let name_len = rest[open + 1..].find('}');
        match name_len {
            Some(len) if len > 0 && rest[open + 1..open + 1 + len].chars().all(|c| c.is_alphanumeric() || c == '_') => {
                if open > 0 {
                    parts.push(Part::Text(rest[..open].to_owned()));
                }
                parts.push(Part::Value(rest[open + 1..open + 1 + len].to_owned()));
                rest = &rest[open + len + 2..];
            }
            _ => {
                parts.push(Part::Text(rest[..=open].to_owned()));
                rest = &rest[open + 1..];
            }
        }
    }
    if !rest.is_empty() {
        parts.push(Part::Text(rest.to_owned()));
    }
    // Fixed text split at a `{` that opens no placeholder joins up again.
    let mut joined: Vec<Part> = Vec::with_capacity(parts.len());
    for part in parts {
        match (joined.last_mut(), part) {
            (Some(Part::Text(before)), Part::Text(after)) => before.push_str(&after),
            (_, part) => joined.push(part),
        }
    }
    joined
}

/// The placeholder names of a text, sorted.
pub fn placeholders(text: &str) -> Vec<String> {
    let mut names: Vec<String> = parts(text)
        .into_iter()
        .filter_map(|p| match p {
            Part::Value(name) => Some(name),
            Part::Text(_) => None,
        })
        .collect();
    names.sort();
    names
}

/// Digits, with the thousands' commas and a decimal point numbers are written with.
fn is_number(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit()) && text.chars().all(|c| c.is_ascii_digit() || c == ',' || c == '.')
}

/// Matches `parts` against all of `text`, each placeholder taking the shortest text that lets the
/// rest match; fills `values` with (placeholder, value).
fn matches<'p, 't>(parts: &'p [Part], text: &'t str, values: &mut Vec<(&'p str, &'t str)>) -> bool {
    match parts.split_first() {
        None => text.is_empty(),
        Some((Part::Text(fixed), rest)) => {
            text.strip_prefix(fixed.as_str()).is_some_and(|after| matches(rest, after, values))
        }
        Some((Part::Value(name), rest)) => {
            let ends = text.char_indices().map(|(i, _)| i).skip(1).chain(std::iter::once(text.len()));
            for end in ends {
                let value = &text[..end];
                if name == "n" && !is_number(value) {
                    // A longer value holding this one is no number either.
                    return false;
                }
                values.push((name, value));
                if matches(rest, &text[end..], values) {
                    return true;
                }
                values.pop();
            }
            false
        }
    }
}

impl Dictionary {
    /// Reads a dictionary (a JSON object of English → translation) and checks it: no empty
    /// translation, and a template's translation has the same placeholders as its English.
    pub fn parse(json: &str) -> Result<Self, String> {
        let entries: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(json).map_err(|e| format!("not a JSON object of texts: {e}"))?;
        let mut exact = HashMap::new();
        let mut templates = Vec::new();
        for (english, translation) in entries {
            let translation = translation.as_str().ok_or_else(|| format!("{english:?}: not a text"))?.to_owned();
            if translation.trim().is_empty() {
                return Err(format!("{english:?}: no translation"));
            }
            if placeholders(&english) != placeholders(&translation) {
                return Err(format!("{english:?}: the translation has other placeholders: {translation:?}"));
            }
            let parts = parts(&english);
            if parts.windows(2).any(|w| matches!(w, [Part::Value(_), Part::Value(_)])) {
                return Err(format!("{english:?}: two placeholders need text between them"));
            }
            if parts.iter().any(|p| matches!(p, Part::Value(_))) {
                templates.push(Template { parts, translation: self::parts(&translation) });
            } else {
                exact.insert(english, translation);
            }
        }
        let fixed = |t: &Template| -> usize {
            t.parts.iter().map(|p| if let Part::Text(s) = p { s.chars().count() } else { 0 }).sum()
        };
        templates.sort_by_key(|t| std::cmp::Reverse(fixed(t)));
        Ok(Self { exact, templates })
    }

    /// `text` translated, when a key is the whole of it or a template matches it.
    pub fn translate(&self, text: &str) -> Option<String> {
        self.translate_within(text, 3)
    }

    fn translate_within(&self, text: &str, depth: u8) -> Option<String> {
        if let Some(t) = self.exact.get(text) {
            return Some(t.clone());
        }
        if depth == 0 || text.len() > 2000 {
            return None;
        }
        for template in &self.templates {
            let mut values = Vec::new();
            if !matches(&template.parts, text, &mut values) {
                continue;
            }
            let mut out = String::new();
            for part in &template.translation {
                match part {
                    Part::Text(fixed) => out.push_str(fixed),
                    Part::Value(name) => {
                        let value = values.iter().find(|(n, _)| n == name).map_or("", |(_, v)| v);
                        match self.translate_within(value, depth - 1) {
                            Some(translated) => out.push_str(&translated),
                            None => out.push_str(value),
                        }
                    }
                }
            }
            return Some(out);
        }
        None
    }

    /// Every English key, whole messages and templates.
    pub fn keys(&self) -> impl Iterator<Item = String> + '_ {
        self.exact.keys().cloned().chain(self.templates.iter().map(|t| {
            t.parts
                .iter()
                .map(|p| match p {
                    Part::Text(s) => s.clone(),
                    Part::Value(n) => format!("{{{n}}}"),
                })
                .collect()
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dictionary() -> Dictionary {
        Dictionary::parse(
            r#"{
                "Service not found": "Huduma haipatikani",
                "Please book at least {duration} ahead.": "Tafadhali weka miadi angalau {duration} kabla.",
                "{n} hours": "saa {n}",
                "1 hour": "saa 1",
                "File {name} is larger than 5 MB.": "Faili {name} ni kubwa kuliko MB 5.",
                "File {name} {problem}.": "Faili {name} {problem}.",
                "is damaged or incomplete": "imeharibika au haijakamilika",
                "The provider takes bookings up to {n} days ahead.": "Mtoa huduma hupokea miadi hadi siku {n} mbele."
            }"#,
        )
        .unwrap()
    }

    #[test]
    fn whole_messages_and_templates_with_their_values_translated() {
        let d = dictionary();
        assert_eq!(d.translate("Service not found").as_deref(), Some("Huduma haipatikani"));
        assert_eq!(d.translate("Service not found!"), None, "unknown texts stay as they are");
        assert_eq!(
            d.translate("Please book at least 2 hours ahead.").as_deref(),
            Some("Tafadhali weka miadi angalau saa 2 kabla.")
        );
        assert_eq!(
            d.translate("Please book at least 1 hour ahead.").as_deref(),
            Some("Tafadhali weka miadi angalau saa 1 kabla.")
        );
        assert_eq!(
            d.translate("Please book at least a while ahead.").as_deref(),
            Some("Tafadhali weka miadi angalau a while kabla."),
            "a value the dictionary does not have is carried over as it is"
        );
        assert_eq!(
            d.translate("The provider takes bookings up to 60 days ahead.").as_deref(),
            Some("Mtoa huduma hupokea miadi hadi siku 60 mbele.")
        );
        assert_eq!(d.translate("The provider takes bookings up to many days ahead."), None, "{{n}} is a number");
        assert_eq!(d.translate("Wait 2 hours"), None, "a value's template is for whole texts only");
        assert_eq!(
            d.translate("File my photo.png is larger than 5 MB.").as_deref(),
            Some("Faili my photo.png ni kubwa kuliko MB 5."),
            "the most specific template first, file names with spaces kept whole"
        );
        assert_eq!(
            d.translate("File a.png is damaged or incomplete.").as_deref(),
            Some("Faili a.png imeharibika au haijakamilika.")
        );
    }

    #[test]
    fn a_dictionary_is_checked_when_read() {
        assert!(Dictionary::parse(r#"{"Go {where}.": "Nenda {wapi}."}"#).unwrap_err().contains("placeholders"));
        assert!(Dictionary::parse(r#"{"Go.": " "}"#).unwrap_err().contains("no translation"));
        assert!(Dictionary::parse(r#"{"{a}{b}": "{a}{b}"}"#).is_err());
        assert!(Dictionary::parse("[]").is_err());
        assert_eq!(
            parts("Use {x} and {not a name} {"),
            vec![Part::Text("Use ".into()), Part::Value("x".into()), Part::Text(" and {not a name} {".into())]
        );
    }

    #[test]
    fn the_kiswahili_dictionary_reads() {
        let d = super::dictionary(Language::Sw).expect("a Kiswahili dictionary");
        assert_eq!(d.translate("Service not found").as_deref(), Some("Huduma haipatikani"));
        assert!(super::dictionary(Language::En).is_none());
        for code in ErrorCode::ALL {
            if let Some(sentence) = code.sentence() {
                assert!(
                    d.translate(sentence).is_some(),
                    "{code}'s sentence is not in proto/i18n/sw.json: {sentence:?}"
                );
            }
        }
    }

    /// An answer of a code with one sentence, whatever its English says, and one of a code said in
    /// several sentences, in Kiswahili.
    async fn answered(code: &str, message: &str) -> serde_json::Value {
        use tower::ServiceExt;
        let body = serde_json::json!({"message": message, "code": code, "errors": {"time": message}});
        let app = axum::Router::new()
            .route("/", axum::routing::get(move || async move { (axum::http::StatusCode::CONFLICT, axum::Json(body)) }))
            .layer(axum::middleware::from_fn(translate_errors));
        let request =
            axum::http::Request::get("/").header(header::ACCEPT_LANGUAGE, "sw").body(axum::body::Body::empty());
        let response = app.oneshot(request.unwrap()).await.unwrap();
        let bytes = axum::body::to_bytes(response.into_body(), MAX_TRANSLATED).await.unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[tokio::test]
    async fn a_code_with_one_sentence_is_translated_by_the_code() {
        let taken = super::translate(Language::Sw, mtaani_proto::status::texts::SLOT_TAKEN);
        let reworded = answered("slot_taken", "That time has just gone.").await;
        assert_eq!(reworded["message"], taken.as_str(), "the message follows the code");
        assert_eq!(reworded["errors"]["time"], "That time has just gone.", "a field's message goes by its sentence");
        let other = answered("conflict", "That time has just gone.").await;
        assert_eq!(other["message"], "That time has just gone.", "a code of many sentences goes by the sentence");
        let known = answered("conflict", "Service not found").await;
        assert_eq!(known["message"], "Huduma haipatikani");
    }
}
