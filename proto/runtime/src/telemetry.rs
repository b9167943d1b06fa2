//! Structured logs through `tracing`: human-readable by default, JSON with `LOG_FORMAT=json` (as in
//! Kubernetes), filtered by `RUST_LOG`.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber once; later calls (tests start several services) do nothing.
pub fn init() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info,h2=warn,hyper=warn"));
    let json = crate::config::var("LOG_FORMAT").is_some_and(|v| v.eq_ignore_ascii_case("json"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_target(true);
    let _ = if json { builder.json().flatten_event(true).try_init() } else { builder.try_init() };
}
