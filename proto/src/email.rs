//! The one e-mail address rule every service applies (accounts, contact, booking).

/// A plausible e-mail address: one `@`, a dotted domain, no spaces or control characters, within the
/// lengths of RFC 5321.
pub fn is_email(s: &str) -> bool {
    let s = s.trim();
    let Some((local, domain)) = s.rsplit_once('@') else {
        return false;
    };
    s.len() <= 254
        && !local.is_empty()
        && local.len() <= 64
        && !s.chars().any(|c| c.is_whitespace() || c.is_control() || c == '<' || c == '>')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && !domain.contains('@')
}

#[cfg(test)]
mod tests {
    use super::is_email;

    #[test]
    fn addresses() {
        assert!(is_email("amina@example.co.ke"));
        assert!(is_email("  njeri.w+book@mail.example.com "));
        for bad in [
            "",
            "amina",
            "@example.com",
            "amina@",
            "amina@example",
            "a b@example.com",
            "a@.com",
            "a@b..com",
            "<a@b.co>",
            "a@b.co.",
            "a\u{0}@b.co",
        ] {
            assert!(!is_email(bad), "{bad:?}");
        }
        assert!(!is_email(&format!("{}@example.com", "a".repeat(65))));
    }
}
