//! The gateway: SPEC §7's REST API (and our additions) translated into gRPC calls to the services,
//! one JSON error shape for everything (in English or Kiswahili, as the request prefers), and the
//! built web app when no nginx is in front.

pub mod answers;
pub mod auth;
pub mod backends;
pub mod cache;
pub mod config;
pub mod error;
pub mod extract;
pub mod i18n;
pub mod limits;
pub mod routes;
pub mod sitemap;
pub mod sms;
pub mod web;

use std::{future::Future, time::Duration};

use axum::{
    Router,
    extract::DefaultBodyLimit,
    http::{HeaderName, HeaderValue, Request, header},
};
use tokio::net::TcpListener;
use tower_http::{
    compression::CompressionLayer,
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    set_header::SetResponseHeaderLayer,
    trace::TraceLayer,
};

pub use backends::Backends;
pub use config::Config;

/// What every handler can reach, in one shared allocation: axum clones the state for every request,
/// and a clone of an `Arc` per part would be as many atomic counts up and down again, on cache lines
/// every core writes. Figures: docs/BENCHMARKS.md, "The gateway's state in one allocation".
#[derive(Debug, Clone)]
pub struct AppState(std::sync::Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// The parts of [`AppState`].
#[derive(Debug)]
pub struct Shared {
    /// A client per service with its channel.
    pub backends: Backends,
    pub jwt_secret: Vec<u8>,
    pub limiter: limits::RateLimiter,
    pub trust_proxy: bool,
    /// The public catalog answers, kept while subscribed to catalog-svc's changes.
    pub cache: cache::CatalogCache,
    /// The address visitors use (`PUBLIC_BASE_URL`), for the sitemap's absolute URLs.
    pub public_base_url: std::sync::Arc<str>,
    /// `SMS_CALLBACK_KEY`: Africa's Talking's callbacks carry it (see [`sms`]).
    pub sms_callback_key: Option<std::sync::Arc<str>>,
}

impl AppState {
    /// The state for `config`, with clients opened lazily to every service.
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let limiter = match &config.redis_url {
            Some(url) => limits::RateLimiter::from_client(limits::redis_client(url, config.redis_ca_file.as_deref())?),
            None => limits::RateLimiter::in_process(),
        };
        let backends = Backends::new(&config.backends, config.grpc_timeout)?;
        Ok(Self::new(backends, config.jwt_secret.clone(), limiter, config.trust_proxy).configure(|state| {
            state.public_base_url = config.public_base_url.as_str().into();
            state.sms_callback_key = config.sms_callback_key.as_deref().map(Into::into);
        }))
    }

    /// Checks at start-up what a configuration can only show by connecting: Redis over TLS (see
    /// [`limits::check_redis`]).
    pub async fn check_connections(config: &Config) -> anyhow::Result<()> {
        match &config.redis_url {
            Some(url) => limits::check_redis(&limits::redis_client(url, config.redis_ca_file.as_deref())?).await,
            None => Ok(()),
        }
    }

    /// The state around `backends`; inside a Tokio runtime it also starts following catalog-svc's
    /// changes (until then, and outside one, nothing is cached).
    pub fn new(backends: Backends, jwt_secret: Vec<u8>, limiter: limits::RateLimiter, trust_proxy: bool) -> Self {
        let cache = cache::CatalogCache::default();
        if tokio::runtime::Handle::try_current().is_ok() {
            cache.spawn_watch(backends.catalog_long.clone());
        }
        // As the services read it; `from_config` sets the checked one.
        let public_base_url =
            mtaani_runtime::config::public_base_url().unwrap_or_else(|_| "http://127.0.0.1:8080".to_owned()).into();
        Self(std::sync::Arc::new(Shared {
            backends,
            jwt_secret,
            limiter,
            trust_proxy,
            cache,
            public_base_url,
            sms_callback_key: None,
        }))
    }

    /// Changes the state before it is served.
    ///
    /// # Panics
    /// When the state was cloned already (handed to an app).
    pub fn configure(mut self, change: impl FnOnce(&mut Shared)) -> Self {
        change(std::sync::Arc::get_mut(&mut self.0).expect("AppState::configure before the state is shared"));
        self
    }
}

