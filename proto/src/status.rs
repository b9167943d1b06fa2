//! Validation failures with a message per field, carried over gRPC as standard `BadRequest` details
//! so the gateway can answer `{"message": …, "errors": {field: message}}`.

use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

/// Collects the rules a request breaks, in the order they were checked.
#[derive(Debug, Default)]
pub struct Violations(Vec<(String, String)>);

impl Violations {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `message` for `field` unless `ok`; only the first failure of a field is kept.
    pub fn check(&mut self, ok: bool, field: &str, message: &str) -> &mut Self {
        if !ok && !self.0.iter().any(|(f, _)| f == field) {
            self.0.push((field.to_owned(), message.to_owned()));
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok` when nothing failed, else INVALID_ARGUMENT whose message is the first failure's.
    pub fn into_result(self) -> Result<(), Status> {
        match self.0.first() {
            None => Ok(()),
            Some((_, first)) => Err(invalid_argument(first.clone(), &self.0)),
        }
    }
}

/// INVALID_ARGUMENT with field violations attached.
pub fn invalid_argument(message: impl Into<String>, fields: &[(String, String)]) -> Status {
    let mut details = ErrorDetails::new();
    for (field, description) in fields {
        details.add_bad_request_violation(field.clone(), description.clone());
    }
    Status::with_error_details(Code::InvalidArgument, message, details)
}

/// `code` with one field's violation attached (a sign-in that needs one more field, say).
pub fn with_field(code: Code, message: impl Into<String>, field: &str) -> Status {
    let message = message.into();
    let mut details = ErrorDetails::new();
    details.add_bad_request_violation(field, message.clone());
    Status::with_error_details(code, message, details)
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
        assert_eq!(
            field_errors(&status),
            vec![
                ("email".to_owned(), "Please enter a valid email address".to_owned()),
                ("phone".to_owned(), "Please enter a valid phone number".to_owned()),
            ]
        );
    }
}
