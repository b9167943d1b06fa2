//! booking-svc against the real catalog, accounts and messaging services on loopback, on SQLite and
//! on PostgreSQL: a hidden listing's change arriving on catalog-svc's stream, instant booking's
//! e-mails, reminders and morning lists sent exactly once, notices that wait for accounts-svc, review
//! invitations, and each person written to in their language. The rules of a booking on their own
//! are booking-svc's tests (booking-svc/tests, its neighbours faked).

use std::time::Duration;

use booking_svc::notices::reminder_at;
use chrono::{Duration as Days, Utc};
use mtaani_proto::{
    booking::v1::{self as pb, AppointmentStatus},
    catalog::v1::{self as cat, catalog_service_client::CatalogServiceClient},
};
use mtaani_runtime::testing::{Running, TestDb, eventually};
use tonic::Code;

use crate::support::{Mailbox, PNG_1X1, Queues, Services};
use booking_svc::testing::{
    Client, Server, Svc, day, open_plan, request, set_plan, start_booking_with, today, token_of,
};

/// Where the test listings say to go once in Kilimani.
const DIRECTIONS: &str = "Upstairs above Naivas, 2nd floor, blue door";
/// Njeri and Mercy, demo sellers whose accounts exist in accounts-svc (their e-mails are known).
const NJERI: &str = mtaani_proto::demo::SELLERS[2].id;
const MERCY: &str = mtaani_proto::demo::SELLERS[5].id;

/// The services booking-svc calls, started once for a test that starts booking-svc itself on each
/// backend.
struct Others {
    catalog: Server,
    accounts: Option<Server>,
    accounts_config: accounts_svc::Config,
    messaging: Server,
    mail: Mailbox,
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
    Others {
        catalog: Services::start_catalog(&catalog_config, None).await,
        accounts: Some(Running::start(None, |l, s| accounts_svc::serve(accounts, l, s)).await),
        accounts_config,
        messaging,
        mail: Mailbox::new(m.data_dir.join("mail")),
        dbs: vec![a, c, m],
    }
}

impl Others {
    /// Waits until every notification stored so far, by these services and by booking-svc on
    /// `booking`, has reached its file.
    async fn delivered(&self, booking: &TestDb) {
        let queues = Queues::of(self.dbs.iter().chain([booking])).await;
        queues.drained().await;
        queues.close().await;
    }

    /// How many e-mails so far hold every one of `needles` (`|`-separated).
    fn mails(&self, needles: &str) -> usize {
        self.mail.count(&needles.split('|').collect::<Vec<_>>())
    }

    /// Waits for `n` e-mails holding every one of `needles` (`|`-separated), and no more.
    async fn wait_mails(&self, needles: &str, n: usize) {
        eventually(needles, Duration::from_secs(10), async || self.mails(needles) >= n).await;
        assert_eq!(self.mails(needles), n, "{needles}");
    }

    /// Forgets the e-mails so far (messaging-svc is shared by both backends' runs).
    fn clear_mails(&self) {
        std::fs::remove_dir_all(self.mail.dir()).ok();
    }

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

/// booking-svc on `db`, its neighbours these services.
async fn start_booking(others: &Others, db: &TestDb) -> Svc {
    let (catalog, messaging) = (others.catalog.addr.to_string(), others.messaging.addr.to_string());
    start_booking_with([&catalog, &others.accounts_addr(), &messaging], db).await
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
        user_name: String::new(),
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
        images: vec![cat::PhotoUpload { data_url: PNG_1X1.into(), file_name: "p.png".into() }],
        keep_media: vec![],
        duration_minutes: minutes,
        directions: Some(DIRECTIONS.into()),
        ..Default::default()
    };
    let r = cat::CreateListingRequest { seller: Some(seller), input: Some(input), idempotency_key: String::new() };
    c.create_listing(r).await.unwrap().into_inner().id
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
        let what = format!("{}: a hidden listing refusing bookings", db.name);
        let refused = eventually(&what, Duration::from_secs(1), async || {
            c.create_appointment(request(&l, &d, "11:00 AM", "later@example.com")).await.err()
        })
        .await;
        assert_eq!(
            (refused.code(), refused.message()),
            (Code::NotFound, mtaani_proto::text::said::service_not_found().to_string().as_str()),
            "{}",
            db.name
        );

