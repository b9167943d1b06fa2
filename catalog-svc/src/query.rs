//! What a search's words ask for: the place they name, which becomes a filter ("massage
//! nairobi", "braids kasarani"), each other word with the listing words it means
//! (`mtaani_proto::synonyms`: "manicure" → nails, "mpiga picha" → photography), and the head noun:
//! the word that names the kind of service wanted, which the others qualify ("wedding
//! photographer", "mpiga picha wa harusi": a photographer). Words that say nothing ("in", "karibu")
//! are dropped.

use mtaani_proto::{
    places::PLACES,
    synonyms::{Meaning, SYNONYMS},
};

/// At most this many words of a search are read.
const MAX_WORDS: usize = 12;
/// At most this many of them are matched against listings.
pub const MAX_TERMS: usize = 8;
/// How much a word that qualifies the head noun counts beside it ("harusi" of "mpiga picha wa
/// harusi"): enough to order photographers of weddings first, too little for a makeup artist named
/// "Harusi" to pass a photographer.
pub const QUALIFIER: f32 = 0.5;

/// One thing looked for: a typed word (matched exactly, as a prefix or with one typo) and the words
/// it means (matched exactly).
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    /// The word as typed; a phrase ("mpiga picha") is matched only by what it means.
    pub word: String,
    pub means: Vec<String>,
    /// The head noun's only: the categories and subcategories it names ("fitness/gym"). A listing of
    /// none of them matches its words without answering it: it comes after those that do.
    pub kinds: Vec<String>,
    /// How much a match counts: 1, or [`QUALIFIER`] for a word that qualifies the head noun.
    pub weight: f32,
}

/// The kind of service the words name outright, as the answer tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct Wanted {
    /// A subcategory ("hair/braiding"), a category ("photography"), or a kind Mtaani has no
    /// subcategory for ("barber").
    pub kind: String,
    /// The words that named it, as read ("kinyozi").
    pub words: String,
    /// True for a kind Mtaani has no subcategory for: none of it can be listed.
    pub unlisted: bool,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Query {
    pub terms: Vec<Term>,
    /// The area the words name: its index in `PLACES`.
    pub place: Option<usize>,
    pub wanted: Option<Wanted>,
}

impl Query {
    pub fn parse(text: &str) -> Self {
        let folded = mtaani_proto::places::fold(text);
        let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).take(MAX_WORDS).collect();
        let (place, used) = match PLACES.area_named(&words, mtaani_proto::naming::names_service) {
            Some((place, used)) => (PLACES.index_of(&place.id), used),
            None => (None, Vec::new()),
        };
        let rest: Vec<&str> = words.iter().enumerate().filter(|(i, _)| !used.contains(i)).map(|(_, w)| *w).collect();
        // Words after the first join ("wa", "for") qualify those before it.
        let first_join = rest.iter().position(|w| SYNONYMS.joins(w)).unwrap_or(rest.len());
        // A search of only such words ("in") is searched as typed.
        let kept: Vec<(&str, bool)> =
            rest.iter().enumerate().filter(|(_, w)| !SYNONYMS.ignores(w)).map(|(i, w)| (*w, i < first_join)).collect();
        let rest = if kept.is_empty() && place.is_none() { rest.iter().map(|w| (*w, true)).collect() } else { kept };
        let mut read: Vec<Read> = Vec::new();
        let mut i = 0;
        while i < rest.len() && read.len() < MAX_TERMS {
            // The longest phrase with a meaning from here, else the word alone.
            let phrase = (2..=SYNONYMS.longest().min(rest.len() - i))
                .rev()
                .map(|n| (n, rest[i..i + n].iter().map(|(w, _)| *w).collect::<Vec<_>>().join(" ")))
                .find_map(|(n, p)| SYNONYMS.meaning(&p).map(|m| (n, p, m)));
            let (n, word, meaning, exact) = match phrase {
                Some((n, p, meaning)) => (n, p, meaning.clone(), true),
                None => {
                    let word = rest[i].0;
                    let (meaning, exact) = match SYNONYMS.meaning(word) {
                        Some(meaning) => (meaning.clone(), true),
                        None => (SYNONYMS.meaning_near(word).cloned().unwrap_or_default(), false),
                    };
                    (1, word.chars().take(40).collect(), meaning, exact)
                }
            };
            let term = Term { word, means: meaning.means.clone(), kinds: Vec::new(), weight: 1.0 };
            let sure = exact || term.word.chars().count() >= SURE_FROM;
            read.push(Read { term, meaning, before_join: rest[i].1, sure });
            i += n;
        }
        let wanted = head(&read).map(|h| {
            for (n, r) in read.iter_mut().enumerate() {
                if n == h {
                    r.term.kinds = r.meaning.kinds.clone();
                } else {
                    r.term.weight = QUALIFIER;
                }
            }
            let Read { term, meaning, .. } = &read[h];
            Wanted {
                kind: meaning.unlisted.clone().unwrap_or_else(|| meaning.kinds[0].clone()),
                words: term.word.clone(),
                unlisted: meaning.unlisted.is_some(),
            }
        });
        Self { terms: read.into_iter().map(|r| r.term).collect(), place, wanted }
    }

    /// What the query is, as a cache key: "Braids  Kasarani" and "braids in kasarani" are one search.
    pub fn key(&self) -> String {
        let place = self.place.map_or("", |i| PLACES.all()[i].id.as_str());
        let words: Vec<&str> = self.terms.iter().map(|t| t.word.as_str()).collect();
        format!("{}\u{1f}{place}", words.join(" "))
    }

    /// The categories and subcategories the head noun names (empty without one).
    pub fn kinds(&self) -> &[String] {
        self.terms.iter().find(|t| !t.kinds.is_empty()).map_or(&[], |t| t.kinds.as_slice())
    }
}

