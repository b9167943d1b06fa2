//! catalog-svc's one error type: a variant per refusal, with what it is said with, and the faults of
//! the database, the photo store and the blocking pool, which are logged and never shown. Each variant
//! knows its stable code, its gRPC code and its text; grpc.rs turns it into the status callers get.

use std::fmt;

use mtaani_proto::{
    status::{ErrorCode, Violations},
    text::{Text, said},
};
use tonic::Code;

use crate::images::PhotoError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Fields break the rules of what they are part of (a listing, a review, a reply, a report, an
    /// operator's reason): each field's first broken rule.
    Invalid(Violations),
    /// One of a listing's uploaded photos cannot be used (`images`).
    BadPhoto {
        name: String,
        problem: PhotoError,
    },
    /// A team member's photo cannot be used, or its URL is not one of the seller's photos (`photo`).
    BadPortrait(PhotoError),
    /// A list's order that is not one of its orders (`sort`).
    BadSort,
    /// Where a list is measured from is not in Kenya (`near`).
    BadNear,
    /// A radius outside 0 to 500 km (`radiusKm`).
    BadRadius,
    /// An area to list from that is not a county or a sub-county (`placeId`).
    UnknownArea,
    /// A review link that is unknown or expired (`token`).
    BadReviewLink,
    /// Reports are listed by `open` or `closed` only.
    BadReportFilter,
    /// The gateway names the seller a call is for: it did not.
    SellerIdRequired,
    /// The gateway names the signed-in user a favourite is for: it did not.
    UserIdRequired,
    /// booking-svc invites a review for a booking and an address: one is missing.
    InviteIncomplete,
    /// accounts-svc names the closed account whose reviews go: neither its id nor its address.
    ReviewerRequired,
    /// The listing is not there, or not shown to the caller.
    ListingNotFound,
    PhotoNotFound,
    ReviewNotFound,
    ReportNotFound,
    /// Posting and editing listings needs a seller's package.
    NotSeller,
    /// A seller changing a listing of someone else's.
    NotOwnListing,
    /// A seller replying to a review of someone else's listing.
    NotOwnReview,
    /// A seller reviewing their own listing (invited for a booking of their own).
    OwnListingReview,
    AlreadyReviewed,
    AlreadyReplied,
    ReviewAlreadyHidden,
    ReviewNotHidden,
    ReportClosed,
    ListingAlreadyHidden,
    ListingNotHidden,
    /// An account keeps at most `favourites::MAX_FAVOURITES`.
    TooManyFavourites,
    /// The sweeper took a photo's pending record before the write that names it: its file is gone,
    /// and the same request sent again stores it anew.
    PhotosSwept,
    Db(#[from] sqlx::Error),
    Media(#[from] std::io::Error),
    /// A photo's decoding task did not finish (it panicked, or the runtime is shutting down).
    Task(#[from] tokio::task::JoinError),
}

/// A refusal in English (its text); a fault with its details, for the log.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::PhotosSwept => f.write_str("a photo was swept before the write that names it"),
            Error::Db(e) => write!(f, "database: {e}"),
            Error::Media(e) => write!(f, "media storage: {e}"),
            Error::Task(e) => write!(f, "photo task: {e}"),
            refusal => refusal.text().fmt(f),
        }
    }
}

impl From<Violations> for Error {
    fn from(v: Violations) -> Self {
        Error::Invalid(v)
    }
}

