//! Search latency, measured in catalog-svc's index directly: p50 and p95 per query over a generated
//! catalog of 10,000 and 100,000 listings across every category, subcategory and town. Each search
//! is what the service does for the API: count the hits and rank the first page of 48.
//! `cargo bench -p catalog-svc --bench search` (release build); `make bench` runs it with the rest.

use std::time::{Duration, Instant};

use catalog_svc::{
    search::{Document, SearchIndex},
    synthetic::{self, Rng},
};

/// The generated marketplace of `make bench` (catalog_svc::synthetic), as the index holds it.
fn catalog(n: usize) -> Vec<Document> {
    let mut rng = Rng::default();
    (0..n)
        .map(|i| {
            let l = synthetic::listing(&mut rng);
            Document {
                id: format!("listing-{i:06}"),
                name: l.name,
                category: l.category.to_owned(),
                subcategory: l.subcategory.to_owned(),
                location: l.location,
                description: l.description,
                featured: i % 7 == 0,
                created_at: i as i64,
                ..Document::default()
            }
        })
        .collect()
}

const QUERIES: [&str; 10] = [
    "braiding",
    "bridal makeup nakuru",
    "bridl makup nakuru",
    "nairobi",
    "wedding photography kisumu",
    "weding photgraphy",
    "massage",
    "gym trainer thika",
    "knotless braids westlands",
    "zzzz no such thing",
];

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// What the API asks for: the first page of 48, with the number of hits.
const PAGE: usize = 48;

/// The allocator the services run with, so the figures are theirs.
#[global_allocator]
static ALLOCATOR: mtaani_runtime::process::Allocator = mtaani_runtime::process::Allocator;

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
    let iterations: usize = std::env::var("SEARCH_BENCH_ITERATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    println!("| listings | query | hits | p50 ms | p95 ms |");
    println!("|---:|---|---:|---:|---:|");
    for n in [10_000, 100_000] {
        let built = Instant::now();
        let index = SearchIndex::from_documents(catalog(n));
        let build_ms = built.elapsed().as_secs_f64() * 1e3;
        let mut all = Vec::new();
        for q in QUERIES {
            let hits = runtime.block_on(index.search(q, None, 0, PAGE)).0;
            let mut times: Vec<Duration> = (0..iterations)
                .map(|_| {
                    let t = Instant::now();
                    std::hint::black_box(runtime.block_on(index.search(std::hint::black_box(q), None, 0, PAGE)));
                    t.elapsed()
                })
                .collect();
            times.sort();
            all.extend_from_slice(&times);
            println!(
                "| {n} | `{q}` | {hits} | {:.3} | {:.3} |",
                percentile(&times, 0.5).as_secs_f64() * 1e3,
                percentile(&times, 0.95).as_secs_f64() * 1e3
            );
        }
        all.sort();
        println!(
            "| {n} | **all queries** (index built in {build_ms:.0} ms) | | {:.3} | {:.3} |",
            percentile(&all, 0.5).as_secs_f64() * 1e3,
            percentile(&all, 0.95).as_secs_f64() * 1e3
        );
    }
}
