//! How good the search's answers are: the judged query set (`relevance/judged.json`,
//! what a visitor types and which listings answer it) scored on a catalogue: precision@5 and
//! nDCG@10, each the mean over the queries judged. `make test` holds them above floors
//! (`tests/catalog/relevance.rs`); `make bench` reports them (`benches/search.rs`).

use std::collections::HashSet;

use mtaani_proto::places::PLACES;
use serde::Deserialize;

use crate::{
    query::Query,
    search::{Document, SearchIndex},
};

const JUDGED: &str = include_str!("../relevance/judged.json");

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Judged {
    pub query: String,
    /// Categories ("hair"), subcategories ("beauty/nails"), names ("=Studio 254 Portraits"), or "*".
    pub want: Vec<String>,
    /// A place's id: only what lies there, while anything of `want` does.
    #[serde(default, rename = "in")]
    pub place: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[allow(dead_code)]
    about: String,
    queries: Vec<Judged>,
}

/// The judged queries.
pub fn judged() -> Vec<Judged> {
    serde_json::from_str::<File>(JUDGED).expect("relevance/judged.json reads").queries
}

/// One query's scores on a catalogue.
#[derive(Debug, Clone)]
pub struct Scored {
    pub query: String,
    pub precision_at_5: f64,
    pub ndcg_at_10: f64,
}

/// A catalogue's scores: per query judged, and their means.
#[derive(Debug, Clone)]
pub struct Scores {
    pub queries: Vec<Scored>,
    pub precision_at_5: f64,
    pub ndcg_at_10: f64,
}

impl Judged {
    /// Whether `d` is one of the listings `want` asks for, wherever it is.
    fn wanted(&self, d: &Document) -> bool {
        self.want.iter().any(|w| match w.split_once('/') {
            _ if w == "*" => true,
            _ if w.starts_with('=') => d.name == w[1..],
            Some((category, subcategory)) => d.category == category && d.subcategory == subcategory,
            None => d.category == *w,
        })
    }

    /// The ids of the listings that answer this query well on `documents` (see the file's `about`).
    pub fn relevant(&self, documents: &[Document]) -> HashSet<String> {
        let wanted: Vec<&Document> = documents.iter().filter(|d| self.wanted(d)).collect();
        let area =
            self.place.as_deref().map(|id| PLACES.get(id).unwrap_or_else(|| panic!("judged.json: no place {id}")));
        let inside: Vec<&Document> = match area {
            Some(area) => wanted
                .iter()
                .copied()
                .filter(|d| match PLACES.get(&d.place_id) {
                    Some(p) => p.lies_in(area),
                    None => mtaani_proto::places::fold(&d.location).contains(&mtaani_proto::places::fold(&area.name)),
                })
                .collect(),
            None => wanted.clone(),
        };
        let chosen = if inside.is_empty() { wanted } else { inside };
        chosen.into_iter().map(|d| d.id.clone()).collect()
    }
}

/// The first ten ids the search answers for `query`.
async fn first_ten(index: &SearchIndex, query: &str) -> Vec<String> {
    index.search(&Query::parse(query), None, 0, 10).await.hits.into_iter().map(|h| h.id).collect()
}

/// Precision@5 and nDCG@10 of one answer. Precision counts the relevant among the first five, out
/// of five or of as many as there are; a query that wants nothing scores 1 for an empty answer and
/// 0 otherwise.
pub fn score(answer: &[String], relevant: &HashSet<String>) -> (f64, f64) {
    if relevant.is_empty() {
        let right = if answer.is_empty() { 1.0 } else { 0.0 };
        return (right, right);
    }
    let hit = |id: &String| relevant.contains(id);
    let top5 = answer.iter().take(5).filter(|id| hit(id)).count() as f64;
    let precision = top5 / relevant.len().min(5) as f64;
    let gain = |rank: usize| 1.0 / (rank as f64 + 2.0).log2();
    let dcg: f64 = answer.iter().take(10).enumerate().filter(|(_, id)| hit(id)).map(|(rank, _)| gain(rank)).sum();
    let ideal: f64 = (0..relevant.len().min(10)).map(gain).sum();
    (precision, dcg / ideal)
}

/// The search's scores on `documents` over the judged queries: those with no relevant listing there
/// though they want some are not judged on it.
pub async fn judge(documents: Vec<Document>) -> Scores {
    let judged = judged();
    let relevant: Vec<HashSet<String>> = judged.iter().map(|j| j.relevant(&documents)).collect();
    let index = SearchIndex::from_documents(documents);
    let mut queries = Vec::new();
    for (j, relevant) in judged.iter().zip(relevant) {
        if relevant.is_empty() && !j.want.is_empty() {
            continue;
        }
        let (precision_at_5, ndcg_at_10) = score(&first_ten(&index, &j.query).await, &relevant);
        queries.push(Scored { query: j.query.clone(), precision_at_5, ndcg_at_10 });
    }
    let mean = |f: fn(&Scored) -> f64| queries.iter().map(f).sum::<f64>() / queries.len().max(1) as f64;
    Scores { precision_at_5: mean(|s| s.precision_at_5), ndcg_at_10: mean(|s| s.ndcg_at_10), queries }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scores_are_those_of_the_textbook() {
        let ids = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let relevant: HashSet<String> = ["a", "b"].map(str::to_owned).into();
        assert_eq!(score(&ids(&["a", "b", "x"]), &relevant), (1.0, 1.0));
        let (p, n) = score(&ids(&["x", "a"]), &relevant);
        assert_eq!(p, 0.5);
        assert!((n - (1.0 / 3f64.log2()) / (1.0 + 1.0 / 3f64.log2())).abs() < 1e-9);
        assert_eq!(score(&[], &relevant), (0.0, 0.0));
        assert_eq!(score(&[], &HashSet::new()), (1.0, 1.0), "nothing wanted, nothing answered");
        assert_eq!(score(&ids(&["x"]), &HashSet::new()), (0.0, 0.0));
    }

    #[test]
    fn the_set_has_what_the_issue_asks() {
        let judged = judged();
        assert!(judged.len() >= 200, "{}", judged.len());
        let has = |q: &str| judged.iter().any(|j| j.query == q);
        for q in [
            "manicure",
            "kucha",
            "nywele",
            "massage nairobi",
            "braids kasarani",
            "zzzz",
            "bridl makup",
            "kinyozi",
            "gym westlands",
            "mpiga picha wa harusi",
            "where can i get my nails done",
        ] {
            assert!(has(q), "{q}");
        }
        assert!(judged.iter().filter(|j| j.place.is_some()).count() >= 40);
        let mut seen = HashSet::new();
        assert!(judged.iter().all(|j| seen.insert(j.query.as_str())), "each query once");
        assert!(judged.iter().filter(|j| j.want.is_empty()).count() >= 3);
    }
}
