//! accounts-svc's SQL, portable between SQLite and PostgreSQL through `sqlx::Any`, one module per
//! table family: people (users), their password resets, subscriptions, payments, the operators
//! (admins) and closed accounts (account_deletions). The use cases call these with typed rows; the
//! store imports none of them.

pub mod admins;
pub mod deletions;
pub mod payments;
pub mod resets;
pub mod subscriptions;
pub mod users;
