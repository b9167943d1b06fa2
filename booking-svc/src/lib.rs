//! booking-svc: appointment requests for listings, their slots and statuses, behind
//! `booking.v1.BookingService`. A booking holds its slot through a unique key in the database, so two
//! requests for one slot can never both succeed; providers and customers are told by e-mail through
//! the notification outbox.
//!
//! The edge is here (start and serve, config.rs, grpc.rs, testing.rs); below it the use cases
//! (service/), which use the rules (rules/, pure), the SQL (store.rs) and what is kept in memory
//! (caches/). A lower layer never names a higher one (README.md, "Shape").

pub mod caches;
pub mod config;
pub mod grpc;
pub mod rules;
pub mod service;
pub mod store;
#[cfg(feature = "testing")]
pub mod testing;

use std::{future::Future, sync::Arc, time::Duration};

use mtaani_proto::{
    accounts::v1::accounts_service_client::AccountsServiceClient,
    booking::v1::booking_service_server::BookingServiceServer,
    catalog::v1::catalog_service_client::CatalogServiceClient,
    messaging::v1::messaging_service_client::MessagingServiceClient,
};
use mtaani_runtime::{
    db::{Backend, Db, connect},
    outbox::Outbox,
    server,
};
use tokio::net::TcpListener;
use tonic::transport::{Channel, Endpoint};

use crate::{
    caches::{day_seats::DaySeats, listings, setups::Setups},
    rules::{plan, schedule},
};

pub use config::Config;
// The paths the all-in-one run and the system tests name (`booking_svc::errors::BookingError`,
// `booking_svc::notices::…`, `booking_svc::clock`).
pub use rules::errors;
pub use service::{Booking, clock, notices};

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

fn channel(addr: &str) -> anyhow::Result<Channel> {
    Ok(Endpoint::from_shared(format!("http://{addr}"))?
        .connect_timeout(Duration::from_secs(1))
        .tcp_nodelay(true)
        .connect_lazy())
}

/// Connects and migrates the database, gives the demo sellers their plans when asked, and starts
/// handing stored notifications to messaging-svc and the worker (notices, reminders, morning lists).
pub async fn start(config: &Config) -> anyhow::Result<Booking> {
    let booking = start_without_worker(config).await?;
    booking.spawn_worker(config.worker_every);
    if config.seed_demo {
        tokio::spawn(booking.clone().seed_demo_team());
    }
    let pool = booking.pool.clone();
    mtaani_runtime::retention::spawn("bookings", move |now| {
        let pool = pool.clone();
        async move { store::purge_expired(&pool, now).await }
    });
    Ok(booking)
}

/// As [`start`], without the worker (tests run its rounds by hand).
pub async fn start_without_worker(config: &Config) -> anyhow::Result<Booking> {
    let Db { pool, backend } = connect(&config.db, &MIGRATOR).await?;
    // Replicas on one PostgreSQL schema tell each other of changed plans and teams.
    let (setups, day_seats) = match (backend, &config.db.url) {
        (Backend::Postgres, Some(url)) => (Setups::shared(url, &config.db.schema), DaySeats::shared()),
        _ => (Setups::alone(), DaySeats::alone()),
    };
    let moved = store::bring_forward(&pool).await?;
    if moved > 0 {
        tracing::info!(moved, "bookings from before working hours now hold their time");
    }
    if config.seed_demo {
        let now = chrono::Utc::now();
        for (seller, plan) in plan::demo_plans(schedule::today(now)) {
            store::seed_plan(&pool, seller, &plan, now.timestamp()).await?;
        }
        setups.changed(&pool).await;
    }
    let outbox = Outbox::default();
    let messaging = MessagingServiceClient::new(channel(&config.messaging_addr)?);
    outbox.spawn_forwarder(pool.clone(), messaging.clone());
    tracing::info!(?backend, "booking ready");
    let catalog = CatalogServiceClient::new(channel(&config.catalog_addr)?);
    let listings = listings::empty();
    listings::follow(&listings, catalog.clone());
    Ok(Booking {
        pool,
        catalog,
        listings,
        accounts: AccountsServiceClient::new(channel(&config.accounts_addr)?),
        outbox,
        book_in_one_statement: backend == Backend::Postgres,
        messaging,
        link_secret: Arc::new(config.link_secret.clone()),
        public_base_url: config.public_base_url.trim_end_matches('/').to_owned(),
        clock: clock::Clock::new(config.test_clock_file.clone()),
        wake_worker: Arc::new(tokio::sync::Notify::new()),
        notice_hints: mtaani_runtime::outbox::Hints::default(),
        setups,
        day_seats,
    })
}

/// Serves booking and `grpc.health.v1` on `listener` until `shutdown`.
pub async fn serve(
    booking: Booking,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    server::serve(BookingServiceServer::new(booking), listener, shutdown).await
}
