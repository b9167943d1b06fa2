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
use gateway::AppState;
use mtaani_runtime::testing::{Running, TestDb, eventually};
use serde_json::Value;

use crate::common;

use common::{Answer, JWT_SECRET, Services, call, sms_files};

/// The four services, and the rate limiter the gateway's state is given.
struct Product {
    services: Services,
    limiter: gateway::limits::RateLimiter,
}

impl std::ops::Deref for Product {
    type Target = Services;
    fn deref(&self) -> &Services {
        &self.services
    }
}

impl std::ops::DerefMut for Product {
    fn deref_mut(&mut self) -> &mut Services {
        &mut self.services
    }
}

async fn start_product() -> Product {
    start_product_with(gateway::limits::RateLimiter::in_process()).await
}

async fn start_product_with(limiter: gateway::limits::RateLimiter) -> Product {
    Product { services: Services::start(TestDb::sqlite, false).await, limiter }
}

impl Product {
    fn app(&self, web: Option<(&Path, Option<gateway::web::Renderer>)>) -> Router {
        gateway::app(self.state(), web)
    }

    fn state(&self) -> AppState {
        self.services.state(Duration::from_secs(2), self.limiter.clone(), false)
    }

    async fn stop(self) {
        self.services.stop().await;
    }
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
    // The data saver's size of every photo (320 px) and its colour, in the lists and a listing's own
    // answer alike (issue 21).
    for media in list.iter().chain([&one.json()]).flat_map(|s| s["media"].as_array().unwrap().clone()) {
        assert!(
            media["small"].as_str().is_some_and(|u| u.starts_with("/media/") && u.ends_with("-320.webp")),
            "{media}"
        );
        let color = media["color"].as_str().unwrap_or_default();
        assert!(
            color.len() == 7 && color.starts_with('#') && color[1..].bytes().all(|c| c.is_ascii_hexdigit()),
            "{media}"
        );
    }
    let small = get(&app, list[0]["media"][0]["small"].as_str().unwrap()).await;
    assert_eq!(small.status, StatusCode::OK);
    assert_eq!(small.header("content-type"), "image/webp");
    assert!(small.body.len() < photo.body.len(), "the data saver's photo is the smaller");
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
async fn public_reads_are_cached_until_the_catalog_changes() {
    use mtaani_proto::catalog::v1::{SetSellerVisibilityRequest, catalog_service_client::CatalogServiceClient};
    let product = start_product().await;
    let state = product.state();
    let app = gateway::app(state.clone(), None);
    eventually("the gateway subscribed to catalog-svc's changes", Duration::from_secs(3), async || {
        state.cache.is_live()
    })
    .await;

    let first = get(&app, "/api/services?limit=100").await;
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.header("etag").to_owned();
    assert!(etag.starts_with('"'), "lists carry an ETag: {etag:?}");
    assert_eq!(first.header("cache-control"), "no-cache");
    let again = get(&app, "/api/services?limit=100").await;
    assert_eq!((again.body == first.body, again.header("etag")), (true, etag.as_str()));
    assert_eq!(again.header("x-total-count"), first.header("x-total-count"));
    let conditional =
        |uri: &str, tag: &str| Request::get(uri).header(header::IF_NONE_MATCH, tag).body(Body::empty()).unwrap();
    let unchanged = call(&app, conditional("/api/services?limit=100", &etag)).await;
    assert_eq!((unchanged.status, unchanged.body.len()), (StatusCode::NOT_MODIFIED, 0));

    let listing = first.json()[0].clone();
    let (id, seller) = (listing["_id"].as_str().unwrap(), listing["sellerId"].as_str().unwrap());
    let detail = format!("/api/service/{id}");
    assert_eq!(get(&app, &detail).await.status, StatusCode::OK);
    assert_eq!(get(&app, &detail).await.status, StatusCode::OK, "now from the cache");

    // A seller's subscription lapses: accounts-svc hides their listings in catalog-svc directly, not
    // through this gateway. Within a moment no cached list, search or detail shows them.
    let search = format!("/api/services/search?query={}", urlencode(listing["name"].as_str().unwrap()));
    assert!(get(&app, &search).await.json().as_array().unwrap().iter().any(|s| s["_id"] == id));
    let mut catalog = CatalogServiceClient::connect(product.catalog.url()).await.unwrap();
    let hide = SetSellerVisibilityRequest { seller_id: seller.into(), visible: false, featured: false };
    catalog.set_seller_visibility(hide).await.unwrap();
    eventually("a hidden listing gone from every cached answer", Duration::from_millis(1000), async || {
        let list = get(&app, "/api/services?limit=100").await.json();
        let gone_from_list = !list.as_array().unwrap().iter().any(|s| s["sellerId"] == seller);
        let gone_from_search = !get(&app, &search).await.json().as_array().unwrap().iter().any(|s| s["_id"] == id);
        let gone = get(&app, &detail).await.status == StatusCode::NOT_FOUND;
        gone_from_list && gone_from_search && gone
    })
    .await;
    let changed = call(&app, conditional("/api/services?limit=100", &etag)).await;
    assert_eq!(changed.status, StatusCode::OK, "the old ETag no longer matches");
    assert_ne!(changed.header("etag"), etag);
    product.stop().await;
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
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
    let state = product.state();
    let app = gateway::app(state.clone(), None);
    eventually("the gateway subscribed to catalog-svc's changes", Duration::from_secs(3), async || {
        state.cache.is_live()
    })
    .await;
    assert_eq!(get(&app, "/api/services").await.status, StatusCode::OK);
    assert_eq!(get(&app, "/api/services").await.status, StatusCode::OK, "from the cache");

    // Stop the catalog the gateway talks to (a fresh one takes its place in `product` for cleanup).
    let addr = product.catalog.addr;
    let spare = Services::start_catalog(&product.catalog_config, None).await;
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
    let back = Services::start_catalog(&product.catalog_config, Some(addr)).await;
    eventually("the gateway reconnected to catalog-svc", Duration::from_secs(5), async || {
        let r = get(&app, "/api/services").await;
        (r.status == StatusCode::OK).then_some(()).ok_or(r.status)
    })
    .await;
    eventually("the cache following the catalog's changes again", Duration::from_secs(3), async || {
        state.cache.is_live()
    })
    .await;
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
    let app = product.app(Some((&dist, None)));

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
    // Without a renderer, the listing pages get index.html too: the browser renders them.
    assert!(String::from_utf8_lossy(&get(&app, "/all-services").await.body).contains("<title>Mtaani</title>"));

    let _ = std::fs::remove_dir_all(dist);
    product.stop().await;
}

/// The page renderer (web/src/server), built by `make web`, running on Node on a free loopback port
/// and calling the gateway at `gateway`; stopped when dropped.
struct RendererProcess {
    child: std::process::Child,
    origin: String,
}

impl RendererProcess {
    fn start(dist: &Path, gateway: SocketAddr) -> Self {
        use std::io::BufRead;
        let script = dist.join("../dist-server/renderer.mjs");
        assert!(script.is_file(), "{} is missing: build the web app first (make web)", script.display());
        let mut child = std::process::Command::new("node")
            .arg(&script)
            .env("RENDERER_LISTEN", "127.0.0.1:0")
            .env("GATEWAY_URL", format!("http://{gateway}"))
            .env("WEB_DIST", dist)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("node starts the renderer");
        let mut first = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        // What answers is the renderer this test started: it says where it listens.
        let origin = first.trim().strip_prefix("renderer listening on ").expect("the renderer's first line").to_owned();
        Self { child, origin }
    }

