//! SPEC §5's sign-up and sign-in rules, enforced by the server with the spec's messages.

pub use mtaani_proto::email::is_email;
use mtaani_proto::{phone, status::Violations};

/// First and last name from `userName` ("first and last name joined by a space").
pub fn split_name(user_name: &str) -> (String, String) {
    let mut words = user_name.split_whitespace();
    let first = words.next().unwrap_or_default().to_owned();
    let last = words.collect::<Vec<_>>().join(" ");
    (first, last)
}

/// `PUT /api/me/language` with anything but a code we write in.
pub const BAD_LANGUAGE: &str = "Please choose a language: en (English) or sw (Kiswahili)";

pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;

/// A new password's rule.
pub fn check_password(v: &mut Violations, field: &str, password: &str) {
    let n = password.chars().count();
    v.check(n >= PASSWORD_MIN, field, "Password must be at least 8 characters");
    v.check(n <= PASSWORD_MAX, field, "Password must be at most 128 characters");
}

/// A registration that passed every rule.
#[derive(Debug, Clone)]
pub struct Registration {
    pub user_name: String,
    pub email: String,
    pub phone_number: String,
    pub seller: bool,
}

/// Checks a registration; the phone comes back cleaned (`+2547…`).
pub fn registration(
    user_name: &str,
    email: &str,
    phone_number: &str,
    password: &str,
    account_type: &str,
    package_known: bool,
) -> Result<Registration, tonic::Status> {
    let mut v = Violations::new();
    let (first, last) = split_name(user_name);
    v.check(first.chars().count() >= 2, "firstName", "First name must be at least 2 characters");
    v.check(last.chars().count() >= 2, "lastName", "Last name must be at least 2 characters");
    v.check(user_name.chars().count() <= 100, "lastName", mtaani_proto::status::texts::LONG_NAME);
    // PostgreSQL cannot store a NUL in text (the gateway refuses them too; this is the service's own rule).
    v.check(!user_name.contains('\0'), "lastName", mtaani_proto::status::texts::UNSUPPORTED_CHARACTERS);
    v.check(is_email(email), "email", mtaani_proto::status::texts::BAD_EMAIL);
    v.check(phone_number.chars().count() >= 10, "phoneNumber", mtaani_proto::status::texts::BAD_PHONE);
    let cleaned = phone::clean(phone_number);
    v.check(cleaned.is_some(), "phoneNumber", mtaani_proto::status::texts::PHONE_AFTER_CLEANING);
    check_password(&mut v, "password", password);
    let account_type = account_type.trim().to_ascii_lowercase();
    v.check(
        account_type == "buyer" || account_type == "seller",
        "accountType",
        "Please choose a buyer or seller account",
    );
    let seller = account_type == "seller";
    v.check(!seller || package_known, "packageId", "Please choose a seller package");
    v.into_result()?;
    Ok(Registration {
        user_name: format!("{first} {last}"),
        email: email.trim().to_owned(),
        phone_number: cleaned.unwrap_or_default(),
        seller,
    })
}

/// SPEC §5 sign-in rules.
pub fn login(email: &str, password: &str) -> Result<(), tonic::Status> {
    let mut v = Violations::new();
    v.check(is_email(email), "email", mtaani_proto::status::texts::BAD_EMAIL);
    v.check(!password.is_empty(), "password", "Password is required");
    v.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtaani_proto::status::field_errors;

    #[test]
    fn emails() {
        for ok in ["amina@example.com", "a.b+c@mail.co.ke", "X@Y.KE"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in ["", "amina", "amina@", "@x.co", "a@b", "a b@c.de", "a@b..c", "a@.b.c", "<a>@b.c"] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn names_split_on_the_first_space() {
        assert_eq!(split_name("  Amina   Wanjiru Kamau "), ("Amina".into(), "Wanjiru Kamau".into()));
        assert_eq!(split_name("Amina"), ("Amina".into(), String::new()));
    }

    #[test]
    fn registration_messages_are_the_specs() {
        let err = registration("A B", "nope", "123", "short", "admin", false).unwrap_err();
        let fields: Vec<(String, String)> = field_errors(&err);
        let msg = |f: &str| fields.iter().find(|(k, _)| k == f).map(|(_, m)| m.as_str());
        assert_eq!(err.message(), "First name must be at least 2 characters");
        assert_eq!(msg("lastName"), Some("Last name must be at least 2 characters"));
        assert_eq!(msg("email"), Some("Please enter a valid email address"));
        assert_eq!(msg("phoneNumber"), Some("Please enter a valid phone number"));
        assert_eq!(msg("password"), Some("Password must be at least 8 characters"));
        assert_eq!(msg("accountType"), Some("Please choose a buyer or seller account"));

        let err = registration("Amina Wanjiru", "a@b.co", "+12 34 56 78 90 12 34 56", "longenough", "buyer", false)
            .unwrap_err();
        assert_eq!(err.message(), "Invalid phone number format after cleaning");
        let err = registration("Amina Wanjiru", "a@b.co", "0712345678", "longenough", "seller", false).unwrap_err();
        assert_eq!(err.message(), "Please choose a seller package");
        let err = registration("Amina Wan\0jiru", "a@b.co", "0712345678", "longenough", "buyer", false).unwrap_err();
        assert_eq!(err.message(), "Please remove unsupported characters");

        let ok = registration("Amina  Wanjiru", " a@b.co ", "0712 345 678", "longenough", "Seller", true).unwrap();
        assert_eq!(
            (ok.user_name.as_str(), ok.email.as_str(), ok.phone_number.as_str(), ok.seller),
            ("Amina Wanjiru", "a@b.co", "+254712345678", true)
        );
    }

    #[test]
    fn login_rules() {
        assert_eq!(login("bad", "x").unwrap_err().message(), "Please enter a valid email address");
        assert_eq!(login("a@b.co", "").unwrap_err().message(), "Password is required");
        assert!(login("a@b.co", "x").is_ok());
    }
}
