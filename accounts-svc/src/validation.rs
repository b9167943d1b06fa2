//! SPEC §5's sign-up and sign-in rules, enforced by the server with the spec's messages.

pub use mtaani_proto::email::is_email;
use mtaani_proto::{phone, status::Violations, text::said};

/// First and last name from `userName` ("first and last name joined by a space").
pub fn split_name(user_name: &str) -> (String, String) {
    let mut words = user_name.split_whitespace();
    let first = words.next().unwrap_or_default().to_owned();
    let last = words.collect::<Vec<_>>().join(" ");
    (first, last)
}

pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;

/// A new password's rule.
pub fn check_password(v: &mut Violations, field: &str, password: &str) {
    let n = password.chars().count();
    v.check(n >= PASSWORD_MIN, field, said::password_too_short());
    v.check(n <= PASSWORD_MAX, field, said::password_too_long());
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
) -> Result<Registration, Violations> {
    let mut v = Violations::new();
    let (first, last) = split_name(user_name);
    v.check(first.chars().count() >= 2, "firstName", said::first_name_too_short());
    v.check(last.chars().count() >= 2, "lastName", said::last_name_too_short());
    v.check(user_name.chars().count() <= 100, "lastName", said::name_too_long());
    // PostgreSQL cannot store a NUL in text (the gateway refuses them too; this is the service's own rule).
    v.check(!user_name.contains('\0'), "lastName", said::unsupported_characters());
    v.check(is_email(email), "email", said::bad_email());
    v.check(phone_number.chars().count() >= 10, "phoneNumber", said::bad_phone());
    let cleaned = phone::clean(phone_number);
    v.check(cleaned.is_some(), "phoneNumber", said::phone_after_cleaning());
    check_password(&mut v, "password", password);
    let account_type = account_type.trim().to_ascii_lowercase();
    v.check(account_type == "buyer" || account_type == "seller", "accountType", said::choose_account_type());
    let seller = account_type == "seller";
    v.check(!seller || package_known, "packageId", said::choose_seller_package());
    v.finish()?;
    Ok(Registration {
        user_name: format!("{first} {last}"),
        email: email.trim().to_owned(),
        phone_number: cleaned.unwrap_or_default(),
        seller,
    })
}

/// SPEC §5 sign-in rules.
pub fn login(email: &str, password: &str) -> Result<(), Violations> {
    let mut v = Violations::new();
    v.check(is_email(email), "email", said::bad_email());
    v.check(!password.is_empty(), "password", said::password_required());
    v.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtaani_proto::text::Text;

    /// What the first broken rule says.
    fn first(v: &Violations) -> &Text {
        &v.fields()[0].1
    }

    /// What `field`'s broken rule says.
    fn of<'a>(v: &'a Violations, field: &str) -> Option<&'a Text> {
        v.fields().iter().find(|(f, _)| f == field).map(|(_, said)| said)
    }

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
        assert_eq!(first(&err), &said::first_name_too_short());
        assert_eq!(of(&err, "lastName"), Some(&said::last_name_too_short()));
        assert_eq!(of(&err, "email"), Some(&said::bad_email()));
        assert_eq!(of(&err, "phoneNumber"), Some(&said::bad_phone()));
        assert_eq!(of(&err, "password"), Some(&said::password_too_short()));
        assert_eq!(of(&err, "accountType"), Some(&said::choose_account_type()));
        assert_eq!(first(&err).to_string(), "First name must be at least 2 characters", "the spec's words");

        let err = registration("Amina Wanjiru", "a@b.co", "+12 34 56 78 90 12 34 56", "longenough", "buyer", false)
            .unwrap_err();
        assert_eq!(first(&err), &said::phone_after_cleaning());
        let err = registration("Amina Wanjiru", "a@b.co", "0712345678", "longenough", "seller", false).unwrap_err();
        assert_eq!(first(&err), &said::choose_seller_package());
        let err = registration("Amina Wan\0jiru", "a@b.co", "0712345678", "longenough", "buyer", false).unwrap_err();
        assert_eq!(first(&err), &said::unsupported_characters());

        let ok = registration("Amina  Wanjiru", " a@b.co ", "0712 345 678", "longenough", "Seller", true).unwrap();
        assert_eq!(
            (ok.user_name.as_str(), ok.email.as_str(), ok.phone_number.as_str(), ok.seller),
            ("Amina Wanjiru", "a@b.co", "+254712345678", true)
        );
    }

    #[test]
    fn login_rules() {
        assert_eq!(first(&login("bad", "x").unwrap_err()), &said::bad_email());
        assert_eq!(first(&login("a@b.co", "").unwrap_err()), &said::password_required());
        assert!(login("a@b.co", "x").is_ok());
    }
}
