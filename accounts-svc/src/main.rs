//! accounts-svc binary: reads the configuration from the environment and serves until SIGTERM.

use anyhow::Context;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    mtaani_proto::server::tune_allocator();
    mtaani_proto::telemetry::init();
    // `accounts-svc admin create --email … --name …` (see deploy/README.md: kubectl exec).
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("admin") {
        return accounts_svc::admin::cli(&args[1..]).await;
    }
    let config = accounts_svc::Config::from_env()?;
    let accounts = accounts_svc::start(&config).await?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {} (ACCOUNTS_LISTEN)", config.listen))?;
    accounts_svc::serve(accounts, listener, mtaani_proto::server::shutdown_signal()).await?;
    tracing::info!("accounts-svc stopped");
    Ok(())
}
