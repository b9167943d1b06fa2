//! messaging-svc through its real gRPC interface, on SQLite and PostgreSQL: the contact form's rules,
//! stored notifications delivered by SMTP to a receiver on loopback, and nothing acknowledged lost
//! when the process is killed before sending.

use std::time::Duration;

use messaging_svc::Config;
use mtaani_proto::{
    messaging::v1::{self as pb, messaging_service_client::MessagingServiceClient},
    status::{self, field_errors},
    text::said,
};
use mtaani_runtime::testing::{Running, TestDb, eventually};
use tonic::Code;

use crate::smtp;

fn contact(subject: &str, key: &str) -> pb::SubmitContactMessageRequest {
    pb::SubmitContactMessageRequest {
        name: "Amina Wanjiru".into(),
        email: "amina@example.com".into(),
        phone: "0712 345 678".into(),
        subject: subject.into(),
        message: "Hello, how do I list my salon on Mtaani?".into(),
        idempotency_key: key.into(),
        language: String::new(),
    }
}

fn reset(to: &str, key: &str) -> pb::SendNotificationRequest {
    pb::SendNotificationRequest {
        idempotency_key: key.into(),
        to_email: to.into(),
        to_name: "Njeri Mwangi".into(),
        to_phone: String::new(),
        language: String::new(),
        kind: Some(pb::send_notification_request::Kind::PasswordReset(pb::PasswordReset {
            user_name: "Njeri Mwangi".into(),
            reset_url: "http://127.0.0.1:8080/reset-password?token=abc".into(),
            expires_at: 1_900_000_000,
        })),
    }
}

