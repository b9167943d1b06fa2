//! The gateway binary: reads the configuration, opens its clients to the services, serves HTTP until
//! SIGTERM.

use anyhow::Context;
use gateway::{AppState, Config};

#[global_allocator]
static ALLOCATOR: mtaani_runtime::process::Allocator = mtaani_runtime::process::Allocator;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    mtaani_runtime::process::tune_allocator();
    mtaani_runtime::telemetry::init();
    let config = Config::from_env()?;
    AppState::check_connections(&config).await?;
    let app = gateway::app(AppState::from_config(&config)?, config.web());
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {} (GATEWAY_LISTEN / PORT)", config.listen))?;
    gateway::serve(listener, app, mtaani_runtime::process::shutdown_signal()).await?;
    tracing::info!("gateway stopped");
    Ok(())
}
