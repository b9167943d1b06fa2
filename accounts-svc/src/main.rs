//! accounts-svc binary: reads the configuration from the environment and serves until SIGTERM.

use anyhow::Context;

#[global_allocator]
static ALLOCATOR: mtaani_runtime::process::Allocator = mtaani_runtime::process::Allocator;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    mtaani_runtime::process::tune_allocator();
    mtaani_runtime::telemetry::init();
    // `accounts-svc admin create --email … --name …` (see deploy/README.md: kubectl exec).
    if let Some(done) = accounts_svc::admin::cli_if_asked().await {
        return done;
    }
    let config = accounts_svc::Config::from_env()?;
    let accounts = accounts_svc::start(&config).await?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {} (ACCOUNTS_LISTEN)", config.listen))?;
    mtaani_runtime::server::set_linger(mtaani_runtime::config::linger()?);
    accounts_svc::serve(accounts, listener, mtaani_runtime::process::shutdown_signal()).await?;
    tracing::info!("accounts-svc stopped");
    Ok(())
}
