//! The REST API: each area owns its routes and its request and answer types.

pub mod accounts;
pub mod admin;
pub mod booking;
pub mod doc;
pub mod favourites;
pub mod health;
pub mod hours;
pub mod listings;
pub mod messaging;
pub mod openapi;
pub mod payments;
pub mod places;
pub mod providers;
pub mod reviews;
pub mod rights;
pub mod team;

use axum::{Router, http::HeaderMap};
use mtaani_proto::text::said;
use utoipa::OpenApi as _;
use utoipa_axum::router::OpenApiRouter;

use crate::{AppState, error::ApiError};

/// Every route of the API with its OpenAPI operation, each area's from its `router()`.
fn documented() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(health::router())
        .merge(listings::router())
        .merge(accounts::router())
        .merge(booking::router())
        .merge(hours::router())
        .merge(team::router())
        .merge(reviews::router())
        .merge(providers::router())
        .merge(places::router())
        .merge(favourites::router())
        .merge(messaging::router())
        .merge(payments::router())
        .merge(admin::router())
        .merge(rights::router())
        .merge(openapi::router())
}

/// The API's router: what [`document`] describes, and a JSON 404 for any other `/api` address.
pub fn api() -> Router<AppState> {
    let (router, _) = documented().split_for_parts();
    router.route("/api", axum::routing::any(api_not_found)).route("/api/{*rest}", axum::routing::any(api_not_found))
}

/// The OpenAPI document of [`api`], from the same registrations.
pub fn document() -> utoipa::openapi::OpenApi {
    let (_, mut doc) = documented().split_for_parts();
    openapi::finish(&mut doc);
    doc
}

async fn api_not_found() -> ApiError {
    ApiError::not_found(said::not_found())
}

/// The client's `Idempotency-Key` header (bounded), or empty.
pub fn idempotency_key(headers: &HeaderMap) -> String {
    headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().chars().take(128).collect())
        .unwrap_or_default()
}
