//! Ranked, typo-tolerant search over the visible listings, held in memory.
//!
//! Each listing's words (name, subcategory and category with their Kiswahili titles, location and
//! place, description) go into an inverted index; every word is also stored under its one-letter
//! deletions, so a query word one edit away ("bridl", "makup") finds its neighbours without scanning
//! the vocabulary. A query word matches exactly, as a prefix (the last word from two letters, as the
//! search box suggests while typing), within one edit, or through what it means (`query.rs`: "manicure" →
//! nails); listings with every word come before those with fewer, and a listing answers the head
//! noun only when it is of the kind that names ("gym": a gym, not a trainer). A place the words name
//! is a filter (`query.rs`). The index answers ids only: the listings themselves are read from the
//! database, so a hidden or deleted listing is never served from here.

use std::{
    cmp::Reverse,
    collections::{HashMap, HashSet},
    sync::Arc,
};

use sqlx::{AnyConnection, AnyPool};

use crate::query::{Query, Term};
use crate::store::listings::{self as store, Sort};
use tokio::sync::{Mutex, RwLock};

/// Field weights: a match in the name counts most.
pub const NAME: f32 = 5.0;
pub const SUBCATEGORY: f32 = 4.0;
pub const CATEGORY: f32 = 3.0;
/// The subcategory's Kiswahili title counts less than the category: its words are often another
/// category's ("Kuondoa Nywele kwa Nta", waxing, has "nywele", hair).
pub const SUBCATEGORY_SW: f32 = 2.5;
pub const LOCATION: f32 = 3.0;
pub const DESCRIPTION: f32 = 1.0;

/// How a query word matched an indexed word.
pub const EXACT: f32 = 1.0;
pub const PREFIX: f32 = 0.75;
pub const TYPO: f32 = 0.6;
/// A word the typed one means ("manicure" → nails): a little below the word itself.
pub const SYNONYM: f32 = 0.9;

/// One visible listing as the index keeps it besides its words: what orders it and where it is, in
/// numbers, side by side with the others' (a list of 100,000 reads 5 MB of these, not the texts).
#[derive(Debug, Clone, Copy)]
struct Doc {
    /// Its id's place among the ids in order: the last tie-breaker, compared as a number.
    id_rank: u32,
    /// How well rated (see `rank_of`): the tie-breaker among equally relevant listings.
    rank: u16,
    featured: bool,
    created_at: i64,
    /// The average to a thousandth in integers as the database's `rating` order reads it (-1: none).
    average: i64,
    rating_count: i64,
    min_price: i64,
    max_price: i64,
    /// Its place's index in `PLACES` (`NO_PLACE`: none), and how far the provider travels.
    place: u32,
    serves_km: u16,
}

/// One visible listing's texts the index keeps: its id, and what the lists filter on.
#[derive(Debug)]
struct Text {
    id: Box<str>,
    /// Shared by every listing with the same text (`Interned`): a handful among 100,000 listings.
    category: Arc<str>,
    subcategory: Arc<str>,
    /// Its location text lower-cased, as a number in `Index::locations`: the town filter reads each
    /// text once per list, not once per listing (100,000 listings share a few thousand texts).
    location: u32,
}

const NO_PLACE: u32 = u32::MAX;

#[derive(Debug, Default)]
struct Index {
    /// The listings by document number, and their texts.
    docs: Vec<Doc>,
    texts: Vec<Text>,
    /// word → (doc, weight)
    postings: HashMap<String, Vec<(u32, f32)>>,
    /// one-letter deletion of a word → the words it came from
    deletions: HashMap<String, Vec<String>>,
    /// sorted vocabulary, for prefix look-ups
    vocabulary: Vec<String>,
    /// The listings' location texts lower-cased, each once (`Text::location`), and their words folded
    /// (which a county or sub-county asked for is looked for in, for listings without a place).
    locations: Vec<Box<str>>,
    location_words: Vec<Box<str>>,
    /// How many listings each category ("hair") and subcategory ("hair/braiding") has: a head noun
    /// naming a kind none is listed of answers what it means, as a word that names none would.
    kinds: HashMap<String, u32>,
    signature: (i64, i64, i64),
}

/// A listing's rating as a tie-breaker (thousandths of a star): its average pulled towards 3.5 by
/// three imaginary reviews, so that one 5-star review does not outrank forty of 4.8, and a listing
/// without reviews sits at 3.5 — after the well rated, before the badly rated.
pub fn rank_of(count: i64, sum: i64) -> u16 {
    let (count, sum) = (count.max(0) as f64, sum.max(0) as f64);
    ((sum + 3.0 * 3.5) / (count + 3.0) * 1000.0).round().clamp(0.0, 5000.0) as u16
}

/// The lower-cased words of `text` (letters and digits; `&` and the like split words).
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase)
}

fn deletions_of(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    (0..chars.len()).map(|i| chars.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, c)| *c).collect()).collect()
}

/// Damerau-Levenshtein distance (optimal string alignment); 3 for words whose lengths differ by more
/// than 2, which are never near enough to matter.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > 2 {
        return 3;
    }
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

impl Index {
    /// `text`'s number in `locations`, added when new (`seen`: the numbers given so far).
    fn location_of(&mut self, text: String, seen: &mut HashMap<String, u32>) -> u32 {
        *seen.entry(text).or_insert_with_key(|text| {
            self.locations.push(text.as_str().into());
            self.location_words.push(mtaani_proto::places::fold(text).into());
            (self.locations.len() - 1) as u32
        })
    }

    fn add(&mut self, listing: Doc, text: Text, fields: [(&str, f32); 6]) {
        let doc = u32::try_from(self.docs.len()).unwrap_or(u32::MAX);
        self.docs.push(listing);
        self.texts.push(text);
        let mut best: HashMap<String, f32> = HashMap::new();
        for (text, weight) in fields {
            for w in words(text) {
                let e = best.entry(w).or_insert(0.0);
                *e = e.max(weight);
            }
        }
        for (word, weight) in best {
            let postings = self.postings.entry(word).or_default();
            postings.push((doc, weight));
        }
    }

    fn finish(&mut self) {
        // Lists grown one push at a time keep up to half their room unused: at 100,000 listings,
        // megabytes held for as long as the index lives.
        self.postings.values_mut().for_each(Vec::shrink_to_fit);
        self.postings.shrink_to_fit();
        self.docs.shrink_to_fit();
        self.texts.shrink_to_fit();
        self.locations.shrink_to_fit();
        self.location_words.shrink_to_fit();
        self.vocabulary = self.postings.keys().cloned().collect();
        self.vocabulary.sort_unstable();
        for word in &self.vocabulary {
            if word.chars().count() >= 4 {
                for d in deletions_of(word) {
                    self.deletions.entry(d).or_default().push(word.clone());
                }
            }
        }
        self.deletions.values_mut().for_each(Vec::shrink_to_fit);
        self.deletions.shrink_to_fit();
    }

