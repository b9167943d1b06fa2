//! Contact messages: the contact form's rules (SPEC §5) and a message as stored.
//!
//! The server enforces the rules with the spec's messages; the stored message is what the support
//! copy and the operator's answer are written from, so it lives here, below both.

use mtaani_proto::{language::Language, messaging::v1::SubmitContactMessageRequest, phone, status::Violations};

/// A contact message as stored.
#[derive(Debug, Clone)]
pub struct ContactRow {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub subject: String,
    pub message: String,
    pub status: String,
    pub created_at: i64,
    pub reply: Option<String>,
    pub replied_at: Option<i64>,
    pub replied_by: Option<String>,
    /// What the sender wrote the form in: their acknowledgement and the reply are framed in it.
    pub language: Language,
}

fn len(s: &str) -> usize {
    s.trim().chars().count()
}

pub use mtaani_proto::email::is_email;

/// Checks a contact message; answers the phone number cleaned (`+2547…`), as every number entering
/// the system is.
pub fn check(r: &SubmitContactMessageRequest) -> Result<String, tonic::Status> {
    let mut v = Violations::new();
    v.check(len(&r.name) >= 2, "name", "Name must be at least 2 characters");
    v.check(len(&r.name) <= 100, "name", mtaani_proto::status::texts::LONG_NAME);
    v.check(is_email(&r.email), "email", mtaani_proto::status::texts::BAD_EMAIL);
    v.check(len(&r.phone) >= 10, "phone", mtaani_proto::status::texts::BAD_PHONE);
    let cleaned = phone::clean(&r.phone);
    v.check(cleaned.is_some(), "phone", mtaani_proto::status::texts::BAD_PHONE);
    v.check(len(&r.subject) >= 5, "subject", "Subject must be at least 5 characters");
    v.check(len(&r.subject) <= 200, "subject", "Subject must be at most 200 characters");
    v.check(len(&r.message) >= 10, "message", "Message must be at least 10 characters");
    v.check(len(&r.message) <= 5000, "message", "Message must be at most 5000 characters");
    for (field, value) in [("name", &r.name), ("phone", &r.phone), ("subject", &r.subject), ("message", &r.message)] {
        v.check(!value.contains('\0'), field, mtaani_proto::status::texts::UNSUPPORTED_CHARACTERS);
    }
    v.into_result()?;
    Ok(cleaned.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtaani_proto::status::field_errors;

    fn msg(name: &str, email: &str, phone: &str, subject: &str, message: &str) -> SubmitContactMessageRequest {
        SubmitContactMessageRequest {
            name: name.into(),
            email: email.into(),
            phone: phone.into(),
            subject: subject.into(),
            message: message.into(),
            idempotency_key: String::new(),
            language: String::new(),
        }
    }

    #[test]
    fn the_specs_messages() {
        let e = check(&msg("A", "nope", "123", "Hi", "Short")).unwrap_err();
        assert_eq!(e.message(), "Name must be at least 2 characters");
        let f = field_errors(&e);
        for pair in [
            ("email", "Please enter a valid email address"),
            ("phone", "Please enter a valid phone number"),
            ("subject", "Subject must be at least 5 characters"),
            ("message", "Message must be at least 10 characters"),
        ] {
            assert!(f.contains(&(pair.0.into(), pair.1.into())), "{pair:?}");
        }
        assert!(
            check(&msg("Amina", "amina@example.com", "0712345678", "Listing question", "Hello, how do I post?"))
                .is_ok()
        );
        assert!(check(&msg("Amina\0", "amina@example.com", "0712345678", "Listing question", "Hello there!")).is_err());
        assert!(
            check(&msg("Amina", "amina@example.com", "0712345678", "Listing question", &"x".repeat(5001))).is_err()
        );
    }
}
