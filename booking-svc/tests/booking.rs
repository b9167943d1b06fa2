//! booking-svc against the real catalog, accounts and messaging services on loopback, on SQLite and
//! on PostgreSQL: bookings that fit the provider's week (hours, days off, notice, horizon, length,
//! capacity shared by all their listings, guaranteed by the database under simultaneous requests),
//! availability and the calendar, the provider's answers, the customer's link to change or cancel,
//! reminders and morning lists sent exactly once, and notices that wait for accounts-svc.

use std::{collections::HashMap, path::Path, time::Duration};

use booking_svc::{
    Booking, Config,
    grpc::{ALREADY_CANCELLED, BAD_LINK, NOT_YOURS, SERVICE_NOT_FOUND, SLOT_TAKEN, TOO_LATE},
    notices::reminder_at,
    schedule::{CLOSED, OUTSIDE_HOURS},
};
use chrono::{Datelike, Duration as Days, NaiveDate, Utc, Weekday};
use mtaani_proto::{
    booking::v1::{self as pb, AppointmentStatus, booking_service_client::BookingServiceClient},
    catalog::v1::{self as cat, catalog_service_client::CatalogServiceClient},
};
use mtaani_runtime::testing::{Running, TestDb};
use tonic::{Code, transport::Channel};

type Server = Running<tonic::transport::Error>;
type Client = BookingServiceClient<Channel>;

const PHOTO: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
/// Where the test listings say to go once in Kilimani.
const DIRECTIONS: &str = "Upstairs above Naivas, 2nd floor, blue door";
/// Njeri and Mercy, demo sellers whose accounts exist in accounts-svc (their e-mails are known).
const NJERI: &str = "0193a000-0000-7000-8000-000000000003";
const MERCY: &str = "0193a000-0000-7000-8000-000000000006";

struct Others {
    catalog: Server,
    accounts: Option<Server>,
    accounts_config: accounts_svc::Config,
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
    let mut catalog_config = catalog_svc::Config::embedded(any, c.config.clone(), c.data_dir.join("media"));
    // Its e-mails (review invitations) go to this test's messaging-svc.
    catalog_config.messaging_addr = messaging.addr.to_string();
    let catalog = catalog_svc::start(&catalog_config).await.unwrap();
    let catalog = Running::start(None, |l, s| catalog_svc::serve(catalog, l, s)).await;
    Others {
        catalog,
        accounts: Some(Running::start(None, |l, s| accounts_svc::serve(accounts, l, s)).await),
        accounts_config,
        messaging,
        mail_dir: m.data_dir.join("mail"),
        dbs: vec![a, c, m],
    }
}

impl Others {
    fn accounts_addr(&self) -> String {
        self.accounts.as_ref().map(|s| s.addr.to_string()).unwrap_or_default()
    }

    async fn stop(self) {
        for s in [Some(self.catalog), self.accounts, Some(self.messaging)].into_iter().flatten() {
            s.stop().await;
        }
        for db in self.dbs {
            db.cleanup().await;
        }
    }
}

struct Svc {
    server: Server,
    client: Client,
    booking: Booking,
    clock: std::path::PathBuf,
}

async fn start_booking(others: &Others, db: &TestDb) -> Svc {
    let mut config = Config::embedded(
        "127.0.0.1:0".parse().unwrap(),
        db.config.clone(),
        &others.catalog.addr.to_string(),
        &others.accounts_addr(),
        &others.messaging.addr.to_string(),
    );
    std::fs::create_dir_all(&db.data_dir).unwrap();
    let clock = db.data_dir.join("clock");
    config.test_clock_file = Some(clock.clone());
    let booking = booking_svc::start_without_worker(&config).await.expect("booking starts");
    let server = Running::start(None, {
        let booking = booking.clone();
        |l, stop| booking_svc::serve(booking, l, stop)
    })
    .await;
    let client = BookingServiceClient::new(Channel::from_shared(server.url()).unwrap().connect().await.unwrap());
    Svc { server, client, booking, clock }
}

/// A listing of `seller` lasting `minutes`, posted through catalog-svc.
async fn listing(others: &Others, seller: &str, minutes: i32) -> String {
    let mut c = CatalogServiceClient::connect(others.catalog.url()).await.unwrap();
    let seller = cat::Seller {
        user_id: seller.into(),
        package_id: "premium".into(),
        package_name: "Premium".into(),
        photo_uploads: 3,
        featured: false,
    };
    let input = cat::ListingInput {
        name: format!("Braids of {minutes} minutes"),
        min_price: 1500,
        max_price: 4500,
        location: "Kilimani, Nairobi".into(),
        phone_number: "+254 712 345 678".into(),
        category: "hair".into(),
        subcategory: "braiding".into(),
        description: "Neat knotless braids that last, gentle on your edges.".into(),
        images: vec![cat::PhotoUpload { data_url: PHOTO.into(), file_name: "p.png".into() }],
        keep_media: vec![],
        duration_minutes: minutes,
        directions: Some(DIRECTIONS.into()),
    };
    let r = cat::CreateListingRequest { seller: Some(seller), input: Some(input), idempotency_key: String::new() };
    c.create_listing(r).await.unwrap().into_inner().id
}

fn today() -> NaiveDate {
    (Utc::now() + Days::hours(3)).date_naive()
}

/// The first `weekday` at least `after` days from today (Nairobi).
fn next(weekday: Weekday, after: i64) -> NaiveDate {
    let mut d = today() + Days::days(after);
    while d.weekday() != weekday {
        d = d.succ_opt().unwrap();
    }
    d
}

fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Every day 07:00–23:00, no notice, a year ahead.
fn open_plan(capacity: i32) -> pb::ProviderPlan {
    plan(&["mon", "tue", "wed", "thu", "fri", "sat", "sun"], ("07:00", "23:00"), capacity, 0)
}

