//! The all-in-one run behind `make run`: the four services and the gateway in one process, like
//! Grafana Loki's monolithic mode. The gateway still reaches each service over gRPC on loopback, so
//! the product runs exactly as it does deployed apart, with one process to start and stop and one
//! runtime's memory.
//!
//! Beside it runs the page renderer (web/src/server, on Node: see renderer.rs), which the gateway asks
//! for the pages' documents, as nginx does when deployed.
//!
//! On Ctrl-C or SIGTERM the gateway stops taking requests and finishes those in flight first; then
//! the services drain theirs.

mod renderer;

use anyhow::Context;
use gateway::{AppState, Config};
use tokio::{net::TcpListener, sync::watch};

async fn bind(addr: std::net::SocketAddr, var: &str) -> anyhow::Result<TcpListener> {
    TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr} ({var})"))
}

#[global_allocator]
static ALLOCATOR: mtaani_runtime::process::Allocator = mtaani_runtime::process::Allocator;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    mtaani_runtime::process::tune_allocator();
    mtaani_runtime::telemetry::init();
    // `mtaani admin create --email … --name …`: an operator account, on this run's accounts database.
    if let Some(done) = accounts_svc::admin::cli_if_asked().await {
        return done;
    }
    let started = std::time::Instant::now();
    let mut gateway_config = Config::from_env()?;
    let accounts_config = accounts_svc::Config::from_env()?;
    let catalog_config = catalog_svc::Config::from_env()?;
    let booking_config = booking_svc::Config::from_env()?;
    let messaging_config = messaging_svc::Config::from_env()?;

    let (accounts, catalog, booking, messaging) = tokio::try_join!(
        accounts_svc::start(&accounts_config),
        catalog_svc::start(&catalog_config),
        booking_svc::start(&booking_config),
        messaging_svc::start(&messaging_config),
    )?;

    let (stop_services, services_stopping) = watch::channel(false);
    let until_stopped = move || {
        let mut rx = services_stopping.clone();
        async move {
            let _ = rx.wait_for(|stop| *stop).await;
        }
    };
    let mut services = tokio::task::JoinSet::new();
    let l = bind(accounts_config.listen, "ACCOUNTS_LISTEN").await?;
    services.spawn(accounts_svc::serve(accounts, l, until_stopped()));
    let l = bind(catalog_config.listen, "CATALOG_LISTEN").await?;
    services.spawn(catalog_svc::serve(catalog, l, until_stopped()));
    let l = bind(booking_config.listen, "BOOKING_LISTEN").await?;
    services.spawn(booking_svc::serve(booking, l, until_stopped()));
    let l = bind(messaging_config.listen, "MESSAGING_LISTEN").await?;
    services.spawn(messaging_svc::serve(messaging, l, until_stopped()));

    if gateway_config.web_dist.is_none() {
        tracing::warn!("web/dist not found: serving the API only (build the web app with `make build`)");
    }
    AppState::check_connections(&gateway_config).await?;
    // The renderer, unless RENDERER_URL names one already.
    let mut renderer = None;
    if let (None, Some(dist)) = (&gateway_config.renderer_url, &gateway_config.web_dist)
        && let Some(launch) = renderer::Launch::new(dist, gateway_config.listen)?
    {
        let origin = launch.origin();
        renderer = launch.run().await;
        if renderer.is_some() {
            gateway_config.renderer_url = Some(origin);
        }
    }
    let app = gateway::app(AppState::from_config(&gateway_config)?, gateway_config.web());
    let listener = bind(gateway_config.listen, "GATEWAY_LISTEN / PORT").await?;
    tracing::info!(
        url = %format!("http://{}", gateway_config.listen),
        startup_ms = started.elapsed().as_millis() as u64,
        "Mtaani is running"
    );
    gateway::serve(listener, app, mtaani_runtime::process::shutdown_signal()).await?;

    if let Some(renderer) = renderer {
        renderer.abort();
    }
    let _ = stop_services.send(true);
    while let Some(done) = services.join_next().await {
        done.context("a service task failed")?.context("a service stopped with an error")?;
    }
    tracing::info!("Mtaani stopped");
    Ok(())
}
