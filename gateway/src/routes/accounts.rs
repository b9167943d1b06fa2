//! People: seller packages, registration and sign-in (SPEC §7).

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    routing::{get, post},
};
use mtaani_proto::accounts::v1 as pb;
use serde::{Deserialize, Serialize};

use crate::{AppState, error::ApiResult, extract::ApiJson, routes::idempotency_key};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/packages", get(list_packages))
        .route("/api/register", post(register))
        .route("/api/login", post(login))
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PackageJson {
    pub id: String,
    pub name: String,
    pub price: i64,
    pub recommended: bool,
    pub featured: bool,
    pub features: Vec<String>,
    pub photo_uploads: i32,
    pub video_uploads: i32,
}

impl From<pb::SellerPackage> for PackageJson {
    fn from(p: pb::SellerPackage) -> Self {
        Self {
            id: p.id,
            name: p.name,
            price: p.price,
            recommended: p.recommended,
            featured: p.featured,
            features: p.features,
            photo_uploads: p.photo_uploads,
            video_uploads: p.video_uploads,
        }
    }
}

async fn list_packages(State(state): State<AppState>) -> ApiResult<Json<Vec<PackageJson>>> {
    let b = &state.backends;
    let r = b
        .read(
            &b.accounts,
            pb::ListPackagesRequest {},
            |mut c, r| async move { c.list_packages(r).await },
        )
        .await?;
    Ok(Json(r.packages.into_iter().map(Into::into).collect()))
}

/// The user as the web app stores it in its session (SPEC §3).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserJson {
    pub id: String,
    pub user_name: String,
    pub email: String,
    pub phone_number: String,
    pub account_type: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seller_package: Option<SellerPackageJson>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SellerPackageJson {
    pub package_id: String,
    pub name: String,
    pub photo_uploads: i32,
}

impl From<pb::User> for UserJson {
    fn from(u: pb::User) -> Self {
        Self {
            account_type: if u.account_type == pb::AccountType::Seller as i32 {
                "seller"
            } else {
                "buyer"
            },
            id: u.id,
            user_name: u.user_name,
            email: u.email,
            phone_number: u.phone_number,
            seller_package: u.seller_package.map(|p| SellerPackageJson {
                package_id: p.package_id,
                name: p.name,
                photo_uploads: p.photo_uploads,
            }),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct RegisterBody {
    pub user_name: String,
    pub email: String,
    pub phone_number: String,
    pub password: String,
    pub account_type: String,
    pub package_id: String,
}

#[derive(Debug, Serialize)]
pub struct RegisterAnswer {
    pub message: &'static str,
    pub user: UserJson,
}

async fn register(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RegisterBody>,
) -> ApiResult<(StatusCode, Json<RegisterAnswer>)> {
    let b = &state.backends;
    let request = pb::RegisterRequest {
        user_name: body.user_name,
        email: body.email,
        phone_number: body.phone_number,
        password: body.password,
        account_type: body.account_type,
        package_id: body.package_id,
        idempotency_key: idempotency_key(&headers),
    };
    let r = b
        .accounts
        .clone()
        .register(b.request(request))
        .await?
        .into_inner();
    let user = r.user.unwrap_or_default().into();
    Ok((
        StatusCode::CREATED,
        Json(RegisterAnswer {
            message: "Account created successfully! Please log in to continue.",
            user,
        }),
    ))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct LoginBody {
    pub email: String,
    pub password: String,
    pub remember_me: bool,
}

#[derive(Debug, Serialize)]
pub struct LoginAnswer {
    pub token: String,
    pub user: UserJson,
}

async fn login(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult<Json<LoginAnswer>> {
    let b = &state.backends;
    let request = pb::LoginRequest {
        email: body.email,
        password: body.password,
        remember_me: body.remember_me,
    };
    let r = b
        .accounts
        .clone()
        .login(b.request(request))
        .await?
        .into_inner();
    Ok(Json(LoginAnswer {
        token: r.token,
        user: r.user.unwrap_or_default().into(),
    }))
}
