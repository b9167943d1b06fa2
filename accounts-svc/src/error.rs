//! accounts-svc's one error type: a variant per refusal, with what it is said with, and the faults of
//! the database, of the other services it calls and of its own work, which are logged and never
//! shown. Each variant knows its stable code, its gRPC code and its text; grpc.rs turns it into the
//! status callers get.

use std::fmt;

use mtaani_proto::{
    status::{ErrorCode, Violations},
    text::{Text, said},
};
use tonic::Code;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Fields break the rules of what they are part of (a registration, a sign-in, a new password,
    /// a language, a phone to pay from, an operator's reason): each field's first broken rule.
    Invalid(Violations),
    /// An account with this e-mail address exists already.
    EmailTaken,
    /// The e-mail address and password match no account (one answer for both, so neither can be
    /// told from the other).
    BadCredentials,
    /// An operator signs in without the authenticator's code (`totp`).
    TotpNeeded,
    /// An operator's code is not the current one, or was used already (`totp`).
    BadTotp,
    /// The signed-in account is not there (closed since the session began).
    UnknownUser,
    /// A password reset link that is unknown, used or expired.
    BadResetLink,
    /// Closing an account with a password that is not the account's (`password`).
    WrongPassword,
    /// Operators' accounts are closed from the command line.
    AdminsCannotClose,
    /// The account has no subscription (it is not a seller's).
    NoSubscription,
    /// Only a seller has a package to change.
    OnlySellersHavePackage,
    /// A package id that is not one of the packages.
    ChoosePackage,
    /// A higher package is taken by paying for it.
    PayForUpgrade,
    /// The first month is paid before the package changes.
    PayFirstMonth,
    /// A payment started for an account that is not there.
    UnknownAccount,
    /// Only a seller pays for a package.
    OnlySellersPay,
    /// Only a seller's failed first payment is tried again, while the subscription waits for it.
    PaymentNotRetriable,
    /// A lower package is chosen for the next renewal, not paid for now.
    LowerPackageAtRenewal,
    /// The next month is paid in the last days of the month paid, not before.
    RenewalNotYet,
    /// A payment of the seller's is still waiting for the PIN: the phone shows one prompt at a time.
    PaymentPending,
    /// The payment is not there, or not the caller's.
    PaymentNotFound,
    /// An operator names an account that is no seller's.
    SellerNotFound,
    SellerAlreadySuspended,
    SellerNotSuspended,
    /// Another service did not do what it was asked (a step of closing an account): retried later.
    Neighbour {
        service: &'static str,
        code: Code,
        detail: String,
    },
    Db(#[from] sqlx::Error),
    Internal(#[from] anyhow::Error),
}

/// A refusal in English (its text); a fault with its details, for the log.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Neighbour { service, code, detail } => write!(f, "{service} answered {code:?}: {detail}"),
            Error::Db(e) => write!(f, "database: {e}"),
            Error::Internal(e) => write!(f, "{e:#}"),
            refusal => refusal.text().fmt(f),
        }
    }
}

impl From<Violations> for Error {
    fn from(v: Violations) -> Self {
        Error::Invalid(v)
    }
}

impl Error {
    /// One field that breaks a rule, saying `text`.
    pub fn invalid(field: &str, text: Text) -> Self {
        let mut v = Violations::new();
        v.check(false, field, text);
        Error::Invalid(v)
    }

    /// What another service answered a call with, as it is received.
    pub fn neighbour(service: &'static str, answer: &tonic::Status) -> Self {
        Error::Neighbour { service, code: answer.code(), detail: answer.message().to_owned() }
    }

    /// Whether the database refused a row for a value a unique column holds already.
    pub fn is_unique_violation(&self) -> bool {
        matches!(self, Error::Db(e) if mtaani_runtime::db::is_unique_violation(e))
    }

    /// A fault of ours or of what we depend on, logged rather than shown.
    pub fn is_fault(&self) -> bool {
        matches!(self, Error::Neighbour { .. } | Error::Db(_) | Error::Internal(_))
    }

