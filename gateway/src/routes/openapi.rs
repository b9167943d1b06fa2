//! `GET /api/openapi.json`: the REST API described from the handlers' own annotations
//! (`#[utoipa::path]` on each handler, `ToSchema` on its request and answer types), so the document
//! changes with the code. The router is built from the same annotations (`routes!`, routes/mod.rs):
//! a route cannot be served undocumented nor documented unserved.

use std::sync::OnceLock;

use axum::{
    body::Bytes,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use utoipa::{
    Modify, OpenApi,
    openapi::{
        RefOr,
        security::{Http, HttpAuthScheme, SecurityScheme},
    },
};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, routes::doc::*};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(openapi_json))
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Mtaani API",
        description = "The REST API of Mtaani, the Kenyan services marketplace: listings, search, sellers' \
                       accounts and M-Pesa payments, appointments and the contact form. Every error is JSON \
                       `{\"message\": string, \"errors\"?: {field: string}}`, in Kiswahili when the \
                       request's `Accept-Language` prefers `sw` (English otherwise; `Content-Language` says \
                       which, with `Vary: Accept-Language`). A booking, a registration, a contact message and \
                       a password reset keep that language for the e-mails and SMS they bring.",
        license(name = "UNLICENSED", identifier = "UNLICENSED"),
    ),
    components(
        schemas(crate::error::ErrorBody, Sort),
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
    modifiers(&BearerScheme),
    tags(
        (name = "listings", description = "Services on offer, their photos, and sellers' own listings"),
        (name = "places", description = "Kenya's counties, sub-counties, wards and estates: the place picker and Near me"),
        (name = "accounts", description = "Seller packages, registration, sign-in and password reset"),
        (name = "appointments", description = "Booking a slot, and the provider's answers"),
        (name = "team", description = "A provider's team: members with their own diaries"),
        (name = "contact", description = "The contact form"),
        (name = "payments", description = "Seller packages paid with M-Pesa"),
        (name = "meta", description = "Health and this document"),
        (name = "reports", description = "Reporting a listing to Mtaani's team"),
        (name = "reviews", description = "Verified reviews: only from a booking that took place"),
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

/// What is done to the whole document once every area is in it: a wildcard the router takes
/// (`/media/{*key}`) written as the path parameter OpenAPI knows (`/media/{key}`), plain
/// parameters, and no default that its own schema refuses.
pub(super) fn finish(doc: &mut utoipa::openapi::OpenApi) {
    let paths = std::mem::take(&mut doc.paths.paths);
    doc.paths.paths = paths.into_iter().map(|(path, item)| (path.replace("{*", "{"), item)).collect();
    PlainParameters.modify(doc);
    for schema in doc.components.iter_mut().flat_map(|c| c.schemas.values_mut()) {
        if let RefOr::T(schema) = schema {
            drop_refused_defaults(schema);
        }
    }
}

/// A request type read with `#[serde(default)]` (so that a missing field is answered with the
/// spec's "… is required" rather than serde's own words) gets each field's `Default` as its schema's
/// `default`: `0` for a capacity of 1 to 20, `""` for a required name, `null` for the weekly plan. A
/// generated client would send those, and the service would refuse them; such a default is dropped,
/// the ones the schema accepts (`limit`, `instantBooking`) stay.
fn drop_refused_defaults(schema: &mut utoipa::openapi::Schema) {
    use utoipa::openapi::schema::{ArrayItems, Schema};
    let inner: Vec<&mut RefOr<Schema>> = match schema {
        Schema::Object(object) => {
            let keywords = serde_json::to_value(&*object).expect("a schema serializes");
            if let (Some(keywords), Some(default)) = (keywords.as_object(), &object.default)
                && refuses(keywords, default)
            {
                object.default = None;
            }
            object.properties.values_mut().collect()
        }
        Schema::Array(array) => match &mut array.items {
            ArrayItems::RefOrSchema(items) => vec![items.as_mut()],
            ArrayItems::False => vec![],
        },
        Schema::AllOf(all) => all.items.iter_mut().collect(),
        Schema::OneOf(one) => one.items.iter_mut().collect(),
        Schema::AnyOf(any) => any.items.iter_mut().collect(),
        _ => vec![],
    };
    for schema in inner {
        if let RefOr::T(schema) = schema {
            drop_refused_defaults(schema);
        }
    }
}

/// Whether the schema keywords beside `default` refuse it: its type, length, range or enumeration.
fn refuses(schema: &serde_json::Map<String, serde_json::Value>, default: &serde_json::Value) -> bool {
    use serde_json::Value;
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    let kind = match default {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let typed = types.is_empty() || types.contains(&kind) || (kind == "integer" && types.contains(&"number"));
    let bound = |key: &str| schema.get(key).and_then(Value::as_f64);
    let short = default.as_str().zip(bound("minLength")).is_some_and(|(s, min)| (s.chars().count() as f64) < min);
    let long = default.as_str().zip(bound("maxLength")).is_some_and(|(s, max)| (s.chars().count() as f64) > max);
    let low = default.as_f64().zip(bound("minimum")).is_some_and(|(n, min)| n < min);
    let high = default.as_f64().zip(bound("maximum")).is_some_and(|(n, max)| n > max);
    let unlisted = schema.get("enum").and_then(Value::as_array).is_some_and(|e| !e.contains(default));
    !typed || short || long || low || high || unlisted
}

/// The document as JSON, built once.
pub fn document_json() -> &'static Bytes {
    static JSON: OnceLock<Bytes> = OnceLock::new();
    JSON.get_or_init(|| {
        let json = super::document().to_json().expect("the OpenAPI document serializes");
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