    /// Indexed words matching `q`, each with how well it matched. Words of three letters or more
    /// match as the beginning of a word; the `last` word (the one being typed) from two.
    fn expand(&self, q: &str, last: bool) -> Vec<(&str, f32)> {
        let mut out: HashMap<&str, f32> = HashMap::new();
        if let Some((w, _)) = self.postings.get_key_value(q) {
            out.insert(w.as_str(), EXACT);
        }
        if q.chars().count() >= if last { 2 } else { 3 } {
            let start = self.vocabulary.partition_point(|w| w.as_str() < q);
            for w in self.vocabulary[start..].iter().take_while(|w| w.starts_with(q)).take(50) {
                out.entry(w.as_str()).or_insert(PREFIX);
            }
        }
        if q.chars().count() >= 4 {
            let mut candidates: HashSet<&str> = HashSet::new();
            for key in std::iter::once(q.to_owned()).chain(deletions_of(q)) {
                if let Some(ws) = self.deletions.get(&key) {
                    candidates.extend(ws.iter().map(String::as_str));
                }
                if let Some((w, _)) = self.postings.get_key_value(&key) {
                    candidates.insert(w.as_str());
                }
            }
            for w in candidates {
                if distance(q, w) <= 1 {
                    out.entry(w).or_insert(TYPO);
                }
            }
        }
        out.into_iter().collect()
    }

    /// Per document, the summed score of the terms it matched (each by its weight) and how many it
    /// answered, and the documents matching any (every document when there are no terms: a search
    /// of a place alone). A listing matching the head noun's words answers it only when it is of a
    /// kind the head names ("gym": a gym, not a trainer whose words say gym), if any such is listed.
    ///
    /// Scores live in arrays indexed by document (no hashing per posting).
    fn score(&self, terms: &[Term]) -> (Vec<f32>, Vec<u8>, Vec<u32>) {
        let n = self.docs.len();
        let mut score = vec![0f32; n];
        let mut matched = vec![0u8; n];
        if terms.is_empty() {
            return (score, matched, (0..n as u32).collect());
        }
        let mut touched: Vec<u32> = Vec::new();
        let mut seen = vec![false; n];
        // This term's best score per document, reset after each term through `term_docs`.
        let mut best = vec![0f32; n];
        let mut term_docs: Vec<u32> = Vec::new();
        for (i, term) in terms.iter().enumerate() {
            let last = i + 1 == terms.len();
            let mut words = if term.word.contains(' ') { Vec::new() } else { self.expand(&term.word, last) };
            words.extend(
                term.means.iter().filter_map(|m| self.postings.get_key_value(m)).map(|(w, _)| (w.as_str(), SYNONYM)),
            );
            for (word, quality) in words {
                for &(doc, weight) in &self.postings[word] {
                    let b = &mut best[doc as usize];
                    if *b == 0.0 {
                        term_docs.push(doc);
                    }
                    *b = b.max(weight * quality);
                }
            }
            let kinds = if self.lists(&term.kinds) { term.kinds.as_slice() } else { &[] };
            for doc in term_docs.drain(..) {
                let d = doc as usize;
                if !seen[d] {
                    seen[d] = true;
                    touched.push(doc);
                }
                score[d] += best[d] * term.weight;
                if kinds.is_empty() || self.is_of(d, kinds) {
                    matched[d] += 1;
                }
                best[d] = 0.0;
            }
        }
        (score, matched, touched)
    }

    /// Whether any listing is of one of `kinds` (categories and subcategories, "hair/braiding").
    fn lists(&self, kinds: &[String]) -> bool {
        kinds.iter().any(|k| self.kinds.contains_key(k.as_str()))
    }

    /// Whether document `d` is of one of `kinds`.
    fn is_of(&self, d: usize, kinds: &[String]) -> bool {
        let text = &self.texts[d];
        kinds.iter().any(|k| match k.split_once('/') {
            Some((category, subcategory)) => *text.category == *category && *text.subcategory == *subcategory,
            None => *text.category == **k,
        })
    }

    /// How many listings match `query`, and `limit` of them from `offset`, in the order `sort` asks
    /// (`Recommended`: the best match); only the page asked for is sorted (a query matching 30,000
    /// listings orders 48 of them, not 30,000).
    ///
    /// In every order, listings with every word come before those with fewer: an order sorts each of
    /// those groups. A place the words name is the one origin of the answer (the visitor's own gives
    /// way) and a filter; when nothing in it has every word, the nearest matches anywhere are answered
    /// instead (`Found::nearby`). Without one, `origin` (the visitor's area) measures distances and
    /// keeps to its radius and area.
    fn search_page(&self, query: &Query, origin: Option<&Origin>, sort: Sort, offset: usize, limit: usize) -> Found {
        let place = query.place.filter(|&i| i < mtaani_proto::places::PLACES.all().len());
        if query.terms.is_empty() && place.is_none() {
            return Found::default();
        }
        let origin = match place {
            Some(i) => {
                let p = &mtaani_proto::places::PLACES.all()[i];
                Some(Origin { at: (p.lat, p.lng), radius_km: None, area: Some(i) })
            }
            None => origin.cloned(),
        };
        let (score, matched, touched) = self.score(&query.terms);
        let all = query.terms.len() as u8;
        let has_every_word = |hits: &[u32]| hits.iter().any(|&d| matched[d as usize] == all);
        let mut reach = vec![Reach::UNKNOWN; if origin.is_some() { self.docs.len() } else { 0 }];
        let mut nearby = false;
        let hits = match &origin {
            None => touched,
            Some(origin) => {
                let within = self.distances(origin);
                let kept: Vec<u32> =
                    touched.iter().copied().filter(|&d| self.keep(&within, d, &mut reach[d as usize])).collect();
                if has_every_word(&kept) || place.is_none() {
                    kept
                } else {
                    // Nothing in the place has every word: the nearest matches, anywhere.
                    let around = self.distances(&Origin { area: None, ..origin.clone() });
                    let any: Vec<u32> =
                        touched.iter().copied().filter(|&d| self.keep(&around, d, &mut reach[d as usize])).collect();
                    nearby = !any.is_empty();
                    any
                }
            }
        };
        let reached = |d: u32| reach.get(d as usize).copied().unwrap_or(Reach::UNKNOWN);
        // The best match of the nearest matches, and of a place alone, is the nearest; "distance"
        // without any origin orders as the best match.
        let sort = match sort {
            Sort::Recommended if nearby || query.terms.is_empty() => Sort::Distance,
            Sort::Distance if origin.is_none() => Sort::Recommended,
            sort => sort,
        };
        let key = |d: u32| {
            let doc = &self.docs[d as usize];
            let km = nearer_key(reached(d).km);
            // Scores are never negative: their bits order as they do; the higher first.
            let relevance = u32::MAX - score[d as usize].to_bits();
            // What the order asks first, as numbers, smallest first (the larger negated); then the
            // relevance, the rating (a small signal among equally relevant listings) and the nearer.
            let asked: [i64; 2] = match sort {
                Sort::Recommended => [0, 0],
                Sort::Distance => [i64::from(km), 0],
                Sort::Rating => [-doc.average, -doc.rating_count],
                Sort::PriceAsc => [doc.min_price, doc.max_price],
                Sort::PriceDesc => [-doc.max_price, -doc.min_price],
                Sort::Newest => [-doc.created_at, 0],
            };
            (
                Reverse(matched[d as usize]),
                asked,
                relevance,
                Reverse(doc.rank),
                km,
                Reverse(doc.featured),
                Reverse(doc.created_at),
                doc.id_rank,
            )
        };
        let (total, hits) = self.page_of(hits, key, offset, limit, |d| origin.is_some().then(|| reached(d)));
        Found { total, hits, place, nearby }
    }

