//! Contact messages: the contact form's rules (SPEC §5) and a message as stored.
//!
//! The server enforces the rules with the spec's messages; the stored message is what the support
//! copy and the operator's answer are written from, so it lives here, below both.

use mtaani_proto::{
    language::Language, messaging::v1::SubmitContactMessageRequest, phone, status::Violations, text::said,
};

use crate::error::Result;

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
pub fn check(r: &SubmitContactMessageRequest) -> Result<String> {
    let mut v = Violations::new();
    v.check(len(&r.name) >= 2, "name", said::name_too_short());
    v.check(len(&r.name) <= 100, "name", said::name_too_long());
    v.check(is_email(&r.email), "email", said::bad_email());
    v.check(len(&r.phone) >= 10, "phone", said::bad_phone());
    let cleaned = phone::clean(&r.phone);
    v.check(cleaned.is_some(), "phone", said::bad_phone());
    v.check(len(&r.subject) >= 5, "subject", said::subject_too_short());
    v.check(len(&r.subject) <= 200, "subject", said::subject_too_long());
    v.check(len(&r.message) >= 10, "message", said::contact_message_too_short());
    v.check(len(&r.message) <= 5000, "message", said::contact_message_too_long());
    for (field, value) in [("name", &r.name), ("phone", &r.phone), ("subject", &r.subject), ("message", &r.message)] {
        v.check(!value.contains('\0'), field, said::unsupported_characters());
    }
    v.finish()?;
    Ok(cleaned.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;

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
        assert_eq!(e.text(), said::name_too_short());
        let Error::Invalid(v) = e else { panic!("a broken rule") };
        for (field, text) in [
            ("email", said::bad_email()),
            ("phone", said::bad_phone()),
            ("subject", said::subject_too_short()),
            ("message", said::contact_message_too_short()),
        ] {
            assert!(v.fields().contains(&(field.into(), text.clone())), "{field}: {text}");
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
