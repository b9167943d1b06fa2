//! Which start times a provider can take, from their plan, the listing's length, the clock and how
//! many bookings already hold each half hour. Pure: the database's holds come in as counts, and the
//! database itself guarantees the capacity when a booking is stored (see `store::hold`).

use std::collections::HashMap;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use mtaani_proto::text::{Text, said};

use crate::rules::{
    plan::Plan,
    request::nairobi,
    slots::{self, TimeSlot},
};

/// Length of one cell of time a booking holds.
pub const CELL_SECS: i64 = 30 * 60;

/// Why a day takes no booking at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// Before today.
    Passed,
    /// Further ahead than the provider takes bookings (`days` from today).
    BeyondHorizon { days: u32 },
    /// Not one of the provider's working days, or one of their days off.
    DayOff,
    /// The provider has a team and none of its members does the listing.
    NoMember,
}

impl Closed {
    pub fn text(self) -> Text {
        match self {
            Self::Passed => said::day_passed(),
            Self::BeyondHorizon { days } => said::beyond_horizon(days),
            Self::DayOff => said::closed_that_day(),
            Self::NoMember => said::no_member_for_service(),
        }
    }
}

/// Midnight of `date` in Nairobi, as unix seconds.
pub fn midnight(date: NaiveDate) -> i64 {
    date.and_hms_opt(0, 0, 0).and_then(|t| t.and_local_timezone(nairobi()).single()).map_or(0, |t| t.timestamp())
}

/// When a start on `date` at `minutes` after midnight begins, as unix seconds.
pub fn starts_at(date: NaiveDate, minutes: u32) -> i64 {
    midnight(date) + i64::from(minutes) * 60
}

/// The half-hour cells a booking of `duration` minutes from `start` holds, in ascending order.
pub fn cells(start: i64, duration: u32) -> Vec<i64> {
    (0..i64::from(duration.div_ceil(30))).map(|i| start + i * CELL_SECS).collect()
}

/// Today in Nairobi at `now`.
pub fn today(now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&nairobi()).date_naive()
}

/// What a start time is, for one listing on one day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    Bookable,
    /// Inside working hours, but as many bookings as the provider takes at once already overlap it.
    Full,
    /// Gone, or inside the provider's minimum notice.
    Past,
    /// The whole booking does not fit inside one working interval.
    Outside,
}

/// A day as the booking dialog sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Day {
    pub date: NaiveDate,
    /// Why no booking can be taken that day at all (closed, a day off, past, beyond the horizon).
    pub closed: Option<Closed>,
    pub starts: Vec<(TimeSlot, Start)>,
}

impl Day {
    pub fn bookable(&self) -> impl Iterator<Item = &TimeSlot> {
        self.starts.iter().filter(|(_, s)| *s == Start::Bookable).map(|(t, _)| t)
    }

    pub fn labels(&self, state: Start) -> Vec<String> {
        self.starts.iter().filter(|(_, s)| *s == state).map(|(t, _)| t.label.clone()).collect()
    }

    /// Why nothing can be booked this day, when that is so.
    pub fn reason(&self) -> Option<Text> {
        if let Some(closed) = self.closed {
            return Some(closed.text());
        }
        if self.bookable().next().is_some() {
            return None;
        }
        let any = |state| self.starts.iter().any(|(_, s)| *s == state);
        Some(if any(Start::Full) {
            said::day_fully_booked()
        } else if any(Start::Past) {
            said::day_passed()
        } else {
            said::closed_that_day()
        })
    }
}

/// Why `date` takes no booking at all, if it does not: past, beyond the horizon, closed or a day off.
pub fn closed_reason(plan: &Plan, date: NaiveDate, now: DateTime<Utc>) -> Option<Closed> {
    let today = today(now);
    if date < today {
        Some(Closed::Passed)
    } else if date > today + Duration::days(i64::from(plan.horizon_days)) {
        Some(Closed::BeyondHorizon { days: plan.horizon_days })
    } else if plan.intervals(date).is_empty() {
        Some(Closed::DayOff)
    } else {
        None
    }
}

/// The state of one start: `held(cell)` says how many bookings hold a cell already.
pub fn start_state(
    plan: &Plan,
    date: NaiveDate,
    slot: &TimeSlot,
    duration: u32,
    now: DateTime<Utc>,
    held: &impl Fn(i64) -> u32,
) -> Start {
    let end = slot.minutes + duration;
    if !plan.intervals(date).iter().any(|&(s, e)| slot.minutes >= s && end <= e) {
        return Start::Outside;
    }
    let begins = starts_at(date, slot.minutes);
    if begins < now.timestamp() + i64::from(plan.min_notice_minutes) * 60 || begins <= now.timestamp() {
        return Start::Past;
    }
    if cells(begins, duration).into_iter().any(|c| held(c) >= plan.capacity) {
        return Start::Full;
    }
    Start::Bookable
}

/// Every start of `date` with its state.
pub fn day(plan: &Plan, date: NaiveDate, duration: u32, now: DateTime<Utc>, held: &HashMap<i64, u32>) -> Day {
    let closed = closed_reason(plan, date, now);
    let lookup = |c: i64| held.get(&c).copied().unwrap_or(0);
    let starts = if closed.is_some() {
        Vec::new()
    } else {
        slots::all()
            .into_iter()
            .map(|s| {
                let state = start_state(plan, date, &s, duration, now, &lookup);
                (s, state)
            })
            .collect()
    };
    Day { date, closed, starts }
}

