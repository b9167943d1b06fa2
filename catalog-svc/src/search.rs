//! Ranked, typo-tolerant search over the visible listings, held in memory.
//!
//! Each listing's words (name, subcategory, category, location, description) go into an inverted
//! index; every word is also stored under its one-letter deletions, so a query word one edit away
//! ("bridl", "makup") finds its neighbours without scanning the vocabulary. Every query word must
//! match (exactly, as a prefix, or within one edit); when none of the listings match all words, the
//! best partial matches are answered. The index answers ids only: the listings themselves are read
//! from the database, so a hidden or deleted listing is never served from here.

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
};

use sqlx::{AnyPool, Row};
use tokio::sync::RwLock;

/// Field weights: a match in the name counts most.
const NAME: f32 = 5.0;
const SUBCATEGORY: f32 = 4.0;
const CATEGORY: f32 = 3.0;
const LOCATION: f32 = 3.0;
const DESCRIPTION: f32 = 1.0;

/// How a query word matched an indexed word.
const EXACT: f32 = 1.0;
const PREFIX: f32 = 0.75;
const TYPO: f32 = 0.6;

#[derive(Debug, Default)]
struct Index {
    /// Listing ids by document number, and for ties: how well rated each is (see `rank_of`),
    /// whether it is featured, and its age.
    docs: Vec<(String, u16, bool, i64)>,
    /// word → (doc, weight)
    postings: HashMap<String, Vec<(u32, f32)>>,
    /// one-letter deletion of a word → the words it came from
    deletions: HashMap<String, Vec<String>>,
    /// sorted vocabulary, for prefix look-ups
    vocabulary: Vec<String>,
    signature: (i64, i64, i64),
}

/// A listing's rating as a tie-breaker (thousandths of a star): its average pulled towards 3.5 by
/// three imaginary reviews, so that one 5-star review does not outrank forty of 4.8, and a listing
/// without reviews sits at 3.5 — after the well rated, before the badly rated.
fn rank_of(count: i64, sum: i64) -> u16 {
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
    fn add(&mut self, id: String, rank: u16, featured: bool, created_at: i64, fields: [(&str, f32); 5]) {
        let doc = u32::try_from(self.docs.len()).unwrap_or(u32::MAX);
        self.docs.push((id, rank, featured, created_at));
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
        self.vocabulary = self.postings.keys().cloned().collect();
        self.vocabulary.sort_unstable();
        for word in &self.vocabulary {
            if word.chars().count() >= 4 {
                for d in deletions_of(word) {
                    self.deletions.entry(d).or_default().push(word.clone());
                }
            }
        }
    }

    /// Indexed words matching `q`, each with how well it matched.
    fn expand(&self, q: &str) -> Vec<(&str, f32)> {
        let mut out: HashMap<&str, f32> = HashMap::new();
        if let Some((w, _)) = self.postings.get_key_value(q) {
            out.insert(w.as_str(), EXACT);
        }
        if q.chars().count() >= 3 {
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

    /// How many listings match `query`, and the ids of `limit` of them from `offset`, best first.
    ///
    /// Scores live in arrays indexed by document (no hashing per posting), and only the page asked
    /// for is sorted: a query matching 30,000 listings orders 48 of them, not 30,000.
    fn search_page(&self, query: &str, offset: usize, limit: usize) -> (usize, Vec<String>) {
        let terms: Vec<String> = words(query).take(8).map(|w| w.chars().take(40).collect()).collect();
        if terms.is_empty() {
            return (0, Vec::new());
        }
        let n = self.docs.len();
        // Per document: the summed score, and how many query words it matched.
        let mut score = vec![0f32; n];
        let mut matched = vec![0u8; n];
        let mut touched: Vec<u32> = Vec::new();
        // This term's best score per document, reset after each term through `term_docs`.
        let mut best = vec![0f32; n];
        let mut term_docs: Vec<u32> = Vec::new();
        for term in &terms {
            for (word, quality) in self.expand(term) {
                for &(doc, weight) in &self.postings[word] {
                    let b = &mut best[doc as usize];
                    if *b == 0.0 {
                        term_docs.push(doc);
                    }
                    *b = b.max(weight * quality);
                }
            }
            for doc in term_docs.drain(..) {
                let d = doc as usize;
                if matched[d] == 0 {
                    touched.push(doc);
                }
                score[d] += best[d];
                matched[d] += 1;
                best[d] = 0.0;
            }
        }
        let all = terms.len() as u8;
        let full: Vec<u32> = touched.iter().copied().filter(|&d| matched[d as usize] == all).collect();
        let mut hits = if full.is_empty() { touched } else { full };
        let total = hits.len();
        let order = |a: &u32, b: &u32| {
            let (ia, ib) = (*a as usize, *b as usize);
            let (da, db) = (&self.docs[ia], &self.docs[ib]);
            // Relevance first; the rating is a small signal among equally relevant listings.
            matched[ib]
                .cmp(&matched[ia])
                .then(score[ib].total_cmp(&score[ia]))
                .then(db.1.cmp(&da.1))
                .then(db.2.cmp(&da.2))
                .then(db.3.cmp(&da.3))
                .then(da.0.cmp(&db.0))
        };
        let end = offset.saturating_add(limit).min(total);
        if offset >= end {
            return (total, Vec::new());
        }
        if end < total {
            hits.select_nth_unstable_by(end, order);
            hits.truncate(end);
        }
        hits.sort_unstable_by(order);
        (total, hits[offset..end].iter().map(|&d| self.docs[d as usize].0.clone()).collect())
    }

    /// Every matching listing id, best first.
    #[cfg(test)]
    fn search(&self, query: &str) -> Vec<String> {
        self.search_page(query, 0, usize::MAX).1
    }
}

/// The shared index, rebuilt from the database when the listings change.
#[derive(Debug, Clone, Default)]
pub struct SearchIndex {
    inner: Arc<RwLock<Index>>,
}

/// What tells that the visible listings changed: how many, the latest edit, and how many reviews
/// they have (a review changes no listing's `updated_at`).
async fn signature(pool: &AnyPool) -> Result<(i64, i64, i64), sqlx::Error> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS n, COALESCE(MAX(updated_at), 0) AS t, CAST(COALESCE(SUM(rating_count), 0) AS BIGINT) AS r \
         FROM listings WHERE visible = 1",
    )
    .fetch_one(pool)
    .await?;
    Ok((row.try_get("n")?, row.try_get("t")?, row.try_get("r")?))
}

