//! SMS through messaging-svc's real gRPC interface, on SQLite and PostgreSQL: the real Africa's
//! Talking client against an Africa's-Talking-compatible server on loopback (africastalking.rs): sent
//! once per notification even with two senders on one database, retried after server errors and an
//! empty balance, not retried after an invalid or blacklisted number, never after a STOP; the short
//! link a text carries; and the embedded run's text files.

use std::time::Duration;

use messaging_svc::{Config, config::SmsConfig, sms::AtAccount};
use mtaani_proto::{
    messaging::v1::{
        self as pb, BookingDetails, messaging_service_client::MessagingServiceClient, send_notification_request::Kind,
    },
    status,
    text::said,
};
use mtaani_runtime::testing::{Running, TestDb, eventually};

use crate::africastalking;
use sqlx::Row;
use std::sync::atomic::Ordering;

type Server = Running<tonic::transport::Error>;

fn booking(customer: &str) -> BookingDetails {
    BookingDetails {
        appointment_id: "a-1".into(),
        service_name: "Knotless braids".into(),
        customer_name: format!("{customer} Wanjiru"),
        customer_email: "amina@example.com".into(),
        date: "2026-12-05".into(),
        time: "10:00 AM".into(),
        cancel_url: "http://127.0.0.1:8080/appointments/cancel?token=abc.def".into(),
        manage_url: "http://127.0.0.1:8080/account".into(),
        ..Default::default()
    }
}

fn notification(key: &str, phone: &str, kind: Kind) -> pb::SendNotificationRequest {
    pb::SendNotificationRequest {
        idempotency_key: key.into(),
        to_email: "someone@example.com".into(),
        to_name: "Someone".into(),
        to_phone: phone.into(),
        kind: Some(kind),
        ..Default::default()
    }
}

async fn start(config: &Config) -> (Server, MessagingServiceClient<tonic::transport::Channel>) {
    let messaging = messaging_svc::start(config).await.expect("messaging starts");
    let server = Running::start(None, |l, stop| messaging_svc::serve(messaging, l, stop)).await;
    let client = MessagingServiceClient::connect(server.url()).await.unwrap();
    (server, client)
}

async fn status_of(pool: &sqlx::AnyPool, phone: &str) -> Vec<(String, i64)> {
    sqlx::query("SELECT status, attempts FROM sms_outbox WHERE to_phone = $1 ORDER BY created_at")
        .bind(phone.to_owned())
        .fetch_all(pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get::<String, _>("status"), r.get::<i64, _>("attempts")))
        .collect()
}

