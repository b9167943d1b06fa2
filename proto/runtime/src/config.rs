//! Reading settings from the environment: every setting has a default for the embedded run, and a
//! malformed one stops start-up with a message that names it.

use std::str::FromStr;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("configuration: {name} is not valid ({reason}); got {value:?}")]
    Invalid { name: &'static str, value: String, reason: String },
    #[error("configuration: {name} is required ({reason})")]
    Missing { name: &'static str, reason: String },
}

/// The variable's value when it is set and not blank.
pub fn var(name: &'static str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// The variable parsed as `T`, or `default` when unset.
pub fn parse_or<T>(name: &'static str, default: T) -> Result<T, ConfigError>
where
    T: FromStr,
    T::Err: std::fmt::Display,
{
    match var(name) {
        None => Ok(default),
        Some(value) => value.parse().map_err(|e: T::Err| ConfigError::Invalid { name, reason: e.to_string(), value }),
    }
}

/// A boolean flag: 1/true/yes/on or 0/false/no/off.
pub fn flag_or(name: &'static str, default: bool) -> Result<bool, ConfigError> {
    match var(name) {
        None => Ok(default),
        Some(value) => match value.to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "on" => Ok(true),
            "0" | "false" | "no" | "off" => Ok(false),
            _ => Err(ConfigError::Invalid { name, value, reason: "expected true or false".into() }),
        },
    }
}

/// A listen address such as `127.0.0.1:50052` or `0.0.0.0:50052`.
pub fn socket_addr_or(name: &'static str, default: std::net::SocketAddr) -> Result<std::net::SocketAddr, ConfigError> {
    parse_or(name, default)
}

/// The data folder of the embedded run (`DATA_DIR`, default `./data`).
pub fn data_dir() -> std::path::PathBuf {
    var("DATA_DIR").unwrap_or_else(|| "data".into()).into()
}

/// The JWT signing secret: `JWT_SECRET`, else (the embedded run) a random one generated on first
/// start and kept in `$DATA_DIR/jwt-secret`, so sessions survive restarts. accounts-svc signs with
/// it and the gateway verifies with it.
pub fn jwt_secret() -> Result<Vec<u8>, ConfigError> {
    if let Some(secret) = var("JWT_SECRET") {
        if secret.len() < 32 {
            return Err(ConfigError::Invalid {
                name: "JWT_SECRET",
                value: "(hidden)".into(),
                reason: "use at least 32 characters".into(),
            });
        }
        return Ok(secret.into_bytes());
    }
    let dir = data_dir();
    let path = dir.join("jwt-secret");
    let missing = |reason: String| ConfigError::Missing { name: "JWT_SECRET", reason };
    match std::fs::read_to_string(&path) {
        Ok(s) if s.trim().len() >= 32 => return Ok(s.trim().as_bytes().to_vec()),
        Ok(_) | Err(_) => {}
    }
    std::fs::create_dir_all(&dir).map_err(|e| missing(format!("cannot create {}: {e}", dir.display())))?;
    let secret: String = {
        use std::fmt::Write;
        let bytes: [u8; 32] = rand::random();
        bytes.iter().fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
    };
    // Another process of the embedded run may have written it meanwhile: keep whichever won.
    let tmp = dir.join(format!("jwt-secret.{}", std::process::id()));
    std::fs::write(&tmp, &secret).map_err(|e| missing(format!("cannot write {}: {e}", tmp.display())))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o600));
    }
    if std::fs::hard_link(&tmp, &path).is_err() {
        let _ = std::fs::remove_file(&tmp);
        let s = std::fs::read_to_string(&path).map_err(|e| missing(format!("cannot read {}: {e}", path.display())))?;
        return Ok(s.trim().as_bytes().to_vec());
    }
    let _ = std::fs::remove_file(&tmp);
    Ok(secret.into_bytes())
}

/// `PUBLIC_BASE_URL`: the address visitors use, for links in e-mails (default `http://127.0.0.1:$PORT`).
pub fn public_base_url() -> Result<String, ConfigError> {
    let port: u16 = parse_or("PORT", 8080)?;
    let url = var("PUBLIC_BASE_URL").unwrap_or_else(|| format!("http://127.0.0.1:{port}"));
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err(ConfigError::Invalid {
            name: "PUBLIC_BASE_URL",
            value: url,
            reason: "expected http(s)://…".into(),
        });
    }
    Ok(url.trim_end_matches('/').to_owned())
}

/// How long a service binary goes on taking calls after SIGTERM while it reports NOT_SERVING
/// (`SHUTDOWN_LINGER_MS`, default 2000, at most 20000; see `server::set_linger`).
pub fn linger() -> Result<std::time::Duration, ConfigError> {
    let ms: u64 = parse_or("SHUTDOWN_LINGER_MS", 2000)?;
    if ms > 20_000 {
        return Err(ConfigError::Invalid {
            name: "SHUTDOWN_LINGER_MS",
            value: ms.to_string(),
            reason: "at most 20000 (Kubernetes' grace period must cover it and the calls in flight)".into(),
        });
    }
    Ok(std::time::Duration::from_millis(ms))
}
