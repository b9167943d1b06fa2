//! The texts Mtaani answers people with, by code. Each language has one dictionary,
//! `i18n/<language>.json` (code -> text, `{placeholders}` for the values a text is said with): the
//! services say which text and with which values ([`said`]), the gateway writes it in the language of
//! the request, messaging-svc in the language of the person written to, and the web app's build reads
//! the same files for the checks it makes before sending.
//!
//! A text travels between the parts as its code and values ([`Text::to_json`]), never as words, so a
//! reworded or translated sentence changes no code.

use std::fmt;

use serde_json::{Map, Value};

use crate::language::Language;

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

/// A text to say: which one, and its values by placeholder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    key: Key,
    values: Vec<(&'static str, Param)>,
}

/// A placeholder's value: words as they are (a name, a number), or a text of its own, written in the
/// same language as the text around it ("{duration}" = "2 hours" / "saa 2").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Param {
    Value(String),
    Text(Text),
}

impl From<Text> for Param {
    fn from(text: Text) -> Self {
        Param::Text(text)
    }
}

macro_rules! values {
    ($($t:ty),*) => {$(
        impl From<$t> for Param {
            fn from(value: $t) -> Self {
                Param::Value(value.to_string())
            }
        }
    )*};
}
values!(String, &str, &String, i32, i64, u32, u64, usize);

impl From<Key> for Text {
    fn from(key: Key) -> Self {
        Text { key, values: Vec::new() }
    }
}

impl Text {
    /// `key` with its values (the generated [`said`] functions make these, one per code).
    pub fn with(key: Key, values: Vec<(&'static str, Param)>) -> Self {
        debug_assert!(values.iter().all(|(name, _)| key.placeholders().contains(name)), "{key:?}: {values:?}");
        Text { key, values }
    }

    pub fn key(&self) -> Key {
        self.key
    }

    /// The text in `language`: its template with each placeholder's value.
    pub fn render(&self, language: Language) -> String {
        let template = self.key.template(language);
        let mut out = String::with_capacity(template.len() + 16);
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|len| {
                let name = &after[..len];
                self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| (len, v))
            });
            match value {
                Some((len, Param::Value(v))) => {
                    out.push_str(v);
                    rest = &after[len + 1..];
                }
                Some((len, Param::Text(t))) => {
                    out.push_str(&t.render(language));
                    rest = &after[len + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The text as it travels: `{"code": …, "values": {name: value or text}}`.
    pub fn to_json(&self) -> Value {
        let mut json = Map::new();
        json.insert("code".into(), Value::String(self.key.code().into()));
        if !self.values.is_empty() {
            let values = self
                .values
                .iter()
                .map(|(name, value)| {
                    let value = match value {
                        Param::Value(v) => Value::String(v.clone()),
                        Param::Text(t) => t.to_json(),
                    };
                    ((*name).to_owned(), value)
                })
                .collect();
            json.insert("values".into(), Value::Object(values));
        }
        Value::Object(json)
    }

    /// A text read back from [`Text::to_json`]; none when its code or a value's name is not known
    /// (a part newer than this one), so the reader can fall back to the words sent beside it.
    pub fn from_json(json: &Value) -> Option<Self> {
        Self::read(json, 4)
    }

    fn read(json: &Value, depth: u8) -> Option<Self> {
        let key = Key::parse(json.get("code")?.as_str()?)?;
        let mut values = Vec::new();
        if let Some(given) = json.get("values") {
            for (name, value) in given.as_object()? {
                let name = key.placeholders().iter().find(|n| **n == name)?;
                let value = match value {
                    Value::String(v) => Param::Value(v.clone()),
                    text if depth > 0 => Param::Text(Self::read(text, depth - 1)?),
                    _ => return None,
                };
                values.push((*name, value));
            }
        }
        Some(Text { key, values })
    }
}

/// The English, for logs and for callers that read no language.
impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Language::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_written_in_each_language_with_its_values_in_the_same_language() {
        let soon = said::too_soon(said::n_hours(2));
        assert_eq!(soon.render(Language::En), "Please book at least 2 hours ahead.");
        assert_eq!(soon.render(Language::Sw), "Tafadhali weka miadi angalau saa 2 mapema.");
        assert_eq!(said::slot_taken().to_string(), "This time slot is already booked. Please choose another.");
        let file = said::file_problem("my photo.png", said::problem_damaged());
        assert_eq!(file.render(Language::Sw), "Faili my photo.png imeharibika au haijakamilika.");
    }

    #[test]
    fn a_text_travels_as_its_code_and_values() {
        let text = said::booking_already_status(said::status_cancelled());
        let json = text.to_json();
        assert_eq!(
            json,
            serde_json::json!({"code": "booking_already_status", "values": {"status": {"code": "status_cancelled"}}})
        );
        assert_eq!(Text::from_json(&json), Some(text));
        assert_eq!(Text::from_json(&serde_json::json!({"code": "no_such_code"})), None);
        let unknown_value = serde_json::json!({"code": "too_soon", "values": {"when": "2 hours"}});
        assert_eq!(Text::from_json(&unknown_value), None);
    }

    #[test]
    fn every_code_reads_back_and_every_translation_ends_as_its_english() {
        for key in Key::ALL {
            assert_eq!(Key::parse(key.code()), Some(*key));
            let english = key.template(Language::En);
            for language in Language::ALL {
                let text = key.template(language);
                assert_eq!(text.trim(), text, "{key:?} in {language:?}: spaces around");
                for end in ['.', '?', '!', ':'] {
                    assert_eq!(english.ends_with(end), text.ends_with(end), "{key:?} in {language:?}: {text:?}");
                }
            }
        }
    }
}
