//! messaging-svc on SQLite and PostgreSQL: it migrates and serves health.

use messaging_svc::Config;
use mtaani_proto::testing::{Running, TestDb};

#[tokio::test]
async fn starts_migrates_and_serves_health_on_both_backends() {
    for db in TestDb::both("messaging") {
        let config = Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone());
        let messaging = messaging_svc::start(&config).await.expect("messaging starts");
        let server = Running::start(None, |l, stop| messaging_svc::serve(messaging, l, stop)).await;
        assert_eq!(
            mtaani_proto::testing::health_status(&server.url(), "messaging.v1.MessagingService").await,
            mtaani_proto::testing::SERVING
        );
        let pool = mtaani_proto::db::connect(&db.config, &messaging_svc::MIGRATOR).await.unwrap().pool;
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox").fetch_one(&pool).await.unwrap();
        assert_eq!(n, 0, "{}", db.name);
        pool.close().await;
        server.stop().await;
        db.cleanup().await;
    }
}