    /// The `limit` documents from `offset` of `hits` in the order of their `key`s (only those are
    /// sorted), with how many there are in all. Each hit's key is made once, into one array: the
    /// comparisons read that, not 100,000 listings scattered in memory.
    fn page_of<K: Ord + Copy>(
        &self,
        hits: Vec<u32>,
        key: impl Fn(u32) -> K,
        offset: usize,
        limit: usize,
        reach: impl Fn(u32) -> Option<Reach>,
    ) -> (usize, Vec<Hit>) {
        let total = hits.len();
        let end = offset.saturating_add(limit).min(total);
        if offset >= end {
            return (total, Vec::new());
        }
        let mut keyed: Vec<(K, u32)> = hits.into_iter().map(|d| (key(d), d)).collect();
        if end < total {
            keyed.select_nth_unstable(end);
            keyed.truncate(end);
        }
        keyed.sort_unstable();
        let page = keyed[offset..end]
            .iter()
            .map(|&(_, d)| {
                let reach = reach(d).filter(|r| r.km.is_finite());
                Hit {
                    id: self.texts[d as usize].id.to_string(),
                    distance_km: reach.map(|r| r.km),
                    comes_to_you: reach.is_some_and(|r| r.comes),
                }
            })
            .collect();
        (total, page)
    }

    /// The visible listings `list` asks for: filtered as the database would, or lying in the place
    /// its location names; from an origin, kept within its radius and area, with distances, in the
    /// order asked (nearest first for `Distance`: by the real distance, whoever travels).
    fn list_page(&self, list: &NearList, offset: usize, limit: usize) -> (usize, Vec<Hit>) {
        let distances = list.origin.as_ref().map(|origin| self.distances(origin));
        let mut reach = vec![Reach::UNKNOWN; if distances.is_some() { self.docs.len() } else { 0 }];
        // Which location texts the location asked for is part of (the database's `LIKE`).
        let named: Option<Vec<bool>> = list.location.as_deref().map(|l| {
            let l = l.to_lowercase();
            self.locations.iter().map(|text| text.contains(&l)).collect()
        });
        // Per place, whether it lies in the place the location names (worked out once per request).
        let places = mtaani_proto::places::PLACES.all();
        let inside: Vec<bool> = list
            .place
            .and_then(|i| places.get(i))
            .map(|area| places.iter().map(|p| p.lies_in(area)).collect())
            .unwrap_or_default();
        let hits: Vec<u32> = (0..self.docs.len() as u32)
            .filter(|&d| {
                let text = &self.texts[d as usize];
                list.category.as_deref().is_none_or(|c| *text.category == *c)
                    && list.subcategory.as_deref().is_none_or(|s| *text.subcategory == *s)
                    && named.as_deref().is_none_or(|named| {
                        named[text.location as usize] || inside.get(self.docs[d as usize].place as usize) == Some(&true)
                    })
                    && distances.as_ref().is_none_or(|within| self.keep(within, d, &mut reach[d as usize]))
            })
            .collect();
        let docs = &self.docs;
        let distance = |d: u32| reach.get(d as usize).copied();
        // The database's orders (store/listings.rs `order_by`) as numbers, smallest first: negated where the
        // larger comes first; then the id.
        let page = |key: &dyn Fn(&Doc) -> [i64; 5], hits| {
            self.page_of(hits, |d| (key(&docs[d as usize]), docs[d as usize].id_rank), offset, limit, distance)
        };
        let featured = |d: &Doc| -i64::from(d.featured);
        match list.sort {
            // Without an origin, "distance" orders as recommended (catalog.proto).
            crate::store::listings::Sort::Distance if distances.is_some() => self.page_of(
                hits,
                |d| {
                    let doc = &docs[d as usize];
                    (
                        nearer_key(reach[d as usize].km),
                        Reverse(doc.featured),
                        Reverse(doc.rank),
                        Reverse(doc.created_at),
                        doc.id_rank,
                    )
                },
                offset,
                limit,
                distance,
            ),
            crate::store::listings::Sort::Recommended | crate::store::listings::Sort::Distance => {
                page(&|d| [featured(d), -d.created_at, 0, 0, 0], hits)
            }
            crate::store::listings::Sort::Rating => {
                page(&|d| [-d.average, -d.rating_count, featured(d), -d.created_at, 0], hits)
            }
            crate::store::listings::Sort::PriceAsc => page(&|d| [d.min_price, d.max_price, -d.created_at, 0, 0], hits),
            crate::store::listings::Sort::PriceDesc => {
                page(&|d| [-d.max_price, -d.min_price, -d.created_at, 0, 0], hits)
            }
            crate::store::listings::Sort::Newest => page(&|d| [-d.created_at, 0, 0, 0, 0], hits),
        }
    }

    /// Every matching listing id, best first.
    #[cfg(test)]
    fn search(&self, query: &str) -> Vec<String> {
        self.search_page(&Query::parse(query), None, Sort::Recommended, 0, usize::MAX)
            .hits
            .into_iter()
            .map(|h| h.id)
            .collect()
    }
}

/// A distance as it orders: the real one, whether or not the provider travels. Distances are never
/// negative: their bits order as they do (infinity, no place, last).
fn nearer_key(km: f32) -> u32 {
    km.to_bits()
}

/// How a listing stands from an origin: the real distance to its place (infinite without one), and
/// whether its provider travels that far, so comes to the visitor.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Reach {
    km: f32,
    comes: bool,
}

impl Reach {
    /// Not placed, or not measured.
    const UNKNOWN: Reach = Reach { km: f32::INFINITY, comes: false };
}

/// Where distances are measured from: the visitor's position or a place's centre.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    /// Latitude and longitude.
    pub at: (f64, f64),
    /// Only listings at most this far, and those whose provider comes this far to the visitor: they
    /// serve them, though their place lies further (their distance is still the real one).
    pub radius_km: Option<f64>,
    /// Only listings lying in this county or sub-county (its index in `PLACES`), or, without a
    /// place, whose location text names it.
    pub area: Option<usize>,
}

/// A list from the index: the filters of the database's lists, the place a location names, the
/// order, and where distances are measured from.
#[derive(Debug, Clone, Default)]
pub struct NearList {
    pub category: Option<String>,
    pub subcategory: Option<String>,
    /// Anywhere in the location text, case-insensitively (a town), or, with `place`, lying in it.
    pub location: Option<String>,
    /// The place `location` is the name of (its index in `PLACES`): "Kasarani", "Lavington".
    pub place: Option<usize>,
    pub sort: crate::store::listings::Sort,
    /// None: no distances, nor radius or area.
    pub origin: Option<Origin>,
}

