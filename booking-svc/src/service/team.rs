//! A provider's team: the people who serve their customers, each with a diary of their
//! own (one customer at a time), the provider's listings they do and their own hours inside the
//! provider's plan. Checked here with a message per field; the use cases that list, save and remove
//! members are the `impl Booking` block below, their SQL in `store`.

use std::collections::BTreeSet;

use mtaani_proto::{
    booking::v1 as pb,
    catalog::v1::{ListSellerListingsRequest, Listing, Page},
    phone,
    status::Violations,
    text::said,
};

use super::{Booking, neighbour_away, now, with_deadline};
use crate::{
    rules::{
        errors::{BookingError, Id, required, required_id},
        members::{Body, FIRST_SEAT, Hours, Member},
        plan::{self, Interval},
    },
    store,
};

/// The demo salon, whose team is seeded.
pub const DEMO_SALON: &str = mtaani_proto::demo::SALON.id;

/// The most members a provider may have on their team (removed ones not counted).
pub const MAX_MEMBERS: usize = 50;

/// A member as sent, checked against the provider's own listings (`listings`): every broken rule
/// under its field (`name`, `phone`, `listingIds`, `weekly.mon`, `daysOff`).
pub fn check(input: &pb::TeamMemberInput, listings: &[String]) -> Result<(Body, bool), Violations> {
    let mut v = Violations::new();
    let name = input.name.trim();
    v.check(name.chars().count() >= 2, "name", said::name_too_short());
    v.check(name.chars().count() <= 100, "name", said::name_too_long());
    v.check(!name.contains('\0'), "name", said::unsupported_characters());
    let phone = match input.phone.trim() {
        "" => Some(String::new()),
        given => phone::clean(given),
    };
    v.check(phone.is_some(), "phone", said::bad_phone());
    let mut listing_ids: Vec<String> = Vec::new();
    for id in &input.listing_ids {
        let id = id.trim();
        if !listing_ids.iter().any(|kept| kept == id) {
            listing_ids.push(id.to_owned());
        }
    }
    v.check(!listing_ids.is_empty(), "listingIds", said::choose_member_services());
    v.check(listing_ids.iter().all(|id| listings.contains(id)), "listingIds", said::choose_own_services());
    let (weekly, days_off) = plan::week_from(&input.weekly, &input.days_off, &mut v);
    let photo = input.photo.as_deref().map(str::trim).unwrap_or_default();
    v.check(photo.is_empty() || is_team_photo(photo), "photo", said::photo_not_image());
    if !v.is_empty() {
        return Err(v);
    }
    let hours = (!input.weekly.is_empty()).then_some(Hours { weekly, days_off });
    let body =
        Body { name: name.to_owned(), phone: phone.unwrap_or_default(), listing_ids, hours, photo: photo.to_owned() };
    Ok((body, input.active))
}

/// A team photo's URL as catalog-svc answers them: `/media/team/` and a plain key.
fn is_team_photo(url: &str) -> bool {
    url.strip_prefix("/media/team/").is_some_and(|key| {
        !key.is_empty()
            && key.len() <= 120
            && !key.contains("..")
            && key.bytes().all(|b| b.is_ascii_alphanumeric() || b"/._-".contains(&b))
    })
}

/// What to do with a member's upcoming bookings when they stop taking bookings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Upcoming {
    /// Nothing said: refused while there are any.
    Ask,
    /// To this member, or to anyone free then (`None`).
    Move(Option<String>),
    Cancel,
}

impl Upcoming {
    pub fn of(upcoming: i32, move_to: &str) -> Self {
        match pb::UpcomingBookings::try_from(upcoming) {
            Ok(pb::UpcomingBookings::Move) => Self::Move(Some(move_to.trim().to_owned()).filter(|id| !id.is_empty())),
            Ok(pb::UpcomingBookings::Cancel) => Self::Cancel,
            _ => Self::Ask,
        }
    }
}

