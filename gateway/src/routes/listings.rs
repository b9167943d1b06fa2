//! Listings: the public reads of SPEC §7 (`/api/services…`, `/api/subcategory`), one listing by id,
//! and the photos under `/media/…`.

use axum::{
    Json,
    extract::{DefaultBodyLimit, OriginalUri, Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use mtaani_proto::text::said;
use mtaani_proto::{catalog::v1 as pb, places::PLACES};
use serde::{Deserialize, Serialize};

use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use crate::{
    AppState,
    answers::{
        catalog::{ListingPlaceJson, PlaceJson, ServiceJson},
        to_json,
    },
    auth::AuthUser,
    cache::{Cached, cached},
    error::{ApiError, ApiResult, ErrorCode},
    extract::{ApiJson, ApiQuery},
    routes::idempotency_key,
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_services, post_service).layer(DefaultBodyLimit::max(crate::MAX_BODY)))
        .routes(routes!(search_services))
        .routes(routes!(search_scope))
        .routes(routes!(suggest))
        .routes(routes!(list_category))
        .routes(routes!(list_subcategory))
        .routes(routes!(get_service, edit_service, delete_service).layer(DefaultBodyLimit::max(crate::MAX_BODY)))
        .routes(routes!(my_services))
        .routes(routes!(get_media))
}

/// The query parameters of every list (one struct: serde's `flatten` cannot read numbers from a
/// query string).
#[derive(Debug, Default, Deserialize)]
pub struct ListQuery {
    pub location: Option<String>,
    pub subcategory: Option<String>,
    pub query: Option<String>,
    pub sort: Option<String>,
    pub limit: Option<u32>,
    pub offset: Option<u32>,
    /// `LAT,LNG`, a place's id and a radius in km: see `doc::Nearby`. Read as text, so that a bad
    /// value gets its own message.
    pub near: Option<String>,
    #[serde(rename = "placeId")]
    pub place_id: Option<String>,
    #[serde(rename = "radiusKm")]
    pub radius_km: Option<String>,
}

impl ListQuery {
    fn page(&self) -> Option<pb::Page> {
        crate::extract::page(self.limit, self.offset)
    }

    /// Where the visitor is, if they said: `near` (a position), else `placeId`'s centre; a county or
    /// sub-county as `placeId` keeps the listings in it; `radiusKm` keeps those within it.
    fn origin(&self) -> ApiResult<Option<pb::Origin>> {
        let blank = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        let place = match blank(&self.place_id) {
            None => None,
            Some(id) => Some(PLACES.get(&id).ok_or_else(|| ApiError::bad_field("placeId", said::unknown_place()))?),
        };
        let at = match blank(&self.near) {
            Some(near) => Some(
                mtaani_proto::places::parse_position(&near)
                    .ok_or_else(|| ApiError::bad_field("near", said::bad_near()))?,
            ),
            None => place.map(|p| (p.lat, p.lng)),
        };
        let radius_km = match blank(&self.radius_km) {
            None => 0.0,
            Some(r) => r
                .parse::<f64>()
                .ok()
                .filter(|r| (0.0..=mtaani_proto::places::MAX_RADIUS_KM).contains(r))
                .ok_or_else(|| ApiError::bad_field("radiusKm", said::bad_radius_km()))?,
        };
        Ok(at.map(|(lat, lng)| pb::Origin {
            lat,
            lng,
            radius_km,
            area_id: place.filter(|p| !p.holds_listings()).map(|p| p.id.clone()).unwrap_or_default(),
        }))
    }

    /// A list's order: none is the default (nearest first from a place); catalog-svc refuses a
    /// name it does not know, and a blank one is refused here with the same message.
    fn sort(&self) -> ApiResult<String> {
        let from_a_place = self.near.is_some() || self.place_id.is_some();
        self.sort_or(if from_a_place { "distance" } else { "" })
    }