#[tokio::test]
async fn contact_messages_and_smtp_delivery_on_both_backends() {
    for db in TestDb::both("messaging") {
        let smtp = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let smtp_url = format!("smtp://{}", smtp.local_addr().unwrap());
        let inbox = smtp::spawn_smtp(smtp);
        let mut config = Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone());
        config.smtp_url = Some(smtp_url);
        let messaging = messaging_svc::start(&config).await.expect("messaging starts");
        let server = Running::start(None, |l, stop| messaging_svc::serve(messaging, l, stop)).await;
        assert_eq!(
            mtaani_runtime::testing::health_status(&server.url(), "messaging.v1.MessagingService").await,
            mtaani_runtime::testing::SERVING
        );
        let mut c = MessagingServiceClient::connect(server.url()).await.unwrap();

        // The contact form's rules, per field, with the spec's messages.
        let mut bad = contact("Hi", "");
        bad.name = "A".into();
        bad.email = "amina".into();
        bad.phone = "0712".into();
        bad.message = "Short".into();
        let e = c.submit_contact_message(bad).await.unwrap_err();
        assert_eq!((e.code(), e.message()), (Code::InvalidArgument, said::name_too_short().to_string().as_str()));
        // The text travels by code, for the gateway to write in the reader's language; each field's too.
        assert_eq!(status::text(&e), Some(said::name_too_short()));
        assert_eq!(status::field_texts(&e).len(), 5, "{}", db.name);
        assert_eq!(field_errors(&e).len(), 5, "{}", db.name);

        // Stored once per idempotency key, acknowledged by e-mail.
        let first = c.submit_contact_message(contact("Listing my salon", "k-1")).await.unwrap().into_inner();
        let again = c.submit_contact_message(contact("Listing my salon", "k-1")).await.unwrap().into_inner();
        assert_eq!(first.id, again.id);
        let pool = mtaani_runtime::db::connect(&db.config, &messaging_svc::MIGRATOR).await.unwrap().pool;
        let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM contact_messages").fetch_one(&pool).await.unwrap();
        assert_eq!(stored, 1);

        // A notification: text and HTML parts, the link, by SMTP.
        c.send_notification(reset("njeri@example.com", "reset-1")).await.unwrap();
        c.send_notification(reset("njeri@example.com", "reset-1")).await.unwrap();
        let messages = eventually("three e-mails", Duration::from_secs(15), async || {
            let m = inbox.messages();
            (m.len() >= 3).then_some(m)
        })
        .await;
        let ack = messages.iter().find(|m| m.contains("We received your message")).expect("acknowledgement");
        assert!(ack.contains("To: \"Amina Wanjiru\" <amina@example.com>"), "{ack}");
        // The support inbox gets its copy, so the toast's promise is kept before anyone opens the console.
        let copy = messages.iter().find(|m| m.contains("support@mtaani.co.ke")).expect("the copy to support");
        assert!(copy.contains("Listing my salon") && copy.contains("amina@example.com"), "{copy}");
        let mail = messages.iter().find(|m| m.contains("Reset your Mtaani password")).expect("reset e-mail");
        assert!(mail.contains("text/plain") && mail.contains("text/html"));
        assert!(mail.contains("reset-password?token"));
        crate::all_written(&pool).await;
        assert_eq!(inbox.messages().len(), 3, "the repeated key sent nothing more");

        // Invalid notifications are refused.
        let e = c.send_notification(reset("not-an-address", "")).await.unwrap_err();
        assert_eq!(e.code(), Code::InvalidArgument);

        // Several at once (the callers' forwarders): stored together, each once per key; a refused one
        // says why and does not keep the others out.
        let batch = pb::SendNotificationsRequest {
            notifications: vec![
                reset("wanjiku@example.com", "batch-1"),
                reset("not-an-address", "batch-2"),
                reset("njeri@example.com", "reset-1"),
                reset("achieng@example.com", "batch-3"),
                // The same key twice in one batch (a forwarder retrying inside one pass): stored once.
                reset("achieng@example.com", "batch-3"),
            ],
        };
        let answer = c.send_notifications(batch).await.unwrap().into_inner();
        let refused = said::recipient_email_required().to_string();
        assert_eq!(answer.errors, ["", refused.as_str(), "", "", ""]);
        assert!(!answer.ids[3].is_empty());
        assert_eq!(answer.ids[3], answer.ids[4], "one key, one e-mail");
        // Stored as asked for (the request), rendered when sent: no bodies in the row.
        let (text, request): (String, Option<String>) =
            sqlx::query_as("SELECT text_body, request FROM outbox WHERE idempotency_key = 'batch-1'")
                .fetch_one(&pool)
                .await
                .unwrap();
        assert!(text.is_empty() && request.is_some_and(|r| !r.is_empty()));
        let first_reset: String = sqlx::query_scalar("SELECT id FROM outbox WHERE idempotency_key = 'reset-1'")
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(answer.ids[2], first_reset, "a key stored before answers the stored id");
        assert!(!answer.ids[0].is_empty() && answer.ids[1].is_empty());
        eventually("the batch's new e-mail", Duration::from_secs(15), async || {
            let m = inbox.messages();
            (m.iter().any(|m| m.contains("wanjiku@example.com")) && m.iter().any(|m| m.contains("achieng@example.com")))
                .then_some(())
        })
        .await;
        crate::all_written(&pool).await;
        assert_eq!(inbox.messages().len(), 5, "reset-1 was not sent again, batch-3 went once");
        // The mail server's connections are kept and reused (lettre's pool): with a relay across the
        // network, a connection per e-mail (TCP, TLS, EHLO, AUTH) would cost more than the e-mail.
        assert!(inbox.connections() < inbox.messages().len(), "{} connections", inbox.connections());

        pool.close().await;
        server.stop().await;
        db.cleanup().await;
    }
}

/// messaging-svc as its own process: acknowledged, then SIGKILLed before it could send (its SMTP
/// server was down), then started again: the message arrives.
#[tokio::test]
async fn an_acknowledged_message_survives_a_kill_before_sending() {
    let db = TestDb::postgres("messaging");
    let bin = env!("CARGO_BIN_EXE_messaging-svc");
    let smtp = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let smtp_addr = smtp.local_addr().unwrap();
    drop(smtp); // nothing listens there yet: every delivery fails and is retried
    let grpc = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let grpc_addr = grpc.local_addr().unwrap();
    drop(grpc);
    let spawn = || {
        std::process::Command::new(bin)
            .env("MESSAGING_LISTEN", grpc_addr.to_string())
            .env("DATABASE_URL", db.config.url.clone().unwrap())
            .env("DATABASE_SCHEMA", &db.config.schema)
            .env("DATA_DIR", &db.data_dir)
            .env("SMTP_URL", format!("smtp://{smtp_addr}"))
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start messaging-svc")
    };

    let mut process = spawn();
    let url = format!("http://{grpc_addr}");
    let mut client = wait_for_client(&url).await;
    let id = client.send_notification(reset("fatuma@example.com", "kill-test")).await.unwrap().into_inner().id;
    process.kill().unwrap(); // SIGKILL: no chance to finish anything
    process.wait().unwrap();

    let inbox = smtp::spawn_smtp(tokio::net::TcpListener::bind(smtp_addr).await.unwrap());
    let mut process = spawn();
    let messages = eventually("the e-mail after the restart", Duration::from_secs(15), async || {
        let m = inbox.messages();
        (!m.is_empty()).then_some(m)
    })
    .await;
    assert_eq!(messages.len(), 1);
    assert!(messages[0].contains(&format!("<{id}@mtaani.co.ke>")));
    process.kill().unwrap();
    process.wait().unwrap();
    db.cleanup().await;
}