/// The refusal of a change that would leave `count` upcoming bookings without their member.
fn has_bookings(member: &Member, count: usize) -> BookingError {
    BookingError::MemberHasBookings { name: member.body.name.clone(), count }
}

impl Booking {
    /// A provider's team, in the order they were added.
    pub async fn team(&self, r: pb::ListTeamRequest) -> Result<pb::ListTeamResponse, BookingError> {
        let seller_id = required_id(&r.seller_id, Id::Seller)?;
        let members = store::team(&self.pool, seller_id).await?;
        Ok(pb::ListTeamResponse { members: members.iter().map(Member::to_message).collect() })
    }

    /// The active members who do a listing, for its page's "Choose a stylist" (no phone numbers).
    pub async fn listing_team(&self, r: pb::GetListingTeamRequest) -> Result<pb::ListTeamResponse, BookingError> {
        let listing = self.bookable(required_id(&r.service_id, Id::Service)?).await?;
        let setup = self.setups.get(&self.pool, &listing.seller_id).await?;
        let members = setup
            .team
            .iter()
            .filter(|m| m.serves(&listing.id))
            .map(|m| pb::TeamMember { phone: String::new(), ..m.to_message() })
            .collect();
        Ok(pb::ListTeamResponse { members })
    }

    /// Adds a member, or saves one's changes. A member who stops taking bookings with some still
    /// ahead of them has those moved or cancelled as `r.upcoming` says, or the save is refused.
    pub async fn save_member(&self, r: pb::SaveTeamMemberRequest) -> Result<pb::TeamMember, BookingError> {
        let seller_id = required_id(&r.seller_id, Id::Seller)?;
        let listings: Vec<String> = self.seller_listings(seller_id).await?.into_iter().map(|l| l.id).collect();
        let input = r.member.unwrap_or_default();
        let (mut body, active) = check(&input, &listings)?;
        let t = now();
        let member_id = r.member_id.trim();
        if member_id.is_empty() {
            let team = store::team(&self.pool, seller_id).await?;
            if team.len() >= MAX_MEMBERS {
                return Err(BookingError::TeamTooBig);
            }
            let member = store::add_member(&self.pool, seller_id, &body, active, t).await?;
            self.setups.changed(&self.pool).await;
            tracing::info!(seller_id = %seller_id, member = %member.id, "team member added");
            return Ok(member.to_message());
        }
        let current = self.member_of(seller_id, member_id).await?;
        if input.photo.is_none() {
            body.photo.clone_from(&current.body.photo);
        }
        let mut saved = Member { body, active, ..current.clone() };
        // Bookings they can no longer serve: all of them when they stop, those of listings dropped.
        let upcoming = store::live_from(&self.pool, store::Whose::Member(member_id), t).await?;
        let orphaned: Vec<_> = upcoming.into_iter().filter(|a| !saved.serves(&a.service_id)).collect();
        if !orphaned.is_empty() {
            let what = Upcoming::of(r.upcoming, &r.move_to);
            if what == Upcoming::Ask {
                return Err(has_bookings(&current, orphaned.len()));
            }
            self.move_or_cancel(&current, orphaned, what).await?;
        }
        saved.created_at = current.created_at;
        store::update_member(&self.pool, &saved, t).await?;
        self.setups.changed(&self.pool).await;
        tracing::info!(seller_id = %seller_id, member = %member_id, active, "team member saved");
        Ok(saved.to_message())
    }

