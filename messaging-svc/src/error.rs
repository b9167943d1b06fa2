//! messaging-svc's refusals and faults: one variant each, with the stable code, the gRPC code and the
//! text (by code, `mtaani_proto::text`) it is answered with. grpc.rs turns them into statuses; database
//! faults are logged there and answered without details.

use mtaani_proto::{
    status::{ErrorCode, Violations},
    text::{Text, said},
};
use tonic::Code;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A request that breaks the rules: each field's first broken rule (the contact form, a reply, a
    /// notification's recipient and kind).
    #[error("invalid: {0:?}")]
    Invalid(Violations),
    /// A batch of notifications larger than one call takes.
    #[error("too many notifications")]
    TooManyNotifications,
    /// Contact messages asked for without their sender's address.
    #[error("no sender address")]
    EmailRequired,
    /// A filter of the contact messages that is neither `new` nor `answered`.
    #[error("bad message status")]
    BadMessageStatus,
    /// A STOP for something that is not a phone number.
    #[error("opt-out of a number that is not one")]
    BadOptOutPhone,
    #[error("message not found")]
    MessageNotFound,
    /// A reply to a message that another operator answered first.
    #[error("message already answered")]
    AlreadyAnswered,
    /// A short link's code that is unknown or whose link has expired.
    #[error("short link not found")]
    ShortLinkNotFound,
    /// The database does not answer now (down, or every connection busy): the same call can be
    /// made again.
    #[error("database unavailable: {0}")]
    Unavailable(sqlx::Error),
    /// A fault of ours: logged, never shown.
    #[error("database: {0}")]
    Internal(sqlx::Error),
}

impl From<Violations> for Error {
    fn from(v: Violations) -> Self {
        Error::Invalid(v)
    }
}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        if mtaani_runtime::db::is_unavailable(&e) { Error::Unavailable(e) } else { Error::Internal(e) }
    }
}

impl Error {
    /// The stable code the API answers it with.
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::Invalid(_)
            | Error::TooManyNotifications
            | Error::EmailRequired
            | Error::BadMessageStatus
            | Error::BadOptOutPhone => ErrorCode::Validation,
            Error::MessageNotFound | Error::ShortLinkNotFound => ErrorCode::NotFound,
            Error::AlreadyAnswered => ErrorCode::Conflict,
            Error::Unavailable(_) => ErrorCode::Unavailable,
            Error::Internal(_) => ErrorCode::Internal,
        }
    }

    pub fn grpc_code(&self) -> Code {
        match self {
            Error::Invalid(_)
            | Error::TooManyNotifications
            | Error::EmailRequired
            | Error::BadMessageStatus
            | Error::BadOptOutPhone => Code::InvalidArgument,
            Error::MessageNotFound | Error::ShortLinkNotFound => Code::NotFound,
            Error::AlreadyAnswered => Code::FailedPrecondition,
            Error::Unavailable(_) => Code::Unavailable,
            Error::Internal(_) => Code::Internal,
        }
    }

    /// What a person is told: for a broken rule, the first one's text.
    pub fn text(&self) -> Text {
        match self {
            Error::Invalid(v) => v.first().cloned().unwrap_or_else(said::not_valid),
            Error::TooManyNotifications => said::too_many_notifications(),
            Error::EmailRequired => said::email_required(),
            Error::BadMessageStatus => said::bad_message_status(),
            Error::BadOptOutPhone => said::bad_opt_out_phone(),
            Error::MessageNotFound => said::message_not_found(),
            Error::AlreadyAnswered => said::message_already_answered(),
            Error::ShortLinkNotFound => said::bad_link(),
            Error::Unavailable(_) => said::unavailable(),
            Error::Internal(_) => said::internal(),
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
