//! Verified reviews: the e-mailed invitation and the review it allows, a listing's reviews
//! and summary, and the seller's replies from My Account. catalog-svc keeps them and enforces every
//! rule (single-use links, one review per booking, one reply per review, only the seller replies).

use axum::{
    Json,
    extract::{OriginalUri, Path, State},
    http::{HeaderMap, StatusCode},
    response::Response,
};
use mtaani_proto::catalog::v1 as pb;
use mtaani_proto::text::said;
use serde::{Deserialize, Serialize};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    answers::{
        catalog::{RatingJson, ReviewJson},
        iso8601, to_json,
    },
    auth::AuthUser,
    cache::{Cached, cached},
    error::ApiResult,
    extract::{ApiJson, ApiQuery, Paging},
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(invite))
        .routes(routes!(create))
        .routes(routes!(list))
        .routes(routes!(mine))
        .routes(routes!(reply))
}

/// What an invitation's link is for.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ReviewInvite)]
pub struct InviteJson {
    pub service_id: String,
    pub service_name: String,
    pub provider_name: String,
    /// The booking's day and start (Nairobi): `YYYY-MM-DD`, `HH:MM`.
    pub date: String,
    pub time: String,
    /// The customer as their review will show them.
    pub reviewer: String,
    /// Until when the link works.
    pub expires_at: String,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The token from the e-mailed link.
    pub token: Option<String>,
}

/// What a review link is for: the booking's service, provider and date. 400 for a link that is not
/// valid or has expired, 409 once it has been used.
#[utoipa::path(
    get,
    path = "/api/reviews/invite",
    tag = "reviews",
    operation_id = "reviewInvite",
    params(TokenQuery),
    responses(
        (status = 200, description = "The booking to review", body = InviteJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn invite(State(state): State<AppState>, ApiQuery(q): ApiQuery<TokenQuery>) -> ApiResult<Json<InviteJson>> {
    let b = &state.backends;
    let request = pb::ReviewTokenRequest { token: q.token.unwrap_or_default().chars().take(200).collect() };
    let i = b.read(&b.catalog, request, |mut c, r| async move { c.get_review_invite(r).await }).await?;
    Ok(Json(InviteJson {
        service_id: i.listing_id,
        service_name: i.service_name,
        provider_name: i.provider_name,
        date: i.date,
        time: i.time,
        reviewer: i.customer_name,
        expires_at: iso8601(i.expires_at),
    }))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
#[schema(as = NewReview, example = json!({"token": "…", "rating": 5, "text": "On time and lovely work."}))]
pub struct CreateBody {
    /// The token from the e-mailed link (single use).
    pub token: String,
    /// 1 to 5 stars.
    #[schema(minimum = 1, maximum = 5, required = true)]
    pub rating: i64,
    /// Optional, at most 1000 characters.
    pub text: String,
}

/// Writes the review the link allows: 201 with it; 409 when the link was used already; 400 for a
/// link that is not valid or has expired, or a rating outside 1 to 5.
#[utoipa::path(
    post,
    path = "/api/reviews",
    tag = "reviews",
    operation_id = "createReview",
    request_body = CreateBody,
    responses(
        (status = 201, description = "Published", body = ReviewJson),
        super::doc::JsonBodyErrors,
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn create(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<CreateBody>,
) -> ApiResult<(StatusCode, Json<ReviewJson>)> {
    let b = &state.backends;
    let request = pb::CreateReviewRequest {
        token: body.token.chars().take(200).collect(),
        // Out of range stays out of range (catalog-svc answers with the message).
        rating: body.rating.clamp(-1, 6) as i32,
        text: body.text,
    };
    let review = b.catalog.clone().create_review(b.request(request)).await?.into_inner();
    Ok((StatusCode::CREATED, Json(review.into())))
}

/// A listing's reviews with their summary.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Reviews)]
pub struct ReviewsJson {
    pub reviews: Vec<ReviewJson>,
    /// How many in all (pages of `limit`).
    pub total: i64,
    /// The average and count, as on the listing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingJson>,
    /// How many gave 1, 2, 3, 4 and 5 stars (in that order).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<Vec<i64>>,
}

impl From<pb::ListReviewsResponse> for ReviewsJson {
    fn from(r: pb::ListReviewsResponse) -> Self {
        let (rating, distribution) = match r.summary {
            Some(s) => (Some(RatingJson::of(s.count, s.sum)), Some(s.distribution)),
            None => (None, None),
        };
        Self { reviews: r.reviews.into_iter().map(Into::into).collect(), total: r.total, rating, distribution }
    }
}

/// A visible listing's reviews, newest first, with the average, count and distribution.
#[utoipa::path(
    get,
    path = "/api/service/{id}/reviews",
    tag = "reviews",
    operation_id = "serviceReviews",
    params(("id" = String, Path, description = "The listing's `_id`"), super::doc::Page, super::doc::Conditional),
    responses(
        (status = 200, description = "A page of reviews", body = ReviewsJson,
            headers(("ETag" = String), ("Cache-Control" = String))),
        (status = 304, response = super::doc::NotModified),
        (status = 400, response = super::doc::BadRequest),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn list(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<Paging>,
) -> ApiResult<Response> {
    let b = &state.backends;
    let request = pb::ListReviewsRequest { listing_id: id, page: q.page() };
    let fetch = async {
        let r = b.read(&b.catalog, request, |mut c, r| async move { c.list_reviews(r).await }).await?;
        Ok(Cached::new(to_json(&ReviewsJson::from(r))?, None))
    };
    cached(&state, &uri, &headers, fetch).await
}

/// The reviews of the signed-in seller's listings, newest first.
#[utoipa::path(
    get,
    path = "/api/account/reviews",
    tag = "reviews",
    operation_id = "myReviews",
    security(("bearer" = [])),
    params(super::doc::Page),
    responses(
        (status = 200, description = "A page of reviews", body = ReviewsJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        super::doc::ServiceErrors,
    ),
)]
async fn mine(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<Paging>,
) -> ApiResult<Json<ReviewsJson>> {
    user.require_seller(said::only_sellers_answer_reviews())?;
    let b = &state.backends;
    let request = pb::ListSellerReviewsRequest { seller_id: user.id, page: q.page() };
    let r = b.read(&b.catalog, request, |mut c, r| async move { c.list_seller_reviews(r).await }).await?;
    Ok(Json(r.into()))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
#[schema(as = ReviewReplyBody, example = json!({"text": "Thank you, see you next time!"}))]
pub struct ReplyBody {
    /// At most 1000 characters.
    pub text: String,
}

/// The seller answers a review of their listing, once; the reviewer is e-mailed. 409 when already
/// answered.
#[utoipa::path(
    post,
    path = "/api/account/reviews/{id}/reply",
    tag = "reviews",
    operation_id = "replyToReview",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The review's `id`")),
    request_body = ReplyBody,
    responses(
        (status = 200, description = "The review with its reply", body = ReviewJson),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 403, response = super::doc::Forbidden),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn reply(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReplyBody>,
) -> ApiResult<Json<ReviewJson>> {
    user.require_seller(said::only_sellers_answer_reviews())?;
    let b = &state.backends;
    let request = pb::ReplyToReviewRequest { seller_id: user.id, review_id: id, text: body.text };
    Ok(Json(b.catalog.clone().reply_to_review(b.request(request)).await?.into_inner().into()))
}
