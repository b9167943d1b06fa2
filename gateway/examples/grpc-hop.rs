//! The gRPC hop: latency of one gateway → catalog-svc call on loopback, made exactly as the gateway
//! makes it (its `Backends` client, channel settings and deadline), one call at a time on one
//! channel. ghz is not available here, hence this small client.
//!
//! It measures, against a running catalog-svc:
//! - `catalog.v1.CatalogService/GetListing` for random listing ids: what `GET /api/service/{id}`
//!   costs between the gateway and the service (transport + catalog-svc's cache of listings, or its
//!   two SQLite reads for an id not read since the last change);
//! - `grpc.health.v1.Health/Check`: the same transport with no work behind it, the floor of a hop;
//! - the service time of the list and search calls behind `GET /api/services?limit=48`,
//!   `GET /api/services/beauty` and `GET /api/services/search?query=…` (fewer calls: they are
//!   slower), one at a time, so what each costs the service shows without any queueing (after the
//!   first call, catalog-svc answers a page from its cache until the catalog changes).
//!
//! Used by `make bench` (deploy/local/bench.sh); by hand:
//! `GRPC_HOP_ADDR=127.0.0.1:50052 GRPC_HOP_IDS=ids.txt GRPC_HOP_QUERIES=queries.txt cargo run --release -p gateway --example grpc-hop`
//! (`GRPC_HOP_CALLS`, default 20000, sets the number of timed calls of the first two; the others
//! make a twentieth of that). Prints one JSON object per call; without `GRPC_HOP_ADDR` it only says how
//! to run it.

use std::time::{Duration, Instant};

use gateway::{Backends, config::BackendAddrs};
use mtaani_proto::catalog::v1::{GetListingRequest, ListListingsRequest, Page, SearchListingsRequest};
use tonic::transport::Endpoint;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

const WARM_UP: usize = 1_000;

/// Sorted latencies → `{"p50_ms":…}` and friends.
fn summary(name: &str, mut times: Vec<Duration>) -> String {
    times.sort_unstable();
    let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1e3;
    let mean = times.iter().sum::<Duration>().as_secs_f64() * 1e3 / times.len() as f64;
    format!(
        "{{\"call\":\"{name}\",\"calls\":{},\"mean_ms\":{mean:.4},\"p50_ms\":{:.4},\"p90_ms\":{:.4},\"p99_ms\":{:.4},\"max_ms\":{:.4}}}",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    )
}

/// Calls `call` `warm_up` times untimed, then `calls` times timed; every call must succeed.
async fn measure<F, Fut, E>(warm_up: usize, calls: usize, mut call: F) -> Result<Vec<Duration>, E>
where
    F: FnMut(usize) -> Fut,
    Fut: std::future::Future<Output = Result<(), E>>,
{
    for i in 0..warm_up {
        call(i).await?;
    }
    let mut times = Vec::with_capacity(calls);
    for i in 0..calls {
        let t = Instant::now();
        call(i).await?;
        times.push(t.elapsed());
    }
    Ok(times)
}

/// The allocator the services run with, so the figures are theirs.
#[global_allocator]
static ALLOCATOR: mtaani_runtime::process::Allocator = mtaani_runtime::process::Allocator;

fn main() -> anyhow::Result<()> {
    let Ok(addr) = std::env::var("GRPC_HOP_ADDR") else {
        println!(
            "grpc_hop: set GRPC_HOP_ADDR=host:port of a running catalog-svc (and GRPC_HOP_IDS=file of listing ids)"
        );
        return Ok(());
    };
    let lines = |var: &str| -> anyhow::Result<Vec<String>> {
        let path = std::env::var(var).map_err(|_| anyhow::anyhow!("{var} must name a file, one entry a line"))?;
        let lines: Vec<String> =
            std::fs::read_to_string(&path)?.lines().map(str::to_owned).filter(|l| !l.is_empty()).collect();
        anyhow::ensure!(!lines.is_empty(), "{path} ({var}) is empty");
        Ok(lines)
    };
    let ids = lines("GRPC_HOP_IDS")?;
    let queries = lines("GRPC_HOP_QUERIES")?;
    let calls: usize = std::env::var("GRPC_HOP_CALLS").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000);

    // The gateway's own runtime: multi-threaded, one worker per core.
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let addrs = BackendAddrs {
            accounts: addr.clone(),
            catalog: addr.clone(),
            booking: addr.clone(),
            messaging: addr.clone(),
        };
        let backends = Backends::new(&addrs, Duration::from_secs(3))?;
        let b = &backends;
        let (ids, queries) = (&ids, &queries);
        let times = measure(WARM_UP, calls, |i| async move {
            let request = GetListingRequest { id: ids[i % ids.len()].clone() };
            b.read(&b.catalog, request, |mut c, r| async move { c.get_listing(r).await }).await.map(drop)
        })
        .await?;
        println!("{}", summary("GetListing", times));

        // The same channel settings as the gateway's (gateway/src/backends.rs).
        let channel = Endpoint::from_shared(format!("http://{addr}"))?
            .tcp_nodelay(true)
            .timeout(Duration::from_secs(3))
            .connect()
            .await?;
        let health = HealthClient::new(channel);
        let times = measure(WARM_UP, calls, |_| {
            let mut client = health.clone();
            async move {
                let request = HealthCheckRequest { service: "catalog.v1.CatalogService".to_owned() };
                client.check(request).await.map(drop)
            }
        })
        .await?;
        println!("{}", summary("Health/Check", times));

        // The list and search calls, as the gateway sends them (a page of 48).
        let page = || Some(Page { limit: 48, offset: 0 });
        let few = (calls / 20).max(1);
        for (name, category) in [("ListListings", ""), ("ListListings beauty", "beauty")] {
            let times = measure(few / 10, few, |_| async move {
                let request = ListListingsRequest { category: category.to_owned(), page: page(), ..Default::default() };
                b.read(&b.catalog, request, |mut c, r| async move { c.list_listings(r).await }).await.map(drop)
            })
            .await?;
            println!("{}", summary(name, times));
        }
        let times = measure(few / 10, few, |i| async move {
            let request =
                SearchListingsRequest { query: queries[i % queries.len()].clone(), page: page(), ..Default::default() };
            b.read(&b.catalog, request, |mut c, r| async move { c.search_listings(r).await }).await.map(drop)
        })
        .await?;
        println!("{}", summary("SearchListings", times));
        anyhow::Ok(())
    })
}
