//! messaging-svc's tests, one binary: the service through its real gRPC interface on SQLite and on
//! PostgreSQL, with an SMTP receiver and an Africa's-Talking-compatible server on loopback.

mod africastalking;
mod smtp;

mod contact_and_email;
mod sms;
