//! The gateway against the real services on loopback: SPEC §7 reads, the JSON error shape, limits,
//! health, the web app, and what a visitor gets while a service is down and after it returns.

use std::{
    net::SocketAddr,
    path::Path,
    time::{Duration, Instant},
};

use axum::{
    Router,
    body::Body,
    http::{Request, StatusCode, header},
};
use gateway::{AppState, Backends, config::BackendAddrs};
use http_body_util::BodyExt;
use mtaani_proto::testing::{Running, TestDb};
use serde_json::Value;
use tower::ServiceExt;

type Server = Running<tonic::transport::Error>;

const JWT_SECRET: &[u8] = b"test-secret-test-secret-test-secret!";

struct Product {
    dbs: Vec<TestDb>,
    accounts: Server,
    catalog: Server,
    booking: Server,
    messaging: Server,
    catalog_config: catalog_svc::Config,
}

async fn start_catalog(config: &catalog_svc::Config, addr: Option<SocketAddr>) -> Server {
    let catalog = catalog_svc::start(config).await.expect("catalog starts");
    Running::start(addr, |l, stop| catalog_svc::serve(catalog, l, stop)).await
}

async fn start_product() -> Product {
    let any = "127.0.0.1:0".parse().unwrap();
    let a = TestDb::sqlite("accounts");
    let c = TestDb::sqlite("catalog");
    let b = TestDb::sqlite("booking");
    let m = TestDb::sqlite("messaging");
    let accounts = accounts_svc::start(&accounts_svc::Config::embedded(any, a.config.clone(), "127.0.0.1:9".into()))
        .await
        .unwrap();
    let catalog_config =
        catalog_svc::Config { listen: any, db: c.config.clone(), media_dir: c.data_dir.join("media"), seed_demo: true };
    let booking = booking_svc::start(&booking_svc::Config { listen: any, db: b.config.clone() }).await.unwrap();
    let messaging = messaging_svc::start(&messaging_svc::Config::embedded(any, m.config.clone())).await.unwrap();
    Product {
        accounts: Running::start(None, |l, s| accounts_svc::serve(accounts, l, s)).await,
        catalog: start_catalog(&catalog_config, None).await,
        booking: Running::start(None, |l, s| booking_svc::serve(booking, l, s)).await,
        messaging: Running::start(None, |l, s| messaging_svc::serve(messaging, l, s)).await,
        catalog_config,
        dbs: vec![a, c, b, m],
    }
}

impl Product {
    fn app(&self, dist: Option<&Path>) -> Router {
        let addrs = BackendAddrs {
            accounts: self.accounts.addr.to_string(),
            catalog: self.catalog.addr.to_string(),
            booking: self.booking.addr.to_string(),
            messaging: self.messaging.addr.to_string(),
        };
        let state = AppState {
            backends: Backends::new(&addrs, Duration::from_secs(2)).unwrap(),
            jwt_secret: std::sync::Arc::new(JWT_SECRET.to_vec()),
            limiter: gateway::limits::RateLimiter::in_process(),
            trust_proxy: false,
        };
        gateway::app(state, dist)
    }

    async fn stop(self) {
        for s in [self.accounts, self.catalog, self.booking, self.messaging] {
            s.stop().await;
        }
        for db in self.dbs {
            db.cleanup().await;
        }
    }
}

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&self.body)))
    }
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", |v| v.to_str().unwrap())
    }
}

async fn call(app: &Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    Answer { status, headers, body }
}

async fn get(app: &Router, uri: &str) -> Answer {
    call(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

#[tokio::test]
async fn listings_travel_from_the_catalog_to_json() {
    let product = start_product().await;
    let app = product.app(None);

    let all = get(&app, "/api/services?limit=100").await;
    assert_eq!(all.status, StatusCode::OK);
    let list = all.json();
    let list = list.as_array().unwrap();
    assert!(list.len() >= 36);
    assert_eq!(all.header("x-total-count"), list.len().to_string());
    let first = &list[0];
    for field in [
        "_id",
        "name",
        "minPrice",
        "maxPrice",
        "location",
        "phoneNumber",
        "category",
        "subcategory",
        "description",
        "media",
    ] {
        assert!(first.get(field).is_some(), "{field} missing in {first}");
    }
    assert_eq!(first["media"][0]["type"], "image");
    assert!(first["media"][0]["data"].as_str().unwrap().starts_with("/media/"));
    assert!(!all.header("x-request-id").is_empty());

    assert_eq!(get(&app, "/api/services").await.json().as_array().unwrap().len(), list.len().min(48));
    assert_eq!(get(&app, "/api/services?limit=2&offset=1").await.json()[0]["_id"], list[1]["_id"]);
    let bad = get(&app, "/api/services?limit=lots").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.json()["message"].is_string());

    let beauty = get(&app, "/api/services/beauty").await.json();
    assert!(beauty.as_array().unwrap().iter().all(|s| s["category"] == "beauty"));
    let braids = get(&app, "/api/subcategory?subcategory=%2Fservices%2Fhair%2Fbraiding").await.json();
    assert!(!braids.as_array().unwrap().is_empty());
    assert!(braids.as_array().unwrap().iter().all(|s| s["subcategory"] == "braiding"));
    let none = get(&app, "/api/subcategory").await;
    assert_eq!(none.status, StatusCode::BAD_REQUEST);
    assert_eq!(none.json()["message"], "No subcategory provided.");
    let kisumu = get(&app, "/api/services?location=kisumu").await.json();
    assert!(!kisumu.as_array().unwrap().is_empty());
    assert!(kisumu.as_array().unwrap().iter().all(|s| s["location"].as_str().unwrap().contains("Kisumu")));
    assert_eq!(get(&app, "/api/services/search?query=braids%20kisumu").await.status, StatusCode::OK);

    let id = list[5]["_id"].as_str().unwrap();
    let one = get(&app, &format!("/api/service/{id}")).await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.json()["name"], list[5]["name"]);
    let missing = get(&app, "/api/service/nope").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.json()["message"], "Service not found");

    let photo = get(&app, list[0]["media"][0]["thumbnail"].as_str().unwrap()).await;
    assert_eq!(photo.status, StatusCode::OK);
    assert_eq!(photo.header("content-type"), "image/webp");
    assert!(photo.header("cache-control").contains("immutable"));
    assert_eq!(get(&app, "/media/..%2F..%2Fcatalog.db").await.status, StatusCode::NOT_FOUND);

    let packages = get(&app, "/api/packages").await.json();
    assert_eq!(packages[1]["id"], "standard");
    assert_eq!(packages[1]["photoUploads"], 2);
    assert_eq!(packages[1]["recommended"], true);

    let health = get(&app, "/api/health").await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.json()["status"], "ok");
    product.stop().await;
}

