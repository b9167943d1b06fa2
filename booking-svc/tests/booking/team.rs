//! A provider's team and service menu in booking-svc, on SQLite and on PostgreSQL, its
//! neighbours faked at the contract: members with their own diaries inside the provider's plan, the
//! menu's services adding up in length and price, "anyone available" assigning a free member and a
//! named member refused when only others are free, all guaranteed by the database under 20
//! simultaneous customers; a member who leaves has their bookings moved or cancelled, never dropped.

use crate::support::{
    Client,
    calls::{day, open_plan, request, set_plan, today, token_of},
    menu_listing, reason, start_booking, start_others,
};
use chrono::Duration as Days;
use mtaani_proto::{
    booking::v1::{self as pb, AppointmentStatus},
    messaging::v1::send_notification_request::Kind,
    status::{ErrorCode, error_code, field_errors, text},
    text::said,
};
use mtaani_runtime::testing::{TestDb, eventually};
use std::time::Duration;
use tonic::Code;

const SALON: &str = "team-salon";

fn member(name: &str, listings: &[&str]) -> pb::TeamMemberInput {
    pb::TeamMemberInput {
        name: name.into(),
        phone: String::new(),
        listing_ids: listings.iter().map(|l| (*l).to_owned()).collect(),
        active: true,
        ..Default::default()
    }
}

async fn add(c: &mut Client, m: pb::TeamMemberInput) -> pb::TeamMember {
    let r = pb::SaveTeamMemberRequest { seller_id: SALON.into(), member: Some(m), ..Default::default() };
    c.save_team_member(r).await.unwrap().into_inner()
}

fn booking(
    listing: &str,
    date: &str,
    time: &str,
    email: &str,
    options: &[&str],
    member: &str,
) -> pb::CreateAppointmentRequest {
    pb::CreateAppointmentRequest {
        option_ids: options.iter().map(|o| (*o).to_owned()).collect(),
        member_id: member.into(),
        ..request(listing, date, time, email)
    }
}

/// `n` customers at once asking for `times[i % len]`, each another address.
async fn race(
    c: &Client,
    listing: &str,
    date: &str,
    times: &[&str],
    member: &str,
    n: usize,
) -> Vec<Result<pb::Appointment, tonic::Status>> {
    let racers = (0..n).map(|i| {
        let mut c = c.clone();
        let time = times[i % times.len()];
        let r = booking(
            listing,
            date,
            time,
            &format!("racer-{}-{member}-{i}@example.com", time.replace([' ', ':'], "")),
            &["wash", "knotless"],
            member,
        );
        tokio::spawn(async move { c.create_appointment(r).await.map(|a| a.into_inner()) })
    });
    futures_util::future::join_all(racers).await.into_iter().map(Result::unwrap).collect()
}

