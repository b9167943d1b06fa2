//! What a refusal says, carried over gRPC as standard error details: the API's stable
//! [`ErrorCode`] (`ErrorInfo.reason`) that clients branch on, the text by its code and values
//! (`ErrorInfo.metadata`, [`crate::text`]) for the gateway to write in the reader's language, and for
//! a broken rule each field's (`BadRequest` in English, the metadata by code), so the gateway can
//! answer `{"message": …, "code": …, "errors": {field: message}}`. Each service's own error type
//! turns into these at its gRPC edge.

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

/// [`refusal`] of a refusal about one field (`Some`), whose text is also that field's.
pub fn refusal_on(code: Code, reason: ErrorCode, text: Text, field: Option<&str>) -> Status {
    match field {
        Some(field) => refusal_with_fields(code, reason, text.clone(), &[(field.to_owned(), text)]),
        None => refusal(code, reason, text),
    }
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

/// A status of `code` saying `reason`'s one text ([`ErrorCode::text`]).
pub fn fixed(code: Code, reason: ErrorCode) -> Status {
    refusal(code, reason, reason.text().unwrap_or(Key::Internal).into())
}

/// The code of a status: the reason its `ErrorInfo` names, else what its gRPC code means.
pub fn error_code(status: &Status) -> ErrorCode {
    status
        .get_details_error_info()
        .and_then(|info| ErrorCode::parse(&info.reason))
        .unwrap_or_else(|| ErrorCode::of_grpc(status.code()))
}

/// Collects the rules a request breaks, in the order they were checked.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Violations(Vec<(String, Text)>);

impl Violations {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `text` for `field` unless `ok`; only the first failure of a field is kept.
    pub fn check(&mut self, ok: bool, field: &str, text: Text) -> &mut Self {
        if !ok && !self.0.iter().any(|(f, _)| f == field) {
            self.0.push((field.to_owned(), text));
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The fields that failed and what each says, in the order they were checked.
    pub fn fields(&self) -> &[(String, Text)] {
        &self.0
    }

    /// What the first failure says (an answer's message).
    pub fn first(&self) -> Option<&Text> {
        self.0.first().map(|(_, text)| text)
    }

    /// `Ok` when nothing failed, else the failures (for a service's own error type).
    pub fn finish(self) -> Result<(), Violations> {
        if self.0.is_empty() { Ok(()) } else { Err(self) }
    }

    /// A status of `code` and `reason` saying the first failure, with every field's.
    pub fn into_status(self, code: Code, reason: ErrorCode) -> Status {
        match self.first() {
            Some(first) => refusal_with_fields(code, reason, first.clone(), &self.0),
            None => fixed(Code::Internal, ErrorCode::Internal),
        }
    }
}

/// The field violations a status carries (their English), if any.
pub fn field_errors(status: &Status) -> Vec<(String, String)> {
    status
        .get_details_bad_request()
        .map(|bad| bad.field_violations.into_iter().map(|v| (v.field, v.description)).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::said;

    #[test]
    fn first_failure_per_field_wins_and_travels_in_details() {
        let mut v = Violations::new();
        v.check(true, "name", said::name_too_short())
            .check(false, "email", said::bad_email())
            .check(false, "email", said::email_taken())
            .check(false, "phone", said::bad_phone());
        let status = v.into_status(Code::InvalidArgument, ErrorCode::Validation);
        assert_eq!(status.code(), Code::InvalidArgument);
        assert_eq!(status.message(), "Please enter a valid email address");
        assert_eq!(error_code(&status), ErrorCode::Validation);
        assert_eq!(text(&status), Some(said::bad_email()));
        assert_eq!(
            field_errors(&status),
            vec![
                ("email".to_owned(), "Please enter a valid email address".to_owned()),
                ("phone".to_owned(), "Please enter a valid phone number".to_owned()),
            ]
        );
        assert_eq!(
            field_texts(&status),
            vec![("email".to_owned(), said::bad_email()), ("phone".to_owned(), said::bad_phone())]
        );
    }

    #[test]
    fn a_code_travels_as_the_reason_and_a_status_without_one_reads_its_grpc_code() {
        let taken = fixed(Code::AlreadyExists, ErrorCode::SlotTaken);
        assert_eq!(taken.message(), said::slot_taken().to_string());
        assert_eq!(error_code(&taken), ErrorCode::SlotTaken);
        // Through the wire format: the details are the status's bytes.
        let again = Status::with_details(taken.code(), taken.message(), taken.details().to_vec().into());
        assert_eq!(error_code(&again), ErrorCode::SlotTaken);
        assert_eq!(text(&again), Some(said::slot_taken()));
        assert_eq!(error_code(&Status::already_exists("x")), ErrorCode::Conflict);
        assert_eq!(error_code(&Status::not_found("x")), ErrorCode::NotFound);
        assert_eq!(text(&Status::not_found("x")), None);
        let closed = said::closed_that_day();
        let outside = refusal_with_fields(
            Code::InvalidArgument,
            ErrorCode::OutsideHours,
            closed.clone(),
            &[("time".into(), closed)],
        );
        assert_eq!(error_code(&outside), ErrorCode::OutsideHours);
        assert_eq!(field_errors(&outside), vec![("time".to_owned(), said::closed_that_day().to_string())]);
        for code in ErrorCode::ALL {
            assert_eq!(ErrorCode::parse(code.as_str()), Some(*code));
            assert!(code.as_str().bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "{code}");
        }
    }
}