        catalog.restore_listing(moderate()).await.unwrap();
        let what = format!("{}: a restored listing taking bookings", db.name);
        let back = eventually(&what, Duration::from_secs(3), async || {
            c.create_appointment(request(&l, &d, "12:00 PM", "back@example.com")).await.map(|a| a.into_inner())
        })
        .await;
        assert_eq!(back.service_id, l, "{}", db.name);
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
    let instant_sellers = [mtaani_proto::demo::SELLERS[0].id, mtaani_proto::demo::SELLERS[1].id];
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
        others.wait_mails(&format!("Subject: Booking confirmed: {}|{customer}", a.service_name), 1).await;
        // With the listing's place and the way in there.
        let place = format!("Subject: Booking confirmed:|{customer}|Where: Kilimani, Nairobi|Directions: {DIRECTIONS}");
        assert_eq!(others.mails(&place), 1, "{}", db.name);
        others.wait_mails(&format!("Subject: New booking: {}|E-mail: {customer}", a.service_name), 1).await;
        assert_eq!(others.mails(&format!("Subject: Booking request sent:|{customer}")), 0);
        svc.booking.work().await.unwrap();
        others.delivered(&db).await;
        // Stored confirmed: nothing for the provider to confirm, and a "Confirm" changes nothing.
        let listed = c.list_seller_appointments(pb::ListSellerAppointmentsRequest { seller_id: seller.into() });
        let listed = listed.await.unwrap().into_inner().appointments;
        assert_eq!(listed.iter().find(|b| b.id == a.id).unwrap().status(), AppointmentStatus::Confirmed, "{}", db.name);
        let again = c.confirm_appointment(pb::AppointmentActionRequest { id: a.id.clone(), seller_id: seller.into() });
        assert_eq!(again.await.unwrap().into_inner().updated_at, a.updated_at, "unchanged");
        assert_eq!(others.mails(&format!("Subject: Booking confirmed:|{customer}")), 1, "confirmed once");

        // Switched off: the next booking is a request again.
        set_plan(&mut c, seller, open_plan(1)).await;
        assert_eq!(plan_of(&mut c, seller).await, Some(false));
        let b = c.create_appointment(request(&hers, &day(d), "1:00 PM", &customer)).await.unwrap().into_inner();
        assert_eq!(b.status(), AppointmentStatus::Requested);
        svc.booking.work().await.unwrap();
        others.wait_mails(&format!("Subject: Booking request sent: {}|{customer}", b.service_name), 1).await;
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
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
        others.wait_mails(&format!("New booking request: {}", a.service_name), 1).await;

        // Not yet the evening before: no reminder. Then 6 PM the evening before passes: one reminder,
        // once, even when the worker runs again and after a restart.
        svc.booking.work().await.unwrap();
        assert_eq!(others.mails("Subject: Reminder:"), 0);
        let offset = reminder_at(a.starts_at) + 60 - Utc::now().timestamp();
        std::fs::write(&svc.clock, offset.to_string()).unwrap();
        svc.booking.work().await.unwrap();
        svc.booking.work().await.unwrap();
        others.wait_mails("Subject: Reminder:", 1).await;
        let restarted = start_booking(&others, &db).await;
        restarted.booking.work().await.unwrap();
        others.delivered(&db).await;
        assert_eq!(others.mails("Subject: Reminder:"), 1, "{}: the reminder went once", db.name);
        let reminder = others.mail.all().into_iter().find(|m| m.contains("Subject: Reminder:")).unwrap();
        assert!(reminder.contains("Reminder:") && reminder.contains("text/calendar"), "with its invite");
        assert!(reminder.contains("DTSTART;TZID=Africa/Nairobi:"), "{reminder}");