    fn signal(&self, signal: &str) {
        let status = std::process::Command::new("kill").arg(signal).arg(self.child.id().to_string()).status().unwrap();
        assert!(status.success());
    }
}

impl Drop for RendererProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The built web app (`make web`): the renderer needs its documents and its code.
fn built_web_app() -> std::path::PathBuf {
    let dist = crate::repo().join("web/dist");
    assert!(dist.join("server-rendered.html").is_file(), "{} has no build: run `make web` first", dist.display());
    dist
}

#[tokio::test]
async fn pages_come_rendered_by_the_renderer_and_from_the_browser_when_it_fails() {
    let product = start_product().await;
    let dist = built_web_app();
    // The gateway on a port of its own, for the renderer's API calls.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let gateway_addr = listener.local_addr().unwrap();
    let renderer = RendererProcess::start(&dist, gateway_addr);
    let with_renderer = |deadline| {
        gateway::app(product.state(), Some((&dist, Some(gateway::web::Renderer::new(&renderer.origin, deadline)))))
    };
    let app = with_renderer(Duration::from_secs(5));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let served = tokio::spawn(gateway::serve(listener, app.clone(), async {
        let _ = stopped.await;
    }));

    // A listing page: the components' markup with the API's answers, its title, the answers inside.
    let listings = get(&app, "/api/services?limit=48&offset=0").await.json();
    let first = listings[0].clone();
    let page = get(&app, "/all-services").await;
    assert_eq!((page.status, page.header("x-rendered")), (StatusCode::OK, "rendered"));
    assert_eq!(page.header("cache-control"), "no-cache");
    let html = String::from_utf8_lossy(&page.body).into_owned();
    assert!(html.contains(r#"<div id="root" data-rendered="server">"#), "{html}");
    assert!(html.contains("<title>All Services · Mtaani</title>"));
    assert!(html.contains(&escape_html(first["name"].as_str().unwrap())));
    assert_eq!(island(&html)["/api/services?limit=48&offset=0"]["body"], listings);
    // The same answers: the page rendered before.
    assert_eq!(get(&app, "/all-services").await.header("x-rendered"), "cached");
    assert_eq!(page.header("vary"), "Cookie, Accept-Language, Save-Data");
    assert!(html.contains("<img") && !html.contains("data-saver"));

    // The data saver (issue 21): the browser's Save-Data, unless the visitor chose otherwise (the
    // mtaani_data cookie), passed on to the renderer: the cards are their photos' colours, no <img>.
    let with = |save_data: bool, cookie: Option<&str>| {
        let mut request = Request::get("/all-services");
        if save_data {
            request = request.header("save-data", "on");
        }
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        call(&app, request.body(Body::empty()).unwrap())
    };
    for (save_data, cookie, saver) in [
        (true, None, true),
        (true, Some("mtaani_data=full"), false),
        (false, Some("mtaani_lang=en; mtaani_data=saver"), true),
    ] {
        let page = with(save_data, cookie).await;
        assert_eq!(page.status, StatusCode::OK);
        let html = String::from_utf8_lossy(&page.body).into_owned();
        let marked = html.contains(r#"<div id="root" data-rendered="server" data-saver>"#);
        assert_eq!(marked, saver, "Save-Data {save_data}, cookie {cookie:?}");
        assert_eq!(html.contains("<img"), !saver, "Save-Data {save_data}, cookie {cookie:?}");
        if saver {
            let color = first["media"][0]["color"].as_str().unwrap();
            assert!(html.contains(&format!(r#"<rect width="4" height="3" fill="{color}">"#)), "{html}");
        }
    }

    // A listing's own page; and once an operator hides it, never again from the cache.
    let id = first["_id"].as_str().unwrap();
    let name = escape_html(first["name"].as_str().unwrap());
    let listing_page = String::from_utf8_lossy(&get(&app, &format!("/service/{id}")).await.body).into_owned();
    assert!(listing_page.contains(&format!("<title>{name} · Mtaani</title>")), "{listing_page}");
    let admin =
        sign_in(&app, "admin@demo.mtaani.co.ke", "mtaani-demo").await.json()["token"].as_str().unwrap().to_owned();
    let hide = Request::post(format!("/api/admin/listings/{id}/hide"))
        .header(header::AUTHORIZATION, format!("Bearer {admin}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(r#"{"reason":"A test of the renderer's cache"}"#))
        .unwrap();
    assert_eq!(call(&app, hide).await.status, StatusCode::OK);
    let hidden = get(&app, &format!("/service/{id}")).await;
    assert_eq!(hidden.header("x-rendered"), "rendered");
    let hidden = String::from_utf8_lossy(&hidden.body).into_owned();
    assert!(hidden.contains("Service Not Found") && !hidden.contains(&name), "{hidden}");
    let all = String::from_utf8_lossy(&get(&app, "/all-services").await.body).into_owned();
    assert!(!all.contains(&format!("/service/{id}\"")), "the hidden listing is gone from the list");

    // Pages that depend on the visitor are the browser's; files are files.
    let account = get(&app, "/account").await;
    assert_eq!(account.header("x-rendered"), "browser");
    assert!(!String::from_utf8_lossy(&account.body).contains("data-rendered"));
    let icon = get(&app, "/favicon.svg").await;
    assert_eq!((icon.status, icon.header("x-rendered")), (StatusCode::OK, ""));

    // A renderer that is too slow (stopped), then gone: the page is the app's index.html, at once.
    renderer.signal("-STOP");
    let impatient = with_renderer(Duration::from_millis(500));
    let started = Instant::now();
    let slow = get(&impatient, "/all-services").await;
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert_eq!((slow.status, slow.header("x-rendered")), (StatusCode::OK, ""));
    assert!(String::from_utf8_lossy(&slow.body).contains(r#"<div id="root"></div>"#));
    renderer.signal("-CONT");
    assert_eq!(get(&app, "/all-services").await.header("x-rendered"), "cached");
    drop(renderer);
    let gone = get(&app, "/").await;
    assert_eq!(gone.status, StatusCode::OK);
    assert!(String::from_utf8_lossy(&gone.body).contains(r#"<div id="root"></div>"#));

    let _ = stop.send(());
    served.await.unwrap().unwrap();
    product.stop().await;
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#x27;")
}

/// The answers inside a rendered document's `first-screen-answers` element.
fn island(html: &str) -> Value {
    let start = html.find(r#"id="first-screen-answers">"#).expect("the answers' element") + 26;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

fn post_json(uri: &str, body: Value) -> Request<Body> {
    Request::post(uri).header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string())).unwrap()
}

fn with_bearer(uri: &str, token: &str) -> Request<Body> {
    Request::get(uri).header(header::AUTHORIZATION, format!("Bearer {token}")).body(Body::empty()).unwrap()
}

async fn sign_in(app: &Router, email: &str, password: &str) -> Answer {
    call(app, post_json("/api/login", serde_json::json!({"email": email, "password": password}))).await
}

#[tokio::test]
async fn sessions_are_verified_in_the_gateway() {
    let product = start_product().await;
    let app = product.app(None);

    let signed_in = sign_in(&app, "wanjiru@demo.mtaani.co.ke", "mtaani-demo").await;
    assert_eq!(signed_in.status, StatusCode::OK);
    let session = signed_in.json();
    assert_eq!(session["user"]["userName"], "Wanjiru Kamau");
    assert_eq!(session["user"]["accountType"], "seller");
    assert_eq!(session["user"]["sellerPackage"]["packageId"], "premium");
    let token = session["token"].as_str().unwrap();

    let me = call(&app, with_bearer("/api/me", token)).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json()["subscription"]["status"], "active");
    assert_eq!(me.json()["subscription"]["packageName"], "Premium");

    let no_token = get(&app, "/api/me").await;
    assert_eq!(no_token.status, StatusCode::UNAUTHORIZED);
    assert!(no_token.json()["message"].is_string());
    let (head, rest) = token.split_once('.').unwrap();
    let (_, signature) = rest.split_once('.').unwrap();
    let now = chrono::Utc::now().timestamp();
    let b64 = |v: Value| {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string())
    };
    let claims = |aud: &str, exp: i64| {
        serde_json::json!({"sub": mtaani_proto::demo::SELLERS[1].id, "role": "seller", "aud": aud,
            "iss": "mtaani-accounts", "iat": now, "exp": exp})
    };
    let forged = [
        format!("{}.{}.", b64(serde_json::json!({"alg": "none", "typ": "JWT"})), b64(claims("mtaani-web", now + 600))),
        format!("{head}.{}.{signature}", b64(claims("mtaani-web", now + 600))),
        mtaani_proto::token::issue(b"another-key-another-key-another-key!", "u", "seller", now, 600).unwrap(),
        mtaani_proto::token::issue(JWT_SECRET, "u", "seller", now - 7200, 600).unwrap(),
        "garbage".to_owned(),
    ];
    for bad in forged {
        let r = call(&app, with_bearer("/api/me", &bad)).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{bad}");
    }
    product.stop().await;
}

#[tokio::test]
async fn failed_sign_ins_are_limited_in_redis() {
    let limiter = gateway::limits::RateLimiter::with_redis("redis://127.0.0.1:6379").unwrap();
    let product = start_product_with(limiter.clone()).await;
    let app = product.app(None);
    // The counters live in the real Redis: wait for the connection.
    eventually("a connection to the Redis at 127.0.0.1:6379", Duration::from_secs(5), async || {
        limiter.uses_redis().await
    })
    .await;

    let email = format!("nobody-{}@example.com", uuid::Uuid::new_v4().simple());
    for _ in 0..gateway::limits::LOGIN_FAILURES.limit {
        let r = sign_in(&app, &email, "wrong-password").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
        assert_eq!(r.json()["message"], "Invalid email or password");
    }
    let locked = sign_in(&app, &email, "wrong-password").await;
    assert_eq!(locked.status, StatusCode::TOO_MANY_REQUESTS);
    // The count is in Redis, where every gateway replica sees it.
    let mut redis =
        redis::Client::open("redis://127.0.0.1:6379").unwrap().get_multiplexed_async_connection().await.unwrap();
    let stored: u64 = redis::cmd("GET").arg(format!("rl:login-account:{email}")).query_async(&mut redis).await.unwrap();
    assert_eq!(stored, gateway::limits::LOGIN_FAILURES.limit);
    assert_eq!(locked.json()["message"], gateway::limits::LOGIN_LOCKED);
    limiter.clear(&format!("login-account:{email}")).await;
    limiter.clear("login-addr:unknown").await;
    product.stop().await;
}

/// The link in a stored `.eml` file (quoted-printable: soft line breaks and `=3D`).
fn reset_link(mail_dir: &Path) -> Option<String> {
    let entry =
        std::fs::read_dir(mail_dir).ok()?.flatten().find(|e| e.path().extension().is_some_and(|x| x == "eml"))?;
    let raw = std::fs::read_to_string(entry.path()).ok()?.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=");
    let start = raw.find("token=")? + "token=".len();
    Some(raw[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect())
}

#[tokio::test]
async fn a_forgotten_password_is_reset_through_an_emailed_link() {
    let product = start_product().await;
    let app = product.app(None);
    let register = serde_json::json!({"userName": "Zawadi Achieng", "email": "zawadi@example.com",
        "phoneNumber": "0733 123 456", "password": "mandazi-moto", "accountType": "buyer"});
    let created = call(&app, post_json("/api/register", register.clone())).await;
    assert_eq!(created.status, StatusCode::CREATED);
    assert_eq!(created.json()["user"]["phoneNumber"], "+254733123456");
    let again = call(&app, post_json("/api/register", register)).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.json()["message"], "An account with this email already exists");

    // messaging-svc is down when the reset is asked for: accounts-svc keeps the e-mail and retries.
    let mut product = product;
    let messaging_addr = product.messaging.addr;
    let m = product.db("messaging").config.clone();
    let spare = {
        let messaging =
            messaging_svc::start(&messaging_svc::Config::embedded("127.0.0.1:0".parse().unwrap(), m.clone()))
                .await
                .unwrap();
        Running::start(None, |l, s| messaging_svc::serve(messaging, l, s)).await
    };
    std::mem::replace(&mut product.messaging, spare).stop().await;

    for email in ["zawadi@example.com", "nobody@example.com"] {
        let asked = call(&app, post_json("/api/password-reset/request", serde_json::json!({"email": email}))).await;
        assert_eq!(asked.status, StatusCode::OK);
        assert_eq!(asked.json()["message"], gateway::routes::accounts::RESET_SENT);
    }
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(reset_link(&product.mail_dir).is_none(), "nothing can be sent while messaging-svc is down");
    let messaging = messaging_svc::start(&messaging_svc::Config::embedded(messaging_addr, m)).await.unwrap();
    let back = Running::start(Some(messaging_addr), |l, s| messaging_svc::serve(messaging, l, s)).await;

    // accounts-svc hands the e-mail to messaging-svc, which writes it as an .eml file.
    let token = eventually("the reset e-mail", Duration::from_secs(10), async || reset_link(&product.mail_dir)).await;
    let confirm = serde_json::json!({"token": token, "password": "chapati-tamu"});
    let done = call(&app, post_json("/api/password-reset/confirm", confirm.clone())).await;
    assert_eq!(done.status, StatusCode::OK, "{}", String::from_utf8_lossy(&done.body));
    assert_eq!(sign_in(&app, "zawadi@example.com", "chapati-tamu").await.status, StatusCode::OK);
    let reused = call(&app, post_json("/api/password-reset/confirm", confirm)).await;
    assert_eq!(reused.status, StatusCode::BAD_REQUEST);
    assert_eq!(reused.json()["message"], "This reset link is invalid or has expired.");
    back.stop().await;
    product.stop().await;
}

#[tokio::test]
async fn contact_messages_are_stored_and_limited_per_sender() {
    let product = start_product().await;
    let app = product.app(None);
    let message = serde_json::json!({"name": "Amina Wanjiru", "email": "amina@example.com", "phone": "0712345678",
        "subject": "Listing my salon", "message": "How do I list my salon on Mtaani?"});
    let invalid = call(&app, post_json("/api/contact", serde_json::json!({"name": "A"}))).await;
    assert_eq!(invalid.status, StatusCode::BAD_REQUEST);
    assert_eq!(invalid.json()["message"], "Name must be at least 2 characters");
    assert_eq!(invalid.json()["errors"]["subject"], "Subject must be at least 5 characters");
    // The invalid one spent nothing: the sender still has the whole quota.
    for _ in 0..gateway::limits::CONTACT_PER_EMAIL.limit {
        let sent = call(&app, post_json("/api/contact", message.clone())).await;
        assert_eq!(sent.status, StatusCode::OK);
        assert_eq!(sent.json()["message"], "Message sent successfully! We'll get back to you soon.");
    }
    let limited = call(&app, post_json("/api/contact", message.clone())).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.json()["message"].as_str().unwrap().contains("Please wait"));
    // Someone else behind the same address is not blocked by her.
    let mut other = message;
    other["email"] = "baraka@example.com".into();
    assert_eq!(call(&app, post_json("/api/contact", other)).await.status, StatusCode::OK);
    product.stop().await;
}

/// The bookable starts of `id` on `date`: the availability answer's `slots`, or (before working
/// hours) every slot neither taken nor past.
async fn bookable(app: &Router, id: &str, date: &str) -> Vec<String> {
    let a = get(app, &format!("/api/appointments/availability?serviceId={id}&date={date}")).await.json();
    let strings = |v: &Value| v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect());
    if let Some(slots) = strings(&a["slots"]) {
        return slots;
    }
    let gone: Vec<String> = [strings(&a["taken"]), strings(&a["past"])].into_iter().flatten().flatten().collect();
    (7 * 60..=22 * 60 + 30)
        .step_by(30)
        .map(|m: u32| {
            let (h, min) = (m / 60, m % 60);
            format!("{}:{min:02} {}", if h > 12 { h - 12 } else { h }, if h < 12 { "AM" } else { "PM" })
        })
        .filter(|label| !gone.contains(label))
        .collect()
}

/// Books one bookable start of `listings` (tried in turn, day after day from tomorrow) for `email`;
/// answers the response.
async fn book_next(app: &Router, listings: &[String], email: &str) -> Answer {
    for days in 1..60 {
        let date = (chrono::Utc::now() + chrono::Duration::hours(3) + chrono::Duration::days(days)).format("%Y-%m-%d");
        for id in listings {
            if let Some(time) = bookable(app, id, &date.to_string()).await.first() {
                let body = serde_json::json!({"serviceId": id, "name": "Shared Address", "email": email,
                    "date": date.to_string(), "time": time});
                return call(app, post_json("/api/appointments", body)).await;
            }
        }
    }
    panic!("nothing bookable in 60 days");
}

/// Carrier-grade NAT: every request here comes from one address (the gateway sees no peer, so all
/// share "unknown"). Strangers behind it do not block each other; one identity that hammers is
/// stopped, with a message; and a request refused as invalid spends nobody's quota.
#[tokio::test]
async fn strangers_behind_one_address_do_not_block_each_other() {
    let product = start_product().await;
    let app = product.app(None);
    let all = get(&app, "/api/services?limit=100").await.json();
    let listings: Vec<String> = all.as_array().unwrap().iter().map(|s| s["_id"].as_str().unwrap().to_owned()).collect();

    for i in 0..60 {
        let booked = book_next(&app, &listings, &format!("customer{i}@example.co.ke")).await;
        assert_eq!(booked.status, StatusCode::CREATED, "customer {i}: {}", String::from_utf8_lossy(&booked.body));
    }
    for i in 0..15 {
        let message = serde_json::json!({"name": "Neema Auma", "email": format!("writer{i}@example.com"),
            "phone": "0712345678", "subject": "A question", "message": "How do I post a listing?"});
        assert_eq!(call(&app, post_json("/api/contact", message)).await.status, StatusCode::OK, "writer {i}");
    }
    for i in 0..25 {
        let person = serde_json::json!({"userName": "Zawadi Njoroge", "email": format!("person{i}@example.com"),
            "phoneNumber": format!("07123456{i:02}"), "password": "mandazi-moto", "accountType": "buyer"});
        let r = call(&app, post_json("/api/register", person)).await;
        assert_eq!(r.status, StatusCode::CREATED, "person {i}: {}", String::from_utf8_lossy(&r.body));
    }

    // One e-mail writing 40 messages: stopped after its quota, with a message.
    let spam = serde_json::json!({"name": "Spam Bot", "email": "bot@example.com", "phone": "0712345678",
        "subject": "Buy now", "message": "Cheap followers for your salon!"});
    let answers: Vec<StatusCode> = {
        let mut v = Vec::new();
        for _ in 0..40 {
            v.push(call(&app, post_json("/api/contact", spam.clone())).await.status);
        }
        v
    };
    let sent = answers.iter().filter(|s| **s == StatusCode::OK).count() as u64;
    assert_eq!(sent, gateway::limits::CONTACT_PER_EMAIL.limit);
    assert!(answers.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::TOO_MANY_REQUESTS), "{answers:?}");
    let refused = call(&app, post_json("/api/contact", spam)).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.json()["message"].as_str().unwrap().contains("Please wait"));

    // One e-mail booking 60 slots: stopped after its quota, with a message.
    let mut booked = 0;
    let mut limited = None;
    for _ in 0..60 {
        let r = book_next(&app, &listings, "hoarder@example.co.ke").await;
        match r.status {
            StatusCode::CREATED => booked += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                limited = Some(r.json()["message"].as_str().unwrap().to_owned());
                break;
            }
            other => panic!("{other}: {}", String::from_utf8_lossy(&r.body)),
        }
    }
    assert_eq!(booked, gateway::limits::BOOKINGS_PER_EMAIL.limit);
    assert_eq!(limited.as_deref(), Some(gateway::routes::booking::TOO_MANY));

    // Invalid requests (a form with mistakes) never use up the quota.
    for _ in 0..(gateway::limits::CONTACT_PER_EMAIL.limit + 3) {
        let invalid = serde_json::json!({"name": "A", "email": "typo@example.com", "phone": "0712345678",
            "subject": "Hi", "message": "Short"});
        assert_eq!(call(&app, post_json("/api/contact", invalid)).await.status, StatusCode::BAD_REQUEST);
    }
    let fixed = serde_json::json!({"name": "Amina Typo", "email": "typo@example.com", "phone": "0712345678",
        "subject": "A question", "message": "How do I post a listing?"});
    assert_eq!(call(&app, post_json("/api/contact", fixed)).await.status, StatusCode::OK);
    product.stop().await;
}

const PNG_1X1: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

fn authed(method: &str, uri: &str, token: &str, body: Option<Value>) -> Request<Body> {
    let r = Request::builder().method(method).uri(uri).header(header::AUTHORIZATION, format!("Bearer {token}"));
    match body {
        Some(b) => r.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())).unwrap(),
        None => r.body(Body::empty()).unwrap(),
    }
}

async fn token_of(app: &Router, email: &str, password: &str) -> String {
    sign_in(app, email, password).await.json()["token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn sellers_post_and_delete_their_services() {
    let product = start_product().await;
    let app = product.app(None);
    let listing = |images: Value| {
        serde_json::json!({"name": "Knotless Braids by Njeri", "images": images, "minPrice": "1,500", "maxPrice": 4500,
            "location": "Section 58, Nakuru", "phoneNumber": "0733 345 603", "category": "hair",
            "subcategory": "braiding", "description": "Neat knotless braids that last, gentle on your edges.",
            "directions": " Green gate opposite the primary school, first door on the left "})
    };
    let njeri = token_of(&app, "njeri@demo.mtaani.co.ke", "mtaani-demo").await; // Basic: one photo

    let anonymous = call(&app, post_json("/api/services", listing(serde_json::json!([PNG_1X1])))).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    let buyer = serde_json::json!({"userName": "Zawadi Achieng", "email": "zawadi.buyer@example.com",
        "phoneNumber": "0733123456", "password": "mandazi-moto", "accountType": "buyer"});
    assert_eq!(call(&app, post_json("/api/register", buyer)).await.status, StatusCode::CREATED);
    let zawadi = token_of(&app, "zawadi.buyer@example.com", "mandazi-moto").await;
    let refused =
        call(&app, authed("POST", "/api/services", &zawadi, Some(listing(serde_json::json!([PNG_1X1]))))).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.json()["message"], "Only sellers can post services");

    let two =
        call(&app, authed("POST", "/api/services", &njeri, Some(listing(serde_json::json!([PNG_1X1, PNG_1X1]))))).await;
    assert_eq!(two.status, StatusCode::BAD_REQUEST);
    assert_eq!(two.json()["message"], "Your Basic package allows only 1 photo(s).");
    let fake = serde_json::json!([{"data": "data:image/png;base64,PHN2ZyB4bWxucz0iIj48L3N2Zz4=", "name": "logo.png"}]);
    let not_image = call(&app, authed("POST", "/api/services", &njeri, Some(listing(fake)))).await;
    assert_eq!(not_image.status, StatusCode::BAD_REQUEST);
    assert_eq!(not_image.json()["message"], "File logo.png is not a supported image format.");
    let none = call(&app, authed("POST", "/api/services", &njeri, Some(listing(serde_json::json!([]))))).await;
    assert_eq!(none.json()["errors"]["images"], "Please upload at least one photo");

    let mut post = authed("POST", "/api/services", &njeri, Some(listing(serde_json::json!([PNG_1X1]))));
    post.headers_mut().insert("idempotency-key", "post-1".parse().unwrap());
    let created = call(&app, post).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&created.body));
    let service = created.json();
    assert_eq!((service["minPrice"].as_i64(), service["phoneNumber"].as_str()), (Some(1500), Some("+254733345603")));
    let id = service["_id"].as_str().unwrap().to_owned();
    let mut again = authed("POST", "/api/services", &njeri, Some(listing(serde_json::json!([PNG_1X1]))));
    again.headers_mut().insert("idempotency-key", "post-1".parse().unwrap());
    assert_eq!(call(&app, again).await.json()["_id"], id.as_str(), "a repeated post creates nothing new");

    let shown = get(&app, &format!("/api/service/{id}")).await;
    assert_eq!(shown.status, StatusCode::OK);
    // The directions, trimmed, in the listing's own answer and in the lists; "" for one without.
    let directions = "Green gate opposite the primary school, first door on the left";
    assert_eq!(
        (service["directions"].as_str(), shown.json()["directions"].as_str()),
        (Some(directions), Some(directions))
    );
    let all = get(&app, "/api/services?limit=100").await.json();
    assert!(all.as_array().unwrap().iter().all(|s| s["directions"].is_string()), "always present");
    let photo = shown.json()["media"][0]["thumbnail"].as_str().unwrap().to_owned();
    assert_eq!(get(&app, &photo).await.header("content-type"), "image/webp");
    let braiding = get(&app, "/api/subcategory?subcategory=/services/hair/braiding&limit=100").await.json();
    let listed = braiding.as_array().unwrap().iter().find(|s| s["_id"] == id.as_str()).cloned().unwrap_or_default();
    assert_eq!(listed["directions"], directions);
    let mine = call(&app, authed("GET", "/api/account/services", &njeri, None)).await.json();
    assert!(mine.as_array().unwrap().iter().any(|s| s["_id"] == id.as_str()), "My Account lists it");
    assert!(mine.as_array().unwrap().iter().all(|s| s["sellerId"] == service["sellerId"]), "and only hers");
    let not_seller = call(&app, authed("GET", "/api/account/services", &zawadi, None)).await;
    assert_eq!(not_seller.status, StatusCode::FORBIDDEN);
    assert!(braiding.as_array().unwrap().iter().any(|s| s["_id"] == id.as_str()));

    // Editing: new words, the same photo; then the photo replaced; a second photo does not fit Basic.
    let mut edit = listing(serde_json::json!([]));
    edit["name"] = "Knotless & Box Braids by Njeri".into();
    edit["keepMedia"] = serde_json::json!([shown.json()["media"][0]["data"]]);
    let edited = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(edit.clone()))).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", String::from_utf8_lossy(&edited.body));
    assert_eq!(edited.json()["name"], "Knotless & Box Braids by Njeri");
    assert_eq!(edited.json()["media"][0]["thumbnail"], photo.as_str());
    // Directions over 300 characters are refused by field, in the language asked for; changed and
    // removed by an edit.
    let mut long = edit.clone();
    long["directions"] = "a".repeat(301).into();
    let mut in_swahili = authed("PUT", &format!("/api/service/{id}"), &njeri, Some(long.clone()));
    in_swahili.headers_mut().insert(header::ACCEPT_LANGUAGE, "sw".parse().unwrap());
    let refused = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(long))).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.json()["errors"]["directions"], "Directions must be at most 300 characters");
    assert_eq!(call(&app, in_swahili).await.json()["errors"]["directions"], "Maelekezo yasizidi herufi 300");
    edit["directions"] = "Blue door behind the chemist".into();
    let moved = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(edit.clone()))).await;
    assert_eq!(moved.json()["directions"], "Blue door behind the chemist");
    assert_eq!(get(&app, &format!("/api/service/{id}")).await.json()["directions"], "Blue door behind the chemist");
    let mut older_app = edit.clone();
    older_app.as_object_mut().unwrap().remove("directions");
    let kept = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(older_app))).await;
    assert_eq!(kept.json()["directions"], "Blue door behind the chemist", "left out of an edit: kept");
    edit["directions"] = "".into();
    let none = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(edit.clone()))).await;
    assert_eq!(none.json()["directions"], "", "emptied by an edit: none");
    // A service menu (issue 42): the prices come from it, every answer carries it, a broken rule is
    // named by the option's place in both languages, and an edit that leaves it out keeps it.
    let mut menu = edit.clone();
    menu.as_object_mut().unwrap().remove("minPrice");
    menu.as_object_mut().unwrap().remove("maxPrice");
    menu["options"] = serde_json::json!([
        {"name": "Wash and blow-dry", "priceKsh": 500, "durationMinutes": 30},
        {"name": "Knotless, waist length", "priceKsh": "6,000", "durationMinutes": 360}]);
    let priced = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(menu.clone()))).await;
    assert_eq!(priced.status, StatusCode::OK, "{}", String::from_utf8_lossy(&priced.body));
    let options = priced.json()["options"].clone();
    assert_eq!((priced.json()["minPrice"].as_i64(), priced.json()["maxPrice"].as_i64()), (Some(500), Some(6000)));
    assert_eq!(options[1]["name"], "Knotless, waist length");
    assert_eq!((options[1]["priceKsh"].as_i64(), options[1]["durationMinutes"].as_i64()), (Some(6000), Some(360)));
    assert_eq!(get(&app, &format!("/api/service/{id}")).await.json()["options"], options);
    let braiding = get(&app, "/api/subcategory?subcategory=/services/hair/braiding&limit=100").await.json();
    let listed = braiding.as_array().unwrap().iter().find(|s| s["_id"] == id.as_str()).cloned().unwrap_or_default();
    assert_eq!(listed["options"], options, "lists carry it too");
    assert!(all.as_array().unwrap().iter().all(|s| s["options"].is_array()), "always present");
    menu["options"][1]["durationMinutes"] = 45.into();
    let mut in_swahili = authed("PUT", &format!("/api/service/{id}"), &njeri, Some(menu.clone()));
    in_swahili.headers_mut().insert(header::ACCEPT_LANGUAGE, "sw".parse().unwrap());
    let refused = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(menu))).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.json()["errors"]["options[1].durationMinutes"],
        "Each length must be 30 minutes to 10 hours, in steps of 30 minutes"
    );
    assert_eq!(
        call(&app, in_swahili).await.json()["errors"]["options[1].durationMinutes"],
        "Kila muda lazima uwe kati ya dakika 30 na saa 10, kwa hatua za dakika 30"
    );
    let kept = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(edit.clone()))).await;
    assert_eq!(kept.json()["options"], options, "left out of an edit: kept");
    edit["options"] = serde_json::json!([]);
    let plain = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(edit.clone()))).await;
    assert_eq!(
        (plain.json()["options"].clone(), plain.json()["minPrice"].as_i64()),
        (serde_json::json!([]), Some(1500))
    );
    edit["images"] = serde_json::json!([PNG_1X1]);
    let too_many = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(edit.clone()))).await;
    assert_eq!(too_many.status, StatusCode::BAD_REQUEST);
    assert_eq!(too_many.json()["message"], "Your Basic package allows only 1 photo(s).");
    edit["keepMedia"] = serde_json::json!([]);
    let replaced = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(edit.clone()))).await;
    assert_eq!(replaced.status, StatusCode::OK);
    let new_photo = replaced.json()["media"][0]["thumbnail"].as_str().unwrap().to_owned();
    assert_ne!(new_photo, photo);
    assert_eq!(get(&app, &photo).await.status, StatusCode::NOT_FOUND, "the replaced photo is gone");
    let photo = new_photo;

    let wanjiru = token_of(&app, "wanjiru@demo.mtaani.co.ke", "mtaani-demo").await;
    let not_hers_edit = call(&app, authed("PUT", &format!("/api/service/{id}"), &wanjiru, Some(edit))).await;
    assert_eq!(not_hers_edit.status, StatusCode::FORBIDDEN);
    assert_eq!(not_hers_edit.json()["message"], "You can only change your own services");
    let not_hers = call(&app, authed("DELETE", &format!("/api/service/{id}"), &wanjiru, None)).await;
    assert_eq!(not_hers.status, StatusCode::FORBIDDEN);
    let deleted = call(&app, authed("DELETE", &format!("/api/service/{id}"), &njeri, None)).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(get(&app, &format!("/api/service/{id}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&app, &photo).await.status, StatusCode::NOT_FOUND, "its photos went with it");
    product.stop().await;
}

/// The first `weekday` at least three days from today in Nairobi.
fn next_weekday(weekday: chrono::Weekday) -> chrono::NaiveDate {
    use chrono::Datelike;
    let mut d = (chrono::Utc::now() + chrono::Duration::hours(3) + chrono::Duration::days(3)).date_naive();
    while d.weekday() != weekday {
        d = d.succ_opt().unwrap();
    }
    d
}

#[tokio::test]
async fn providers_set_their_week_and_visitors_book_inside_it() {
    let product = start_product().await;
    let app = product.app(None);
    let njeri = token_of(&app, "njeri@demo.mtaani.co.ke", "mtaani-demo").await;
    let wanjiru = token_of(&app, "wanjiru@demo.mtaani.co.ke", "mtaani-demo").await;
    let buyer = {
        let body = serde_json::json!({"userName": "Amina Wanjiku", "email": "amina@example.co.ke",
            "phoneNumber": "0712345678", "password": "mandazi-moto", "accountType": "buyer"});
        assert_eq!(call(&app, post_json("/api/register", body)).await.status, StatusCode::CREATED);
        token_of(&app, "amina@example.co.ke", "mandazi-moto").await
    };

    // Working hours: a seller's own; buyers have none; bad input is refused per field.
    let hours = call(&app, authed("GET", "/api/account/hours", &njeri, None)).await;
    assert_eq!(hours.status, StatusCode::OK);
    assert!(hours.json()["weekly"]["mon"].as_array().is_some());
    let buyers = call(&app, authed("GET", "/api/account/hours", &buyer, None)).await;
    assert_eq!(
        (buyers.status, buyers.json()["message"].clone()),
        (StatusCode::FORBIDDEN, "Only sellers have working hours".into())
    );
    assert_eq!(get(&app, "/api/account/hours").await.status, StatusCode::UNAUTHORIZED);
    let tuesday_only = serde_json::json!({"weekly": {"tue": [["10:00", "14:00"]]}, "daysOff": [],
        "minNoticeMinutes": 120, "horizonDays": 60, "capacity": 1, "changeNoticeMinutes": 120});
    let bad = serde_json::json!({"weekly": {"mon": [["08:00", "13:00"], ["12:00", "15:00"]], "tue": [["06:00", "09:00"]]},
        "daysOff": ["soon"], "minNoticeMinutes": 5000, "horizonDays": 0, "capacity": 21, "changeNoticeMinutes": -5});
    let refused = call(&app, authed("PUT", "/api/account/hours", &njeri, Some(bad))).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let errors = refused.json()["errors"].clone();
    for field in
        ["weekly.mon", "weekly.tue", "daysOff", "minNoticeMinutes", "horizonDays", "capacity", "changeNoticeMinutes"]
    {
        assert!(errors[field].is_string(), "{field}: {errors}");
    }
    // instantBooking may be left out (kept as it was), never null.
    let mut nulled = tuesday_only.clone();
    nulled["instantBooking"] = serde_json::Value::Null;
    assert_eq!(
        call(&app, authed("PUT", "/api/account/hours", &njeri, Some(nulled))).await.status,
        StatusCode::BAD_REQUEST
    );
    let saved = call(&app, authed("PUT", "/api/account/hours", &njeri, Some(tuesday_only))).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", String::from_utf8_lossy(&saved.body));
    assert_eq!(saved.json()["weekly"]["tue"], serde_json::json!([["10:00", "14:00"]]));
    assert_eq!(saved.json()["weekly"]["wed"], serde_json::json!([]));

    // A 90-minute listing of hers; the length travels in every listing answer.
    let all = get(&app, "/api/services?limit=100").await.json();
    let listing = all.as_array().unwrap().iter().find(|s| s["sellerId"].as_str().unwrap().ends_with("0003")).unwrap();
    let id = listing["_id"].as_str().unwrap().to_owned();
    let mut edit = listing.clone();
    edit["durationMinutes"] = 90.into();
    edit["keepMedia"] = serde_json::json!([listing["media"][0]["data"]]);
    edit["images"] = serde_json::json!([]);
    let edited = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(edit.clone()))).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", String::from_utf8_lossy(&edited.body));
    assert_eq!(get(&app, &format!("/api/service/{id}")).await.json()["durationMinutes"], 90);
    edit["durationMinutes"] = 45.into();
    let odd = call(&app, authed("PUT", &format!("/api/service/{id}"), &njeri, Some(edit))).await;
    assert_eq!(odd.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        odd.json()["errors"]["durationMinutes"],
        "Service length must be 30 minutes to 4 hours, in steps of 30 minutes"
    );

    // Only Tuesdays, only 10:00 AM to 12:30 PM; the calendar says why the other days are out.
    let tue = next_weekday(chrono::Weekday::Tue);
    let wed = tue.succ_opt().unwrap();
    let avail = |d: chrono::NaiveDate| format!("/api/appointments/availability?serviceId={id}&date={d}");
    let day = get(&app, &avail(tue)).await.json();
    assert_eq!(
        day["slots"],
        serde_json::json!(["10:00 AM", "10:30 AM", "11:00 AM", "11:30 AM", "12:00 PM", "12:30 PM"])
    );
    assert_eq!((day["closed"].clone(), day["durationMinutes"].clone()), (false.into(), 90.into()));
    let closed = get(&app, &avail(wed)).await.json();
    assert_eq!(closed["closed"], true);
    assert_eq!(closed["reason"], "The provider is closed on that day.");
    assert_eq!(closed["nextOpenDate"], (tue + chrono::Duration::days(7)).to_string());
    let month =
        get(&app, &format!("/api/appointments/calendar?serviceId={id}&month={}", tue.format("%Y-%m"))).await.json();
    let days = month["days"].as_array().unwrap();
    let of = |d: chrono::NaiveDate| days.iter().find(|x| x["date"] == d.to_string()).cloned();
    assert_eq!(of(tue).unwrap()["bookable"], true);
    if let Some(w) = of(wed) {
        assert_eq!(
            (w["bookable"].clone(), w["reason"].clone()),
            (false.into(), "The provider is closed on that day.".into())
        );
    }
    let bad_month = get(&app, &format!("/api/appointments/calendar?serviceId={id}&month=someday")).await;
    assert_eq!(bad_month.status, StatusCode::BAD_REQUEST);

    // A signed-in customer books 11:00 AM; it is hers; the overlapping starts are gone.
    let body = |name: &str, date: chrono::NaiveDate, time: &str| {
        serde_json::json!({"serviceId": id, "name": name, "email": "amina@example.co.ke", "date": date.to_string(),
            "time": time, "message": "<b>Waist-length</b> knotless braids"})
    };
    let missing = call(&app, post_json("/api/appointments", body("", tue, "11:00 AM"))).await;
    assert_eq!(
        (missing.status, missing.json()["message"].clone()),
        (StatusCode::BAD_REQUEST, "Please fill in all required fields".into())
    );
    let closed_day = call(&app, post_json("/api/appointments", body("Amina", wed, "11:00 AM"))).await;
    assert_eq!(closed_day.json()["message"], "The provider is closed on that day.");
    let outside = call(&app, post_json("/api/appointments", body("Amina", tue, "1:00 PM"))).await;
    assert_eq!(outside.json()["message"], "That time is outside the provider's working hours.");
    let mut first = authed("POST", "/api/appointments", &buyer, Some(body("Amina Wanjiku", tue, "11:00 AM")));
    first.headers_mut().insert("idempotency-key", "book-1".parse().unwrap());
    let created = call(&app, first).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&created.body));
    let booking = created.json();
    assert_eq!((booking["status"].as_str(), booking["endTime"].as_str()), (Some("requested"), Some("12:30 PM")));
    let clash = call(&app, post_json("/api/appointments", body("Baraka Otieno", tue, "10:30 AM"))).await;
    assert_eq!(
        (clash.status, clash.json()["message"].clone()),
        (StatusCode::CONFLICT, "This time slot is already booked. Please choose another.".into())
    );
    assert_eq!(get(&app, &avail(tue)).await.json()["slots"], serde_json::json!(["12:30 PM"]));

    // The provider sees it and answers; only she may.
    let theirs = call(&app, authed("GET", "/api/account/appointments", &njeri, None)).await.json();
    assert_eq!(theirs[0]["message"], "<b>Waist-length</b> knotless braids", "text kept as sent");
    assert_eq!(
        call(&app, authed("GET", "/api/account/appointments", &wanjiru, None)).await.json(),
        serde_json::json!([])
    );
    let confirm = format!("/api/account/appointments/{}/confirm", booking["id"].as_str().unwrap());
    assert_eq!(call(&app, authed("POST", &confirm, &wanjiru, None)).await.status, StatusCode::FORBIDDEN);
    let confirmed = call(&app, authed("POST", &confirm, &njeri, None)).await;
    assert_eq!((confirmed.status, confirmed.json()["status"].clone()), (StatusCode::OK, "confirmed".into()));

    // My bookings: the customer's own, with the token of her "Change or cancel" page.
    let mine = call(&app, authed("GET", "/api/account/bookings", &buyer, None)).await.json();
    assert_eq!(mine.as_array().unwrap().len(), 1);
    assert_eq!((mine[0]["id"].clone(), mine[0]["canChange"].clone()), (booking["id"].clone(), true.into()));
    assert!(mine[0]["providerWhatsapp"].as_str().unwrap().chars().all(|c| c.is_ascii_digit()));
    let token = mine[0]["manageToken"].as_str().unwrap().to_owned();
    assert_eq!(get(&app, "/api/account/bookings").await.status, StatusCode::UNAUTHORIZED);
    // The e-mailed link is the same page.
    let mailed = mtaani_runtime::testing::mailed_link(&product.mail_dir, "appointments/cancel?token=").await;
    let shown = get(&app, &format!("/api/appointments/cancel?token={mailed}")).await;
    assert_eq!((shown.status, shown.json()["id"].clone()), (StatusCode::OK, booking["id"].clone()));

    // Moved to 12:30 PM: the old time is free again, the new one taken.
    let moved = call(
        &app,
        post_json(
            "/api/appointments/reschedule",
            serde_json::json!({"token": token, "date": tue.to_string(), "time": "12:30 PM"}),
        ),
    )
    .await;
    assert_eq!(
        (moved.status, moved.json()["time"].clone()),
        (StatusCode::OK, "12:30 PM".into()),
        "{}",
        String::from_utf8_lossy(&moved.body)
    );
    assert_eq!(get(&app, &avail(tue)).await.json()["slots"], serde_json::json!(["10:00 AM", "10:30 AM", "11:00 AM"]));
    let nowhere = call(
        &app,
        post_json(
            "/api/appointments/reschedule",
            serde_json::json!({"token": token, "date": wed.to_string(), "time": "11:00 AM"}),
        ),
    )
    .await;
    assert_eq!(
        (nowhere.status, nowhere.json()["message"].clone()),
        (StatusCode::BAD_REQUEST, "The provider is closed on that day.".into())
    );

    // Cancelled with the link, once.
    let cancel = serde_json::json!({"token": token});
    let cancelled = call(&app, post_json("/api/appointments/cancel", cancel.clone())).await;
    assert_eq!((cancelled.status, cancelled.json()["status"].clone()), (StatusCode::OK, "cancelled".into()));
    let again = call(&app, post_json("/api/appointments/cancel", cancel)).await;
    assert_eq!(
        (again.status, again.json()["message"].clone()),
        (StatusCode::CONFLICT, "This booking is already cancelled.".into())
    );
    let forged = call(&app, post_json("/api/appointments/cancel", serde_json::json!({"token": "abc.def.ghi"}))).await;
    assert_eq!(
        (forged.status, forged.json()["message"].clone()),
        (StatusCode::BAD_REQUEST, "This cancellation link is not valid.".into())
    );
    assert_eq!(get(&app, &avail(tue)).await.json()["slots"].as_array().unwrap().len(), 6, "all free again");
    product.stop().await;
}

