//! What search words mean, from `catalog/v1/synonyms.json`: words and phrases people type
//! ("manicure", "kucha", "mpiga picha") and the words of the listings they mean ("nails",
//! "photography"), and the words that say nothing of what is looked for ("in", "karibu"). Data, not
//! code: a new word is one line of that file. catalog-svc's search reads it.

use std::{
    collections::{HashMap, HashSet},
    sync::LazyLock,
};

use serde::Deserialize;

const JSON: &str = include_str!("../catalog/v1/synonyms.json");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[allow(dead_code)]
    about: String,
    ignore: Vec<String>,
    means: HashMap<String, Vec<String>>,
}

#[derive(Debug, Default)]
pub struct Synonyms {
    ignore: HashSet<String>,
    means: HashMap<String, Vec<String>>,
    /// The one-word entries as letters, shortest first (then in order): what a word half typed or
    /// one typo away is compared with, without making them again for every word searched.
    words: Vec<(Vec<char>, String)>,
    /// Words in the longest phrase on the left.
    longest: usize,
}

impl Synonyms {
    /// Reads the file, and checks it: every word written as search words fold to (lower case, one
    /// space between words), every meaning one such word.
    pub fn parse(json: &str) -> Result<Self, String> {
        let file: File = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let folded = |w: &str| crate::places::fold(w) == w && !w.is_empty();
        if let Some(w) = file.ignore.iter().find(|w| !folded(w) || w.contains(' ')) {
            return Err(format!("ignore: {w:?} is not one folded word"));
        }
        for (phrase, meanings) in &file.means {
            if !folded(phrase) {
                return Err(format!("{phrase:?} is not folded (lower case, one space between words)"));
            }
            if meanings.is_empty() || meanings.iter().any(|m| !folded(m) || m.contains(' ')) {
                return Err(format!("{phrase:?}: each meaning must be one folded word"));
            }
        }
        let longest = file.means.keys().map(|p| p.split(' ').count()).max().unwrap_or(1);
        let mut words: Vec<(Vec<char>, String)> =
            file.means.keys().filter(|k| !k.contains(' ')).map(|k| (k.chars().collect(), k.clone())).collect();
        words.sort_by(|a, b| (a.1.len(), &a.1).cmp(&(b.1.len(), &b.1)));
        Ok(Self { ignore: file.ignore.into_iter().collect(), means: file.means, words, longest })
    }

    /// Whether `word` says nothing of what is looked for.
    pub fn ignores(&self, word: &str) -> bool {
        self.ignore.contains(word)
    }

    /// The words of listings that `phrase` (folded) means.
    pub fn means(&self, phrase: &str) -> Option<&[String]> {
        self.means.get(phrase).map(Vec::as_slice)
    }

    /// What `word` means: its own entry, else that of the one word it begins (four letters or more:
    /// "manicur") or is one typo from (five or more: "manicue"); of several, the shortest.
    pub fn means_near(&self, word: &str) -> Option<&[String]> {
        if let Some(meant) = self.means(word) {
            return Some(meant);
        }
        let typed: Vec<char> = word.chars().collect();
        if typed.len() < 4 {
            return None;
        }
        self.words
            .iter()
            .find(|(letters, key)| {
                key.starts_with(word) || typed.len() >= 5 && crate::places::one_edit(&typed, letters)
            })
            .and_then(|(_, key)| self.means(key))
    }

    /// How many words the longest phrase has.
    pub fn longest(&self) -> usize {
        self.longest
    }
}

/// The synonyms, read once.
pub static SYNONYMS: LazyLock<Synonyms> =
    LazyLock::new(|| Synonyms::parse(JSON).unwrap_or_else(|e| panic!("catalog/v1/synonyms.json: {e}")));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_reads_and_says_what_the_issue_asks() {
        let s = &*SYNONYMS;
        for (typed, meant) in [
            ("manicure", "nails"),
            ("pedicure", "nails"),
            ("kucha", "nails"),
            ("nywele", "hair"),
            ("msusi", "braiding"),
            ("kusuka", "braiding"),
            ("ususi", "braiding"),
            ("urembo", "beauty"),
            ("harusi", "bridal"),
            ("picha", "photography"),
            ("mpiga picha", "photography"),
            ("masaji", "massage"),
            ("mazoezi", "fitness"),
            ("gym", "fitness"),
            ("nguo", "fashion"),
            ("fundi cherehani", "tailoring"),
            ("keki", "cakes"),
        ] {
            assert!(s.means(typed).is_some_and(|m| m.iter().any(|w| w == meant)), "{typed} → {meant}");
        }
        assert!(s.ignores("in") && s.ignores("karibu") && !s.ignores("nails"));
        let near = |w: &str| s.means_near(w).map(<[String]>::to_vec);
        assert_eq!(near("manicur"), Some(vec!["nails".into()]), "the beginning of a word");
        assert_eq!(near("manicue"), Some(vec!["nails".into()]), "a typo");
        assert_eq!(near("kuc"), None, "three letters");
        assert_eq!(near("mpiga"), None, "the beginning of a phrase");
        assert_eq!(s.longest(), 2);
    }

    #[test]
    fn a_badly_written_file_is_refused() {
        let file =
            |ignore: &str, means: &str| format!(r#"{{"about": "", "ignore": [{ignore}], "means": {{{means}}}}}"#);
        assert!(Synonyms::parse(&file(r#""in""#, r#""kucha": ["nails"]"#)).is_ok());
        assert!(Synonyms::parse(&file(r#""In""#, "")).is_err(), "upper case");
        assert!(Synonyms::parse(&file("", r#""Kucha": ["nails"]"#)).is_err());
        assert!(Synonyms::parse(&file("", r#""kucha": []"#)).is_err(), "no meaning");
        assert!(Synonyms::parse(&file("", r#""kucha": ["nail art"]"#)).is_err(), "a meaning of two words");
        assert!(Synonyms::parse(&file("", r#""mpiga  picha": ["photography"]"#)).is_err(), "two spaces");
    }
}
