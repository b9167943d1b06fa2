//! Who is calling: the bearer token verified locally (see `mtaani_proto::token`), and the client's
//! address for rate limits.

use mtaani_proto::text::said;
use std::net::SocketAddr;

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::{StatusCode, header, request::Parts},
};

use crate::{AppState, error::ApiError};

/// A signed-in user.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: String,
    pub role: String,
}

impl AuthUser {
    /// Passes a seller; anyone else gets 403 with `message` (each area says it in its own words).
    pub fn require_seller(&self, message: mtaani_proto::text::Text) -> Result<(), ApiError> {
        if self.role == "seller" { Ok(()) } else { Err(ApiError::new(StatusCode::FORBIDDEN, message)) }
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, said::sign_in_to_continue()))?;
        let claims = mtaani_proto::token::verify(&state.jwt_secret, token)
            .map_err(|_| ApiError::new(StatusCode::UNAUTHORIZED, said::session_expired()))?;
        Ok(Self { id: claims.sub, role: claims.role })
    }
}

/// The signed-in user when a valid session token comes with the request, else nobody (calls that
/// anyone may make, such as booking, and that remember the account when there is one).
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<AuthUser>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(Self(AuthUser::from_request_parts(parts, state).await.ok()))
    }
}

/// The client's address: the peer, or nginx's `X-Real-IP` when the gateway is told to trust its proxy.
#[derive(Debug, Clone)]
pub struct ClientAddr(pub String);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if state.trust_proxy
            && let Some(ip) = parts.headers.get("x-real-ip").and_then(|v| v.to_str().ok())
        {
            return Ok(Self(ip.trim().chars().take(64).collect()));
        }
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip().to_string());
        Ok(Self(peer.unwrap_or_else(|| "unknown".into())))
    }
}