#[tokio::test]
async fn sellers_pay_their_package_with_a_demo_stk_push() {
    let product = start_product().await;
    let app = product.app(None);
    let seller = |email: &str, phone: &str| {
        serde_json::json!({"userName": "Neema Auma", "email": email, "phoneNumber": phone,
            "password": "sukuma-wiki-2026", "accountType": "seller", "packageId": "standard"})
    };
    let registered = call(&app, post_json("/api/register", seller("neema@example.com", "0712 345 678"))).await;
    assert_eq!(registered.status, StatusCode::CREATED);
    let answer = registered.json();
    assert_eq!(answer["subscription"]["status"], "pending_payment");
    let payment = &answer["payment"];
    assert_eq!((payment["status"].as_str(), payment["amount"].as_i64()), (Some("pending"), Some(1500)));
    assert_eq!(
        (payment["simulated"].as_bool(), payment["phoneNumber"].as_str()),
        (Some(true), Some("+254 7•• ••• 678"))
    );
    let id = payment["id"].as_str().unwrap().to_owned();
    let token = token_of(&app, "neema@example.com", "sukuma-wiki-2026").await;
    let listing = serde_json::json!({"name": "Neema's Gel Nails", "images": [PNG_1X1], "minPrice": 800, "maxPrice": 2500,
        "location": "Milimani, Kisumu", "phoneNumber": "0712345678", "category": "beauty", "subcategory": "nails",
        "description": "Gel manicures and pedicures at home or in the studio, by appointment."});
    let unpaid = call(&app, authed("POST", "/api/services", &token, Some(listing.clone()))).await;
    assert_eq!(unpaid.status, StatusCode::FORBIDDEN, "nothing is posted before the first payment");

    let paid = eventually("the payment settled", Duration::from_secs(10), async || {
        let paid = get(&app, &format!("/api/payments/{id}")).await.json();
        (paid["status"] != "pending").then_some(paid)
    })
    .await;
    assert_eq!(paid["status"], "succeeded", "{paid}");
    assert!(paid["mpesaReceipt"].as_str().is_some_and(|r| r.len() >= 8));
    let me = call(&app, authed("GET", "/api/me", &token, None)).await.json();
    assert_eq!(me["subscription"]["status"], "active");
    assert_eq!(call(&app, authed("POST", "/api/services", &token, Some(listing))).await.status, StatusCode::CREATED);
    let history = call(&app, authed("GET", "/api/account/payments", &token, None)).await.json();
    assert_eq!(
        (history[0]["mpesaReceipt"].clone(), history[0]["phoneNumber"].clone()),
        (paid["mpesaReceipt"].clone(), "+254712345678".into())
    );

    let renew = call(&app, authed("POST", "/api/payments", &token, Some(serde_json::json!({})))).await;
    assert_eq!((renew.status, renew.json()["purpose"].clone()), (StatusCode::CREATED, "renewal".into()));
    let twice = call(&app, authed("POST", "/api/payments", &token, Some(serde_json::json!({})))).await;
    assert_eq!(
        (twice.status, twice.json()["message"].clone()),
        (StatusCode::CONFLICT, "A payment is already waiting for your PIN.".into())
    );
    let down =
        call(&app, authed("POST", "/api/account/package", &token, Some(serde_json::json!({"packageId": "basic"}))))
            .await;
    assert_eq!((down.status, down.json()["pendingPackageId"].clone()), (StatusCode::OK, "basic".into()));

    // Safaricom's callback is always acknowledged; junk credits nothing.
    let junk =
        call(&app, Request::post("/api/payments/mpesa/callback").body(Body::from("{\"Body\":1}")).unwrap()).await;
    assert_eq!(
        (junk.status, junk.json()),
        (StatusCode::OK, serde_json::json!({"ResultCode": 0, "ResultDesc": "Accepted"}))
    );

    // A declined first payment is tried again from the sign-up page, with another number.
    let declined = call(&app, post_json("/api/register", seller("zawadi@example.com", "0712 340 000"))).await.json();
    let declined_id = declined["payment"]["id"].as_str().unwrap().to_owned();
    let failed = eventually("the declined payment settled", Duration::from_secs(10), async || {
        let failed = get(&app, &format!("/api/payments/{declined_id}")).await.json();
        (failed["status"] != "pending").then_some(failed)
    })
    .await;
    assert_eq!(failed["status"], "failed");
    let bad =
        call(&app, post_json(&format!("/api/payments/{declined_id}/retry"), serde_json::json!({"phoneNumber": "12"})))
            .await;
    assert_eq!(
        (bad.status, bad.json()["errors"]["phoneNumber"].clone()),
        (StatusCode::BAD_REQUEST, "Please enter a valid phone number".into())
    );
    let retried = call(
        &app,
        post_json(&format!("/api/payments/{declined_id}/retry"), serde_json::json!({"phoneNumber": "0733123456"})),
    )
    .await;
    assert_eq!((retried.status, retried.json()["status"].clone()), (StatusCode::CREATED, "pending".into()));
    product.stop().await;
}

