//! A provider's working plan: the weekly hours, days off, how much notice and how far ahead they take
//! bookings, how many customers at once, and until when a customer may still change a booking. Checked
//! here with a message per field, stored as JSON, and turned into the contract's message and back.

use std::collections::BTreeSet;

use chrono::{Datelike, NaiveDate};
use mtaani_proto::{
    booking::v1 as pb,
    demo::SELLERS,
    status::Violations,
    text::{Text, said},
};
use serde::{Deserialize, Serialize};

pub const DAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
/// Working intervals lie inside 07:00–23:00 (the booking grid's last start is 10:30 PM).
pub const OPENS: u32 = 7 * 60;
pub const CLOSES: u32 = 23 * 60;
pub const MAX_INTERVALS: usize = 3;
pub const MAX_DAYS_OFF: usize = 366;

/// One working interval of a day, in minutes after midnight (Nairobi): `[start, end)`.
pub type Interval = (u32, u32);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// Monday first.
    pub weekly: [Vec<Interval>; 7],
    pub days_off: BTreeSet<NaiveDate>,
    pub min_notice_minutes: u32,
    pub horizon_days: u32,
    pub capacity: u32,
    pub change_notice_minutes: u32,
    /// Bookings inside the plan are confirmed at once. Plans stored before it existed read false:
    /// those providers keep confirming each request until they choose otherwise.
    #[serde(default)]
    pub instant_booking: bool,
}

impl Default for Plan {
    /// A new seller's plan: Monday to Saturday 08:00–18:00, Sunday closed, an hour's notice, 60 days
    /// ahead, one customer at a time, changes until two hours before, bookings confirmed at once.
    fn default() -> Self {
        let day = vec![(8 * 60, 18 * 60)];
        Self {
            weekly: [day.clone(), day.clone(), day.clone(), day.clone(), day.clone(), day, vec![]],
            days_off: BTreeSet::new(),
            min_notice_minutes: 60,
            horizon_days: 60,
            capacity: 1,
            change_notice_minutes: 120,
            instant_booking: true,
        }
    }
}

impl Plan {
    /// The intervals of `date`'s weekday; empty when the provider is closed that day or has it off.
    pub fn intervals(&self, date: NaiveDate) -> &[Interval] {
        if self.days_off.contains(&date) {
            return &[];
        }
        &self.weekly[date.weekday().num_days_from_monday() as usize]
    }
}

/// "HH:MM" as minutes after midnight.
pub fn parse_hhmm(s: &str) -> Option<u32> {
    let (h, m) = s.trim().split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h <= 24 && m < 60 && h * 60 + m <= 24 * 60).then_some(h * 60 + m)
}

pub fn hhmm(minutes: u32) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// A duration in words for messages: "30 minutes", "1 hour", "90 minutes", "2 hours", "2 days".
pub fn in_words(minutes: u32) -> Text {
    if minutes > 0 && minutes.is_multiple_of(1440) {
        match minutes / 1440 {
            1 => said::one_day(),
            n => said::n_days(n),
        }
    } else if minutes > 0 && minutes.is_multiple_of(60) {
        match minutes / 60 {
            1 => said::one_hour(),
            n => said::n_hours(n),
        }
    } else if minutes == 1 {
        said::one_minute()
    } else {
        said::n_minutes(minutes)
    }
}

/// A week of working intervals and days off as sent, checked into `v` (`weekly.mon`, `daysOff`, …):
/// a provider's plan and a team member's own hours follow the same rules.
pub fn week_from(
    days: &[pb::DayHours],
    days_off: &[String],
    v: &mut Violations,
) -> ([Vec<Interval>; 7], BTreeSet<NaiveDate>) {
    let mut weekly: [Vec<Interval>; 7] = Default::default();
    for day in days {
        let Some(i) = DAYS.iter().position(|d| *d == day.day.trim()) else {
            v.check(false, "weekly", said::bad_weekday());
            continue;
        };
        let field = format!("weekly.{}", DAYS[i]);
        let mut intervals = Vec::new();
        let mut well_formed = true;
        for interval in &day.intervals {
            match (parse_hhmm(&interval.start), parse_hhmm(&interval.end)) {
                (Some(s), Some(e)) if s < e && s >= OPENS && e <= CLOSES && s % 30 == 0 && e % 30 == 0 => {
                    intervals.push((s, e));
                }
                _ => well_formed = false,
            }
        }
        intervals.sort_unstable();
        if !well_formed {
            v.check(false, &field, said::bad_interval());
        } else if intervals.len() > MAX_INTERVALS {
            v.check(false, &field, said::too_many_intervals());
        } else if intervals.windows(2).any(|w| w[0].1 > w[1].0) {
            v.check(false, &field, said::intervals_overlap());
        }
        weekly[i] = intervals;
    }
    let mut off = BTreeSet::new();
    for d in days_off {
        match NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d") {
            Ok(date) => {
                off.insert(date);
            }
            Err(_) => {
                v.check(false, "daysOff", said::bad_days_off());
            }
        }
    }
    v.check(off.len() <= MAX_DAYS_OFF, "daysOff", said::too_many_days_off());
    (weekly, off)
}

