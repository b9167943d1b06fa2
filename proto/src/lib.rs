//! Mtaani's contract: the gRPC packages (one versioned package per service), the category tree and
//! towns (from `catalog/v1/categories.json`), Kenya's places (`catalog/v1/places/`), what search words
//! mean (`catalog/v1/synonyms.json`), the fixed ports, and the value rules every side applies
//! alike — a listing's rules (`catalog/v1/listing-rules.json`), phone numbers, e-mail addresses,
//! field-level errors inside a gRPC status, session tokens, the languages people are written to in.
//!
//! What a service runs on (configuration, database, outbox, serving) is `mtaani-runtime`, in
//! `runtime/`.

pub mod accounts {
    pub mod v1 {
        tonic::include_proto!("accounts.v1");
    }
}
pub mod catalog {
    pub mod v1 {
        tonic::include_proto!("catalog.v1");
    }
    pub mod changes;
}
pub mod booking {
    pub mod v1 {
        tonic::include_proto!("booking.v1");
    }
}
pub mod messaging {
    pub mod v1 {
        tonic::include_proto!("messaging.v1");
    }
    pub mod client;
}

pub mod audit;
pub mod categories;
/// What the demo marketplace's services share (SEED_DEMO): its sellers, from `demo/sellers.json`
/// (accounts-svc makes their accounts, catalog-svc their listings, booking-svc their weeks; the
/// browser tests read the same file), and the demo salon's team photos, stored by catalog-svc's seed
/// (their keys under /media/) and shown by booking-svc's members.
pub mod demo {
    /// A demo seller; every one signs in with the README's demo password.
    #[derive(Debug, PartialEq, Eq)]
    pub struct Seller {
        pub id: &'static str,
        pub name: &'static str,
        pub email: &'static str,
        /// Kenyan, as stored: `+254…`.
        pub phone: &'static str,
        /// A package id of `packages::PACKAGES`.
        pub package: &'static str,
    }

    include!(concat!(env!("OUT_DIR"), "/demo_sellers.rs"));

    impl Seller {
        /// Whether their package features their listings (premium does).
        pub fn featured(&self) -> bool {
            crate::packages::PACKAGES.iter().any(|p| p.id == self.package && p.featured)
        }
    }

    /// The demo salon, whose team is seeded: Achieng Otieno's.
    pub const SALON: &Seller = &SELLERS[1];

    pub const TEAM_PHOTOS: [&str; 2] = ["team/02/demo-wanjiku-192.webp", "team/02/demo-akinyi-192.webp"];
}
pub mod email;
pub mod language;
pub mod listing_rules;
pub mod message_key;
pub mod naming;
pub mod packages;
pub mod phone;
pub mod places;
pub mod status;
pub mod synonyms;
pub mod text;
pub mod token;

/// Default gRPC ports, fixed for the whole product.
pub mod ports {
    pub const ACCOUNTS: u16 = 50051;
    pub const CATALOG: u16 = 50052;
    pub const BOOKING: u16 = 50053;
    pub const MESSAGING: u16 = 50054;
}
