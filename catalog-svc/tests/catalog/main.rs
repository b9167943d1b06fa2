//! catalog-svc's tests, one binary: the service through its real gRPC interface on SQLite and on
//! PostgreSQL (a fresh schema each), started by `support`.

mod support;

mod favourites;
mod listings;
mod photo_budget;
mod photos;
mod previews;
mod relevance;
mod reviews;
mod s3;
mod small_photos;