async fn wait_for_client(url: &str) -> MessagingServiceClient<tonic::transport::Channel> {
    let what = format!("messaging-svc answering at {url}");
    eventually(&what, Duration::from_secs(20), async || MessagingServiceClient::connect(url.to_owned()).await).await
}

/// Contact messages are kept 12 months after the last reply (or after arrival if never answered),
/// then deleted; newer ones stay. On both backends.
#[tokio::test]
async fn old_contact_messages_are_deleted_after_their_retention_period() {
    for db in TestDb::both("messaging") {
        let pool = mtaani_runtime::db::connect(&db.config, &messaging_svc::MIGRATOR).await.unwrap().pool;
        let now = 1_900_000_000_i64;
        let year = 365 * 86_400;
        for (id, created, replied) in [
            ("old-new", now - year - 10, None),
            ("old-answered", now - 2 * year, Some(now - year - 10)),
            ("recent-answer", now - 2 * year, Some(now - 10)),
            ("fresh", now - 10, None),
        ] {
            sqlx::query(
                "INSERT INTO contact_messages (id, name, email, phone, subject, message, created_at, status, replied_at) \
                 VALUES ($1, 'Amina Wanjiru', 'amina@example.com', '+254712345678', 'Hello', 'A question for you', $2, $3, $4)",
            )
            .bind(id)
            .bind(created)
            .bind(if replied.is_some() { "answered" } else { "new" })
            .bind(replied)
            .execute(&pool)
            .await
            .unwrap();
        }
        assert_eq!(messaging_svc::store::contact::purge_expired(&pool, now).await.unwrap(), 2, "{}", db.name);
        let mut left: Vec<String> =
            sqlx::query_scalar("SELECT id FROM contact_messages").fetch_all(&pool).await.unwrap();
        left.sort();
        assert_eq!(left, ["fresh", "recent-answer"], "{}", db.name);
        pool.close().await;
        db.cleanup().await;
    }
}