/// What the index reads of one listing.
#[derive(Debug, Clone, Default)]
pub struct Document {
    pub id: String,
    pub name: String,
    pub category: String,
    pub subcategory: String,
    pub location: String,
    pub description: String,
    pub featured: bool,
    pub created_at: i64,
    pub rating_count: i64,
    pub rating_sum: i64,
}

impl Index {
    fn build(documents: impl IntoIterator<Item = Document>) -> Self {
        let mut index = Index::default();
        for d in documents {
            let (category, subcategory) = (d.category.replace('-', " "), d.subcategory.replace('-', " "));
            index.add(
                d.id,
                rank_of(d.rating_count, d.rating_sum),
                d.featured,
                d.created_at,
                [
                    (&d.name, NAME),
                    (&subcategory, SUBCATEGORY),
                    (&category, CATEGORY),
                    (&d.location, LOCATION),
                    (&d.description, DESCRIPTION),
                ],
            );
        }
        index.finish();
        index
    }
}

/// A listing's location as searched: its text, and its place's name, ward, sub-county and county, so
/// that a listing picked in "Parklands" is found by "highridge", "westlands" and "nairobi" too.
fn located(text: String, place_id: Option<String>) -> String {
    match place_id.as_deref().and_then(|id| mtaani_proto::places::PLACES.get(id)) {
        Some(p) => format!("{text} {} {} {} {}", p.name, p.ward, p.sub_county, p.county),
        None => text,
    }
}

impl SearchIndex {
    /// An index of `documents` (benchmarks and tools; the service builds from its database).
    pub fn from_documents(documents: impl IntoIterator<Item = Document>) -> Self {
        Self { inner: Arc::new(RwLock::new(Index::build(documents))) }
    }