    /// A search's order: none is the best match, from a place too (the visitor asks for "distance").
    fn search_sort(&self) -> ApiResult<String> {
        self.sort_or("")
    }

    fn sort_or(&self, default: &str) -> ApiResult<String> {
        match self.sort.as_deref().map(str::trim) {
            None => Ok(default.into()),
            Some("") => Err(ApiError::bad_field("sort", said::bad_sort())),
            Some(name) => Ok(name.chars().take(20).collect()),
        }
    }
}

/// A JSON array of listings, with the number matching in all as `X-Total-Count`.
fn list_answer(r: pb::ListListingsResponse) -> ApiResult<Cached> {
    let body: Vec<ServiceJson> = r.listings.into_iter().map(Into::into).collect();
    Ok(Cached::new(to_json(&body)?, Some(r.total)))
}

async fn list(state: &AppState, request: pb::ListListingsRequest) -> ApiResult<Cached> {
    let b = &state.backends;
    let r = b.read(&b.catalog, request, |mut c, r| async move { c.list_listings(r).await }).await?;
    list_answer(r)
}

#[utoipa::path(
    get,
    path = "/api/services",
    tag = "listings",
    operation_id = "listServices",
    summary = "Visible listings, featured first then newest; or those in a location (SPEC §7)",
    params(
        ("location" = Option<String>, Query, example = "Kisumu", description = "A town or area; blank for all"),
        super::doc::Page,
        super::doc::Sorting,
        super::doc::Nearby,
        super::doc::Conditional,
    ),
    responses(
        (status = 200, response = super::doc::Listings),
        (status = 304, response = super::doc::NotModified),
        (status = 400, response = super::doc::BadRequest),
        super::doc::ServiceErrors,
    ),
)]
async fn list_services(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    let request = pb::ListListingsRequest {
        location: q.location.clone().unwrap_or_default(),
        page: q.page(),
        sort: q.sort()?,
        origin: q.origin()?,
        ..Default::default()
    };
    cached(&state, &uri, &headers, list(&state, request)).await
}

#[utoipa::path(
    get,
    path = "/api/services/{category_id}",
    tag = "listings",
    operation_id = "listCategory",
    summary = "The listings of one category, none for an unknown one (SPEC §7; the home page asks per category)",
    params(
        ("category_id" = String, Path, example = "hair", description = "A category id, e.g. `hair` or `flowers-gifts`"),
        super::doc::Page,
        super::doc::Sorting,
        super::doc::Nearby,
        super::doc::Conditional,
    ),
    responses(
        (status = 200, response = super::doc::Listings),
        (status = 304, response = super::doc::NotModified),
        (status = 400, response = super::doc::BadRequest),
        super::doc::ServiceErrors,
    ),
)]
async fn list_category(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    Path(category_id): Path<String>,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    let request = pb::ListListingsRequest {
        category: category_id,
        page: q.page(),
        sort: q.sort()?,
        origin: q.origin()?,
        ..Default::default()
    };
    cached(&state, &uri, &headers, list(&state, request)).await
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

#[utoipa::path(
    get,
    path = "/api/subcategory",
    tag = "listings",
    operation_id = "listSubcategory",
    summary = "The listings of one subcategory (SPEC §7)",
    params(
        ("subcategory" = String, Query, example = "/services/hair/braiding",
            description = "`/services/{category}/{subcategory}`"),
        super::doc::Page,
        super::doc::Sorting,
        super::doc::Nearby,
        super::doc::Conditional,
    ),
    responses(
        (status = 200, response = super::doc::Listings),
        (status = 304, response = super::doc::NotModified),
        (status = 400, response = super::doc::BadRequest),
        super::doc::ServiceErrors,
    ),
)]
async fn list_subcategory(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    let raw = q.subcategory.clone().unwrap_or_default();
    if raw.trim().is_empty() {
        return Err(ApiError::bad_request(said::no_subcategory_provided()));
    }
    let (category, subcategory) = parse_subcategory_path(raw.trim())
        .ok_or_else(|| ApiError::bad_request(said::use_subcategory_path("{category}", "{subcategory}")))?;
    let request = pb::ListListingsRequest {
        category,
        subcategory,
        page: q.page(),
        sort: q.sort()?,
        origin: q.origin()?,
        ..Default::default()
    };
    cached(&state, &uri, &headers, list(&state, request)).await
}