/// Kiswahili, on both backends: a notification carrying `language: "sw"` is stored as a
/// Kiswahili e-mail and SMS; one without it is English; a contact message sent in Kiswahili is
/// acknowledged in Kiswahili, and the operator's reply to it is framed in Kiswahili.
#[tokio::test]
async fn notifications_and_contact_messages_are_written_in_the_recipients_language() {
    use pb::send_notification_request::Kind;
    for db in TestDb::both("messaging") {
        let config = Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone());
        let messaging = messaging_svc::start(&config).await.expect("messaging starts");
        let server = Running::start(None, |l, stop| messaging_svc::serve(messaging, l, stop)).await;
        let mut c = MessagingServiceClient::connect(server.url()).await.unwrap();
        let pool = mtaani_runtime::db::connect(&db.config, &messaging_svc::MIGRATOR).await.unwrap().pool;

        let booking = pb::BookingDetails {
            appointment_id: "a-sw".into(),
            service_name: "Knotless braids".into(),
            customer_name: "Zawadi Achieng".into(),
            date: "2026-12-05".into(),
            time: "6:30 PM".into(),
            cancel_url: "http://127.0.0.1:8080/appointments/cancel?token=abc.def".into(),
            ..Default::default()
        };
        let kinds =
            [("confirmed", Kind::BookingConfirmed(booking.clone())), ("reminder", Kind::BookingReminder(booking))];
        for (kind, notification) in kinds {
            for language in ["sw", ""] {
                let n = pb::SendNotificationRequest {
                    idempotency_key: format!("{kind}-{}", if language.is_empty() { "en" } else { language }),
                    to_email: "zawadi@example.com".into(),
                    to_name: "Zawadi Achieng".into(),
                    to_phone: "+254712000777".into(),
                    language: language.into(),
                    kind: Some(notification.clone()),
                };
                c.send_notification(n).await.unwrap();
            }
        }
        let subject = |key: &'static str| {
            sqlx::query_scalar::<_, String>("SELECT subject FROM outbox WHERE idempotency_key = $1")
                .bind(key)
                .fetch_one(&pool)
        };
        let sms = |key: &'static str| {
            sqlx::query_scalar::<_, String>("SELECT body FROM sms_outbox WHERE idempotency_key = $1")
                .bind(key)
                .fetch_one(&pool)
        };
        assert_eq!(subject("confirmed-sw").await.unwrap(), "Miadi imethibitishwa: Knotless braids", "{}", db.name);
        assert_eq!(subject("confirmed-en").await.unwrap(), "Booking confirmed: Knotless braids");
        let text = sms("confirmed-sw:sms").await.unwrap();
        assert!(
            text.starts_with(
                "Mtaani: miadi yako ya Knotless braids, Jumamosi 5 Des, 18:30, imethibitishwa. \
                              Badilisha au ghairi: http://127.0.0.1:8080/s/"
            ),
            "{text}"
        );
        assert!(sms("confirmed-en:sms").await.unwrap().starts_with("Mtaani: your booking for Knotless braids"));
        // Kiswahili times on the 24-hour clock ("saa 6:30 PM" is half past midnight in
        // Swahili time), English's as the slot labels.
        assert_eq!(subject("reminder-sw").await.unwrap(), "Kumbusho: Knotless braids kesho, 18:30");
        assert_eq!(subject("reminder-en").await.unwrap(), "Reminder: Knotless braids tomorrow at 6:30 PM");
        let text = sms("reminder-sw:sms").await.unwrap();
        assert!(text.starts_with("Kumbusho la Mtaani: Knotless braids kesho, Jumamosi 5 Des, 18:30."), "{text}");
        assert!(!text.contains("AM") && !text.contains("PM"), "{text}");
        assert!(sms("reminder-en:sms").await.unwrap().contains("Sat 5 Dec at 6:30 PM"));

        let mut kiswahili = contact("Kuorodhesha saluni yangu", "sw-1");
        kiswahili.language = "sw".into();
        let id = c.submit_contact_message(kiswahili).await.unwrap().into_inner().id;
        let ack = subject_of(&pool, &format!("contact-ack:{id}")).await;
        assert_eq!(ack, "Tumepokea ujumbe wako", "{}", db.name);
        let copy = subject_of(&pool, &format!("contact-support:{id}")).await;
        assert_eq!(copy, "Contact message: Kuorodhesha saluni yangu", "the support team reads English");
        let reply = pb::ReplyRequest {
            id: id.clone(),
            message: "Karibu! Jisajili kama muuzaji.".into(),
            admin_id: "admin-1".into(),
            admin_name: "Mtaani Support".into(),
        };
        c.reply_to_contact_message(reply).await.unwrap();
        let body: String = sqlx::query_scalar("SELECT text_body FROM outbox WHERE idempotency_key = $1")
            .bind(format!("contact-reply:{id}"))
            .fetch_one(&pool)
            .await
            .unwrap();
        assert!(body.starts_with("Habari Amina,\n\nKaribu! Jisajili kama muuzaji."), "{body}");
        assert!(body.contains("Ulituandikia kuhusu \"Kuorodhesha saluni yangu\":"), "{body}");

        pool.close().await;
        server.stop().await;
        db.cleanup().await;
    }
}

async fn subject_of(pool: &sqlx::AnyPool, key: &str) -> String {
    sqlx::query_scalar("SELECT subject FROM outbox WHERE idempotency_key = $1")
        .bind(key.to_owned())
        .fetch_one(pool)
        .await
        .unwrap()
}