        // 7 AM on the day: the provider's list of the day, once.
        let seven = chrono::NaiveDateTime::new(d, chrono::NaiveTime::from_hms_opt(7, 5, 0).unwrap());
        let offset = seven.and_utc().timestamp() - 3 * 3600 - Utc::now().timestamp();
        std::fs::write(&svc.clock, offset.to_string()).unwrap();
        svc.booking.work().await.unwrap();
        restarted.booking.work().await.unwrap();
        others.wait_mails("Today on Mtaani: 1 booking", 1).await;
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
        others.delivered(&db).await;
        assert_eq!(others.mails(needle), 0, "no provider e-mail without accounts-svc");
        let accounts = accounts_svc::start(&others.accounts_config).await.unwrap();
        others.accounts = Some(Running::start(Some(accounts_addr), |l, s| accounts_svc::serve(accounts, l, s)).await);
        eventually("the provider's e-mail once accounts-svc is back", Duration::from_secs(10), async || {
            svc.booking.work().await.unwrap();
            others.mails(needle) > 0
        })
        .await;
        others.wait_mails(needle, 1).await;

        // The provider closes their account: their bookings are cancelled, each customer told.
        let gone = c.cancel_seller_appointments(pb::CancelSellerAppointmentsRequest { seller_id: seller.into() }).await;
        assert_eq!(gone.unwrap().into_inner().cancelled, 2);
        others.wait_mails("has closed their Mtaani account", 2).await;
        assert!(
            c.get_availability(pb::GetAvailabilityRequest {
                service_id: hers.clone(),
                date: day(d),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner()
            .slots
            .contains(&b.time)
        );
        others.clear_mails();
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
        others.delivered(&db).await;
        assert_eq!(others.mails("Subject: How was"), 0, "{who}: not before the booking ends");

        // Once every booking has ended: one invitation, to the confirmed booking's customer only, even
        // when the worker runs again and after a restart.
        let offset = confirmed.starts_at + 8 * 3600 - Utc::now().timestamp();
        std::fs::write(&svc.clock, offset.to_string()).unwrap();
        svc.booking.work().await.unwrap();
        svc.booking.work().await.unwrap();
        others.wait_mails("Subject: How was", 1).await;
        let restarted = start_booking(&others, &db).await;
        restarted.booking.work().await.unwrap();
        others.delivered(&db).await;
        assert_eq!(others.mails("Subject: How was"), 1, "{who}: one invitation in all");
        assert_eq!(others.mails(&format!("reviewer-{who}@example.com|/review?token")), 1);
        std::fs::write(&svc.clock, "0").unwrap();

        others.clear_mails();
        restarted.server.stop().await;
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

/// Kiswahili: a booking keeps the language it was made in, and every e-mail to its
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
        others.wait_mails(&format!("Subject: Ombi la miadi limetumwa: {service}|sw-{who}@"), 1).await;
        others.wait_mails(&format!("Subject: Booking request sent: {service}|en-{who}@"), 1).await;
        // The provider's notices of both bookings, in her language.
        svc.booking.work().await.unwrap();
        others.wait_mails(&format!("Subject: Ombi jipya la miadi: {service}"), 2).await;
        assert_eq!(others.mails(&format!("Subject: New booking request: {service}")), 0, "{who}");

        let act = |id: &str| pb::AppointmentActionRequest { id: id.into(), seller_id: seller.into() };
        c.confirm_appointment(act(&a.id)).await.unwrap();
        c.confirm_appointment(act(&b.id)).await.unwrap();
        others.wait_mails(&format!("Subject: Miadi imethibitishwa: {service}|sw-{who}@"), 1).await;
        others.wait_mails(&format!("Subject: Booking confirmed: {service}|en-{who}@"), 1).await;

        // The evening before: the reminder, read back from the database, in the booking's language.
        let offset = reminder_at(a.starts_at) + 60 - Utc::now().timestamp();
        std::fs::write(&svc.clock, offset.to_string()).unwrap();
        svc.booking.work().await.unwrap();
        others.wait_mails(&format!("Subject: Kumbusho: {service} kesho, 10:00|sw-{who}@"), 1).await;
        others.wait_mails(&format!("Subject: Reminder: {service} tomorrow at 2:00 PM|en-{who}@"), 1).await;
        std::fs::write(&svc.clock, "0").unwrap();

        // The customer cancels by link: the provider is told in her language.
        let token = token_of(&mut c, &format!("customer-sw-{who}"), &a.id).await;
        c.cancel_appointment(pb::CancelTokenRequest { token }).await.unwrap();
        svc.booking.work().await.unwrap();
        others.wait_mails(&format!("Subject: Miadi imeghairiwa: {service}"), 1).await;

        others.clear_mails();
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}
