//! The system tests: what needs more than one part of Mtaani at once, each part really started on
//! loopback (the gateway's router, the four services, on SQLite and on the real PostgreSQL). One test
//! binary, so the workspace links it once; each service's own tests (in its package) fake its
//! neighbours at the contract instead.
//!
//! `cargo test -p mtaani --test system` runs them all; `… -- booking::` one file's, `… -- gateway::`
//! the gateway's areas.

mod admin;
mod bad_input;
mod booking;
mod gateway;
mod i18n;
mod notifications;
mod openapi;
mod payments;
mod redis_down;
mod support;

/// The repository's root, for the files the tests read (the web app's build, docs/openapi.json).
fn repo() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}
