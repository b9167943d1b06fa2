//! People: seller packages, registration and sign-in (SPEC §7).

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, StatusCode},
};
use mtaani_proto::accounts::v1 as pb;
use mtaani_proto::text::said;
use serde::{Deserialize, Serialize};
use tonic::Code;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    answers::accounts::{PaymentJson, SubscriptionJson, UserJson},
    auth::{AuthUser, ClientAddr},
    error::{ApiError, ApiResult},
    extract::ApiJson,
    i18n::{Negotiated, RequestLanguage},
    limits::{
        LOGIN_FAILURES, LOGIN_FAILURES_PER_ADDRESS, REGISTRATIONS_PER_ADDRESS, REGISTRATIONS_PER_EMAIL,
        REGISTRATIONS_PER_PHONE, RESETS_PER_ADDRESS, RESETS_PER_EMAIL, identity_key,
    },
    routes::idempotency_key,
};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_packages))
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(me))
        .routes(routes!(set_language))
        .routes(routes!(request_reset))
        .routes(routes!(confirm_reset))
}

fn too_many(message: mtaani_proto::text::Text) -> ApiError {
    ApiError::new(StatusCode::TOO_MANY_REQUESTS, message)
}

/// A seller package (SPEC §3 "Package", §9).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Package)]
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

/// The three seller packages, cheapest first.
#[utoipa::path(
    get,
    path = "/api/packages",
    tag = "accounts",
    operation_id = "listPackages",
    responses(
        (status = 200, description = "The packages", body = [PackageJson]),
        super::doc::ServiceErrors,
    ),
)]
async fn list_packages(State(state): State<AppState>) -> ApiResult<Json<Vec<PackageJson>>> {
    let b = &state.backends;
    let r = b.read(&b.accounts, pb::ListPackagesRequest {}, |mut c, r| async move { c.list_packages(r).await }).await?;
    Ok(Json(r.packages.into_iter().map(Into::into).collect()))
}

/// SPEC §3 "Register payload".
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = RegisterInput, example = json!({"userName": "Amina Wanjiru", "email": "amina@example.com",
    "phoneNumber": "0712 345 678", "password": "mandazi-moto", "accountType": "buyer"}))]
pub struct RegisterBody {
    /// First and last name joined by a space, each at least 2 characters.
    #[schema(required = true, min_length = 5)]
    pub user_name: String,
    #[schema(required = true)]
    pub email: String,
    /// 10 to 15 digits after cleaning; Kenyan numbers may start with 0.
    #[schema(required = true, min_length = 10)]
    pub phone_number: String,
    /// 8 to 128 characters.
    #[schema(required = true, min_length = 8)]
    pub password: String,
    /// `buyer` or `seller`.
    #[schema(required = true)]
    pub account_type: String,
    /// Sellers only: `basic`, `standard` or `premium`.
    pub package_id: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Registered)]
pub struct RegisterAnswer {
    /// In the request's language.
    pub message: String,
    pub user: UserJson,
    /// Sellers: the subscription waiting for its first payment, and that payment (an STK push
    /// already sent to the registration number).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscription: Option<SubscriptionJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment: Option<PaymentJson>,
}

/// Create a buyer or seller account (SPEC §7). A seller's first month is paid with M-Pesa: the answer
/// carries the payment, already sent to their phone as an STK push. The account's language (of its
/// e-mails and SMS) is the one the request prefers (`Accept-Language`: `sw` or English).
#[utoipa::path(
    post,
    path = "/api/register",
    tag = "accounts",
    operation_id = "register",
    params(super::doc::Idempotency),
    request_body = RegisterBody,
    responses(
        (status = 201, description = "Created; sign in next", body = RegisterAnswer),
        super::doc::JsonBodyErrors,
        (status = 409, response = super::doc::Conflict),
        (status = 429, response = super::doc::TooManyRequests),
        super::doc::ServiceErrors,
    ),
)]
async fn register(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    RequestLanguage(language): RequestLanguage,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RegisterBody>,
) -> ApiResult<(StatusCode, Negotiated, Json<RegisterAnswer>)> {
    let rules = [
        (identity_key("register:email", &body.email), REGISTRATIONS_PER_EMAIL),
        (identity_key("register:phone", &body.phone_number), REGISTRATIONS_PER_PHONE),
        (format!("register:addr:{addr}"), REGISTRATIONS_PER_ADDRESS),
    ];
    let quota = state.limiter.take(&rules).await.map_err(|_| too_many(said::too_many_accounts()))?;
    let b = &state.backends;
    let request = pb::RegisterRequest {
        user_name: body.user_name,
        email: body.email,
        phone_number: body.phone_number,
        password: body.password,
        account_type: body.account_type,
        package_id: body.package_id,
        idempotency_key: idempotency_key(&headers),
        language: language.code().to_owned(),
    };
    let registered = b.accounts.clone().register(b.request(request)).await.map_err(ApiError::from);
    let r = quota.settle(registered).await?.into_inner();
    let user = r.user.unwrap_or_default().into();
    Ok((
        StatusCode::CREATED,
        Negotiated(language),
        Json(RegisterAnswer {
            message: said::account_created().render(language),
            user,
            subscription: r.subscription.map(Into::into),
            payment: r.payment.map(PaymentJson::masked),
        }),
    ))
}

