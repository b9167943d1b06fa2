//! accounts-svc settings, all from the environment.

use std::net::SocketAddr;

use mtaani_proto::{config, db::DbConfig};

#[derive(Debug, Clone)]
pub struct Config {
    /// `ACCOUNTS_LISTEN` (default 127.0.0.1:50051).
    pub listen: SocketAddr,
    pub db: DbConfig,
    /// `SEED_DEMO` (default true): create the demo seller accounts when there are no users.
    pub seed_demo: bool,
}

impl Config {
    pub fn from_env() -> Result<Self, config::ConfigError> {
        Ok(Self {
            listen: config::socket_addr_or(
                "ACCOUNTS_LISTEN",
                SocketAddr::from(([127, 0, 0, 1], mtaani_proto::ports::ACCOUNTS)),
            )?,
            db: DbConfig::from_env("accounts")?,
            seed_demo: config::flag_or("SEED_DEMO", true)?,
        })
    }
}
