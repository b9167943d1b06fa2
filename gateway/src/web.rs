//! The built web app, when no nginx is in front: files from `web/dist`, hashed assets cached for a
//! year; every other path is a page, whose document the renderer answers (web/src/server: the public
//! pages rendered from the app's components, the others the app's `index.html`), as deploy/nginx
//! passes them. Without a renderer, or when it fails or is slow, the page gets `index.html`, which
//! renders it in the browser: never an error.

use std::{path::Path, sync::Arc, time::Duration};

use axum::{
    Router,
    body::{Body, Bytes},
    extract::Request,
    http::{HeaderValue, Method, StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
};
use mtaani_runtime::http::HttpClient;
use tower_http::services::{ServeDir, ServeFile};

/// The page renderer (web/src/server/main.ts) at an origin such as `http://127.0.0.1:8090`.
#[derive(Debug, Clone)]
pub struct Renderer {
    origin: Arc<str>,
    client: HttpClient,
}

impl Renderer {
    /// `timeout`: how long a document may take before the page goes to the browser instead.
    pub fn new(origin: &str, timeout: Duration) -> Self {
        Self { origin: origin.trim_end_matches('/').into(), client: HttpClient::new(timeout) }
    }

    /// The renderer's document for `path_and_query` (a 404 is a page it rendered as not there: an
    /// unknown listing); None when it cannot give one now.
    async fn document(&self, path_and_query: &str) -> Option<Response> {
        let url = format!("{}{path_and_query}", self.origin);
        let answer = match self.client.send(Method::GET, &url, &[("accept", "text/html")], Bytes::new()).await {
            Ok(answer)
                if answer.status == StatusCode::OK
                    || (answer.status == StatusCode::NOT_FOUND && answer.headers.contains_key("x-rendered")) =>
            {
                answer
            }
            Ok(answer) => {
                tracing::warn!(status = %answer.status, "the renderer failed a page; the browser renders it");
                return None;
            }
            Err(error) => {
                tracing::warn!(%error, "the renderer did not answer; the browser renders the page");
                return None;
            }
        };
        let mut response = Response::new(Body::from(answer.body));
        *response.status_mut() = answer.status;
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
        if let Some(how) = answer.headers.get("x-rendered") {
            headers.insert("x-rendered", how.clone());
        }
        Some(response)
    }
}

/// The web app in `dist`, its pages' documents from `renderer` when there is one.
pub fn router(dist: &Path, renderer: Option<Renderer>) -> Router {
    let spa =
        ServeDir::new(dist).precompressed_gzip().fallback(ServeFile::new(dist.join("index.html")).precompressed_gzip());
    let mut router = Router::new().fallback_service(spa);
    if let Some(renderer) = renderer {
        // Shared, not copied, by every request that passes through (assets included).
        let dist: Arc<Path> = dist.into();
        router = router.layer(middleware::from_fn(move |request, next| {
            rendered_document(dist.clone(), renderer.clone(), request, next)
        }));
    }
    router.layer(middleware::from_fn(cache_headers))
}

/// A page's document from the renderer; a file of the app, or the renderer failing, passes on.
async fn rendered_document(dist: Arc<Path>, renderer: Renderer, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let is_page = matches!(*request.method(), Method::GET | Method::HEAD)
        && !path.starts_with("/assets/")
        && !is_file(&dist, path).await;
    if !is_page {
        return next.run(request).await;
    }
    let path_and_query = request.uri().path_and_query().map_or("/", |p| p.as_str()).to_owned();
    match renderer.document(&path_and_query).await {
        Some(document) => document.into_response(),
        None => next.run(request).await,
    }
}

/// Whether `path` names a file of the built app (favicon.svg, robots.txt, images/…).
async fn is_file(dist: &Path, path: &str) -> bool {
    let relative = path.trim_start_matches('/');
    if relative.is_empty() || relative.split('/').any(|segment| segment == "..") {
        return false;
    }
    tokio::fs::metadata(dist.join(relative)).await.is_ok_and(|metadata| metadata.is_file())
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let hashed = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value = if hashed && response.status().is_success() {
        "public, max-age=31536000, immutable"
    } else if response.status().is_success() {
        "no-cache"
    } else {
        "no-store"
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
