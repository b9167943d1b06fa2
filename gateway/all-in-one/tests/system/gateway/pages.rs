//! The pages a visitor's browser gets from the gateway: the web app with its cache rules, the pages
//! the renderer draws on the server (and the browser's own when the renderer fails), the sitemap
//! and robots.txt.

use std::{
    net::SocketAddr,
    path::Path,
    time::{Duration, Instant},
};

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use mtaani_runtime::testing::eventually;
use serde_json::{Value, json};

use crate::support::{ADMIN, DEMO_PASSWORD, Product, call, get, request};

#[tokio::test]
async fn the_web_app_is_served_with_its_fallback_and_cache_rules() {
    let product = Product::start().await;
    let dist = std::env::temp_dir().join(format!("mtaani-dist-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><title>Mtaani</title>").unwrap();
    std::fs::write(dist.join("assets/app-3f9a.js"), "console.log('hi')").unwrap();
    let app = gateway::app(product.state.clone(), Some((&dist, None)));

    let page = get(&app, "/services/hair/braiding").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("<title>Mtaani</title>"));
    assert_eq!(page.header("cache-control"), "no-cache");
    let asset = get(&app, "/assets/app-3f9a.js").await;
    assert_eq!(asset.header("cache-control"), "public, max-age=31536000, immutable");
    assert_eq!(asset.header("x-content-type-options"), "nosniff");
    let api = get(&app, "/api/nothing/here").await;
    assert_eq!(api.status, StatusCode::NOT_FOUND);
    assert!(api.json()["message"].is_string());
    // Without a renderer, the listing pages get index.html too: the browser renders them.
    assert!(get(&app, "/all-services").await.text().contains("<title>Mtaani</title>"));

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
    let product = Product::start().await;
    let dist = built_web_app();
    // The gateway on a port of its own, for the renderer's API calls.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let gateway_addr = listener.local_addr().unwrap();
    let renderer = RendererProcess::start(&dist, gateway_addr);
    let with_renderer = |deadline| {
        gateway::app(product.new_state(), Some((&dist, Some(gateway::web::Renderer::new(&renderer.origin, deadline)))))
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
    let html = page.text();
    assert!(html.contains(r#"<div id="root" data-rendered="server">"#), "{html}");
    assert!(html.contains("<title>All Services · Mtaani</title>"));
    assert!(html.contains(&escape_html(first["name"].as_str().unwrap())));
    assert_eq!(island(&html)["/api/services?limit=48&offset=0"]["body"], listings);
    // The same answers: the page rendered before.
    assert_eq!(get(&app, "/all-services").await.header("x-rendered"), "cached");
    assert_eq!(page.header("vary"), "Cookie, Accept-Language, Save-Data");
    assert!(html.contains("<img") && !html.contains("data-saver"));

    // The data saver: the browser's Save-Data, unless the visitor chose otherwise (the
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
        let html = page.text();
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
    let listing_page = get(&app, &format!("/service/{id}")).await.text();
    assert!(listing_page.contains(&format!("<title>{name} · Mtaani</title>")), "{listing_page}");
    let admin = product.sign_in(ADMIN, DEMO_PASSWORD).await;
    // Through this gateway, whose cache of rendered pages the hiding must clear.
    let reason = json!({"reason": "A test of the renderer's cache"});
    let hide = request("POST", &format!("/api/admin/listings/{id}/hide"), None, Some(&admin), Some(reason));
    assert_eq!(call(&app, hide).await.status, StatusCode::OK);
    let hidden = get(&app, &format!("/service/{id}")).await;
    assert_eq!(hidden.header("x-rendered"), "rendered");
    let hidden = hidden.text();
    assert!(hidden.contains("Service Not Found") && !hidden.contains(&name), "{hidden}");
    let all = get(&app, "/all-services").await.text();
    assert!(!all.contains(&format!("/service/{id}\"")), "the hidden listing is gone from the list");

    // Pages that depend on the visitor are the browser's; files are files.
    let account = get(&app, "/account").await;
    assert_eq!(account.header("x-rendered"), "browser");
    assert!(!account.text().contains("data-rendered"));
    let icon = get(&app, "/favicon.svg").await;
    assert_eq!((icon.status, icon.header("x-rendered")), (StatusCode::OK, ""));

    // A renderer that is too slow (stopped), then gone: the page is the app's index.html, at once.
    renderer.signal("-STOP");
    let impatient = with_renderer(Duration::from_millis(500));
    let started = Instant::now();
    let slow = get(&impatient, "/all-services").await;
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert_eq!((slow.status, slow.header("x-rendered")), (StatusCode::OK, ""));
    assert!(slow.text().contains(r#"<div id="root"></div>"#));
    renderer.signal("-CONT");
    assert_eq!(get(&app, "/all-services").await.header("x-rendered"), "cached");
    drop(renderer);
    let gone = get(&app, "/").await;
    assert_eq!(gone.status, StatusCode::OK);
    assert!(gone.text().contains(r#"<div id="root"></div>"#));

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

#[tokio::test]
async fn the_sitemap_lists_every_visible_page_and_robots_names_it() {
    use mtaani_proto::catalog::v1 as cat;
    let product = Product::start().await;
    let robots = product.get("/robots.txt").await;
    assert_eq!(robots.status, StatusCode::OK);
    assert!(robots.header("content-type").starts_with("text/plain"));
    let rules = robots.text();
    assert!(rules.contains("User-agent: *") && rules.contains("Disallow: /account"), "{rules}");
    let origin = product.state.public_base_url.to_string();
    assert!(rules.contains(&format!("Sitemap: {origin}/sitemap.xml")), "{rules}");

    let answer = product.get("/sitemap.xml").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("content-type"), "application/xml; charset=utf-8");
    let xml = answer.text();
    assert!(xml.starts_with("<?xml") && xml.contains("<urlset"), "{xml}");
    let all = product.get("/api/services?limit=100").await.json();
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
    let again = product
        .send(Request::get("/sitemap.xml").header(header::IF_NONE_MATCH, etag).body(Body::empty()).unwrap())
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);

    // A hidden seller's listings and page leave it with the catalog's change.
    let seller = listings[0]["sellerId"].as_str().unwrap().to_owned();
    let mut catalog =
        cat::catalog_service_client::CatalogServiceClient::connect(product.services.catalog.url()).await.unwrap();
    catalog
        .set_seller_visibility(cat::SetSellerVisibilityRequest {
            seller_id: seller.clone(),
            visible: false,
            featured: false,
        })
        .await
        .unwrap();
    let left = eventually("the hidden seller gone from the sitemap", Duration::from_secs(5), async || {
        let left = product.get("/sitemap.xml").await.text();
        (!left.contains(&format!("/provider/{seller}<"))).then_some(left)
    })
    .await;
    for l in listings.iter().filter(|l| l["sellerId"] == seller.as_str()) {
        assert!(!left.contains(l["_id"].as_str().unwrap()), "a hidden listing is still listed");
    }
    // Only an index past 50,000 addresses has parts.
    assert_eq!(product.get("/sitemaps/listings-1.xml").await.status, StatusCode::NOT_FOUND);
    assert_eq!(product.get("/sitemaps/nope.xml").await.status, StatusCode::NOT_FOUND);
    product.stop().await;
}