/// The e-mail of a demo listing's seller (its `sellerId` ends in 1 to 6).
fn demo_seller_email(seller_id: &str) -> String {
    let names = ["wanjiru", "achieng", "njeri", "fatuma", "kiprono", "mercy"];
    let n: usize = seller_id.rsplit('-').next().unwrap().parse().unwrap();
    format!("{}@demo.mtaani.co.ke", names[n - 1])
}

#[tokio::test]
async fn verified_reviews_travel_through_the_gateway() {
    use mtaani_proto::catalog::v1 as cat;
    let product = start_product().await;
    let app = product.app(None);
    let all = get(&app, "/api/services?limit=100").await.json();
    let all = all.as_array().unwrap();
    // Every listing answer carries its rating; the demo marketplace has reviews on most listings.
    let rated = all.iter().find(|l| l["rating"]["count"].as_i64().unwrap() > 0).expect("demo reviews");
    let average = rated["rating"]["average"].as_f64().unwrap();
    assert!((1.0..=5.0).contains(&average) && (average * 10.0).fract() == 0.0, "{average}");
    let target = all.iter().find(|l| l["rating"]["count"] == 0).expect("a listing without reviews");
    assert_eq!(target["rating"], serde_json::json!({"average": null, "count": 0}));
    let id = target["_id"].as_str().unwrap();
    let seller = target["sellerId"].as_str().unwrap();

    // booking-svc's part, asked here directly: the invitation of a confirmed booking that took place.
    let mut catalog = cat::catalog_service_client::CatalogServiceClient::connect(product.catalog.url()).await.unwrap();
    let invite = cat::InviteReviewRequest {
        booking_id: "gateway-b1".into(),
        listing_id: id.into(),
        seller_id: seller.into(),
        customer_id: String::new(),
        customer_name: "Akinyi Odhiambo".into(),
        customer_email: "akinyi@example.com".into(),
        date: "2026-11-20".into(),
        time: "10:00 AM".into(),
        provider_name: "Studio".into(),
        language: String::new(),
    };
    assert!(catalog.invite_review(invite).await.unwrap().into_inner().invited);
    let token = mtaani_runtime::testing::mailed_link(&product.mail_dir, "/review?token=").await;

    let shown = get(&app, &format!("/api/reviews/invite?token={token}")).await;
    assert_eq!(shown.status, StatusCode::OK);
    assert_eq!((shown.json()["serviceId"].as_str(), shown.json()["reviewer"].as_str()), (Some(id), Some("Akinyi O.")));
    let bad = get(&app, "/api/reviews/invite?token=nope").await;
    assert_eq!(
        (bad.status, bad.json()["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("This review link is not valid or has expired."))
    );
    let stars = call(&app, post_json("/api/reviews", serde_json::json!({"token": token, "rating": 9}))).await;
    assert_eq!(stars.status, StatusCode::BAD_REQUEST);
    assert_eq!(stars.json()["errors"]["rating"], "Please choose a rating from 1 to 5 stars");
    let made =
        call(&app, post_json("/api/reviews", serde_json::json!({"token": token, "rating": 5, "text": "Great"}))).await;
    assert_eq!(made.status, StatusCode::CREATED);
    let review = made.json();
    assert_eq!((review["reviewer"].as_str(), review["verified"].as_bool()), (Some("Akinyi O."), Some(true)));
    assert_eq!(review["reply"], Value::Null);
    let again = call(&app, post_json("/api/reviews", serde_json::json!({"token": token, "rating": 4}))).await;
    assert_eq!(
        (again.status, again.json()["message"].as_str()),
        (StatusCode::CONFLICT, Some("You have already reviewed this booking."))
    );

    // At once in the listing's answers (the gateway's cache was cleared) and in its reviews.
    let detail = get(&app, &format!("/api/service/{id}")).await.json();
    assert_eq!(detail["rating"], serde_json::json!({"average": 5.0, "count": 1}));
    let page = get(&app, &format!("/api/service/{id}/reviews")).await.json();
    assert_eq!((page["total"].as_i64(), page["distribution"].clone()), (Some(1), serde_json::json!([0, 0, 0, 0, 1])));
    assert_eq!(page["reviews"][0]["text"], "Great");
    assert_eq!(get(&app, "/api/service/no-such-listing/reviews").await.status, StatusCode::NOT_FOUND);

    // Sorting: by rating (best first, unrated last), by price; an unknown order is a 400.
    let by_rating = get(&app, "/api/services?sort=rating&limit=100").await.json();
    let averages: Vec<f64> =
        by_rating.as_array().unwrap().iter().map(|l| l["rating"]["average"].as_f64().unwrap_or(-1.0)).collect();
    assert!(averages.windows(2).all(|w| w[0] >= w[1] - 0.051), "{averages:?}");
    let cheapest = get(&app, "/api/services/beauty?sort=price_asc").await.json();
    let prices: Vec<i64> = cheapest.as_array().unwrap().iter().map(|l| l["minPrice"].as_i64().unwrap()).collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    let bogus = get(&app, "/api/services?sort=cheapest").await;
    assert_eq!(bogus.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bogus.json()["message"],
        "sort must be one of recommended, rating, price_asc, price_desc, newest, distance"
    );
    let blank = get(&app, "/api/services/beauty?sort=").await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        blank.json()["errors"]["sort"],
        "sort must be one of recommended, rating, price_asc, price_desc, newest, distance"
    );

    // The seller replies once from My Account; another seller may not; a buyer has no reviews page.
    let owner_email = demo_seller_email(seller);
    let owner = token_of(&app, &owner_email, "mtaani-demo").await;
    let other_email =
        if owner_email.starts_with("mercy") { "njeri@demo.mtaani.co.ke" } else { "mercy@demo.mtaani.co.ke" };
    let other = token_of(&app, other_email, "mtaani-demo").await;
    let review_id = review["id"].as_str().unwrap();
    let reply_uri = format!("/api/account/reviews/{review_id}/reply");
    let theirs = call(&app, authed("POST", &reply_uri, &other, Some(serde_json::json!({"text": "Hi"})))).await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN);
    let replied = call(&app, authed("POST", &reply_uri, &owner, Some(serde_json::json!({"text": "Asante!"})))).await;
    assert_eq!(replied.status, StatusCode::OK);
    assert_eq!(replied.json()["reply"]["text"], "Asante!");
    let twice = call(&app, authed("POST", &reply_uri, &owner, Some(serde_json::json!({"text": "Again"})))).await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
    let mine = call(&app, with_bearer("/api/account/reviews", &owner)).await.json();
    assert!(mine["reviews"].as_array().unwrap().iter().any(|r| r["id"] == review_id && r["serviceId"] == id));
    let page = get(&app, &format!("/api/service/{id}/reviews")).await.json();
    assert_eq!(page["reviews"][0]["reply"]["text"], "Asante!", "the cached page was refreshed");
    mtaani_runtime::testing::mailed_link(&product.mail_dir, "replied to your review").await;

    product.stop().await;
}

