//! messaging-svc's queries: all its SQL, one module per table it keeps.

pub mod contact;
pub mod outbox;
pub mod sms;
