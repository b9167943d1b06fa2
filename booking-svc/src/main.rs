//! booking-svc binary: reads the configuration from the environment and serves until SIGTERM.

use anyhow::Context;

#[global_allocator]
static ALLOCATOR: mtaani_runtime::process::Allocator = mtaani_runtime::process::Allocator;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    mtaani_runtime::process::tune_allocator();
    mtaani_runtime::telemetry::init();
    let config = booking_svc::Config::from_env()?;
    let service = booking_svc::start(&config).await?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {} (BOOKING_LISTEN)", config.listen))?;
    mtaani_runtime::server::set_linger(mtaani_runtime::config::linger()?);
    booking_svc::serve(service, listener, mtaani_runtime::process::shutdown_signal()).await?;
    tracing::info!("booking-svc stopped");
    Ok(())
}
