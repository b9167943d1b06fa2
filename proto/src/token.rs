//! The session token: a JWT signed by accounts-svc (HS256) and verified by the gateway. The algorithm
//! is pinned, and `exp`, `aud` and `iss` are checked, so `alg: none`, another key, an edited payload,
//! an expired token or one meant for another audience are all refused.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

pub const AUDIENCE: &str = "mtaani-web";
pub const ISSUER: &str = "mtaani-accounts";

/// Who the bearer is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The user's id.
    pub sub: String,
    /// "buyer" or "seller".
    pub role: String,
    pub aud: String,
    pub iss: String,
    pub iat: i64,
    pub exp: i64,
}

#[derive(Debug, thiserror::Error)]
#[error("invalid session token: {0}")]
pub struct TokenError(#[from] jsonwebtoken::errors::Error);

/// Whether two secrets are equal, compared without stopping at the first difference (a shared key
/// in a callback URL, an authenticator code).
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// A token for `user_id` valid for `ttl_secs` from `now`.
pub fn issue(secret: &[u8], user_id: &str, role: &str, now: i64, ttl_secs: i64) -> Result<String, TokenError> {
    let claims = Claims {
        sub: user_id.to_owned(),
        role: role.to_owned(),
        aud: AUDIENCE.to_owned(),
        iss: ISSUER.to_owned(),
        iat: now,
        exp: now + ttl_secs,
    };
    Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(secret))?)
}

/// The claims of a valid token.
pub fn verify(secret: &[u8], token: &str) -> Result<Claims, TokenError> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_audience(&[AUDIENCE]);
    validation.set_issuer(&[ISSUER]);
    validation.set_required_spec_claims(&["exp", "aud", "iss", "sub"]);
    validation.leeway = 5;
    Ok(jsonwebtoken::decode::<Claims>(token, &DecodingKey::from_secret(secret), &validation)?.claims)
}

/// What a signed link carries: the thing it acts on, for whom it was made, and until when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkClaims {
    pub sub: String,
    pub aud: String,
    pub iss: String,
    pub exp: i64,
}

/// The issuer of links sent in e-mails (cancel a booking without an account).
pub const LINK_ISSUER: &str = "mtaani";

/// A token for a link in an e-mail that acts on `subject`, only for `audience`, valid until `exp`.
pub fn issue_link(secret: &[u8], audience: &str, subject: &str, exp: i64) -> Result<String, TokenError> {
    let claims = LinkClaims { sub: subject.to_owned(), aud: audience.to_owned(), iss: LINK_ISSUER.to_owned(), exp };
    Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(secret))?)
}

/// The subject of a valid link token for `audience`.
pub fn verify_link(secret: &[u8], audience: &str, token: &str) -> Result<String, TokenError> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_audience(&[audience]);
    validation.set_issuer(&[LINK_ISSUER]);
    validation.set_required_spec_claims(&["exp", "aud", "iss", "sub"]);
    Ok(jsonwebtoken::decode::<LinkClaims>(token, &DecodingKey::from_secret(secret), &validation)?.claims.sub)
}

#[cfg(test)]
mod tests {
    use base64::Engine as _;

    use super::*;

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd") && !same_secret("abc", "ab") && !same_secret("", "a"));
    }

    const KEY: &[u8] = b"0123456789abcdef0123456789abcdef";

    fn now() -> i64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
    }

    fn b64(v: &serde_json::Value) -> String {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string())
    }

    #[test]
    fn a_fresh_token_verifies() {
        let t = issue(KEY, "u1", "seller", now(), 3600).unwrap();
        let c = verify(KEY, &t).unwrap();
        assert_eq!((c.sub.as_str(), c.role.as_str()), ("u1", "seller"));
    }

    #[test]
    fn forged_expired_and_foreign_tokens_are_refused() {
        let good = issue(KEY, "u1", "buyer", now(), 3600).unwrap();
        assert!(verify(b"another key another key another k", &good).is_err(), "wrong key");
        assert!(verify(KEY, &issue(KEY, "u1", "buyer", now() - 7200, 3600).unwrap()).is_err(), "expired");

        let parts: Vec<&str> = good.split('.').collect();
        let payload = serde_json::json!({"sub": "u1", "role": "seller", "aud": AUDIENCE, "iss": ISSUER, "iat": now(), "exp": now() + 3600});
        let edited = format!("{}.{}.{}", parts[0], b64(&payload), parts[2]);
        assert!(verify(KEY, &edited).is_err(), "edited payload");
        let none = format!("{}.{}.", b64(&serde_json::json!({"alg": "none", "typ": "JWT"})), b64(&payload));
        assert!(verify(KEY, &none).is_err(), "alg none");

        let foreign = serde_json::json!({"sub": "u1", "role": "buyer", "aud": "someone-else", "iss": ISSUER, "iat": now(), "exp": now() + 3600});
        let t = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &foreign, &EncodingKey::from_secret(KEY)).unwrap();
        assert!(verify(KEY, &t).is_err(), "other audience");
        assert!(verify(KEY, "not.a.token").is_err());
    }

    #[test]
    fn link_tokens_are_bound_to_their_audience_key_and_time() {
        let t = issue_link(KEY, "booking-cancel", "a1", now() + 60).unwrap();
        assert_eq!(verify_link(KEY, "booking-cancel", &t).unwrap(), "a1");
        assert!(verify_link(KEY, "other", &t).is_err(), "another audience");
        assert!(verify_link(b"another-key-another-key-another!!", "booking-cancel", &t).is_err(), "another key");
        assert!(
            verify_link(KEY, "booking-cancel", &issue_link(KEY, "booking-cancel", "a1", now() - 120).unwrap()).is_err()
        );
        let session = issue(KEY, "u1", "buyer", now(), 3600).unwrap();
        assert!(verify_link(KEY, "booking-cancel", &session).is_err(), "a session token is no link");
        assert!(verify(KEY, &t).is_err(), "a link is no session");
    }
}
