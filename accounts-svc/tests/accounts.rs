//! accounts-svc through its real gRPC interface, on SQLite and on PostgreSQL.

use accounts_svc::Config;
use mtaani_proto::{
    accounts::v1::{self as pb, accounts_service_client::AccountsServiceClient},
    testing::{Running, TestDb},
};
use sqlx::Row;
use tonic::transport::Channel;
use tonic_health::pb::{HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient};

fn config(db: &TestDb) -> Config {
    Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone(), "127.0.0.1:9".into())
}

#[tokio::test]
async fn packages_demo_sellers_and_health_on_both_backends() {
    for db in TestDb::both("accounts") {
        let config = config(&db);
        let accounts = accounts_svc::start(&config).await.expect("accounts starts");
        let server = Running::start(None, |l, stop| accounts_svc::serve(accounts, l, stop)).await;
        let channel = Channel::from_shared(server.url()).unwrap().connect().await.unwrap();
        let mut client = AccountsServiceClient::new(channel.clone());

        let packages = client.list_packages(pb::ListPackagesRequest {}).await.unwrap().into_inner().packages;
        let summary: Vec<_> =
            packages.iter().map(|p| (p.id.as_str(), p.price, p.photo_uploads, p.recommended)).collect();
        assert_eq!(summary, [("basic", 800, 1, false), ("standard", 1500, 2, true), ("premium", 2500, 3, false)]);
        assert!(packages[2].featured && !packages[2].features.is_empty());

        // Demo sellers exist once, with argon2id hashes and active subscriptions; a restart adds none.
        let pool = mtaani_proto::db::connect(&db.config, &accounts_svc::MIGRATOR).await.unwrap().pool;
        let rows =
            sqlx::query("SELECT u.password_hash, s.status FROM users u JOIN subscriptions s ON s.user_id = u.id")
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(rows.len(), 6, "{}", db.name);
        for r in &rows {
            assert!(r.get::<String, _>("password_hash").starts_with("$argon2id$"));
            assert_eq!(r.get::<String, _>("status"), "active");
        }
        assert_eq!(accounts_svc::seed::run_if_empty(&pool).await.unwrap(), 0);

        let status = HealthClient::new(channel)
            .check(HealthCheckRequest { service: "accounts.v1.AccountsService".into() })
            .await
            .unwrap()
            .into_inner()
            .status;
        assert_eq!(status, ServingStatus::Serving as i32);
        pool.close().await;
        server.stop().await;
        db.cleanup().await;
    }
}
