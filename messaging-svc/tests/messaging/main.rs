//! messaging-svc's tests, one binary: the service through its real gRPC interface on SQLite and on
//! PostgreSQL, with an SMTP receiver and an Africa's-Talking-compatible server on loopback.

mod africastalking;
mod smtp;

mod contact_and_email;
mod sms;

/// Waits until messaging-svc has written every e-mail and SMS it stored (none pending or being
/// sent): what a test then counts is all that will be sent, so "once" and "not again" need no pause.
async fn all_written(pool: &sqlx::AnyPool) {
    let waiting = async || {
        let mails: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE status = 'pending'").fetch_one(pool).await.unwrap();
        let sms: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sms_outbox WHERE status IN ('pending', 'sending')")
            .fetch_one(pool)
            .await
            .unwrap();
        mails + sms == 0
    };
    mtaani_runtime::testing::eventually("every e-mail and SMS written", std::time::Duration::from_secs(15), waiting)
        .await;
}
