//! A member of a provider's team as the diaries and the store know them: who they are, the listings
//! they do, their own hours inside the provider's plan, their seat in `time_holds`. The use cases that
//! list, save and remove members are service/team.rs's.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use mtaani_proto::booking::v1 as pb;
use serde::{Deserialize, Serialize};

use crate::rules::{
    plan::{self, Interval, Plan},
    request, schedule,
};

/// A member's seat in `time_holds` is 100 and up: past the seats a provider's capacity uses (0–19).
pub const FIRST_SEAT: i64 = 100;

/// What a member is, as stored (`team_members.body`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Body {
    pub name: String,
    /// +254…, or '' for none.
    pub phone: String,
    pub listing_ids: Vec<String>,
    /// Their own week and days off; `None`: the provider's hours.
    pub hours: Option<Hours>,
    /// Their photo's URL (`/media/team/…`, stored by catalog-svc), or '' for none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub photo: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hours {
    pub weekly: [Vec<Interval>; 7],
    pub days_off: BTreeSet<NaiveDate>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub id: String,
    pub seller_id: String,
    /// Their seat in `time_holds`: every cell they are booked in holds it.
    pub seat: i64,
    pub body: Body,
    pub active: bool,
    pub created_at: i64,
}

impl Member {
    /// Whether they do `listing_id` (and take bookings at all).
    pub fn serves(&self, listing_id: &str) -> bool {
        self.active && self.body.listing_ids.iter().any(|id| id == listing_id)
    }

    /// The provider's plan as it is for them: the hours both plans work, the days off of either, one
    /// customer at a time.
    pub fn plan_within(&self, provider: &Plan) -> Plan {
        let mut plan = Plan { capacity: 1, ..provider.clone() };
        if let Some(hours) = &self.body.hours {
            for (day, own) in plan.weekly.iter_mut().zip(&hours.weekly) {
                *day = overlap(day, own);
            }
            plan.days_off.extend(hours.days_off.iter().copied());
        }
        plan
    }

    pub fn to_message(&self) -> pb::TeamMember {
        let hours = self.body.hours.as_ref();
        pb::TeamMember {
            id: self.id.clone(),
            seller_id: self.seller_id.clone(),
            name: self.body.name.clone(),
            phone: self.body.phone.clone(),
            listing_ids: self.body.listing_ids.clone(),
            weekly: hours.map(|h| plan::week_message(&h.weekly)).unwrap_or_default(),
            days_off: hours
                .map(|h| h.days_off.iter().map(|d| d.format("%Y-%m-%d").to_string()).collect())
                .unwrap_or_default(),
            active: self.active,
            created_at: self.created_at,
            own_hours: hours.is_some(),
            photo: self.body.photo.clone(),
        }
    }
}

impl Member {
    /// Whether they do `a`'s listing and work for its whole length (their seat may still be taken).
    pub fn can_take(&self, a: &pb::Appointment, provider: &Plan) -> bool {
        let Some(date) = request::parse_date(&a.date) else { return false };
        let start = ((a.starts_at - schedule::midnight(date)) / 60).max(0) as u32;
        let end = start + a.duration_minutes.max(30) as u32;
        self.serves(&a.service_id)
            && self.plan_within(provider).intervals(date).iter().any(|&(s, e)| start >= s && end <= e)
    }
}

/// The parts of two days' intervals that both cover.
fn overlap(a: &[Interval], b: &[Interval]) -> Vec<Interval> {
    let mut both = Vec::new();
    for &(s1, e1) in a {
        for &(s2, e2) in b {
            let (s, e) = (s1.max(s2), e1.min(e2));
            if s < e {
                both.push((s, e));
            }
        }
    }
    both.sort_unstable();
    both
}
