//! The built web app, when no nginx is in front: files from `web/dist`, `index.html` for every other
//! path (the app routes in the browser), hashed assets cached for a year, `index.html` never cached.

use std::path::Path;

use axum::{
    Router,
    extract::Request,
    http::{HeaderValue, header},
    middleware::{self, Next},
    response::Response,
};
use tower_http::services::{ServeDir, ServeFile};

pub fn router(dist: &Path) -> Router {
    let spa =
        ServeDir::new(dist).precompressed_gzip().fallback(ServeFile::new(dist.join("index.html")).precompressed_gzip());
    Router::new().fallback_service(spa).layer(middleware::from_fn(cache_headers))
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