    /// Removes a member from the team; their upcoming bookings are moved or cancelled as
    /// `r.upcoming` says, or the removal is refused while they have any.
    pub async fn remove_member(
        &self,
        r: pb::RemoveTeamMemberRequest,
    ) -> Result<pb::RemoveTeamMemberResponse, BookingError> {
        let seller_id = required_id(&r.seller_id, Id::Seller)?;
        let member_id = required_id(&r.member_id, Id::Member)?;
        let member = self.member_of(seller_id, member_id).await?;
        let upcoming = store::live_from(&self.pool, store::Whose::Member(member_id), now()).await?;
        let what = Upcoming::of(r.upcoming, &r.move_to);
        if !upcoming.is_empty() && what == Upcoming::Ask {
            return Err(has_bookings(&member, upcoming.len()));
        }
        let (moved, cancelled) = self.move_or_cancel(&member, upcoming, what).await?;
        store::remove_member(&self.pool, member_id, now()).await?;
        self.setups.changed(&self.pool).await;
        tracing::info!(seller_id = %seller_id, member = %member_id, moved, cancelled, "team member removed");
        Ok(pb::RemoveTeamMemberResponse { moved: moved as i64, cancelled: cancelled as i64 })
    }

    /// Moves or cancels `bookings` (of `member`) as `what` says, each in its own transaction with the
    /// message to its customer; answers how many were moved and how many cancelled. A booking no other
    /// member can take then is left as it was, and the whole change refused with how many.
    async fn move_or_cancel(
        &self,
        member: &Member,
        bookings: Vec<pb::Appointment>,
        what: Upcoming,
    ) -> Result<(usize, usize), BookingError> {
        if bookings.is_empty() {
            return Ok((0, 0));
        }
        match what {
            Upcoming::Ask => Err(has_bookings(member, bookings.len())),
            Upcoming::Cancel => {
                let mut cancelled = 0;
                for a in bookings {
                    cancelled += usize::from(self.decline_for_provider(a).await?);
                }
                Ok((0, cancelled))
            }
            Upcoming::Move(to) => {
                let team = store::team(&self.pool, &member.seller_id).await?;
                let plan = store::plan(&self.pool, &member.seller_id).await?;
                let others: Vec<&Member> =
                    team.iter().filter(|m| m.id != member.id && to.as_ref().is_none_or(|id| *id == m.id)).collect();
                if others.is_empty() {
                    return Err(BookingError::NoOtherMember { field: "moveTo" });
                }
                // Every booking must find someone, or none is moved.
                let moves: Vec<(pb::Appointment, Vec<&Member>)> = bookings
                    .into_iter()
                    .map(|a| {
                        let candidates = others.iter().copied().filter(|m| m.can_take(&a, &plan)).collect();
                        (a, candidates)
                    })
                    .collect();
                let stuck = moves.iter().filter(|(_, candidates)| candidates.is_empty()).count();
                if stuck > 0 || !self.give_to_other_members(&moves).await? {
                    return Err(BookingError::NoMemberFree { count: stuck.max(1) });
                }
                let moved = moves.len();
                Ok((moved, 0))
            }
        }
    }

    /// The provider gives one of their live bookings to another member of the team, who must do its
    /// listing, work then and be free for its whole length (else `member_taken`).
    pub async fn give_to_member(&self, r: pb::ReassignAppointmentRequest) -> Result<pb::Appointment, BookingError> {
        let seller_id = required_id(&r.seller_id, Id::Seller)?;
        let member_id = required(&r.member_id, || BookingError::NoOtherMember { field: "memberId" })?;
        let a = store::by_id(&self.pool, r.id.trim()).await?.ok_or(BookingError::BookingNotFound)?;
        if a.seller_id != seller_id {
            return Err(BookingError::NotYours);
        }
        if !store::is_live(a.status()) {
            return Err(BookingError::BookingNotLive { status: a.status() });
        }
        if a.starts_at < now() {
            return Err(BookingError::BookingPast);
        }
        let member = self.member_of(seller_id, member_id).await?;
        if member.id == a.member_id {
            return Ok(a);
        }
        let plan = store::plan(&self.pool, seller_id).await?;
        if !member.can_take(&a, &plan) || !self.give_to_other_members(&[(a.clone(), vec![&member])]).await? {
            return Err(BookingError::MemberTaken);
        }
        Ok(pb::Appointment { member_id: member.id.clone(), member_name: member.body.name.clone(), ..a })
    }