#[tokio::test]
async fn a_provider_page_shows_only_public_data_of_a_provider_with_something_shown() {
    use mtaani_proto::catalog::v1 as cat;
    let product = start_product().await;
    let app = product.app(None);
    let wanjiru = mtaani_proto::demo::SELLERS[0].id;
    let page = get(&app, &format!("/api/providers/{wanjiru}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let p = page.json();
    assert_eq!((p["id"].as_str(), p["name"].as_str()), (Some(wanjiru), Some("Wanjiru Kamau")));
    let listings = p["listings"].as_array().unwrap();
    assert!(!listings.is_empty() && listings.iter().all(|l| l["sellerId"] == wanjiru));
    let towns: Vec<&str> = p["towns"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    assert!(towns.windows(2).all(|w| w[0] < w[1]), "{towns:?}");
    assert!(listings.iter().all(|l| towns.iter().any(|t| l["location"].as_str().unwrap().ends_with(t))));
    let (count, sum) = listings.iter().fold((0, 0.0), |(c, s), l| {
        let n = l["rating"]["count"].as_i64().unwrap();
        (c + n, s + l["rating"]["average"].as_f64().unwrap_or(0.0) * n as f64)
    });
    assert_eq!(p["rating"]["count"].as_i64(), Some(count));
    assert!((p["rating"]["average"].as_f64().unwrap() - sum / count as f64).abs() < 0.06);
    assert_eq!(p["hours"].as_object().unwrap().len(), 7, "every day of the week");
    // Never an e-mail address or the account's phone.
    let text = String::from_utf8_lossy(&page.body).to_string();
    assert!(!text.contains("wanjiru@demo.mtaani.co.ke") && !text.contains("email"), "{text}");

    assert_eq!(get(&app, "/api/providers/no-such-provider").await.status, StatusCode::NOT_FOUND);

    // A listing's page names its provider and says when they work (issue 39 §6).
    let listing = listings[0]["_id"].as_str().unwrap();
    let of_listing = get(&app, &format!("/api/service/{listing}/provider")).await;
    assert_eq!(of_listing.status, StatusCode::OK);
    let o = of_listing.json();
    assert_eq!((o["id"].as_str(), o["name"].as_str()), (Some(wanjiru), Some("Wanjiru Kamau")));
    assert_eq!(o["hours"], p["hours"], "the week the provider's page shows");
    assert!(o["daysOff"].is_array());
    let text = String::from_utf8_lossy(&of_listing.body).to_string();
    assert!(!text.contains("wanjiru@demo.mtaani.co.ke") && !text.contains("email"), "{text}");
    assert_eq!(get(&app, "/api/service/no-such-listing/provider").await.status, StatusCode::NOT_FOUND);

    // A provider with nothing shown (a lapsed package, a suspension) has no page.
    let mut catalog = cat::catalog_service_client::CatalogServiceClient::connect(product.catalog.url()).await.unwrap();
    let hide = cat::SetSellerVisibilityRequest { seller_id: wanjiru.into(), visible: false, featured: false };
    catalog.set_seller_visibility(hide).await.unwrap();
    let gone = get(&app, &format!("/api/providers/{wanjiru}")).await;
    assert_eq!((gone.status, gone.json()["message"].as_str()), (StatusCode::NOT_FOUND, Some("Provider not found")));
    assert_eq!(get(&app, &format!("/api/service/{listing}/provider")).await.status, StatusCode::NOT_FOUND);
    product.stop().await;
}

#[tokio::test]
async fn favourites_are_kept_in_the_account_and_a_visitors_are_merged_at_sign_in() {
    let product = start_product().await;
    let app = product.app(None);
    let all = get(&app, "/api/services?limit=3").await.json();
    let ids: Vec<&str> = all.as_array().unwrap().iter().map(|l| l["_id"].as_str().unwrap()).collect();
    let uri = |id: &str| format!("/api/account/favourites/{id}");
    // Only a signed-in user has an account to keep them in.
    assert_eq!(get(&app, "/api/account/favourites").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        call(&app, Request::put(uri(ids[0])).body(Body::empty()).unwrap()).await.status,
        StatusCode::UNAUTHORIZED
    );

    let token = token_of(&app, "mercy@demo.mtaani.co.ke", "mtaani-demo").await;
    let empty = call(&app, with_bearer("/api/account/favourites", &token)).await;
    assert_eq!((empty.status, empty.json()), (StatusCode::OK, serde_json::json!({"favourites": []})));
    // At sign-in the app saves the visitor's favourites one by one: twice the same is one, and one
    // that no longer exists is a 404 the app drops.
    for id in [ids[0], ids[1], ids[0]] {
        let saved = call(&app, authed("PUT", &uri(id), &token, None)).await;
        assert_eq!(saved.status, StatusCode::OK);
        assert_eq!((saved.json()["serviceId"].as_str(), saved.json()["available"].as_bool()), (Some(id), Some(true)));
    }
    let unknown = call(&app, authed("PUT", &uri("no-such-listing"), &token, None)).await;
    assert_eq!(
        (unknown.status, unknown.json()["message"].as_str()),
        (StatusCode::NOT_FOUND, Some("Service not found"))
    );
    let list = call(&app, with_bearer("/api/account/favourites", &token)).await.json();
    let favourites = list["favourites"].as_array().unwrap();
    assert_eq!(favourites.len(), 2, "{list}");
    let first = favourites.iter().find(|f| f["serviceId"] == ids[0]).unwrap();
    assert_eq!(first["service"]["_id"], ids[0]);
    assert_eq!(first["name"], first["service"]["name"]);
    assert!(first["service"]["rating"].is_object() && first["savedAt"].as_str().unwrap().ends_with('Z'));
    // Another account's are its own.
    let other = token_of(&app, "njeri@demo.mtaani.co.ke", "mtaani-demo").await;
    assert_eq!(
        call(&app, with_bearer("/api/account/favourites", &other)).await.json()["favourites"],
        serde_json::json!([])
    );

    // Removed (twice is fine).
    for _ in 0..2 {
        assert_eq!(call(&app, authed("DELETE", &uri(ids[1]), &token, None)).await.status, StatusCode::NO_CONTENT);
    }
    let list = call(&app, with_bearer("/api/account/favourites", &token)).await.json();
    assert_eq!(list["favourites"].as_array().unwrap().len(), 1);
    product.stop().await;
}

#[tokio::test]
async fn the_sitemap_lists_every_visible_page_and_robots_names_it() {
    use mtaani_proto::catalog::v1 as cat;
    let product = start_product().await;
    let app = product.app(None);
    let robots = get(&app, "/robots.txt").await;
    assert_eq!(robots.status, StatusCode::OK);
    assert!(robots.header("content-type").starts_with("text/plain"));
    let rules = String::from_utf8_lossy(&robots.body).to_string();
    assert!(rules.contains("User-agent: *") && rules.contains("Disallow: /account"), "{rules}");
    let origin = product.state().public_base_url.to_string();
    assert!(rules.contains(&format!("Sitemap: {origin}/sitemap.xml")), "{rules}");

    let answer = get(&app, "/sitemap.xml").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("content-type"), "application/xml; charset=utf-8");
    let xml = String::from_utf8_lossy(&answer.body).to_string();
    assert!(xml.starts_with("<?xml") && xml.contains("<urlset"), "{xml}");
    let all = get(&app, "/api/services?limit=100").await.json();
    let listings = all.as_array().unwrap();
    for l in listings {
        let loc = format!("<loc>{origin}/service/{}</loc><lastmod>", l["_id"].as_str().unwrap());
        assert!(xml.contains(&loc), "{loc} missing");
        let provider = format!("<loc>{origin}/provider/{}</loc>", l["sellerId"].as_str().unwrap());
        assert!(xml.contains(&provider), "{provider} missing");
    }
    assert_eq!(xml.matches("<url>").count(), xml.matches("<lastmod>").count(), "every address has its lastmod");
    for page in
        ["/category/beauty", "/category/flowers-%26-gifts", "/services/hair/braiding", "/services/location/Nairobi"]
    {
        assert!(xml.contains(&format!("<loc>{origin}{page}</loc>")), "{page} missing");
    }
    let etag = answer.header("etag").to_owned();
    let again =
        call(&app, Request::get("/sitemap.xml").header(header::IF_NONE_MATCH, etag).body(Body::empty()).unwrap()).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);

    // A hidden seller's listings and page leave it with the catalog's change.
    let seller = listings[0]["sellerId"].as_str().unwrap().to_owned();
    let mut catalog = cat::catalog_service_client::CatalogServiceClient::connect(product.catalog.url()).await.unwrap();
    catalog
        .set_seller_visibility(cat::SetSellerVisibilityRequest {
            seller_id: seller.clone(),
            visible: false,
            featured: false,
        })
        .await
        .unwrap();
    let left = eventually("the hidden seller gone from the sitemap", Duration::from_secs(5), async || {
        let left = String::from_utf8_lossy(&get(&app, "/sitemap.xml").await.body).to_string();
        (!left.contains(&format!("/provider/{seller}<"))).then_some(left)
    })
    .await;
    for l in listings.iter().filter(|l| l["sellerId"] == seller.as_str()) {
        assert!(!left.contains(l["_id"].as_str().unwrap()), "a hidden listing is still listed");
    }
    // Only an index past 50,000 addresses has parts.
    assert_eq!(get(&app, "/sitemaps/listings-1.xml").await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&app, "/sitemaps/nope.xml").await.status, StatusCode::NOT_FOUND);
    product.stop().await;
}

