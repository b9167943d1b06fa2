//! Seller subscriptions paid with M-Pesa, on SQLite and PostgreSQL, with the real Daraja client
//! against the Daraja-compatible server on loopback (accounts_svc::testing) and the real catalog-svc: a
//! seller registers and pays by STK push, the callback credits once however often it comes, a push
//! without a callback is settled by the STK query, a renewal waits for the month's last 7 days, the
//! test clock runs past the paid month and its grace and the seller's listing disappears, and paying
//! again brings it back. The embedded run's simulated provider approves, and declines numbers ending
//! in 0000.

use std::time::Duration;

use accounts_svc::{Config, clock::Clock, mpesa::DarajaConfig, testing as daraja};
use mtaani_proto::{
    accounts::v1::{self as pb, PaymentStatus, SubscriptionStatus, accounts_service_client::AccountsServiceClient},
    catalog::v1::{self as cat, catalog_service_client::CatalogServiceClient},
};
use mtaani_runtime::testing::{Running, TestDb, eventually};
use tonic::{Code, transport::Channel};

use crate::support::{PNG_1X1, Server, Services};

const DAY: i64 = 86_400;

fn seller(email: &str, phone: &str) -> pb::RegisterRequest {
    pb::RegisterRequest {
        user_name: "Neema Auma".into(),
        email: email.into(),
        phone_number: phone.into(),
        password: "sukuma-wiki-2026".into(),
        account_type: "seller".into(),
        package_id: "standard".into(),
        idempotency_key: String::new(),
        language: String::new(),
    }
}

async fn subscription(c: &mut AccountsServiceClient<Channel>, user_id: &str) -> pb::Subscription {
    c.get_subscription(pb::GetSubscriptionRequest { user_id: user_id.into() }).await.unwrap().into_inner()
}

async fn callback(c: &mut AccountsServiceClient<Channel>, body: Vec<u8>) {
    let r = c.handle_mpesa_callback(pb::MpesaCallbackRequest { body }).await.unwrap().into_inner();
    assert_eq!((r.result_code, r.result_desc.as_str()), (0, "Accepted"), "Safaricom always gets its acknowledgement");
}

async fn start_catalog(db: &TestDb) -> Server {
    let config =
        catalog_svc::Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone(), db.data_dir.join("m"));
    Services::start_catalog(&catalog_svc::Config { seed_demo: false, ..config }, None).await
}

async fn start_accounts(
    db: &TestDb,
    catalog: &Server,
    mpesa: Option<DarajaConfig>,
    clock: Clock,
) -> (Server, accounts_svc::Accounts) {
    let mut config = Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone(), "127.0.0.1:9".into());
    config.catalog_addr = catalog.addr.to_string();
    config.mpesa = mpesa;
    let accounts = accounts_svc::start_with_clock(&config, clock).await.unwrap();
    let handle = accounts.clone();
    (Running::start(None, |l, s| accounts_svc::serve(accounts, l, s)).await, handle)
}

