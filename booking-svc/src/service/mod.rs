//! The use cases. Here: booking-svc's state ([`Booking`], cloned into each request and the worker),
//! what its use cases share (the database's errors as the service's, the listing asked of catalog-svc
//! with a deadline, where a booking takes place), and the small use cases: the lists of bookings, the
//! working plan, the operator's count, a customer forgotten. The others are `impl Booking` blocks of
//! their own: a booking is made in book.rs, changed in changes.rs; the dialog's days are read in
//! days.rs; a provider's team in team.rs; messages are written in messages.rs; the worker is
//! notices.rs, on the clock of clock.rs.

mod book;
mod changes;
pub mod clock;
mod days;
mod messages;
pub mod notices;
pub mod team;

use std::{sync::Arc, time::Duration};

use mtaani_proto::{
    accounts::v1::accounts_service_client::AccountsServiceClient,
    booking::v1 as pb,
    catalog::v1::{GetListingRequest, Listing, catalog_service_client::CatalogServiceClient},
};
use mtaani_runtime::outbox::Outbox;
use tokio::sync::Notify;
use tonic::{Code, Request, transport::Channel};

use self::clock::Clock;
use crate::{
    caches::{
        day_seats::DaySeats,
        listings::{Bookable, Listings, duration_of},
        setups::Setups,
    },
    rules::{
        errors::{BookingError, Id, required_id},
        plan,
    },
    store,
};

/// How long booking-svc waits for catalog-svc or accounts-svc.
pub(crate) const CALL_TIMEOUT: Duration = Duration::from_secs(3);

/// booking-svc: its database, its neighbours' clients, the outbox and the caches.
#[derive(Debug, Clone)]
pub struct Booking {
    pub(crate) pool: sqlx::AnyPool,
    pub(crate) catalog: CatalogServiceClient<Channel>,
    /// The listings the dialog's reads need, kept while following catalog-svc's changes.
    pub(crate) listings: Listings,
    pub(crate) accounts: AccountsServiceClient<Channel>,
    pub(crate) outbox: Outbox,
    /// PostgreSQL: a new booking is stored in one statement (`store::book_at_once`).
    pub(crate) book_in_one_statement: bool,
    /// Provider notices go straight to messaging-svc (see `notices`).
    pub(crate) messaging: mtaani_proto::messaging::v1::messaging_service_client::MessagingServiceClient<Channel>,
    pub(crate) link_secret: Arc<Vec<u8>>,
    pub(crate) public_base_url: String,
    /// The worker's clock (reminders, morning lists); the rules use the real one.
    pub(crate) clock: Clock,
    /// Wakes the worker: a provider notice is waiting.
    pub(crate) wake_worker: Arc<Notify>,
    /// Which provider notices were just stored (the worker reads them by id rather than scanning).
    pub(crate) notice_hints: mtaani_runtime::outbox::Hints,
    /// Providers' plans and teams, kept while their changes are heard.
    pub(crate) setups: Setups,
    /// The seats held on providers' days, kept on SQLite: each write of them tells it once committed.
    pub(crate) day_seats: DaySeats,
}

/// A database error: unavailable while the database is away, else a fault of ours.
impl From<sqlx::Error> for BookingError {
    fn from(err: sqlx::Error) -> Self {
        if mtaani_runtime::db::is_unavailable(&err) {
            BookingError::Unavailable(Box::new(err))
        } else {
            BookingError::Internal(Box::new(err))
        }
    }
}

/// A neighbour (`who`: catalog-svc, …) did not answer as it should (`said`, its status): unavailable
/// for the moment.
pub(crate) fn neighbour_away(who: &str, said: impl std::fmt::Display) -> BookingError {
    BookingError::Unavailable(format!("{who} did not answer: {said}").into())
}

/// `message` as a request to catalog-svc or accounts-svc, with [`CALL_TIMEOUT`] as its deadline.
pub(crate) fn with_deadline<T>(message: T) -> Request<T> {
    let mut r = Request::new(message);
    r.set_timeout(CALL_TIMEOUT);
    r
}

/// What a customer's message says of the listing: where it is and the way in there, its phone, its
/// price range (blank when the listing is not shown any more).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Place<'a> {
    pub location: &'a str,
    pub directions: &'a str,
    pub phone: &'a str,
    pub min_price: i64,
    pub max_price: i64,
}

impl<'a> Place<'a> {
    pub(crate) fn of_listing(listing: Option<&'a Listing>) -> Self {
        listing.map_or_else(Self::default, |l| Self {
            location: &l.location,
            directions: &l.directions,
            phone: &l.phone_number,
            min_price: l.min_price,
            max_price: l.max_price,
        })
    }

    pub(crate) fn of_bookable(b: &'a Bookable) -> Self {
        Self {
            location: &b.location,
            directions: &b.directions,
            phone: &b.phone_number,
            min_price: b.min_price,
            max_price: b.max_price,
        }
    }
}

pub(crate) fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

impl Booking {
    /// A provider's bookings, for My Account.
    pub async fn seller_appointments(
        &self,
        r: pb::ListSellerAppointmentsRequest,
    ) -> Result<pb::ListSellerAppointmentsResponse, BookingError> {
        let seller_id = required_id(&r.seller_id, Id::Seller)?;
        let appointments = store::for_seller(&self.pool, seller_id).await?;
        Ok(pb::ListSellerAppointmentsResponse { appointments })
    }

