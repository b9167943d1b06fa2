//! What booking-svc keeps in memory of what is read at every tap and changes rarely, each under a
//! change generation ([`generation`]): the listings it follows, the providers' setups, and on SQLite
//! the seats held on providers' days. They read through the store; the use cases read through them.

pub(crate) mod day_seats;
pub(crate) mod generation;
pub mod listings;
pub(crate) mod setups;
