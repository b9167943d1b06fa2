//! accounts-svc: people, sessions, seller packages and subscriptions, behind
//! `accounts.v1.AccountsService`.

pub mod admin;
pub mod clock;
pub mod config;
pub mod error;
pub mod grpc;
pub mod lifecycle;
pub mod messages;
pub mod mpesa;
pub mod packages;
pub mod password;
pub mod payments;
pub mod people;
pub mod rights;
pub mod seed;
pub mod service;
pub mod store;
pub mod subscription;
#[cfg(feature = "testing")]
pub mod testing;
pub mod validation;

use std::future::Future;

use mtaani_proto::{
    accounts::v1::accounts_service_server::AccountsServiceServer,
    catalog::v1::catalog_service_client::CatalogServiceClient,
    messaging::v1::messaging_service_client::MessagingServiceClient,
};
use mtaani_runtime::{
    db::{Db, connect},
    outbox::Outbox,
    server,
};
use tokio::net::TcpListener;

pub use config::Config;
pub use service::Accounts;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Unix seconds now.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Connects and migrates the database, creates the demo sellers when asked and there are no users,
/// and starts handing stored notifications to messaging-svc and the subscription checks.
pub async fn start(config: &Config) -> anyhow::Result<Accounts> {
    let accounts = start_with_clock(config, clock::Clock::new(config.test_clock_file.clone())).await?;
    accounts.spawn_checks(std::time::Duration::from_secs(10));
    Ok(accounts)
}

/// As [`start`], on `clock`, without the background checks (tests run them by hand).
pub async fn start_with_clock(config: &Config, clock: clock::Clock) -> anyhow::Result<Accounts> {
    let Db { pool, backend } = connect(&config.db, &MIGRATOR).await?;
    if config.seed_demo {
        seed::run_if_empty(&pool).await?;
        admin::seed_demo_admin(&pool).await?;
    }
    let outbox = Outbox::default();
    let messaging = tonic::transport::Endpoint::from_shared(format!("http://{}", config.messaging_addr))?
        .connect_timeout(std::time::Duration::from_secs(1))
        .connect_lazy();
    outbox.spawn_forwarder(pool.clone(), MessagingServiceClient::new(messaging.clone()));
    let booking = tonic::transport::Endpoint::from_shared(format!("http://{}", config.booking_addr))?
        .connect_timeout(std::time::Duration::from_secs(1))
        .connect_lazy();
    let catalog = tonic::transport::Endpoint::from_shared(format!("http://{}", config.catalog_addr))?
        .connect_timeout(std::time::Duration::from_secs(1))
        .connect_lazy();
    let provider = match &config.mpesa {
        Some(daraja) => {
            tracing::info!(base_url = %daraja.base_url, "M-Pesa payments through Daraja");
            mpesa::Provider::Daraja(std::sync::Arc::new(mpesa::Daraja::new(daraja.clone())))
        }
        None => {
            tracing::info!("M-Pesa payments simulated (demo): set MPESA_ENV to take real payments");
            mpesa::Provider::Simulated
        }
    };
    let decoy_hash = password::hash(uuid::Uuid::new_v4().to_string()).await?;
    tracing::info!(?backend, "accounts ready");
    Ok(Accounts {
        pool,
        jwt_secret: std::sync::Arc::new(config.jwt_secret.clone()),
        public_base_url: config.public_base_url.clone(),
        outbox,
        decoy_hash,
        clock,
        provider,
        catalog: CatalogServiceClient::new(catalog),
        booking: mtaani_proto::booking::v1::booking_service_client::BookingServiceClient::new(booking),
        messaging: MessagingServiceClient::new(messaging),
        admin_totp_required: config.admin_totp_required,
    })
}

/// Serves accounts and `grpc.health.v1` on `listener` until `shutdown`.
pub async fn serve(
    accounts: Accounts,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    server::serve(AccountsServiceServer::new(accounts), listener, shutdown).await
}