    /// A signed-in customer's bookings: upcoming first, soonest first, then past ones, latest first.
    pub async fn customer_appointments(
        &self,
        r: pb::ListCustomerAppointmentsRequest,
    ) -> Result<pb::ListSellerAppointmentsResponse, BookingError> {
        let customer_id = required_id(&r.customer_id, Id::Customer)?;
        let all = store::for_customer(&self.pool, customer_id).await?;
        let t = now();
        let mut plans = std::collections::HashMap::new();
        let mut listings = std::collections::HashMap::new();
        let mut upcoming = Vec::new();
        let mut past = Vec::new();
        for a in all {
            if !plans.contains_key(&a.seller_id) {
                plans.insert(a.seller_id.clone(), store::plan(&self.pool, &a.seller_id).await?);
            }
            if !listings.contains_key(&a.service_id) {
                listings.insert(a.service_id.clone(), self.listing_if_any(&a.service_id).await);
            }
            let mut a = self.for_customer(a.clone(), &plans[&a.seller_id], listings[&a.service_id].as_ref());
            a.manage_token = self.link_token(&a.id);
            if a.starts_at >= t { upcoming.push(a) } else { past.push(a) }
        }
        past.reverse();
        upcoming.extend(past);
        Ok(pb::ListSellerAppointmentsResponse { appointments: upcoming })
    }

    /// A provider's working plan (the default one until they save theirs).
    pub async fn plan(&self, r: pb::GetPlanRequest) -> Result<pb::ProviderPlan, BookingError> {
        let seller_id = required_id(&r.seller_id, Id::Seller)?;
        let plan = store::plan(&self.pool, seller_id).await?;
        Ok(plan::to_message(&plan))
    }

    /// Saves a provider's working plan.
    pub async fn set_plan(&self, r: pb::SetPlanRequest) -> Result<pb::ProviderPlan, BookingError> {
        let seller_id = required_id(&r.seller_id, Id::Seller)?;
        let sent = r.plan.unwrap_or_default();
        let mut plan = plan::from_message(&sent)?;
        if sent.instant_booking.is_none() {
            // Left out (the spec's payload): as it was.
            plan.instant_booking = store::plan(&self.pool, seller_id).await?.instant_booking;
        }
        store::save_plan(&self.pool, seller_id, &plan, now()).await?;
        self.setups.changed(&self.pool).await;
        tracing::info!(seller_id = %seller_id, "working plan saved");
        Ok(plan::to_message(&plan))
    }

    /// A customer's account was deleted: their bookings no longer name it.
    pub async fn forget_customer(
        &self,
        r: pb::ForgetCustomerRequest,
    ) -> Result<pb::ForgetCustomerResponse, BookingError> {
        let customer_id = required_id(&r.customer_id, Id::Customer)?;
        let forgotten = store::forget_customer(&self.pool, customer_id).await?;
        Ok(pb::ForgetCustomerResponse { forgotten: forgotten as i64 })
    }

    /// How many bookings were made since a moment (the operator's figures).
    pub async fn count(&self, r: pb::CountAppointmentsRequest) -> Result<pb::CountAppointmentsResponse, BookingError> {
        let count = store::count_since(&self.pool, r.since).await?;
        Ok(pb::CountAppointmentsResponse { count })
    }
}

impl Booking {
    /// Commits a change of the seats `sellers` hold (a booking made, moved, given to another member,
    /// cancelled or declined): their days are read again, not taken from what was kept of them.
    pub(crate) async fn commit_holds<'s>(
        &self,
        tx: sqlx::Transaction<'_, sqlx::Any>,
        sellers: impl IntoIterator<Item = &'s str>,
    ) -> Result<(), sqlx::Error> {
        let done = tx.commit().await;
        for seller_id in sellers {
            self.day_seats.changed(seller_id);
        }
        done
    }

    /// The listing a booking is for; hidden and deleted listings are not found.
    pub(crate) async fn listing(&self, id: &str) -> Result<Listing, BookingError> {
        match self.catalog.clone().get_listing(with_deadline(GetListingRequest { id: id.to_owned() })).await {
            Ok(r) => Ok(r.into_inner()),
            Err(s) if s.code() == Code::NotFound || s.code() == Code::InvalidArgument => {
                Err(BookingError::ServiceNotFound)
            }
            Err(s) => Err(neighbour_away("catalog-svc", s)),
        }
    }

    /// What a booking and the dialog's reads need of a listing: kept since catalog-svc's last change
    /// (see [`crate::caches::listings`]), or asked for (and kept).
    pub(crate) async fn bookable(&self, id: &str) -> Result<Bookable, BookingError> {
        let read = async {
            let listing = self.listing(id).await?;
            Ok(Bookable {
                duration: duration_of(&listing),
                id: listing.id,
                seller_id: listing.seller_id,
                name: listing.name,
                location: listing.location,
                directions: listing.directions,
                phone_number: listing.phone_number,
                min_price: listing.min_price,
                max_price: listing.max_price,
                options: listing.options,
            })
        };
        self.listings.get_or_read(id.to_owned(), read).await
    }

    /// The listing if catalog-svc has it to show (for the link's page); None when hidden or away.
    pub(crate) async fn listing_if_any(&self, id: &str) -> Option<Listing> {
        self.catalog
            .clone()
            .get_listing(with_deadline(GetListingRequest { id: id.to_owned() }))
            .await
            .ok()
            .map(|r| r.into_inner())
    }
}
