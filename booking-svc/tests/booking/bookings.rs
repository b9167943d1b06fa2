//! booking-svc on its own, on SQLite and on PostgreSQL, its neighbours faked at the contract
//! (support.rs): bookings that fit the provider's week (hours, days off, notice, horizon, length,
//! capacity shared by all their listings, guaranteed by the database under simultaneous requests),
//! availability and the calendar, the provider's answers, the customer's link to change or cancel
//! and who is told of each change, retention and the indexes the workers read. What needs the real
//! neighbours (their e-mails, catalog-svc's stream, review invitations) is in the system tests.

use std::{collections::HashMap, time::Duration};

use crate::support::{
    Client,
    calls::{day, next, open_plan, plan, request, set_plan, today, token_of},
    listing, reason, start_booking, start_others,
};
use chrono::{Duration as Days, NaiveDate, Weekday};
use mtaani_proto::{
    booking::v1::{self as pb, AppointmentStatus},
    status::{ErrorCode, error_code, field_errors, text},
    text::said,
};
use mtaani_runtime::testing::{TestDb, eventually};
use tonic::Code;

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
        assert_eq!((lost.code(), text(lost)), (Code::AlreadyExists, Some(said::slot_taken())), "{db}");
        assert_eq!(error_code(lost), ErrorCode::SlotTaken, "{db}");
    }
    results.iter().filter(|r| r.is_ok()).count()
}

