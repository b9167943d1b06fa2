//! booking-svc's state ([`Booking`], cloned into each request and the worker) and what its use cases
//! share: the database's errors as statuses, calls to the neighbours with a deadline, and where a
//! booking takes place.

use std::{sync::Arc, time::Duration};

use mtaani_proto::{
    accounts::v1::accounts_service_client::AccountsServiceClient,
    catalog::v1::{Listing, catalog_service_client::CatalogServiceClient},
};
use mtaani_runtime::outbox::Outbox;
use tokio::sync::Notify;
use tonic::{Request, Status, transport::Channel};

use crate::{clock::Clock, listings::Bookable, store};

/// How long booking-svc waits for catalog-svc or accounts-svc.
pub(crate) const CALL_TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Debug, Clone)]
pub struct Booking {
    pub(crate) pool: sqlx::AnyPool,
    pub(crate) catalog: CatalogServiceClient<Channel>,
    /// The listings the dialog's reads need, kept while following catalog-svc's changes.
    pub(crate) listings: crate::listings::Listings,
    pub(crate) accounts: AccountsServiceClient<Channel>,
    pub(crate) outbox: Outbox,
    /// PostgreSQL: a new booking is stored in one statement (`store::insert_at_once`).
    pub(crate) at_once: bool,
    /// Provider notices go straight to messaging-svc (see `notices`).
    pub(crate) messaging: mtaani_proto::messaging::v1::messaging_service_client::MessagingServiceClient<Channel>,
    pub(crate) link_secret: Arc<Vec<u8>>,
    pub(crate) public_base_url: String,
    /// The worker's clock (reminders, morning lists); the rules use the real one.
    pub(crate) clock: Clock,
    /// Wakes the worker: a provider notice is waiting.
    pub(crate) notices: Arc<Notify>,
    /// Which provider notices were just stored (the worker reads them by id rather than scanning).
    pub(crate) notice_hints: mtaani_runtime::outbox::Hints,
    /// Providers' plans as last read, for the one-statement booking (`store::book_at_once`).
    pub(crate) plans: store::KeptPlans,
}

pub(crate) fn db(err: sqlx::Error) -> Status {
    if mtaani_runtime::db::is_unavailable(&err) {
        tracing::error!(error = %err, "booking database unavailable");
        Status::unavailable("Bookings are busy. Please try again.")
    } else {
        tracing::error!(error = %err, "booking database error");
        Status::internal(mtaani_proto::status::texts::INTERNAL)
    }
}

pub(crate) fn timed<T>(message: T) -> Request<T> {
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
    pub(crate) fn of(listing: Option<&'a Listing>) -> Self {
        listing.map_or_else(Self::default, |l| Self {
            location: &l.location,
            directions: &l.directions,
            phone: &l.phone_number,
            min_price: l.min_price,
            max_price: l.max_price,
        })
    }

    pub(crate) fn kept(b: &'a Bookable) -> Self {
        Self {
            location: &b.location,
            directions: &b.directions,
            phone: &b.phone_number,
            min_price: b.min_price,
            max_price: b.max_price,
        }
    }
}
