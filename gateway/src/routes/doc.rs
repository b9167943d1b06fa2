//! The pieces of the OpenAPI document that several areas share: the error answers, the list and
//! conditional-read answers, the common parameters and the examples' photo. Each area's routes refer
//! to these and describe their own operations (`Api` in each module); `openapi.rs` merges the areas.
//! This module imports no route module.

use utoipa::{
    ToResponse,
    openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder},
};

/// The photo of the examples: one pixel, as a data URL.
pub const PHOTO_1X1: &str = concat!(
    "data:image/png;base64,",
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
);

/// The name of the security scheme: the session token from `POST /api/login`, sent as
/// `Authorization: Bearer <token>` (the gateway reads no cookie).
pub const BEARER: &str = "bearer";

/// The error answers, each described once and referred to by the operations that give it.
macro_rules! error_response {
    ($($name:ident => $description:literal,)*) => {$(
        #[doc = $description]
        pub struct $name;

        impl<'s> ToResponse<'s> for $name {
            fn response() -> (&'s str, RefOr<utoipa::openapi::Response>) {
                let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ApiError"))).build();
                let response =
                    ResponseBuilder::new().description($description).content("application/json", content).build();
                (stringify!($name), RefOr::T(response))
            }
        }
    )*};
}

error_response! {
    BadRequest => "The request is not valid: unreadable JSON or query parameters, a field of the wrong type, \
                   or a rule broken (then `errors` holds the message for each field).",
    Unauthorized => "No session token, or it is not valid any more: sign in again.",
    Forbidden => "Signed in, but not allowed (not a seller, a package that is not active, not yours).",
    NotFound => "Nothing by that id.",
    Conflict => "Not possible in the current state (already taken, already answered or cancelled).",
    PayloadTooLarge => "The body is larger than this route takes; refused before it is read when its length \
                        is declared.",
    UnsupportedMediaType => "The body is not sent as JSON (`Content-Type: application/json`).",
    TooManyRequests => "Too many attempts from this connection or for this account; wait and try again.",
    Internal => "An unexpected failure, logged with the request id (`X-Request-Id`).",
    Unavailable => "A service behind the gateway is down or busy; try again shortly.",
}

/// `limit` and `offset` of every list.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Page {
    /// At most this many (default 48, capped at 1000).
    #[param(format = Int64, minimum = 0, maximum = 4294967295.0)]
    pub limit: Option<u32>,
    /// Skip this many.
    #[param(format = Int64, minimum = 0, maximum = 4294967295.0)]
    pub offset: Option<u32>,
}

/// `sort` of the public lists.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Sorting {
    /// `recommended` (the default: featured first, newest next), `rating` (best average first),
    /// `price_asc`, `price_desc`, `newest`, or `distance` (nearest first: the default from `near`
    /// or `placeId`; without either, as `recommended`).
    #[param(value_type = Option<Sort>)]
    pub sort: Option<String>,
}

/// The order of a search.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchSorting {
    /// `recommended` (the default: the best match; the nearest first when nothing in the place the
    /// words name matches), `distance` (nearest first, from the place the words name, else from `near`
    /// or `placeId`; without any, the best match), `rating`, `price_asc`, `price_desc` or `newest`.
    /// In every order, listings with every word come before those with fewer.
    #[param(value_type = Option<Sort>)]
    pub sort: Option<String>,
}

/// The words of a search (SPEC §7), with the places they name and what they mean.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchWords {
    /// The words searched for (the first 200 characters); a place named is a filter.
    #[param(example = "massage nairobi")]
    pub query: Option<String>,
}

/// Where the visitor is: each listing then answers `distanceKm`.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct Nearby {
    /// The visitor's position, `LAT,LNG` in Kenya (e.g. the phone's): distances are measured from it.
    #[param(example = "-1.2176,36.8969")]
    pub near: Option<String>,
    /// A place's id (`GET /api/places`): distances are measured from its centre (unless `near` is
    /// given), and a county or sub-county keeps the listings that lie in it.
    #[param(example = "nairobi.kasarani")]
    pub place_id: Option<String>,
    /// Only listings at most this far, 0 to 500 km, and those whose provider comes this far to the
    /// visitor (`comesToYou`: they serve the visitor, though their `distanceKm` is larger); needs
    /// `near` or `placeId`.
    #[param(minimum = 0, maximum = 500, example = 10)]
    pub radius_km: Option<f64>,
}

/// The header that makes a write safe to repeat.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
pub struct Idempotency {
    /// Repeating the request with the same key answers the first result instead of doing it again.
    #[param(rename = "Idempotency-Key")]
    pub idempotency_key: Option<String>,
}

