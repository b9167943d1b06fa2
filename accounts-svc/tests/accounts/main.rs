//! accounts-svc's tests, one binary: the service through its real gRPC interface on SQLite and on
//! PostgreSQL, and its M-Pesa client against the Daraja-compatible server of `accounts_svc::testing`.

mod daraja;
mod grpc;
