//! messaging-svc settings, all from the environment.

use std::net::SocketAddr;

use mtaani_proto::{config, db::DbConfig};

#[derive(Debug, Clone)]
pub struct Config {
    /// `MESSAGING_LISTEN` (default 127.0.0.1:50054).
    pub listen: SocketAddr,
    pub db: DbConfig,
}

impl Config {
    pub fn from_env() -> Result<Self, config::ConfigError> {
        Ok(Self {
            listen: config::socket_addr_or(
                "MESSAGING_LISTEN",
                SocketAddr::from(([127, 0, 0, 1], mtaani_proto::ports::MESSAGING)),
            )?,
            db: DbConfig::from_env("messaging")?,
        })
    }
}
