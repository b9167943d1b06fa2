//! Listings: the public reads of SPEC §7 (`/api/services…`, `/api/subcategory`), one listing by id,
//! and the photos under `/media/…`.

use axum::{
    Json, Router,
    extract::{DefaultBodyLimit, Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use mtaani_proto::catalog::v1 as pb;
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiError, ApiResult},
    extract::{ApiJson, ApiQuery},
    routes::idempotency_key,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/services", get(list_services).post(post_service).layer(DefaultBodyLimit::max(crate::MAX_BODY)))
        .route("/api/services/search", get(search_services))
        .route("/api/services/{category_id}", get(list_category))
        .route("/api/subcategory", get(list_subcategory))
        .route(
            "/api/service/{id}",
            get(get_service).put(edit_service).delete(delete_service).layer(DefaultBodyLimit::max(crate::MAX_BODY)),
        )
        .route("/api/account/services", get(my_services))
        .route("/media/{*key}", get(get_media))
}

/// A listing as the web app reads it (SPEC §3 "Service (as read from the server)").
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceJson {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub min_price: i64,
    pub max_price: i64,
    pub location: String,
    pub phone_number: String,
    pub category: String,
    pub subcategory: String,
    pub description: String,
    pub media: Vec<MediaJson>,
    pub featured: bool,
    pub seller_id: String,
    pub created_at: String,
}

#[derive(Debug, Serialize)]
pub struct MediaJson {
    #[serde(rename = "type")]
    pub kind: String,
    /// The gallery-size image URL.
    pub data: String,
    /// The card-size image URL.
    pub thumbnail: String,
    pub width: i32,
    pub height: i32,
}

impl From<pb::Listing> for ServiceJson {
    fn from(l: pb::Listing) -> Self {
        Self {
            id: l.id,
            name: l.name,
            min_price: l.min_price,
            max_price: l.max_price,
            location: l.location,
            phone_number: l.phone_number,
            category: l.category,
            subcategory: l.subcategory,
            description: l.description,
            media: l
                .media
                .into_iter()
                .map(|m| MediaJson {
                    kind: m.r#type,
                    data: m.url,
                    thumbnail: m.thumbnail_url,
                    width: m.width,
                    height: m.height,
                })
                .collect(),
            featured: l.featured,
            seller_id: l.seller_id,
            created_at: iso8601(l.created_at),
        }
    }
}

