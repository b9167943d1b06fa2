//! What search words mean, from `catalog/v1/synonyms.json`: words and phrases people type
//! ("manicure", "kucha", "mpiga picha") with the kind of service they name outright ("beauty/nails",
//! "photography") and the words of the listings they mean ("nails", "photography"); the words that
//! say nothing of what is looked for ("in", "karibu"), and those after which words qualify what came
//! before ("wa", "for"). Data, not code: a new word is one line of that file. catalog-svc's search
//! reads it.

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
    joins: Vec<String>,
    kinds: Vec<KindEntry>,
    means: HashMap<String, Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KindEntry {
    kinds: Vec<String>,
    #[serde(default)]
    unlisted: Option<String>,
    means: Vec<String>,
    names: Vec<String>,
}

/// What a word or phrase means: the listing words, and the kind of service it names outright.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Meaning {
    /// Words of listings, matched exactly.
    pub means: Vec<String>,
    /// The categories ("photography") and subcategories ("hair/braiding") it names; empty for a
    /// word that only qualifies ("harusi", "kids").
    pub kinds: Vec<String>,
    /// A kind of service Mtaani has no subcategory for ("barber"): `kinds` are the nearest.
    pub unlisted: Option<String>,
}

#[derive(Debug, Default)]
pub struct Synonyms {
    ignore: HashSet<String>,
    joins: HashSet<String>,
    meanings: HashMap<String, Meaning>,
    /// The one-word entries as letters, shortest first (then in order): what a word half typed or
    /// one typo away is compared with, without making them again for every word searched.
    words: Vec<(Vec<char>, String)>,
    /// Words in the longest phrase on the left.
    longest: usize,
}

impl Synonyms {
    /// Reads the file, and checks it: every word written as search words fold to (lower case, one
    /// space between words), every meaning one such word, every kind one of the category tree, no
    /// phrase given two meanings or holding a word that is dropped before phrases are read.
    pub fn parse(json: &str) -> Result<Self, String> {
        let file: File = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let folded = |w: &str| crate::places::fold(w) == w && !w.is_empty();
        if let Some(w) = file.ignore.iter().find(|w| !folded(w) || w.contains(' ')) {
            return Err(format!("ignore: {w:?} is not one folded word"));
        }
        if let Some(w) = file.joins.iter().find(|w| !file.ignore.contains(w)) {
            return Err(format!("joins: {w:?} is not in ignore"));
        }
        let ignore: HashSet<String> = file.ignore.into_iter().collect();
        let is_kind = |k: &str| match k.split_once('/') {
            Some((c, s)) => crate::categories::contains(c, s),
            None => crate::categories::find(k).is_some(),
        };
        let mut meanings: HashMap<String, Meaning> = HashMap::new();
        let entries = file.kinds.into_iter().flat_map(|e| {
            let meaning = Meaning { means: e.means, kinds: e.kinds, unlisted: e.unlisted };
            e.names.into_iter().map(move |n| (n, meaning.clone()))
        });
        let plain = file.means.into_iter().map(|(n, means)| (n, Meaning { means, ..Meaning::default() }));
        for (phrase, meaning) in entries.chain(plain) {
            if !folded(&phrase) {
                return Err(format!("{phrase:?} is not folded (lower case, one space between words)"));
            }
            if phrase.split(' ').any(|w| ignore.contains(w)) {
                return Err(format!("{phrase:?} holds a word of ignore, which is dropped before phrases are read"));
            }
            if meaning.means.is_empty() || meaning.means.iter().any(|m| !folded(m) || m.contains(' ')) {
                return Err(format!("{phrase:?}: each meaning must be one folded word"));
            }
            if let Some(k) = meaning.kinds.iter().find(|k| !is_kind(k)) {
                return Err(format!("{phrase:?}: {k:?} is no category nor subcategory of categories.json"));
            }
            if meaning.unlisted.is_some() && meaning.kinds.is_empty() {
                return Err(format!("{phrase:?}: an unlisted kind needs the nearest kinds"));
            }
            if meanings.insert(phrase.clone(), meaning).is_some() {
                return Err(format!("{phrase:?} is given two meanings"));
            }
        }
        let longest = meanings.keys().map(|p| p.split(' ').count()).max().unwrap_or(1);
        let mut words: Vec<(Vec<char>, String)> =
            meanings.keys().filter(|k| !k.contains(' ')).map(|k| (k.chars().collect(), k.clone())).collect();
        words.sort_by(|a, b| (a.1.len(), &a.1).cmp(&(b.1.len(), &b.1)));
        Ok(Self { ignore, joins: file.joins.into_iter().collect(), meanings, words, longest })
    }

    /// Whether `word` says nothing of what is looked for.
    pub fn ignores(&self, word: &str) -> bool {
        self.ignore.contains(word)
    }

    /// Whether the words after `word` qualify those before it ("wa" of "mpiga picha wa harusi").
    pub fn joins(&self, word: &str) -> bool {
        self.joins.contains(word)
    }

    /// The words of listings that `phrase` (folded) means.
    pub fn means(&self, phrase: &str) -> Option<&[String]> {
        self.meaning(phrase).map(|m| m.means.as_slice())
    }