/// SPEC §7 sign-in.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
#[schema(as = LoginInput,
    example = json!({"email": "amina@example.com", "password": "mandazi-moto", "rememberMe": true}))]
pub struct LoginBody {
    #[schema(required = true)]
    pub email: String,
    #[schema(required = true, min_length = 1)]
    pub password: String,
    /// A session of 30 days instead of one (not for admins: theirs last 8 hours).
    pub remember_me: bool,
    /// An admin's 6-digit authenticator code, when the server asks for it (401 with `errors.totp`).
    #[schema(pattern = "^[0-9 ]{0,8}$")]
    pub totp: Option<String>,
}

/// A session (SPEC §3 "Login response").
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Session)]
pub struct LoginAnswer {
    /// Send it as `Authorization: Bearer <token>`.
    pub token: String,
    pub user: UserJson,
}

/// Sign in (SPEC §7). Ten failures in 15 minutes, for an account or from a connection, lock it for
/// the rest of the window.
#[utoipa::path(
    post,
    path = "/api/login",
    tag = "accounts",
    operation_id = "login",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in", body = LoginAnswer),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        (status = 429, response = super::doc::TooManyRequests),
        super::doc::ServiceErrors,
    ),
)]
async fn login(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult<Json<LoginAnswer>> {
    let by_addr = format!("login-addr:{addr}");
    let by_account = format!("login-account:{}", body.email.trim().to_lowercase());
    let limiter = &state.limiter;
    if limiter.peek(&by_addr).await >= LOGIN_FAILURES_PER_ADDRESS.limit
        || limiter.peek(&by_account).await >= LOGIN_FAILURES.limit
    {
        return Err(too_many(said::too_many_sign_ins()));
    }
    let b = &state.backends;
    let request = pb::LoginRequest {
        email: body.email,
        password: body.password,
        remember_me: body.remember_me,
        totp: body.totp.unwrap_or_default(),
    };
    match b.accounts.clone().login(b.request(request)).await {
        Ok(r) => {
            let r = r.into_inner();
            limiter.clear(&by_account).await;
            Ok(Json(LoginAnswer { token: r.token, user: r.user.unwrap_or_default().into() }))
        }
        Err(status) => {
            // Asked for the authenticator code after the right password: not a failure.
            let code_asked = mtaani_proto::status::error_code(&status) == mtaani_proto::status::ErrorCode::TotpRequired;
            if status.code() == Code::Unauthenticated && !code_asked {
                limiter.hit(&by_addr, LOGIN_FAILURES_PER_ADDRESS.window).await;
                limiter.hit(&by_account, LOGIN_FAILURES.window).await;
            }
            Err(status.into())
        }
    }
}

/// The signed-in user, and a seller's subscription.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Me)]
pub struct MeAnswer {
    pub user: UserJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscription: Option<SubscriptionJson>,
}

/// The signed-in user (My Account).
#[utoipa::path(
    get,
    path = "/api/me",
    tag = "accounts",
    operation_id = "me",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The user", body = MeAnswer),
        (status = 401, response = super::doc::Unauthorized),
        super::doc::ServiceErrors,
    ),
)]
async fn me(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<MeAnswer>> {
    let b = &state.backends;
    let request = pb::GetMeRequest { user_id: user.id };
    let r = b.read(&b.accounts, request, |mut c, r| async move { c.get_me(r).await }).await?;
    Ok(Json(MeAnswer { user: r.user.unwrap_or_default().into(), subscription: r.subscription.map(Into::into) }))
}

/// The language to write to the user in.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[schema(as = LanguageInput, example = json!({"language": "sw"}))]
pub struct LanguageBody {
    /// `en` (English) or `sw` (Kiswahili). Missing, like any other text, it is refused with the
    /// service's message.
    #[serde(default)]
    #[schema(required = true, value_type = super::doc::Language)]
    pub language: String,
}

/// Choose the language of Mtaani's e-mails and SMS to the signed-in user (a seller's new bookings,
/// their package reminders…). Anything but `en` or `sw` is refused.
#[utoipa::path(
    put,
    path = "/api/me/language",
    tag = "accounts",
    operation_id = "setLanguage",
    security(("bearer" = [])),
    request_body = LanguageBody,
    responses(
        (status = 204, description = "Changed"),
        super::doc::JsonBodyErrors,
        (status = 401, response = super::doc::Unauthorized),
        super::doc::ServiceErrors,
    ),
)]
async fn set_language(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<LanguageBody>,
) -> ApiResult<StatusCode> {
    let b = &state.backends;
    let request = pb::SetLanguageRequest { user_id: user.id, language: body.language };
    b.accounts.clone().set_language(b.request(request)).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
#[schema(as = ResetRequestInput, example = json!({"email": "amina@example.com"}))]
pub struct ResetRequestBody {
    #[schema(required = true)]
    pub email: String,
}

/// A confirmation in words (in the request's language).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Done)]
pub struct MessageAnswer {
    pub message: String,
}

impl MessageAnswer {
    /// `message` in `language`, with the headers that say so.
    pub fn new(
        language: mtaani_proto::language::Language,
        message: mtaani_proto::text::Text,
    ) -> (Negotiated, Json<Self>) {
        (Negotiated(language), Json(Self { message: message.render(language) }))
    }
}

/// Ask for a password reset link by e-mail, written in the request's language. The answer is the
/// same whether or not the account exists.
#[utoipa::path(
    post,
    path = "/api/password-reset/request",
    tag = "accounts",
    operation_id = "requestPasswordReset",
    request_body = ResetRequestBody,
    responses(
        (status = 200, description = "Sent if the account exists", body = MessageAnswer),
        super::doc::JsonBodyErrors,
        (status = 429, response = super::doc::TooManyRequests),
        super::doc::ServiceErrors,
    ),
)]
async fn request_reset(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    RequestLanguage(language): RequestLanguage,
    ApiJson(body): ApiJson<ResetRequestBody>,
) -> ApiResult<(Negotiated, Json<MessageAnswer>)> {
    let rules = [
        (identity_key("reset:email", &body.email), RESETS_PER_EMAIL),
        (format!("reset:addr:{addr}"), RESETS_PER_ADDRESS),
    ];
    let quota = state.limiter.take(&rules).await.map_err(|_| too_many(said::too_many_resets()))?;
    let b = &state.backends;
    let request = pb::RequestPasswordResetRequest { email: body.email, language: language.code().to_owned() };
    let asked = b.accounts.clone().request_password_reset(b.request(request)).await.map_err(ApiError::from);
    quota.settle(asked).await?;
    Ok(MessageAnswer::new(language, said::reset_sent()))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
#[schema(as = ResetConfirmInput)]
pub struct ResetConfirmBody {
    /// The token of the e-mailed link.
    #[schema(required = true)]
    pub token: String,
    /// The new password, 8 to 128 characters.
    #[schema(required = true, min_length = 8)]
    pub password: String,
}

/// Set a new password with the e-mailed link's token (once, within its hour).
#[utoipa::path(
    post,
    path = "/api/password-reset/confirm",
    tag = "accounts",
    operation_id = "confirmPasswordReset",
    request_body = ResetConfirmBody,
    responses(
        (status = 200, description = "Changed; sign in with it", body = MessageAnswer),
        super::doc::JsonBodyErrors,
        super::doc::ServiceErrors,
    ),
)]
async fn confirm_reset(
    State(state): State<AppState>,
    RequestLanguage(language): RequestLanguage,
    ApiJson(body): ApiJson<ResetConfirmBody>,
) -> ApiResult<(Negotiated, Json<MessageAnswer>)> {
    let b = &state.backends;
    let request = pb::ResetPasswordRequest { token: body.token, new_password: body.password };
    b.accounts.clone().reset_password(b.request(request)).await?;
    Ok(MessageAnswer::new(language, said::password_reset()))
}
