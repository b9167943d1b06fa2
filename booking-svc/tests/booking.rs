//! booking-svc against the real catalog, accounts and messaging services on loopback, on SQLite and
//! on PostgreSQL: one booking per slot even under 20 simultaneous requests, idempotent retries, the
//! provider's confirm and decline, and the customer's signed single-use cancel link.

use std::{path::Path, time::Duration};

use booking_svc::{
    Config,
    grpc::{ALREADY_CANCELLED, BAD_LINK, NOT_YOURS, SERVICE_NOT_FOUND, SLOT_TAKEN},
};
use chrono::{Duration as Days, Utc};
use mtaani_proto::{
    booking::v1::{self as pb, AppointmentStatus, booking_service_client::BookingServiceClient},
    catalog::v1::{ListListingsRequest, catalog_service_client::CatalogServiceClient},
    testing::{Running, TestDb, mailed_link},
};
use tonic::{Code, transport::Channel};

type Server = Running<tonic::transport::Error>;

struct Others {
    /// A demo listing to book.
    listing: String,
    catalog: Server,
    accounts: Server,
    messaging: Server,
    mail_dir: std::path::PathBuf,
    dbs: Vec<TestDb>,
}

async fn start_others() -> Others {
    let any = "127.0.0.1:0".parse().unwrap();
    let (a, c, m) = (TestDb::sqlite("accounts"), TestDb::sqlite("catalog"), TestDb::sqlite("messaging"));
    let messaging = messaging_svc::start(&messaging_svc::Config::embedded(any, m.config.clone())).await.unwrap();
    let messaging = Running::start(None, |l, s| messaging_svc::serve(messaging, l, s)).await;
    let accounts_config = accounts_svc::Config::embedded(any, a.config.clone(), messaging.addr.to_string());
    let accounts = accounts_svc::start(&accounts_config).await.unwrap();
    let catalog_config = catalog_svc::Config::embedded(any, c.config.clone(), c.data_dir.join("media"));
    let catalog = catalog_svc::start(&catalog_config).await.unwrap();
    let catalog = Running::start(None, |l, s| catalog_svc::serve(catalog, l, s)).await;
    let mut client = CatalogServiceClient::connect(catalog.url()).await.unwrap();
    let page = client.list_listings(ListListingsRequest::default()).await.unwrap().into_inner();
    Others {
        listing: page.listings[0].id.clone(),
        catalog,
        accounts: Running::start(None, |l, s| accounts_svc::serve(accounts, l, s)).await,
        messaging,
        mail_dir: m.data_dir.join("mail"),
        dbs: vec![a, c, m],
    }
}

fn tomorrow() -> String {
    (Utc::now() + Days::hours(3) + Days::days(1)).format("%Y-%m-%d").to_string()
}

fn request(listing: &str, date: &str, time: &str, key: &str) -> pb::CreateAppointmentRequest {
    pb::CreateAppointmentRequest {
        service_id: listing.into(),
        name: "Amina Wanjiku".into(),
        email: "amina@example.co.ke".into(),
        date: date.into(),
        time: time.into(),
        message: "Knotless braids, waist length".into(),
        phone: String::new(),
        idempotency_key: key.into(),
    }
}

fn mails_to(mail_dir: &Path, address: &str) -> usize {
    std::fs::read_dir(mail_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let mail = std::fs::read_to_string(e.path()).unwrap_or_default();
            mail.lines().any(|l| l.starts_with("To:") && l.contains(address))
        })
        .count()
}

