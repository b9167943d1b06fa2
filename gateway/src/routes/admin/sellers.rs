//! Sellers: their accounts, packages, listings and payments; suspending and restoring them.

use std::collections::HashMap;

use axum::{
    Json,
    extract::{Path, State},
};
use mtaani_proto::{accounts::v1 as accounts, catalog::v1 as catalog};
use serde::Serialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AdminServiceJson, PageQuery, ReasonBody};
use crate::{
    AppState,
    answers::{
        accounts::{PaymentJson, SubscriptionJson, UserJson},
        iso8601,
    },
    auth::AuthUser,
    error::ApiResult,
    extract::{ApiJson, ApiQuery},
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sellers))
        .routes(routes!(seller))
        .routes(routes!(suspend))
        .routes(routes!(unsuspend))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdminSeller)]
pub struct SellerJson {
    pub user: UserJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscription: Option<SubscriptionJson>,
    pub suspended: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspended_reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspended_at: Option<String>,
    pub listing_count: i64,
    pub created_at: String,
}

fn seller_json(s: accounts::AdminSeller, listing_count: i64) -> SellerJson {
    let user = s.user.unwrap_or_default();
    SellerJson {
        created_at: iso8601(user.created_at),
        user: user.into(),
        subscription: s.subscription.map(Into::into),
        suspended: s.suspended,
        suspended_reason: (!s.suspended_reason.is_empty()).then_some(s.suspended_reason),
        suspended_at: (s.suspended_at > 0).then(|| iso8601(s.suspended_at)),
        listing_count,
    }
}

async fn listing_counts(state: &AppState, ids: Vec<String>) -> ApiResult<HashMap<String, i64>> {
    let b = &state.backends;
    let r = b
        .read(&b.catalog, catalog::CatalogCountsRequest { seller_ids: ids }, |mut c, r| async move {
            c.catalog_counts(r).await
        })
        .await?;
    Ok(r.listings_by_seller)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = AdminSellers)]
pub struct SellersJson {
    pub sellers: Vec<SellerJson>,
    pub total: i64,
}

/// Sellers, newest first; `query` finds a name, e-mail or phone (07… or +254…).
#[utoipa::path(
    get,
    path = "/api/admin/sellers",
    tag = "admin",
    operation_id = "adminSellers",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "A page of sellers", body = SellersJson),
        (status = 400, response = crate::routes::doc::BadRequest),
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn sellers(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<SellersJson>> {
    user.require_admin()?;
    let b = &state.backends;
    let request = accounts::AdminListSellersRequest {
        query: q.query.clone().unwrap_or_default(),
        limit: q.limit(),
        offset: q.offset(),
    };
    let r = b.read(&b.accounts, request, |mut c, r| async move { c.admin_list_sellers(r).await }).await?;
    let ids = r.sellers.iter().filter_map(|s| s.user.as_ref().map(|u| u.id.clone())).collect();
    let counts = listing_counts(&state, ids).await?;
    let sellers = r
        .sellers
        .into_iter()
        .map(|s| {
            let n = s.user.as_ref().and_then(|u| counts.get(&u.id)).copied().unwrap_or(0);
            seller_json(s, n)
        })
        .collect();
    Ok(Json(SellersJson { sellers, total: r.total }))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdminSellerPage)]
pub struct SellerPageJson {
    pub seller: SellerJson,
    pub listings: Vec<AdminServiceJson>,
    pub payments: Vec<PaymentJson>,
}

async fn seller_page(state: &AppState, id: &str) -> ApiResult<SellerPageJson> {
    let b = &state.backends;
    let (s, listings, payments) = tokio::try_join!(
        b.read(&b.accounts, accounts::AdminSellerRequest { user_id: id.to_owned() }, |mut c, r| async move {
            c.admin_get_seller(r).await
        }),
        b.read(
            &b.catalog,
            catalog::AdminListListingsRequest {
                seller_id: id.to_owned(),
                page: Some(catalog::Page { limit: 100, offset: 0 }),
                ..Default::default()
            },
            |mut c, r| async move { c.admin_list_listings(r).await }
        ),
        b.read(&b.accounts, accounts::ListPaymentsRequest { user_id: id.to_owned() }, |mut c, r| async move {
            c.list_payments(r).await
        }),
    )?;
    Ok(SellerPageJson {
        seller: seller_json(s, listings.total),
        listings: listings.listings.into_iter().map(Into::into).collect(),
        payments: payments.payments.into_iter().map(Into::into).collect(),
    })
}

/// One seller: their account, package, listings (hidden ones included) and M-Pesa payments.
#[utoipa::path(
    get,
    path = "/api/admin/sellers/{id}",
    tag = "admin",
    operation_id = "adminSeller",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The seller")),
    responses(
        (status = 200, description = "The seller", body = SellerPageJson),
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        (status = 404, response = crate::routes::doc::NotFound),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn seller(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<SellerPageJson>> {
    user.require_admin()?;
    Ok(Json(seller_page(&state, &id).await?))
}

async fn set_suspended(
    state: &AppState,
    user: &AuthUser,
    id: String,
    reason: String,
    suspend: bool,
) -> ApiResult<SellerPageJson> {
    user.require_admin()?;
    let b = &state.backends;
    let request = accounts::AdminSellerActionRequest { user_id: id.clone(), admin_id: user.id.clone(), reason };
    let done = if suspend {
        b.accounts.clone().suspend_seller(b.request(request)).await
    } else {
        b.accounts.clone().unsuspend_seller(b.request(request)).await
    };
    state.cache.invalidate();
    done?;
    seller_page(state, &id).await
}

/// Hides every listing of the seller and blocks posting until `/unsuspend`; the seller is e-mailed.
#[utoipa::path(
    post,
    path = "/api/admin/sellers/{id}/suspend",
    tag = "admin",
    operation_id = "adminSuspendSeller",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The seller")),
    request_body = ReasonBody,
    responses(
        (status = 200, description = "Suspended", body = SellerPageJson),
        crate::routes::doc::JsonBodyErrors,
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        (status = 404, response = crate::routes::doc::NotFound),
        (status = 409, response = crate::routes::doc::Conflict),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn suspend(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<SellerPageJson>> {
    Ok(Json(set_suspended(&state, &user, id, body.reason, true).await?))
}

/// Lifts a suspension: the seller may post again and their listings show if their package is active.
#[utoipa::path(
    post,
    path = "/api/admin/sellers/{id}/unsuspend",
    tag = "admin",
    operation_id = "adminUnsuspendSeller",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The seller")),
    request_body = ReasonBody,
    responses(
        (status = 200, description = "Suspension lifted", body = SellerPageJson),
        crate::routes::doc::JsonBodyErrors,
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        (status = 404, response = crate::routes::doc::NotFound),
        (status = 409, response = crate::routes::doc::Conflict),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn unsuspend(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReasonBody>,
) -> ApiResult<Json<SellerPageJson>> {
    Ok(Json(set_suspended(&state, &user, id, body.reason, false).await?))
}