impl Error {
    /// The stable code an answer of this error carries.
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::Invalid(_)
            | Error::BadPhoto { .. }
            | Error::BadPortrait(_)
            | Error::BadSort
            | Error::BadNear
            | Error::BadRadius
            | Error::UnknownArea
            | Error::BadReviewLink
            | Error::BadReportFilter
            | Error::SellerIdRequired
            | Error::UserIdRequired
            | Error::InviteIncomplete
            | Error::ReviewerRequired => ErrorCode::Validation,
            Error::ListingNotFound | Error::PhotoNotFound | Error::ReviewNotFound | Error::ReportNotFound => {
                ErrorCode::NotFound
            }
            Error::NotSeller | Error::NotOwnListing | Error::NotOwnReview | Error::OwnListingReview => {
                ErrorCode::Forbidden
            }
            Error::AlreadyReviewed
            | Error::AlreadyReplied
            | Error::ReviewAlreadyHidden
            | Error::ReviewNotHidden
            | Error::ReportClosed
            | Error::ListingAlreadyHidden
            | Error::ListingNotHidden
            | Error::TooManyFavourites => ErrorCode::Conflict,
            Error::PhotosSwept => ErrorCode::Unavailable,
            Error::Db(e) if mtaani_runtime::db::is_unavailable(e) => ErrorCode::Unavailable,
            Error::Db(_) | Error::Media(_) | Error::Task(_) => ErrorCode::Internal,
        }
    }

    /// The gRPC code of its status.
    pub fn grpc_code(&self) -> Code {
        match self {
            Error::AlreadyReviewed | Error::AlreadyReplied => Code::AlreadyExists,
            Error::ReviewAlreadyHidden
            | Error::ReviewNotHidden
            | Error::ReportClosed
            | Error::ListingAlreadyHidden
            | Error::ListingNotHidden
            | Error::TooManyFavourites => Code::FailedPrecondition,
            other => match other.code() {
                ErrorCode::Validation => Code::InvalidArgument,
                ErrorCode::NotFound => Code::NotFound,
                ErrorCode::Forbidden => Code::PermissionDenied,
                ErrorCode::Unavailable => Code::Unavailable,
                _ => Code::Internal,
            },
        }
    }

    /// What it says: a fault says only that something went wrong (or, when the database is busy,
    /// that the part is unavailable for a moment), its details go to the log.
    pub fn text(&self) -> Text {
        match self {
            Error::Invalid(v) => v.first().cloned().unwrap_or_else(said::not_valid),
            Error::BadPhoto { name, problem } => said::file_problem(name.as_str(), problem.text()),
            Error::BadPortrait(problem) => said::photo_problem(problem.text()),
            Error::BadSort => said::bad_sort(),
            Error::BadNear => said::bad_near(),
            Error::BadRadius => said::bad_radius_km(),
            Error::UnknownArea => said::unknown_place(),
            Error::BadReviewLink => said::bad_review_link(),
            Error::BadReportFilter => said::bad_report_status(),
            Error::SellerIdRequired => said::seller_id_required(),
            Error::UserIdRequired => said::user_id_required(),
            Error::InviteIncomplete => said::booking_id_and_email_required(),
            Error::ReviewerRequired => said::customer_id_or_email_required(),
            Error::ListingNotFound => said::service_not_found(),
            Error::PhotoNotFound => said::photo_not_found(),
            Error::ReviewNotFound => said::review_not_found(),
            Error::ReportNotFound => said::report_not_found(),
            Error::NotSeller => said::only_sellers_post_services(),
            Error::NotOwnListing => said::own_services_only(),
            Error::NotOwnReview => said::own_reviews_only(),
            Error::OwnListingReview => said::own_service_review(),
            Error::AlreadyReviewed => said::booking_already_reviewed(),
            Error::AlreadyReplied => said::review_already_replied(),
            Error::ReviewAlreadyHidden => said::review_already_hidden(),
            Error::ReviewNotHidden => said::review_not_hidden(),
            Error::ReportClosed => said::report_already_closed(),
            Error::ListingAlreadyHidden => said::listing_already_hidden(),
            Error::ListingNotHidden => said::listing_not_hidden(),
            Error::TooManyFavourites => said::too_many_favourites(),
            Error::PhotosSwept | Error::Db(_) | Error::Media(_) | Error::Task(_) => match self.code() {
                ErrorCode::Unavailable => said::unavailable(),
                _ => said::internal(),
            },
        }
    }

    /// The field a one-field refusal is about, which the answer names with the same text.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Error::BadPhoto { .. } => Some("images"),
            Error::BadPortrait(_) => Some("photo"),
            Error::BadSort => Some("sort"),
            Error::BadNear => Some("near"),
            Error::BadRadius => Some("radiusKm"),
            Error::UnknownArea => Some("placeId"),
            Error::BadReviewLink => Some("token"),
            _ => None,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