/// The header of a conditional public read.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
pub struct Conditional {
    /// The `ETag` of an answer already held: 304 when it is still the answer.
    #[param(rename = "If-None-Match")]
    pub if_none_match: Option<String>,
}

fn header(description: &str, schema: utoipa::openapi::schema::Type) -> utoipa::openapi::header::Header {
    use utoipa::openapi::{HeaderBuilder, schema::ObjectBuilder};
    HeaderBuilder::new().schema(ObjectBuilder::new().schema_type(schema)).description(Some(description)).build()
}

/// A page of listings (the public lists and search).
pub struct Listings;

impl<'s> ToResponse<'s> for Listings {
    fn response() -> (&'s str, RefOr<utoipa::openapi::Response>) {
        use utoipa::openapi::schema::{ArrayBuilder, Type};
        let list = ArrayBuilder::new().items(Ref::from_schema_name("Service")).build();
        let response = ResponseBuilder::new()
            .description("The listings, featured first; `X-Total-Count` says how many match in all")
            .content("application/json", ContentBuilder::new().schema(Some(list)).build())
            .header("ETag", header("Sent back as `If-None-Match`, it gets a 304 while nothing changed", Type::String))
            .header("X-Total-Count", header("How many listings match in all", Type::Integer))
            .header("Cache-Control", header("`no-cache`: revalidate every time", Type::String))
            .build();
        ("Listings", RefOr::T(response))
    }
}

/// 304 to a conditional read.
pub struct NotModified;

impl<'s> ToResponse<'s> for NotModified {
    fn response() -> (&'s str, RefOr<utoipa::openapi::Response>) {
        let response = ResponseBuilder::new()
            .description("Unchanged since the `ETag` sent in `If-None-Match`")
            .header("ETag", header("The same tag", utoipa::openapi::schema::Type::String))
            .build();
        ("NotModified", RefOr::T(response))
    }
}

/// Error answers that come together, referred to as one.
macro_rules! error_set {
    ($($name:ident => $doc:literal [$($status:literal: $response:ident),*],)*) => {$(
        #[doc = $doc]
        pub struct $name;

        impl utoipa::IntoResponses for $name {
            fn responses() -> std::collections::BTreeMap<String, RefOr<utoipa::openapi::Response>> {
                [$(($status.to_owned(), RefOr::Ref(Ref::from_response_name(stringify!($response))))),*]
                    .into_iter()
                    .collect()
            }
        }
    )*};
}

error_set! {
    JsonBodyErrors => "A JSON body: unreadable or breaking a rule, too large, or not sent as JSON."
        ["400": BadRequest, "413": PayloadTooLarge, "415": UnsupportedMediaType],
    ServiceErrors => "Whatever needs a service behind the gateway: it failed, or it is down or busy."
        ["500": Internal, "503": Unavailable],
}

/// The closed sets of values that some answers' fields take. The fields are strings in the answers'
/// Rust types (each is set from the services' enums in one place); these describe them in the
/// document, so that the web app's types, generated from it, name every value.
macro_rules! closed_set {
    ($($(#[$doc:meta])* $name:ident { $($value:ident),+ $(,)? })*) => {$(
        $(#[$doc])*
        #[derive(utoipa::ToSchema)]
        #[schema(rename_all = "snake_case")]
        #[allow(dead_code, reason = "described in the document only")]
        pub enum $name { $($value),+ }
    )*};
}

closed_set! {
    /// Who an account is for.
    AccountType { Buyer, Seller, Admin }
    /// A language Mtaani writes in: `en` (English) or `sw` (Kiswahili).
    Language { En, Sw }
    /// Where a seller's package stands.
    SubscriptionStatus { PendingPayment, Active, Grace, Expired }
    /// What a package payment is for: the first month, the next month, or a higher package.
    PaymentPurpose { Registration, Renewal, Upgrade }
    /// Where a package payment stands.
    PaymentStatus { Pending, Succeeded, Failed }
    /// A kind of the audit log's events (`mtaani_proto::audit::KINDS`, tested against it).
    AuditKind { Listing, Review, Report, Seller, Payment, Admin, Contact }
    /// Where an appointment request stands.
    AppointmentStatus { Requested, Confirmed, Declined, Cancelled }
    /// Whether a contact message has been answered.
    MessageStatus { New, Answered }
    /// Why a listing was reported.
    ReportReason { Scam, Offensive, Misleading, Duplicate, Other }
    /// Whether a report is still to be looked at.
    ReportStatus { Open, Closed }
    /// What was done about a closed report.
    ReportResolution { Hidden, Dismissed }
    /// The orders of the public lists.
    Sort { Recommended, Rating, PriceAsc, PriceDesc, Newest, Distance }
}