#[utoipa::path(
    get,
    path = "/api/services/search",
    tag = "listings",
    operation_id = "searchServices",
    summary = "Search listings by words in their name, description, category and location (SPEC §7)",
    params(
        super::doc::SearchWords,
        super::doc::Page,
        super::doc::SearchSorting,
        super::doc::Nearby,
        super::doc::Conditional,
    ),
    responses(
        (status = 200, response = super::doc::Listings),
        (status = 304, response = super::doc::NotModified),
        (status = 400, response = super::doc::BadRequest),
        super::doc::ServiceErrors,
    ),
)]
async fn search_services(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    let (origin, sort) = (q.origin()?, q.search_sort()?);
    let fetch = async { list_answer(search(&state, q.query.as_deref(), q.page(), origin, sort).await?) };
    cached(&state, &uri, &headers, fetch).await
}

/// catalog-svc's search of `words` (the first 200 characters), in the order `sort` names ("": the
/// best match).
async fn search(
    state: &AppState,
    words: Option<&str>,
    page: Option<pb::Page>,
    origin: Option<pb::Origin>,
    sort: String,
) -> ApiResult<pb::ListListingsResponse> {
    let query = words.unwrap_or_default().chars().take(200).collect();
    let request = pb::SearchListingsRequest { query, page, origin, sort };
    let b = &state.backends;
    b.read(&b.catalog, request, |mut c, r| async move { c.search_listings(r).await }).await.map_err(Into::into)
}

/// How a search's words were read: the place they name, which filters the search, and the
/// other words; whether nothing there has them all, so that the search answers the nearest matches
/// anywhere instead ("No massage in Nairobi yet. The nearest:").
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SearchScope, example = json!({"place": {"id": "nairobi", "name": "Nairobi", "ward": null,
    "subCounty": null, "county": "Nairobi"}, "words": "massage", "nearby": true, "total": 2,
    "wanted": {"kind": "beauty/asmr-massage", "words": "massage", "noneOfIt": false}}))]
struct SearchScopeJson {
    /// The place the words named; `null` when they named none.
    place: Option<ListingPlaceJson>,
    /// The words looked for in the listings, as read (lower case, without the place and such words as
    /// "in").
    words: String,
    /// True when no listing in `place` matched every word: the search answers the nearest matches.
    nearby: bool,
    /// How many listings the search answers in all.
    total: i64,
    /// The kind of service the words name outright ("kinyozi": a barber); `null` when they name none.
    wanted: Option<SearchWantedJson>,
}

/// The kind of service a search's words name outright, and whether anything of it is listed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SearchWanted)]
struct SearchWantedJson {
    /// A subcategory ("hair/braiding"), a category ("photography"), or a kind Mtaani has no
    /// subcategory for ("barber").
    kind: String,
    /// The words that named it, as read ("kinyozi").
    words: String,
    /// True when nothing of that kind is listed: the search answers what is nearest in meaning
    /// ("No kinyozi listed yet. Close to it:").
    none_of_it: bool,
}