/// What a search found: how many listings in all, the page asked for, the place its words named
/// (its index in `PLACES`), and whether nothing there matched so the nearest matches are answered.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Found {
    pub total: usize,
    pub hits: Vec<Hit>,
    pub place: Option<usize>,
    pub nearby: bool,
}

/// A listing found: its id and, from an origin, its distance in km and whether its provider travels
/// that far.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub id: String,
    pub distance_km: Option<f32>,
    pub comes_to_you: bool,
}

/// Each place's distance from an origin, and whether it lies in the origin's area, worked out once
/// per request (1,600 places, not 100,000 listings).
struct Distances {
    radius_km: Option<f64>,
    /// Per place: km, or NaN outside the area.
    km: Vec<f32>,
    /// With an area: per location text (`Index::locations`), whether its words name the area — for
    /// listings without a place, worked out once per request rather than once per listing.
    named: Option<Vec<bool>>,
}

impl Index {
    /// The distances from `origin` to every place, and which location texts name its area.
    fn distances(&self, origin: &Origin) -> Distances {
        let places = mtaani_proto::places::PLACES.all();
        let area = origin.area.and_then(|i| places.get(i));
        let km = places
            .iter()
            .map(|p| {
                if area.is_some_and(|a| !p.lies_in(a)) {
                    f32::NAN
                } else {
                    mtaani_proto::places::distance_km(origin.at, (p.lat, p.lng)) as f32
                }
            })
            .collect();
        let named = area.map(|a| {
            let name = mtaani_proto::places::fold(&a.name);
            self.location_words.iter().map(|words| words.contains(&name)).collect()
        });
        Distances { radius_km: origin.radius_km, km, named }
    }

    /// Whether document `d` is kept from an origin; how it stands is written into `slot` when it is.
    fn keep(&self, distances: &Distances, d: u32, slot: &mut Reach) -> bool {
        let location = self.texts[d as usize].location;
        distances.of(&self.docs[d as usize], location).map(|reach| *slot = reach).is_some()
    }
}

impl Distances {
    /// How a listing stands from the origin: the real distance to its place (infinite without a
    /// place: last) and whether its provider travels that far; `None` when outside the area, or
    /// outside the radius unless the provider comes to the visitor (they serve them all the same).
    /// `location`: its location text's number, which a listing without a place is placed by.
    fn of(&self, doc: &Doc, location: u32) -> Option<Reach> {
        let Some(&km) = self.km.get(doc.place as usize) else {
            // No place: in an area only when its text names it, and never within a radius.
            let named = self.named.as_ref().is_none_or(|named| named[location as usize]);
            return (named && self.radius_km.is_none()).then_some(Reach::UNKNOWN);
        };
        if km.is_nan() {
            return None;
        }
        let comes = doc.serves_km > 0 && km <= f32::from(doc.serves_km);
        (comes || self.radius_km.is_none_or(|r| f64::from(km) <= r)).then_some(Reach { km, comes })
    }
}

/// The shared index, rebuilt from the database when the listings change.
#[derive(Debug, Clone, Default)]
pub struct SearchIndex {
    inner: Arc<RwLock<Index>>,
    reader: Arc<Mutex<Reader>>,
}

/// The one connection the index reads the listings through, held outside the pool. Each SQLite
/// connection keeps a page cache of its own (up to 2 MiB): read through the pool, the whole table,
/// every few seconds, would fill the caches of all eight connections one after the other and keep
/// them filled while idle (docs/BENCHMARKS.md, "Idle memory at 100,000 listings"). One at a time,
/// so rebuilds queue instead of each reading the table beside the others.
#[derive(Debug, Default)]
struct Reader {
    conn: Option<AnyConnection>,
    /// SQLite's `data_version` when the signature was last read: unchanged, nothing was written.
    seen: Option<i64>,
}

pub use crate::store::listings::Document;

impl Index {
    fn build(documents: impl IntoIterator<Item = Document>) -> Self {
        let mut index = Index::default();
        let mut kept = Interned::default();
        let mut locations = HashMap::new();
        let places = &mtaani_proto::places::PLACES;
        for d in documents {
            let (category, subcategory, subcategory_sw) = titled(&d.category, &d.subcategory);
            for kind in [d.category.clone(), format!("{}/{}", d.category, d.subcategory)] {
                *index.kinds.entry(kind).or_default() += 1;
            }
            let place = places.index_of(&d.place_id);
            let searched = located(&d.location, place.map(|i| &places.all()[i]));
            let text = Text {
                id: d.id.into(),
                category: kept.get(&d.category),
                subcategory: kept.get(&d.subcategory),
                location: index.location_of(d.location.to_lowercase(), &mut locations),
            };
            let doc = Doc {
                id_rank: 0,
                rank: rank_of(d.rating_count, d.rating_sum),
                featured: d.featured,
                created_at: d.created_at,
                average: if d.rating_count > 0 { d.rating_sum * 1000 / d.rating_count } else { -1 },
                rating_count: d.rating_count,
                min_price: d.min_price,
                max_price: d.max_price,
                place: place.map_or(NO_PLACE, |i| i as u32),
                serves_km: d.serves_radius_km.clamp(0, 50) as u16,
            };
            index.add(
                doc,
                text,
                [
                    (&d.name, NAME),
                    (&subcategory, SUBCATEGORY),
                    (&category, CATEGORY),
                    (&subcategory_sw, SUBCATEGORY_SW),
                    (&searched, LOCATION),
                    (&d.description, DESCRIPTION),
                ],
            );
        }
        // Each id's place in the order of ids.
        let mut by_id: Vec<u32> = (0..index.docs.len() as u32).collect();
        by_id.sort_unstable_by(|a, b| index.texts[*a as usize].id.cmp(&index.texts[*b as usize].id));
        for (rank, d) in by_id.into_iter().enumerate() {
            index.docs[d as usize].id_rank = rank as u32;
        }
        index.finish();
        index
    }
}

/// One copy of each text many listings share.
#[derive(Default)]
struct Interned(HashSet<Arc<str>>);

impl Interned {
    fn get(&mut self, text: &str) -> Arc<str> {
        if let Some(kept) = self.0.get(text) {
            return kept.clone();
        }
        let kept: Arc<str> = text.into();
        self.0.insert(kept.clone());
        kept
    }
}

/// A listing's category and subcategory as searched: their ids and titles (the category's in
/// Kiswahili too), and the subcategory's Kiswahili title, so that "kucha" (nails), "nywele" (hair)
/// and "kusuka" (braiding) find them.
pub fn titled(category: &str, subcategory: &str) -> (String, String, String) {
    let found = mtaani_proto::categories::find(category);
    let sub = found.and_then(|c| c.subcategories.iter().find(|s| s.slug == subcategory));
    (
        format!("{} {}", category.replace('-', " "), found.map_or(String::new(), |c| format!("{} {}", c.title, c.sw))),
        format!("{} {}", subcategory.replace('-', " "), sub.map_or("", |s| s.title)),
        sub.map_or(String::new(), |s| s.sw.to_owned()),
    )
}

