//! The operator console's API (`/api/admin/…`): overview, contact inbox, reports and
//! moderation, sellers and their payments, the audit log. 401 without a session, 403 'Admins only'
//! for any other role. Each action is audited by the service that does it, in the same transaction.

mod audit;
mod inbox;
mod moderation;
mod overview;
mod sellers;

use mtaani_proto::text::said;
use mtaani_proto::{accounts::v1 as accounts, catalog::v1 as catalog};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;

use crate::{
    AppState,
    answers::catalog::ServiceJson,
    auth::AuthUser,
    error::{ApiError, ApiResult},
};

/// The console's routes, each console area's from its `router()`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(overview::router())
        .merge(inbox::router())
        .merge(moderation::router())
        .merge(sellers::router())
        .merge(audit::router())
}

impl AuthUser {
    /// Passes an admin; anyone else signed in gets 403 'Admins only'.
    pub fn require_admin(&self) -> Result<(), ApiError> {
        if self.role == "admin" {
            Ok(())
        } else {
            Err(ApiError::new(axum::http::StatusCode::FORBIDDEN, said::admins_only()))
        }
    }
}

/// The admin's id and name, for the audit log.
async fn admin(state: &AppState, user: &AuthUser) -> ApiResult<(String, String)> {
    user.require_admin()?;
    let b = &state.backends;
    let me =
        b.read(&b.accounts, accounts::GetMeRequest { user_id: user.id.clone() }, |mut c, r| async move {
            c.get_me(r).await
        })
        .await?;
    Ok((user.id.clone(), me.user.map(|u| u.user_name).unwrap_or_default()))
}

/// `?limit=&offset=` of every list here.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// `new` or `answered` (messages), `open` or `closed` (reports).
    pub status: Option<String>,
    /// Words to find (listings: in the name; sellers: name, e-mail or phone).
    pub query: Option<String>,
    /// Listings: `hidden` or `shown`.
    pub hidden: Option<String>,
    /// 1 to 100 (default 20).
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

impl PageQuery {
    fn limit(&self) -> i32 {
        self.limit.map_or(20, |l| l.clamp(1, 100) as i32)
    }
    fn offset(&self) -> i32 {
        self.offset.map_or(0, |o| o.min(100_000) as i32)
    }
    fn page(&self) -> Option<catalog::Page> {
        Some(catalog::Page { limit: self.limit(), offset: self.offset() })
    }
}

/// A reason for an action (required to hide a listing and suspend a seller).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
#[schema(as = AdminReason, example = json!({"reason": "Asks for M-Pesa payment before any service"}))]
pub struct ReasonBody {
    /// 3 to 500 characters.
    pub reason: String,
}

/// A listing as the operators see it: with whether it is shown, and why an operator hid it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdminService)]
pub struct AdminServiceJson {
    #[serde(flatten)]
    pub service: ServiceJson,
    /// Shown to the public now.
    pub visible: bool,
    /// Taken down by an operator (why: the listing's `hiddenReason`).
    pub hidden: bool,
}

impl From<catalog::Listing> for AdminServiceJson {
    fn from(l: catalog::Listing) -> Self {
        let (visible, hidden) = (l.visible, l.hidden);
        Self { service: l.into(), visible, hidden }
    }
}