#[tokio::test]
async fn errors_are_json_with_a_message() {
    let product = start_product().await;
    let app = product.app(None);

    let unknown = get(&app, "/api/no-such-thing").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.json()["message"], "Not found");

    let post = |body: &'static str, content_type: &'static str| {
        Request::post("/api/login").header(header::CONTENT_TYPE, content_type).body(Body::from(body)).unwrap()
    };
    let malformed = call(&app, post("{\"email\": ", "application/json")).await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert_eq!(malformed.json()["message"], "The request body is not valid JSON.");
    let wrong_type = call(&app, post("{\"email\": 42}", "application/json")).await;
    assert_eq!(wrong_type.status, StatusCode::BAD_REQUEST);
    assert!(wrong_type.json()["message"].as_str().unwrap().contains("wrong type"));
    let not_json = call(&app, post("email=a", "text/plain")).await;
    assert_eq!(not_json.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(not_json.json()["message"].is_string());

    let huge = "x".repeat(gateway::SMALL_BODY + 1);
    let too_big = call(
        &app,
        Request::post("/api/contact")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(format!("{{\"message\": \"{huge}\"}}")))
            .unwrap(),
    )
    .await;
    assert_eq!(too_big.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(too_big.json()["message"].is_string());
    product.stop().await;
}

#[tokio::test]
async fn a_service_that_is_down_answers_503_quickly_and_recovers() {
    let mut product = start_product().await;
    let app = product.app(None);
    assert_eq!(get(&app, "/api/services").await.status, StatusCode::OK);

    // Stop the catalog the gateway talks to (a fresh one takes its place in `product` for cleanup).
    let addr = product.catalog.addr;
    let spare = start_catalog(&product.catalog_config, None).await;
    std::mem::replace(&mut product.catalog, spare).stop().await;

    let started = Instant::now();
    let down = get(&app, "/api/services").await;
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
    assert_eq!(down.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(down.json()["message"], gateway::error::UNAVAILABLE);
    let health = get(&app, "/api/health").await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.json()["services"]["catalog"], "unavailable");
    assert_eq!(health.json()["status"], "degraded");

    // The catalog comes back on the same address; the same gateway finds it again.
    let back = start_catalog(&product.catalog_config, Some(addr)).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let r = get(&app, "/api/services").await;
        if r.status == StatusCode::OK {
            break;
        }
        assert!(Instant::now() < deadline, "the gateway did not reconnect: {}", r.status);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    back.stop().await;
    product.stop().await;
}

#[tokio::test]
async fn the_web_app_is_served_with_its_fallback_and_cache_rules() {
    let product = start_product().await;
    let dist = std::env::temp_dir().join(format!("mtaani-dist-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><title>Mtaani</title>").unwrap();
    std::fs::write(dist.join("assets/app-3f9a.js"), "console.log('hi')").unwrap();
    let app = product.app(Some(&dist));

    let page = get(&app, "/services/hair/braiding").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(String::from_utf8_lossy(&page.body).contains("<title>Mtaani</title>"));
    assert_eq!(page.header("cache-control"), "no-cache");
    let asset = get(&app, "/assets/app-3f9a.js").await;
    assert_eq!(asset.header("cache-control"), "public, max-age=31536000, immutable");
    assert_eq!(asset.header("x-content-type-options"), "nosniff");
    let api = get(&app, "/api/nothing/here").await;
    assert_eq!(api.status, StatusCode::NOT_FOUND);
    assert!(api.json()["message"].is_string());

    let _ = std::fs::remove_dir_all(dist);
    product.stop().await;
}