/// SMS end to end on the embedded run: a booking on a demo listing texts its provider (at the phone
/// of her account); her confirmation texts the customer a short link, which leads to the customer's
/// change-or-cancel page; Africa's Talking's STOP callback, with its key only, stops SMS to a number.
#[tokio::test]
async fn bookings_text_the_provider_and_the_customer_with_a_short_link() {
    let product = start_product().await;
    let state = product.state().configure(|s| s.sms_callback_key = Some("callback-key-0123456789".into()));
    let app = gateway::app(state, None);
    let sms_dir = product.db("messaging").data_dir.join("sms");
    let wanjiru = token_of(&app, "wanjiru@demo.mtaani.co.ke", "mtaani-demo").await;
    // The request, then its confirmation (told.rs follows instant bookings' messages).
    common::confirm_each_booking(&app, &wanjiru).await;
    let all = get(&app, "/api/services?limit=100").await.json();
    let listing = all.as_array().unwrap().iter().find(|s| s["sellerId"].as_str().unwrap().ends_with("0001")).unwrap();
    let (id, name) = (listing["_id"].as_str().unwrap(), listing["name"].as_str().unwrap());

    let mut booked = None;
    'days: for days in 1..30 {
        let date = (chrono::Utc::now() + chrono::Duration::hours(3) + chrono::Duration::days(days)).format("%Y-%m-%d");
        if let Some(time) = bookable(&app, id, &date.to_string()).await.first() {
            let body = serde_json::json!({"serviceId": id, "name": "Zawadi Achieng", "email": "zawadi@example.co.ke",
                "phone": "0712 000 777", "date": date.to_string(), "time": time});
            let r = call(&app, post_json("/api/appointments", body)).await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
            booked = Some(r.json());
            break 'days;
        }
    }
    let booking = booked.expect("a bookable time in 30 days");
    let texts = sms_files(&sms_dir, None, 1).await;
    let (to, text) = &texts[0];
    assert_eq!(to, "+254712345601", "the provider's account phone");
    assert!(text.starts_with("Mtaani: new booking request from Zawadi for "), "{text}");
    assert!(text.contains(&name.chars().take(12).collect::<String>()) && text.ends_with("/account"), "{text}");

    let confirm = format!("/api/account/appointments/{}/confirm", booking["id"].as_str().unwrap());
    assert_eq!(call(&app, authed("POST", &confirm, &wanjiru, None)).await.status, StatusCode::OK);
    let texts = sms_files(&sms_dir, None, 2).await;
    let (_, text) = texts.iter().find(|(to, _)| to == "+254712000777").expect("the customer's SMS");
    assert!(text.contains("is confirmed. Where: ") && text.contains(". Change or cancel: "), "{text}");
    assert!(text.len() <= 160, "{text}");
    let short = text.rsplit(' ').next().unwrap();
    let path = &short[short.find("/s/").unwrap()..];
    let followed = get(&app, path).await;
    assert_eq!(followed.status, StatusCode::FOUND);
    let location = followed.header("location");
    assert!(location.starts_with("/appointments/cancel?token="), "{location}");
    assert_eq!(followed.header("cache-control"), "no-store");
    let token = location.split("token=").nth(1).unwrap();
    let page = get(&app, &format!("/api/appointments/cancel?token={token}")).await;
    assert_eq!(page.json()["id"], booking["id"], "{}", String::from_utf8_lossy(&page.body));
    let unknown = get(&app, "/s/0000000000").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(String::from_utf8_lossy(&unknown.body).contains("This link is not valid or has expired."));

    // STOP, through Africa's Talking's opt-out callback: only with the key.
    let form = |uri: &str, body: &str| {
        Request::post(uri)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body.to_owned()))
            .unwrap()
    };
    let stop = "senderId=MTAANI&phoneNumber=%2B254712000777";
    assert_eq!(call(&app, form("/api/sms/opt-out?key=wrong-key-0123456789", stop)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(call(&app, form("/api/sms/opt-out?key=callback-key-0123456789", stop)).await.status, StatusCode::OK);
    let other = "from=%2B254712000888&text=Asante&to=12345";
    assert_eq!(call(&app, form("/api/sms/opt-out?key=callback-key-0123456789", other)).await.status, StatusCode::OK);
    let pool =
        mtaani_runtime::db::connect(&product.db("messaging").config, &messaging_svc::MIGRATOR).await.unwrap().pool;
    let stopped: Vec<String> = sqlx::query_scalar("SELECT phone FROM sms_optouts").fetch_all(&pool).await.unwrap();
    assert_eq!(stopped, ["+254712000777"]);
    pool.close().await;
    product.stop().await;
}

/// Search that understands (issue 41), through the gateway on SQLite and PostgreSQL with the demo
/// marketplace: the words people type find what they mean ("manicure", "kucha", "nywele"), a place
/// named is a filter ("braids kasarani"), and where nothing there matches, the nearest matches are
/// answered and `/api/services/search/scope` says so; its reading is the same in both languages.
#[tokio::test]
async fn a_search_finds_what_its_words_mean_where_they_say() {
    for make in [TestDb::sqlite, TestDb::postgres] {
        let product = Product {
            services: Services::start(make, false).await,
            limiter: gateway::limits::RateLimiter::in_process(),
        };
        let app = product.app(None);
        let found = |answer: Answer| answer.json().as_array().cloned().unwrap_or_default();
        let router = &app;
        let search = |q: &str| {
            let path = format!("/api/services/search?query={}", q.replace(' ', "%20"));
            async move { get(router, &path).await }
        };
        for (q, subcategory) in [
            ("manicure", "nails"),
            ("kucha", "nails"),
            ("pedicure", "nails"),
            ("msusi", "braiding"),
            ("masaji", "asmr-massage"),
        ] {
            let answer = found(search(q).await);
            assert_eq!(answer.first().map(|s| &s["subcategory"]), Some(&Value::from(subcategory)), "{q}: {answer:?}");
        }
        let hair = found(search("nywele").await);
        assert!(hair.len() >= 6 && hair.iter().take(6).all(|s| s["category"] == "hair" || s["subcategory"] == "hair"));

        // A place in the words: Kasarani's braider, and nothing outside Kasarani before her.
        let braids = found(search("braids kasarani").await);
        assert_eq!(braids[0]["name"], "Cornrows & Kids Braids", "{braids:?}");
        assert!(braids.iter().all(|s| s["place"]["subCounty"] == "Kasarani"), "{braids:?}");
        let scope = get(&app, "/api/services/search/scope?query=braids%20kasarani").await.json();
        assert_eq!(
            scope,
            serde_json::json!({"place": {"id": "nairobi.kasarani", "name": "Kasarani", "ward": null,
                "subCounty": "Kasarani", "county": "Nairobi"}, "words": "braids", "nearby": false, "total": braids.len()})
        );
        // No massage in Nairobi: the nearest massages, nearest first, and the scope says so.
        let massage = found(search("massage nairobi").await);
        assert!(!massage.is_empty() && massage.iter().all(|s| s["subcategory"] == "asmr-massage"), "{massage:?}");
        let km = |s: &Value| s["distanceKm"].as_f64().unwrap_or(f64::INFINITY);
        assert!(massage.windows(2).all(|w| km(&w[0]) <= km(&w[1])));
        let scope = get(&app, "/api/services/search/scope?query=massage%20in%20Nairobi").await.json();
        assert_eq!(
            (&scope["place"]["id"], &scope["words"], &scope["nearby"]),
            (&"nairobi".into(), &"massage".into(), &true.into())
        );
        // Words that name no place: no place, not nearby; nothing found is still an answer.
        let scope = get(&app, "/api/services/search/scope?query=zzzz").await.json();
        assert_eq!(scope, serde_json::json!({"place": null, "words": "zzzz", "nearby": false, "total": 0}));
        let refused = get(&app, "/api/services/search/scope?query=braids&placeId=atlantis").await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);

        // The search box's suggestions: from two letters, listings, categories and places.
        let suggested = get(&app, "/api/services/suggest?query=kuch").await.json();
        assert_eq!(suggested["categories"][0], serde_json::json!({"category": "beauty", "subcategory": "nails"}));
        assert_eq!(suggested["listings"][0]["name"], "Gel & Acrylic Nail Studio", "{suggested}");
        assert_eq!(suggested["listings"][0]["place"], "Parklands");
        assert_eq!(suggested["places"], serde_json::json!([]), "no place begins so (Ruchu is a typo away)");
        let suggested = get(&app, "/api/services/suggest?query=kasa").await.json();
        assert_eq!(suggested["places"][0]["id"], "nairobi.kasarani", "{suggested}");
        assert!(suggested["listings"].as_array().unwrap().iter().any(|l| l["name"] == "Cornrows & Kids Braids"));
        let suggested = get(&app, "/api/services/suggest?query=ma").await.json();
        assert!(
            !suggested["listings"].as_array().unwrap().is_empty()
                && suggested["listings"].as_array().unwrap().len() <= 5
        );
        let nothing = serde_json::json!({"listings": [], "categories": [], "places": []});
        assert_eq!(get(&app, "/api/services/suggest?query=k").await.json(), nothing, "one letter");
        assert_eq!(get(&app, "/api/services/suggest").await.json(), nothing);
        product.stop().await;
    }
}