/// A listing's location as searched: its text, and its place's name, ward, sub-county and county, so
/// that a listing picked in "Parklands" is found by "highridge", "westlands" and "nairobi" too.
pub fn located(text: &str, place: Option<&mtaani_proto::places::Place>) -> String {
    match place {
        Some(p) => format!("{text} {} {} {} {}", p.name, p.ward, p.sub_county, p.county),
        None => text.to_owned(),
    }
}

impl Reader {
    /// Runs `read` on the connection (taken from the pool and kept out of it); a connection that
    /// failed is closed and another taken next time.
    async fn with<T>(
        &mut self,
        pool: &AnyPool,
        read: impl AsyncFnOnce(&mut AnyConnection, &mut Option<i64>) -> Result<T, sqlx::Error>,
    ) -> Result<T, sqlx::Error> {
        let conn = match &mut self.conn {
            Some(conn) => conn,
            empty => {
                self.seen = None;
                empty.insert(pool.acquire().await?.detach())
            }
        };
        let mut seen = self.seen;
        let result = read(conn, &mut seen).await;
        match result {
            Ok(_) => self.seen = seen,
            Err(_) => self.conn = None,
        }
        result
    }
}

impl SearchIndex {
    /// An index of `documents` (benchmarks and tools; the service builds from its database).
    pub fn from_documents(documents: impl IntoIterator<Item = Document>) -> Self {
        Self { inner: Arc::new(RwLock::new(Index::build(documents))), reader: Arc::default() }
    }

    /// Rebuilds from the visible listings.
    pub async fn rebuild(&self, pool: &AnyPool) -> Result<(), sqlx::Error> {
        self.reader.lock().await.with(pool, async |conn, seen| self.rebuild_from(conn, seen).await).await
    }

    async fn rebuild_from(&self, conn: &mut AnyConnection, seen: &mut Option<i64>) -> Result<(), sqlx::Error> {
        let version = store::data_version(conn).await?;
        let sig = store::signature(conn).await?;
        let documents = store::documents(conn).await?;
        let mut index = Index::build(documents);
        index.signature = sig;
        let old = std::mem::replace(&mut *self.inner.write().await, index);
        drop(old);
        *seen = version;
        // The old index's memory goes back to the system, not kept at the build's peak.
        mtaani_runtime::process::trim_allocator();
        Ok(())
    }

    /// Rebuilds when the listings changed since the last build (another replica wrote); answers
    /// whether it did. On SQLite the table is read only when something was written to the file.
    pub async fn refresh_if_changed(&self, pool: &AnyPool) -> Result<bool, sqlx::Error> {
        self.reader
            .lock()
            .await
            .with(pool, async |conn, seen| {
                let version = store::data_version(conn).await?;
                if version.is_some() && version == *seen {
                    return Ok(false);
                }
                if store::signature(conn).await? == self.inner.read().await.signature {
                    *seen = version;
                    return Ok(false);
                }
                self.rebuild_from(conn, seen).await?;
                Ok(true)
            })
            .await
    }

    /// How many listings match `query`, and `limit` of them from `offset`, best first (with their
    /// distances from the place named or `origin`, inside its radius and area).
    pub async fn search(&self, query: &Query, origin: Option<&Origin>, offset: usize, limit: usize) -> Found {
        self.search_sorted(query, origin, Sort::Recommended, offset, limit).await
    }

    /// As `search`, in the order `sort` asks (`Recommended`: the best match first).
    pub async fn search_sorted(
        &self,
        query: &Query,
        origin: Option<&Origin>,
        sort: Sort,
        offset: usize,
        limit: usize,
    ) -> Found {
        self.inner.read().await.search_page(query, origin, sort, offset, limit)
    }

    /// Whether any visible listing is of one of `kinds` (categories and subcategories: the kinds a
    /// search's head noun names, `Query::kinds`).
    pub async fn lists(&self, kinds: &[String]) -> bool {
        self.inner.read().await.lists(kinds)
    }

    /// How many visible listings `list` asks for, and `limit` of them from `offset`, with distances.
    pub async fn list(&self, list: &NearList, offset: usize, limit: usize) -> (usize, Vec<Hit>) {
        self.inner.read().await.list_page(list, offset, limit)
    }

    /// Keeps the index fresh for writes made by other replicas: when one is heard of (`changes`),
    /// and every few seconds in case a notification was lost. A rebuild is itself a change: answers
    /// cached from the old index are dropped.
    pub fn spawn_refresher(&self, pool: AnyPool, changes: crate::changes::Changes) {
        let index = self.clone();
        let mut heard = changes.subscribe();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(std::time::Duration::from_secs(3)) => {}
                    r = heard.changed() => if r.is_err() { return },
                }
                match index.refresh_if_changed(&pool).await {
                    Ok(true) => changes.bump(),
                    Ok(false) => {}
                    Err(e) => tracing::warn!(error = %e, "search index: cannot refresh"),
                }
                heard.borrow_and_update();
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names of the listings a search for `words` finds.
    async fn found(index: &SearchIndex, words: &str) -> Vec<String> {
        let query = Query::parse(words);
        index.search(&query, None, 0, 10).await.hits.into_iter().map(|h| h.id).collect()
    }

    /// The refresher finds what was written beside the service (another replica, or a rebuild that
    /// failed after a write), and on SQLite reads nothing while nothing is written: writes are seen
    /// through the file's `data_version`, on its own connection.
    #[tokio::test]
    async fn the_refresher_finds_writes_and_idles_on_nothing() {
        for db in mtaani_runtime::testing::TestDb::both("catalog") {
            let pool = mtaani_runtime::db::connect(&db.config, &crate::MIGRATOR).await.unwrap().pool;
            let index = SearchIndex::default();
            index.rebuild(&pool).await.unwrap();
            assert!(!index.refresh_if_changed(&pool).await.unwrap(), "{}: nothing changed", db.name);
            sqlx::query(
                "INSERT INTO listings (id, seller_id, name, min_price, max_price, location, phone_number, category, \
                 subcategory, description, created_at, updated_at) \
                 VALUES ('z1', 's1', 'Zumba Mornings', 500, 800, 'Kisumu', '+254700000001', 'fitness', 'fitness-classes', \
                 'Dance workouts', 1, 1)",
            )
            .execute(&pool)
            .await
            .unwrap();
            assert!(found(&index, "zumba").await.is_empty());
            assert!(index.refresh_if_changed(&pool).await.unwrap(), "{}: a listing written", db.name);
            assert_eq!(found(&index, "zumba").await, ["z1"], "{}", db.name);
            assert!(!index.refresh_if_changed(&pool).await.unwrap(), "{}: read once", db.name);
            if db.name == "sqlite" {
                // Nothing written: the signature is not read (a wrong one is never noticed).
                index.inner.write().await.signature = (-1, -1, -1);
                assert!(!index.refresh_if_changed(&pool).await.unwrap(), "sqlite: the file unchanged");
            }
            sqlx::query("UPDATE listings SET visible = 0 WHERE id = 'z1'").execute(&pool).await.unwrap();
            assert!(index.refresh_if_changed(&pool).await.unwrap(), "{}: a listing hidden", db.name);
            assert!(found(&index, "zumba").await.is_empty(), "{}", db.name);
            pool.close().await;
            db.cleanup().await;
        }
    }

