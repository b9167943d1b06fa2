//! What a failure says beyond its sentence, carried over gRPC as standard error details: a stable
//! [`ErrorCode`] (`ErrorInfo.reason`) that clients and translations go by, and for a broken rule the
//! message per field (`BadRequest`), so the gateway can answer
//! `{"message": …, "code": …, "errors": {field: message}}`. The sentences that several services
//! answer alike are here too, written once.

use std::collections::HashMap;

use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

use crate::text::{Key, Text};

/// The domain of every `ErrorInfo` the services attach.
pub const DOMAIN: &str = "mtaani.co.ke";

macro_rules! error_codes {
    ($($(#[doc = $doc:literal])* $variant:ident = $text:literal,)*) => {
        /// The stable code of an error answer (issue 40): what a client branches on and what a
        /// translation is looked up by. The sentence beside it may be reworded; the code may not.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[doc = $doc])* $variant,)*
        }

        impl ErrorCode {
            /// Every code, in the order written here (the OpenAPI document's enum).
            pub const ALL: &[ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The code as it is sent: snake_case.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $text,)*
                }
            }

            pub fn parse(text: &str) -> Option<Self> {
                match text {
                    $($text => Some(ErrorCode::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

error_codes! {
    /// A field breaks a rule: `errors` says which and why.
    Validation = "validation",
    /// The request needs a signed-in session, or its sign-in failed.
    Unauthenticated = "unauthenticated",
    /// The e-mail address and password do not match an account.
    BadCredentials = "bad_credentials",
    /// An operator's sign-in needs the authenticator's code (`errors.totp`).
    TotpRequired = "totp_required",
    /// The account is suspended.
    Suspended = "suspended",
    /// The signed-in account may not do this.
    Forbidden = "forbidden",
    /// What the request names is not there (or not shown).
    NotFound = "not_found",
    /// An account with this e-mail address exists already.
    EmailTaken = "email_taken",
    /// The request no longer fits what is stored (already done, already answered, a state moved on).
    Conflict = "conflict",
    /// The chosen start is taken: every seat of it is booked.
    SlotTaken = "slot_taken",
    /// The chosen start is outside the provider's hours, or on a day that cannot be booked.
    OutsideHours = "outside_hours",
    /// The team member asked for is booked at that time, or does not work then (issue 42).
    MemberTaken = "member_taken",
    /// A team member leaving or pausing has upcoming bookings: say whether to move or cancel them.
    MemberHasBookings = "member_has_bookings",
    /// The booking's change notice has passed: only the provider can change it now.
    TooLateToChange = "too_late_to_change",
    /// The booking is cancelled, declined or over: it cannot be changed.
    BookingClosed = "booking_closed",
    /// A payment of this seller's is already waiting for the M-Pesa PIN.
    PaymentPending = "payment_pending",
    /// Too many at once: the same request can be sent again shortly.
    Busy = "busy",
    /// Too many requests from this address or for this account: wait, then try again.
    RateLimited = "rate_limited",
    /// The request body is larger than the API takes.
    TooLarge = "too_large",
    /// The request body is not JSON, or not the JSON the route takes.
    BadRequest = "bad_request",
    /// The address does not take this method.
    MethodNotAllowed = "method_not_allowed",
    /// This part of Mtaani does not do that.
    NotImplemented = "not_implemented",
    /// A part of Mtaani is down for a moment: the same request can be sent again.
    Unavailable = "unavailable",
    /// A fault of ours, logged: the message says nothing more.
    Internal = "internal",
}

impl ErrorCode {
    /// The one text an answer of this code says, for the codes that always say the same ([`fixed`]
    /// is how a service answers with one). The others are said in several texts (each broken rule
    /// its own).
    pub const fn text(self) -> Option<Key> {
        match self {
            Self::EmailTaken => Some(Key::EmailTaken),
            Self::SlotTaken => Some(Key::SlotTaken),
            Self::MemberTaken => Some(Key::MemberTaken),
            Self::TooLateToChange => Some(Key::TooLateToChange),
            Self::PaymentPending => Some(Key::PaymentPending),
            Self::Suspended => Some(Key::Suspended),
            Self::Unavailable => Some(Key::Unavailable),
            Self::Internal => Some(Key::Internal),
            _ => None,
        }
    }

    /// The English of [`ErrorCode::text`].
    pub const fn sentence(self) -> Option<&'static str> {
        match self.text() {
            Some(key) => Some(key.template(crate::language::Language::En)),
            None => None,
        }
    }

    /// The code of a status that names none: the gRPC code's meaning.
    pub fn of_grpc(code: Code) -> Self {
        match code {
            Code::InvalidArgument | Code::OutOfRange => Self::Validation,
            Code::Unauthenticated => Self::Unauthenticated,
            Code::PermissionDenied => Self::Forbidden,
            Code::NotFound => Self::NotFound,
            Code::AlreadyExists | Code::FailedPrecondition => Self::Conflict,
            Code::Aborted => Self::Busy,
            Code::ResourceExhausted => Self::RateLimited,
            Code::Unimplemented => Self::NotImplemented,
            Code::Unavailable | Code::DeadlineExceeded | Code::Cancelled => Self::Unavailable,
            Code::Ok | Code::Unknown | Code::Internal | Code::DataLoss => Self::Internal,
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The sentences more than one service answers (SPEC.md's texts), and those of the codes that have one
/// ([`ErrorCode::sentence`]), written once.
pub mod texts {
    pub const EMAIL_TAKEN: &str = "An account with this email already exists";
    pub const SLOT_TAKEN: &str = "This time slot is already booked. Please choose another.";
    pub const MEMBER_TAKEN: &str =
        "The person you chose is not free at that time. Please choose another time or anyone available.";
    pub const TOO_LATE_TO_CHANGE: &str =
        "It's too late to change this booking online. Please contact the provider on WhatsApp.";
    pub const PAYMENT_PENDING: &str = "A payment is already waiting for your PIN.";
    pub const SUSPENDED: &str = "Your account is suspended. Please contact support.";
    pub const UNAVAILABLE: &str = "This part of Mtaani is temporarily unavailable. Please try again shortly.";
    /// A list's `sort` that is not one of its orders (the gateway and catalog-svc answer it alike).
    pub const BAD_SORT: &str = "sort must be one of recommended, rating, price_asc, price_desc, newest, distance";
    /// A listing's or a list's place that is not one of `places` (or not of the kind asked).
    pub const UNKNOWN_PLACE: &str = "Please choose a place from the list";
    /// A position that is not a latitude and a longitude in Kenya (`near=`).
    pub const BAD_NEAR: &str = "near must be a latitude and a longitude in Kenya, e.g. -1.28,36.82";
    pub const BAD_RADIUS_KM: &str = "radiusKm must be a number of km from 0 to 500";
    pub const BAD_EMAIL: &str = "Please enter a valid email address";
    pub const BAD_PHONE: &str = "Please enter a valid phone number";
    pub const LONG_NAME: &str = "Name must be at most 100 characters";
    /// A team member's photo that is not a photo (catalog-svc reads the file, booking-svc the URL).
    pub const BAD_PHOTO: &str = "The photo is not a supported image format.";
    /// A NUL character (U+0000) in a field: no form can type it, and PostgreSQL cannot store it.
    pub const UNSUPPORTED_CHARACTERS: &str = "Please remove unsupported characters";
    pub const INTERNAL: &str = "Something went wrong. Please try again.";
    pub const SERVICE_NOT_FOUND: &str = "Service not found";
    pub const ONLY_SELLERS_POST: &str = "Only sellers can post services";
    pub const PHONE_AFTER_CLEANING: &str = "Invalid phone number format after cleaning";
    pub const ONLY_SELLERS_PAY: &str = "Only sellers pay for a package";
    pub const ADMINS_CANNOT_CLOSE: &str = "Operator accounts are closed from the command line, not here.";
    pub const TOTP_NEEDED: &str = "Enter the 6-digit code from your authenticator app.";
}

/// The `ErrorInfo` metadata that carries a status's text ([`Text::to_json`]), and each field's
/// (`field:` and the field's name).
const TEXT: &str = "text";
const FIELD: &str = "field:";

/// A status of `code` whose `ErrorInfo` says `reason` and whose message is `text`: its English in the
/// status's message, its code and values beside, for the gateway to write in the reader's language.
pub fn refusal(code: Code, reason: ErrorCode, text: Text) -> Status {
    refusal_with_fields(code, reason, text, &[])
}

/// [`refusal`] with the text of each field that breaks a rule.
pub fn refusal_with_fields(code: Code, reason: ErrorCode, text: Text, fields: &[(String, Text)]) -> Status {
    debug_assert!(reason.text().is_none_or(|k| k == text.key()), "{reason} says its own text: use status::fixed");
    let mut metadata = HashMap::new();
    metadata.insert(TEXT.to_owned(), text.to_json().to_string());
    for (field, said) in fields {
        metadata.insert(format!("{FIELD}{field}"), said.to_json().to_string());
    }
    let mut details = ErrorDetails::with_error_info(reason.as_str(), DOMAIN, metadata);
    for (field, said) in fields {
        details.add_bad_request_violation(field.clone(), said.to_string());
    }
    Status::with_error_details(code, text.to_string(), details)
}

/// The text a status says, when it was sent as one ([`refusal`]).
pub fn text(status: &Status) -> Option<Text> {
    let info = status.get_details_error_info()?;
    Text::from_json(&serde_json::from_str(info.metadata.get(TEXT)?).ok()?)
}

/// The text of each field a status names, when it was sent as one.
pub fn field_texts(status: &Status) -> Vec<(String, Text)> {
    let Some(info) = status.get_details_error_info() else { return Vec::new() };
    let mut fields: Vec<(String, Text)> = info
        .metadata
        .iter()
        .filter_map(|(name, json)| {
            let field = name.strip_prefix(FIELD)?;
            Some((field.to_owned(), Text::from_json(&serde_json::from_str(json).ok()?)?))
        })
        .collect();
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    fields
}

/// A status of `code` whose `ErrorInfo` says `reason`. A reason with a sentence of its own is
/// answered with [`fixed`].
pub fn coded(code: Code, reason: ErrorCode, message: impl Into<String>) -> Status {
    let message = message.into();
    debug_assert!(reason.sentence().is_none_or(|s| s == message), "{reason} says its own sentence: use status::fixed");
    Status::with_error_details(code, message, reason_details(reason))
}

/// A status of `code` saying `reason`'s one text ([`ErrorCode::text`]).
pub fn fixed(code: Code, reason: ErrorCode) -> Status {
    refusal(code, reason, reason.text().unwrap_or(Key::Internal).into())
}

fn reason_details(reason: ErrorCode) -> ErrorDetails {
    ErrorDetails::with_error_info(reason.as_str(), DOMAIN, HashMap::new())
}

/// The code of a status: the reason its `ErrorInfo` names, else what its gRPC code means.
pub fn error_code(status: &Status) -> ErrorCode {
    status
        .get_details_error_info()
        .and_then(|info| ErrorCode::parse(&info.reason))
        .unwrap_or_else(|| ErrorCode::of_grpc(status.code()))
}

/// What a broken rule says: a text by code, or words a service writes itself (English, which the
/// gateway can only pass on as they are).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Text(Text),
    Words(String),
}

impl From<Text> for Said {
    fn from(text: Text) -> Self {
        Said::Text(text)
    }
}

impl From<&str> for Said {
    fn from(words: &str) -> Self {
        Said::Words(words.to_owned())
    }
}

impl From<String> for Said {
    fn from(words: String) -> Self {
        Said::Words(words)
    }
}

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Said::Text(t) => t.fmt(f),
            Said::Words(w) => f.write_str(w),
        }
    }
}

/// Collects the rules a request breaks, in the order they were checked.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Violations(Vec<(String, Said)>);

impl Violations {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `said` for `field` unless `ok`; only the first failure of a field is kept.
    pub fn check(&mut self, ok: bool, field: &str, said: impl Into<Said>) -> &mut Self {
        if !ok && !self.0.iter().any(|(f, _)| f == field) {
            self.0.push((field.to_owned(), said.into()));
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The fields that failed and what each says, in the order they were checked.
    pub fn fields(&self) -> &[(String, Said)] {
        &self.0
    }

    /// `Ok` when nothing failed, else INVALID_ARGUMENT whose message is the first failure's.
    pub fn into_result(self) -> Result<(), Status> {
        if self.0.is_empty() { Ok(()) } else { Err(self.into_status(Code::InvalidArgument, ErrorCode::Validation)) }
    }

    /// A status of `code` and `reason` saying the first failure, with every field's.
    pub fn into_status(self, code: Code, reason: ErrorCode) -> Status {
        let Some((_, first)) = self.0.first() else { return fixed(Code::Internal, ErrorCode::Internal) };
        let mut metadata = HashMap::new();
        if let Said::Text(text) = first {
            metadata.insert(TEXT.to_owned(), text.to_json().to_string());
        }
        let message = first.to_string();
        let mut details = ErrorDetails::with_error_info(reason.as_str(), DOMAIN, HashMap::new());
        for (field, said) in &self.0 {
            if let Said::Text(text) = said {
                metadata.insert(format!("{FIELD}{field}"), text.to_json().to_string());
            }
            details.add_bad_request_violation(field.clone(), said.to_string());
        }
        details.set_error_info(reason.as_str(), DOMAIN, metadata);
        Status::with_error_details(code, message, details)
    }
}

/// INVALID_ARGUMENT (`validation`) with field violations attached.
pub fn invalid_argument(message: impl Into<String>, fields: &[(String, String)]) -> Status {
    with_fields(Code::InvalidArgument, ErrorCode::Validation, message, fields)
}

/// `code` with `reason` and field violations attached (a start outside the provider's hours: the
/// field `time`, the reason `outside_hours`).
pub fn with_fields(code: Code, reason: ErrorCode, message: impl Into<String>, fields: &[(String, String)]) -> Status {
    let mut details = reason_details(reason);
    for (field, description) in fields {
        details.add_bad_request_violation(field.clone(), description.clone());
    }
    Status::with_error_details(code, message, details)
}

/// `code` with `reason` and one field's violation attached (a sign-in that needs one more field).
pub fn with_field(code: Code, reason: ErrorCode, message: impl Into<String>, field: &str) -> Status {
    let message = message.into();
    with_fields(code, reason, message.clone(), &[(field.to_owned(), message)])
}

/// The field violations a status carries, if any.
pub fn field_errors(status: &Status) -> Vec<(String, String)> {
    status
        .get_details_bad_request()
        .map(|bad| bad.field_violations.into_iter().map(|v| (v.field, v.description)).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_failure_per_field_wins_and_travels_in_details() {
        let mut v = Violations::new();
        v.check(true, "name", "never")
            .check(false, "email", "Please enter a valid email address")
            .check(false, "email", "second")
            .check(false, "phone", "Please enter a valid phone number");
        let status = v.into_result().unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument);
        assert_eq!(status.message(), "Please enter a valid email address");
        assert_eq!(error_code(&status), ErrorCode::Validation);
        assert_eq!(
            field_errors(&status),
            vec![
                ("email".to_owned(), "Please enter a valid email address".to_owned()),
                ("phone".to_owned(), "Please enter a valid phone number".to_owned()),
            ]
        );
    }

    #[test]
    fn a_code_travels_as_the_reason_and_a_status_without_one_reads_its_grpc_code() {
        let taken = fixed(Code::AlreadyExists, ErrorCode::SlotTaken);
        assert_eq!(taken.message(), texts::SLOT_TAKEN);
        assert_eq!(error_code(&taken), ErrorCode::SlotTaken);
        // Through the wire format: the details are the status's bytes.
        let again = Status::with_details(taken.code(), taken.message(), taken.details().to_vec().into());
        assert_eq!(error_code(&again), ErrorCode::SlotTaken);
        assert_eq!(error_code(&Status::already_exists("x")), ErrorCode::Conflict);
        assert_eq!(error_code(&Status::not_found("x")), ErrorCode::NotFound);
        let outside = with_field(Code::InvalidArgument, ErrorCode::OutsideHours, "closed", "time");
        assert_eq!(error_code(&outside), ErrorCode::OutsideHours);
        assert_eq!(field_errors(&outside), vec![("time".to_owned(), "closed".to_owned())]);
        for code in ErrorCode::ALL {
            assert_eq!(ErrorCode::parse(code.as_str()), Some(*code));
            assert!(code.as_str().bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "{code}");
        }
    }
}