#[tokio::test]
async fn sellers_pay_by_stk_push_and_their_listings_follow_the_subscription() {
    let (fake, fake_addr) = daraja::start_fake().await;
    let catalog_db = TestDb::sqlite("catalog");
    let catalog = start_catalog(&catalog_db).await;
    let mut listings = CatalogServiceClient::connect(catalog.url()).await.unwrap();

    for db in TestDb::both("accounts") {
        let clock = Clock::default();
        let config = DarajaConfig {
            base_url: format!("http://{fake_addr}"),
            consumer_key: daraja::KEY.into(),
            consumer_secret: daraja::SECRET.into(),
            shortcode: daraja::SHORTCODE.into(),
            passkey: daraja::PASSKEY.into(),
            callback_url: "https://mtaani.example/api/payments/mpesa/callback".into(),
        };
        let (server, accounts) = start_accounts(&db, &catalog, Some(config), clock.clone()).await;
        let mut c = AccountsServiceClient::connect(server.url()).await.unwrap();
        let email = format!("neema.{}@example.com", db.name);

        // Registering starts the first payment at once; nothing can be posted until it is paid.
        let r = c.register(seller(&email, "0712 345 678")).await.unwrap().into_inner();
        let user_id = r.user.unwrap().id;
        let first = r.payment.expect("an STK push was sent");
        assert_eq!(
            (first.status(), first.amount, first.purpose.as_str()),
            (PaymentStatus::Pending, 1500, "registration")
        );
        assert_eq!(first.phone_number, "+254712345678");
        let sent = fake.pushes.lock().unwrap().last().cloned().unwrap();
        assert_eq!((sent["PhoneNumber"].as_str(), sent["Amount"].as_i64()), (Some("254712345678"), Some(1500)));
        assert_eq!(subscription(&mut c, &user_id).await.status(), SubscriptionStatus::PendingPayment);
        let entitlement = |c: &mut AccountsServiceClient<Channel>| {
            let mut c = c.clone();
            let user_id = user_id.clone();
            async move { c.get_seller_entitlement(pb::GetSellerEntitlementRequest { user_id }).await.unwrap().into_inner() }
        };
        assert!(!entitlement(&mut c).await.can_post);

        // The callback credits it; the same callback again credits nothing more; strangers' are ignored.
        let receipt = format!("RK{}PAY1", db.name.len());
        callback(&mut c, daraja::callback(&first.checkout_request_id, 0, 1500, &receipt)).await;
        let s = subscription(&mut c, &user_id).await;
        assert_eq!(s.status(), SubscriptionStatus::Active);
        assert!((s.paid_until - (clock.now() + 30 * DAY)).abs() < 60, "30 days from payment");
        callback(&mut c, daraja::callback(&first.checkout_request_id, 0, 1500, &receipt)).await;
        callback(&mut c, daraja::callback("ws_CO_not_ours", 0, 1500, "RKNOTOURS1")).await;
        assert_eq!(subscription(&mut c, &user_id).await.paid_until, s.paid_until, "credited once");
        let history = c.list_payments(pb::ListPaymentsRequest { user_id: user_id.clone() }).await.unwrap().into_inner();
        assert_eq!(history.payments.len(), 1);
        assert_eq!(
            (history.payments[0].status(), history.payments[0].mpesa_receipt.as_str()),
            (PaymentStatus::Succeeded, receipt.as_str())
        );
        assert!(entitlement(&mut c).await.can_post);

        // The seller posts a listing.
        let e = entitlement(&mut c).await;
        let listing = listings
            .create_listing(cat::CreateListingRequest {
                seller: Some(cat::Seller {
                    user_id: user_id.clone(),
                    package_id: e.package_id.clone(),
                    package_name: e.package_name.clone(),
                    photo_uploads: e.photo_uploads,
                    featured: e.featured,
                    user_name: e.user_name.clone(),
                }),
                input: Some(cat::ListingInput {
                    name: format!("Neema's Gel Nails {}", db.name),
                    min_price: 800,
                    max_price: 2500,
                    location: "Milimani, Kisumu".into(),
                    phone_number: "0712345678".into(),
                    category: "beauty".into(),
                    subcategory: "nails".into(),
                    description: "Gel manicures and pedicures at home or in the studio, by appointment.".into(),
                    images: vec![cat::PhotoUpload { data_url: PNG_1X1.into(), file_name: "nails.png".into() }],
                    keep_media: vec![],
                    duration_minutes: 60,
                    directions: None,
                    ..Default::default()
                }),
                idempotency_key: String::new(),
            })
            .await
            .unwrap()
            .into_inner();
        // Shown means: its detail page, its category list and search all have it.
        let shown = |id: String| {
            let mut l = listings.clone();
            let name = format!("Neema's Gel Nails {}", db.name);
            async move {
                let detail =
                    l.get_listing(cat::GetListingRequest { id: id.clone() }).await.map(|_| ()).map_err(|e| e.code());
                let list = l
                    .list_listings(cat::ListListingsRequest { category: "beauty".into(), ..Default::default() })
                    .await
                    .unwrap()
                    .into_inner();
                let found = l
                    .search_listings(cat::SearchListingsRequest { query: name, ..Default::default() })
                    .await
                    .unwrap()
                    .into_inner();
                let in_list = list.listings.iter().any(|x| x.id == id);
                let in_search = found.listings.iter().any(|x| x.id == id);
                assert_eq!(
                    (in_list, in_search),
                    (detail.is_ok(), detail.is_ok()),
                    "lists and search agree with detail"
                );
                detail
            }
        };
        assert_eq!(shown(listing.id.clone()).await, Ok(()));

        // The next month is paid in the last 7 days of this one, not before (an upgrade may be, below).
        let renew = |c: &mut AccountsServiceClient<Channel>| {
            let (mut c, user_id) = (c.clone(), user_id.clone());
            async move { c.start_payment(pb::StartPaymentRequest { user_id, ..Default::default() }).await }
        };
        assert_eq!(s.renewable_from, s.paid_until - 7 * DAY);
        let early = renew(&mut c).await.unwrap_err();
        assert_eq!(
            (early.code(), early.message()),
            (Code::FailedPrecondition, "You can pay for the next month in the last 7 days of your package.")
        );
        let same = c
            .start_payment(pb::StartPaymentRequest {
                user_id: user_id.clone(),
                package_id: "standard".into(),
                ..Default::default()
            })
            .await;
        assert_eq!(same.unwrap_err().code(), Code::FailedPrecondition, "the current package named is a renewal too");
        clock.advance(s.renewable_from - clock.now() - 60);
        assert_eq!(renew(&mut c).await.unwrap_err().code(), Code::FailedPrecondition, "a minute before");
        assert_eq!(subscription(&mut c, &user_id).await.renewable_from, s.renewable_from);
        clock.advance(60);
        assert_eq!(subscription(&mut c, &user_id).await.renewable_from, 0, "renewable now");

        // A renewal whose callback claims another amount is not credited; the STK query settles it.
        let renewal = c
            .start_payment(pb::StartPaymentRequest { user_id: user_id.clone(), ..Default::default() })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(renewal.purpose, "renewal");
        let busy = c.start_payment(pb::StartPaymentRequest { user_id: user_id.clone(), ..Default::default() }).await;
        assert_eq!(busy.unwrap_err().message(), "A payment is already waiting for your PIN.");
        callback(&mut c, daraja::callback(&renewal.checkout_request_id, 0, 1, "RKWRONGAMT")).await;
        let id = renewal.id.clone();
        let payment = |c: &mut AccountsServiceClient<Channel>| {
            let (mut c, payment_id) = (c.clone(), id.clone());
            async move {
                c.get_payment(pb::GetPaymentRequest { user_id: String::new(), payment_id }).await.unwrap().into_inner()
            }
        };
        assert_eq!(payment(&mut c).await.status(), PaymentStatus::Pending, "a wrong amount credits nothing");
        clock.advance(61);
        assert_eq!(accounts.query_overdue().await.unwrap(), 0, "Daraja still processing");
        fake.answer_query(&renewal.checkout_request_id, 0);
        clock.advance(31);
        assert_eq!(accounts.query_overdue().await.unwrap(), 1);
        assert_eq!(payment(&mut c).await.status(), PaymentStatus::Succeeded);
        let paid_until = subscription(&mut c, &user_id).await.paid_until;
        assert_eq!(paid_until, s.paid_until + 30 * DAY, "a renewal extends from the end already paid");
        let renewed = subscription(&mut c, &user_id).await;
        assert_eq!(renewed.renewable_from, paid_until - 7 * DAY, "the month after waits for its own last days");
        assert_eq!(renew(&mut c).await.unwrap_err().code(), Code::FailedPrecondition);

        // A cancelled push (an upgrade: taken at any time) fails with a message in the seller's words.
        let cancelled = c
            .start_payment(pb::StartPaymentRequest {
                user_id: user_id.clone(),
                package_id: "premium".into(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(cancelled.purpose, "upgrade");
        callback(&mut c, daraja::callback(&cancelled.checkout_request_id, 1032, 0, "")).await;
        let failed = c
            .get_payment(pb::GetPaymentRequest { user_id: user_id.clone(), payment_id: cancelled.id.clone() })
            .await
            .unwrap()
            .into_inner();
        assert_eq!((failed.status(), failed.result_code), (PaymentStatus::Failed, 1032));
        assert!(failed.message.contains("cancelled"), "{}", failed.message);
        let not_retryable = c
            .start_payment(pb::StartPaymentRequest {
                user_id: user_id.clone(),
                retry_of: cancelled.id,
                ..Default::default()
            })
            .await
            .unwrap_err();
        assert_eq!(not_retryable.code(), Code::FailedPrecondition, "only a first payment is retried by its id");

        // Three days before the end a reminder is queued; past the end and the grace, listings hide.
        clock.advance(paid_until - clock.now() - 2 * DAY);
        accounts.check_subscriptions().await.unwrap();
        let pool = mtaani_runtime::db::connect(&db.config, &accounts_svc::MIGRATOR).await.unwrap().pool;
        let queued: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM notification_outbox").fetch_one(&pool).await.unwrap();
        assert_eq!(queued, 1, "one renewal reminder");
        accounts.check_subscriptions().await.unwrap();
        let queued: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM notification_outbox").fetch_one(&pool).await.unwrap();
        assert_eq!(queued, 1, "and only one");
        clock.advance(2 * DAY + 3 * DAY - 60);
        accounts.check_subscriptions().await.unwrap();
        assert_eq!(subscription(&mut c, &user_id).await.status(), SubscriptionStatus::Grace);
        assert_eq!(shown(listing.id.clone()).await, Ok(()), "still shown in the grace period");
        clock.advance(120);
        accounts.check_subscriptions().await.unwrap();
        assert_eq!(subscription(&mut c, &user_id).await.status(), SubscriptionStatus::Expired);
        assert_eq!(shown(listing.id.clone()).await, Err(Code::NotFound), "hidden once expired");
        assert!(!entitlement(&mut c).await.can_post);

        // Paying again brings it back.
        let again = c
            .start_payment(pb::StartPaymentRequest { user_id: user_id.clone(), ..Default::default() })
            .await
            .unwrap()
            .into_inner();
        callback(&mut c, daraja::callback(&again.checkout_request_id, 0, 1500, &format!("{receipt}B"))).await;
        let back = subscription(&mut c, &user_id).await;
        assert_eq!(back.status(), SubscriptionStatus::Active);
        assert_eq!(shown(listing.id.clone()).await, Ok(()), "shown again once paid");
        // The last 7 days of that month: the next can be paid.
        clock.advance(back.renewable_from - clock.now());

        // A downgrade waits for the renewal, which charges the lower price; an upgrade is paid now.
        let scheduled = c
            .change_package(pb::ChangePackageRequest { user_id: user_id.clone(), package_id: "basic".into() })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(
            (scheduled.package_id.as_str(), scheduled.pending_package_id.as_deref()),
            ("standard", Some("basic"))
        );
        let down = c
            .start_payment(pb::StartPaymentRequest { user_id: user_id.clone(), ..Default::default() })
            .await
            .unwrap()
            .into_inner();
        assert_eq!((down.purpose.as_str(), down.amount), ("renewal", 800));
        callback(&mut c, daraja::callback(&down.checkout_request_id, 0, 800, &format!("{receipt}C"))).await;
        let e = entitlement(&mut c).await;
        assert_eq!((e.package_id.as_str(), e.photo_uploads), ("basic", 1), "edits must now fit one photo");
        let up = c
            .start_payment(pb::StartPaymentRequest {
                user_id: user_id.clone(),
                package_id: "premium".into(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!((up.purpose.as_str(), up.amount), ("upgrade", 2500));
        callback(&mut c, daraja::callback(&up.checkout_request_id, 0, 2500, &format!("{receipt}D"))).await;
        let e = entitlement(&mut c).await;
        assert_eq!((e.package_id.as_str(), e.featured), ("premium", true), "an upgrade takes effect when paid");

        // A first payment that failed can be tried again with another number, by its id.
        let r = c.register(seller(&format!("second.{email}"), "0722 000 000")).await.unwrap().into_inner();
        let first = r.payment.unwrap();
        callback(&mut c, daraja::callback(&first.checkout_request_id, 2001, 0, "")).await;
        let retry = c
            .start_payment(pb::StartPaymentRequest {
                user_id: first.user_id.clone(),
                phone_number: "0733 123 456".into(),
                retry_of: first.id.clone(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!((retry.status(), retry.phone_number.as_str()), (PaymentStatus::Pending, "+254733123456"));

        pool.close().await;
        server.stop().await;
        db.cleanup().await;
    }
    catalog.stop().await;
    catalog_db.cleanup().await;
}

#[tokio::test]
async fn the_embedded_run_takes_demo_payments() {
    let catalog_db = TestDb::sqlite("catalog");
    let catalog = start_catalog(&catalog_db).await;
    let db = TestDb::sqlite("accounts");
    let (server, _) = start_accounts(&db, &catalog, None, Clock::default()).await;
    let mut c = AccountsServiceClient::connect(server.url()).await.unwrap();
    let approved = c.register(seller("demo.ok@example.com", "0712345678")).await.unwrap().into_inner().payment.unwrap();
    let declined = c.register(seller("demo.no@example.com", "0712340000")).await.unwrap().into_inner().payment.unwrap();
    assert!(approved.simulated && declined.simulated, "labelled as demo payments");
    let settled = async |id: String| {
        eventually("the demo payment settled", Duration::from_secs(10), async || {
            let mut c = c.clone();
            let payment = c.get_payment(pb::GetPaymentRequest { user_id: String::new(), payment_id: id.clone() });
            let payment = payment.await.unwrap().into_inner();
            (payment.status() != PaymentStatus::Pending).then_some(payment)
        })
        .await
    };
    let approved = settled(approved.id).await;
    assert_eq!(approved.status(), PaymentStatus::Succeeded);
    assert!(!approved.mpesa_receipt.is_empty());
    let declined = settled(declined.id).await;
    assert_eq!(declined.status(), PaymentStatus::Failed);
    assert!(declined.message.contains("PIN"), "{}", declined.message);
    assert_eq!(subscription(&mut c, &approved.user_id).await.status(), SubscriptionStatus::Active);
    server.stop().await;
    db.cleanup().await;
    catalog.stop().await;
    catalog_db.cleanup().await;
}

/// A demo payment whose result was lost with the process (stopped within its two seconds) is settled
/// by the periodic checks once its query time comes, instead of staying pending for ever.
#[tokio::test]
async fn a_demo_payment_lost_in_a_restart_is_settled_later() {
    let catalog_db = TestDb::sqlite("catalog");
    let catalog = start_catalog(&catalog_db).await;
    let db = TestDb::sqlite("accounts");
    let clock = Clock::default();
    let (server, accounts) = start_accounts(&db, &catalog, None, clock.clone()).await;
    let mut c = AccountsServiceClient::connect(server.url()).await.unwrap();
    let payment =
        c.register(seller("demo.lost@example.com", "0712345678")).await.unwrap().into_inner().payment.unwrap();
    // The result the demo provider sends after two seconds goes nowhere: the push it names is gone.
    let pool = mtaani_runtime::db::connect(&db.config, &accounts_svc::MIGRATOR).await.unwrap().pool;
    sqlx::query("UPDATE payments SET checkout_request_id = 'sim_lost' WHERE id = $1")
        .bind(&payment.id)
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(accounts.query_overdue().await.unwrap(), 0, "not before its query time");
    clock.advance(61);
    assert_eq!(accounts.query_overdue().await.unwrap(), 1);
    let settled = c
        .get_payment(pb::GetPaymentRequest { user_id: String::new(), payment_id: payment.id.clone() })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(settled.status(), PaymentStatus::Succeeded);
    assert_eq!(subscription(&mut c, &payment.user_id).await.status(), SubscriptionStatus::Active);
    assert_eq!(accounts.query_overdue().await.unwrap(), 0, "settled once");
    pool.close().await;
    server.stop().await;
    db.cleanup().await;
    catalog.stop().await;
    catalog_db.cleanup().await;
}