/// A place's page (issue 41), on SQLite and PostgreSQL: `/api/places?name=` reads the name of
/// `/services/location/{name}` as one place, and `GET /api/services?location=` lists what lies in it
/// (a sub-county's listings whose text names only their ward) as well as what its text names.
#[tokio::test]
async fn a_place_s_page_lists_what_lies_in_it() {
    for make in [TestDb::sqlite, TestDb::postgres] {
        let product = Product {
            services: Services::start(make, false).await,
            limiter: gateway::limits::RateLimiter::in_process(),
        };
        let app = product.app(None);
        let list = |answer: Answer| answer.json().as_array().cloned().unwrap_or_default();
        let named = get(&app, "/api/places?name=Dagoretti%20North").await.json();
        assert_eq!(
            (named[0]["id"].clone(), named[0]["page"].clone()),
            ("nairobi.dagoretti-north".into(), "Dagoretti North".into())
        );
        let found = list(get(&app, "/api/services?location=Dagoretti%20North&limit=100").await);
        assert!(!found.is_empty(), "the demo has listings in Kilimani and Lavington");
        assert!(found.iter().all(|s| s["place"]["subCounty"] == "Dagoretti North"), "{found:?}");
        let kilimani = found.iter().find(|s| s["place"]["name"] == "Kilimani").expect("Kilimani's listings");
        assert!(!kilimani["location"].as_str().unwrap().contains("Dagoretti"), "found by its place, not its text");
        // The spec's filter holds: every listing whose text names Nairobi is on Nairobi's page.
        let all = list(get(&app, "/api/services?limit=100").await);
        let nairobi = list(get(&app, "/api/services?location=Nairobi&limit=100").await);
        let by_text = all.iter().filter(|s| s["location"].as_str().unwrap().to_lowercase().contains("nairobi")).count();
        assert!(nairobi.len() >= by_text && by_text > 0, "{} < {by_text}", nairobi.len());
        // From the visitor's area: distances, the nearest first.
        let near = list(get(&app, "/api/services?location=Dagoretti%20North&placeId=nairobi.kasarani.kasarani").await);
        let km: Vec<f64> = near.iter().map(|s| s["distanceKm"].as_f64().unwrap()).collect();
        assert!(km.len() == found.len().min(48) && km.windows(2).all(|w| w[0] <= w[1]), "{km:?}");
        // No place of that name: the text alone, as before.
        assert_eq!(get(&app, "/api/places?name=Township").await.json(), serde_json::json!([]));
        product.stop().await;
    }
}

/// A listing's place through the API (issue 41), on SQLite and PostgreSQL: picked (an estate, not a
/// ward) with the distance the provider travels, or read from the spec's payload's location text;
/// every listing answer carries `place` and `servesRadiusKm`; the place's names find it in a search;
/// what is no ward or estate is refused by field in the language asked for.
#[tokio::test]
async fn a_seller_places_a_listing_and_every_answer_carries_it() {
    for make in [TestDb::sqlite, TestDb::postgres] {
        let product = Product {
            services: Services::start(make, false).await,
            limiter: gateway::limits::RateLimiter::in_process(),
        };
        let app = product.app(None);
        let wanjiru = token_of(&app, "wanjiru@demo.mtaani.co.ke", "mtaani-demo").await;
        let listing = serde_json::json!({"name": "Silk Press at Lavington", "images": [PNG_1X1], "minPrice": 2000,
            "maxPrice": 4500, "location": "Off James Gichuru Road", "phoneNumber": "0712 345 601", "category": "hair",
            "subcategory": "weaving", "description": "Silk press, trims and treatments in a quiet studio near the mall.",
            "placeId": "nairobi~lavington", "servesRadiusKm": 10});
        let created = call(&app, authed("POST", "/api/services", &wanjiru, Some(listing.clone()))).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&created.body));
        let lavington = serde_json::json!({"id": "nairobi~lavington", "name": "Lavington", "ward": null,
            "subCounty": "Dagoretti North", "county": "Nairobi"});
        assert_eq!((&created.json()["place"], &created.json()["servesRadiusKm"]), (&lavington, &serde_json::json!(10)));
        let id = created.json()["_id"].as_str().unwrap().to_owned();
        assert_eq!(get(&app, &format!("/api/service/{id}")).await.json()["place"], lavington);
        // Every listing answer carries both; the demo's listings are all in a ward or an estate.
        let all = get(&app, "/api/services?limit=100").await.json();
        for s in all.as_array().unwrap() {
            assert!(s["place"]["id"].is_string() && s["place"]["county"].is_string(), "{s}");
            assert!(s["servesRadiusKm"].as_i64().is_some_and(|km| (0..=50).contains(&km)), "{s}");
        }
        // Found by the estate's name and its sub-county, which the location text does not say.
        for query in ["lavington", "dagoretti"] {
            let found = get(&app, &format!("/api/services/search?query={query}")).await.json();
            assert!(found.as_array().unwrap().iter().any(|s| s["_id"] == id.as_str()), "{query}");
        }
        // The spec's payload: the place is read from the location text ("" and left out alike).
        let mut spec = listing.clone();
        spec.as_object_mut().unwrap().remove("placeId");
        spec.as_object_mut().unwrap().remove("servesRadiusKm");
        spec["location"] = "Section 58, Nakuru".into();
        let read = call(&app, authed("POST", "/api/services", &wanjiru, Some(spec))).await.json();
        assert_eq!(read["place"]["id"], "nakuru~section-58", "{read}");
        assert_eq!((&read["place"]["subCounty"], &read["servesRadiusKm"]), (&"Nakuru East".into(), &0.into()));
        // Refused by field, in both languages.
        for (field, value, english, kiswahili) in [
            (
                "placeId",
                serde_json::json!("nairobi"),
                "Please choose a place from the list",
                "Tafadhali chagua mahali kutoka kwenye orodha",
            ),
            (
                "servesRadiusKm",
                serde_json::json!(51),
                "Distance you travel must be 0 to 50 km",
                "Umbali unaosafiri uwe kilomita 0 hadi 50",
            ),
            (
                "servesRadiusKm",
                serde_json::json!(-1),
                "Distance you travel must be 0 to 50 km",
                "Umbali unaosafiri uwe kilomita 0 hadi 50",
            ),
        ] {
            let mut bad = listing.clone();
            bad[field] = value;
            let refused = call(&app, authed("PUT", &format!("/api/service/{id}"), &wanjiru, Some(bad.clone()))).await;
            assert_eq!(refused.status, StatusCode::BAD_REQUEST);
            assert_eq!(refused.json()["errors"][field], english);
            let mut in_swahili = authed("POST", "/api/services", &wanjiru, Some(bad));
            in_swahili.headers_mut().insert(header::ACCEPT_LANGUAGE, "sw".parse().unwrap());
            assert_eq!(call(&app, in_swahili).await.json()["errors"][field], kiswahili);
        }
        product.stop().await;
    }
}

