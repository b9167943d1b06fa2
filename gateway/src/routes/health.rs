//! `GET /api/health`: the gateway is up (200), and how each service answers its health check.

use std::collections::BTreeMap;

use axum::{Json, Router, extract::State, routing::get};
use serde::Serialize;

use crate::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/health", get(health))
}

#[derive(Debug, Serialize)]
pub struct Health {
    /// "ok" when every service serves, else "degraded".
    pub status: &'static str,
    pub services: BTreeMap<&'static str, &'static str>,
}

async fn health(State(state): State<AppState>) -> Json<Health> {
    let services: BTreeMap<_, _> = state.backends.health().await.into_iter().collect();
    let status = if services.values().all(|s| *s == "serving") { "ok" } else { "degraded" };
    Json(Health { status, services })
}