    /// The demo salon's team, once catalog-svc has the salon's listings: Achieng Otieno's
    /// three stylists, on different days, one who does braids only, so that "Choose a stylist", the
    /// menu and the day per member show on first run. Never again once stored (fixed ids).
    pub async fn seed_demo_team(self) {
        for _ in 0..60 {
            match self.demo_team().await {
                Ok(Some(added)) => {
                    if added > 0 {
                        tracing::info!(added, "demo salon team loaded");
                    }
                    return;
                }
                Ok(None) => {}
                Err(e) => tracing::debug!(error = %e, "demo team: catalog-svc not ready"),
            }
            tokio::time::sleep(std::time::Duration::from_secs(2)).await;
        }
        tracing::warn!("demo team: the demo salon's listings never came; no team seeded");
    }

    /// Adds the demo team when the salon's listings are there: how many members were new, or `None`
    /// while catalog-svc has none of them yet.
    async fn demo_team(&self) -> Result<Option<usize>, BookingError> {
        let listings = self.seller_listings(DEMO_SALON).await?;
        if listings.is_empty() {
            return Ok(None);
        }
        let all: Vec<String> = listings.iter().map(|l| l.id.clone()).collect();
        let braids: Vec<String> =
            listings.iter().filter(|l| l.subcategory == "braiding").map(|l| l.id.clone()).collect();
        let split = vec![(9 * 60, 13 * 60), (14 * 60, 19 * 60)];
        let week = |days: &[usize]| {
            let mut weekly: [Vec<Interval>; 7] = Default::default();
            for &d in days {
                weekly[d] = if d == 6 { vec![(12 * 60, 17 * 60)] } else { split.clone() };
            }
            Some(Hours { weekly, days_off: BTreeSet::new() })
        };
        let members = [
            ("0193a000-0000-7000-8000-0000000002a1", "Wanjiku", "+254722000201", all.clone(), week(&[1, 2, 3, 4])),
            ("0193a000-0000-7000-8000-0000000002a2", "Akinyi", "+254722000202", all, week(&[3, 4, 5, 6])),
            ("0193a000-0000-7000-8000-0000000002a3", "Mercy", "", braids, None),
        ];
        // Wanjiku and Akinyi with the photos catalog-svc's demo stored; Mercy with none (her initial).
        let photos = mtaani_proto::demo::TEAM_PHOTOS.map(|key| format!("/media/{key}"));
        let mut added = 0;
        for (seat, (id, name, phone, listing_ids, hours)) in members.into_iter().enumerate() {
            let photo = photos.get(seat).cloned().unwrap_or_default();
            let m = Member {
                id: id.to_owned(),
                seller_id: DEMO_SALON.to_owned(),
                seat: FIRST_SEAT + seat as i64,
                body: Body { name: name.to_owned(), phone: phone.to_owned(), listing_ids, hours, photo },
                active: true,
                created_at: now(),
            };
            added += usize::from(store::seed_member(&self.pool, &m, now()).await?);
        }
        if added > 0 {
            self.setups.changed(&self.pool).await;
        }
        Ok(Some(added))
    }

    /// A member of `seller_id`'s team (not removed), or not found.
    pub(crate) async fn member_of(&self, seller_id: &str, member_id: &str) -> Result<Member, BookingError> {
        store::member(&self.pool, member_id)
            .await?
            .filter(|m| m.seller_id == seller_id)
            .ok_or(BookingError::MemberNotFound)
    }

