//! Kenya's places: `GET /api/places`, the typeahead of the place picker and of "Near me"
//! when the phone's position is refused, and the nearest wards to a position. Answered from the
//! contract's data (`mtaani_proto::places`), held in memory: no service is asked.

use axum::{
    Json,
    http::{HeaderValue, header},
    response::IntoResponse,
};
use mtaani_proto::places::{Kind, PLACES};
use mtaani_proto::text::said;
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, answers::catalog::PlaceJson, error::ApiError, extract::ApiQuery};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_places))
}

/// The most places one answer holds.
pub const MAX_PLACES: usize = 10;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PlacesQuery {
    /// What the visitor typed: every word begins a word of the place's name (or of its sub-county or
    /// county), one typo forgiven in words of four letters or more.
    pub query: Option<String>,
    /// `LAT,LNG` (the phone's position): the wards nearest to it, nearest first.
    pub near: Option<String>,
    /// A place page's name (`/services/location/{name}`: "Kasarani", "Kilimani, Nairobi"): the one
    /// place it is, or none when it is no place's or several places' name.
    pub name: Option<String>,
}

/// Places by name as typed (at most 10, best first), or the wards nearest a position.
#[utoipa::path(
    get,
    path = "/api/places",
    tag = "places",
    operation_id = "listPlaces",
    params(PlacesQuery),
    responses(
        (status = 200, description = "At most 10 places, best first", body = [PlaceJson]),
        (status = 400, response = super::doc::BadRequest),
    ),
)]
async fn list_places(ApiQuery(q): ApiQuery<PlacesQuery>) -> Result<impl IntoResponse, ApiError> {
    let found: Vec<PlaceJson> = match (q.query.as_deref().map(str::trim), q.near.as_deref()) {
        _ if q.name.is_some() => {
            let name: String = q.name.unwrap_or_default().chars().take(100).collect();
            PLACES.page_named(&name, mtaani_proto::naming::names_service).into_iter().map(Into::into).collect()
        }
        (Some(typed), _) if !typed.is_empty() => PLACES
            .search(&typed.chars().take(100).collect::<String>(), MAX_PLACES)
            .into_iter()
            .map(Into::into)
            .collect(),
        (_, Some(near)) => {
            let at = mtaani_proto::places::parse_position(near)
                .ok_or_else(|| ApiError::bad_field("near", said::bad_near()))?;
            PLACES.nearest(at, Kind::Ward, MAX_PLACES).into_iter().map(Into::into).collect()
        }
        _ => Vec::new(),
    };
    let cache = HeaderValue::from_static("public, max-age=86400");
    Ok(([(header::CACHE_CONTROL, cache)], Json(found)))
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn get(uri: &str) -> (axum::http::StatusCode, serde_json::Value) {
        use tower::ServiceExt;
        let app = axum::Router::new().route("/api/places", axum::routing::get(list_places));
        let response =
            app.oneshot(axum::http::Request::get(uri).body(axum::body::Body::empty()).unwrap()).await.unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[tokio::test]
    async fn places_by_name_and_by_position() {
        let (status, found) = get("/api/places?query=lavingt").await;
        assert_eq!(status, axum::http::StatusCode::OK);
        assert_eq!(found[0]["id"], "nairobi~lavington");
        assert_eq!(found[0]["kind"], "estate");
        assert_eq!(found[0]["county"], "Nairobi");
        assert_eq!(found[0]["subCounty"], "Dagoretti North");
        let (_, counties) = get("/api/places?query=nairobi").await;
        assert_eq!((counties[0]["kind"].clone(), counties[0].get("subCounty")), (serde_json::json!("county"), None));
        let (_, many) = get("/api/places?query=ka").await;
        assert_eq!(many.as_array().unwrap().len(), MAX_PLACES);
        let (_, none) = get("/api/places?query=%20").await;
        assert_eq!(none, serde_json::json!([]));
        // A place page's name is one place, or none.
        let (_, named) = get("/api/places?name=Kilimani%2C%20Nairobi").await;
        assert_eq!(named.as_array().map(|a| a.len()), Some(1));
        assert_eq!(named[0]["id"], "nairobi.dagoretti-north.kilimani");
        for nameless in ["Township", "massage%20nairobi", ""] {
            assert_eq!(get(&format!("/api/places?name={nameless}")).await.1, serde_json::json!([]), "{nameless}");
        }

        // Parklands/Highridge's centre: that ward first, then its neighbours, all wards.
        let (_, near) = get("/api/places?near=-1.2587,36.8049").await;
        let near = near.as_array().unwrap();
        assert_eq!(near.len(), MAX_PLACES);
        assert!(near.iter().all(|p| p["kind"] == "ward"));
        assert_eq!(near[0]["name"], "Parklands/Highridge", "{near:?}");
        for bad in ["near=abc", "near=-1.2", "near=51.5,-0.12", "near=NaN,NaN"] {
            let (status, body) = get(&format!("/api/places?{bad}")).await;
            assert_eq!(status, axum::http::StatusCode::BAD_REQUEST, "{bad}");
            assert_eq!(body["message"], said::bad_near().to_string());
            assert_eq!(body["errors"]["near"], said::bad_near().to_string());
        }
    }
}
