//! `GET /api/openapi.json`: the REST API described from the handlers' own annotations
//! (`#[utoipa::path]` on each handler, `ToSchema` on its request and answer types), so the document
//! changes with the code. `tests/openapi.rs` checks that it lists exactly the routes the router serves.

use std::sync::OnceLock;

use axum::{
    Router,
    body::Bytes,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};
use utoipa::{
    Modify, OpenApi, ToResponse,
    openapi::{
        ContentBuilder, Ref, RefOr, ResponseBuilder,
        security::{Http, HttpAuthScheme, SecurityScheme},
    },
};

use crate::{
    AppState,
    routes::{accounts, admin, booking, health, hours, listings, messaging, payments, rights},
};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/openapi.json", get(openapi_json))
}

/// The photo of the examples: one pixel, as a data URL.
pub const PHOTO_1X1: &str = concat!(
    "data:image/png;base64,",
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
);

/// The name of the security scheme: the session token from `POST /api/login`, sent as
/// `Authorization: Bearer <token>` (the gateway reads no cookie).
pub const BEARER: &str = "bearer";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Mtaani API",
        description = "The REST API of Mtaani, the Kenyan services marketplace: listings, search, sellers' \
                       accounts and M-Pesa payments, appointments and the contact form. Every error is JSON \
                       `{\"message\": string, \"errors\"?: {field: string}}`.",
        license(name = "UNLICENSED", identifier = "UNLICENSED"),
    ),
    paths(
        health::health,
        openapi_json,
        listings::list_services,
        listings::post_service,
        listings::search_services,
        listings::list_category,
        listings::list_subcategory,
        listings::get_service,
        listings::edit_service,
        listings::delete_service,
        listings::my_services,
        listings::get_media,
        accounts::list_packages,
        accounts::register,
        accounts::login,
        accounts::me,
        accounts::request_reset,
        accounts::confirm_reset,
        booking::create_appointment,
        booking::availability,
        booking::calendar,
        booking::cancel_link,
        booking::cancel,
        booking::reschedule,
        booking::my_bookings,
        hours::get_hours,
        hours::put_hours,
        booking::seller_appointments,
        booking::confirm,
        booking::decline,
        messaging::contact,
        payments::start,
        payments::one,
        payments::retry,
        payments::history,
        payments::change_package,
        payments::callback,
        rights::report,
        rights::export,
        rights::delete_account,
        admin::overview,
        admin::contact_messages,
        admin::reply,
        admin::reports,
        admin::dismiss,
        admin::listings,
        admin::hide,
        admin::restore,
        admin::sellers,
        admin::seller,
        admin::suspend,
        admin::unsuspend,
        admin::audit,
    ),
    components(
        schemas(crate::error::ApiError),
        responses(
            BadRequest,
            Unauthorized,
            Forbidden,
            NotFound,
            Conflict,
            PayloadTooLarge,
            UnsupportedMediaType,
            TooManyRequests,
            Internal,
            Unavailable,
            Listings,
            NotModified,
        ),
    ),
    modifiers(&BearerScheme, &PlainParameters),
    tags(
        (name = "listings", description = "Services on offer, their photos, and sellers' own listings"),
        (name = "accounts", description = "Seller packages, registration, sign-in and password reset"),
        (name = "appointments", description = "Booking a slot, and the provider's answers"),
        (name = "contact", description = "The contact form"),
        (name = "payments", description = "Seller packages paid with M-Pesa"),
        (name = "meta", description = "Health and this document"),
        (name = "reports", description = "Reporting a listing to Mtaani's team"),
        (name = "admin", description = "The operator console (admins only)"),
    ),
)]
pub struct ApiDoc;

struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let mut http = Http::new(HttpAuthScheme::Bearer);
        http.bearer_format = Some("JWT".into());
        http.description = Some("The `token` of `POST /api/login`, as `Authorization: Bearer <token>`.".into());
        components.add_security_scheme(BEARER, SecurityScheme::Http(http));
    }
}

/// Parameters in a path, a query or a header are text that is present or not: an `Option` there
/// means "not required", not "may be null" as it does in a JSON body.
struct PlainParameters;

impl Modify for PlainParameters {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::schema::{Schema, SchemaType, Type};
        for item in openapi.paths.paths.values_mut() {
            let operations = [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.options,
                &mut item.head,
                &mut item.patch,
                &mut item.trace,
            ];
            for operation in operations.into_iter().flatten() {
                for parameter in operation.parameters.iter_mut().flatten() {
                    if let Some(RefOr::T(Schema::Object(object))) = parameter.schema.as_mut()
                        && let SchemaType::Array(types) = &object.schema_type
                    {
                        let kept: Vec<Type> = types.iter().filter(|t| **t != Type::Null).cloned().collect();
                        if let [only] = kept.as_slice() {
                            object.schema_type = SchemaType::Type(only.clone());
                        }
                    }
                }
            }
        }
    }
}

/// The document as JSON, built once.
pub fn document_json() -> &'static Bytes {
    static JSON: OnceLock<Bytes> = OnceLock::new();
    JSON.get_or_init(|| {
        let json = ApiDoc::openapi().to_json().expect("the OpenAPI document serializes");
        Bytes::from(json)
    })
}

/// This document (OpenAPI 3.1).
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "meta",
    operation_id = "openapi",
    responses((status = 200, description = "The OpenAPI document", content_type = "application/json", body = Object)),
)]
pub(crate) async fn openapi_json() -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], document_json().clone()).into_response()
}

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

/// A price is sent as a number or as the text of a form field (`"1,500"`); anything unreadable
/// counts as 0 and is refused by the price rules.
impl utoipa::PartialSchema for super::listings::Price {
    fn schema() -> RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Number, Type::String, Type::Null]))
            .description(Some("Whole Kenyan shillings, at least 100: a number, or digits with commas as text"))
            .examples([serde_json::json!(1500), serde_json::json!("1,500")])
            .into()
    }
}

impl utoipa::ToSchema for super::listings::Price {}

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
