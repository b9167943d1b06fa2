//! What every catalog-svc test starts with: the service on a free loopback port against a test
//! database, a gRPC client to it, and a pool of its own on the same database.

use catalog_svc::{Catalog, Config};
use mtaani_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use mtaani_runtime::testing::{Running, TestDb, eventually};
use tonic::transport::Channel;

pub type Client = CatalogServiceClient<Channel>;
pub type Server = Running<tonic::transport::Error>;

/// The embedded configuration of a catalog on `db`, its photos under the test's data folder.
pub fn config(db: &TestDb) -> Config {
    Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone(), db.data_dir.join("media"))
}

/// catalog-svc started on `db` (the demo marketplace loaded) and a client to it.
pub async fn start(db: &TestDb) -> (Server, Client) {
    // The demo photos are drawn and encoded once for all the tests of this binary.
    catalog_svc::seed::keep_demo_photos();
    let catalog: Catalog = catalog_svc::start(&config(db)).await.expect("catalog starts");
    let server = Running::start(None, |l, stop| catalog_svc::serve(catalog, l, stop)).await;
    let client = CatalogServiceClient::connect(server.url()).await.expect("connect");
    (server, client)
}

/// [`start`], with a pool on the same database for what a test reads or writes beside the service.
pub async fn start_with_pool(db: &TestDb) -> (Server, Client, sqlx::AnyPool) {
    let (server, client) = start(db).await;
    let pool = mtaani_runtime::db::connect(&db.config, &catalog_svc::MIGRATOR).await.unwrap().pool;
    (server, client, pool)
}

/// Waits until `replicas` catalog-svc replicas on `db`'s PostgreSQL schema listen for each other's
/// changes (each connects its listener after start-up): a change made before would go unheard.
pub async fn listening(db: &TestDb, replicas: i64) {
    let pool = mtaani_runtime::db::connect(&db.config, &catalog_svc::MIGRATOR).await.unwrap().pool;
    let channel = mtaani_runtime::changes::channel("catalog", &db.config.schema);
    eventually("every replica listening", std::time::Duration::from_secs(10), async || {
        mtaani_runtime::changes::listeners(&pool, &channel).await.unwrap() >= replicas
    })
    .await;
    pool.close().await;
}
