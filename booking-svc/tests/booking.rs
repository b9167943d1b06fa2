//! booking-svc on SQLite and PostgreSQL: it migrates, serves health, and its schema holds one booking
//! per service, date and slot.

use booking_svc::Config;
use mtaani_proto::testing::{Running, TestDb};

#[tokio::test]
async fn starts_migrates_and_guards_slots_on_both_backends() {
    for db in TestDb::both("booking") {
        let config = Config { listen: "127.0.0.1:0".parse().unwrap(), db: db.config.clone() };
        let booking = booking_svc::start(&config).await.expect("booking starts");
        let server = Running::start(None, |l, stop| booking_svc::serve(booking, l, stop)).await;
        assert_eq!(
            mtaani_proto::testing::health_status(&server.url(), "booking.v1.BookingService").await,
            mtaani_proto::testing::SERVING
        );

        let pool = mtaani_proto::db::connect(&db.config, &booking_svc::MIGRATOR).await.unwrap().pool;
        let insert = |id: &'static str| {
            sqlx::query(
                "INSERT INTO appointments (id, service_id, service_name, seller_id, name, email, date, time, status, \
                 slot_key, created_at, updated_at) VALUES ($1, 's1', 'Nails', 'u1', 'Amina', 'a@b.co', '2030-01-01', \
                 '9:00 AM', 'requested', 's1|2030-01-01|9:00 AM', 0, 0)",
            )
            .bind(id)
            .execute(&pool)
        };
        insert("a1").await.unwrap();
        let second = insert("a2").await.unwrap_err();
        assert!(mtaani_proto::db::is_unique_violation(&second), "{}: {second}", db.name);
        pool.close().await;
        server.stop().await;
        db.cleanup().await;
    }
}
