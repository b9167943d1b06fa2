//! Password hashing with argon2id at OWASP's parameters (m = 19456 KiB, t = 2, p = 1), always off the
//! async runtime: one hash takes tens of milliseconds of CPU.

use argon2::{
    Algorithm, Argon2, Params, Version,
    password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng},
};

fn argon2() -> Argon2<'static> {
    let params = Params::new(19_456, 2, 1, None).expect("OWASP argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The PHC string for `password`.
pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon2()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
    })
    .await?
}

/// True when `password` matches the stored PHC string.
pub async fn verify(password: String, phc: String) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&phc).map_err(|e| anyhow::anyhow!("stored hash unreadable: {e}"))?;
        Ok(argon2().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_are_argon2id_and_verify() {
        let phc = hash("correct horse".into()).await.unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify("correct horse".into(), phc.clone()).await.unwrap());
        assert!(!verify("wrong horse".into(), phc).await.unwrap());
    }
}
