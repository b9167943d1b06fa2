//! What a search's words ask for: the place they name, which becomes a filter ("massage
//! nairobi", "braids kasarani"), and each other word with the listing words it means
//! (`mtaani_proto::synonyms`: "manicure" → nails, "mpiga picha" → photography). Words that say nothing
//! ("in", "karibu") are dropped.

use mtaani_proto::{places::PLACES, synonyms::SYNONYMS};

/// At most this many words of a search are read.
const MAX_WORDS: usize = 12;
/// At most this many of them are matched against listings.
pub const MAX_TERMS: usize = 8;

/// One thing looked for: a typed word (matched exactly, as a prefix or with one typo) and the words
/// it means (matched exactly).
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    /// The word as typed; a phrase ("mpiga picha") is matched only by what it means.
    pub word: String,
    pub means: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Query {
    pub terms: Vec<Term>,
    /// The area the words name: its index in `PLACES`.
    pub place: Option<usize>,
}

impl Query {
    pub fn parse(text: &str) -> Self {
        let folded = mtaani_proto::places::fold(text);
        let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).take(MAX_WORDS).collect();
        let (place, used) = match PLACES.area_named(&words, mtaani_proto::categories::names_service) {
            Some((place, used)) => (PLACES.index_of(&place.id), used),
            None => (None, Vec::new()),
        };
        let rest: Vec<&str> = words.iter().enumerate().filter(|(i, _)| !used.contains(i)).map(|(_, w)| *w).collect();
        // A search of only such words ("in") is searched as typed.
        let kept: Vec<&str> = rest.iter().copied().filter(|w| !SYNONYMS.ignores(w)).collect();
        let rest = if kept.is_empty() && place.is_none() { rest } else { kept };
        let mut terms = Vec::new();
        let mut i = 0;
        while i < rest.len() && terms.len() < MAX_TERMS {
            // The longest phrase with a meaning from here, else the word alone.
            let phrase = (2..=SYNONYMS.longest().min(rest.len() - i))
                .rev()
                .map(|n| rest[i..i + n].join(" "))
                .find_map(|p| SYNONYMS.means(&p).map(|m| (p.split(' ').count(), m)));
            let (n, word, means) = match phrase {
                Some((n, means)) => (n, rest[i..i + n].join(" "), means.to_vec()),
                None => {
                    (1, rest[i].chars().take(40).collect(), SYNONYMS.means_near(rest[i]).unwrap_or_default().to_vec())
                }
            };
            terms.push(Term { word, means });
            i += n;
        }
        Self { terms, place }
    }

    /// What the query is, as a cache key: "Braids  Kasarani" and "braids in kasarani" are one search.
    pub fn key(&self) -> String {
        let place = self.place.map_or("", |i| PLACES.all()[i].id.as_str());
        let words: Vec<&str> = self.terms.iter().map(|t| t.word.as_str()).collect();
        format!("{}\u{1f}{place}", words.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (Vec<String>, Option<String>) {
        let q = Query::parse(text);
        (q.terms.into_iter().map(|t| t.word).collect(), q.place.map(|i| PLACES.all()[i].id.clone()))
    }

    #[test]
    fn place_words_become_the_place_and_the_rest_are_looked_for() {
        assert_eq!(read("massage nairobi"), (vec!["massage".into()], Some("nairobi".into())));
        assert_eq!(read("Braids, Kasarani"), (vec!["braids".into()], Some("nairobi.kasarani".into())));
        assert_eq!(read("makeup in Nyali"), (vec!["makeup".into()], Some("mombasa.nyali".into())));
        assert_eq!(read("kasarani"), (vec![], Some("nairobi.kasarani".into())));
        assert_eq!(read("maua na zawadi"), (vec!["maua".into(), "zawadi".into()], None), "flowers, not Maua in Meru");
        assert_eq!(read("in"), (vec!["in".into()], None), "only words that say nothing: as typed");
        assert_eq!(read(""), (vec![], None));
    }

    #[test]
    fn words_and_phrases_carry_what_they_mean() {
        let q = Query::parse("mpiga picha kisumu");
        assert_eq!(q.terms, vec![Term { word: "mpiga picha".into(), means: vec!["photography".into()] }]);
        assert_eq!(Query::parse("manicure").terms[0].means, ["nails"]);
        assert_eq!(Query::parse("gel").terms[0].means, Vec::<String>::new());
        assert_eq!(Query::parse(&"nails ".repeat(30)).terms.len(), MAX_TERMS);
    }

    #[test]
    fn the_key_is_what_is_searched() {
        assert_eq!(Query::parse("Braids  in KASARANI").key(), Query::parse("braids kasarani").key());
        assert_ne!(Query::parse("braids").key(), Query::parse("braids kasarani").key());
    }
}