    /// Rebuilds from the visible listings.
    pub async fn rebuild(&self, pool: &AnyPool) -> Result<(), sqlx::Error> {
        let sig = signature(pool).await?;
        let rows = sqlx::query(
            "SELECT id, name, category, subcategory, location, place_id, description, featured, created_at, \
             rating_count, rating_sum FROM listings WHERE visible = 1",
        )
        .fetch_all(pool)
        .await?;
        let documents = rows
            .iter()
            .map(|r| {
                Ok(Document {
                    id: r.try_get("id")?,
                    name: r.try_get("name")?,
                    category: r.try_get("category")?,
                    subcategory: r.try_get("subcategory")?,
                    location: located(r.try_get("location")?, r.try_get::<Option<String>, _>("place_id")?),
                    description: r.try_get("description")?,
                    featured: r.try_get::<i64, _>("featured")? != 0,
                    created_at: r.try_get("created_at")?,
                    rating_count: r.try_get("rating_count")?,
                    rating_sum: r.try_get("rating_sum")?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        // The rows are not needed once copied out: freed before the index grows, and before the trim.
        drop(rows);
        let mut index = Index::build(documents);
        index.signature = sig;
        let old = std::mem::replace(&mut *self.inner.write().await, index);
        drop(old);
        // The old index's memory goes back to the system, not kept at the build's peak.
        mtaani_runtime::process::trim_allocator();
        Ok(())
    }

    /// Rebuilds when the listings changed since the last build (another replica wrote); answers
    /// whether it did.
    pub async fn refresh_if_changed(&self, pool: &AnyPool) -> Result<bool, sqlx::Error> {
        let sig = signature(pool).await?;
        if sig == self.inner.read().await.signature {
            return Ok(false);
        }
        self.rebuild(pool).await?;
        Ok(true)
    }

    /// How many listings match `query`, and the ids of `limit` of them from `offset`, best first.
    pub async fn search(&self, query: &str, offset: usize, limit: usize) -> (usize, Vec<String>) {
        self.inner.read().await.search_page(query, offset, limit)
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

    fn index() -> Index {
        let mut i = Index::default();
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
        for (n, (id, name, sub, cat, loc, desc, featured)) in docs.into_iter().enumerate() {
            i.add(
                id.into(),
                rank_of(0, 0),
                featured,
                n as i64,
                [(name, NAME), (sub, SUBCATEGORY), (cat, CATEGORY), (loc, LOCATION), (desc, DESCRIPTION)],
            );
        }
        i.finish();
        i
    }

    #[test]
    fn a_typo_per_word_still_finds_it() {
        let i = index();
        assert_eq!(i.search("bridl makup nakuru").first().map(String::as_str), Some("b"));
        assert_eq!(i.search("BRAIDS").first().map(String::as_str), Some("c"));
        assert_eq!(i.search("braisd").first().map(String::as_str), Some("c"), "a transposition");
        assert_eq!(i.search("knot").first().map(String::as_str), Some("c"), "a prefix");
    }

    #[test]
    fn all_words_first_then_partial_matches() {
        let i = index();
        let r = i.search("makeup nakuru");
        let mut top: Vec<&str> = r[..2].iter().map(String::as_str).collect();
        top.sort_unstable();
        assert_eq!(top, ["b", "d"], "{r:?}");
        assert!(!r.contains(&"c".to_owned()));
        assert_eq!(i.search("makeup mombasa").len(), 3, "no full match: the partial ones");
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
        for query in ["makeup", "bridal nakuru", "makeup mombasa"] {
            let all = i.search(query);
            assert!(!all.is_empty(), "{query}");
            for offset in 0..=all.len() + 1 {
                for limit in 1..=all.len() + 1 {
                    let (total, page) = i.search_page(query, offset, limit);
                    assert_eq!(total, all.len());
                    let want = all.get(offset..(offset + limit).min(all.len())).unwrap_or_default();
                    assert_eq!(page, want, "{query} {offset} {limit}");
                }
            }
        }
    }

    #[test]
    fn distances() {
        assert_eq!(distance("makup", "makeup"), 1);
        assert_eq!(distance("braisd", "braids"), 1);
        assert!(distance("nairobi", "nakuru") > 1);
        assert_eq!(distance("a", "abcdef"), 3);
    }
}
