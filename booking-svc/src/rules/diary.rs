//! Whose time a booking takes: a provider without a team is one diary of `capacity` seats;
//! a provider with a team has one diary per member who does the listing, each their own seat, one
//! customer at a time, inside the provider's plan. A day's starts are those of any diary asked for.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, NaiveDate, Utc, Weekday};
use mtaani_proto::text::{Text, said};

use crate::rules::{
    errors::BookingError,
    members::{FIRST_SEAT, Member},
    plan::{self, Plan},
    schedule::{self, Closed, Day, Start},
    slots,
};

/// Whether a start of `duration` minutes at `slot` on `date` fits `plan` at `now`, with the refusal a
/// customer reads when it does not. Whether a seat is free is the database's to say (`store::hold`).
pub fn check_start(
    plan: &plan::Plan,
    date: NaiveDate,
    slot: &slots::TimeSlot,
    duration: u32,
    now: chrono::DateTime<Utc>,
) -> Result<(), BookingError> {
    match schedule::closed_reason(plan, date, now) {
        Some(Closed::Passed) => return Err(BookingError::DateInPast),
        Some(why) => return Err(BookingError::DayClosed(why)),
        None => {}
    }
    match schedule::start_state(plan, date, slot, duration, now, &|_| 0) {
        schedule::Start::Outside => Err(BookingError::OutsideHours),
        schedule::Start::Past if schedule::starts_at(date, slot.minutes) <= now.timestamp() => {
            Err(BookingError::SlotPassed)
        }
        schedule::Start::Past => Err(BookingError::TooSoon { notice_minutes: plan.min_notice_minutes }),
        schedule::Start::Full | schedule::Start::Bookable => Ok(()),
    }
}

/// One diary: the provider's own (`member` none), or a member's.
#[derive(Debug, Clone)]
pub struct Diary<'a> {
    pub member: Option<&'a Member>,
    pub plan: Plan,
    /// How many bookings hold each of its cells.
    pub held: HashMap<i64, u32>,
}

/// The member a read or a booking asks for (`member_id`, '' for anyone), or not found when no member
/// of `team` taking bookings of `listing_id` has that id.
pub fn member_asked_for<'m>(
    team: &[Member],
    listing_id: &str,
    member_id: &'m str,
) -> Result<Option<&'m str>, BookingError> {
    let wanted = Some(member_id.trim()).filter(|id| !id.is_empty());
    if let Some(id) = wanted
        && !team.iter().any(|m| m.id == id && m.serves(listing_id))
    {
        return Err(BookingError::MemberNotFound);
    }
    Ok(wanted)
}

/// The diaries a booking of `listing_id` may go in: the provider's when no member of `team` is
/// active; else each active member who does it (only `wanted`, when one is asked for). `holds` are
/// the held `(cell, seat)` pairs of the provider.
pub fn diaries<'a>(
    plan: &Plan,
    team: &'a [Member],
    listing_id: &str,
    wanted: Option<&str>,
    holds: &[(i64, i64)],
) -> Vec<Diary<'a>> {
    if !books_by_member(team) {
        let mut held = HashMap::new();
        for &(cell, seat) in holds {
            if seat < FIRST_SEAT {
                *held.entry(cell).or_insert(0) += 1;
            }
        }
        return vec![Diary { member: None, plan: plan.clone(), held }];
    }
    team.iter()
        .filter(|m| m.serves(listing_id) && wanted.is_none_or(|id| id == m.id))
        .map(|m| Diary {
            member: Some(m),
            plan: m.plan_within(plan),
            held: holds.iter().filter(|&&(_, seat)| seat == m.seat).map(|&(cell, _)| (cell, 1)).collect(),
        })
        .collect()
}

/// The members of `team` who do `listing_id` (only `wanted`, when one is asked for) and whose own
/// plan within `plan` takes a booking of `duration` at `slot` on `date` (their seats may still be
/// taken), in the team's order.
pub fn members_working_then<'a>(
    plan: &Plan,
    team: &'a [Member],
    listing_id: &str,
    wanted: Option<&str>,
    (date, slot, duration): (NaiveDate, &slots::TimeSlot, u32),
    now: DateTime<Utc>,
) -> Vec<&'a Member> {
    team.iter()
        .filter(|m| m.serves(listing_id) && wanted.is_none_or(|id| id == m.id))
        .filter(|m| check_start(&m.plan_within(plan), date, slot, duration, now).is_ok())
        .collect()
}

/// Whether the provider books by team member.
pub fn books_by_member(team: &[Member]) -> bool {
    team.iter().any(|m| m.active)
}

