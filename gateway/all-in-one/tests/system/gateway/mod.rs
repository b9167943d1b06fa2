//! The gateway against the real services on loopback, one module per area of the product: what a
//! visitor, a customer or a seller does through the API, and what the gateway itself answers.

mod accounts;
mod bookings;
mod caching;
mod limits;
mod listings;
mod pages;
mod reviews;
mod search;
