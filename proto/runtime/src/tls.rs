//! Telling a refused TLS connection (an unknown CA, a certificate for another host, a server that
//! does not speak TLS) from a server that is simply down: the first is a configuration error that
//! stops start-up with a clear message, the second is waited out. The clients (sqlx, redis, lettre)
//! wrap rustls' error in their own I/O or connection errors, so the whole chain is read.

/// True when `error` or one of its sources comes from a TLS handshake.
pub fn is_tls_failure(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut current = Some(error);
    while let Some(e) = current {
        let text = e.to_string().to_ascii_lowercase();
        if ["certificate", "tls", "handshake", "alert", "invalid dns name"].iter().any(|n| text.contains(n)) {
            return true;
        }
        current = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::is_tls_failure;

    #[derive(Debug, thiserror::Error)]
    #[error("connection error: {0}")]
    struct Wrapped(#[source] std::io::Error);

    #[test]
    fn a_refused_certificate_is_told_from_a_refused_connection() {
        let tls = Wrapped(std::io::Error::other("invalid peer certificate: UnknownIssuer"));
        assert!(is_tls_failure(&tls));
        let down = Wrapped(std::io::Error::from(std::io::ErrorKind::ConnectionRefused));
        assert!(!is_tls_failure(&down));
    }
}
