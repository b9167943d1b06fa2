//! What a booking and the booking dialog's reads need of a listing (whose it is, how long it takes,
//! its name and place for the e-mails), kept while booking-svc follows catalog-svc's changes: the
//! dialog asks at every tap, every booking needs it, and a listing changes rarely. Keyed by the
//! change generation, so a listing fetched across a change is never found again; while the stream is
//! down nothing is kept and every call asks catalog-svc.
//!
//! Bookings read it too. Asking catalog-svc would give them nothing fresher: it answers from its own
//! copy, kept under the same generations (its own writes and, through PostgreSQL's `NOTIFY`, its other
//! replicas'), and streams each change as it makes it, so a listing hidden or deleted takes no booking
//! once catalog-svc has heard of it, here as there; the stream adds under a millisecond. The call
//! would cost a booking about a sixth of its CPU (catalog-svc, the gRPC hop, the HTTP/2 frames).

use mtaani_proto::{
    booking::v1::BookedOption,
    catalog::v1::{Listing, ListingOption, catalog_service_client::CatalogServiceClient},
};
use tonic::transport::Channel;

use crate::{caches::generation::GenerationCache, rules::errors::BookingError};

/// Listings kept (a few hundred bytes each: two ids, a name and a place; directions, when given, add
/// at most 300 characters).
const MAX_LISTINGS: usize = 20_000;

/// What a booking and the reads need of a listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bookable {
    /// The listing's own id, as catalog-svc spells it.
    pub id: String,
    pub seller_id: String,
    /// Minutes, as [`duration_of`] reads the listing's.
    pub duration: u32,
    pub name: String,
    /// Where it is, the way in there, its phone and its price range, for the e-mails.
    pub location: String,
    pub directions: String,
    pub phone_number: String,
    pub min_price: i64,
    pub max_price: i64,
    /// Its service menu, in the provider's order; empty for a listing booked as one service.
    pub options: Vec<ListingOption>,
}

/// What a booking is for: the services of the menu chosen (none: the listing as one service), how
/// long they take together and what they cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    pub options: Vec<BookedOption>,
    pub duration: u32,
    /// 0 when no option was chosen.
    pub total_ksh: i64,
}

/// The longest a booking may take: the booking grid's whole day, 07:00 to 23:00.
pub const MAX_BOOKING_MINUTES: u32 = 16 * 60;

impl Bookable {
    /// The services of its menu named by `option_ids` (in the order given, each once), or the
    /// listing as one service when none is named.
    pub fn choose(&self, option_ids: &[String]) -> Result<Chosen, BookingError> {
        let mut options: Vec<BookedOption> = Vec::new();
        for id in option_ids.iter().map(|id| id.trim()).filter(|id| !id.is_empty()) {
            if options.iter().any(|o| o.id == id) {
                continue;
            }
            let o = self.options.iter().find(|o| o.id == id).ok_or(BookingError::UnknownOption)?;
            options.push(BookedOption {
                id: o.id.clone(),
                name: o.name.clone(),
                price_ksh: o.price_ksh,
                duration_minutes: o.duration_minutes,
            });
        }
        if options.is_empty() {
            return Ok(Chosen { options, duration: self.duration, total_ksh: 0 });
        }
        let duration: u32 = options.iter().map(|o| o.duration_minutes.max(30) as u32).sum();
        if duration > MAX_BOOKING_MINUTES {
            return Err(BookingError::TooLongForADay);
        }
        let total_ksh = options.iter().map(|o| o.price_ksh).sum();
        Ok(Chosen { options, duration, total_ksh })
    }
}

/// The listings kept while following catalog-svc's changes ([`follow`]).
pub type Listings = GenerationCache<Bookable>;

/// No listing kept yet, and none until [`follow`] hears catalog-svc.
pub fn empty() -> Listings {
    GenerationCache::new(MAX_LISTINGS)
}

/// Follows catalog-svc's changes for as long as the service runs (see
/// [`mtaani_proto::catalog::changes::follow`]).
pub fn follow(listings: &Listings, client: CatalogServiceClient<Channel>) -> tokio::task::JoinHandle<()> {
    let listings = listings.clone();
    mtaani_proto::catalog::changes::follow(client, move |live| listings.change_heard(live))
}

/// A listing whose length was never set takes an hour.
pub const DEFAULT_DURATION: u32 = 60;

/// How long one booking of `listing` takes: its length when it is one of the listing rules' lengths.
pub fn duration_of(listing: &Listing) -> u32 {
    match listing.duration_minutes {
        d if mtaani_proto::listing_rules::RULES.duration_minutes.contains(d) => d as u32,
        _ => DEFAULT_DURATION,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bookable() -> Bookable {
        Bookable {
            id: "a".into(),
            seller_id: "s".into(),
            duration: 60,
            name: "Braids".into(),
            location: "Kilimani".into(),
            directions: String::new(),
            phone_number: "+254712345678".into(),
            min_price: 1500,
            max_price: 4500,
            options: vec![
                ListingOption { id: "wash".into(), name: "Wash".into(), price_ksh: 500, duration_minutes: 30 },
                ListingOption {
                    id: "knotless".into(),
                    name: "Knotless".into(),
                    price_ksh: 6000,
                    duration_minutes: 360,
                },
            ],
        }
    }

    #[test]
    fn chosen_services_add_up_in_length_and_price() {
        let b = bookable();
        let none = b.choose(&[]).unwrap();
        assert_eq!((none.duration, none.total_ksh, none.options.len()), (60, 0, 0), "the listing as one service");
        let both = b.choose(&["wash".into(), " knotless ".into(), "wash".into()]).unwrap();
        assert_eq!((both.duration, both.total_ksh), (390, 6500));
        assert_eq!(both.options.iter().map(|o| o.name.as_str()).collect::<Vec<_>>(), ["Wash", "Knotless"]);
        assert!(matches!(b.choose(&["perm".into()]), Err(BookingError::UnknownOption)));
        let long = Bookable {
            options: (0..3)
                .map(|i| ListingOption {
                    id: format!("o{i}"),
                    name: "Long".into(),
                    price_ksh: 100,
                    duration_minutes: 360,
                })
                .collect(),
            ..b
        };
        let ids: Vec<String> = (0..3).map(|i| format!("o{i}")).collect();
        assert!(matches!(long.choose(&ids), Err(BookingError::TooLongForADay)));
    }
}
