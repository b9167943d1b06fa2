//! messaging-svc errors and how each reaches a caller.
//!
//! The spec's texts go out as they are; database errors are logged and replaced by a generic message.

use tonic::Status;

pub const MESSAGE_NOT_FOUND: &str = "Message not found";
pub const ALREADY_ANSWERED: &str = "This message has already been answered.";
pub const EMPTY_REPLY: &str = "Please write a reply";
pub const SHORT_LINK_NOT_FOUND: &str = "This link is not valid or has expired.";

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{}", MESSAGE_NOT_FOUND)]
    MessageNotFound,
    #[error("{}", ALREADY_ANSWERED)]
    AlreadyAnswered,
    #[error("{}", SHORT_LINK_NOT_FOUND)]
    ShortLinkNotFound,
    /// A request the rules refuse, with the field messages the client shows.
    #[error(transparent)]
    Invalid(#[from] Status),
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        match err {
            Error::MessageNotFound | Error::ShortLinkNotFound => Status::not_found(err.to_string()),
            Error::AlreadyAnswered => Status::failed_precondition(err.to_string()),
            Error::Invalid(status) => status,
            Error::Db(e) if mtaani_runtime::db::is_unavailable(&e) => {
                tracing::error!(error = %e, "messaging database unavailable");
                Status::unavailable("Messages are busy. Please try again.")
            }
            Error::Db(e) => {
                tracing::error!(error = %e, "messaging database error");
                Status::internal(mtaani_proto::status::texts::INTERNAL)
            }
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
