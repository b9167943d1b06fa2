//! Search, measured in catalog-svc's index directly, over a generated catalog of 10,000 and 100,000
//! listings across every category, subcategory and town, each placed by its location text:
//! - searches (p50, p95 per query), place words and Kiswahili included, and searches from a visitor's
//!   area; each is what the service does for the API: count the hits and rank the first
//!   page of 48;
//! - "Near me" lists: every listing from an origin, nearest first, with its distance;
//! - the place typeahead of `GET /api/places` (p50, p99);
//! - how good the answers are: precision@5 and nDCG@10 of the judged query set (`relevance.rs`).
//!
//! `cargo bench -p catalog-svc --bench search` (release build); `make bench` runs it with the rest
//! (`deploy/local/bench/report.py` reads its first table for the search targets, the others by name).

mod common;

use std::time::Instant;

use catalog_svc::{
    query::Query,
    relevance,
    search::{NearList, Origin, SearchIndex},
    seed,
    store::listings::Sort,
    synthetic,
};
use common::{FROM_KASARANI, PAGE, QUERIES, percentile, resident_mib, timed};
use mtaani_proto::places::{Kind, PLACES};

/// Places as typed into the picker, a letter at a time and with typos.
const TYPED_PLACES: [&str; 8] =
    ["ka", "kasar", "kasarani", "lavingtn", "nairobi west", "south b", "kilimani nai", "eldo"];

fn origin(place: &str, radius_km: Option<f64>, area: Option<&str>) -> Origin {
    let p = PLACES.get(place).expect("a place of the data");
    Origin { at: (p.lat, p.lng), radius_km, area: area.and_then(|a| PLACES.index_of(a)) }
}

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
    let runs: usize = std::env::var("SEARCH_BENCH_ITERATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let kasarani = origin("nairobi.kasarani.kasarani", Some(10.0), None);
    let mut lists = Vec::new();
    println!("| listings | query | hits | p50 ms | p95 ms |");
    println!("|---:|---|---:|---:|---:|");
    for n in [10_000, 100_000] {
        let documents = synthetic::documents(n);
        let (built, before) = (Instant::now(), resident_mib());
        let index = SearchIndex::from_documents(documents);
        let build_ms = built.elapsed().as_secs_f64() * 1e3;
        let index_mib = resident_mib() - before;
        let mut all = Vec::new();
        let searches = QUERIES.iter().map(|q| (*q, None)).chain(FROM_KASARANI.iter().map(|q| (*q, Some(&kasarani))));
        for (q, from) in searches {
            let hits = runtime.block_on(index.search(&Query::parse(q), from, 0, PAGE)).total;
            let times = timed(runs, || {
                let query = Query::parse(std::hint::black_box(q));
                std::hint::black_box(runtime.block_on(index.search(&query, from, 0, PAGE)));
            });
            all.extend_from_slice(&times);
            let label = if from.is_some() { format!("`{q}` from Kasarani, 10 km") } else { format!("`{q}`") };
            println!("| {n} | {label} | {hits} | {:.3} | {:.3} |", percentile(&times, 0.5), percentile(&times, 0.95));
        }
        all.sort();
        println!(
            "| {n} | **all queries** (index built in {build_ms:.0} ms, {index_mib:.0} MiB) | | {:.3} | {:.3} |",
            percentile(&all, 0.5),
            percentile(&all, 0.95)
        );
        // "Near me": every listing from an origin, nearest first; a subcategory; a county, by rating; a
        // place's page, in its text or lying in it.
        let near_lists = [
            (
                "all, nearest to Kasarani",
                NearList {
                    sort: Sort::Distance,
                    origin: Some(origin("nairobi.kasarani.kasarani", None, None)),
                    ..NearList::default()
                },
            ),
            (
                "braiding within 10 km of Kasarani",
                NearList {
                    subcategory: Some("braiding".into()),
                    sort: Sort::Distance,
                    origin: Some(kasarani.clone()),
                    ..NearList::default()
                },
            ),
            (
                "Nairobi county by rating",
                NearList {
                    sort: Sort::Rating,
                    origin: Some(origin("nairobi", None, Some("nairobi"))),
                    ..NearList::default()
                },
            ),
            (
                "Nairobi's page (`?location=Nairobi`), no area",
                NearList { location: Some("Nairobi".into()), place: PLACES.index_of("nairobi"), ..NearList::default() },
            ),
        ];
        for (name, list) in near_lists {
            let hits = runtime.block_on(index.list(&list, 0, PAGE)).0;
            let times = timed(runs, || {
                std::hint::black_box(runtime.block_on(index.list(std::hint::black_box(&list), 0, PAGE)));
            });
            lists.push(format!(
                "| {n} | {name} | {hits} | {:.3} | {:.3} | {:.3} |",
                percentile(&times, 0.5),
                percentile(&times, 0.95),
                percentile(&times, 0.99)
            ));
        }
    }
    println!();
    println!("### Near me lists (a page of 48 from an origin)");
    println!();
    println!("| listings | list | hits | p50 ms | p95 ms | p99 ms |");
    println!("|---:|---|---:|---:|---:|---:|");
    for line in lists {
        println!("{line}");
    }

    println!();
    println!("### Places (the typeahead of GET /api/places, at most 10)");
    println!();
    println!("| typed | found | p50 ms | p99 ms |");
    println!("|---|---:|---:|---:|");
    let mut every = Vec::new();
    for typed in TYPED_PLACES {
        let found = PLACES.search(typed, 10).len();
        let times = timed(runs * 5, || {
            std::hint::black_box(PLACES.search(std::hint::black_box(typed), 10));
        });
        every.extend_from_slice(&times);
        println!("| `{typed}` | {found} | {:.3} | {:.3} |", percentile(&times, 0.5), percentile(&times, 0.99));
    }
    let nearest = timed(runs * 5, || {
        std::hint::black_box(PLACES.nearest(std::hint::black_box((-1.2219, 36.8986)), Kind::Ward, 3));
    });
    every.extend_from_slice(&nearest);
    println!(
        "| nearest wards to a position | 3 | {:.3} | {:.3} |",
        percentile(&nearest, 0.5),
        percentile(&nearest, 0.99)
    );
    every.sort();
    println!("| **all** | | {:.3} | {:.3} |", percentile(&every, 0.5), percentile(&every, 0.99));

    println!();
    println!("### Relevance (the judged query set, catalog-svc/relevance/judged.json)");
    println!();
    println!("| catalogue | queries judged | precision@5 | nDCG@10 |");
    println!("|---|---:|---:|---:|");
    for (name, documents) in [("demo", seed::demo_documents()), ("generated, 10,000", synthetic::documents(10_000))] {
        let scores = runtime.block_on(relevance::judge(documents));
        println!("| {name} | {} | {:.3} | {:.3} |", scores.queries.len(), scores.precision_at_5, scores.ndcg_at_10);
    }
}
