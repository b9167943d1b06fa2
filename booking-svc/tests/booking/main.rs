//! booking-svc's tests, one binary: the service through its real gRPC interface on SQLite and on
//! PostgreSQL, its neighbours (catalog-svc, accounts-svc, messaging-svc) faked at the contract by
//! `support`.

mod support;

mod bookings;
mod team;
