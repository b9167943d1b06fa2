//! catalog-svc's SQL, portable between SQLite and PostgreSQL through `sqlx::Any`, one module per
//! table family: the listings and their photos, the photo files' records, team members' photos, reviews, reports and
//! moderation, favourites. The use cases (service.rs and
//! the modules of each area) call these; grpc.rs only converts messages.

pub mod favourites;
pub mod listings;
pub mod moderation;
pub mod photos;
pub mod portraits;
pub mod previews;
pub mod reviews;