    fn index() -> Index {
        let docs = [
            (
                "a",
                "Harusi Bridal Makeup",
                "makeup",
                "bridal",
                "Westlands, Nairobi",
                "Bridal makeup for the bride.",
                false,
            ),
            ("b", "Bridal Glow Package", "makeup", "bridal", "Milimani, Nakuru", "Bridal makeup with facials.", false),
            ("c", "Knotless Braids", "braiding", "hair", "Kondele, Kisumu", "Neat knotless braids.", true),
            ("d", "Soft Glam Makeup", "makeup", "beauty", "Section 58, Nakuru", "Quick soft glam.", false),
        ];
        Index::build(docs.into_iter().enumerate().map(|(n, (id, name, sub, cat, loc, desc, featured))| Document {
            id: id.into(),
            name: name.into(),
            category: cat.into(),
            subcategory: sub.into(),
            location: loc.into(),
            description: desc.into(),
            featured,
            created_at: n as i64,
            ..Document::default()
        }))
    }

    #[test]
    fn a_typo_per_word_still_finds_it() {
        let i = index();
        assert_eq!(i.search("bridl makup nakuru").first().map(String::as_str), Some("b"));
        assert_eq!(i.search("BRAIDS").first().map(String::as_str), Some("c"));
        assert_eq!(i.search("braisd").first().map(String::as_str), Some("c"), "a transposition");
        assert_eq!(i.search("knot").first().map(String::as_str), Some("c"), "a prefix");
        assert_eq!(i.search("kn"), ["c"], "the word being typed, from two letters");
        assert!(i.search("kn zzzz").is_empty(), "two letters before the last are a word");
    }

    #[test]
    fn all_words_first_then_partial_matches() {
        let i = index();
        let r = i.search("glam makeup");
        assert_eq!(r[0], "d", "both words: {r:?}");
        let mut rest: Vec<&str> = r[1..].iter().map(String::as_str).collect();
        rest.sort_unstable();
        assert_eq!(rest, ["a", "b"], "then one of them: {r:?}");
        assert_eq!(i.search("makeup sparkly").len(), 3, "no full match: the partial ones");
        // A place named is a filter: Nakuru's makeup, not Westlands'.
        let mut r = i.search("makeup nakuru");
        r.sort_unstable();
        assert_eq!(r, ["b", "d"]);
    }

    #[test]
    fn among_equally_relevant_listings_the_better_rated_comes_first() {
        let same = |id: &str| Document {
            id: id.into(),
            name: "Braids Corner".into(),
            category: "hair".into(),
            subcategory: "braiding".into(),
            location: "Kisumu".into(),
            description: "Knotless braids.".into(),
            ..Document::default()
        };
        let ranked = |count, sum| Document { rating_count: count, rating_sum: sum, ..same("") };
        let i = Index::build([
            Document { id: "none".into(), ..ranked(0, 0) },
            Document { id: "one-five".into(), ..ranked(1, 5) },
            Document { id: "forty".into(), ..ranked(40, 192) },
            Document { id: "poor".into(), ..ranked(10, 20) },
            // More relevant (both words in its name) beats any rating.
            Document { id: "relevant".into(), name: "Knotless Braids".into(), ..ranked(2, 4) },
        ]);
        assert_eq!(i.search("knotless braids"), ["relevant", "forty", "one-five", "none", "poor"]);
        assert!(rank_of(40, 192) > rank_of(1, 5), "forty reviews of 4.8 outrank one of 5");
    }

    #[test]
    fn nothing_odd_breaks_it() {
        let i = index();
        for q in ["", "   ", "'; DROP TABLE listings; --", "%%%", "💅🏾 \u{202e}", &"a".repeat(10_000)] {
            let _ = i.search(q);
        }
        assert!(i.search("zzzzzz").is_empty());
    }

    #[test]
    fn a_page_is_the_same_slice_of_the_full_order() {
        let i = index();
        for query in ["makeup", "bridal nakuru", "makeup sparkly", "makeup mombasa"] {
            let all = i.search(query);
            assert!(!all.is_empty(), "{query}");
            for offset in 0..=all.len() + 1 {
                for limit in 1..=all.len() + 1 {
                    let found = i.search_page(&Query::parse(query), None, Sort::Recommended, offset, limit);
                    assert_eq!(found.total, all.len());
                    let want = all.get(offset..(offset + limit).min(all.len())).unwrap_or_default();
                    let page: Vec<String> = found.hits.into_iter().map(|h| h.id).collect();
                    assert_eq!(page, want, "{query} {offset} {limit}");
                }
            }
        }
    }

    /// Braiders around Nairobi and one in Kisumu, by place; one comes to you, one has no place.
    fn braiders() -> Index {
        let braider = |id: &str, place: &str, serves: i64| Document {
            id: id.into(),
            name: format!("Braids by {id}"),
            category: "hair".into(),
            subcategory: "braiding".into(),
            location: "Nairobi".into(),
            description: "Knotless braids.".into(),
            place_id: place.into(),
            serves_radius_km: serves,
            min_price: 1000,
            max_price: 3000,
            ..Document::default()
        };
        Index::build([
            braider("kasarani", "nairobi.kasarani.kasarani", 0),
            braider("kilimani", "nairobi.dagoretti-north.kilimani", 0),
            braider("karen-travels", "nairobi.langata.karen", 30),
            braider("kisumu", "kisumu.kisumu-central.kondele", 0),
            braider("unplaced", "", 0),
            Document {
                name: "Gel Nails".into(),
                category: "beauty".into(),
                subcategory: "nails".into(),
                description: "Gel polish.".into(),
                ..braider("nails", "nairobi.kasarani.kasarani", 0)
            },
        ])
    }

    fn near(place: &str) -> Origin {
        let p = mtaani_proto::places::PLACES.get(place).unwrap();
        Origin { at: (p.lat, p.lng), ..Origin::default() }
    }

    fn listed(i: &Index, list: &NearList) -> Vec<(String, Option<f32>)> {
        reached(i, list).into_iter().map(|(id, km, _)| (id, km)).collect()
    }

    /// Each listing of `list` with its distance to 100 m and whether its provider comes to the origin.
    fn reached(i: &Index, list: &NearList) -> Vec<(String, Option<f32>, bool)> {
        i.list_page(list, 0, 100)
            .1
            .into_iter()
            .map(|h| (h.id, h.distance_km.map(|km| (km * 10.0).round() / 10.0), h.comes_to_you))
            .collect()
    }

