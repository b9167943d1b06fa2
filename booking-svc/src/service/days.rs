//! The booking dialog's reads: a day's starts and a month's open days for a listing (the services
//! chosen, the team member asked for), from its provider's plan, team and the seats already held.

use chrono::{Duration as Days, NaiveDate, Utc};
use mtaani_proto::booking::v1 as pb;

use super::Booking;
use crate::{
    caches::listings::Bookable,
    rules::{
        diary::{self, Diary},
        errors::{BookingError, Id, required_id},
        members::Member,
        plan, request, schedule,
    },
    store,
};

impl Booking {
    /// The diaries a read of `listing` looks at: the member asked for, or every member who does it
    /// (the provider's own diary when they have no team); an unknown member is not found.
    fn diaries_of<'a>(
        listing: &Bookable,
        plan: &plan::Plan,
        team: &'a [Member],
        member_id: &str,
        holds: &[(i64, i64)],
    ) -> Result<Vec<Diary<'a>>, BookingError> {
        let wanted = diary::member_asked_for(team, &listing.id, member_id)?;
        Ok(diary::diaries(plan, team, &listing.id, wanted, holds))
    }

    /// The starts of a day a booking of the listing (the options chosen, the member asked for) fits,
    /// and why none when there are none (a text, as its JSON: the gateway writes it in the reader's
    /// language).
    pub async fn availability(
        &self,
        r: pb::GetAvailabilityRequest,
    ) -> Result<pb::GetAvailabilityResponse, BookingError> {
        let date = request::parse_date(&r.date).ok_or(BookingError::BadDate { field: None })?;
        let listing = self.bookable(required_id(&r.service_id, Id::Service)?).await?;
        let duration = listing.choose(&r.option_ids)?.duration;
        let at = Utc::now();
        let from = schedule::midnight(date);
        let setup = self.setups.get(&self.pool, &listing.seller_id).await?;
        let (plan, team) = (&setup.plan, &setup.team[..]);
        let holds = self.day_seats.day(&self.pool, &listing.seller_id, from).await?;
        let diaries = Self::diaries_of(&listing, plan, team, &r.member_id, &holds)?;
        let day = diary::day(&diaries, date, duration, at);
        let slots: Vec<String> = day.bookable().map(|s| s.label.clone()).collect();
        let mut answer = pb::GetAvailabilityResponse {
            date: date.format("%Y-%m-%d").to_string(),
            taken: day.labels(schedule::Start::Full),
            past: day.labels(schedule::Start::Past),
            closed: day.closed.is_some(),
            reason: String::new(),
            next_open_date: String::new(),
            duration_minutes: duration as i32,
            slots,
        };
        if answer.slots.is_empty() {
            answer.reason =
                diary::reason(&day, &diaries, plan).map(|why| why.to_json().to_string()).unwrap_or_default();
            let next = date.succ_opt().unwrap_or(date).max(schedule::today(at));
            let last = schedule::today(at) + Days::days(i64::from(plan.horizon_days) + 1);
            if next < last {
                let (from, to) = (schedule::midnight(next), schedule::midnight(last));
                let holds = store::holds(&self.pool, &listing.seller_id, from, to).await?;
                let diaries = Self::diaries_of(&listing, plan, team, &r.member_id, &holds)?;
                if let Some(d) = diary::next_open(&diaries, next, duration, at) {
                    answer.next_open_date = d.format("%Y-%m-%d").to_string();
                }
            }
        }
        Ok(answer)
    }

    /// A month of the listing's days: which take bookings, and why the others do not (as for
    /// [`Booking::availability`]).
    pub async fn calendar(&self, r: pb::GetCalendarRequest) -> Result<pb::GetCalendarResponse, BookingError> {
        let first = NaiveDate::parse_from_str(&format!("{}-01", r.month.trim()), "%Y-%m-%d")
            .map_err(|_| BookingError::BadMonth)?;
        let listing = self.bookable(required_id(&r.service_id, Id::Service)?).await?;
        let duration = listing.choose(&r.option_ids)?.duration;
        let at = Utc::now();
        let today = schedule::today(at);
        let next_month = first.checked_add_months(chrono::Months::new(1)).ok_or(BookingError::BadMonth)?;
        let setup = self.setups.get(&self.pool, &listing.seller_id).await?;
        let (plan, team) = (&setup.plan, &setup.team[..]);
        let horizon_end = today + Days::days(i64::from(plan.horizon_days) + 1);
        let until = next_month.max(horizon_end);
        let from = first.max(today);
        let holds = if from < until {
            let (from, to) = (schedule::midnight(from), schedule::midnight(until));
            store::holds(&self.pool, &listing.seller_id, from, to).await?
        } else {
            Vec::new()
        };
        let diaries = Self::diaries_of(&listing, plan, team, &r.member_id, &holds)?;
        let days = first
            .iter_days()
            .take_while(|d| *d < next_month)
            .map(|date| {
                let day = diary::day(&diaries, date, duration, at);
                let reason = diary::reason(&day, &diaries, plan);
                pb::CalendarDay {
                    date: date.format("%Y-%m-%d").to_string(),
                    bookable: reason.is_none(),
                    reason: reason.map(|why| why.to_json().to_string()).unwrap_or_default(),
                }
            })
            .collect();
        let next_open_date = diary::next_open(&diaries, from, duration, at)
            .map(|d| d.format("%Y-%m-%d").to_string())
            .unwrap_or_default();
        Ok(pb::GetCalendarResponse { month: first.format("%Y-%m").to_string(), days, next_open_date })
    }
}