async fn availability(c: &mut Client, listing: &str, date: NaiveDate) -> pb::GetAvailabilityResponse {
    c.get_availability(pb::GetAvailabilityRequest { service_id: listing.into(), date: day(date), ..Default::default() })
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
/// read (caches/setups.rs), and a plan saved through the other is still the one its next booking meets,
/// both ways (`store::book_at_once` checks it): a second chair takes a second booking, a closed day
/// takes none; its days show the change once heard.
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
    assert_eq!((e.code(), text(&e)), (Code::AlreadyExists, Some(said::slot_taken())));

    set_plan(&mut c2, "barber-9", open_plan(2)).await;
    let second = c1.create_appointment(request(&hour, &day(tue), "10:00 AM", "b@example.com")).await;
    assert_eq!(second.map(|a| a.into_inner().time).unwrap(), "10:00 AM", "the second chair saved through two");
    let e = c1.create_appointment(request(&hour, &day(tue), "10:00 AM", "c@example.com")).await.unwrap_err();
    assert_eq!((e.code(), text(&e)), (Code::AlreadyExists, Some(said::slot_taken())), "two chairs, two bookings");

    set_plan(&mut c2, "barber-9", plan(&["wed"], ("07:00", "23:00"), 2, 0)).await;
    let e = c1.create_appointment(request(&hour, &day(tue), "2:00 PM", "d@example.com")).await.unwrap_err();
    assert_eq!(
        (e.code(), text(&e)),
        (Code::InvalidArgument, Some(said::closed_that_day())),
        "Tuesdays closed through two"
    );
    // The days one shows follow within moments (its kept setups hear two's change: LISTEN/NOTIFY).
    eventually("replica one showing Tuesday closed", Duration::from_millis(1500), async || {
        availability(&mut c1.clone(), &hour, tue).await.closed
    })
    .await;
    // And one knows the new plan from then on.
    let wed = tue.succ_opt().unwrap();
    c1.create_appointment(request(&hour, &day(wed), "2:00 PM", "d@example.com")).await.unwrap();

    // A seller on the default plan (no row: kept as none) who then saves one through two.
    let other = listing(&others, "barber-10", 60).await;
    c1.create_appointment(request(&other, &day(tue), "10:00 AM", "e@example.com")).await.unwrap();
    set_plan(&mut c2, "barber-10", plan(&["wed"], ("07:00", "23:00"), 1, 0)).await;
    let e = c1.create_appointment(request(&other, &day(tue), "2:00 PM", "f@example.com")).await.unwrap_err();
    assert_eq!(
        (e.code(), text(&e)),
        (Code::InvalidArgument, Some(said::closed_that_day())),
        "a first plan saved through two"
    );
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
        assert_eq!((e.code(), text(&e)), (Code::InvalidArgument, Some(said::closed_that_day())), "{}", db.name);
        assert_eq!((error_code(&e), field_errors(&e)[0].0.as_str()), (ErrorCode::OutsideHours, "date"));
        for outside in ["9:30 AM", "1:00 PM", "2:00 PM"] {
            let e = c.create_appointment(request(&long, &day(tue), outside, "a@example.com")).await.unwrap_err();
            assert_eq!(text(&e), Some(said::outside_hours()), "{outside}: a 90-minute service must end by 14:00");
            assert_eq!((error_code(&e), field_errors(&e)[0].0.as_str()), (ErrorCode::OutsideHours, "time"));
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
        assert_eq!((e.code(), text(&e)), (Code::AlreadyExists, Some(said::slot_taken())));

        // A closed day says so and points to the next open one.
        let closed = availability(&mut c, &long, wed).await;
        assert!(closed.closed && closed.slots.is_empty());
        assert_eq!(
            (reason(&closed.reason), closed.next_open_date.as_str()),
            (said::closed_that_day(), day(tue + Days::days(7)).as_str())
        );

        // The calendar: Tuesdays bookable, the rest closed with the reason.
        let month = c
            .get_calendar(pb::GetCalendarRequest {
                service_id: long.clone(),
                month: tue.format("%Y-%m").to_string(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        let days: HashMap<String, pb::CalendarDay> = month.days.into_iter().map(|d| (d.date.clone(), d)).collect();
        assert!(days[&day(tue)].bookable);
        assert_eq!(reason(&days[&day(wed)].reason), said::closed_that_day());
        let e = c
            .get_calendar(pb::GetCalendarRequest {
                service_id: long.clone(),
                month: "2026-13".into(),
                ..Default::default()
            })
            .await;
        assert_eq!(e.unwrap_err().code(), Code::InvalidArgument);

        // Days off, notice and horizon.
        let mut p = plan(&["tue"], ("10:00", "14:00"), 1, 120);
        p.days_off = vec![day(tue)];
        set_plan(&mut c, "braider-1", p).await;
        let e = c.create_appointment(request(&long, &day(tue), "12:30 PM", "c@example.com")).await.unwrap_err();
        assert_eq!((text(&e), error_code(&e)), (Some(said::closed_that_day()), ErrorCode::OutsideHours), "a day off");
        let mut p = open_plan(1);
        p.min_notice_minutes = 2880;
        p.horizon_days = 30;
        set_plan(&mut c, "braider-1", p).await;
        let tomorrow = today() + Days::days(1);
        let e = c.create_appointment(request(&long, &day(tomorrow), "9:00 PM", "d@example.com")).await.unwrap_err();
        assert_eq!(e.message(), "Please book at least 2 days ahead.");
        assert_eq!(text(&e), Some(said::too_soon(said::n_days(2))), "its values travel with it");
        let far = today() + Days::days(40);
        let e = c.create_appointment(request(&long, &day(far), "10:00 AM", "e@example.com")).await.unwrap_err();
        assert_eq!(e.message(), "The provider takes bookings up to 30 days ahead.");
        assert_eq!(text(&e), Some(said::beyond_horizon(30)));
        let e = c.set_plan(pb::SetPlanRequest {
            seller_id: "braider-1".into(),
            plan: Some(plan(&["tue"], ("10:00", "09:00"), 1, 0)),
        });
        let e = e.await.unwrap_err();
        assert_eq!(field_errors(&e)[0].0, "weekly.tue");

        // A seller without a plan has the default one: Monday to Saturday 08:00–18:00.
        let default = c.get_plan(pb::GetPlanRequest { seller_id: "someone-new".into() }).await.unwrap().into_inner();
        assert_eq!((default.weekly[0].intervals[0].start.as_str(), default.weekly[6].intervals.len()), ("08:00", 0));
        assert_eq!((default.min_notice_minutes, default.horizon_days, default.capacity), (60, 60, 1));
        let unknown = pb::CreateAppointmentRequest {
            service_id: "no-such-listing".into(),
            ..request(&long, &day(tue), "1:00 PM", "x@example.com")
        };
        let e = c.create_appointment(unknown).await.unwrap_err();
        assert_eq!((e.code(), text(&e)), (Code::NotFound, Some(said::service_not_found())));
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
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
            ..Default::default()
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
        assert_eq!((e.code(), text(&e)), (Code::AlreadyExists, Some(said::slot_taken())));
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
        assert_eq!((e.code(), text(&e)), (Code::FailedPrecondition, Some(said::too_late_to_change())));
        assert_eq!(error_code(&e), ErrorCode::TooLateToChange);
        let e = c.reschedule_appointment(pb::RescheduleRequest {
            token: late,
            date: day(soon),
            time: "10:00 PM".into(),
            ..Default::default()
        });
        assert_eq!(e.await.unwrap_err().message(), said::too_late_to_change().to_string());
        set_plan(&mut c, "stylist-1", open_plan(1)).await;

        // Cancelled once; the time is free again; a forged link is refused.
        let cancelled =
            c.cancel_appointment(pb::CancelTokenRequest { token: token.clone() }).await.unwrap().into_inner();
        assert_eq!(cancelled.status(), AppointmentStatus::Cancelled);
        let twice = c.cancel_appointment(pb::CancelTokenRequest { token: token.clone() }).await.unwrap_err();
        assert_eq!((twice.code(), text(&twice)), (Code::FailedPrecondition, Some(said::booking_already_cancelled())));
        assert_eq!(error_code(&twice), ErrorCode::BookingClosed);
        let forged = c.cancel_appointment(pb::CancelTokenRequest { token: format!("{token}x") }).await.unwrap_err();
        assert_eq!((forged.code(), text(&forged)), (Code::InvalidArgument, Some(said::bad_cancel_link())));
        assert!(availability(&mut c, &hour, d + Days::days(1)).await.slots.contains(&"9:00 AM".to_owned()));

        // Only the provider acts on a booking; the customer's list comes upcoming first.
        let stranger = pb::AppointmentActionRequest { id: close.id.clone(), seller_id: "someone-else".into() };
        let e = c.confirm_appointment(stranger).await.unwrap_err();
        assert_eq!((e.code(), text(&e)), (Code::PermissionDenied, Some(said::own_bookings_only())));
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

/// The dialog's day after each kind of change of a booking, the day read just before it (on SQLite
/// booking-svc keeps the days it read: every change must reach them): made, moved, declined, cancelled
/// by its customer, cancelled because the provider left. On both backends.
#[tokio::test]
async fn each_change_of_a_booking_shows_in_the_next_read_of_its_day_on_both_backends() {
    let others = start_others().await;
    let hour = listing(&others, "stylist-3", 60).await;
    for db in TestDb::both("booking") {
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        set_plan(&mut c, "stylist-3", open_plan(1)).await;
        let d = today() + Days::days(5);
        let free = |c: &mut Client, time: &'static str| {
            let mut c = c.clone();
            let hour = hour.clone();
            async move { availability(&mut c, &hour, d).await.slots.contains(&time.to_owned()) }
        };
        assert!(free(&mut c, "10:00 AM").await && free(&mut c, "12:00 PM").await, "{}", db.name);

        let mut mine = request(&hour, &day(d), "10:00 AM", "wairimu@example.com");
        mine.customer_id = "customer-3".into();
        let booked = c.create_appointment(mine).await.unwrap().into_inner();
        assert!(!free(&mut c, "10:00 AM").await, "{}: made", db.name);

        let token = token_of(&mut c, "customer-3", &booked.id).await;
        let to_noon =
            pb::RescheduleRequest { token: token.clone(), date: day(d), time: "12:00 PM".into(), ..Default::default() };
        c.reschedule_appointment(to_noon).await.unwrap();
        assert!(free(&mut c, "10:00 AM").await, "{}: moved from", db.name);
        assert!(!free(&mut c, "12:00 PM").await, "{}: moved to", db.name);

        c.cancel_appointment(pb::CancelTokenRequest { token }).await.unwrap();
        assert!(free(&mut c, "12:00 PM").await, "{}: cancelled by its customer", db.name);

        let other = c.create_appointment(request(&hour, &day(d), "2:00 PM", "kamau@example.com")).await.unwrap();
        assert!(!free(&mut c, "2:00 PM").await, "{}", db.name);
        let decline = pb::AppointmentActionRequest { id: other.into_inner().id, seller_id: "stylist-3".into() };
        c.decline_appointment(decline).await.unwrap();
        assert!(free(&mut c, "2:00 PM").await, "{}: declined", db.name);

        c.create_appointment(request(&hour, &day(d), "4:00 PM", "otieno@example.com")).await.unwrap();
        assert!(!free(&mut c, "4:00 PM").await, "{}", db.name);
        let left = pb::CancelSellerAppointmentsRequest { seller_id: "stylist-3".into() };
        assert_eq!(c.cancel_seller_appointments(left).await.unwrap().into_inner().cancelled, 1);
        assert!(free(&mut c, "4:00 PM").await, "{}: the provider left", db.name);
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

/// The name of a notification's kind, as the contract spells it.
fn kind(n: &mtaani_proto::messaging::v1::SendNotificationRequest) -> &'static str {
    use mtaani_proto::messaging::v1::send_notification_request::Kind;
    match n.kind {
        Some(Kind::NewBooking(_)) => "new_booking",
        Some(Kind::BookingRequested(_)) => "booking_requested",
        Some(Kind::BookingConfirmed(_)) => "booking_confirmed",
        Some(Kind::BookingMoved(_)) => "booking_moved",
        Some(Kind::BookingRescheduled(_)) => "booking_rescheduled",
        Some(Kind::BookingCancelled(_)) => "booking_cancelled",
        _ => "other",
    }
}

/// Who is told of what, counted for each person at messaging-svc's door: a request, two moves and a
/// cancellation by the customer's link reach the customer and the provider with one message each,
/// however often the worker runs (a moved booking once reached its customer and never its provider).
#[tokio::test]
async fn each_person_is_told_of_each_change_once_on_both_backends() {
    let others = start_others().await;
    for db in TestDb::both("booking") {
        let seller = format!("told-seller-{}", db.name);
        others.accounts.add_provider(&seller, "en");
        let hers = listing(&others, &seller, 60).await;
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        set_plan(&mut c, &seller, open_plan(1)).await;
        let d = today() + Days::days(4);
        let customer = format!("told-{}@example.com", db.name);
        let mut asked = request(&hers, &day(d), "10:00 AM", &customer);
        asked.customer_id = format!("told-{}", db.name);
        let booked = c.create_appointment(asked).await.unwrap().into_inner();
        let token = token_of(&mut c, &format!("told-{}", db.name), &booked.id).await;
        for time in ["12:00 PM", "3:00 PM"] {
            let to =
                pb::RescheduleRequest { token: token.clone(), date: day(d), time: time.into(), ..Default::default() };
            c.reschedule_appointment(to).await.unwrap();
        }
        c.cancel_appointment(pb::CancelTokenRequest { token }).await.unwrap();

        let provider = format!("{seller}@example.com");
        let kinds = |to: &str| others.messaging.to(to).iter().map(kind).collect::<Vec<_>>();
        let want_customer = ["booking_requested", "booking_moved", "booking_moved"];
        let want_provider = ["new_booking", "booking_rescheduled", "booking_rescheduled", "booking_cancelled"];
        eventually("every notice handed to messaging-svc", Duration::from_secs(10), async || {
            svc.booking.work().await.unwrap();
            kinds(&customer).len() >= want_customer.len() && kinds(&provider).len() >= want_provider.len()
        })
        .await;
        svc.booking.work().await.unwrap();
        let pool = mtaani_runtime::db::connect(&db.config, &booking_svc::MIGRATOR).await.unwrap().pool;
        eventually("every notice handed over", Duration::from_secs(10), async || {
            mtaani_runtime::outbox::unsent(&pool).await.unwrap() == 0
        })
        .await;
        pool.close().await;
        let mut got = kinds(&customer);
        got.sort_unstable();
        assert_eq!(got, ["booking_moved", "booking_moved", "booking_requested"], "{}: the customer", db.name);
        let mut got = kinds(&provider);
        got.sort_unstable();
        let mut want = want_provider.to_vec();
        want.sort_unstable();
        assert_eq!(got, want, "{}: the provider", db.name);
        let moved = others.messaging.to(&provider);
        let times: Vec<&str> = moved
            .iter()
            .filter_map(|n| match &n.kind {
                Some(mtaani_proto::messaging::v1::send_notification_request::Kind::BookingRescheduled(b)) => {
                    Some(b.time.as_str())
                }
                _ => None,
            })
            .collect();
        assert!(times.contains(&"12:00 PM") && times.contains(&"3:00 PM"), "{}: each move's time: {times:?}", db.name);
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}
