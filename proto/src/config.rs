//! Reading settings from the environment: every setting has a default for the embedded run, and a
//! malformed one stops start-up with a message that names it.

use std::str::FromStr;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("configuration: {name} is not valid ({reason}); got {value:?}")]
    Invalid {
        name: &'static str,
        value: String,
        reason: String,
    },
    #[error("configuration: {name} is required ({reason})")]
    Missing { name: &'static str, reason: String },
}

/// The variable's value when it is set and not blank.
pub fn var(name: &'static str) -> Option<String> {
    std::env::var(name)
        .ok()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

/// The variable parsed as `T`, or `default` when unset.
pub fn parse_or<T>(name: &'static str, default: T) -> Result<T, ConfigError>
where
    T: FromStr,
    T::Err: std::fmt::Display,
{
    match var(name) {
        None => Ok(default),
        Some(value) => value.parse().map_err(|e: T::Err| ConfigError::Invalid {
            name,
            reason: e.to_string(),
            value,
        }),
    }
}

/// A boolean flag: 1/true/yes/on or 0/false/no/off.
pub fn flag_or(name: &'static str, default: bool) -> Result<bool, ConfigError> {
    match var(name) {
        None => Ok(default),
        Some(value) => match value.to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "on" => Ok(true),
            "0" | "false" | "no" | "off" => Ok(false),
            _ => Err(ConfigError::Invalid {
                name,
                value,
                reason: "expected true or false".into(),
            }),
        },
    }
}

/// A listen address such as `127.0.0.1:50052` or `0.0.0.0:50052`.
pub fn socket_addr_or(
    name: &'static str,
    default: std::net::SocketAddr,
) -> Result<std::net::SocketAddr, ConfigError> {
    parse_or(name, default)
}

/// The data folder of the embedded run (`DATA_DIR`, default `./data`).
pub fn data_dir() -> std::path::PathBuf {
    var("DATA_DIR").unwrap_or_else(|| "data".into()).into()
}
