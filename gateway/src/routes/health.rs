//! `GET /api/health`: the gateway is up (200), and how each service answers its health check.

use std::collections::BTreeMap;

use axum::{Json, extract::State};
use serde::Serialize;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Health {
    /// "ok" when every service serves, else "degraded".
    #[schema(value_type = String, pattern = "^(ok|degraded)$")]
    pub status: &'static str,
    /// Each service's health check: `serving`, `not_serving` or `unavailable`.
    #[schema(value_type = BTreeMap<String, String>)]
    pub services: BTreeMap<&'static str, &'static str>,
}

/// The gateway is up; how each service behind it answers its health check.
#[utoipa::path(
    get,
    path = "/api/health",
    tag = "meta",
    operation_id = "health",
    responses((status = 200, description = "Always 200 while the gateway runs", body = Health)),
)]
async fn health(State(state): State<AppState>) -> Json<Health> {
    let services: BTreeMap<_, _> = state.backends.health().await.into_iter().collect();
    let status = if services.values().all(|s| *s == "serving") { "ok" } else { "degraded" };
    Json(Health { status, services })
}
