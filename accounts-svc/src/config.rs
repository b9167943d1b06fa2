//! accounts-svc settings, all from the environment.

use std::net::SocketAddr;

use mtaani_proto::{config, db::DbConfig};

#[derive(Clone)]
pub struct Config {
    /// `ACCOUNTS_LISTEN` (default 127.0.0.1:50051).
    pub listen: SocketAddr,
    pub db: DbConfig,
    /// `SEED_DEMO` (default true): create the demo seller accounts when there are no users.
    pub seed_demo: bool,
    /// `JWT_SECRET`, or the embedded run's generated one.
    pub jwt_secret: Vec<u8>,
    /// `PUBLIC_BASE_URL` (default `http://127.0.0.1:$PORT`): where links in e-mails point.
    pub public_base_url: String,
    /// `MESSAGING_ADDR` (default 127.0.0.1:50054): messaging-svc, for e-mails.
    pub messaging_addr: String,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("listen", &self.listen)
            .field("db", &self.db)
            .field("public_base_url", &self.public_base_url)
            .field("messaging_addr", &self.messaging_addr)
            .finish_non_exhaustive()
    }
}

impl Config {
    /// The embedded defaults around `db`, with a fixed test secret (tests and tools).
    pub fn embedded(listen: SocketAddr, db: DbConfig, messaging_addr: String) -> Self {
        Self {
            listen,
            db,
            seed_demo: true,
            jwt_secret: b"test-secret-test-secret-test-secret!".to_vec(),
            public_base_url: "http://127.0.0.1:8080".into(),
            messaging_addr,
        }
    }

    pub fn from_env() -> Result<Self, config::ConfigError> {
        Ok(Self {
            listen: config::socket_addr_or(
                "ACCOUNTS_LISTEN",
                SocketAddr::from(([127, 0, 0, 1], mtaani_proto::ports::ACCOUNTS)),
            )?,
            db: DbConfig::from_env("accounts")?,
            seed_demo: config::flag_or("SEED_DEMO", true)?,
            jwt_secret: config::jwt_secret()?,
            public_base_url: config::public_base_url()?,
            messaging_addr: config::var("MESSAGING_ADDR")
                .unwrap_or_else(|| format!("127.0.0.1:{}", mtaani_proto::ports::MESSAGING)),
        })
    }
}
