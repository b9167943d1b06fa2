//! JSON body and query extractors whose rejections are answered as `{"message": …}` like every other
//! error, instead of axum's plain-text defaults.

use axum::{
    extract::{FromRequest, FromRequestParts, Request, rejection::JsonRejection},
    http::{StatusCode, request::Parts},
};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A JSON body.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(Self(v)),
            Err(rejection) => Err(json_rejection(&rejection)),
        }
    }
}

fn json_rejection(r: &JsonRejection) -> ApiError {
    match r {
        JsonRejection::MissingJsonContentType(_) => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Send the request body as JSON (Content-Type: application/json).",
        ),
        JsonRejection::JsonSyntaxError(_) => ApiError::bad_request("The request body is not valid JSON."),
        JsonRejection::JsonDataError(e) => {
            ApiError::bad_request(format!("The request body has a field of the wrong type: {}", short(&e.body_text())))
        }
        JsonRejection::BytesRejection(_) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "The request is too large.")
        }
        _ => ApiError::new(r.status(), "The request body could not be read."),
    }
}

/// serde's explanation without echoing long input back.
fn short(text: &str) -> String {
    let t = text.trim_start_matches("Failed to deserialize the JSON body into the target type: ");
    t.chars().take(160).collect()
}

/// Query parameters.
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(v)) => Ok(Self(v)),
            Err(_) => Err(ApiError::bad_request("The query parameters are not valid.")),
        }
    }
}