fn plan(days: &[&str], hours: (&str, &str), capacity: i32, notice: i32) -> pb::ProviderPlan {
    pb::ProviderPlan {
        weekly: days
            .iter()
            .map(|d| pb::DayHours {
                day: (*d).into(),
                intervals: vec![pb::Interval { start: hours.0.into(), end: hours.1.into() }],
            })
            .collect(),
        days_off: vec![],
        min_notice_minutes: notice,
        horizon_days: 365,
        capacity,
        change_notice_minutes: 120,
        // Each booking a request the provider confirms: the flows most tests here follow. Instant
        // booking has a test of its own.
        instant_booking: Some(false),
    }
}

async fn set_plan(c: &mut Client, seller: &str, p: pb::ProviderPlan) {
    c.set_plan(pb::SetPlanRequest { seller_id: seller.into(), plan: Some(p) }).await.unwrap();
}

fn request(listing: &str, date: &str, time: &str, email: &str) -> pb::CreateAppointmentRequest {
    pb::CreateAppointmentRequest {
        service_id: listing.into(),
        name: "Amina Wanjiku".into(),
        email: email.into(),
        date: date.into(),
        time: time.into(),
        message: "Knotless braids, waist length".into(),
        phone: String::new(),
        idempotency_key: String::new(),
        customer_id: String::new(),
        language: String::new(),
    }
}

/// `n` requests at once, `times[i % len]` and `listings[i % len]`, each from another customer.
async fn race(
    c: &Client,
    listings: &[&str],
    date: &str,
    times: &[&str],
    n: usize,
) -> Vec<Result<pb::Appointment, tonic::Status>> {
    let racers = (0..n).map(|i| {
        let mut c = c.clone();
        let r = request(listings[i % listings.len()], date, times[i % times.len()], &format!("racer{i}@example.com"));
        tokio::spawn(async move { c.create_appointment(r).await.map(|a| a.into_inner()) })
    });
    futures_util::future::join_all(racers).await.into_iter().map(Result::unwrap).collect()
}

fn won(results: &[Result<pb::Appointment, tonic::Status>], db: &str) -> usize {
    for lost in results.iter().filter_map(|r| r.as_ref().err()) {
        assert_eq!((lost.code(), lost.message()), (Code::AlreadyExists, SLOT_TAKEN), "{db}");
    }
    results.iter().filter(|r| r.is_ok()).count()
}

async fn availability(c: &mut Client, listing: &str, date: NaiveDate) -> pb::GetAvailabilityResponse {
    c.get_availability(pb::GetAvailabilityRequest { service_id: listing.into(), date: day(date) })
        .await
        .unwrap()
        .into_inner()
}