/// The first day from `from` (included) to the horizon with a bookable start.
pub fn next_open(
    plan: &Plan,
    from: NaiveDate,
    duration: u32,
    now: DateTime<Utc>,
    held: &HashMap<i64, u32>,
) -> Option<NaiveDate> {
    let last = today(now) + Duration::days(i64::from(plan.horizon_days));
    let mut date = from.max(today(now));
    while date <= last {
        if day(plan, date, duration, now, held).bookable().next().is_some() {
            return Some(date);
        }
        date = date.succ_opt()?;
    }
    None
}

/// The label of the time `minutes` after midnight, e.g. "11:30 AM" (also past the grid's last start).
pub fn label(minutes: u32) -> String {
    slots::label(minutes % (24 * 60))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::plan::Plan;

    fn at(rfc3339: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().with_timezone(&Utc)
    }

    fn date(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    /// Tuesdays 10:00–14:00 only.
    fn tuesdays() -> Plan {
        let mut p = Plan { min_notice_minutes: 120, ..Plan::default() };
        p.weekly = Default::default();
        p.weekly[1] = vec![(600, 840)];
        p
    }

    #[test]
    fn only_starts_whose_whole_length_fits_an_interval() {
        let now = at("2026-11-23T09:00:00+03:00"); // a Monday
        let tue = date("2026-11-24");
        let d = day(&tuesdays(), tue, 90, now, &HashMap::new());
        let offered: Vec<_> = d.bookable().map(|s| s.label.as_str()).collect();
        assert_eq!(offered, ["10:00 AM", "10:30 AM", "11:00 AM", "11:30 AM", "12:00 PM", "12:30 PM"]);
        assert_eq!(d.closed, None);
        let wed = day(&tuesdays(), date("2026-11-25"), 90, now, &HashMap::new());
        assert_eq!(wed.closed, Some(Closed::DayOff));
        assert_eq!(wed.reason(), Some(said::closed_that_day()));
    }

    #[test]
    fn a_booking_holds_every_cell_it_covers_and_overlapping_starts_go() {
        let now = at("2026-11-23T09:00:00+03:00");
        let tue = date("2026-11-24");
        let mut held = HashMap::new();
        // One 90-minute booking at 11:00 holds 11:00, 11:30 and 12:00.
        for c in cells(starts_at(tue, 11 * 60), 90) {
            held.insert(c, 1);
        }
        let d = day(&tuesdays(), tue, 90, now, &held);
        let offered: Vec<_> = d.bookable().map(|s| s.label.as_str()).collect();
        assert_eq!(offered, ["12:30 PM"], "9:30 would end at 11:00, 12:30 ends at 14:00");
        assert_eq!(d.labels(Start::Full), ["10:00 AM", "10:30 AM", "11:00 AM", "11:30 AM", "12:00 PM"]);
        // With three chairs, the same booking leaves every start open.
        let three = Plan { capacity: 3, ..tuesdays() };
        assert_eq!(day(&three, tue, 90, now, &held).bookable().count(), 6);
    }

    #[test]
    fn notice_horizon_and_days_off() {
        let plan = tuesdays();
        let tue = date("2026-11-24");
        // 10:30 on the Tuesday itself: two hours' notice leaves 12:30 PM as the first start.
        let d = day(&plan, tue, 90, at("2026-11-24T10:30:00+03:00"), &HashMap::new());
        assert_eq!(d.bookable().map(|s| s.label.as_str()).collect::<Vec<_>>(), ["12:30 PM"]);
        assert_eq!(d.labels(Start::Past).len(), 5);
        let far = date("2027-02-02");
        let now = at("2026-11-23T09:00:00+03:00");
        let beyond = closed_reason(&plan, far, now);
        assert_eq!(beyond, Some(Closed::BeyondHorizon { days: 60 }));
        assert_eq!(beyond.unwrap().text().to_string(), "The provider takes bookings up to 60 days ahead.");
        let mut off = plan.clone();
        off.days_off.insert(tue);
        assert_eq!(closed_reason(&off, tue, now), Some(Closed::DayOff));
        assert_eq!(next_open(&off, tue, 90, now, &HashMap::new()), Some(date("2026-12-01")));
        assert_eq!(closed_reason(&plan, date("2026-11-22"), now), Some(Closed::Passed));
    }

    #[test]
    fn a_full_day_says_so_and_the_next_open_day_is_found() {
        let plan = tuesdays();
        let now = at("2026-11-23T09:00:00+03:00");
        let tue = date("2026-11-24");
        let held: HashMap<i64, u32> = (0..8).map(|i| (starts_at(tue, 600) + i * CELL_SECS, 1)).collect();
        let d = day(&plan, tue, 60, now, &held);
        assert_eq!(d.reason(), Some(said::day_fully_booked()));
        assert_eq!(next_open(&plan, tue, 60, now, &held), Some(date("2026-12-01")));
    }

    #[test]
    fn nairobi_time_and_labels() {
        assert_eq!(starts_at(date("2026-11-24"), 600), at("2026-11-24T10:00:00+03:00").timestamp());
        assert_eq!(label(14 * 60), "2:00 PM");
        assert_eq!(label(23 * 60 + 30), "11:30 PM");
        assert_eq!(label(24 * 60), "12:00 AM");
    }
}
