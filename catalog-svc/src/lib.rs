//! catalog-svc: service listings, their photos and search, behind `catalog.v1.CatalogService`.
//!
//! `main.rs` only reads the configuration; tests start the same [`start`] and [`serve`].

pub mod changes;
pub mod clock;
pub mod config;
pub mod error;
pub mod favourites;
pub mod grpc;
pub mod images;
pub mod listing;
pub mod media;
pub mod moderation;
pub mod og;
pub mod photos;
pub mod portraits;
pub mod query;
pub mod relevance;
pub mod reports;
pub mod reviews;
pub mod search;
pub mod seed;
pub mod service;
pub mod small_photos;
pub mod store;
pub mod synthetic;

use std::future::Future;

use mtaani_proto::catalog::v1::catalog_service_server::CatalogServiceServer;
use mtaani_runtime::{
    db::{Backend, Db, connect},
    server,
};
use tokio::net::TcpListener;

pub use config::Config;
pub use service::Catalog;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Connects and migrates the database, opens the photo store, and loads the demo marketplace when
/// asked and the catalog is empty.
pub async fn start(config: &Config) -> anyhow::Result<Catalog> {
    let Db { pool, backend } = connect(&config.db, &MIGRATOR).await?;
    let store = match &config.s3 {
        Some(s3) => {
            tracing::info!(bucket = %s3.bucket, endpoint = %s3.endpoint, "photos in an S3-compatible bucket");
            media::MediaStore::bucket(s3.clone())?
        }
        None => media::MediaStore::folder(&config.media_dir),
    };
    if config.seed_demo {
        seed::run_if_empty(&pool, &store).await?;
    }
    let placed = store::listings::place_listings(&pool).await?;
    if placed > 0 {
        tracing::info!(placed, "listings from before places placed by their location text");
    }
    photos::spawn_sweeper(pool.clone(), store.clone(), config.photo_sweep_after);
    let kept = pool.clone();
    mtaani_runtime::retention::spawn("reports", move |now| {
        let pool = kept.clone();
        async move { moderation::purge_expired(&pool, now).await }
    });
    let index = search::SearchIndex::default();
    index.rebuild(&pool).await?;
    let changes = changes::Changes::default();
    index.spawn_refresher(pool.clone(), changes.clone());
    // Replicas on one PostgreSQL schema tell each other about writes, so no cache outlives a change.
    let notify_channel = match (backend, &config.db.url) {
        (Backend::Postgres, Some(url)) => {
            let channel = mtaani_runtime::changes::channel("catalog", &config.db.schema);
            let heard = changes.clone();
            mtaani_runtime::changes::spawn_listener(url.clone(), channel.clone(), move |_| heard.bump());
            Some(channel)
        }
        _ => None,
    };
    let outbox = mtaani_runtime::outbox::Outbox::default();
    let messaging = tonic::transport::Endpoint::from_shared(format!("http://{}", config.messaging_addr))?
        .connect_timeout(std::time::Duration::from_secs(1))
        .connect_lazy();
    outbox.spawn_forwarder(
        pool.clone(),
        mtaani_proto::messaging::v1::messaging_service_client::MessagingServiceClient::new(messaging),
    );
    tracing::info!(?backend, "catalog ready");
    let (small_photos_finished, small_photos_done) = tokio::sync::watch::channel(false);
    let catalog = Catalog {
        pool,
        store,
        index,
        changes,
        notify_channel,
        outbox,
        public_base_url: config.public_base_url.trim_end_matches('/').to_owned(),
        small_photos_done,
    };
    if config.link_previews {
        catalog.spawn_previews();
    }
    catalog.spawn_small_photos(small_photos_finished);
    Ok(catalog)
}

/// Serves the catalog and `grpc.health.v1` on `listener` until `shutdown`, then finishes in-flight
/// calls.
pub async fn serve(
    catalog: Catalog,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    let changes = catalog.changes.clone();
    let shutdown = async move {
        shutdown.await;
        changes.close();
    };
    // Three 5 MB photos arrive base64-encoded in one call.
    let service = CatalogServiceServer::new(catalog).max_decoding_message_size(32 << 20);
    server::serve(service, listener, shutdown).await
}