/// PostgreSQL: the senders read and claim the rows they are told of by primary key; the partial
/// indexes of waiting rows (after a burst, mostly entries of rows already sent) serve only the
/// sweeps (migration 0009; why: docs/decisions/0003-how-queue-workers-find-their-rows.md).
#[tokio::test]
async fn reads_by_id_leave_the_waiting_indexes_to_the_sweeps_on_postgresql() {
    use mtaani_runtime::testing::plans;
    let db = TestDb::postgres("messaging");
    let pool = mtaani_runtime::db::connect(&db.config, &messaging_svc::MIGRATOR).await.unwrap().pool;
    let waiting = "CASE WHEN g % 50 = 0 THEN 'pending' ELSE 'sent' END";
    let e = plans(
        &pool,
        "outbox",
        &format!(
            "(id, kind, to_email, to_name, subject, text_body, html_body, status, next_attempt_at, created_at) \
             SELECT 'e' || g, 'k', 'a@example.com', 'A', 'S', '', '', {waiting}, 0, g FROM generate_series(1, 2000) g"
        ),
        &[
            "SELECT id FROM outbox WHERE id IN ('e1', 'e50') AND status = 'pending'",
            "SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= 5 ORDER BY created_at LIMIT 20",
        ],
    )
    .await;
    assert!(!e[0].contains("outbox_pending") && e[0].contains("outbox_pkey"), "{}", e[0]);
    assert!(e[1].contains("outbox_pending"), "{}", e[1]);
    let s = plans(
        &pool,
        "sms_outbox",
        &format!(
            "(id, kind, to_phone, body, status, next_attempt_at, created_at) \
             SELECT 's' || g, 'k', '+254712000000', 'B', {waiting}, 0, g FROM generate_series(1, 2000) g"
        ),
        &[
            "UPDATE sms_outbox SET status = 'sending', claimed_at = 1 WHERE id IN ('s1', 's50') AND status = 'pending'",
            "SELECT id FROM sms_outbox WHERE status = 'pending' AND next_attempt_at <= 5 ORDER BY created_at LIMIT 20",
        ],
    )
    .await;
    assert!(!s[0].contains("sms_outbox_pending") && s[0].contains("sms_outbox_pkey"), "{}", s[0]);
    assert!(s[1].contains("sms_outbox_pending"), "{}", s[1]);
    pool.close().await;
    db.cleanup().await;
}

/// PostgreSQL: a queue that grew after a connection's first claims is still read by primary key.
/// A generic plan, which PostgreSQL keeps per connection from a statement's sixth call, is made for
/// the table as it was then: made on a near-empty SMS queue it reads the whole queue for every claim
/// once thousands wait. messaging-svc plans each call instead (`db_config`; figures:
/// docs/decisions/0003-how-queue-workers-find-their-rows.md); a connection without that keeps the
/// sequential scan.
#[tokio::test]
async fn claims_by_id_read_the_primary_key_after_the_queue_grew_on_postgresql() {
    use sqlx::Executor;
    let db = TestDb::postgres("messaging");
    let one = mtaani_runtime::db::DbConfig { max_connections: 1, ..db.config.clone() };
    let ours =
        mtaani_runtime::db::connect(&messaging_svc::db_config(&one), &messaging_svc::MIGRATOR).await.unwrap().pool;
    let plain = mtaani_runtime::db::connect(&one, &messaging_svc::MIGRATOR).await.unwrap().pool;
    let rows = |from: i64, to: i64| {
        format!(
            "INSERT INTO sms_outbox (id, kind, to_phone, body, status, next_attempt_at, created_at) \
             SELECT 's' || g, 'k', '+254712000000', 'B', 'pending', 0, g FROM generate_series({from}, {to}) g"
        )
    };
    ours.execute(sqlx::AssertSqlSafe(rows(1, 20))).await.unwrap();
    let mut plans = Vec::new();
    for pool in [&ours, &plain] {
        let mut conn = pool.acquire().await.unwrap();
        conn.execute(
            "PREPARE claim(text, text) AS UPDATE sms_outbox SET claimed_at = 1 WHERE id IN ($1, $2) \
             AND status = 'pending'",
        )
        .await
        .unwrap();
        for _ in 0..8 {
            conn.execute("EXECUTE claim('s1', 's2')").await.unwrap();
        }
        plans.push(conn);
    }
    plans[0].execute(sqlx::AssertSqlSafe(rows(21, 20_000))).await.unwrap();
    let mut explained = Vec::new();
    for conn in &mut plans {
        let lines: Vec<String> =
            sqlx::query_scalar("EXPLAIN EXECUTE claim('s1', 's2')").fetch_all(&mut **conn).await.unwrap();
        explained.push(lines.join("\n"));
    }
    assert!(explained[0].contains("sms_outbox_pkey") && !explained[0].contains("Seq Scan"), "{}", explained[0]);
    assert!(explained[1].contains("Seq Scan"), "the cause, without plans made per call: {}", explained[1]);
    drop(plans);
    ours.close().await;
    plain.close().await;
    db.cleanup().await;
}
