//! Single-use secrets sent by e-mail (password resets, review invitations): 256 random bits for the
//! link, and only their SHA-256 stored, so that a copy of the database opens no link.

use base64::Engine;
use sha2::{Digest, Sha256};

/// A new secret for a link: 32 random bytes, base64url without padding (43 characters).
pub fn new_token() -> String {
    let raw: [u8; 32] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(raw)
}

/// What is stored of a secret: its SHA-256, hex.
pub fn digest(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_stored_as_digests() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 43);
        assert_ne!(a, b);
        assert_eq!(digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_ne!(digest(&a), digest(&b));
    }
}