#[tokio::test]
async fn one_booking_per_slot_and_the_whole_life_of_a_booking_on_both_backends() {
    let others = start_others().await;
    for db in TestDb::both("booking") {
        let config = Config::embedded(
            "127.0.0.1:0".parse().unwrap(),
            db.config.clone(),
            &others.catalog.addr.to_string(),
            &others.accounts.addr.to_string(),
            &others.messaging.addr.to_string(),
        );
        let booking = booking_svc::start(&config).await.expect("booking starts");
        let server = Running::start(None, |l, stop| booking_svc::serve(booking, l, stop)).await;
        assert_eq!(
            mtaani_proto::testing::health_status(&server.url(), "booking.v1.BookingService").await,
            mtaani_proto::testing::SERVING
        );
        let channel = Channel::from_shared(server.url()).unwrap().connect().await.unwrap();
        let client = BookingServiceClient::new(channel);
        let date = tomorrow();
        let listing = others.listing.clone();

        // 20 at once for one slot: exactly one wins, in the database.
        let racers = (0..20).map(|i| {
            let mut c = client.clone();
            let mut r = request(&listing, &date, "9:00 AM", "");
            r.email = format!("racer{i}@example.com");
            tokio::spawn(async move { c.create_appointment(r).await })
        });
        let results: Vec<_> = futures_util::future::join_all(racers).await.into_iter().map(Result::unwrap).collect();
        let won = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(won, 1, "{}: {results:?}", db.name);
        for lost in results.iter().filter_map(|r| r.as_ref().err()) {
            assert_eq!((lost.code(), lost.message()), (Code::AlreadyExists, SLOT_TAKEN), "{}", db.name);
        }

        // A retry with the same key answers the first booking and creates nothing.
        let mut c = client.clone();
        let first = c.create_appointment(request(&listing, &date, "10:30 AM", "key-1")).await.unwrap().into_inner();
        let again = c.create_appointment(request(&listing, &date, "10:30 AM", "key-1")).await.unwrap().into_inner();
        assert_eq!(first.id, again.id);
        assert_eq!((first.service_name.is_empty(), first.seller_id.is_empty()), (false, false));
        let taken = c
            .get_availability(pb::GetAvailabilityRequest { service_id: listing.clone(), date: date.clone() })
            .await
            .unwrap()
            .into_inner();
        let mut labels = taken.taken.clone();
        labels.sort();
        assert_eq!(labels, ["10:30 AM", "9:00 AM"]);
        assert!(taken.past.is_empty(), "nothing of tomorrow is past");

        let unknown = pb::CreateAppointmentRequest {
            service_id: "no-such-listing".into(),
            ..request(&listing, &date, "1:00 PM", "")
        };
        let err = c.create_appointment(unknown).await.unwrap_err();
        assert_eq!((err.code(), err.message()), (Code::NotFound, SERVICE_NOT_FOUND));
        let yesterday = (Utc::now() + Days::hours(3) - Days::days(1)).format("%Y-%m-%d").to_string();
        let err = c.create_appointment(request(&listing, &yesterday, "1:00 PM", "")).await.unwrap_err();
        assert_eq!(err.message(), "Please choose a date from today onwards");
        let err = c.create_appointment(pb::CreateAppointmentRequest {
            name: " ".into(),
            ..request(&listing, &date, "1:00 PM", "")
        });
        assert_eq!(err.await.unwrap_err().message(), "Please fill in all required fields");

        // The provider is told, and only the provider may act.
        let seller = first.seller_id.clone();
        let stranger = pb::AppointmentActionRequest { id: first.id.clone(), seller_id: "someone-else".into() };
        let err = c.confirm_appointment(stranger).await.unwrap_err();
        assert_eq!((err.code(), err.message()), (Code::PermissionDenied, NOT_YOURS));
        let list = c
            .list_seller_appointments(pb::ListSellerAppointmentsRequest { seller_id: seller.clone() })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(list.appointments.len(), 2);
        let action = pb::AppointmentActionRequest { id: first.id.clone(), seller_id: seller.clone() };
        let confirmed = c.confirm_appointment(action.clone()).await.unwrap().into_inner();
        assert_eq!(confirmed.status(), AppointmentStatus::Confirmed);
        assert_eq!(c.confirm_appointment(action).await.unwrap().into_inner().status(), AppointmentStatus::Confirmed);

        // The customer cancels with the e-mailed link, once; the slot is free again.
        let token = mailed_link(&others.mail_dir, "appointments/cancel?token=").await;
        let shown = c.get_appointment_by_cancel_token(pb::CancelTokenRequest { token: token.clone() }).await.unwrap();
        assert_eq!(shown.into_inner().id, first.id);
        let cancelled =
            c.cancel_appointment(pb::CancelTokenRequest { token: token.clone() }).await.unwrap().into_inner();
        assert_eq!(cancelled.status(), AppointmentStatus::Cancelled);
        let twice = c.cancel_appointment(pb::CancelTokenRequest { token: token.clone() }).await.unwrap_err();
        assert_eq!((twice.code(), twice.message()), (Code::FailedPrecondition, ALREADY_CANCELLED));
        let forged = c.cancel_appointment(pb::CancelTokenRequest { token: format!("{token}x") }).await.unwrap_err();
        assert_eq!((forged.code(), forged.message()), (Code::InvalidArgument, BAD_LINK));
        let rebooked = c.create_appointment(request(&listing, &date, "10:30 AM", "key-2")).await;
        assert!(rebooked.is_ok(), "a cancelled booking frees its slot: {rebooked:?}");
        let declined = c
            .decline_appointment(pb::AppointmentActionRequest {
                id: rebooked.unwrap().into_inner().id,
                seller_id: seller,
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(declined.status(), AppointmentStatus::Declined);
        assert!(
            c.create_appointment(request(&listing, &date, "10:30 AM", "key-3")).await.is_ok(),
            "so does a declined one"
        );

        for _ in 0..100 {
            if mails_to(&others.mail_dir, "amina@example.co.ke") >= 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(mails_to(&others.mail_dir, "amina@example.co.ke") >= 2, "confirmed and declined e-mails");
        std::fs::remove_dir_all(&others.mail_dir).ok();
        server.stop().await;
        db.cleanup().await;
    }
    for s in [others.catalog, others.accounts, others.messaging] {
        s.stop().await;
    }
    for db in others.dbs {
        db.cleanup().await;
    }
}
