//! Mtaani's gRPC contract (one versioned package per service) and the small plumbing every service
//! shares: environment configuration, logging, field-level validation errors, and — with the `server`
//! feature — the database connection and the gRPC server with health and graceful shutdown.
//!
//! These helpers live here rather than in a crate of their own because the repository's top level is
//! fixed; the services share nothing else.

pub mod accounts {
    pub mod v1 {
        tonic::include_proto!("accounts.v1");
    }
}
pub mod catalog {
    pub mod v1 {
        tonic::include_proto!("catalog.v1");
    }
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
}

#[cfg(feature = "server")]
pub mod audit;
pub mod categories;
pub mod config;
pub mod email;
#[cfg(feature = "http-client")]
pub mod http;
pub mod phone;
pub mod status;
pub mod telemetry;
pub mod tls;
pub mod token;

#[cfg(feature = "server")]
pub mod db;
#[cfg(feature = "server")]
pub mod outbox;
#[cfg(feature = "server")]
pub mod retention;
#[cfg(feature = "server")]
pub mod server;
#[cfg(feature = "testing")]
pub mod testing;

/// Default gRPC ports, fixed for the whole product.
pub mod ports {
    pub const ACCOUNTS: u16 = 50051;
    pub const CATALOG: u16 = 50052;
    pub const BOOKING: u16 = 50053;
    pub const MESSAGING: u16 = 50054;
}