/// Largest request body accepted anywhere (three 5 MB photos as base64 in one listing); most routes
/// accept far less.
pub const MAX_BODY: usize = 24 * 1024 * 1024;
/// Body limit of a team member's routes (one 5 MB photo as base64).
pub const PHOTO_BODY: usize = 8 * 1024 * 1024;
/// Body limit of every route that takes no photos.
pub const SMALL_BODY: usize = 64 * 1024;

const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The whole HTTP application: the API and, with `web`, the web app (its built files and its
/// renderer, see [`web`]).
pub fn app(state: AppState, web: Option<(&std::path::Path, Option<web::Renderer>)>) -> Router {
    // The sitemap and robots.txt are for crawlers, not API operations (nor in the OpenAPI document).
    // SMS's short links answer HTML, outside the API's JSON errors.
    let links = sms::links().with_state(state.clone());
    let api = routes::api()
        .merge(sitemap::router())
        .merge(sms::callbacks())
        .with_state(state)
        .layer(DefaultBodyLimit::max(SMALL_BODY))
        .layer(axum::middleware::from_fn(extract::refuse_nul_in_path))
        .layer(axum::middleware::from_fn(error::json_errors))
        .layer(axum::middleware::from_fn(error::translate_errors));
    let mut app = api.merge(links);
    if let Some((dist, renderer)) = web {
        app = app.merge(web::router(dist, renderer));
    }
    app.layer(CompressionLayer::new())
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(PropagateRequestIdLayer::new(X_REQUEST_ID))
        .layer(TraceLayer::new_for_http().make_span_with(|request: &Request<_>| {
            let id = request.headers().get(&X_REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("http", method = %request.method(), path = %request.uri().path(), request_id = %id)
        }))
        .layer(SetRequestIdLayer::new(X_REQUEST_ID, MakeRequestUuid))
}

/// Serves `app` on `listener` until `shutdown`, then lets in-flight requests finish (at most 20 s).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    tracing::info!(addr = ?listener.local_addr().ok(), "gateway listening");
    let (done_tx, done_rx) = tokio::sync::oneshot::channel::<()>();
    let graceful = async move {
        shutdown.await;
        let _ = done_tx.send(());
    };
    let server = axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(graceful);
    tokio::select! {
        r = server => r,
        () = async {
            let _ = done_rx.await;
            tokio::time::sleep(Duration::from_secs(20)).await;
        } => {
            tracing::warn!("in-flight requests did not finish within 20 s; stopping anyway");
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    /// nginx answers a body over its own limit before the gateway sees it, so each of the gateway's
    /// limits must be nginx's for the same paths (deploy/nginx/mtaani.conf.template): a smaller one
    /// in nginx refuses what the API documents, a larger one lets the gateway cut an upload off.
    #[test]
    fn nginx_takes_the_bodies_the_gateway_takes() {
        let conf = include_str!("../../deploy/nginx/mtaani.conf.template");
        let limit_of = |location: &str| -> usize {
            let block = conf.split(&format!("location {location} {{")).nth(1).unwrap_or_else(|| panic!("{location}"));
            let block = &block[..block.find('}').unwrap()];
            let size = block.split("client_max_body_size ").nth(1).unwrap_or_else(|| panic!("{location}: no limit"));
            let size = &size[..size.find(';').unwrap()];
            let (number, unit) = size.split_at(size.len() - 1);
            number.parse::<usize>().unwrap() * if unit == "m" { 1024 * 1024 } else { 1024 }
        };
        assert_eq!(limit_of("/api/"), super::SMALL_BODY);
        assert_eq!(limit_of("= /api/services"), super::MAX_BODY);
        assert_eq!(limit_of("/api/service/"), super::MAX_BODY);
        assert_eq!(limit_of("/api/account/team"), super::PHOTO_BODY);
    }
}
