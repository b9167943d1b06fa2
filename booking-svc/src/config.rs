//! booking-svc settings, all from the environment.

use std::net::SocketAddr;

use mtaani_proto::ports;
use mtaani_runtime::{config, db::DbConfig};

#[derive(Clone)]
pub struct Config {
    /// `BOOKING_LISTEN` (default 127.0.0.1:50053).
    pub listen: SocketAddr,
    pub db: DbConfig,
    /// `CATALOG_ADDR` (default 127.0.0.1:50052): the listing a booking is for.
    pub catalog_addr: String,
    /// `ACCOUNTS_ADDR` (default 127.0.0.1:50051): the provider's e-mail address.
    pub accounts_addr: String,
    /// `MESSAGING_ADDR` (default 127.0.0.1:50054): e-mails to the provider and the customer.
    pub messaging_addr: String,
    /// `JWT_SECRET`, or the embedded run's generated one: signs the cancel links.
    pub link_secret: Vec<u8>,
    /// `PUBLIC_BASE_URL`: where links in e-mails point.
    pub public_base_url: String,
    /// `SEED_DEMO` (default true): give the demo sellers their working plans when they have none.
    pub seed_demo: bool,
    /// `MTAANI_TEST_CLOCK_FILE` (tests only): moves the reminder worker's clock (see `service::clock`).
    pub test_clock_file: Option<std::path::PathBuf>,
    /// How often the worker looks for reminders and morning lists due (notices go at once).
    pub worker_every: std::time::Duration,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("listen", &self.listen)
            .field("db", &self.db)
            .field("catalog_addr", &self.catalog_addr)
            .field("accounts_addr", &self.accounts_addr)
            .field("messaging_addr", &self.messaging_addr)
            .field("public_base_url", &self.public_base_url)
            .finish_non_exhaustive()
    }
}

fn addr(var: &'static str, port: u16) -> String {
    config::var(var).unwrap_or_else(|| format!("127.0.0.1:{port}"))
}

impl Config {
    /// The embedded defaults around `db` and the other services' addresses, with a fixed test secret.
    pub fn embedded(listen: SocketAddr, db: DbConfig, catalog: &str, accounts: &str, messaging: &str) -> Self {
        Self {
            listen,
            db,
            catalog_addr: catalog.into(),
            accounts_addr: accounts.into(),
            messaging_addr: messaging.into(),
            link_secret: b"test-secret-test-secret-test-secret!".to_vec(),
            public_base_url: "http://127.0.0.1:8080".into(),
            seed_demo: true,
            test_clock_file: None,
            worker_every: std::time::Duration::from_secs(1),
        }
    }

    pub fn from_env() -> Result<Self, config::ConfigError> {
        Ok(Self {
            listen: config::socket_addr_or("BOOKING_LISTEN", SocketAddr::from(([127, 0, 0, 1], ports::BOOKING)))?,
            db: DbConfig::from_env("booking")?,
            catalog_addr: addr("CATALOG_ADDR", ports::CATALOG),
            accounts_addr: addr("ACCOUNTS_ADDR", ports::ACCOUNTS),
            messaging_addr: addr("MESSAGING_ADDR", ports::MESSAGING),
            link_secret: config::jwt_secret()?,
            public_base_url: config::public_base_url()?,
            seed_demo: config::flag_or("SEED_DEMO", true)?,
            test_clock_file: config::var("MTAANI_TEST_CLOCK_FILE").map(std::path::PathBuf::from),
            worker_every: std::time::Duration::from_secs(config::parse_or("BOOKING_WORKER_EVERY_SECS", 20)?),
        })
    }
}
