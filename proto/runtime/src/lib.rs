//! The service runtime: what each Mtaani service (and, for the parts it uses, the gateway) runs on —
//! environment configuration, logging, the process's allocator tuning and signals, TLS failure detection,
//! outbound HTTPS (`http-client`), and with the `server` feature the database and its migrations,
//! the outbox to messaging, the audit log, retention, and gRPC serving with health and graceful
//! shutdown; `testing` adds the services' test helpers.
//!
//! The contract the parts agree on is the other crate, `mtaani-proto` (one folder up).

pub mod config;
#[cfg(feature = "http-client")]
pub mod http;
pub mod process;
pub mod telemetry;
pub mod tls;

#[cfg(feature = "server")]
pub mod audit;
#[cfg(feature = "server")]
pub mod changes;
#[cfg(feature = "server")]
pub mod db;
#[cfg(feature = "server")]
pub mod outbox;
#[cfg(feature = "server")]
pub mod retention;
#[cfg(feature = "server")]
pub mod secret;
#[cfg(feature = "server")]
pub mod server;
#[cfg(feature = "testing")]
pub mod testing;
