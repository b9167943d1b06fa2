//! Several replicas of a service starting together against one PostgreSQL: each creates its schema
//! if missing and runs the migrations, and all of them must come up with the migrations applied once.
#![cfg(feature = "testing")]

use mtaani_runtime::{
    db::{connect, is_unavailable, is_unique_violation},
    testing::TestDb,
};

#[tokio::test]
async fn replicas_starting_together_migrate_once() {
    let db = TestDb::postgres("replicas");
    let dir = db.data_dir.join("migrations");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("0001_things.sql"), "CREATE TABLE things (id TEXT PRIMARY KEY);").unwrap();
    let migrator = sqlx::migrate::Migrator::new(dir.as_path()).await.unwrap();

    let replicas = (0..4).map(|_| connect(&db.config, &migrator));
    let pools: Vec<_> = futures_util::future::join_all(replicas).await.into_iter().map(|r| r.unwrap().pool).collect();
    let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations").fetch_one(&pools[0]).await.unwrap();
    assert_eq!(applied, 1);
    sqlx::query("INSERT INTO things (id) VALUES ('a')").execute(&pools[3]).await.unwrap();
    for p in pools {
        p.close().await;
    }
    db.cleanup().await;
}

/// A connection PostgreSQL ends (as at a restart: "terminating connection due to administrator
/// command") and a pool closed under a call are "unavailable", to be answered with a 503; a query
/// that is wrong is not.
#[tokio::test]
async fn a_database_going_away_is_unavailable_not_an_internal_error() {
    let db = TestDb::postgres("unavailable");
    let dir = db.data_dir.join("migrations");
    std::fs::create_dir_all(&dir).unwrap();
    let migrator = sqlx::migrate::Migrator::new(dir.as_path()).await.unwrap();
    let pool = connect(&db.config, &migrator).await.unwrap().pool;

    let terminated = sqlx::query("SELECT pg_terminate_backend(pg_backend_pid())").execute(&pool).await.unwrap_err();
    assert!(is_unavailable(&terminated), "a terminated connection: {terminated:?}");

    let wrong = sqlx::query("SELECT * FROM no_such_table").execute(&pool).await.unwrap_err();
    assert!(!is_unavailable(&wrong), "a wrong query: {wrong:?}");
    assert!(!is_unique_violation(&wrong));

    pool.close().await;
    let closed = sqlx::query("SELECT 1").execute(&pool).await.unwrap_err();
    assert!(is_unavailable(&closed), "a closed pool: {closed:?}");
    db.cleanup().await;
}