/// Unix seconds as an RFC 3339 UTC timestamp.
pub fn iso8601(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0).unwrap_or_default().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The query parameters of every list (one struct: serde's `flatten` cannot read numbers from a
/// query string).
#[derive(Debug, Default, Deserialize)]
pub struct ListQuery {
    pub location: Option<String>,
    pub subcategory: Option<String>,
    pub query: Option<String>,
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

impl ListQuery {
    fn page(&self) -> Option<pb::Page> {
        Some(pb::Page {
            limit: self.limit.map_or(0, |l| l.min(1000) as i32),
            offset: self.offset.map_or(0, |o| o.min(1_000_000) as i32),
        })
    }
}

/// A JSON array of listings, with the number matching in all as `X-Total-Count`.
fn list_response(r: pb::ListListingsResponse) -> Response {
    let mut headers = HeaderMap::new();
    headers.insert("x-total-count", HeaderValue::from(r.total));
    let body: Vec<ServiceJson> = r.listings.into_iter().map(Into::into).collect();
    (headers, Json(body)).into_response()
}

async fn list(state: &AppState, request: pb::ListListingsRequest) -> ApiResult<Response> {
    let b = &state.backends;
    let r = b.read(&b.catalog, request, |mut c, r| async move { c.list_listings(r).await }).await?;
    Ok(list_response(r))
}

async fn list_services(State(state): State<AppState>, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult<Response> {
    let request = pb::ListListingsRequest {
        location: q.location.clone().unwrap_or_default(),
        page: q.page(),
        ..Default::default()
    };
    list(&state, request).await
}

async fn list_category(
    State(state): State<AppState>,
    Path(category_id): Path<String>,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    let request = pb::ListListingsRequest { category: category_id, page: q.page(), ..Default::default() };
    list(&state, request).await
}

/// `/services/{category}/{subcategory}` (as SPEC §7 sends it) into its two parts.
fn parse_subcategory_path(path: &str) -> Option<(String, String)> {
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    match parts.as_slice() {
        ["services", category, subcategory] => Some((category.to_lowercase(), subcategory.to_lowercase())),
        [category, subcategory] if *category != "services" => {
            Some((category.to_lowercase(), subcategory.to_lowercase()))
        }
        _ => None,
    }
}

async fn list_subcategory(State(state): State<AppState>, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult<Response> {
    let raw = q.subcategory.clone().unwrap_or_default();
    if raw.trim().is_empty() {
        return Err(ApiError::bad_request("No subcategory provided."));
    }
    let (category, subcategory) = parse_subcategory_path(raw.trim())
        .ok_or_else(|| ApiError::bad_request("Use subcategory=/services/{category}/{subcategory}."))?;
    let request = pb::ListListingsRequest { category, subcategory, page: q.page(), ..Default::default() };
    list(&state, request).await
}

async fn search_services(State(state): State<AppState>, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult<Response> {
    let query: String = q.query.as_deref().unwrap_or_default().chars().take(200).collect();
    let request = pb::SearchListingsRequest { query, page: q.page() };
    let b = &state.backends;
    let r = b.read(&b.catalog, request, |mut c, r| async move { c.search_listings(r).await }).await?;
    Ok(list_response(r))
}

async fn get_service(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<ServiceJson>> {
    let b = &state.backends;
    let request = pb::GetListingRequest { id };
    let listing = b.read(&b.catalog, request, |mut c, r| async move { c.get_listing(r).await }).await?;
    Ok(Json(listing.into()))
}

/// Photos are stored under unique keys and never change: browsers and proxies may keep them a year.
async fn get_media(State(state): State<AppState>, Path(key): Path<String>) -> ApiResult<Response> {
    let b = &state.backends;
    let request = pb::GetMediaRequest { key };
    let media = b.read(&b.catalog, request, |mut c, r| async move { c.get_media(r).await }).await?;
    let content_type = HeaderValue::from_str(&media.content_type)
        .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"));
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable")),
        ],
        media.data,
    )
        .into_response())
}

/// A price as a number, or as the digits a form field holds.
#[derive(Debug, Default, Deserialize)]
#[serde(untagged)]
pub enum Price {
    #[default]
    Missing,
    Whole(i64),
    Fraction(f64),
    Text(String),
}

impl Price {
    /// Whole shillings; anything unreadable is 0, which the price rules refuse with their message.
    fn shillings(&self) -> i64 {
        match self {
            Price::Missing => 0,
            Price::Whole(n) => *n,
            Price::Fraction(f) if f.is_finite() => f.round() as i64,
            Price::Fraction(_) => 0,
            Price::Text(t) => {
                t.trim().replace(',', "").parse::<f64>().map_or(0, |f| if f.is_finite() { f.round() as i64 } else { 0 })
            }
        }
    }
}

/// A photo as SPEC §3 sends it (a data-URL string), or with its file name.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum ImageBody {
    DataUrl(String),
    Named {
        data: String,
        #[serde(default)]
        name: String,
    },
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ServiceBody {
    pub name: String,
    pub images: Vec<ImageBody>,
    pub min_price: Price,
    pub max_price: Price,
    pub location: String,
    pub phone_number: String,
    pub category: String,
    pub subcategory: String,
    pub description: String,
    /// Editing: the photos already stored that stay (their `data` URLs).
    pub keep_media: Vec<String>,
}

impl ServiceBody {
    fn into_input(self) -> pb::ListingInput {
        let images = self
            .images
            .into_iter()
            .map(|i| match i {
                ImageBody::DataUrl(data_url) => pb::PhotoUpload { data_url, file_name: String::new() },
                ImageBody::Named { data, name } => pb::PhotoUpload { data_url: data, file_name: name },
            })
            .collect();
        pb::ListingInput {
            name: self.name,
            min_price: self.min_price.shillings(),
            max_price: self.max_price.shillings(),
            location: self.location,
            phone_number: self.phone_number,
            category: self.category,
            subcategory: self.subcategory,
            description: self.description,
            images,
            keep_media: self.keep_media,
        }
    }
}

pub const ONLY_SELLERS: &str = "Only sellers can post services";
pub const NOT_ACTIVE: &str = "Your seller package is not active. Renew it from My Account to post services.";

/// The caller's package, as accounts-svc says it is now; only a seller with an active package passes.
async fn seller(state: &AppState, user: &AuthUser) -> ApiResult<pb::Seller> {
    user.require_seller(ONLY_SELLERS)?;
    let b = &state.backends;
    let request = mtaani_proto::accounts::v1::GetSellerEntitlementRequest { user_id: user.id.clone() };
    let e = b.read(&b.accounts, request, |mut c, r| async move { c.get_seller_entitlement(r).await }).await?;
    if !e.is_seller {
        return Err(ApiError::new(StatusCode::FORBIDDEN, ONLY_SELLERS));
    }
    if !e.can_post {
        return Err(ApiError::new(StatusCode::FORBIDDEN, NOT_ACTIVE));
    }
    Ok(pb::Seller {
        user_id: e.user_id,
        package_id: e.package_id,
        package_name: e.package_name,
        photo_uploads: e.photo_uploads,
        featured: e.featured,
    })
}

// The session is checked after the body is read: answering a large upload before reading it makes
// the connection close under the client (and under nginx in front), which turns a 401 into a 502.
async fn post_service(
    State(state): State<AppState>,
    user: Result<AuthUser, ApiError>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ServiceBody>,
) -> ApiResult<(StatusCode, Json<ServiceJson>)> {
    let seller = seller(&state, &user?).await?;
    let input = body.into_input();
    let b = &state.backends;
    let request = pb::CreateListingRequest {
        seller: Some(seller),
        input: Some(input),
        idempotency_key: idempotency_key(&headers),
    };
    let listing = b.catalog.clone().create_listing(b.request(request)).await?.into_inner();
    Ok((StatusCode::CREATED, Json(listing.into())))
}

async fn edit_service(
    State(state): State<AppState>,
    user: Result<AuthUser, ApiError>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ServiceBody>,
) -> ApiResult<Json<ServiceJson>> {
    let seller = seller(&state, &user?).await?;
    let b = &state.backends;
    let request = pb::UpdateListingRequest { id, seller: Some(seller), input: Some(body.into_input()) };
    let listing = b.catalog.clone().update_listing(b.request(request)).await?.into_inner();
    Ok(Json(listing.into()))
}

/// The signed-in seller's own listings, hidden ones included (My Account).
async fn my_services(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    user.require_seller(ONLY_SELLERS)?;
    let b = &state.backends;
    let request = pb::ListSellerListingsRequest { seller_id: user.id, page: q.page() };
    let r = b.read(&b.catalog, request, |mut c, r| async move { c.list_seller_listings(r).await }).await?;
    Ok(list_response(r))
}

async fn delete_service(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let b = &state.backends;
    let request = pb::DeleteListingRequest { id, seller_id: user.id };
    b.catalog.clone().delete_listing(b.request(request)).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subcategory_paths_parse() {
        assert_eq!(parse_subcategory_path("/services/hair/braiding"), Some(("hair".into(), "braiding".into())));
        assert_eq!(parse_subcategory_path("services/Hair/Braiding/"), Some(("hair".into(), "braiding".into())));
        assert_eq!(parse_subcategory_path("hair/braiding"), Some(("hair".into(), "braiding".into())));
        assert_eq!(parse_subcategory_path("/services/hair"), None);
        assert_eq!(parse_subcategory_path("/a/b/c/d"), None);
    }

    #[test]
    fn prices_read_from_numbers_and_form_text() {
        let p = |j: &str| serde_json::from_str::<Price>(j).unwrap().shillings();
        assert_eq!(
            [p("1500"), p("1500.4"), p("\"1,500\""), p("\" 2500 \""), p("\"abc\""), p("null")],
            [1500, 1500, 1500, 2500, 0, 0]
        );
    }

    #[test]
    fn timestamps_are_rfc3339_utc() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso8601(1_763_715_600), "2025-11-21T09:00:00Z");
    }
}