#[utoipa::path(
    get,
    path = "/api/services/search/scope",
    tag = "listings",
    operation_id = "searchScope",
    summary = "How /api/services/search reads its words: the place they name and the rest",
    params(
        super::doc::SearchWords,
        super::doc::Nearby,
        super::doc::Conditional,
    ),
    responses(
        (status = 200, description = "How the words were read", body = SearchScopeJson,
            headers(("ETag" = String), ("Cache-Control" = String))),
        (status = 304, response = super::doc::NotModified),
        (status = 400, response = super::doc::BadRequest),
        super::doc::ServiceErrors,
    ),
)]
async fn search_scope(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    let origin = q.origin()?;
    let fetch = async {
        // The search itself, one listing long: its answer says how the words were read.
        let r = search(&state, q.query.as_deref(), crate::extract::page(Some(1), None), origin, String::new()).await?;
        let scope = SearchScopeJson {
            place: ListingPlaceJson::of(&r.place_id),
            words: r.words,
            nearby: r.nearby,
            total: r.total,
            wanted: (!r.wanted.is_empty()).then_some(SearchWantedJson {
                kind: r.wanted,
                words: r.wanted_words,
                none_of_it: r.none_of_it,
            }),
        };
        Ok(Cached::new(to_json(&scope)?, None))
    };
    cached(&state, &uri, &headers, fetch).await
}

/// The search box's suggestions while typing: listings, categories and places.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Suggestions)]
struct SuggestionsJson {
    /// At most 5 listings, as the search ranks them.
    listings: Vec<SuggestedListingJson>,
    /// At most 3 categories or subcategories the words name or mean ("kucha": beauty / nails).
    categories: Vec<SuggestedCategoryJson>,
    /// At most 3 places.
    places: Vec<PlaceJson>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SuggestedListing, example = json!({"id": "0193a2b4-…", "name": "Gel & Acrylic Nail Studio",
    "category": "beauty", "subcategory": "nails", "place": "Parklands"}))]
struct SuggestedListingJson {
    id: String,
    name: String,
    category: String,
    subcategory: String,
    /// Its place's name; `null` without one.
    place: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SuggestedCategory, example = json!({"category": "beauty", "subcategory": "nails"}))]
struct SuggestedCategoryJson {
    category: &'static str,
    /// `null`: the whole category.
    subcategory: Option<&'static str>,
}

/// Suggestions are made from two letters typed.
const SUGGEST_FROM_CHARS: usize = 2;

#[utoipa::path(
    get,
    path = "/api/services/suggest",
    tag = "listings",
    operation_id = "suggest",
    summary = "What the search box suggests while typing: listings, categories and places",
    params(
        ("query" = Option<String>, Query, example = "manic",
            description = "What is typed so far (the first 100 characters); under two letters, nothing is suggested"),
        super::doc::Conditional,
    ),
    responses(
        (status = 200, description = "The suggestions", body = SuggestionsJson,
            headers(("ETag" = String), ("Cache-Control" = String))),
        (status = 304, response = super::doc::NotModified),
        super::doc::ServiceErrors,
    ),
)]
async fn suggest(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    let typed: String = q.query.as_deref().unwrap_or_default().trim().chars().take(100).collect();
    let fetch = async {
        let mut answer = SuggestionsJson { listings: Vec::new(), categories: Vec::new(), places: Vec::new() };
        if typed.chars().filter(|c| c.is_alphanumeric()).count() >= SUGGEST_FROM_CHARS {
            let r = search(&state, Some(&typed), crate::extract::page(Some(5), None), None, String::new()).await?;
            answer.listings = r
                .listings
                .into_iter()
                .map(|l| SuggestedListingJson {
                    place: PLACES.get(&l.place_id).map(|p| p.name.clone()),
                    id: l.id,
                    name: l.name,
                    category: l.category,
                    subcategory: l.subcategory,
                })
                .collect();
            answer.categories = mtaani_proto::naming::suggest(&typed, 3)
                .into_iter()
                .map(|(c, s)| SuggestedCategoryJson { category: c.id, subcategory: s.map(|s| s.slug) })
                .collect();
            // Places as typed, without the typo a place picker forgives: "kuch" is nails, not Ruchu.
            let folded = mtaani_proto::places::fold(&typed);
            let begins = |p: &&mtaani_proto::places::Place| {
                let named = mtaani_proto::places::fold(&format!("{} {} {}", p.name, p.sub_county, p.county));
                folded.split(' ').all(|t| named.split(' ').any(|w| w.starts_with(t)))
            };
            answer.places = PLACES.search(&typed, 10).into_iter().filter(begins).take(3).map(Into::into).collect();
        }
        Ok(Cached::new(to_json(&answer)?, None))
    };
    cached(&state, &uri, &headers, fetch).await
}