#[tokio::test]
async fn capacity_holds_under_simultaneous_requests_on_both_backends() {
    let others = start_others().await;
    let (a, b) = (listing(&others, "salon-1", 60).await, listing(&others, "salon-1", 90).await);
    for db in TestDb::both("booking") {
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        let d = day(today() + Days::days(3));

        // One chair: 20 customers at once for 10:00 → one booking; also across the seller's listings.
        set_plan(&mut c, "salon-1", open_plan(1)).await;
        assert_eq!(won(&race(&c, &[&a], &d, &["10:00 AM"], 20).await, db.name), 1, "{}", db.name);
        assert_eq!(won(&race(&c, &[&a, &b], &d, &["2:00 PM"], 20).await, db.name), 1, "{}: across listings", db.name);
        // Overlapping but different starts of the 90-minute listing: never both.
        assert_eq!(won(&race(&c, &[&b], &d, &["6:30 PM", "7:00 PM"], 20).await, db.name), 1, "{}: overlap", db.name);

        // Three chairs: exactly three, also spread over the listings.
        set_plan(&mut c, "salon-1", open_plan(3)).await;
        assert_eq!(won(&race(&c, &[&a], &d, &["8:00 AM"], 20).await, db.name), 3, "{}", db.name);
        assert_eq!(won(&race(&c, &[&a, &b], &d, &["4:00 PM"], 20).await, db.name), 3, "{}: across", db.name);
        // The 10:00 booking held 10:00 only: two more fit there now, no third.
        assert_eq!(won(&race(&c, &[&a], &d, &["10:00 AM"], 10).await, db.name), 2, "{}", db.name);

        // A decline and a cancellation give the time back at once.
        let free = availability(&mut c, &a, today() + Days::days(3)).await;
        assert!(!free.slots.contains(&"10:00 AM".to_owned()));
        let mine = c
            .list_seller_appointments(pb::ListSellerAppointmentsRequest { seller_id: "salon-1".into() })
            .await
            .unwrap();
        let at_ten: Vec<_> = mine.into_inner().appointments.into_iter().filter(|x| x.time == "10:00 AM").collect();
        assert_eq!(at_ten.len(), 3);
        c.decline_appointment(pb::AppointmentActionRequest { id: at_ten[0].id.clone(), seller_id: "salon-1".into() })
            .await
            .unwrap();
        let free = availability(&mut c, &a, today() + Days::days(3)).await;
        assert!(free.slots.contains(&"10:00 AM".to_owned()), "{}: declined frees its seat", db.name);
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

/// Two booking-svc processes on one PostgreSQL database, as replicas run: each keeps the plans it
/// read for its one-statement bookings (`store::book_at_once`), and a plan saved through the other
/// is still the one its next booking meets, both ways: a second chair takes a second booking, a
/// closed day takes none.
#[tokio::test]
async fn a_plan_saved_through_another_replica_is_the_one_a_booking_meets_on_postgresql() {
    let others = start_others().await;
    let hour = listing(&others, "barber-9", 60).await;
    let db = TestDb::postgres("booking");
    let (one, two) = (start_booking(&others, &db).await, start_booking(&others, &db).await);
    let (mut c1, mut c2) = (one.client.clone(), two.client.clone());
    set_plan(&mut c2, "barber-9", open_plan(1)).await;
    let tue = next(Weekday::Tue, 3);
    // One keeps the plan of one chair.
    c1.create_appointment(request(&hour, &day(tue), "10:00 AM", "a@example.com")).await.unwrap();
    let e = c1.create_appointment(request(&hour, &day(tue), "10:00 AM", "b@example.com")).await.unwrap_err();
    assert_eq!((e.code(), e.message()), (Code::AlreadyExists, SLOT_TAKEN));

    set_plan(&mut c2, "barber-9", open_plan(2)).await;
    let second = c1.create_appointment(request(&hour, &day(tue), "10:00 AM", "b@example.com")).await;
    assert_eq!(second.map(|a| a.into_inner().time).unwrap(), "10:00 AM", "the second chair saved through two");
    let e = c1.create_appointment(request(&hour, &day(tue), "10:00 AM", "c@example.com")).await.unwrap_err();
    assert_eq!((e.code(), e.message()), (Code::AlreadyExists, SLOT_TAKEN), "two chairs, two bookings");

    set_plan(&mut c2, "barber-9", plan(&["wed"], ("07:00", "23:00"), 2, 0)).await;
    let e = c1.create_appointment(request(&hour, &day(tue), "2:00 PM", "d@example.com")).await.unwrap_err();
    assert_eq!((e.code(), e.message()), (Code::InvalidArgument, CLOSED), "Tuesdays closed through two");
    // And one knows the new plan from then on.
    let wed = tue.succ_opt().unwrap();
    c1.create_appointment(request(&hour, &day(wed), "2:00 PM", "d@example.com")).await.unwrap();

    // A seller on the default plan (no row: kept as none) who then saves one through two.
    let other = listing(&others, "barber-10", 60).await;
    c1.create_appointment(request(&other, &day(tue), "10:00 AM", "e@example.com")).await.unwrap();
    set_plan(&mut c2, "barber-10", plan(&["wed"], ("07:00", "23:00"), 1, 0)).await;
    let e = c1.create_appointment(request(&other, &day(tue), "2:00 PM", "f@example.com")).await.unwrap_err();
    assert_eq!((e.code(), e.message()), (Code::InvalidArgument, CLOSED), "a first plan saved through two");
    one.server.stop().await;
    two.server.stop().await;
    db.cleanup().await;
    others.stop().await;
}

#[tokio::test]
async fn bookings_fit_the_providers_week_on_both_backends() {
    let others = start_others().await;
    let long = listing(&others, "braider-1", 90).await;
    for db in TestDb::both("booking") {
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        // Tuesdays 10:00–14:00 only, two hours' notice.
        set_plan(&mut c, "braider-1", plan(&["tue"], ("10:00", "14:00"), 1, 120)).await;
        let tue = next(Weekday::Tue, 3);
        let wed = tue.succ_opt().unwrap();

        let e = c.create_appointment(request(&long, &day(wed), "11:00 AM", "a@example.com")).await.unwrap_err();
        assert_eq!((e.code(), e.message()), (Code::InvalidArgument, CLOSED), "{}", db.name);
        for outside in ["9:30 AM", "1:00 PM", "2:00 PM"] {
            let e = c.create_appointment(request(&long, &day(tue), outside, "a@example.com")).await.unwrap_err();
            assert_eq!(e.message(), OUTSIDE_HOURS, "{outside}: a 90-minute service must end by 14:00");
        }

        // Only 10:00 to 12:30 offered; after 11:00 is booked, the overlapping starts disappear.
        let free = availability(&mut c, &long, tue).await;
        assert_eq!(free.slots, ["10:00 AM", "10:30 AM", "11:00 AM", "11:30 AM", "12:00 PM", "12:30 PM"]);
        assert_eq!((free.closed, free.duration_minutes), (false, 90));
        c.create_appointment(request(&long, &day(tue), "11:00 AM", "amina@example.com")).await.unwrap();
        let free = availability(&mut c, &long, tue).await;
        assert_eq!(free.slots, ["12:30 PM"], "{}", db.name);
        assert_eq!(free.taken, ["10:00 AM", "10:30 AM", "11:00 AM", "11:30 AM", "12:00 PM"]);
        let e = c.create_appointment(request(&long, &day(tue), "10:30 AM", "b@example.com")).await.unwrap_err();
        assert_eq!((e.code(), e.message()), (Code::AlreadyExists, SLOT_TAKEN));

        // A closed day says so and points to the next open one.
        let closed = availability(&mut c, &long, wed).await;
        assert!(closed.closed && closed.slots.is_empty());
        assert_eq!(
            (closed.reason.as_str(), closed.next_open_date.as_str()),
            (CLOSED, day(tue + Days::days(7)).as_str())
        );

        // The calendar: Tuesdays bookable, the rest closed with the reason.
        let month = c
            .get_calendar(pb::GetCalendarRequest { service_id: long.clone(), month: tue.format("%Y-%m").to_string() })
            .await
            .unwrap()
            .into_inner();
        let days: HashMap<String, pb::CalendarDay> = month.days.into_iter().map(|d| (d.date.clone(), d)).collect();
        assert!(days[&day(tue)].bookable);
        assert_eq!(days[&day(wed)].reason, CLOSED);
        let e = c.get_calendar(pb::GetCalendarRequest { service_id: long.clone(), month: "2026-13".into() }).await;
        assert_eq!(e.unwrap_err().code(), Code::InvalidArgument);

        // Days off, notice and horizon.
        let mut p = plan(&["tue"], ("10:00", "14:00"), 1, 120);
        p.days_off = vec![day(tue)];
        set_plan(&mut c, "braider-1", p).await;
        let e = c.create_appointment(request(&long, &day(tue), "12:30 PM", "c@example.com")).await.unwrap_err();
        assert_eq!(e.message(), CLOSED, "a day off");
        let mut p = open_plan(1);
        p.min_notice_minutes = 2880;
        p.horizon_days = 30;
        set_plan(&mut c, "braider-1", p).await;
        let tomorrow = today() + Days::days(1);
        let e = c.create_appointment(request(&long, &day(tomorrow), "9:00 PM", "d@example.com")).await.unwrap_err();
        assert_eq!(e.message(), "Please book at least 2 days ahead.");
        let far = today() + Days::days(40);
        let e = c.create_appointment(request(&long, &day(far), "10:00 AM", "e@example.com")).await.unwrap_err();
        assert_eq!(e.message(), "The provider takes bookings up to 30 days ahead.");
        let e = c.set_plan(pb::SetPlanRequest {
            seller_id: "braider-1".into(),
            plan: Some(plan(&["tue"], ("10:00", "09:00"), 1, 0)),
        });
        let e = e.await.unwrap_err();
        assert_eq!(mtaani_proto::status::field_errors(&e)[0].0, "weekly.tue");

        // A seller without a plan has the default one: Monday to Saturday 08:00–18:00.
        let default = c.get_plan(pb::GetPlanRequest { seller_id: "someone-new".into() }).await.unwrap().into_inner();
        assert_eq!((default.weekly[0].intervals[0].start.as_str(), default.weekly[6].intervals.len()), ("08:00", 0));
        assert_eq!((default.min_notice_minutes, default.horizon_days, default.capacity), (60, 60, 1));
        let unknown = pb::CreateAppointmentRequest {
            service_id: "no-such-listing".into(),
            ..request(&long, &day(tue), "1:00 PM", "x@example.com")
        };
        let e = c.create_appointment(unknown).await.unwrap_err();
        assert_eq!((e.code(), e.message()), (Code::NotFound, SERVICE_NOT_FOUND));
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

/// A booking reads the listing booking-svc keeps while following catalog-svc's changes: once a
/// listing is hidden (or deleted), the change reaches booking-svc on catalog-svc's stream and the
/// next booking is refused as for a listing that never was; restored, it takes bookings again.
#[tokio::test]
async fn a_hidden_listing_takes_no_booking_once_catalog_svc_streams_the_change_on_both_backends() {
    let others = start_others().await;
    let l = listing(&others, "salon-hidden", 60).await;
    let mut catalog = CatalogServiceClient::connect(others.catalog.url()).await.unwrap();
    let moderate = || cat::ModerateListingRequest {
        id: l.clone(),
        admin_id: "admin-1".into(),
        admin_name: "Wanjiru".into(),
        reason: "Reported as a scam twice".into(),
        ..Default::default()
    };
    for db in TestDb::both("booking") {
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        set_plan(&mut c, "salon-hidden", open_plan(20)).await;
        let d = day(today() + Days::days(4));
        let first = c.create_appointment(request(&l, &d, "10:00 AM", "first@example.com")).await.unwrap().into_inner();
        assert_eq!(first.service_name, "Braids of 60 minutes", "{}", db.name);

        catalog.hide_listing(moderate()).await.unwrap();
        // The stream carries the change within milliseconds; a booking made before it arrived would
        // be one made before catalog-svc itself could refuse it (its answers are kept the same way).
        let hidden_at = std::time::Instant::now();
        let refused = loop {
            let r = c.create_appointment(request(&l, &d, "11:00 AM", "later@example.com")).await;
            match r {
                Err(e) => break e,
                Ok(_) if hidden_at.elapsed() < Duration::from_secs(1) => {
                    tokio::time::sleep(Duration::from_millis(10)).await
                }
                Ok(_) => panic!("{}: a listing hidden a second ago still takes bookings", db.name),
            }
        };
        assert_eq!((refused.code(), refused.message()), (Code::NotFound, SERVICE_NOT_FOUND), "{}", db.name);

        catalog.restore_listing(moderate()).await.unwrap();
        let back = loop {
            match c.create_appointment(request(&l, &d, "12:00 PM", "back@example.com")).await {
                Ok(a) => break a.into_inner(),
                Err(_) if hidden_at.elapsed() < Duration::from_secs(3) => {
                    tokio::time::sleep(Duration::from_millis(10)).await
                }
                Err(e) => panic!("{}: a restored listing takes no booking: {e}", db.name),
            }
        };
        assert_eq!(back.service_id, l, "{}", db.name);
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

/// The token of a customer's "Change or cancel" link, as their account lists it.
async fn token_of(c: &mut Client, customer: &str, id: &str) -> String {
    let mine = c.list_customer_appointments(pb::ListCustomerAppointmentsRequest { customer_id: customer.into() }).await;
    mine.unwrap().into_inner().appointments.into_iter().find(|a| a.id == id).expect("listed").manage_token
}

#[tokio::test]
async fn the_customer_changes_or_cancels_with_the_link_on_both_backends() {
    let others = start_others().await;
    let hour = listing(&others, "stylist-1", 60).await;
    for db in TestDb::both("booking") {
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        set_plan(&mut c, "stylist-1", open_plan(1)).await;
        let d = today() + Days::days(4);
        let mut first = request(&hour, &day(d), "10:00 AM", "amina@example.com");
        first.customer_id = "customer-1".into();
        first.idempotency_key = "k-1".into();
        let booked = c.create_appointment(first.clone()).await.unwrap().into_inner();
        assert_eq!(
            c.create_appointment(first).await.unwrap().into_inner().id,
            booked.id,
            "a retry is the same booking"
        );
        assert_eq!((booked.end_time.as_str(), booked.duration_minutes), ("11:00 AM", 60));
        c.create_appointment(request(&hour, &day(d), "2:00 PM", "other@example.com")).await.unwrap();
        let token = token_of(&mut c, "customer-1", &booked.id).await;

        let shown = c
            .get_appointment_by_cancel_token(pb::CancelTokenRequest { token: token.clone() })
            .await
            .unwrap()
            .into_inner();
        assert!(shown.can_change, "{}", db.name);
        assert_eq!(shown.provider_whatsapp, "254712345678");

        // Moved: the new time taken and the old one freed together.
        let to = |date: NaiveDate, time: &str| pb::RescheduleRequest {
            token: token.clone(),
            date: day(date),
            time: time.into(),
        };
        let moved = c.reschedule_appointment(to(d, "12:00 PM")).await.unwrap().into_inner();
        assert_eq!(
            (moved.id.as_str(), moved.time.as_str(), moved.end_time.as_str()),
            (booked.id.as_str(), "12:00 PM", "1:00 PM")
        );
        let free = availability(&mut c, &hour, d).await;
        assert!(free.slots.contains(&"10:00 AM".to_owned()) && !free.slots.contains(&"12:00 PM".to_owned()));
        // To a full time: nothing changes.
        let e = c.reschedule_appointment(to(d, "2:00 PM")).await.unwrap_err();
        assert_eq!((e.code(), e.message()), (Code::AlreadyExists, SLOT_TAKEN));
        let still = c
            .get_appointment_by_cancel_token(pb::CancelTokenRequest { token: token.clone() })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(still.time, "12:00 PM");
        assert!(!availability(&mut c, &hour, d).await.slots.contains(&"12:00 PM".to_owned()), "still held");
        let e = c.reschedule_appointment(to(d, "11:15 AM")).await.unwrap_err();
        assert_eq!(e.code(), Code::InvalidArgument);
        // The link keeps working for the new time, another day included.
        let later = c.reschedule_appointment(to(d + Days::days(1), "9:00 AM")).await.unwrap().into_inner();
        assert_eq!(later.date, day(d + Days::days(1)));

        // Too close to the start, the link can no longer change or cancel it.
        let mut p = open_plan(1);
        p.change_notice_minutes = 2880;
        set_plan(&mut c, "stylist-1", p).await;
        let soon = today() + Days::days(1);
        let mut close = request(&hour, &day(soon), "9:00 PM", "late@example.com");
        close.customer_id = "customer-2".into();
        let close = c.create_appointment(close).await.unwrap().into_inner();
        let late = token_of(&mut c, "customer-2", &close.id).await;
        let shown = c
            .get_appointment_by_cancel_token(pb::CancelTokenRequest { token: late.clone() })
            .await
            .unwrap()
            .into_inner();
        assert!(!shown.can_change);
        let e = c.cancel_appointment(pb::CancelTokenRequest { token: late.clone() }).await.unwrap_err();
        assert_eq!((e.code(), e.message()), (Code::FailedPrecondition, TOO_LATE));
        let e =
            c.reschedule_appointment(pb::RescheduleRequest { token: late, date: day(soon), time: "10:00 PM".into() });
        assert_eq!(e.await.unwrap_err().message(), TOO_LATE);
        set_plan(&mut c, "stylist-1", open_plan(1)).await;

        // Cancelled once; the time is free again; a forged link is refused.
        let cancelled =
            c.cancel_appointment(pb::CancelTokenRequest { token: token.clone() }).await.unwrap().into_inner();
        assert_eq!(cancelled.status(), AppointmentStatus::Cancelled);
        let twice = c.cancel_appointment(pb::CancelTokenRequest { token: token.clone() }).await.unwrap_err();
        assert_eq!((twice.code(), twice.message()), (Code::FailedPrecondition, ALREADY_CANCELLED));
        let forged = c.cancel_appointment(pb::CancelTokenRequest { token: format!("{token}x") }).await.unwrap_err();
        assert_eq!((forged.code(), forged.message()), (Code::InvalidArgument, BAD_LINK));
        assert!(availability(&mut c, &hour, d + Days::days(1)).await.slots.contains(&"9:00 AM".to_owned()));

        // Only the provider acts on a booking; the customer's list comes upcoming first.
        let stranger = pb::AppointmentActionRequest { id: close.id.clone(), seller_id: "someone-else".into() };
        let e = c.confirm_appointment(stranger).await.unwrap_err();
        assert_eq!((e.code(), e.message()), (Code::PermissionDenied, NOT_YOURS));
        let mine =
            c.list_customer_appointments(pb::ListCustomerAppointmentsRequest { customer_id: "customer-1".into() });
        assert_eq!(mine.await.unwrap().into_inner().appointments.len(), 1);
        let n = c.count_appointments(pb::CountAppointmentsRequest { since: 0 }).await.unwrap().into_inner().count;
        assert_eq!(n, 3);
        // A customer who closes their account: their bookings no longer name it.
        c.forget_customer(pb::ForgetCustomerRequest { customer_id: "customer-1".into() }).await.unwrap();
        let mine =
            c.list_customer_appointments(pb::ListCustomerAppointmentsRequest { customer_id: "customer-1".into() });
        assert!(mine.await.unwrap().into_inner().appointments.is_empty());
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

#[tokio::test]
async fn a_provider_who_books_instantly_has_each_booking_confirmed_at_once_on_both_backends() {
    let others = start_others().await;
    // Demo sellers with accounts (the provider's e-mail needs their address) whose demo plans book
    // instantly.
    let instant_sellers = ["0193a000-0000-7000-8000-000000000001", "0193a000-0000-7000-8000-000000000002"];
    for (db, seller) in TestDb::both("booking").into_iter().zip(instant_sellers) {
        let hers = listing(&others, seller, 60).await;
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        let plan_of = async |c: &mut Client, seller: &str| {
            c.get_plan(pb::GetPlanRequest { seller_id: seller.into() }).await.unwrap().into_inner().instant_booking
        };
        // A provider who never saved a plan books instantly; one who saves it without saying keeps it.
        assert_eq!(plan_of(&mut c, "a-seller-without-a-plan").await, Some(true), "{}", db.name);
        assert_eq!(plan_of(&mut c, seller).await, Some(true), "{}: the demo plan", db.name);
        let mut instant = open_plan(1);
        instant.instant_booking = None;
        set_plan(&mut c, seller, instant).await;
        assert_eq!(plan_of(&mut c, seller).await, Some(true), "{}: left out, kept", db.name);

        let d = today() + Days::days(3);
        let customer = format!("instant-{}@example.com", db.name);
        let a = c.create_appointment(request(&hers, &day(d), "10:00 AM", &customer)).await.unwrap().into_inner();
        assert_eq!(a.status(), AppointmentStatus::Confirmed, "{}", db.name);
        svc.booking.work().await.unwrap();
        // The customer has the confirmation (with the invitation), not a request's receipt; the
        // provider a new booking to expect, not one to confirm.
        wait_mails(&others.mail_dir, &format!("Subject: Booking confirmed: {}|{customer}", a.service_name), 1).await;
        // With the listing's place and the way in there.
        let place = format!("Subject: Booking confirmed:|{customer}|Where: Kilimani, Nairobi|Directions: {DIRECTIONS}");
        assert_eq!(mails(&others.mail_dir, &place), 1, "{}", db.name);
        wait_mails(&others.mail_dir, &format!("Subject: New booking: {}|E-mail: {customer}", a.service_name), 1).await;
        assert_eq!(mails(&others.mail_dir, &format!("Subject: Booking request sent:|{customer}")), 0);
        svc.booking.work().await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        // Stored confirmed: nothing for the provider to confirm, and a "Confirm" changes nothing.
        let listed = c.list_seller_appointments(pb::ListSellerAppointmentsRequest { seller_id: seller.into() });
        let listed = listed.await.unwrap().into_inner().appointments;
        assert_eq!(listed.iter().find(|b| b.id == a.id).unwrap().status(), AppointmentStatus::Confirmed, "{}", db.name);
        let again = c.confirm_appointment(pb::AppointmentActionRequest { id: a.id.clone(), seller_id: seller.into() });
        assert_eq!(again.await.unwrap().into_inner().updated_at, a.updated_at, "unchanged");
        assert_eq!(mails(&others.mail_dir, &format!("Subject: Booking confirmed:|{customer}")), 1, "confirmed once");

        // Switched off: the next booking is a request again.
        set_plan(&mut c, seller, open_plan(1)).await;
        assert_eq!(plan_of(&mut c, seller).await, Some(false));
        let b = c.create_appointment(request(&hers, &day(d), "1:00 PM", &customer)).await.unwrap().into_inner();
        assert_eq!(b.status(), AppointmentStatus::Requested);
        svc.booking.work().await.unwrap();
        wait_mails(&others.mail_dir, &format!("Subject: Booking request sent: {}|{customer}", b.service_name), 1).await;
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

/// How many e-mails contain every one of `needles` (`|`-separated).
fn mails(mail_dir: &Path, needles: &str) -> usize {
    std::fs::read_dir(mail_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let mail = std::fs::read_to_string(e.path()).unwrap_or_default().replace("=\r\n", "");
            needles.split('|').all(|n| mail.contains(n))
        })
        .count()
}

async fn wait_mails(mail_dir: &Path, needle: &str, n: usize) {
    for _ in 0..100 {
        if mails(mail_dir, needle) >= n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(mails(mail_dir, needle), n, "{needle}");
}

#[tokio::test]
async fn reminders_morning_lists_and_provider_notices_go_exactly_once_on_both_backends() {
    let mut others = start_others().await;
    // A demo seller with an account (so the address is known), another one per backend: the morning
    // list's key is the seller and the day, and messaging-svc is shared by both runs.
    for (db, seller) in TestDb::both("booking").into_iter().zip([NJERI, MERCY]) {
        let hers = listing(&others, seller, 60).await;
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        set_plan(&mut c, seller, open_plan(1)).await;
        let d = today() + Days::days(3);
        let customer = format!("reminded-{}@example.com", db.name);
        let a = c.create_appointment(request(&hers, &day(d), "10:00 AM", &customer)).await.unwrap().into_inner();

        // The provider's new-booking e-mail goes through the worker.
        svc.booking.work().await.unwrap();
        wait_mails(&others.mail_dir, &format!("New booking request: {}", a.service_name), 1).await;

        // Not yet the evening before: no reminder. Then 6 PM the evening before passes: one reminder,
        // once, even when the worker runs again and after a restart.
        svc.booking.work().await.unwrap();
        assert_eq!(mails(&others.mail_dir, "Subject: Reminder:"), 0);
        let offset = reminder_at(a.starts_at) + 60 - Utc::now().timestamp();
        std::fs::write(&svc.clock, offset.to_string()).unwrap();
        svc.booking.work().await.unwrap();
        svc.booking.work().await.unwrap();
        wait_mails(&others.mail_dir, "Subject: Reminder:", 1).await;
        let restarted = start_booking(&others, &db).await;
        restarted.booking.work().await.unwrap();
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(mails(&others.mail_dir, "Subject: Reminder:"), 1, "{}: the reminder went once", db.name);
        let reminder = std::fs::read_dir(&others.mail_dir)
            .unwrap()
            .flatten()
            .map(|e| std::fs::read_to_string(e.path()).unwrap())
            .find(|m| m.contains("Subject: Reminder:"))
            .unwrap();
        assert!(reminder.contains("Reminder:") && reminder.contains("text/calendar"), "with its invite");
        let decoded = reminder.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=");
        assert!(decoded.contains("DTSTART;TZID=Africa/Nairobi:"), "{decoded}");

        // 7 AM on the day: the provider's list of the day, once.
        let seven = chrono::NaiveDateTime::new(d, chrono::NaiveTime::from_hms_opt(7, 5, 0).unwrap());
        let offset = seven.and_utc().timestamp() - 3 * 3600 - Utc::now().timestamp();
        std::fs::write(&svc.clock, offset.to_string()).unwrap();
        svc.booking.work().await.unwrap();
        restarted.booking.work().await.unwrap();
        wait_mails(&others.mail_dir, "Today on Mtaani: 1 booking", 1).await;
        std::fs::write(&svc.clock, "0").unwrap();

        // accounts-svc is down when a booking comes: the provider's e-mail waits, then goes.
        let accounts_addr = others.accounts.as_ref().unwrap().addr;
        others.accounts.take().unwrap().stop().await;
        let b = c
            .create_appointment(request(&hers, &day(d), "3:00 PM", "while-down@example.com"))
            .await
            .unwrap()
            .into_inner();
        svc.booking.work().await.unwrap();
        // The provider's e-mail about it (the customer has had theirs at once).
        let needle = "New booking request|while-down@example.com";
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(mails(&others.mail_dir, needle), 0, "no provider e-mail without accounts-svc");
        let accounts = accounts_svc::start(&others.accounts_config).await.unwrap();
        others.accounts = Some(Running::start(Some(accounts_addr), |l, s| accounts_svc::serve(accounts, l, s)).await);
        for _ in 0..50 {
            svc.booking.work().await.unwrap();
            if mails(&others.mail_dir, needle) > 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        wait_mails(&others.mail_dir, needle, 1).await;

        // The provider closes their account: their bookings are cancelled, each customer told.
        let gone = c.cancel_seller_appointments(pb::CancelSellerAppointmentsRequest { seller_id: seller.into() }).await;
        assert_eq!(gone.unwrap().into_inner().cancelled, 2);
        wait_mails(&others.mail_dir, "has closed their Mtaani account", 2).await;
        assert!(
            c.get_availability(pb::GetAvailabilityRequest { service_id: hers.clone(), date: day(d) })
                .await
                .unwrap()
                .into_inner()
                .slots
                .contains(&b.time)
        );
        std::fs::remove_dir_all(&others.mail_dir).ok();
        restarted.server.stop().await;
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

#[tokio::test]
async fn a_confirmed_booking_that_took_place_is_invited_for_review_once_on_both_backends() {
    let others = start_others().await;
    for (db, seller) in TestDb::both("booking").into_iter().zip([NJERI, MERCY]) {
        let hers = listing(&others, seller, 60).await;
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        set_plan(&mut c, seller, open_plan(3)).await;
        let d = day(today() + Days::days(2));
        let who = db.name;
        let book = |time: &str, email: String| request(&hers, &d, time, &email);
        let confirmed = c.create_appointment(book("10:00 AM", format!("reviewer-{who}@example.com"))).await.unwrap();
        let confirmed = confirmed.into_inner();
        let unanswered = c.create_appointment(book("10:00 AM", format!("waiting-{who}@example.com"))).await.unwrap();
        let declined = c.create_appointment(book("10:00 AM", format!("declined-{who}@example.com"))).await.unwrap();
        // The provider booking their own listing under their own address.
        let own_email = if seller == NJERI { "njeri@demo.mtaani.co.ke" } else { "mercy@demo.mtaani.co.ke" };
        let own = c.create_appointment(book("2:00 PM", own_email.to_owned())).await.unwrap().into_inner();
        let act = |id: &str| pb::AppointmentActionRequest { id: id.into(), seller_id: seller.into() };
        c.confirm_appointment(act(&confirmed.id)).await.unwrap();
        c.confirm_appointment(act(&own.id)).await.unwrap();
        c.decline_appointment(act(&declined.into_inner().id)).await.unwrap();
        let _ = unanswered;

        // Before its end (11:00): nothing.
        let offset = confirmed.starts_at + 59 * 60 - Utc::now().timestamp();
        std::fs::write(&svc.clock, offset.to_string()).unwrap();
        svc.booking.work().await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(mails(&others.mail_dir, "Subject: How was"), 0, "{who}: not before the booking ends");

        // Once every booking has ended: one invitation, to the confirmed booking's customer only, even
        // when the worker runs again and after a restart.
        let offset = confirmed.starts_at + 8 * 3600 - Utc::now().timestamp();
        std::fs::write(&svc.clock, offset.to_string()).unwrap();
        svc.booking.work().await.unwrap();
        svc.booking.work().await.unwrap();
        wait_mails(&others.mail_dir, "Subject: How was", 1).await;
        let restarted = start_booking(&others, &db).await;
        restarted.booking.work().await.unwrap();
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(mails(&others.mail_dir, "Subject: How was"), 1, "{who}: one invitation in all");
        assert_eq!(mails(&others.mail_dir, &format!("reviewer-{who}@example.com|/review?token")), 1);
        std::fs::write(&svc.clock, "0").unwrap();

        std::fs::remove_dir_all(&others.mail_dir).ok();
        restarted.server.stop().await;
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

/// Bookings are kept 24 months after the appointment date, then deleted with the time they held;
/// newer ones stay. On both backends.
#[tokio::test]
async fn bookings_are_deleted_after_their_retention_period() {
    for db in TestDb::both("booking") {
        let pool = mtaani_runtime::db::connect(&db.config, &booking_svc::MIGRATOR).await.unwrap().pool;
        let now = chrono::DateTime::parse_from_rfc3339("2028-06-15T09:00:00+03:00").unwrap().timestamp();
        for (id, date) in [("old", "2026-06-14"), ("kept", "2026-06-16")] {
            sqlx::query(
                "INSERT INTO appointments (id, service_id, service_name, seller_id, name, email, date, time, status, \
                 created_at, updated_at) VALUES ($1, 's1', 'Braids', 'seller', 'Amina', 'amina@example.com', $2, \
                 '10:00 AM', 'confirmed', 0, 0)",
            )
            .bind(id)
            .bind(date)
            .execute(&pool)
            .await
            .unwrap();
            sqlx::query("INSERT INTO time_holds (seller_id, cell, seat, appointment_id) VALUES ('seller', $1, 0, $2)")
                .bind(if id == "old" { 1_i64 } else { 2 })
                .bind(id)
                .execute(&pool)
                .await
                .unwrap();
        }
        assert_eq!(booking_svc::store::purge_expired(&pool, now).await.unwrap(), 1, "{}", db.name);
        let left: Vec<String> = sqlx::query_scalar("SELECT id FROM appointments").fetch_all(&pool).await.unwrap();
        assert_eq!(left, ["kept"], "{}", db.name);
        let held: Vec<String> =
            sqlx::query_scalar("SELECT appointment_id FROM time_holds").fetch_all(&pool).await.unwrap();
        assert_eq!(held, ["kept"], "{}", db.name);
        pool.close().await;
        db.cleanup().await;
    }
}

/// Kiswahili (issue 21): a booking keeps the language it was made in, and every e-mail to its
/// customer (the request, the confirmation, the reminder) is written in it; the provider's notices
/// are written in the language of the provider's account, as accounts-svc says it when they go. A
/// booking made without a language is English. On both backends.
#[tokio::test]
async fn bookings_write_to_each_person_in_their_language_on_both_backends() {
    use mtaani_proto::accounts::v1::{SetLanguageRequest, accounts_service_client::AccountsServiceClient};
    let others = start_others().await;
    let mut accounts = AccountsServiceClient::connect(others.accounts.as_ref().unwrap().url()).await.unwrap();
    for (db, seller) in TestDb::both("booking").into_iter().zip([NJERI, MERCY]) {
        accounts.set_language(SetLanguageRequest { user_id: seller.into(), language: "sw".into() }).await.unwrap();
        let hers = listing(&others, seller, 60).await;
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        set_plan(&mut c, seller, open_plan(2)).await;
        let d = today() + Days::days(3);
        let who = db.name;
        let mut kiswahili = request(&hers, &day(d), "10:00 AM", &format!("sw-{who}@example.com"));
        kiswahili.language = "sw".into();
        kiswahili.customer_id = format!("customer-sw-{who}");
        let a = c.create_appointment(kiswahili).await.unwrap().into_inner();
        assert_eq!(a.language, "sw", "{who}");
        let english = request(&hers, &day(d), "2:00 PM", &format!("en-{who}@example.com"));
        let b = c.create_appointment(english).await.unwrap().into_inner();
        assert_eq!(b.language, "en");

        let service = &a.service_name;
        wait_mails(&others.mail_dir, &format!("Subject: Ombi la miadi limetumwa: {service}|sw-{who}@"), 1).await;
        wait_mails(&others.mail_dir, &format!("Subject: Booking request sent: {service}|en-{who}@"), 1).await;
        // The provider's notices of both bookings, in her language.
        svc.booking.work().await.unwrap();
        wait_mails(&others.mail_dir, &format!("Subject: Ombi jipya la miadi: {service}"), 2).await;
        assert_eq!(mails(&others.mail_dir, &format!("Subject: New booking request: {service}")), 0, "{who}");

        let act = |id: &str| pb::AppointmentActionRequest { id: id.into(), seller_id: seller.into() };
        c.confirm_appointment(act(&a.id)).await.unwrap();
        c.confirm_appointment(act(&b.id)).await.unwrap();
        wait_mails(&others.mail_dir, &format!("Subject: Miadi imethibitishwa: {service}|sw-{who}@"), 1).await;
        wait_mails(&others.mail_dir, &format!("Subject: Booking confirmed: {service}|en-{who}@"), 1).await;

        // The evening before: the reminder, read back from the database, in the booking's language.
        let offset = reminder_at(a.starts_at) + 60 - Utc::now().timestamp();
        std::fs::write(&svc.clock, offset.to_string()).unwrap();
        svc.booking.work().await.unwrap();
        wait_mails(&others.mail_dir, &format!("Subject: Kumbusho: {service} kesho, 10:00|sw-{who}@"), 1).await;
        wait_mails(&others.mail_dir, &format!("Subject: Reminder: {service} tomorrow at 2:00 PM|en-{who}@"), 1).await;
        std::fs::write(&svc.clock, "0").unwrap();

        // The customer cancels by link: the provider is told in her language.
        let token = token_of(&mut c, &format!("customer-sw-{who}"), &a.id).await;
        c.cancel_appointment(pb::CancelTokenRequest { token }).await.unwrap();
        svc.booking.work().await.unwrap();
        wait_mails(&others.mail_dir, &format!("Subject: Miadi imeghairiwa: {service}"), 1).await;

        std::fs::remove_dir_all(&others.mail_dir).ok();
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

/// PostgreSQL: the workers read and claim the rows they are told of by primary key; the partial
/// indexes of waiting rows (after a burst, mostly entries of rows already handed over) serve only
/// the sweeps (migration 0008).
#[tokio::test]
async fn reads_by_id_leave_the_waiting_indexes_to_the_sweeps_on_postgresql() {
    use mtaani_runtime::testing::plans;
    let db = TestDb::postgres("booking");
    let pool = mtaani_runtime::db::connect(&db.config, &booking_svc::MIGRATOR).await.unwrap().pool;
    let sent = "CASE WHEN g % 50 = 0 THEN NULL ELSE g END";
    let o = plans(
        &pool,
        "notification_outbox",
        &format!(
            "(id, payload, attempts, next_attempt_at, sent_at, created_at) \
             SELECT 'o' || g, 'p', 0, 0, {sent}, g FROM generate_series(1, 2000) g"
        ),
        &[
            "SELECT id FROM notification_outbox WHERE id IN ('o1', 'o50') AND sent_at IS NULL",
            "SELECT id FROM notification_outbox WHERE sent_at IS NULL AND next_attempt_at <= 5 ORDER BY created_at \
             LIMIT 50",
        ],
    )
    .await;
    assert!(!o[0].contains("notification_outbox_waiting") && o[0].contains("notification_outbox_pkey"), "{}", o[0]);
    assert!(o[1].contains("notification_outbox_waiting"), "{}", o[1]);
    let n = plans(
        &pool,
        "provider_notices",
        &format!("(id, seller_id, payload, sent_at, created_at) SELECT 'n' || g, 's', 'p', {sent}, g FROM generate_series(1, 2000) g"),
        &[
            "UPDATE provider_notices SET sent_at = 1 WHERE id IN ('n1', 'n50') AND sent_at IS NULL RETURNING id",
            "SELECT id, seller_id, payload FROM provider_notices WHERE sent_at IS NULL AND created_at IS NOT NULL \
             ORDER BY created_at LIMIT 100",
        ],
    )
    .await;
    assert!(!n[0].contains("provider_notices_waiting") && n[0].contains("provider_notices_pkey"), "{}", n[0]);
    assert!(n[1].contains("provider_notices_waiting"), "{}", n[1]);
    pool.close().await;
    db.cleanup().await;
}

/// The customer's list reads the index that leaves out bookings made without signing in.
#[tokio::test]
async fn the_customers_list_reads_the_index_of_signed_in_bookings_on_postgresql() {
    use mtaani_runtime::testing::plans;
    let db = TestDb::postgres("booking");
    let pool = mtaani_runtime::db::connect(&db.config, &booking_svc::MIGRATOR).await.unwrap().pool;
    let c = plans(
        &pool,
        "appointments",
        "(id, service_id, service_name, seller_id, name, email, date, time, status, created_at, updated_at, \
         starts_at, customer_id) SELECT 'a' || g, 's', 'Cut', 's', 'N', 'n@example.com', '2030-01-07', '10:00 AM', \
         'requested', g, g, g, CASE WHEN g % 2 = 0 THEN NULL ELSE 'c' || (g % 100) END FROM generate_series(1, 2000) g",
        &["SELECT id FROM appointments WHERE customer_id = 'c7' ORDER BY starts_at ASC, id ASC LIMIT 500"],
    )
    .await;
    assert!(c[0].contains("appointments_customer"), "{}", c[0]);
    pool.close().await;
    db.cleanup().await;
}
