//! booking-svc: appointment requests for listings, their slots and statuses, behind
//! `booking.v1.BookingService`.

pub mod config;
pub mod grpc;
pub mod slots;

use std::future::Future;

use mtaani_proto::{
    booking::v1::booking_service_server::BookingServiceServer,
    db::{Db, connect},
    server,
};
use tokio::net::TcpListener;

pub use config::Config;
pub use grpc::Booking;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Connects and migrates the database.
pub async fn start(config: &Config) -> anyhow::Result<Booking> {
    let Db { pool, backend } = connect(&config.db, &MIGRATOR).await?;
    tracing::info!(?backend, "booking ready");
    Ok(Booking { pool })
}

/// Serves booking and `grpc.health.v1` on `listener` until `shutdown`.
pub async fn serve(
    booking: Booking,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    server::serve(BookingServiceServer::new(booking), listener, shutdown).await
}