    #[test]
    fn nearest_first_by_the_real_distance_and_the_ones_who_come_to_you_say_so() {
        let i = braiders();
        let list = NearList {
            subcategory: Some("braiding".into()),
            sort: crate::store::listings::Sort::Distance,
            origin: Some(near("nairobi.kasarani.kasarani")),
            ..NearList::default()
        };
        let found = reached(&i, &list);
        let ids: Vec<&str> = found.iter().map(|(id, ..)| id.as_str()).collect();
        assert_eq!(ids, ["kasarani", "kilimani", "karen-travels", "kisumu", "unplaced"], "{found:?}");
        assert_eq!((found[0].1, found[0].2), (Some(0.0), false), "in the same ward");
        assert!(found[1].1.is_some_and(|km| (5.0..20.0).contains(&km)) && !found[1].2, "{found:?}");
        // Karen's braider travels 30 km: she comes to Kasarani, and is as far as she is.
        assert!(found[2].1.is_some_and(|km| km > found[1].1.unwrap() && km <= 30.0) && found[2].2, "{found:?}");
        assert!(found[3].1.is_some_and(|km| km > 200.0) && !found[3].2, "{found:?}");
        assert_eq!((found[4].1, found[4].2), (None, false), "no place: last, without a distance");

        // Within 10 km: Kilimani (13 km), Kisumu and the listing without a place are left out; Karen's
        // braider, further, stays, for she comes to the visitor.
        let from = |o: Origin| NearList { origin: Some(o), ..list.clone() };
        let kasarani = near("nairobi.kasarani.kasarani");
        let close = from(Origin { radius_km: Some(10.0), ..kasarani.clone() });
        let within = reached(&i, &close);
        assert_eq!(within.iter().map(|(id, ..)| id.as_str()).collect::<Vec<_>>(), ["kasarani", "karen-travels"]);
        assert!(within[1].1.is_some_and(|km| km > 10.0) && within[1].2, "{within:?}");
        // In Kisumu county only (the listing without a place does not name it).
        let kisumu = mtaani_proto::places::PLACES.index_of("kisumu");
        let county = from(Origin { area: kisumu, ..kasarani.clone() });
        assert_eq!(listed(&i, &county).iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(), ["kisumu"]);
        // In Nairobi county, the text "Nairobi" counts for the one without a place.
        let nairobi = from(Origin { area: mtaani_proto::places::PLACES.index_of("nairobi"), ..kasarani.clone() });
        assert_eq!(listed(&i, &nairobi).len(), 4);
        // Other orders keep the filters and still answer distances.
        let cheapest = NearList { sort: crate::store::listings::Sort::PriceAsc, ..close };
        assert!(listed(&i, &cheapest).iter().all(|(_, km)| km.is_some()));
        // A page is a slice of the whole order.
        let (total, page) = i.list_page(&list, 1, 2);
        assert_eq!(
            (total, page.iter().map(|h| h.id.as_str()).collect::<Vec<_>>()),
            (5, vec!["kilimani", "karen-travels"])
        );
    }

    #[test]
    fn a_place_s_page_lists_what_lies_in_it_and_what_its_text_names() {
        let i = braiders();
        let place = |name: &str| {
            let place = mtaani_proto::places::PLACES.page_named(name, mtaani_proto::naming::names_service);
            NearList {
                location: Some(name.into()),
                place: place.and_then(|p| mtaani_proto::places::PLACES.index_of(&p.id)),
                ..NearList::default()
            }
        };
        let ids = |list: &NearList| {
            let mut found: Vec<(String, Option<f32>)> = listed(&i, list);
            found.sort_by(|a, b| a.0.cmp(&b.0));
            found
        };
        // Kasarani: the braider and the nail studio placed in its ward; no distances without an origin.
        assert_eq!(ids(&place("Kasarani")), [("kasarani".into(), None), ("nails".into(), None)]);
        // A ward by its name; its text says "Nairobi", never "Kondele".
        assert_eq!(ids(&place("Kondele")), [("kisumu".into(), None)]);
        // The spec's filter still holds: the text "Nairobi" names all six.
        assert_eq!(ids(&place("Nairobi")).len(), 6);
        // From the visitor's area: distances, nearest first when asked.
        let from = NearList {
            sort: crate::store::listings::Sort::Distance,
            origin: Some(near("nairobi.langata.karen")),
            ..place("Kasarani")
        };
        let found = listed(&i, &from);
        assert!(found.iter().all(|(_, km)| km.is_some_and(|km| km > 10.0)), "{found:?}");
        // "distance" without an origin orders as recommended.
        let unsorted = NearList { sort: crate::store::listings::Sort::Distance, ..place("Kasarani") };
        assert_eq!(listed(&i, &unsorted).len(), 2);
    }

    #[test]
    fn a_search_from_an_origin_answers_distances_and_keeps_to_its_radius() {
        let i = braiders();
        let origin = Origin { radius_km: Some(25.0), ..near("nairobi.kasarani.kasarani") };
        let Found { total, hits, .. } = i.search_page(&Query::parse("braids"), Some(&origin), Sort::Recommended, 0, 10);
        assert_eq!(total, 3, "{hits:?}");
        assert!(hits.iter().all(|h| h.distance_km.is_some_and(|km| km <= 25.0) || h.comes_to_you), "{hits:?}");
        // Equally relevant and rated: the nearer first.
        assert_eq!(hits[0].id, "kasarani");
        let anywhere = i.search_page(&Query::parse("braids"), None, Sort::Recommended, 0, 10).hits;
        assert!(anywhere.iter().all(|h| h.distance_km.is_none()));
    }

