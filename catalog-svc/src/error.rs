//! catalog-svc errors and how each reaches a caller: user-facing texts as they are, internals logged
//! and replaced by a generic message.

use tonic::Status;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("Service not found")]
    NotFound,
    #[error("{0}")]
    Forbidden(&'static str),
    #[error(transparent)]
    Invalid(#[from] Status),
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("media storage: {0}")]
    Media(#[from] std::io::Error),
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        match err {
            Error::NotFound => Status::not_found(mtaani_proto::status::texts::SERVICE_NOT_FOUND),
            Error::Forbidden(m) => Status::permission_denied(m),
            Error::Invalid(status) => status,
            Error::Db(e) => {
                tracing::error!(error = %e, "database error");
                if mtaani_runtime::db::is_unavailable(&e) {
                    Status::unavailable("The catalog is busy. Please try again.")
                } else {
                    Status::internal(mtaani_proto::status::texts::INTERNAL)
                }
            }
            Error::Media(e) => {
                tracing::error!(error = %e, "media storage error");
                Status::internal(mtaani_proto::status::texts::INTERNAL)
            }
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