#[utoipa::path(
    get,
    path = "/api/service/{id}",
    tag = "listings",
    operation_id = "getService",
    summary = "One visible listing",
    params(
        ("id" = String, Path, description = "The listing's `_id`"),
        super::doc::Conditional,
    ),
    responses(
        (status = 200, description = "The listing", body = ServiceJson,
            headers(("ETag" = String), ("Cache-Control" = String))),
        (status = 304, response = super::doc::NotModified),
        (status = 400, response = super::doc::BadRequest),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn get_service(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let b = &state.backends;
    let request = pb::GetListingRequest { id };
    let fetch = async {
        let listing = b.read(&b.catalog, request, |mut c, r| async move { c.get_listing(r).await }).await?;
        Ok(Cached::new(to_json(&ServiceJson::from(listing))?, None))
    };
    cached(&state, &uri, &headers, fetch).await
}

/// A listing's photo, as its `media[].data` (gallery) or `media[].thumbnail` (card) URL names it.
///
/// Photos are stored under unique keys and never change: browsers and proxies may keep them a year.
#[utoipa::path(
    get,
    // A wildcard, as the router takes it: `routes!` registers this path; the document writes it
    // `/media/{key}` (openapi.rs, `finish`).
    path = "/media/{*key}",
    tag = "listings",
    operation_id = "getMedia",
    params(("key" = String, Path, description = "The photo's key: the rest of the path after `/media/`")),
    responses(
        (status = 200, description = "The photo (WebP)", content_type = "image/webp", body = [u8],
            headers(("Cache-Control" = String))),
        (status = 400, response = super::doc::BadRequest),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
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
#[derive(Debug, Default, Deserialize, Serialize)]
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
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[schema(as = Photo)]
pub enum ImageBody {
    DataUrl(String),
    Named {
        data: String,
        #[serde(default)]
        name: String,
    },
}

/// A listing as a seller posts or edits it (SPEC §3 "Service creation payload"); the photos are
/// JPEG, PNG or WebP files as data URLs, at most 5 MB each, as many as the seller's package allows.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = ServiceInput, example = json!({"name": "Knotless Braids by Amina", "images": [super::doc::PHOTO_1X1],
    "minPrice": 1500, "maxPrice": "4,500", "location": "Kilimani, Nairobi", "phoneNumber": "0712 345 678",
    "category": "hair", "subcategory": "braiding",
    "description": "Neat knotless braids that last, gentle on your edges. By appointment."}))]
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
    /// How long one booking takes: 30 to 600 minutes in steps of 30 (default 60).
    #[schema(minimum = 30, maximum = 240, multiple_of = 30)]
    pub duration_minutes: Option<i64>,
    /// Optional: how to find the provider once in the area, at most 300 characters once trimmed;
    /// `""` removes them. Left out: none for a new listing, and an edit keeps the listing's own.
    // No `maxLength`, as for `description`: the limit counts the trimmed text, which a schema cannot
    // say, and catalog-svc answers it per field.
    pub directions: Option<String>,
    /// Optional: the provider's ward or estate, a place's `id` from `GET /api/places`; `""` or left
    /// out: the one place the location text names, if it names one (an edit that leaves it out and
    /// keeps its location keeps its place).
    pub place_id: Option<String>,
    /// Optional: how far the provider travels to customers (`travel_distances`).
    #[schema(schema_with = travel_distances)]
    pub serves_radius_km: Option<i64>,
    /// Optional: the service menu, 0 to 30 services, each with its name (2 to 80 characters), price
    /// (100 to 10,000,000 Ksh) and length (30 to 600 minutes in steps of 30). With services,
    /// `minPrice` and `maxPrice` are left out (or ignored): the cheapest and the dearest service
    /// price the listing. `[]` removes the menu; left out: none for a new listing, and an edit keeps
    /// the listing's own. An option sent with the `id` of one of the listing's keeps it.
    #[schema(max_items = 30)]
    pub options: Option<Vec<ServiceOptionBody>>,
}