    #[test]
    fn a_search_is_in_the_order_asked_from_one_origin() {
        let listing = |id: &str, name: &str, place: &str, price: i64, reviews: (i64, i64)| Document {
            id: id.into(),
            name: name.into(),
            category: "hair".into(),
            subcategory: "barber".into(),
            location: "Nairobi".into(),
            description: "Kinyozi: cuts and shaves.".into(),
            place_id: place.into(),
            min_price: price,
            max_price: price,
            rating_count: reviews.0,
            rating_sum: reviews.1,
            ..Document::default()
        };
        let i = Index::build([
            // Its name says it: the best match, though the furthest from Kasarani.
            listing("far", "Kinyozi Classic Cuts", "nairobi.langata.karen", 800, (2, 8)),
            listing("near", "Fresh Fade Studio", "nairobi.kasarani.kasarani", 500, (0, 0)),
            listing("mid", "Sharp Lines Barbers", "nairobi.dagoretti-north.kilimani", 300, (10, 50)),
        ]);
        let kasarani = near("nairobi.kasarani.kasarani");
        let order = |words: &str, sort: Sort| -> Vec<(String, f32)> {
            let found = i.search_page(&Query::parse(words), Some(&kasarani), sort, 0, 10);
            found.hits.into_iter().map(|h| (h.id, h.distance_km.unwrap_or(f32::INFINITY))).collect()
        };
        let ids = |found: &[(String, f32)]| found.iter().map(|(id, _)| id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&order("kinyozi", Sort::Recommended))[0], "far", "the best match first");
        let nearest = order("kinyozi", Sort::Distance);
        assert_eq!(ids(&nearest), ["near", "mid", "far"]);
        assert!(nearest.windows(2).all(|w| w[0].1 <= w[1].1), "{nearest:?}");
        assert_eq!(ids(&order("kinyozi", Sort::Rating)), ["mid", "far", "near"]);
        assert_eq!(ids(&order("kinyozi", Sort::PriceAsc)), ["mid", "near", "far"]);
        assert_eq!(ids(&order("kinyozi", Sort::PriceDesc)), ["far", "near", "mid"]);
        // In every order, those with every word before those with fewer.
        assert_eq!(ids(&order("classic kinyozi", Sort::Distance)), ["far", "near", "mid"]);
        // Words that name a place: its centre is the one origin, the visitor's gives way.
        let in_kilimani = order("kinyozi kilimani", Sort::Distance);
        assert_eq!(in_kilimani, [("mid".to_owned(), 0.0)]);
        // Without any origin, nearest first is the best match.
        let anywhere = i.search_page(&Query::parse("kinyozi"), None, Sort::Distance, 0, 10);
        assert_eq!(anywhere.hits[0].id, "far");
    }

    fn searched(i: &Index, query: &str) -> (Vec<String>, Option<String>, bool) {
        let found = i.search_page(&Query::parse(query), None, Sort::Recommended, 0, 100);
        let place = found.place.map(|p| mtaani_proto::places::PLACES.all()[p].id.clone());
        (found.hits.into_iter().map(|h| h.id).collect(), place, found.nearby)
    }

    #[test]
    fn a_place_in_the_words_is_a_filter_and_else_the_nearest_are_answered() {
        let i = braiders();
        // In Kasarani (the sub-county): its braider; the visitor's own area gives way to the words'.
        let (ids, place, nearby) = searched(&i, "braids kasarani");
        assert_eq!((ids, place.as_deref(), nearby), (vec!["kasarani".into()], Some("nairobi.kasarani"), false));
        let far = Origin { radius_km: Some(5.0), ..near("kisumu.kisumu-central.kondele") };
        assert_eq!(
            i.search_page(&Query::parse("braids kasarani"), Some(&far), Sort::Recommended, 0, 10).hits[0].id,
            "kasarani"
        );
        // In Nairobi: the four there (the one without a place says "Nairobi"), not Kisumu's.
        let (ids, _, nearby) = searched(&i, "braids in nairobi");
        assert_eq!((ids.len(), nearby, ids.contains(&"kisumu".to_owned())), (4, false, false), "{ids:?}");
        // None in Mombasa: the braiders nearest to it, nearest first, and the answer says so.
        let (ids, place, nearby) = searched(&i, "braids mombasa");
        assert_eq!((place.as_deref(), nearby, ids.len()), (Some("mombasa"), true, 5));
        let km: Vec<f32> = i
            .search_page(&Query::parse("braids mombasa"), None, Sort::Recommended, 0, 10)
            .hits
            .iter()
            .map(|h| h.distance_km.unwrap_or(f32::INFINITY))
            .collect();
        assert!(km.windows(2).all(|w| w[0] <= w[1]) && km[0] > 300.0, "{km:?}");
        assert_eq!(ids[3..], ["kisumu".to_owned(), "unplaced".to_owned()], "Kisumu is further; no place last");
        // A place alone: what is there, nearest first.
        assert_eq!(searched(&i, "kasarani").0, ["kasarani", "nails"]);
        // Nothing anywhere: nothing, and not "nearby".
        assert_eq!(searched(&i, "zzzz mombasa"), (vec![], Some("mombasa".into()), false));
    }

    /// The head noun decides the kind of service, and a kind named outright outranks its neighbours:
    /// the "gym westlands", "mpiga picha wa harusi" and "kinyozi".
    #[test]
    fn the_kind_the_head_noun_names_comes_before_its_neighbours() {
        // (id, name, category, subcategory, place, description)
        let listing = |(id, name, category, subcategory, place, description): (&str, &str, &str, &str, &str, &str)| {
            assert!(place.is_empty() || mtaani_proto::places::PLACES.get(place).is_some(), "{place}");
            Document {
                id: id.into(),
                name: name.into(),
                category: category.into(),
                subcategory: subcategory.into(),
                location: "Kenya".into(),
                description: description.into(),
                place_id: place.into(),
                ..Document::default()
            }
        };
        let (thika, westlands) = ("kiambu.thika-town.hospital", "nairobi.westlands.kangemi");
        let i = Index::build(
            [
                ("gym", "Iron Paradise", "fitness", "gym", thika, "Weights and classes."),
                ("trainer", "Fit With Kiprono", "fitness", "personal-trainers", westlands, "Training at the gym."),
                ("nutrition", "Lishe Bora", "fitness", "nutritionist", westlands, "Meal plans for the gym."),
                ("makeup", "Harusi Bridal Makeup", "bridal", "makeup", "nairobi.langata.karen", "For the wedding."),
                ("photos", "Kiprono Photography", "photography", "event", "nairobi.starehe.ngara", "Events captured."),
                ("cut", "Ladies Cut & Style", "hair", "ladies-haircut", thika, "Bobs and trims."),
            ]
            .map(listing),
        );
        // No gym in Westlands: the gyms anywhere, nearest first, then the trainer and the nutritionist.
        let (ids, _, nearby) = searched(&i, "gym westlands");
        assert_eq!((ids[0].as_str(), nearby), ("gym", true), "{ids:?}");
        assert_eq!(searched(&i, "gym").0[0], "gym");
        // A photographer for a wedding, not the makeup artist named Harusi.
        for q in ["mpiga picha wa harusi", "wedding photographer", "photographer for a wedding"] {
            assert_eq!(searched(&i, q).0[0], "photos", "{q}");
        }
        assert_eq!(searched(&i, "wedding makeup").0[0], "makeup");
        // A barber, which Mtaani has no subcategory for: the nearest in meaning.
        let q = Query::parse("vinyozi");
        assert_eq!(searched(&i, "vinyozi").0, ["cut"]);
        assert!(q.wanted.as_ref().is_some_and(|w| w.unlisted) && i.lists(q.kinds()));
        // A kind named of which nothing is listed answers what its words mean, as any word would.
        let i = Index::build([listing(("trainer", "Fit", "fitness", "personal-trainers", "", "Training at the gym."))]);
        assert!(!i.lists(Query::parse("gym").kinds()));
        assert_eq!(searched(&i, "gym").0, ["trainer"]);
    }

    #[test]
    fn words_find_what_they_mean_in_both_languages() {
        let i = braiders();
        for query in ["manicure", "kucha", "pedicure kasarani", "Nails"] {
            assert_eq!(searched(&i, query).0.first().map(String::as_str), Some("nails"), "{query}");
        }
        for query in ["msusi", "kusuka", "nywele", "ususi nairobi"] {
            let ids = searched(&i, query).0;
            assert!(ids.len() >= 4 && !ids.contains(&"nails".to_owned()), "{query}: {ids:?}");
        }
        assert!(searched(&i, "urembo").0.contains(&"nails".to_owned()), "beauty in Kiswahili");
        // The word itself still counts above what it means.
        let index = Index::build([
            Document { id: "says".into(), name: "Manicure Corner".into(), ..Document::default() },
            Document { id: "means".into(), name: "Nails".into(), ..Document::default() },
        ]);
        assert_eq!(index.search("manicure"), ["says", "means"]);
    }

    #[test]
    fn distances() {
        assert_eq!(distance("makup", "makeup"), 1);
        assert_eq!(distance("braisd", "braids"), 1);
        assert!(distance("nairobi", "nakuru") > 1);
        assert_eq!(distance("a", "abcdef"), 3);
    }
}
