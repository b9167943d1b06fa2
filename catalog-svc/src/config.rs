//! catalog-svc settings, all from the environment.

use std::{net::SocketAddr, path::PathBuf};

use mtaani_proto::{config, db::DbConfig};

#[derive(Debug, Clone)]
pub struct Config {
    /// `CATALOG_LISTEN` (default 127.0.0.1:50052).
    pub listen: SocketAddr,
    pub db: DbConfig,
    /// `MEDIA_DIR` (default `$DATA_DIR/media`): where photos are kept.
    pub media_dir: PathBuf,
    /// `SEED_DEMO` (default true): load the demo marketplace when the catalog is empty.
    pub seed_demo: bool,
}

impl Config {
    pub fn from_env() -> Result<Self, config::ConfigError> {
        let data_dir = config::data_dir();
        Ok(Self {
            listen: config::socket_addr_or(
                "CATALOG_LISTEN",
                SocketAddr::from(([127, 0, 0, 1], mtaani_proto::ports::CATALOG)),
            )?,
            db: DbConfig::from_env("catalog")?,
            media_dir: config::var("MEDIA_DIR").map_or_else(|| data_dir.join("media"), PathBuf::from),
            seed_demo: config::flag_or("SEED_DEMO", true)?,
        })
    }
}
