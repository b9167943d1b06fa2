//! The gateway's cache of the catalog's public reads, kept while it follows catalog-svc's changes,
//! and what a visitor gets while catalog-svc is down and after it returns.

use std::time::{Duration, Instant};

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use mtaani_runtime::testing::eventually;

use crate::support::{Product, Services};

#[tokio::test]
async fn public_reads_are_cached_until_the_catalog_changes() {
    use mtaani_proto::catalog::v1::{SetSellerVisibilityRequest, catalog_service_client::CatalogServiceClient};
    let product = Product::start().await;
    eventually("the gateway subscribed to catalog-svc's changes", Duration::from_secs(3), async || {
        product.state.cache.is_live()
    })
    .await;

    let first = product.get("/api/services?limit=100").await;
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.header("etag").to_owned();
    assert!(etag.starts_with('"'), "lists carry an ETag: {etag:?}");
    assert_eq!(first.header("cache-control"), "no-cache");
    let again = product.get("/api/services?limit=100").await;
    assert_eq!((again.body == first.body, again.header("etag")), (true, etag.as_str()));
    assert_eq!(again.header("x-total-count"), first.header("x-total-count"));
    let conditional =
        |uri: &str, tag: &str| Request::get(uri).header(header::IF_NONE_MATCH, tag).body(Body::empty()).unwrap();
    let unchanged = product.send(conditional("/api/services?limit=100", &etag)).await;
    assert_eq!((unchanged.status, unchanged.body.len()), (StatusCode::NOT_MODIFIED, 0));

    let listing = first.json()[0].clone();
    let (id, seller) = (listing["_id"].as_str().unwrap(), listing["sellerId"].as_str().unwrap());
    let detail = format!("/api/service/{id}");
    assert_eq!(product.get(&detail).await.status, StatusCode::OK);
    assert_eq!(product.get(&detail).await.status, StatusCode::OK, "now from the cache");

    // A seller's subscription lapses: accounts-svc hides their listings in catalog-svc directly, not
    // through this gateway. Within a moment no cached list, search or detail shows them.
    let search = format!("/api/services/search?query={}", urlencode(listing["name"].as_str().unwrap()));
    assert!(product.get(&search).await.json().as_array().unwrap().iter().any(|s| s["_id"] == id));
    let mut catalog = CatalogServiceClient::connect(product.services.catalog.url()).await.unwrap();
    let hide = SetSellerVisibilityRequest { seller_id: seller.into(), visible: false, featured: false };
    catalog.set_seller_visibility(hide).await.unwrap();
    eventually("a hidden listing gone from every cached answer", Duration::from_millis(1000), async || {
        let list = product.get("/api/services?limit=100").await.json();
        let gone_from_list = !list.as_array().unwrap().iter().any(|s| s["sellerId"] == seller);
        let gone_from_search = !product.get(&search).await.json().as_array().unwrap().iter().any(|s| s["_id"] == id);
        let gone = product.get(&detail).await.status == StatusCode::NOT_FOUND;
        gone_from_list && gone_from_search && gone
    })
    .await;
    let changed = product.send(conditional("/api/services?limit=100", &etag)).await;
    assert_eq!(changed.status, StatusCode::OK, "the old ETag no longer matches");
    assert_ne!(changed.header("etag"), etag);
    product.stop().await;
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[tokio::test]
async fn a_service_that_is_down_answers_503_quickly_and_recovers() {
    // Calls to a service get 2 s: the answer that it is down must come sooner still.
    let mut product = Product::options().deadline(Duration::from_secs(2)).start().await;
    eventually("the gateway subscribed to catalog-svc's changes", Duration::from_secs(3), async || {
        product.state.cache.is_live()
    })
    .await;
    assert_eq!(product.get("/api/services").await.status, StatusCode::OK);
    assert_eq!(product.get("/api/services").await.status, StatusCode::OK, "from the cache");

    // Stop the catalog the gateway talks to (a fresh one takes its place in `product` for cleanup).
    let addr = product.services.catalog.addr;
    let spare = Services::start_catalog(&product.services.catalog_config, None).await;
    std::mem::replace(&mut product.services.catalog, spare).stop().await;

    let started = Instant::now();
    let down = product.get("/api/services").await;
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
    assert_eq!(down.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(down.json()["message"], mtaani_proto::text::said::unavailable().to_string());
    let health = product.get("/api/health").await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.json()["services"]["catalog"], "unavailable");
    assert_eq!(health.json()["status"], "degraded");

    // The catalog comes back on the same address; the same gateway finds it again.
    let back = Services::start_catalog(&product.services.catalog_config, Some(addr)).await;
    eventually("the gateway reconnected to catalog-svc", Duration::from_secs(5), async || {
        let r = product.get("/api/services").await;
        (r.status == StatusCode::OK).then_some(()).ok_or(r.status)
    })
    .await;
    eventually("the cache following the catalog's changes again", Duration::from_secs(3), async || {
        product.state.cache.is_live()
    })
    .await;
    back.stop().await;
    product.stop().await;
}