/// A week as the contract writes it: seven days, Monday first.
pub fn week_message(weekly: &[Vec<Interval>; 7]) -> Vec<pb::DayHours> {
    DAYS.iter()
        .zip(weekly)
        .map(|(day, intervals)| pb::DayHours {
            day: (*day).to_owned(),
            intervals: intervals.iter().map(|&(s, e)| pb::Interval { start: hhmm(s), end: hhmm(e) }).collect(),
        })
        .collect()
}

/// The plan a seller sent, checked: every broken rule is reported under its field (`weekly.mon`,
/// `daysOff`, `minNoticeMinutes`, …).
pub fn from_message(p: &pb::ProviderPlan) -> Result<Plan, Violations> {
    let mut v = Violations::new();
    let (weekly, days_off) = week_from(&p.weekly, &p.days_off, &mut v);
    v.check((0..=2880).contains(&p.min_notice_minutes), "minNoticeMinutes", said::bad_min_notice());
    v.check((1..=365).contains(&p.horizon_days), "horizonDays", said::bad_horizon_days());
    v.check((1..=20).contains(&p.capacity), "capacity", said::bad_capacity());
    v.check((0..=2880).contains(&p.change_notice_minutes), "changeNoticeMinutes", said::bad_change_notice());
    if !v.is_empty() {
        return Err(v);
    }
    Ok(Plan {
        weekly,
        days_off,
        min_notice_minutes: p.min_notice_minutes as u32,
        horizon_days: p.horizon_days as u32,
        capacity: p.capacity as u32,
        change_notice_minutes: p.change_notice_minutes as u32,
        instant_booking: p.instant_booking.unwrap_or(true),
    })
}

pub fn to_message(plan: &Plan) -> pb::ProviderPlan {
    pb::ProviderPlan {
        weekly: week_message(&plan.weekly),
        days_off: plan.days_off.iter().map(|d| d.format("%Y-%m-%d").to_string()).collect(),
        min_notice_minutes: plan.min_notice_minutes as i32,
        horizon_days: plan.horizon_days as i32,
        capacity: plan.capacity as i32,
        change_notice_minutes: plan.change_notice_minutes as i32,
        instant_booking: Some(plan.instant_booking),
    }
}