/// One service on the menu as a seller writes it.
#[derive(Debug, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = ServiceOptionInput, example = json!({"name": "Knotless, shoulder length", "priceKsh": 2500,
    "durationMinutes": 180}))]
pub struct ServiceOptionBody {
    /// The option's `id` when it is one already on the listing's menu; left out for a new one.
    pub id: Option<String>,
    pub name: String,
    /// Whole shillings, 100 to 10,000,000.
    pub price_ksh: Price,
    #[schema(minimum = 30, maximum = 600, multiple_of = 30, required = true)]
    pub duration_minutes: i64,
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
            // Out of the 32-bit range is as wrong as 45: catalog-svc refuses both with its message.
            duration_minutes: match self.duration_minutes {
                None => 0,
                Some(d) if d > 0 => i32::try_from(d).unwrap_or(-1),
                Some(_) => -1,
            },
            directions: self.directions,
            place_id: self.place_id,
            // Out of the 32-bit range is as wrong as 51: catalog-svc refuses both with its message.
            serves_radius_km: self.serves_radius_km.map(|km| i32::try_from(km).unwrap_or(-1)),
            menu: self.options.map(|options| pb::ListingMenu {
                options: options
                    .into_iter()
                    .map(|o| pb::ListingOption {
                        id: o.id.unwrap_or_default(),
                        name: o.name,
                        price_ksh: o.price_ksh.shillings(),
                        // Out of the 32-bit range is as wrong as 45: catalog-svc refuses both.
                        duration_minutes: i32::try_from(o.duration_minutes).unwrap_or(-1),
                    })
                    .collect(),
            }),
        }
    }
}

/// The caller's package, as accounts-svc says it is now; only a seller with an active package passes.
async fn seller(state: &AppState, user: &AuthUser) -> ApiResult<pb::Seller> {
    user.require_seller(said::only_sellers_post_services())?;
    let b = &state.backends;
    let request = mtaani_proto::accounts::v1::GetSellerEntitlementRequest { user_id: user.id.clone() };
    let e = b.read(&b.accounts, request, |mut c, r| async move { c.get_seller_entitlement(r).await }).await?;
    if !e.is_seller {
        return Err(ApiError::new(StatusCode::FORBIDDEN, said::only_sellers_post_services()));
    }
    if e.suspended {
        return Err(ApiError::fixed(StatusCode::FORBIDDEN, ErrorCode::Suspended));
    }
    if !e.can_post {
        return Err(ApiError::new(StatusCode::FORBIDDEN, said::package_not_active()));
    }
    Ok(pb::Seller {
        user_id: e.user_id,
        package_id: e.package_id,
        package_name: e.package_name,
        photo_uploads: e.photo_uploads,
        featured: e.featured,
        user_name: e.user_name,
    })
}

// The session is checked after the body is read: answering a large upload before reading it makes
// the connection close under the client (and under nginx in front), which turns a 401 into a 502.
#[utoipa::path(
    post,
    path = "/api/services",
    tag = "listings",
    operation_id = "postService",
    summary = "Post a listing with its photos (SPEC §7; sellers with an active package)",
    params(super::doc::Idempotency),
    request_body = ServiceBody,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Posted", body = ServiceJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn post_service(
    State(state): State<AppState>,
    user: Result<AuthUser, ApiError>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ServiceBody>,
) -> ApiResult<(StatusCode, Json<ServiceJson>)> {
    let seller = seller(&state, &user?).await?;
    let input = body.into_input();
    let b = &state.backends;
    let photos = input.images.len();
    let request = pb::CreateListingRequest {
        seller: Some(seller),
        input: Some(input),
        idempotency_key: idempotency_key(&headers),
    };
    let created = b.catalog_long.clone().create_listing(b.upload_request(request, photos)).await;
    state.cache.invalidate();
    Ok((StatusCode::CREATED, Json(created?.into_inner().into())))
}

