//! accounts-svc errors and how each reaches a caller.

use tonic::Status;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        tracing::error!(error = %err, "accounts-svc error");
        match err {
            Error::Db(sqlx::Error::PoolTimedOut | sqlx::Error::Io(_)) => {
                Status::unavailable("Accounts are busy. Please try again.")
            }
            _ => Status::internal("Something went wrong. Please try again."),
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