/// The demo sellers' plans (`mtaani_proto::demo::SELLERS`, in their order): a salon with three chairs, a
/// stylist who rests on Mondays, a clinic, a studio open on Sundays, a trainer's early and late
/// sessions, and a bridal house that wants a day's notice. The clinic and the bridal house confirm
/// each request themselves; the others take bookings instantly.
pub fn demo_plans(today: NaiveDate) -> Vec<(&'static str, Plan)> {
    let week = |days: [&[Interval]; 7]| -> [Vec<Interval>; 7] { days.map(|d| d.to_vec()) };
    let christmas = NaiveDate::from_ymd_opt(today.year() + i32::from(today.month() == 12 && today.day() > 25), 12, 25)
        .expect("a valid date");
    let h = |a: u32, b: u32| (a * 60, b * 60);
    let plan = |weekly, notice, horizon, capacity, change, days_off: &[NaiveDate]| Plan {
        weekly,
        days_off: days_off.iter().copied().collect(),
        min_notice_minutes: notice,
        horizon_days: horizon,
        capacity,
        change_notice_minutes: change,
        instant_booking: true,
    };
    let requests = |p: Plan| Plan { instant_booking: false, ..p };
    let day = [h(8, 18)];
    let split = [h(9, 13), h(14, 19)];
    let clinic = [h(8, 12), (13 * 60, 16 * 60 + 30)];
    let studio = [h(10, 20)];
    let trainer = [h(7, 10), h(16, 21)];
    let bridal = [h(9, 17)];
    vec![
        (SELLERS[0].id, plan(week([&day, &day, &day, &day, &day, &day, &[]]), 60, 60, 3, 120, &[christmas])),
        (
            SELLERS[1].id,
            plan(week([&[], &split, &split, &split, &split, &split, &[h(12, 17)]]), 120, 45, 2, 240, &[christmas]),
        ),
        (
            SELLERS[2].id,
            requests(plan(week([&clinic, &clinic, &clinic, &clinic, &clinic, &[h(8, 14)], &[]]), 60, 60, 1, 120, &[])),
        ),
        (
            SELLERS[3].id,
            plan(week([&studio, &studio, &studio, &studio, &studio, &studio, &[h(10, 16)]]), 180, 90, 2, 180, &[]),
        ),
        (
            SELLERS[4].id,
            plan(week([&trainer, &trainer, &trainer, &trainer, &trainer, &[h(7, 12)], &[]]), 60, 30, 1, 60, &[]),
        ),
        (
            SELLERS[5].id,
            requests(plan(
                week([&[], &[], &bridal, &bridal, &bridal, &bridal, &bridal]),
                1440,
                120,
                1,
                1440,
                &[christmas],
            )),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(weekly: &[(&str, &[(&str, &str)])]) -> pb::ProviderPlan {
        pb::ProviderPlan {
            weekly: weekly
                .iter()
                .map(|(day, intervals)| pb::DayHours {
                    day: (*day).into(),
                    intervals: intervals
                        .iter()
                        .map(|(s, e)| pb::Interval { start: (*s).into(), end: (*e).into() })
                        .collect(),
                })
                .collect(),
            days_off: vec!["2026-12-25".into()],
            min_notice_minutes: 120,
            horizon_days: 60,
            capacity: 1,
            change_notice_minutes: 120,
            instant_booking: None,
        }
    }

    /// Each field's broken rule, in English.
    fn errors(p: &pb::ProviderPlan) -> std::collections::HashMap<String, String> {
        from_message(p).unwrap_err().fields().iter().map(|(f, said)| (f.clone(), said.to_string())).collect()
    }

    #[test]
    fn a_plan_round_trips() {
        let m = message(&[
            ("mon", &[("08:00", "13:00"), ("14:00", "18:00")]),
            ("tue", &[]),
            ("sun", &[("10:00", "12:30")]),
        ]);
        let plan = from_message(&m).unwrap();
        assert_eq!(plan.weekly[0], vec![(480, 780), (840, 1080)]);
        assert!(plan.weekly[1].is_empty() && plan.weekly[2].is_empty(), "days not sent are closed");
        assert_eq!(plan.weekly[6], vec![(600, 750)]);
        let back = to_message(&plan);
        assert_eq!(back.weekly.len(), 7);
        assert_eq!(back.weekly[0].intervals[1], pb::Interval { start: "14:00".into(), end: "18:00".into() });
        assert_eq!(from_message(&back).unwrap(), plan);
        assert_eq!(serde_json::from_str::<Plan>(&serde_json::to_string(&plan).unwrap()).unwrap(), plan);
    }

    #[test]
    fn every_rule_is_reported_under_its_field() {
        let e = errors(&message(&[("mon", &[("08:00", "13:00"), ("12:00", "18:00")])]));
        assert_eq!(e["weekly.mon"], said::intervals_overlap().to_string());
        for bad in [("06:30", "09:00"), ("08:15", "09:00"), ("10:00", "10:00"), ("22:00", "23:30"), ("8", "9")] {
            let e = errors(&message(&[("tue", &[bad])]));
            assert_eq!(e["weekly.tue"], said::bad_interval().to_string(), "{bad:?}");
        }
        let four = [("07:00", "08:00"), ("09:00", "10:00"), ("11:00", "12:00"), ("13:00", "14:00")];
        assert_eq!(errors(&message(&[("wed", &four)]))["weekly.wed"], said::too_many_intervals().to_string());
        assert_eq!(errors(&message(&[("funday", &[])]))["weekly"], said::bad_weekday().to_string());
        let mut m = message(&[]);
        m.days_off = vec!["25/12/2026".into()];
        m.min_notice_minutes = 2881;
        m.horizon_days = 0;
        m.capacity = 21;
        m.change_notice_minutes = -1;
        let e = errors(&m);
        let says = |field: &str, text: Text| assert_eq!(e[field], text.to_string(), "{field}");
        says("daysOff", said::bad_days_off());
        says("minNoticeMinutes", said::bad_min_notice());
        says("horizonDays", said::bad_horizon_days());
        says("capacity", said::bad_capacity());
        says("changeNoticeMinutes", said::bad_change_notice());
        assert!(from_message(&message(&[("mon", &[("07:00", "23:00")])])).is_ok(), "the whole day is allowed");
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(
            [0, 1, 30, 60, 90, 120, 1440, 2880].map(|m| in_words(m).to_string()),
            ["0 minutes", "1 minute", "30 minutes", "1 hour", "90 minutes", "2 hours", "1 day", "2 days"]
        );
    }

    #[test]
    fn the_demo_plans_are_valid() {
        for (_, plan) in demo_plans(NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()) {
            assert_eq!(from_message(&to_message(&plan)).unwrap(), plan);
        }
    }
}
