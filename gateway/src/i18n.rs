//! The API's words in the language of the request: error answers (`message` and each field's
//! message in `errors`) and the few texts the web app shows from an answer (confirmations, why a day
//! cannot be booked), in Kiswahili when `Accept-Language` prefers it, English otherwise.
//!
//! The services say their texts by code and values ([`mtaani_proto::text`]); the gateway writes them
//! in the request's language from the contract's dictionaries (`proto/i18n/<language>.json`).
//! An answer says which language it is in (`Content-Language`) and that another request may read
//! otherwise (`Vary`).

use std::{collections::HashMap, convert::Infallible, sync::LazyLock};

use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, HeaderValue, header, request::Parts},
    response::{IntoResponseParts, ResponseParts},
};
pub use mtaani_proto::language::Language;
use mtaani_proto::text::Key;

/// English words a service still sends as words, matched to the dictionaries' templates.
static SW: LazyLock<Dictionary> = LazyLock::new(|| {
    let pairs = Key::ALL.iter().map(|k| (k.template(Language::En).to_owned(), k.template(Language::Sw).to_owned()));
    Dictionary::from_pairs(pairs).unwrap_or_else(|e| panic!("proto/i18n: {e}"))
});

/// English `words` a service sent in `language`, when they are one of the dictionaries' texts.
pub fn translate_words(language: Language, words: &str) -> Option<String> {
    match language {
        Language::En => Some(words.to_owned()),
        Language::Sw => SW.translate(words),
    }
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
    pub fn from_pairs(entries: impl IntoIterator<Item = (String, String)>) -> Result<Self, String> {
        let mut exact = HashMap::new();
        let mut templates = Vec::new();
        for (english, translation) in entries {
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
