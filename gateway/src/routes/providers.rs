//! A provider's public page: `GET /api/providers/{id}`, the id being the listings'
//! `sellerId`. Only what is public already: the name, the towns of their listings, their rating over
//! all of them, their working week, and their visible listings. A provider with nothing visible
//! (unknown, suspended, deleted, or a package that lapsed) is not found.

use mtaani_proto::text::said;
use std::collections::BTreeMap;

use axum::{
    Json,
    extract::{Path, State},
};
use mtaani_proto::{accounts::v1 as accounts, booking::v1 as booking, catalog::v1 as catalog};
use serde::Serialize;
use tonic::Code;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    answers::{
        booking::HoursJson,
        catalog::{RatingJson, ServiceJson},
    },
    backends::Backends,
    error::{ApiError, ApiResult},
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(provider)).routes(routes!(listing_provider))
}

/// A provider as visitors see them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Provider)]
pub struct ProviderJson {
    /// The listings' `sellerId`.
    pub id: String,
    pub name: String,
    /// The towns their listings are in (the part after the last comma of each location), A to Z.
    pub towns: Vec<String>,
    /// Over all their visible listings' verified reviews.
    pub rating: RatingJson,
    /// `mon` … `sun`: the working intervals of each day (`["HH:MM", "HH:MM"]`, Nairobi time); a day
    /// with none is closed.
    #[schema(value_type = std::collections::HashMap<String, Vec<Vec<String>>>)]
    pub hours: BTreeMap<String, Vec<(String, String)>>,
    /// Their visible listings, featured first then newest.
    pub listings: Vec<ServiceJson>,
}

/// Who offers a listing, and when they work: what its page says under the title ("Open today
/// 9:00 AM – 7:00 PM", "Closed today · opens Monday 9:00 AM"), reckoned by the page from Nairobi's
/// clock, so that a kept answer stays right. Not cached: a provider's name and plan are not catalog's.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ListingProvider)]
pub struct ListingProviderJson {
    /// The listing's `sellerId`: their page is `/provider/{id}`.
    pub id: String,
    pub name: String,
    /// `mon` … `sun`: the working intervals of each day (`["HH:MM", "HH:MM"]`, Nairobi time); a day
    /// with none is closed.
    #[schema(value_type = std::collections::HashMap<String, Vec<Vec<String>>>)]
    pub hours: BTreeMap<String, Vec<(String, String)>>,
    /// Dates the provider does not work (`YYYY-MM-DD`), whatever their weekday.
    pub days_off: Vec<String>,
}

/// The provider of one visible listing: their name and working plan.
#[utoipa::path(
    get,
    path = "/api/service/{id}/provider",
    tag = "listings",
    operation_id = "getListingProvider",
    params(("id" = String, Path, description = "The listing's `_id`")),
    responses(
        (status = 200, description = "The listing's provider", body = ListingProviderJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn listing_provider(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<ListingProviderJson>> {
    let b = &state.backends;
    let request = catalog::GetListingRequest { id };
    let listing = b.read(&b.catalog, request, |mut c, r| async move { c.get_listing(r).await }).await?;
    let (name, plan) = name_and_plan(b, &listing.seller_id).await?;
    Ok(Json(ListingProviderJson {
        id: listing.seller_id,
        name,
        hours: plan.weekly.unwrap_or_default(),
        days_off: plan.days_off,
    }))
}

/// A provider's name and working plan, asked of accounts-svc and booking-svc at once; not found when
/// their account is gone.
async fn name_and_plan(b: &Backends, seller_id: &str) -> ApiResult<(String, HoursJson)> {
    let me = accounts::GetMeRequest { user_id: seller_id.to_owned() };
    let plan = booking::GetPlanRequest { seller_id: seller_id.to_owned() };
    let (user, plan) = tokio::join!(
        b.read(&b.accounts, me, |mut c, r| async move { c.get_me(r).await }),
        b.read(&b.booking, plan, |mut c, r| async move { c.get_plan(r).await }),
    );
    let user = match user {
        Ok(answer) => answer.user.ok_or_else(|| ApiError::not_found(said::provider_not_found()))?,
        Err(status) if status.code() == Code::NotFound => return Err(ApiError::not_found(said::provider_not_found())),
        Err(status) => return Err(status.into()),
    };
    Ok((user.user_name, HoursJson::from(plan?)))
}

/// The town of a location: "Kilimani, Nairobi" → "Nairobi".
fn town(location: &str) -> String {
    location.rsplit(',').next().unwrap_or(location).trim().to_owned()
}

/// A provider's public page.
#[utoipa::path(
    get,
    path = "/api/providers/{id}",
    tag = "listings",
    operation_id = "getProvider",
    params(("id" = String, Path, description = "The provider: a listing's `sellerId`")),
    responses(
        (status = 200, description = "The provider", body = ProviderJson),
        (status = 400, response = super::doc::BadRequest),
        (status = 404, response = super::doc::NotFound),
        super::doc::ServiceErrors,
    ),
)]
async fn provider(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<ProviderJson>> {
    let id: String = id.trim().chars().take(100).collect();
    if id.is_empty() || id.contains('\0') {
        return Err(ApiError::not_found(said::provider_not_found()));
    }
    let b = &state.backends;
    let request = catalog::ListSellerListingsRequest {
        seller_id: id.clone(),
        page: Some(catalog::Page { limit: 100, offset: 0 }),
    };
    let listings = b.read(&b.catalog, request, |mut c, r| async move { c.list_seller_listings(r).await }).await?;
    let shown: Vec<catalog::Listing> = listings.listings.into_iter().filter(|l| l.visible).collect();
    if shown.is_empty() {
        return Err(ApiError::not_found(said::provider_not_found()));
    }
    let (name, plan) = name_and_plan(b, &id).await?;
    // The week as My Account's working hours give it; the rest of the plan stays the provider's.
    let hours = plan.weekly.unwrap_or_default();
    let mut towns: Vec<String> = shown.iter().map(|l| town(&l.location)).filter(|t| !t.is_empty()).collect();
    towns.sort_unstable();
    towns.dedup();
    let (count, sum) = shown.iter().fold((0, 0), |(c, s), l| (c + l.rating_count, s + l.rating_sum));
    let mut listings = shown;
    listings.sort_by(|a, b| b.featured.cmp(&a.featured).then(b.created_at.cmp(&a.created_at)));
    Ok(Json(ProviderJson {
        id,
        name,
        towns,
        rating: RatingJson::of(count, sum),
        hours,
        listings: listings.into_iter().map(Into::into).collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_town_is_the_last_part_of_a_location() {
        assert_eq!(town("Kilimani, Nairobi"), "Nairobi");
        assert_eq!(town("Nakuru"), "Nakuru");
        assert_eq!(town("Section 58, Milimani, Nakuru "), "Nakuru");
    }
}
