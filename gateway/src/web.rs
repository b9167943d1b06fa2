//! The built web app, when no nginx is in front: files from `web/dist`, `index.html` for every other
//! path (the app routes in the browser), hashed assets cached for a year, `index.html` never cached.
//! The pages the app draws before React has loaded (the listing pages and the sign-in form,
//! web/src/app/first-paint.ts) get `first-paint.html` instead, `index.html` without the app's scripts
//! preloaded and with their first screen's API answers inside (first_screen.rs), as deploy/nginx
//! serves them.

use std::{path::Path, sync::Arc};

use axum::{
    Router,
    extract::Request,
    http::{HeaderValue, Method, header},
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
};
use tower_http::services::{ServeDir, ServeFile};

use crate::first_screen;

pub fn router(dist: &Path, api: Router) -> Router {
    let spa =
        ServeDir::new(dist).precompressed_gzip().fallback(ServeFile::new(dist.join("index.html")).precompressed_gzip());
    // Shared, not copied, by every request that passes through (assets included).
    let document: Arc<Path> = dist.join("first-paint.html").into();
    Router::new()
        .fallback_service(spa)
        .layer(middleware::from_fn(move |request, next| {
            first_paint_document(document.clone(), api.clone(), request, next)
        }))
        .layer(middleware::from_fn(cache_headers))
}

/// first-paint.html with its answers for a page the app draws first; any other request passes on.
async fn first_paint_document(document: Arc<Path>, api: Router, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if request.method() != Method::GET || first_screen::Page::of(path).is_none() {
        return next.run(request).await;
    }
    // Read each time (a few hundred bytes): a new build of the app is served at once. A build
    // without it (an older one) gets index.html.
    let Ok(html) = tokio::fs::read_to_string(&document).await else { return next.run(request).await };
    let answers = first_screen::answers(&api, path).await;
    Html(html.replacen(first_screen::INCLUDE, &answers, 1)).into_response()
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
