//! accounts-svc errors and how each reaches a caller: the spec's texts as they are, internals logged
//! and replaced by a generic message.

use mtaani_proto::status::{ErrorCode, coded, fixed};
use tonic::{Code, Status};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{}", mtaani_proto::status::texts::EMAIL_TAKEN)]
    EmailTaken,
    #[error("Invalid email or password")]
    BadCredentials,
    #[error("Please sign in again.")]
    UnknownUser,
    #[error("This reset link is invalid or has expired.")]
    BadResetToken,
    #[error(transparent)]
    Invalid(#[from] Status),
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        match err {
            Error::EmailTaken => fixed(Code::AlreadyExists, ErrorCode::EmailTaken),
            Error::BadCredentials => coded(Code::Unauthenticated, ErrorCode::BadCredentials, err.to_string()),
            Error::UnknownUser => Status::unauthenticated(err.to_string()),
            Error::BadResetToken => Status::invalid_argument(err.to_string()),
            Error::Invalid(status) => status,
            Error::Db(ref e) if mtaani_runtime::db::is_unavailable(e) => {
                tracing::error!(error = %err, "accounts database unavailable");
                Status::unavailable("Accounts are busy. Please try again.")
            }
            Error::Db(_) | Error::Internal(_) => {
                tracing::error!(error = %err, "accounts-svc error");
                Status::internal(mtaani_proto::status::texts::INTERNAL)
            }
        }
    }
}

impl Error {
    /// Whether the database refused a row for a value a unique column holds already.
    pub fn is_unique_violation(&self) -> bool {
        matches!(self, Error::Db(e) if mtaani_runtime::db::is_unique_violation(e))
    }
}

/// A database error as a caller sees it (logged, then a generic message).
pub fn db(e: sqlx::Error) -> Status {
    Error::Db(e).into()
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