    /// What `phrase` (folded) means, and the kind of service it names.
    pub fn meaning(&self, phrase: &str) -> Option<&Meaning> {
        self.meanings.get(phrase)
    }

    /// The words of listings `word` means, as [`Self::meaning_near`] reads it.
    pub fn means_near(&self, word: &str) -> Option<&[String]> {
        self.meaning_near(word).map(|m| m.means.as_slice())
    }

    /// What `word` means: its own entry, else that of the one word it begins (four letters or more:
    /// "manicur") or is one typo from (five or more: "manicue"); of several, the shortest.
    pub fn meaning_near(&self, word: &str) -> Option<&Meaning> {
        if let Some(meant) = self.meaning(word) {
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
            .and_then(|(_, key)| self.meaning(key))
    }

    /// How many words the longest phrase has.
    pub fn longest(&self) -> usize {
        self.longest
    }

    /// Every word and phrase with a meaning.
    pub fn phrases(&self) -> impl Iterator<Item = (&str, &Meaning)> {
        self.meanings.iter().map(|(p, m)| (p.as_str(), m))
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
        assert_eq!(s.longest(), 3);
    }

    #[test]
    fn a_badly_written_file_is_refused() {
        let file = |ignore: &str, means: &str| {
            format!(r#"{{"about": "", "ignore": [{ignore}], "joins": [], "kinds": [], "means": {{{means}}}}}"#)
        };
        assert!(Synonyms::parse(&file(r#""in""#, r#""kucha": ["nails"]"#)).is_ok());
        assert!(Synonyms::parse(&file(r#""In""#, "")).is_err(), "upper case");
        assert!(Synonyms::parse(&file("", r#""Kucha": ["nails"]"#)).is_err());
        assert!(Synonyms::parse(&file("", r#""kucha": []"#)).is_err(), "no meaning");
        assert!(Synonyms::parse(&file("", r#""kucha": ["nail art"]"#)).is_err(), "a meaning of two words");
        assert!(Synonyms::parse(&file("", r#""mpiga  picha": ["photography"]"#)).is_err(), "two spaces");
        assert!(Synonyms::parse(&file(r#""wa""#, r#""mpiga wa picha": ["photography"]"#)).is_err(), "an ignored word");
        let kinds = |kinds: &str| {
            format!(
                r#"{{"about": "", "ignore": ["wa"], "joins": ["wa"], "means": {{"kucha": ["nails"]}},
                "kinds": [{{"kinds": [{kinds}], "means": ["braids"], "names": ["msusi"]}}]}}"#
            )
        };
        assert!(Synonyms::parse(&kinds(r#""hair/braiding""#)).is_ok());
        assert!(Synonyms::parse(&kinds(r#""hair/plumbing""#)).is_err(), "no such subcategory");
        assert!(Synonyms::parse(&kinds(r#""plumbing""#)).is_err(), "no such category");
        let twice = kinds(r#""hair/braiding""#).replace(r#""kucha""#, r#""msusi""#);
        assert!(Synonyms::parse(&twice).is_err(), "one phrase, two meanings");
        let unjoined = kinds(r#""hair""#).replace(r#""joins": ["wa"]"#, r#""joins": ["ya"]"#);
        assert!(Synonyms::parse(&unjoined).is_err(), "a join that is not ignored");
    }

    /// Every subcategory is named in the words people use, in each form: singular and plural, English
    /// and Kiswahili (the issue's msusi / wasusi, kinyozi / vinyozi, mpiga picha / wapiga picha).
    #[test]
    fn every_subcategory_is_named_in_both_languages() {
        let s = &*SYNONYMS;
        for c in crate::categories::CATEGORIES {
            for sub in c.subcategories {
                let kind = format!("{}/{}", c.id, sub.slug);
                let names = s.phrases().filter(|(_, m)| m.kinds.contains(&kind)).count();
                assert!(names >= 3, "{kind}: {names} names");
            }
        }
        let kinds = |p: &str| s.meaning(p).map(|m| m.kinds.clone()).unwrap_or_default();
        for (singular, plural, kind) in [
            ("msusi", "wasusi", "hair/braiding"),
            ("mpiga picha", "wapiga picha", "photography"),
            ("mkufunzi", "wakufunzi", "fitness/personal-trainers"),
            ("braider", "braiders", "hair/braiding"),
            ("kitenge", "vitenge", "fashion/african"),
            ("gauni", "magauni", "bridal/gowns-for-hire"),
        ] {
            assert_eq!((kinds(singular), kinds(plural)), (vec![kind.to_owned()], vec![kind.to_owned()]), "{singular}");
        }
        let barber = s.meaning("vinyozi").unwrap();
        assert_eq!(
            (barber.unlisted.as_deref(), barber.kinds.as_slice()),
            (Some("barber"), &["hair/ladies-haircut".to_owned()][..])
        );
        assert_eq!(s.meaning("kinyozi"), Some(barber));
        assert!(s.meaning("harusi").is_some_and(|m| m.kinds == ["bridal"]));
        assert!(s.meaning("kids").is_some_and(|m| m.kinds.is_empty()), "a qualifier names no kind");
        assert!(s.joins("wa") && s.joins("for") && !s.joins("na"));
    }
}
