//! What every test of booking-svc does alike, whether its neighbours are faked (its own tests/support)
//! or real (the system tests): start it, give a provider a plan, ask for a booking, find a booking's
//! link. Built with the `testing` feature only.

use crate::{Booking, Config};
use chrono::{Datelike, Duration as Days, NaiveDate, Utc, Weekday};
use mtaani_proto::booking::v1::{self as pb, booking_service_client::BookingServiceClient};
use mtaani_runtime::testing::{Running, TestDb};
use tonic::transport::Channel;

pub type Server = Running<tonic::transport::Error>;
pub type Client = BookingServiceClient<Channel>;

/// booking-svc itself, on `db`, without its worker (a test runs `booking.work()` when it means to),
/// with a clock the test moves by writing seconds to `clock`.
pub struct Svc {
    pub server: Server,
    pub client: Client,
    pub booking: Booking,
    pub clock: std::path::PathBuf,
}

pub async fn start_booking_with(neighbours: [&str; 3], db: &TestDb) -> Svc {
    let [catalog, accounts, messaging] = neighbours;
    let mut config = Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone(), catalog, accounts, messaging);
    std::fs::create_dir_all(&db.data_dir).unwrap();
    let clock = db.data_dir.join("clock");
    config.test_clock_file = Some(clock.clone());
    let booking = crate::start_without_worker(&config).await.expect("booking starts");
    let server = Running::start(None, {
        let booking = booking.clone();
        |l, stop| crate::serve(booking, l, stop)
    })
    .await;
    let client = BookingServiceClient::new(Channel::from_shared(server.url()).unwrap().connect().await.unwrap());
    Svc { server, client, booking, clock }
}

pub fn today() -> NaiveDate {
    (Utc::now() + Days::hours(3)).date_naive()
}

/// The first `weekday` at least `after` days from today (Nairobi).
pub fn next(weekday: Weekday, after: i64) -> NaiveDate {
    let mut d = today() + Days::days(after);
    while d.weekday() != weekday {
        d = d.succ_opt().unwrap();
    }
    d
}

pub fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Every day 07:00–23:00, no notice, a year ahead.
pub fn open_plan(capacity: i32) -> pb::ProviderPlan {
    plan(&["mon", "tue", "wed", "thu", "fri", "sat", "sun"], ("07:00", "23:00"), capacity, 0)
}

pub fn plan(days: &[&str], hours: (&str, &str), capacity: i32, notice: i32) -> pb::ProviderPlan {
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

pub async fn set_plan(c: &mut Client, seller: &str, p: pb::ProviderPlan) {
    c.set_plan(pb::SetPlanRequest { seller_id: seller.into(), plan: Some(p) }).await.unwrap();
}

pub fn request(listing: &str, date: &str, time: &str, email: &str) -> pb::CreateAppointmentRequest {
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
        ..Default::default()
    }
}

/// The token of a customer's "Change or cancel" link, as their account lists it.
pub async fn token_of(c: &mut Client, customer: &str, id: &str) -> String {
    let mine = c.list_customer_appointments(pb::ListCustomerAppointmentsRequest { customer_id: customer.into() }).await;
    mine.unwrap().into_inner().appointments.into_iter().find(|a| a.id == id).expect("listed").manage_token
}
