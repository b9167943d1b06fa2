//! The booking dialog's reads: a day's starts and a month's open days for a listing, from its
//! provider's plan and the seats already held.

use chrono::{Duration as Days, NaiveDate, Utc};
use mtaani_proto::booking::v1 as pb;
use tonic::Status;

use crate::{
    errors::{BAD_MONTH, invalid, required_service_id},
    listings::Bookable,
    plan, rules, schedule,
    service::{Booking, db},
    store,
};

impl Booking {
    /// A listing's month as the dialog sees it: whose it is and how long it takes, and their plan.
    async fn context(&self, service_id: &str) -> Result<(Bookable, plan::Plan), Status> {
        let listing = self.bookable(required_service_id(service_id)?).await?;
        let plan = store::plan(&self.pool, &listing.seller_id).await.map_err(db)?;
        Ok((listing, plan))
    }

    /// The starts of a day a booking of the listing fits, and why none when there are none.
    pub async fn availability(&self, r: pb::GetAvailabilityRequest) -> Result<pb::GetAvailabilityResponse, Status> {
        let date = rules::parse_date(&r.date).ok_or_else(|| Status::invalid_argument(rules::BAD_DATE))?;
        let listing = self.bookable(required_service_id(&r.service_id)?).await?;
        let duration = listing.duration;
        let at = Utc::now();
        let from = schedule::midnight(date);
        let (plan, held) =
            store::plan_and_held(&self.pool, &listing.seller_id, from, from + 86_400).await.map_err(db)?;
        let day = schedule::day(&plan, date, duration, at, &held);
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
            answer.reason = day.reason().unwrap_or_default();
            let next = date.succ_opt().unwrap_or(date).max(schedule::today(at));
            let last = schedule::today(at) + Days::days(i64::from(plan.horizon_days) + 1);
            if next < last {
                let held =
                    store::held(&self.pool, &listing.seller_id, schedule::midnight(next), schedule::midnight(last))
                        .await
                        .map_err(db)?;
                if let Some(d) = schedule::next_open(&plan, next, duration, at, &held) {
                    answer.next_open_date = d.format("%Y-%m-%d").to_string();
                }
            }
        }
        Ok(answer)
    }

    /// A month of the listing's days: which take bookings, and why the others do not.
    pub async fn calendar(&self, r: pb::GetCalendarRequest) -> Result<pb::GetCalendarResponse, Status> {
        let first = NaiveDate::parse_from_str(&format!("{}-01", r.month.trim()), "%Y-%m-%d")
            .map_err(|_| invalid("month", BAD_MONTH))?;
        let (listing, plan) = self.context(&r.service_id).await?;
        let duration = listing.duration;
        let at = Utc::now();
        let today = schedule::today(at);
        let next_month = first.checked_add_months(chrono::Months::new(1)).ok_or_else(|| invalid("month", BAD_MONTH))?;
        let horizon_end = today + Days::days(i64::from(plan.horizon_days) + 1);
        let until = next_month.max(horizon_end);
        let from = first.max(today);
        let held = if from < until {
            store::held(&self.pool, &listing.seller_id, schedule::midnight(from), schedule::midnight(until))
                .await
                .map_err(db)?
        } else {
            Default::default()
        };
        let days = first
            .iter_days()
            .take_while(|d| *d < next_month)
            .map(|date| {
                let day = schedule::day(&plan, date, duration, at, &held);
                let reason = day.reason();
                pb::CalendarDay {
                    date: date.format("%Y-%m-%d").to_string(),
                    bookable: reason.is_none(),
                    reason: reason.unwrap_or_default(),
                }
            })
            .collect();
        let next_open_date = schedule::next_open(&plan, from, duration, at, &held)
            .map(|d| d.format("%Y-%m-%d").to_string())
            .unwrap_or_default();
        Ok(pb::GetCalendarResponse { month: first.format("%Y-%m").to_string(), days, next_open_date })
    }
}
