//! Favourites: the listings a signed-in user saved with the heart. catalog-svc keeps them
//! (see its favourites.rs); a visitor's, kept in the browser, are saved here one by one at sign-in.

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use mtaani_proto::catalog::v1 as pb;
use serde::Serialize;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, answers::catalog::FavouriteJson, auth::AuthUser, error::ApiResult};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(save, remove))
}

/// The signed-in user's favourites.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Favourites)]
pub struct FavouritesJson {
    /// The latest saved first (at most 200).
    pub favourites: Vec<FavouriteJson>,
}

/// The signed-in user's favourites, the latest saved first; a listing hidden or deleted since is
/// answered with `available: false` and its name.
#[utoipa::path(
    get,
    path = "/api/account/favourites",
    tag = "accounts",
    operation_id = "myFavourites",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The favourites", body = FavouritesJson),
        (status = 401, response = super::doc::Unauthorized),
        super::doc::ServiceErrors,
    ),
)]
async fn list(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<FavouritesJson>> {
    let b = &state.backends;
    let request = pb::ListFavouritesRequest { user_id: user.id };
    let r = b.read(&b.catalog, request, |mut c, r| async move { c.list_favourites(r).await }).await?;
    Ok(Json(FavouritesJson { favourites: r.favourites.into_iter().map(Into::into).collect() }))
}

/// Saves a listing to the signed-in user's favourites; saving it again changes nothing. 404 for a
/// listing not shown to the public (unless saved before); 409 past 200 favourites.
#[utoipa::path(
    put,
    path = "/api/account/favourites/{service_id}",
    tag = "accounts",
    operation_id = "saveFavourite",
    security(("bearer" = [])),
    params(("service_id" = String, Path, description = "The listing's `_id`")),
    responses(
        (status = 200, description = "Saved", body = FavouriteJson),
        (status = 401, response = super::doc::Unauthorized),
        (status = 404, response = super::doc::NotFound),
        (status = 409, response = super::doc::Conflict),
        super::doc::ServiceErrors,
    ),
)]
async fn save(
    State(state): State<AppState>,
    user: AuthUser,
    Path(service_id): Path<String>,
) -> ApiResult<Json<FavouriteJson>> {
    let b = &state.backends;
    let request = pb::FavouriteRequest { user_id: user.id, listing_id: service_id };
    Ok(Json(b.catalog.clone().put_favourite(b.request(request)).await?.into_inner().into()))
}

/// Removes a listing from the signed-in user's favourites; removing one not saved changes nothing.
#[utoipa::path(
    delete,
    path = "/api/account/favourites/{service_id}",
    tag = "accounts",
    operation_id = "removeFavourite",
    security(("bearer" = [])),
    params(("service_id" = String, Path, description = "The listing's `_id`")),
    responses(
        (status = 204, description = "Removed (or was not saved)"),
        (status = 401, response = super::doc::Unauthorized),
        super::doc::ServiceErrors,
    ),
)]
async fn remove(
    State(state): State<AppState>,
    user: AuthUser,
    Path(service_id): Path<String>,
) -> ApiResult<StatusCode> {
    let b = &state.backends;
    let request = pb::FavouriteRequest { user_id: user.id, listing_id: service_id };
    b.catalog.clone().delete_favourite(b.request(request)).await?;
    Ok(StatusCode::NO_CONTENT)
}