#[tokio::test]
async fn a_team_books_each_member_once_on_both_backends() {
    let others = start_others().await;
    let salon = menu_listing(&others, SALON).await;
    let undone = crate::support::listing(&others, SALON, 60).await;
    others.accounts.add_provider(SALON, "sw");
    for db in TestDb::both("team") {
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        set_plan(&mut c, SALON, open_plan(1)).await;
        let d = today() + Days::days(3);

        // Members are checked: a name, the provider's own listings.
        let refused = c
            .save_team_member(pb::SaveTeamMemberRequest {
                seller_id: SALON.into(),
                member: Some(member("W", &["someone-elses"])),
                ..Default::default()
            })
            .await
            .unwrap_err();
        assert_eq!(
            field_errors(&refused),
            [
                ("name".to_owned(), "Name must be at least 2 characters".to_owned()),
                ("listingIds".to_owned(), "Please choose services of your own".to_owned()),
            ]
        );
        let wanjiku = add(&mut c, member("Wanjiku", &[&salon])).await;
        // Their own numbers on each backend (the fake messaging-svc keeps both runs' messages).
        let n = if db.name == "sqlite" { 1 } else { 2 };
        let (akinyis_phone, mercys_phone) = (format!("+25471200011{n}"), format!("+25473300022{n}"));
        let akinyi = add(
            &mut c,
            pb::TeamMemberInput { phone: format!("0{}", &akinyis_phone[4..]), ..member("Akinyi", &[&salon]) },
        )
        .await;
        let mercy =
            add(&mut c, pb::TeamMemberInput { phone: mercys_phone.clone(), ..member("Mercy", &[&salon]) }).await;
        assert_eq!(akinyi.phone, akinyis_phone);
        let team = c.list_team(pb::ListTeamRequest { seller_id: SALON.into() }).await.unwrap().into_inner().members;
        assert_eq!(
            team.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(),
            ["Wanjiku", "Akinyi", "Mercy"],
            "{}",
            db.name
        );
        let public =
            c.get_listing_team(pb::GetListingTeamRequest { service_id: salon.clone() }).await.unwrap().into_inner();
        assert!(public.members.iter().all(|m| m.phone.is_empty()), "the listing's page shows no phone numbers");
        // A listing none of them does takes no booking, and says so (not "closed", not "taken").
        let ask = pb::GetAvailabilityRequest { service_id: undone.clone(), date: day(d), ..Default::default() };
        let nobody = c.get_availability(ask).await.unwrap().into_inner();
        assert_eq!((nobody.slots.len(), reason(&nobody.reason)), (0, said::no_member_for_service()), "{}", db.name);
        let e = c.create_appointment(request(&undone, &day(d), "10:00 AM", "x@example.com")).await.unwrap_err();
        assert_eq!(
            (e.code(), text(&e), error_code(&e)),
            (Code::InvalidArgument, Some(said::no_member_for_service()), ErrorCode::OutsideHours)
        );

        // The menu's services add up: wash (30 min) + knotless (3 h) is a 3 h 30 booking.
        let free = c
            .get_availability(pb::GetAvailabilityRequest {
                service_id: salon.clone(),
                date: day(d),
                option_ids: vec!["wash".into(), "knotless".into()],
                member_id: String::new(),
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(free.duration_minutes, 210, "{}", db.name);
        assert_eq!(
            free.slots.last().map(String::as_str),
            Some("7:30 PM"),
            "{}: 7:30 PM + 3 h 30 ends at 11 PM",
            db.name
        );

        // Twenty customers at once for "anyone available" at 10:00: three win, each a different member.
        let raced = race(&c, &salon, &day(d), &["10:00 AM"], "", 20).await;
        for lost in raced.iter().filter_map(|r| r.as_ref().err()) {
            assert_eq!(error_code(lost), ErrorCode::SlotTaken, "{}: {lost:?}", db.name);
        }
        let won: Vec<pb::Appointment> = raced.into_iter().filter_map(Result::ok).collect();
        assert_eq!(won.len(), 3, "{}", db.name);
        let mut served: Vec<&str> = won.iter().map(|a| a.member_name.as_str()).collect();
        served.sort_unstable();
        assert_eq!(served, ["Akinyi", "Mercy", "Wanjiku"], "{}", db.name);
        assert!(won.iter().all(|a| a.total_ksh == 4500 && a.duration_minutes == 210 && a.options.len() == 2));
        // Overlapping (12:00 is inside all three bookings): nobody is free, the slot is taken.
        let busy = c.create_appointment(booking(&salon, &day(d), "12:00 PM", "late@example.com", &["wash"], "")).await;
        assert_eq!(error_code(&busy.unwrap_err()), ErrorCode::SlotTaken, "{}", db.name);

        // One named member, twenty customers at once: exactly one wins, the others hear she is taken.
        let named = race(&c, &salon, &day(d), &["3:00 PM"], &akinyi.id, 20).await;
        assert_eq!(named.iter().filter(|r| r.is_ok()).count(), 1, "{}", db.name);
        for lost in named.iter().filter_map(|r| r.as_ref().err()) {
            assert_eq!((lost.code(), error_code(lost)), (Code::AlreadyExists, ErrorCode::MemberTaken), "{}", db.name);
        }
        // Asking for Akinyi when only the others are free: 409, and anyone available is booked.
        let only_others =
            c.create_appointment(booking(&salon, &day(d), "4:00 PM", "amina@example.com", &["wash"], &akinyi.id)).await;
        assert_eq!(error_code(&only_others.unwrap_err()), ErrorCode::MemberTaken, "{}", db.name);
        let anyone = c
            .create_appointment(booking(&salon, &day(d), "4:00 PM", "amina@example.com", &["wash"], ""))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(anyone.member_name, "Wanjiku", "{}: the first free member in the team's order", db.name);
        let hers = c
            .get_availability(pb::GetAvailabilityRequest {
                service_id: salon.clone(),
                date: day(d),
                option_ids: vec!["wash".into()],
                member_id: akinyi.id.clone(),
            })
            .await
            .unwrap()
            .into_inner();
        assert!(hers.taken.contains(&"4:00 PM".to_owned()) && !hers.slots.contains(&"4:00 PM".to_owned()));
        let unknown = c
            .create_appointment(booking(&salon, &day(d), "9:00 PM", "x@example.com", &["perm"], ""))
            .await
            .unwrap_err();
        assert_eq!(
            field_errors(&unknown),
            [("optionIds".to_owned(), "Please choose services from this provider's menu".to_owned())]
        );

        // Akinyi leaves with two upcoming bookings: asked what to do, then they go to the others.
        let leave = |upcoming: pb::UpcomingBookings, move_to: &str| pb::RemoveTeamMemberRequest {
            seller_id: SALON.into(),
            member_id: akinyi.id.clone(),
            upcoming: upcoming.into(),
            move_to: move_to.into(),
        };
        let asked = c.remove_team_member(leave(pb::UpcomingBookings::Unspecified, "")).await.unwrap_err();
        assert_eq!(error_code(&asked), ErrorCode::MemberHasBookings, "{}", db.name);
        assert_eq!(asked.message(), "Akinyi has 2 upcoming bookings. Move them to another member or cancel them.");
        // Nobody is free at 10:00 (Wanjiku and Mercy have theirs): nothing moves, nothing is dropped.
        let stuck = c.remove_team_member(leave(pb::UpcomingBookings::Move, "")).await.unwrap_err();
        assert_eq!(error_code(&stuck), ErrorCode::MemberHasBookings, "{}", db.name);
        let mine = |c: &mut Client| {
            let mut c = c.clone();
            async move {
                c.list_seller_appointments(pb::ListSellerAppointmentsRequest { seller_id: SALON.into() })
                    .await
                    .unwrap()
                    .into_inner()
                    .appointments
            }
        };
        let akinyis = |all: &[pb::Appointment]| all.iter().filter(|a| a.member_id == akinyi.id).count();
        assert_eq!(akinyis(&mine(&mut c).await), 2, "{}", db.name);
        let hers: Vec<pb::Appointment> = mine(&mut c).await.into_iter().filter(|a| a.member_id == akinyi.id).collect();
        // Mercy's 10:00 is cancelled by the salon; now Akinyi's go: 10:00 to Mercy, 3:00 PM to anyone.
        let mercys_ten =
            mine(&mut c).await.into_iter().find(|a| a.member_id == mercy.id && a.time == "10:00 AM").unwrap();
        c.decline_appointment(pb::AppointmentActionRequest { id: mercys_ten.id, seller_id: SALON.into() })
            .await
            .unwrap();
        let moved = c.remove_team_member(leave(pb::UpcomingBookings::Move, "")).await.unwrap().into_inner();
        assert_eq!((moved.moved, moved.cancelled), (2, 0), "{}", db.name);
        let after = mine(&mut c).await;
        assert_eq!(akinyis(&after), 0, "{}", db.name);
        let live_at = |time: &str| {
            after
                .iter()
                .filter(|a| {
                    a.time == time && matches!(a.status(), AppointmentStatus::Confirmed | AppointmentStatus::Requested)
                })
                .map(|a| a.member_name.clone())
                .collect::<Vec<_>>()
        };
        let mut ten = live_at("10:00 AM");
        ten.sort_unstable();
        assert_eq!(ten, ["Mercy", "Wanjiku"], "{}", db.name);
        let team = c.list_team(pb::ListTeamRequest { seller_id: SALON.into() }).await.unwrap().into_inner().members;
        assert_eq!(team.len(), 2, "{}: she is gone from the team", db.name);
        // Each member is texted of their own bookings: Akinyi of hers made and of both taken from her,
        // Mercy of the two given to her; Wanjiku has no phone.
        let events = |phone: &str| {
            let mut events: Vec<String> = others
                .messaging
                .to(phone)
                .iter()
                .filter_map(|n| match &n.kind {
                    Some(Kind::MemberBooking(m)) => Some(m.event.clone()),
                    _ => None,
                })
                .collect();
            events.sort_unstable();
            events
        };
        // What the customer of `a` was told of a new member (their address, this booking's keys: the
        // fake messaging-svc keeps both backends' messages, and the racers' addresses repeat).
        let told = |a: &pb::Appointment| -> Vec<(String, String)> {
            others
                .messaging
                .to(&a.email)
                .iter()
                .filter(|n| n.idempotency_key.contains(&a.id))
                .filter_map(|n| match &n.kind {
                    Some(Kind::BookingMemberChanged(b)) => Some((b.member_name.clone(), b.time.clone())),
                    _ => None,
                })
                .collect()
        };
        // The worker texts the members; the outbox's forwarder hands the customers' e-mails over.
        eventually("the members' texts and the customers' e-mails", Duration::from_secs(10), async || {
            svc.booking.work().await.unwrap();
            events(&akinyis_phone).len() >= 4
                && events(&mercys_phone).len() >= 3
                && hers.iter().all(|a| !told(a).is_empty())
        })
        .await;
        assert_eq!(events(&akinyis_phone), ["new", "new", "taken", "taken"], "{}: Akinyi", db.name);
        assert_eq!(events(&mercys_phone), ["cancelled", "given", "given", "new"], "{}: Mercy", db.name);
        // Each of her customers hears who serves them now, once, at the same time.
        for a in &hers {
            let now_with = &after.iter().find(|b| b.id == a.id).unwrap().member_name;
            assert_eq!(told(a), [(now_with.clone(), a.time.clone())], "{}: {}'s customer", db.name, a.time);
        }
        assert!(
            others.messaging.to(&akinyis_phone).iter().all(|n| n.to_email.is_empty() && n.language == "sw"),
            "{}: an SMS to her number only, in the provider's language",
            db.name
        );

        // Mercy stops taking bookings: hers are cancelled when the salon says so, each customer told.
        let pause = pb::SaveTeamMemberRequest {
            seller_id: SALON.into(),
            member_id: mercy.id.clone(),
            member: Some(pb::TeamMemberInput { active: false, ..member("Mercy", &[&salon]) }),
            upcoming: pb::UpcomingBookings::Cancel.into(),
            move_to: String::new(),
        };
        let paused = c.save_team_member(pause).await.unwrap().into_inner();
        assert!(!paused.active, "{}", db.name);
        let left: Vec<_> = mine(&mut c)
            .await
            .into_iter()
            .filter(|a| a.member_id == mercy.id && a.status() == AppointmentStatus::Declined)
            .collect();
        assert!(!left.is_empty(), "{}", db.name);
        eventually("each customer told of the decline", Duration::from_secs(10), async || {
            svc.booking.work().await.unwrap();
            left.iter()
                .all(|a| others.messaging.to(&a.email).iter().any(|n| matches!(n.kind, Some(Kind::BookingDeclined(_)))))
        })
        .await;
        for a in &left {
            let told = others.messaging.to(&a.email);
            assert!(
                told.iter().any(|n| matches!(n.kind, Some(Kind::BookingDeclined(_)))),
                "{}: {} told",
                db.name,
                a.email
            );
        }

        // Moving keeps the member when they are free then.
        let wanjikus = c
            .create_appointment(pb::CreateAppointmentRequest {
                customer_id: format!("c-{}", db.name),
                ..booking(&salon, &day(d), "8:00 AM", "early@example.com", &["wash"], &wanjiku.id)
            })
            .await
            .unwrap()
            .into_inner();
        let token = token_of(&mut c, &format!("c-{}", db.name), &wanjikus.id).await;
        let to =
            pb::RescheduleRequest { token, date: day(d + Days::days(1)), time: "9:00 AM".into(), ..Default::default() };
        let moved = c.reschedule_appointment(to).await.unwrap().into_inner();
        assert_eq!((moved.member_id.as_str(), moved.time.as_str()), (wanjiku.id.as_str(), "9:00 AM"), "{}", db.name);

        // Overlapping starts two days on (9:00 and 9:30, three and a half hours each), now that Wanjiku
        // is the one member taking bookings: exactly one of twenty.
        let overlapping = race(&c, &salon, &day(d + Days::days(2)), &["9:00 AM", "9:30 AM"], "", 20).await;
        assert_eq!(overlapping.iter().filter(|r| r.is_ok()).count(), 1, "{}: overlapping", db.name);

        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

/// The demo salon's team: three stylists once the salon's listings are there, one who does
/// braids only, on different days; seeded once, whatever the restarts.
/// A member's day after each change of their bookings, read just before it (on SQLite booking-svc
/// keeps the days it read: every change must reach them): booked with them, given to another member by
/// the provider, moved to them when the other leaves. On both backends.
#[tokio::test]
async fn each_change_of_a_members_bookings_shows_in_their_next_day_on_both_backends() {
    const SALON: &str = "held-salon";
    let others = start_others().await;
    let salon = menu_listing(&others, SALON).await;
    for db in TestDb::both("team") {
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        set_plan(&mut c, SALON, open_plan(1)).await;
        let d = today() + Days::days(6);
        let client = c.clone();
        let add = |name: &'static str| {
            let mut c = client.clone();
            let r = pb::SaveTeamMemberRequest {
                seller_id: SALON.into(),
                member: Some(member(name, &[&salon])),
                ..Default::default()
            };
            async move { c.save_team_member(r).await.unwrap().into_inner() }
        };
        let (wanjiku, akinyi) = (add("Wanjiku").await, add("Akinyi").await);
        let free = |member: &pb::TeamMember| {
            let mut c = client.clone();
            let ask = pb::GetAvailabilityRequest {
                service_id: salon.clone(),
                date: day(d),
                option_ids: vec!["wash".into()],
                member_id: member.id.clone(),
            };
            async move { c.get_availability(ask).await.unwrap().into_inner().slots.contains(&"10:00 AM".to_owned()) }
        };
        assert!(free(&wanjiku).await && free(&akinyi).await, "{}", db.name);

        let hers = booking(&salon, &day(d), "10:00 AM", "njoki@example.com", &["wash"], &wanjiku.id);
        let hers = c.create_appointment(hers).await.unwrap().into_inner();
        assert!(!free(&wanjiku).await && free(&akinyi).await, "{}: booked with Wanjiku", db.name);

        let to_akinyi = pb::ReassignAppointmentRequest {
            id: hers.id.clone(),
            seller_id: SALON.into(),
            member_id: akinyi.id.clone(),
        };
        c.reassign_appointment(to_akinyi).await.unwrap();
        assert!(free(&wanjiku).await && !free(&akinyi).await, "{}: given to Akinyi", db.name);

        let leaves = pb::RemoveTeamMemberRequest {
            seller_id: SALON.into(),
            member_id: akinyi.id.clone(),
            upcoming: pb::UpcomingBookings::Move.into(),
            move_to: wanjiku.id.clone(),
        };
        assert_eq!(c.remove_team_member(leaves).await.unwrap().into_inner().moved, 1, "{}", db.name);
        assert!(!free(&wanjiku).await, "{}: moved back to Wanjiku when Akinyi left", db.name);
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

#[tokio::test]
async fn the_demo_salon_has_three_stylists_on_both_backends() {
    let others = start_others().await;
    let salon = booking_svc::service::team::DEMO_SALON;
    let braids = menu_listing(&others, salon).await;
    let silk_press = crate::support::listing(&others, salon, 90).await;
    {
        let mut l = others.catalog.get(&silk_press).unwrap();
        l.subcategory = "weaving".into();
        others.catalog.put(l);
    }
    for db in TestDb::both("team-demo") {
        let svc = start_booking(&others, &db).await;
        let mut c = svc.client.clone();
        svc.booking.clone().seed_demo_team().await;
        svc.booking.clone().seed_demo_team().await;
        let team = c.list_team(pb::ListTeamRequest { seller_id: salon.into() }).await.unwrap().into_inner().members;
        assert_eq!(
            team.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(),
            ["Wanjiku", "Akinyi", "Mercy"],
            "{}",
            db.name
        );
        let mercy = &team[2];
        assert_eq!(mercy.listing_ids, std::slice::from_ref(&braids), "{}: braids only", db.name);
        assert!(team[0].listing_ids.contains(&silk_press) && team[0].own_hours && !mercy.own_hours);
        let works = |m: &pb::TeamMember, day: &str| m.weekly.iter().any(|d| d.day == day && !d.intervals.is_empty());
        assert!(works(&team[0], "tue") && !works(&team[0], "sat") && works(&team[1], "sat") && !works(&team[1], "tue"));
        // A day the salon works and Akinyi does not: the dialog says so by her name, in each language.
        let tuesday = booking_svc::testing::next(chrono::Weekday::Tue, 1);
        let ask = pb::GetAvailabilityRequest {
            service_id: braids.clone(),
            date: day(tuesday),
            member_id: team[1].id.clone(),
            ..Default::default()
        };
        let off = c.get_availability(ask).await.unwrap().into_inner();
        let why = reason(&off.reason);
        assert_eq!(
            (off.slots.len(), why.to_string()),
            (0, "Akinyi does not work on Tuesdays.".to_owned()),
            "{}",
            db.name
        );
        assert_eq!(why.render(mtaani_proto::language::Language::Sw), "Akinyi hafanyi kazi siku za Jumanne.");
        let month = pb::GetCalendarRequest {
            service_id: braids.clone(),
            month: tuesday.format("%Y-%m").to_string(),
            member_id: team[1].id.clone(),
            ..Default::default()
        };
        let days = c.get_calendar(month).await.unwrap().into_inner().days;
        let that_day = days.iter().find(|d| d.date == day(tuesday)).unwrap();
        assert_eq!((that_day.bookable, reason(&that_day.reason)), (false, why), "{}", db.name);
        svc.server.stop().await;
        db.cleanup().await;
    }
    others.stop().await;
}

/// Two booking-svc processes on one PostgreSQL database, as replicas run: each keeps the providers'
/// setups it read (plan and team), and a team begun through the other is the one the next booking
/// meets at once (the one-statement booking checks the provider still has none), while the days and
/// "Choose a stylist" read through the first show a member added through the other within moments
/// (LISTEN/NOTIFY).
#[tokio::test]
async fn a_team_changed_through_another_replica_is_what_the_first_books_and_shows_on_postgresql() {
    let others = start_others().await;
    let salon = crate::support::listing(&others, SALON, 60).await;
    let db = TestDb::postgres("booking");
    let (one, two) = (start_booking(&others, &db).await, start_booking(&others, &db).await);
    let (mut c1, mut c2) = (one.client.clone(), two.client.clone());
    set_plan(&mut c2, SALON, open_plan(1)).await;
    let d = day(today() + Days::days(3));
    // One keeps the salon without a team.
    let first = c1.create_appointment(request(&salon, &d, "10:00 AM", "a@example.com")).await.unwrap().into_inner();
    assert_eq!(first.member_id, "", "no team yet");
    let ask = |member: &str| pb::GetAvailabilityRequest {
        service_id: salon.clone(),
        date: d.clone(),
        member_id: member.into(),
        ..Default::default()
    };
    assert!(!c1.get_availability(ask("")).await.unwrap().into_inner().slots.contains(&"10:00 AM".to_owned()));

    let wanjiku = add(&mut c2, member("Wanjiku", &[&salon])).await;
    let second = c1.create_appointment(request(&salon, &d, "11:00 AM", "b@example.com")).await.unwrap().into_inner();
    assert_eq!(second.member_name, "Wanjiku", "the team begun through two serves the next booking through one");

    let akinyi = add(&mut c2, member("Akinyi", &[&salon])).await;
    eventually("replica one showing the new team", Duration::from_millis(1500), async || {
        let mut c1 = c1.clone();
        let listed = c1.get_listing_team(pb::GetListingTeamRequest { service_id: salon.clone() }).await.unwrap();
        let her_day = c1.get_availability(ask(&akinyi.id)).await;
        listed.into_inner().members.iter().any(|m| m.id == akinyi.id)
            && her_day.is_ok_and(|a| a.into_inner().slots.contains(&"11:00 AM".to_owned()))
    })
    .await;
    // Wanjiku's 11:00 is hers alone; Akinyi is free then.
    let hers = c1.get_availability(ask(&wanjiku.id)).await.unwrap().into_inner();
    assert!(!hers.slots.contains(&"11:00 AM".to_owned()));
    one.server.stop().await;
    two.server.stop().await;
    db.cleanup().await;
    others.stop().await;
}
