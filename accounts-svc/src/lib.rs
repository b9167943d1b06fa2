//! accounts-svc: people, sessions, seller packages and subscriptions, behind
//! `accounts.v1.AccountsService`.

pub mod config;
pub mod error;
pub mod grpc;
pub mod packages;
pub mod password;
pub mod seed;

use std::future::Future;

use mtaani_proto::{
    accounts::v1::accounts_service_server::AccountsServiceServer,
    db::{Db, connect},
    server,
};
use tokio::net::TcpListener;

pub use config::Config;
pub use grpc::Accounts;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Unix seconds now.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Connects and migrates the database and creates the demo sellers when asked and there are no users.
pub async fn start(config: &Config) -> anyhow::Result<Accounts> {
    let Db { pool, backend } = connect(&config.db, &MIGRATOR).await?;
    if config.seed_demo {
        seed::run_if_empty(&pool).await?;
    }
    tracing::info!(?backend, "accounts ready");
    Ok(Accounts { pool })
}

/// Serves accounts and `grpc.health.v1` on `listener` until `shutdown`.
pub async fn serve(
    accounts: Accounts,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    server::serve(AccountsServiceServer::new(accounts), listener, shutdown).await
}
