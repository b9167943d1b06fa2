//! What the search benches share (`benches/search.rs`, `benches/tantivy.rs`): the searches timed,
//! the page asked for, the allocator, and how times and memory are read.

use std::time::{Duration, Instant};

/// The searches timed: place words, Kiswahili, typos.
pub const QUERIES: [&str; 16] = [
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
    "manicure",
    "nywele",
    "massage nairobi",
    "braids kasarani",
    "makeup in nyali",
    "mpiga picha mombasa",
];

/// What the visitor's area adds to a search: distances from Kasarani, within 10 km.
pub const FROM_KASARANI: [&str; 3] = ["braids", "makeup", "nails"];

/// What the API asks for: the first page of 48, with the number of hits.
pub const PAGE: usize = 48;

/// The allocator the services run with, so the figures are theirs.
#[global_allocator]
static ALLOCATOR: mtaani_runtime::process::Allocator = mtaani_runtime::process::Allocator;

/// The `p` percentile of `sorted`, in ms.
pub fn percentile(sorted: &[Duration], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1e3
}

/// `runs` timings of `f`, sorted.
pub fn timed(runs: usize, mut f: impl FnMut()) -> Vec<Duration> {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times
}

/// This process's resident memory (VmRSS), in MiB.
pub fn resident_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok());
    kib.unwrap_or(0.0) / 1024.0
}