#[tokio::test]
async fn sms_go_through_africas_talking_once_with_retries_and_opt_outs_on_both_backends() {
    for db in TestDb::both("messaging") {
        let (fake, base_url) = africastalking::start().await;
        let mut config = Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone());
        config.sms = SmsConfig::AfricasTalking(AtAccount {
            base_url,
            username: africastalking::USERNAME.into(),
            api_key: africastalking::API_KEY.into(),
            sender_id: Some("MTAANI".into()),
        });
        let (server, mut c) = start(&config).await;
        let pool = mtaani_runtime::db::connect(&db.config, &messaging_svc::MIGRATOR).await.unwrap().pool;

        // The provider's new booking: one SMS for the key, however often it is handed over.
        let provider = "+254712000001";
        for _ in 0..3 {
            c.send_notification(notification("b1:new", provider, Kind::NewBooking(booking("Amina")))).await.unwrap();
        }
        eventually("the provider's SMS", Duration::from_secs(10), async || !fake.sent().is_empty()).await;
        let sent = fake.sent();
        assert_eq!(sent[0].to, provider);
        assert_eq!(sent[0].from.as_deref(), Some("MTAANI"));
        assert_eq!(
            sent[0].message,
            "Mtaani: new booking request from Amina for Knotless braids on Sat 5 Dec at 10:00 AM. Confirm or \
             decline: http://127.0.0.1:8080/account"
        );
        eventually("the provider's SMS marked sent", Duration::from_secs(5), async || {
            status_of(&pool, provider).await == [("sent".into(), 1)]
        })
        .await;
        let id: Option<String> = sqlx::query_scalar("SELECT provider_message_id FROM sms_outbox WHERE to_phone = $1")
            .bind(provider)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(id.as_deref(), Some(sent[0].message_id.as_str()), "Africa's Talking's id is kept");

        // The customer's confirmation carries a short link to their change-or-cancel page.
        let customer = "+254712000002";
        c.send_notification(notification("b1:confirmed", customer, Kind::BookingConfirmed(booking("Amina"))))
            .await
            .unwrap();
        eventually("the customer's SMS", Duration::from_secs(10), async || fake.calls_to(customer) == 1).await;
        let text = fake.sent().into_iter().find(|s| s.to == customer).unwrap().message;
        let link = text.split("Change or cancel: ").nth(1).expect("a link").to_owned();
        let code = link.strip_prefix("http://127.0.0.1:8080/s/").expect("a short link on the public site");
        let resolved = c.resolve_short_link(pb::ResolveShortLinkRequest { code: code.into() }).await.unwrap();
        assert_eq!(resolved.into_inner().path, "/appointments/cancel?token=abc.def");
        let unknown = c.resolve_short_link(pb::ResolveShortLinkRequest { code: "0000000000".into() }).await;
        let unknown = unknown.unwrap_err();
        assert_eq!((unknown.code(), status::text(&unknown)), (tonic::Code::NotFound, Some(said::bad_link())));

        // A team member's notice is an SMS alone: no address needed, no e-mail ever sent,
        // and refused without a number.
        let member = "+254712000009";
        let notice = |event: &str| {
            Kind::MemberBooking(pb::MemberNotice { event: event.into(), booking: Some(booking("Amina")) })
        };
        let sms_only = pb::SendNotificationRequest {
            to_email: String::new(),
            language: "sw".into(),
            ..notification("b1:member-given:to-account-m1", member, notice("given"))
        };
        c.send_notification(sms_only.clone()).await.unwrap();
        eventually("the member's SMS", Duration::from_secs(10), async || fake.calls_to(member) == 1).await;
        let text = fake.sent().into_iter().find(|s| s.to == member).unwrap().message;
        assert_eq!(text, "Mtaani: miadi hii sasa ni yako: Knotless braids na Amina, Jumamosi 5 Des, 10:00.");
        let e_mails: Vec<String> =
            sqlx::query_scalar("SELECT status FROM outbox WHERE idempotency_key = 'b1:member-given:to-account-m1'")
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(e_mails, ["none"], "no e-mail to send");
        let no_number = pb::SendNotificationRequest { to_phone: String::new(), ..sms_only };
        let refused = c.send_notification(no_number).await.unwrap_err();
        assert_eq!(refused.message(), said::recipient_phone_required().to_string());

        // Kinds without an SMS, and numbers that are not numbers, send none (the e-mail still goes).
        c.send_notification(notification("b1:cancelled", provider, Kind::BookingCancelled(booking("Amina"))))
            .await
            .unwrap();
        c.send_notification(notification("b2:new", "0712 000 003", Kind::NewBooking(booking("Baraka")))).await.unwrap();

        // Permanent refusals are tried once; server errors and an empty balance are retried.
        let invalid = africastalking::INVALID;
        let blacklisted = africastalking::BLACKLISTED;
        c.send_notification(notification("b3:new", invalid, Kind::NewBooking(booking("Chebet")))).await.unwrap();
        c.send_notification(notification("b4:new", blacklisted, Kind::NewBooking(booking("Dalia")))).await.unwrap();
        eventually("the refusals", Duration::from_secs(10), async || {
            status_of(&pool, invalid).await == [("failed".into(), 1)]
                && status_of(&pool, blacklisted).await == [("failed".into(), 1)]
        })
        .await;
        fake.server_errors.store(2, Ordering::SeqCst);
        let retried = "+254712000005";
        c.send_notification(notification("b5:new", retried, Kind::NewBooking(booking("Esther")))).await.unwrap();
        eventually("two server errors", Duration::from_secs(10), async || {
            status_of(&pool, retried).await == [("pending".into(), 2)]
        })
        .await;
        let broke = "+254712000006";
        fake.out_of_balance.lock().unwrap().insert(broke.into(), 1);
        c.send_notification(notification("b6:new", broke, Kind::NewBooking(booking("Fatuma")))).await.unwrap();
        // The sender marks a row just after the fake server answers: wait for the rows' states, not
        // for the calls.
        eventually("the retried SMS marked sent", Duration::from_secs(20), async || {
            status_of(&pool, retried).await == [("sent".into(), 3)]
                && status_of(&pool, broke).await == [("sent".into(), 2)]
        })
        .await;
        assert_eq!(status_of(&pool, retried).await, [("sent".into(), 3)], "two 500s, then sent");
        assert_eq!(status_of(&pool, broke).await, [("sent".into(), 2)], "out of balance once, then sent");
        assert_eq!((fake.calls_to(retried), fake.calls_to(broke)), (1, 2), "one accepted call each");
        assert_eq!((fake.calls_to(invalid), fake.calls_to(blacklisted)), (1, 1), "never retried");

        // STOP: the number gets nothing more (its e-mails still go).
        c.opt_out_sms(pb::OptOutSmsRequest { phone: "254712000002".into() }).await.unwrap();
        c.send_notification(notification("b1:reminder", customer, Kind::BookingReminder(booking("Amina"))))
            .await
            .unwrap();
        eventually("the opt-out", Duration::from_secs(10), async || {
            status_of(&pool, customer).await.last().unwrap().0 == "opted_out"
        })
        .await;
        assert_eq!(fake.calls_to(customer), 1);
        let bad = c.opt_out_sms(pb::OptOutSmsRequest { phone: "stop".into() }).await.unwrap_err();
        assert_eq!((bad.code(), status::text(&bad)), (tonic::Code::InvalidArgument, Some(said::bad_opt_out_phone())));

        // A second messaging-svc on the same database (a restart, or a second replica) while ten
        // messages wait: each goes exactly once.
        let (second, mut c2) = start(&config).await;
        let before = fake.sent().len();
        let numbers: Vec<String> = (10..20).map(|i| format!("+2547120000{i}")).collect();
        for (i, n) in numbers.iter().enumerate() {
            let client = if i % 2 == 0 { &mut c } else { &mut c2 };
            client
                .send_notification(notification(&format!("r{i}:new"), n, Kind::NewBooking(booking("Gathoni"))))
                .await
                .unwrap();
        }
        eventually("ten more SMS", Duration::from_secs(15), async || fake.sent().len() >= before + 10).await;
        crate::all_written(&pool).await;
        for n in &numbers {
            assert_eq!(fake.calls_to(n), 1, "{n} on {}", db.name);
        }
        assert_eq!(fake.sent().len(), before + 10);
        let in_flight: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM sms_outbox WHERE status IN ('pending', 'sending')")
                .fetch_one(&pool)
                .await
                .unwrap();
        assert_eq!(in_flight, 0);

        pool.close().await;
        second.stop().await;
        server.stop().await;
        db.cleanup().await;
    }
}

/// The embedded run writes each SMS as a text file under `$DATA_DIR/sms`, as it writes e-mails.
#[tokio::test]
async fn the_embedded_run_writes_sms_as_files() {
    let db = TestDb::sqlite("messaging");
    let config = Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone());
    let SmsConfig::Simulated(dir) = config.sms.clone() else { panic!("simulated by default") };
    let (server, mut c) = start(&config).await;
    c.send_notification(notification("k:new", "+254712345601", Kind::NewBooking(booking("Amina")))).await.unwrap();
    let mut files = Vec::new();
    eventually("the SMS file", Duration::from_secs(10), async || {
        files = std::fs::read_dir(&dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        files.iter().any(|p| p.extension().is_some_and(|e| e == "txt"))
    })
    .await;
    let text =
        std::fs::read_to_string(files.iter().find(|p| p.extension().is_some_and(|e| e == "txt")).unwrap()).unwrap();
    assert!(
        text.starts_with("To: +254712345601\n\nMtaani: new booking request from Amina for Knotless braids"),
        "{text}"
    );
    server.stop().await;
    db.cleanup().await;
}