/// `date` as the diaries make it: a start is bookable when one diary can take it, full when every
/// diary that works then is booked, and the day closed when every diary is.
pub fn day(diaries: &[Diary<'_>], date: NaiveDate, duration: u32, now: DateTime<Utc>) -> Day {
    let mut days = diaries.iter().map(|d| schedule::day(&d.plan, date, duration, now, &d.held));
    let Some(mut merged) = days.next() else {
        // Nobody does this listing (or not the member asked for: not found before this).
        return Day { date, closed: Some(Closed::NoMember), starts: Vec::new() };
    };
    for other in days {
        match (&merged.closed, &other.closed) {
            (_, Some(_)) => {}
            (Some(_), None) => merged = other,
            (None, None) => {
                for ((_, state), (_, theirs)) in merged.starts.iter_mut().zip(other.starts) {
                    *state = best_for_customer(*state, theirs);
                }
            }
        }
    }
    merged
}

/// Why nothing can be booked on `day` of `diaries` (as [`Day::reason`]), except that a day the
/// provider works (their `plan`) and the one member of the diaries does not says so by name:
/// "Akinyi does not work on Tuesdays", or that they are not working that day (a day off of their own).
pub fn reason(day: &Day, diaries: &[Diary<'_>], plan: &Plan) -> Option<Text> {
    let why = day.reason()?;
    let [Diary { member: Some(member), .. }] = diaries else { return Some(why) };
    if day.closed != Some(Closed::DayOff) || plan.intervals(day.date).is_empty() {
        return Some(why);
    }
    let name = member.body.name.as_str();
    let day_off = member.body.hours.as_ref().is_some_and(|h| h.days_off.contains(&day.date));
    Some(if day_off {
        said::member_day_off(name)
    } else {
        said::member_off_on_weekday(name, weekdays(day.date.weekday()))
    })
}

/// "Mondays" … "Sundays" (Kiswahili "Jumatatu" …), as a text of its own written in the language of
/// the text it goes in.
fn weekdays(day: Weekday) -> Text {
    match day {
        Weekday::Mon => said::weekdays_mon(),
        Weekday::Tue => said::weekdays_tue(),
        Weekday::Wed => said::weekdays_wed(),
        Weekday::Thu => said::weekdays_thu(),
        Weekday::Fri => said::weekdays_fri(),
        Weekday::Sat => said::weekdays_sat(),
        Weekday::Sun => said::weekdays_sun(),
    }
}

/// What a start is for the customer when two diaries say `a` and `b`.
fn best_for_customer(a: Start, b: Start) -> Start {
    let rank = |s: Start| match s {
        Start::Bookable => 3,
        Start::Full => 2,
        Start::Past => 1,
        Start::Outside => 0,
    };
    if rank(b) > rank(a) { b } else { a }
}

/// The first day from `from` (included) to the furthest horizon with a bookable start.
pub fn next_open(diaries: &[Diary<'_>], from: NaiveDate, duration: u32, now: DateTime<Utc>) -> Option<NaiveDate> {
    let horizon = diaries.iter().map(|d| d.plan.horizon_days).max()?;
    let last = schedule::today(now) + chrono::Duration::days(i64::from(horizon));
    let mut date = from.max(schedule::today(now));
    while date <= last {
        if day(diaries, date, duration, now).bookable().next().is_some() {
            return Some(date);
        }
        date = date.succ_opt()?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::members::{Body, Hours};

    fn member(id: &str, seat: i64, listings: &[&str], weekly: Option<[Vec<(u32, u32)>; 7]>) -> Member {
        Member {
            id: id.into(),
            seller_id: "s".into(),
            seat,
            body: Body {
                name: id.into(),
                phone: String::new(),
                listing_ids: listings.iter().map(|l| (*l).to_owned()).collect(),
                hours: weekly.map(|weekly| Hours { weekly, days_off: Default::default() }),
                photo: String::new(),
            },
            active: true,
            created_at: 0,
        }
    }

    fn at(rfc3339: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_start_is_free_while_one_member_who_does_the_listing_is() {
        let now = at("2026-11-23T07:00:00+03:00"); // a Monday
        let tue = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        let mut mornings: [Vec<(u32, u32)>; 7] = Default::default();
        mornings[1] = vec![(8 * 60, 12 * 60)];
        let team = [
            member("wanjiku", 100, &["braids", "wash"], None),
            member("akinyi", 101, &["braids"], Some(mornings)),
            member("mercy", 102, &["wash"], None),
        ];
        let plan = Plan::default(); // Mon–Sat 08:00–18:00
        let nine = schedule::starts_at(tue, 9 * 60);
        // Wanjiku is booked 9:00–10:00; Akinyi works mornings; Mercy does no braids.
        let holds = [(nine, 100), (nine + schedule::CELL_SECS, 100)];
        let braids = diaries(&plan, &team, "braids", None, &holds);
        assert_eq!(braids.iter().map(|d| d.member.unwrap().id.as_str()).collect::<Vec<_>>(), ["wanjiku", "akinyi"]);
        let d = day(&braids, tue, 60, now);
        assert!(d.bookable().any(|s| s.label == "9:00 AM"), "Akinyi is free at nine");
        // Asked for Wanjiku: nine is taken; asked for Akinyi: nothing after her mornings.
        let wanjiku = diaries(&plan, &team, "braids", Some("wanjiku"), &holds);
        assert_eq!(day(&wanjiku, tue, 60, now).labels(Start::Full), ["8:30 AM", "9:00 AM", "9:30 AM"]);
        let akinyi = diaries(&plan, &team, "braids", Some("akinyi"), &holds);
        let hers: Vec<_> = day(&akinyi, tue, 60, now).bookable().map(|s| s.label.clone()).collect();
        assert_eq!(
            (hers.first().map(String::as_str), hers.last().map(String::as_str)),
            (Some("8:00 AM"), Some("11:00 AM"))
        );
        // Both booked at nine: nine is full.
        let both = [holds.to_vec(), vec![(nine, 101), (nine + schedule::CELL_SECS, 101)]].concat();
        let d = day(&diaries(&plan, &team, "braids", None, &both), tue, 60, now);
        assert!(d.labels(Start::Full).contains(&"9:00 AM".to_owned()));
        // Nobody does it: not booked, and it says why.
        assert_eq!(day(&diaries(&plan, &team, "nails", None, &holds), tue, 60, now).closed, Some(Closed::NoMember));
    }

    #[test]
    fn a_day_the_member_asked_for_does_not_work_says_so_by_name_in_each_language() {
        use mtaani_proto::language::Language;
        let now = at("2026-11-23T07:00:00+03:00"); // a Monday
        let date = |d| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
        // Akinyi works Mondays and Wednesdays only, and has Wednesday 2 December off.
        let mut week: [Vec<(u32, u32)>; 7] = Default::default();
        week[0] = vec![(8 * 60, 18 * 60)];
        week[2] = vec![(8 * 60, 18 * 60)];
        let mut akinyi = member("Akinyi", 101, &["braids"], Some(week));
        akinyi.body.hours.as_mut().unwrap().days_off.insert(NaiveDate::from_ymd_opt(2026, 12, 2).unwrap());
        let team = [member("Wanjiku", 100, &["braids"], None), akinyi];
        let mut plan = Plan::default(); // Mon–Sat 08:00–18:00, Sunday closed
        plan.days_off.insert(date(26));
        let why = |member: Option<&str>, d: NaiveDate| {
            let diaries = diaries(&plan, &team, "braids", member, &[]);
            reason(&day(&diaries, d, 60, now), &diaries, &plan)
        };
        let tuesday = why(Some("Akinyi"), date(24)).unwrap();
        assert_eq!(tuesday.render(Language::En), "Akinyi does not work on Tuesdays.");
        assert_eq!(tuesday.render(Language::Sw), "Akinyi hafanyi kazi siku za Jumanne.");
        let off = why(Some("Akinyi"), NaiveDate::from_ymd_opt(2026, 12, 2).unwrap()).unwrap();
        assert_eq!(off.render(Language::Sw), "Akinyi hayupo kazini siku hiyo.");
        // The provider's own closed days and days off stay theirs; anyone available works Tuesdays.
        assert_eq!(why(Some("Akinyi"), date(29)), Some(said::closed_that_day()), "a Sunday");
        assert_eq!(why(Some("Akinyi"), date(26)), Some(said::closed_that_day()), "the provider's day off");
        assert_eq!(why(None, date(24)), None);
        assert_eq!(why(Some("Akinyi"), date(25)), None, "a Wednesday");
    }

    #[test]
    fn a_provider_without_a_team_counts_its_seats_as_before() {
        let now = at("2026-11-23T07:00:00+03:00");
        let tue = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        let nine = schedule::starts_at(tue, 9 * 60);
        let plan = Plan { capacity: 2, ..Plan::default() };
        let one = diaries(&plan, &[], "braids", None, &[(nine, 0)]);
        assert!(one[0].member.is_none() && one[0].held[&nine] == 1);
        assert!(day(&one, tue, 30, now).bookable().any(|s| s.label == "9:00 AM"));
        let two = diaries(&plan, &[], "braids", None, &[(nine, 0), (nine, 1)]);
        assert!(day(&two, tue, 30, now).labels(Start::Full).contains(&"9:00 AM".to_owned()));
        assert_eq!(next_open(&two, tue, 30, now), Some(tue));
    }
}