/// Near me through the API (issue 41): from the phone's position or a place, every list answers the
/// nearest first with each listing's distance (0 inside the distance a provider travels); a radius
/// keeps the close ones, a county or sub-county as the place keeps the ones in it; the other orders
/// and the search keep the filters and the distances; what is not a place is refused by field.
#[tokio::test]
async fn near_me_answers_the_nearest_first_with_distances() {
    let product = start_product().await;
    let app = product.app(None);
    let kasarani = mtaani_proto::places::PLACES.get("nairobi.kasarani.kasarani").unwrap();
    let near = format!("{},{}", kasarani.lat, kasarani.lng);
    let listed = |answer: Answer| answer.json().as_array().cloned().unwrap_or_default();
    let km = |s: &Value| s["distanceKm"].as_f64().unwrap_or(f64::INFINITY);

    let all = listed(get(&app, &format!("/api/services?near={near}&limit=100")).await);
    assert!(all.len() >= 36);
    assert!(all.windows(2).all(|w| km(&w[0]) <= km(&w[1])), "nearest first");
    // The braider in Kasarani ward comes first; those who travel to Kasarani answer 0 too.
    assert_eq!(all[0]["place"]["id"], "nairobi.kasarani.kasarani", "{}", all[0]);
    assert_eq!(all[0]["distanceKm"], 0.0);
    assert!(
        all.iter().any(|s| s["servesRadiusKm"].as_i64() > Some(0) && km(s) == 0.0 && s["place"]["ward"] != "Kasarani")
    );
    let kisumu = all.iter().find(|s| s["place"]["county"] == "Kisumu").unwrap();
    assert!((250.0..300.0).contains(&km(kisumu)), "{kisumu}");
    // One decimal.
    assert!(all.iter().all(|s| (km(s) * 10.0 - (km(s) * 10.0).round()).abs() < 1e-9));

    // Within 10 km only.
    let close = listed(get(&app, &format!("/api/services?near={near}&radiusKm=10&limit=100")).await);
    assert!(!close.is_empty() && close.len() < all.len() && close.iter().all(|s| km(s) <= 10.0));
    // A sub-county as the place: the listings in it, nearest to its centre first.
    let area = listed(get(&app, "/api/services?placeId=nairobi.kasarani&limit=100").await);
    assert!(!area.is_empty() && area.iter().all(|s| s["place"]["subCounty"] == "Kasarani"), "{area:?}");
    // A category, a subcategory and a search from there keep their filters and answer distances.
    let hair = listed(get(&app, &format!("/api/services/hair?near={near}")).await);
    assert!(!hair.is_empty() && hair.iter().all(|s| s["category"] == "hair" && s["distanceKm"].is_number()));
    let braids =
        listed(get(&app, "/api/subcategory?subcategory=/services/hair/braiding&placeId=nairobi~lavington").await);
    assert!(braids.windows(2).all(|w| km(&w[0]) <= km(&w[1])) && braids.iter().all(|s| s["subcategory"] == "braiding"));
    let found = listed(get(&app, &format!("/api/services/search?query=braids&near={near}")).await);
    assert!(!found.is_empty() && found.iter().all(|s| s["distanceKm"].is_number()), "{found:?}");
    // Another order from a place: that order, still with distances.
    let cheapest = listed(get(&app, &format!("/api/services?near={near}&sort=price_asc&limit=100")).await);
    assert!(cheapest.windows(2).all(|w| w[0]["minPrice"].as_i64() <= w[1]["minPrice"].as_i64()));
    assert!(cheapest.iter().all(|s| s["distanceKm"].is_number()));
    // Without a place: no distances.
    assert!(listed(get(&app, "/api/services?limit=5").await).iter().all(|s| s.get("distanceKm").is_none()));

    // Refused by field, in both languages.
    for (query, field, english) in [
        ("near=0,0", "near", "near must be a latitude and a longitude in Kenya, e.g. -1.28,36.82"),
        ("near=kasarani", "near", "near must be a latitude and a longitude in Kenya, e.g. -1.28,36.82"),
        ("placeId=atlantis", "placeId", "Please choose a place from the list"),
        ("placeId=nairobi&radiusKm=-1", "radiusKm", "radiusKm must be a number of km from 0 to 500"),
        ("placeId=nairobi&radiusKm=ten", "radiusKm", "radiusKm must be a number of km from 0 to 500"),
    ] {
        let refused = get(&app, &format!("/api/services?{query}")).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(refused.json()["errors"][field], english, "{query}");
    }
    let swahili = Request::get("/api/services?placeId=atlantis")
        .header(header::ACCEPT_LANGUAGE, "sw")
        .body(Body::empty())
        .unwrap();
    assert_eq!(call(&app, swahili).await.json()["errors"]["placeId"], "Tafadhali chagua mahali kutoka kwenye orodha");
    product.stop().await;
}

/// A salon runs its team through the gateway (issue 42): members added and checked, shown on the
/// listing's page without their phones, a booking of two services from the menu with "anyone
/// available" assigned a member and priced, the same member asked for at that time refused in the
/// customer's language, and a member who leaves with a booking asked about it, then moved.
#[tokio::test]
async fn a_salon_runs_its_team_through_the_gateway() {
    let product = start_product().await;
    let app = product.app(None);
    let wanjiru = token_of(&app, "wanjiru@demo.mtaani.co.ke", "mtaani-demo").await;
    let mine = call(&app, authed("GET", "/api/account/services", &wanjiru, None)).await.json();
    let studio = mine.as_array().unwrap().iter().find(|s| s["name"] == "Gel & Acrylic Nail Studio").unwrap().clone();
    let id = studio["_id"].as_str().unwrap().to_owned();
    let option = |name: &str| {
        studio["options"].as_array().unwrap().iter().find(|o| o["name"] == name).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (manicure, pedicure) = (option("Gel manicure"), option("Gel pedicure"));

    assert_eq!(call(&app, authed("GET", "/api/account/team", &wanjiru, None)).await.json(), serde_json::json!([]));
    let mut bad = authed(
        "POST",
        "/api/account/team",
        &wanjiru,
        Some(serde_json::json!({"name": "W", "listingIds": ["not-hers"]})),
    );
    bad.headers_mut().insert(header::ACCEPT_LANGUAGE, "sw".parse().unwrap());
    let refused = call(&app, bad).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.json()["errors"]["listingIds"], "Tafadhali chagua huduma zako mwenyewe");
    let mut members = Vec::new();
    for name in ["Wanjiku", "Akinyi"] {
        let body = serde_json::json!({"name": name, "phone": "0712 000 111", "listingIds": [id]});
        let added = call(&app, authed("POST", "/api/account/team", &wanjiru, Some(body))).await;
        assert_eq!(added.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&added.body));
        assert_eq!((added.json()["phone"].as_str(), added.json()["weekly"].is_null()), (Some("+254712000111"), true));
        members.push(added.json()["id"].as_str().unwrap().to_owned());
    }
    let public = get(&app, &format!("/api/service/{id}/team")).await.json();
    assert_eq!(public.as_array().unwrap().len(), 2);
    assert!(public[0].get("phone").is_none() && public[0]["name"] == "Wanjiku", "{public}");

    // Wanjiku's photo: checked as a listing's photos are, shown on the listing's page, kept by an edit
    // that leaves it out, and deleted when removed (its file with it).
    let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    let wanjiku = |extra: serde_json::Value| {
        let mut body = serde_json::json!({"name": "Wanjiku", "phone": "0712 000 111", "listingIds": [id]});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        authed("PUT", &format!("/api/account/team/{}", members[0]), &wanjiru, Some(body))
    };
    let mut not_a_photo = wanjiku(serde_json::json!({"photo": "data:image/png;base64,aGVsbG8="}));
    not_a_photo.headers_mut().insert(header::ACCEPT_LANGUAGE, "sw".parse().unwrap());
    let refused = call(&app, not_a_photo).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.json()["errors"]["photo"], "Picha si muundo wa picha unaokubalika.");
    let elsewhere = call(&app, wanjiku(serde_json::json!({"photo": "https://elsewhere.example/me.jpg"}))).await;
    assert_eq!(elsewhere.json()["errors"]["photo"], "The photo is not a supported image format.");
    let saved = call(&app, wanjiku(serde_json::json!({"photo": png}))).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", String::from_utf8_lossy(&saved.body));
    let photo = saved.json()["photo"].as_str().unwrap().to_owned();
    assert!(photo.starts_with("/media/team/"), "{photo}");
    let file = get(&app, &photo).await;
    assert_eq!((file.status, file.header("content-type")), (StatusCode::OK, "image/webp"));
    assert_eq!(get(&app, &format!("/api/service/{id}/team")).await.json()[0]["photo"], photo.as_str());
    let kept = call(&app, wanjiku(serde_json::json!({"daysOff": []}))).await.json();
    assert_eq!(kept["photo"], photo.as_str(), "an edit without a photo keeps hers");
    let removed = call(&app, wanjiku(serde_json::json!({"photo": ""}))).await.json();
    assert!(removed["photo"].is_null(), "{removed}");
    assert_eq!(get(&app, &photo).await.status, StatusCode::NOT_FOUND, "the file went with it");

    let date = next_weekday(chrono::Weekday::Wed).format("%Y-%m-%d").to_string();
    let free = get(
        &app,
        &format!("/api/appointments/availability?serviceId={id}&date={date}&optionIds={manicure},{pedicure}"),
    )
    .await
    .json();
    assert_eq!(free["durationMinutes"], 120);
    assert!(free["slots"].as_array().unwrap().iter().any(|s| s == "9:00 AM"), "{free}");
    let book = |email: &str, member: &str| {
        post_json(
            "/api/appointments",
            serde_json::json!({"serviceId": id, "name": "Amina Wanjiku", "email": email, "date": date,
                "time": "9:00 AM", "optionIds": [manicure, pedicure], "memberId": member}),
        )
    };
    let booked = call(&app, book("amina.team@example.com", "")).await;
    assert_eq!(booked.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&booked.body));
    let a = booked.json();
    assert_eq!((a["member"]["name"].as_str(), a["totalKsh"].as_i64()), (Some("Wanjiku"), Some(2700)));
    assert_eq!(a["options"].as_array().unwrap().len(), 2);
    assert_eq!((a["durationMinutes"].as_i64(), a["endTime"].as_str()), (Some(120), Some("11:00 AM")));
    let mut again = book("zawadi.team@example.com", &members[0]);
    again.headers_mut().insert(header::ACCEPT_LANGUAGE, "sw".parse().unwrap());
    let taken = call(&app, again).await;
    assert_eq!((taken.status, taken.json()["code"].as_str()), (StatusCode::CONFLICT, Some("member_taken")));
    assert_eq!(
        taken.json()["message"],
        "Uliyemchagua hayuko huru wakati huo. Tafadhali chagua wakati mwingine au yeyote aliye huru."
    );

    let leave = format!("/api/account/team/{}", members[0]);
    let asked = call(&app, authed("DELETE", &leave, &wanjiru, None)).await;
    assert_eq!((asked.status, asked.json()["code"].as_str()), (StatusCode::CONFLICT, Some("member_has_bookings")));
    assert_eq!(asked.json()["message"], "Wanjiku has 1 upcoming booking. Move it to another member or cancel it.");
    let moved = call(&app, authed("DELETE", &format!("{leave}?then=move"), &wanjiru, None)).await;
    assert_eq!(moved.json(), serde_json::json!({"moved": 1, "cancelled": 0}));
    let hers = call(&app, authed("GET", "/api/account/appointments", &wanjiru, None)).await.json();
    let it = hers.as_array().unwrap().iter().find(|x| x["id"] == a["id"]).unwrap();
    assert_eq!(it["member"]["name"], "Akinyi");
    // The salon gives it to a third member by hand; a member who is not on the team is not found.
    let body = serde_json::json!({"name": "Mercy", "listingIds": [id]});
    let mercy = call(&app, authed("POST", "/api/account/team", &wanjiru, Some(body))).await.json();
    let reassign = format!("/api/account/appointments/{}/reassign", a["id"].as_str().unwrap());
    let given =
        call(&app, authed("POST", &reassign, &wanjiru, Some(serde_json::json!({"memberId": mercy["id"]})))).await;
    assert_eq!((given.status, given.json()["member"]["name"].as_str()), (StatusCode::OK, Some("Mercy")));
    let gone = call(&app, authed("POST", &reassign, &wanjiru, Some(serde_json::json!({"memberId": members[0]})))).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    product.stop().await;
}