/// A term as read, before the head noun is chosen.
struct Read {
    term: Term,
    meaning: Meaning,
    /// Whether it came before the first join ("wa", "for").
    before_join: bool,
    /// Whether its meaning is its own, or that of a word it begins or is a typo of while long enough
    /// to be that word misspelt ("photograper"): a short word one letter from an entry is as often
    /// another word ("mgongo", a back, is one letter from "msongo", stress).
    sure: bool,
}

/// From how many letters a word read as the beginning or a typo of an entry is as sure as the entry.
const SURE_FROM: usize = 7;

/// Which of the terms read is the head noun: of those naming a kind (read surely, when any is:
/// "kukandwa mgongo" is a massage, though "mgongo" is a typo of "msongo", stress),
/// the last before the first join ("mpiga picha wa harusi"), else the last ("wedding
/// photographer"); then a narrower kind of the same named beside it ("picha za matukio": event
/// photography, "nywele za rasta": locs, "african fashion").
fn head(read: &[Read]) -> Option<usize> {
    let any_sure = read.iter().any(|r| r.sure && !r.meaning.kinds.is_empty());
    let naming = || read.iter().enumerate().filter(|(_, r)| !r.meaning.kinds.is_empty() && (r.sure || !any_sure));
    let first = naming().rfind(|(_, r)| r.before_join).or_else(|| naming().next_back())?.0;
    let inside = |narrow: &str, wide: &str| narrow.strip_prefix(wide).is_some_and(|rest| rest.starts_with('/'));
    let wide = &read[first].meaning.kinds;
    let mut narrower =
        naming().filter(|(n, r)| *n != first && r.meaning.kinds.iter().all(|k| wide.iter().any(|w| inside(k, w))));
    Some(narrower.next_back().map_or(first, |(n, _)| n))
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
        let photography = Term {
            word: "mpiga picha".into(),
            means: vec!["photography".into(), "photo".into()],
            kinds: vec!["photography".into()],
            weight: 1.0,
        };
        assert_eq!(q.terms, vec![photography]);
        assert_eq!(Query::parse("manicure").terms[0].means, ["nails"]);
        assert_eq!(Query::parse("gel").terms[0].means, Vec::<String>::new());
        assert_eq!(Query::parse(&"nails ".repeat(30)).terms.len(), MAX_TERMS);
    }

    /// The head noun and the kind it names: (head's words, kind wanted), the others' weight.
    fn head_of(text: &str) -> Option<(String, String)> {
        let q = Query::parse(text);
        let heads: Vec<&Term> = q.terms.iter().filter(|t| !t.kinds.is_empty()).collect();
        assert!(heads.len() <= 1, "{text}: one head noun");
        for t in &q.terms {
            assert_eq!(t.weight, if t.kinds.is_empty() && !heads.is_empty() { QUALIFIER } else { 1.0 }, "{text}");
        }
        q.wanted.map(|w| (w.words, w.kind))
    }

    #[test]
    fn the_head_noun_names_the_kind_and_the_rest_qualify_it() {
        for (text, words, kind) in [
            // English puts the head last; Kiswahili, and English with "for", first.
            ("wedding photographer", "photographer", "photography"),
            ("mpiga picha wa harusi", "mpiga picha", "photography"),
            ("wapiga picha wa harusi nakuru", "wapiga picha", "photography"),
            ("makeup for a wedding", "makeup", "beauty/makeup"),
            ("bridal makeup", "makeup", "beauty/makeup"),
            ("gym westlands", "gym", "fitness/gym"),
            // A narrower kind of the same beside it.
            ("picha za matukio", "matukio", "photography/event"),
            ("nywele za rasta", "rasta", "hair/locs"),
            ("african fashion", "african", "fashion/african"),
            // Questions: the words that say nothing are dropped.
            ("where can i get my nails done", "nails", "beauty/nails"),
            // A word read surely heads before a short one read as a typo of another.
            ("kukandwa mgongo", "kukandwa", "beauty/asmr-massage"),
            ("wedding photograper", "photograper", "photography"),
        ] {
            assert_eq!(head_of(text), Some((words.to_owned(), kind.to_owned())), "{text}");
        }
        assert_eq!(Query::parse("where can i get my nails done").terms.len(), 1);
        // A kind Mtaani has no subcategory for.
        let q = Query::parse("Kinyozi");
        assert_eq!(q.wanted, Some(Wanted { kind: "barber".into(), words: "kinyozi".into(), unlisted: true }));
        assert_eq!(q.kinds(), ["hair/ladies-haircut"], "the nearest is answered");
        // No word naming a kind: no head, every word counts alike.
        assert_eq!(head_of("knotless"), None);
        assert_eq!(head_of("studio 254"), None);
    }

    #[test]
    fn the_key_is_what_is_searched() {
        assert_eq!(Query::parse("Braids  in KASARANI").key(), Query::parse("braids kasarani").key());
        assert_ne!(Query::parse("braids").key(), Query::parse("braids kasarani").key());
    }
}