#[utoipa::path(
    put,
    path = "/api/service/{id}",
    tag = "listings",
    operation_id = "editService",
    summary = "Change one of the seller's own listings: its fields, the photos kept and new ones",
    params(("id" = String, Path, description = "The listing's `_id`")),
    request_body = ServiceBody,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Changed", body = ServiceJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn edit_service(
    State(state): State<AppState>,
    user: Result<AuthUser, ApiError>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ServiceBody>,
) -> ApiResult<Json<ServiceJson>> {
    let seller = seller(&state, &user?).await?;
    let b = &state.backends;
    let input = body.into_input();
    let photos = input.images.len();
    let request = pb::UpdateListingRequest { id, seller: Some(seller), input: Some(input) };
    let updated = b.catalog_long.clone().update_listing(b.upload_request(request, photos)).await;
    state.cache.invalidate();
    Ok(Json(updated?.into_inner().into()))
}

/// The signed-in seller's own listings, hidden ones included (My Account).
#[utoipa::path(
    get,
    path = "/api/account/services",
    tag = "listings",
    operation_id = "myServices",
    params(
        super::doc::Page,
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The seller's listings, newest first", body = [ServiceJson],
            headers(("X-Total-Count" = i64), ("Cache-Control" = String))),
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn my_services(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Response> {
    user.require_seller(said::only_sellers_post_services())?;
    let b = &state.backends;
    let request = pb::ListSellerListingsRequest { seller_id: user.id, page: q.page() };
    let r = b.read(&b.catalog, request, |mut c, r| async move { c.list_seller_listings(r).await }).await?;
    let answer = list_answer(r)?;
    let mut response = answer.respond(&HeaderMap::new());
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
    Ok(response)
}

/// Delete one of the caller's own listings, with its photos.
#[utoipa::path(
    delete,
    path = "/api/service/{id}",
    tag = "listings",
    operation_id = "deleteService",
    params(("id" = String, Path, description = "The listing's `_id`")),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn delete_service(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let b = &state.backends;
    // The seller's name, for the audit log.
    let me = mtaani_proto::accounts::v1::GetMeRequest { user_id: user.id.clone() };
    let me = b.read(&b.accounts, me, |mut c, r| async move { c.get_me(r).await }).await?;
    let seller_name = me.user.map(|u| u.user_name).unwrap_or_default();
    let request = pb::DeleteListingRequest { id, seller_id: user.id, seller_name };
    let deleted = b.catalog.clone().delete_listing(b.request(request)).await;
    // Whatever the answer (a deadline may pass after the commit), nothing cached may outlive it.
    state.cache.invalidate();
    deleted?;
    Ok(StatusCode::NO_CONTENT)
}

/// A price is sent as a number or as the text of a form field (`"1,500"`); anything unreadable
/// counts as 0 and is refused by the price rules.
impl utoipa::PartialSchema for Price {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Number, Type::String, Type::Null]))
            .description(Some("Whole Kenyan shillings, at least 100: a number, or digits with commas as text"))
            .examples([serde_json::json!(1500), serde_json::json!("1,500")])
            .into()
    }
}

impl utoipa::ToSchema for Price {}

/// The distances a provider may travel, as the OpenAPI document's enum (the listing rules').
fn travel_distances() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::Integer)
        .description(Some(
            "Optional: how far the provider travels to customers, in km, one of the distances the form \
             offers (0: they do not). Left out: 0 for a new listing, and an edit keeps the listing's own.",
        ))
        .enum_values(Some(mtaani_proto::listing_rules::RULES.serves_radius_km.iter().copied()))
        .build()
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
}