    /// The stable code an answer of this error carries.
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::Invalid(_) | Error::BadResetLink | Error::ChoosePackage => ErrorCode::Validation,
            Error::EmailTaken => ErrorCode::EmailTaken,
            Error::BadCredentials | Error::WrongPassword => ErrorCode::BadCredentials,
            Error::TotpNeeded | Error::BadTotp => ErrorCode::TotpRequired,
            Error::UnknownUser => ErrorCode::Unauthenticated,
            Error::AdminsCannotClose | Error::OnlySellersHavePackage | Error::OnlySellersPay => ErrorCode::Forbidden,
            Error::NoSubscription | Error::UnknownAccount | Error::PaymentNotFound | Error::SellerNotFound => {
                ErrorCode::NotFound
            }
            Error::PayForUpgrade
            | Error::PayFirstMonth
            | Error::PaymentNotRetriable
            | Error::LowerPackageAtRenewal
            | Error::RenewalNotYet
            | Error::SellerAlreadySuspended
            | Error::SellerNotSuspended => ErrorCode::Conflict,
            Error::PaymentPending => ErrorCode::PaymentPending,
            Error::Neighbour { code: Code::Unavailable | Code::DeadlineExceeded | Code::Cancelled, .. } => {
                ErrorCode::Unavailable
            }
            Error::Db(e) if mtaani_runtime::db::is_unavailable(e) => ErrorCode::Unavailable,
            Error::Neighbour { .. } | Error::Db(_) | Error::Internal(_) => ErrorCode::Internal,
        }
    }

    /// The gRPC code of its status.
    pub fn grpc_code(&self) -> Code {
        match self {
            Error::EmailTaken => Code::AlreadyExists,
            Error::BadCredentials | Error::WrongPassword | Error::TotpNeeded | Error::BadTotp | Error::UnknownUser => {
                Code::Unauthenticated
            }
            other => match other.code() {
                ErrorCode::Validation => Code::InvalidArgument,
                ErrorCode::Forbidden => Code::PermissionDenied,
                ErrorCode::NotFound => Code::NotFound,
                ErrorCode::Conflict | ErrorCode::PaymentPending => Code::FailedPrecondition,
                ErrorCode::Unavailable => Code::Unavailable,
                _ => Code::Internal,
            },
        }
    }

    /// What it says: a fault says only that something went wrong (or, when what it needs is away
    /// for a moment, that the part is unavailable); its details go to the log.
    pub fn text(&self) -> Text {
        match self {
            Error::Invalid(v) => v.first().cloned().unwrap_or_else(said::not_valid),
            Error::EmailTaken => said::email_taken(),
            Error::BadCredentials => said::bad_credentials(),
            Error::TotpNeeded => said::totp_needed(),
            Error::BadTotp => said::bad_totp(),
            Error::UnknownUser => said::sign_in_again(),
            Error::BadResetLink => said::bad_reset_link(),
            Error::WrongPassword => said::wrong_password(),
            Error::AdminsCannotClose => said::admins_cannot_close(),
            Error::NoSubscription => said::no_subscription(),
            Error::OnlySellersHavePackage => said::only_sellers_have_package(),
            Error::ChoosePackage => said::choose_package(),
            Error::PayForUpgrade => said::pay_for_upgrade(),
            Error::PayFirstMonth => said::pay_first_month(),
            Error::UnknownAccount => said::unknown_account(),
            Error::OnlySellersPay => said::only_sellers_pay_package(),
            Error::PaymentNotRetriable => said::payment_not_retriable(),
            Error::LowerPackageAtRenewal => said::lower_package_at_renewal(),
            Error::RenewalNotYet => said::renewal_not_yet(),
            Error::PaymentPending => said::payment_pending(),
            Error::PaymentNotFound => said::payment_not_found(),
            Error::SellerNotFound => said::seller_not_found(),
            Error::SellerAlreadySuspended => said::seller_already_suspended(),
            Error::SellerNotSuspended => said::seller_not_suspended(),
            Error::Neighbour { .. } | Error::Db(_) | Error::Internal(_) => match self.code() {
                ErrorCode::Unavailable => said::unavailable(),
                _ => said::internal(),
            },
        }
    }

    /// The field a one-field refusal is about, which the answer names with the same text.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Error::TotpNeeded | Error::BadTotp => Some("totp"),
            Error::WrongPassword => Some("password"),
            _ => None,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
