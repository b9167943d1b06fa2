//! accounts-svc settings, all from the environment.

use std::net::SocketAddr;

use mtaani_runtime::{config, db::DbConfig};

use crate::mpesa::DarajaConfig;

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
    /// `CATALOG_ADDR` (default 127.0.0.1:50052): catalog-svc, to hide and show a seller's listings.
    pub catalog_addr: String,
    /// `BOOKING_ADDR` (default 127.0.0.1:50053): booking-svc, to cancel a closed account's bookings.
    pub booking_addr: String,
    /// `ADMIN_TOTP_REQUIRED` (default false; the production overlay sets true): admins sign in with
    /// an authenticator code as well as their password.
    pub admin_totp_required: bool,
    /// `MPESA_*`: the Daraja till; None (`MPESA_ENV` unset or `simulated`) runs demo payments.
    pub mpesa: Option<DarajaConfig>,
    /// `MTAANI_TEST_CLOCK_FILE` (browser tests only): moves this service's clock (see `clock`).
    pub test_clock_file: Option<std::path::PathBuf>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("listen", &self.listen)
            .field("db", &self.db)
            .field("public_base_url", &self.public_base_url)
            .field("messaging_addr", &self.messaging_addr)
            .field("catalog_addr", &self.catalog_addr)
            .field("booking_addr", &self.booking_addr)
            .field("admin_totp_required", &self.admin_totp_required)
            .field("mpesa", &self.mpesa)
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
            catalog_addr: format!("127.0.0.1:{}", mtaani_proto::ports::CATALOG),
            booking_addr: format!("127.0.0.1:{}", mtaani_proto::ports::BOOKING),
            admin_totp_required: false,
            mpesa: None,
            test_clock_file: None,
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
            catalog_addr: config::var("CATALOG_ADDR")
                .unwrap_or_else(|| format!("127.0.0.1:{}", mtaani_proto::ports::CATALOG)),
            booking_addr: config::var("BOOKING_ADDR")
                .unwrap_or_else(|| format!("127.0.0.1:{}", mtaani_proto::ports::BOOKING)),
            admin_totp_required: config::flag_or("ADMIN_TOTP_REQUIRED", false)?,
            mpesa: mpesa_from_env()?,
            test_clock_file: config::var("MTAANI_TEST_CLOCK_FILE").map(std::path::PathBuf::from),
        })
    }
}

/// `MPESA_ENV`: `sandbox` or `production` call Daraja with the `MPESA_*` credentials (all
/// required); unset or `simulated` runs the demo provider.
fn mpesa_from_env() -> Result<Option<DarajaConfig>, config::ConfigError> {
    let env = config::var("MPESA_ENV").unwrap_or_else(|| "simulated".into());
    let default_base = match env.as_str() {
        "simulated" => return Ok(None),
        "sandbox" => "https://sandbox.safaricom.co.ke",
        "production" => "https://api.safaricom.co.ke",
        other => {
            return Err(config::ConfigError::Invalid {
                name: "MPESA_ENV",
                value: other.to_owned(),
                reason: "use sandbox, production or simulated".into(),
            });
        }
    };
    let required = |name: &'static str| {
        config::var(name).ok_or_else(|| config::ConfigError::Missing { name, reason: format!("MPESA_ENV is {env}") })
    };
    Ok(Some(DarajaConfig {
        base_url: config::var("MPESA_BASE_URL").unwrap_or_else(|| default_base.into()),
        consumer_key: required("MPESA_CONSUMER_KEY")?,
        consumer_secret: required("MPESA_CONSUMER_SECRET")?,
        shortcode: required("MPESA_SHORTCODE")?,
        passkey: required("MPESA_PASSKEY")?,
        callback_url: required("MPESA_CALLBACK_URL")?,
    }))
}
