//! messaging-svc: contact messages and the durable outbox of notifications, behind
//! `messaging.v1.MessagingService`.

pub mod config;
pub mod grpc;

use std::future::Future;

use mtaani_proto::{
    db::{Db, connect},
    messaging::v1::messaging_service_server::MessagingServiceServer,
    server,
};
use tokio::net::TcpListener;

pub use config::Config;
pub use grpc::Messaging;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Connects and migrates the database.
pub async fn start(config: &Config) -> anyhow::Result<Messaging> {
    let Db { pool, backend } = connect(&config.db, &MIGRATOR).await?;
    tracing::info!(?backend, "messaging ready");
    Ok(Messaging { pool })
}

/// Serves messaging and `grpc.health.v1` on `listener` until `shutdown`.
pub async fn serve(
    messaging: Messaging,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    server::serve(MessagingServiceServer::new(messaging), listener, shutdown).await
}
