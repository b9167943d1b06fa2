//! messaging-svc settings, all from the environment.

use std::{net::SocketAddr, path::PathBuf};

use mtaani_runtime::{config, db::DbConfig};

#[derive(Debug, Clone)]
pub struct Config {
    /// `MESSAGING_LISTEN` (default 127.0.0.1:50054).
    pub listen: SocketAddr,
    pub db: DbConfig,
    /// `SMTP_URL` (e.g. `smtp://user:pass@mail.example.com:587`): deliver by SMTP. Unset: `.eml` files.
    pub smtp_url: Option<String>,
    /// `SMTP_CA_FILE`: a PEM certificate authority to trust for the SMTP server's TLS certificate
    /// besides the public ones (a private relay's CA).
    pub smtp_ca_file: Option<PathBuf>,
    /// `MAIL_DIR` (default `$DATA_DIR/mail`): where `.eml` files go without SMTP.
    pub mail_dir: PathBuf,
    /// `MAIL_FROM` (default `Mtaani <no-reply@mtaani.co.ke>`).
    pub mail_from: String,
    /// `SUPPORT_EMAIL` (default `support@mtaani.co.ke`): every contact message is copied there.
    pub support_email: String,
    /// `SMS_PROVIDER`: where SMS go.
    pub sms: SmsConfig,
}

/// `SMS_PROVIDER=simulated` (the default: text files under `SMS_DIR`, default `$DATA_DIR/sms`), or
/// `sandbox` / `production`: Africa's Talking with `AT_USERNAME`, `AT_API_KEY` and optionally
/// `AT_SENDER_ID` (`AT_BASE_URL` overrides the API's address, e.g. for a test server).
#[derive(Debug, Clone)]
pub enum SmsConfig {
    Simulated(PathBuf),
    AfricasTalking(crate::sms::AtAccount),
}

impl SmsConfig {
    pub fn from_env() -> Result<Self, config::ConfigError> {
        let provider = config::var("SMS_PROVIDER").unwrap_or_else(|| "simulated".into());
        let base = match provider.as_str() {
            "simulated" => {
                let dir = config::var("SMS_DIR").map_or_else(|| config::data_dir().join("sms"), PathBuf::from);
                return Ok(Self::Simulated(dir));
            }
            "sandbox" => "https://api.sandbox.africastalking.com",
            "production" => "https://api.africastalking.com",
            _ => {
                return Err(config::ConfigError::Invalid {
                    name: "SMS_PROVIDER",
                    value: provider,
                    reason: "expected simulated, sandbox or production".into(),
                });
            }
        };
        let required = |name: &'static str| {
            config::var(name)
                .ok_or_else(|| config::ConfigError::Missing { name, reason: format!("SMS_PROVIDER is {provider}") })
        };
        Ok(Self::AfricasTalking(crate::sms::AtAccount {
            base_url: config::var("AT_BASE_URL").unwrap_or_else(|| base.into()),
            username: required("AT_USERNAME")?,
            api_key: required("AT_API_KEY")?,
            sender_id: config::var("AT_SENDER_ID"),
        }))
    }
}

impl Config {
    pub fn from_env() -> Result<Self, config::ConfigError> {
        let mail_from = config::var("MAIL_FROM").unwrap_or_else(|| "Mtaani <no-reply@mtaani.co.ke>".into());
        if mail_from.parse::<lettre::message::Mailbox>().is_err() {
            return Err(config::ConfigError::Invalid {
                name: "MAIL_FROM",
                value: mail_from,
                reason: "expected Name <address>".into(),
            });
        }
        let support_email = config::var("SUPPORT_EMAIL").unwrap_or_else(|| "support@mtaani.co.ke".into());
        if !crate::contact::is_email(&support_email) {
            return Err(config::ConfigError::Invalid {
                name: "SUPPORT_EMAIL",
                value: support_email,
                reason: "expected an e-mail address".into(),
            });
        }
        Ok(Self {
            support_email,
            listen: config::socket_addr_or(
                "MESSAGING_LISTEN",
                SocketAddr::from(([127, 0, 0, 1], mtaani_proto::ports::MESSAGING)),
            )?,
            db: DbConfig::from_env("messaging")?,
            smtp_url: config::var("SMTP_URL"),
            smtp_ca_file: config::var("SMTP_CA_FILE").map(PathBuf::from),
            mail_dir: config::var("MAIL_DIR").map_or_else(|| config::data_dir().join("mail"), PathBuf::from),
            mail_from,
            sms: SmsConfig::from_env()?,
        })
    }

    /// The embedded defaults around `db` (used by tests and the all-in-one run).
    pub fn embedded(listen: SocketAddr, db: DbConfig) -> Self {
        let sms_dir = db.data_dir.join("sms");
        Self {
            listen,
            mail_dir: db.data_dir.join("mail"),
            db,
            smtp_url: None,
            smtp_ca_file: None,
            mail_from: "Mtaani <no-reply@mtaani.co.ke>".into(),
            support_email: "support@mtaani.co.ke".into(),
            sms: SmsConfig::Simulated(sms_dir),
        }
    }
}