    /// The provider's listings, hidden ones too (asked of catalog-svc).
    async fn seller_listings(&self, seller_id: &str) -> Result<Vec<Listing>, BookingError> {
        let request =
            ListSellerListingsRequest { seller_id: seller_id.to_owned(), page: Some(Page { limit: 100, offset: 0 }) };
        match self.catalog.clone().list_seller_listings(with_deadline(request)).await {
            Ok(r) => Ok(r.into_inner().listings),
            Err(s) => Err(neighbour_away("catalog-svc", s)),
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use mtaani_proto::text::Text;

    use super::*;
    use crate::rules::plan::Plan;

    fn member(hours: Option<Hours>) -> Member {
        Member {
            id: "m".into(),
            seller_id: "s".into(),
            seat: FIRST_SEAT,
            body: Body {
                name: "Akinyi".into(),
                phone: String::new(),
                listing_ids: vec!["braids".into()],
                hours,
                photo: String::new(),
            },
            active: true,
            created_at: 0,
        }
    }

    #[test]
    fn a_member_works_where_both_weeks_say_so_one_customer_at_a_time() {
        let provider = Plan { capacity: 3, ..Plan::default() }; // Mon–Sat 08:00–18:00
        assert_eq!(member(None).plan_within(&provider), Plan { capacity: 1, ..provider.clone() });
        let mut weekly: [Vec<Interval>; 7] = Default::default();
        weekly[0] = vec![(7 * 60, 12 * 60), (14 * 60, 20 * 60)];
        weekly[6] = vec![(10 * 60, 14 * 60)];
        let off = NaiveDate::from_ymd_opt(2026, 12, 24).unwrap();
        let own = member(Some(Hours { weekly, days_off: [off].into() })).plan_within(&provider);
        assert_eq!(own.weekly[0], [(8 * 60, 12 * 60), (14 * 60, 18 * 60)], "inside the provider's day");
        assert!(own.weekly[1].is_empty(), "a day they do not work");
        assert!(own.weekly[6].is_empty(), "nor on the provider's closed Sunday");
        assert!(own.days_off.contains(&off) && own.capacity == 1);
    }

    #[test]
    fn a_member_is_named_does_the_providers_listings_and_has_a_phone_if_any() {
        let listings = vec!["braids".to_owned(), "wash".to_owned()];
        let input = pb::TeamMemberInput {
            name: "  Akinyi Odhiambo ".into(),
            phone: "0712 345 678".into(),
            listing_ids: vec!["braids".into(), " braids".into()],
            active: true,
            ..Default::default()
        };
        let (body, active) = check(&input, &listings).unwrap();
        assert_eq!((body.name.as_str(), body.phone.as_str(), active), ("Akinyi Odhiambo", "+254712345678", true));
        assert_eq!(body.listing_ids, ["braids"]);
        assert_eq!(body.hours, None, "no week sent: the provider's hours");
        let refused = |input: pb::TeamMemberInput| check(&input, &listings).unwrap_err().fields().to_vec();
        let says = |field: &str, text: Text| (field.to_owned(), text);
        let bad = pb::TeamMemberInput { name: "A".into(), phone: "12".into(), listing_ids: vec![], ..input.clone() };
        assert_eq!(
            refused(bad),
            [
                says("name", said::name_too_short()),
                says("phone", said::bad_phone()),
                says("listingIds", said::choose_member_services()),
            ]
        );
        let others = pb::TeamMemberInput { listing_ids: vec!["someone-elses".into()], ..input.clone() };
        assert_eq!(refused(others), [says("listingIds", said::choose_own_services())]);
        let week = pb::TeamMemberInput {
            weekly: vec![pb::DayHours {
                day: "mon".into(),
                intervals: vec![pb::Interval { start: "09:00".into(), end: "08:00".into() }],
            }],
            ..input.clone()
        };
        assert_eq!(refused(week), [says("weekly.mon", said::bad_interval())]);
        let photo = |url: &str| pb::TeamMemberInput { photo: Some(url.into()), ..input.clone() };
        assert_eq!(
            check(&photo("/media/team/02/ab12-192.webp"), &listings).unwrap().0.photo,
            "/media/team/02/ab12-192.webp"
        );
        for url in
            ["https://elsewhere.example/me.jpg", "/media/02/ab-1280.webp", "/media/team/../secret", "/media/team/"]
        {
            assert_eq!(refused(photo(url)), [says("photo", said::photo_not_image())], "{url}");
        }
    }
}
