//! The tonic implementation of `accounts.v1.AccountsService` on the service's state (service.rs).

use mtaani_proto::{
    accounts::v1::{self as pb, accounts_service_server::AccountsService},
    language::Language,
    messaging::v1 as msg,
    token,
};
use tonic::{Request, Response, Status};

use crate::{
    admin,
    error::Error,
    mpesa,
    mpesa::Provider,
    packages::{self, PACKAGES},
    password,
    payments::{self, Applied, db},
    service::Accounts,
    store, validation,
};

/// A session lasts a day, or 30 days with "remember me".
pub const SESSION_SECS: i64 = 86_400;
pub const REMEMBERED_SECS: i64 = 30 * 86_400;

/// The idempotency key of a seller's first payment, started by the registration: a repeated
/// registration answers the payment the first one started instead of starting another.
const FIRST_PAYMENT_KEY: &str = "registration";

impl Accounts {
    /// The answer to a registration: the user and, for a seller, the subscription and its first
    /// payment (the STK push goes to the registration number).
    async fn registered(&self, user: &store::UserRow, now: i64) -> Result<Response<pb::RegisterResponse>, Status> {
        let payment = if user.account_type == "seller" {
            let start = pb::StartPaymentRequest {
                user_id: user.id.clone(),
                idempotency_key: FIRST_PAYMENT_KEY.into(),
                ..Default::default()
            };
            Some(payments::message(&self.start_payment_for(&start).await?))
        } else {
            None
        };
        let subscription = store::subscription(&self.pool, &user.id).await?;
        Ok(Response::new(pb::RegisterResponse {
            user: Some(store::user_message(user, subscription.as_ref())),
            subscription: subscription.as_ref().map(|s| store::subscription_message(s, now)),
            payment,
        }))
    }

    /// A registration sent again with its idempotency key: the account the first one created (and a
    /// seller's first payment, started now if the first attempt stopped before it), when the password
    /// is the same; otherwise the answer any taken address gets.
    async fn registered_again(
        &self,
        first: store::UserRow,
        password: String,
    ) -> Result<Response<pb::RegisterResponse>, Status> {
        if !password::verify(password, first.password_hash.clone()).await.map_err(Error::from)? {
            return Err(Error::EmailTaken.into());
        }
        tracing::info!(user_id = %first.id, "registration repeated with its idempotency key");
        self.registered(&first, self.clock.now()).await
    }
}

#[tonic::async_trait]
impl AccountsService for Accounts {
    async fn list_packages(
        &self,
        _: Request<pb::ListPackagesRequest>,
    ) -> Result<Response<pb::ListPackagesResponse>, Status> {
        Ok(Response::new(pb::ListPackagesResponse { packages: PACKAGES.iter().map(Into::into).collect() }))
    }

    async fn register(&self, request: Request<pb::RegisterRequest>) -> Result<Response<pb::RegisterResponse>, Status> {
        let r = request.into_inner();
        let package = packages::find(r.package_id.trim());
        let reg = validation::registration(
            &r.user_name,
            &r.email,
            &r.phone_number,
            &r.password,
            &r.account_type,
            package.is_some(),
        )?;
        // The key is kept with the address it came with, so one address's key finds no other account.
        let key = Some(r.idempotency_key.trim())
            .filter(|k| !k.is_empty())
            .map(|k| format!("{}|{}", reg.email.to_lowercase(), k.chars().take(128).collect::<String>()));
        if let Some(key) = &key
            && let Some(first) = store::user_by_idempotency_key(&self.pool, key).await?
        {
            return self.registered_again(first, r.password).await;
        }
        if store::user_by_email(&self.pool, &reg.email).await?.is_some() {
            return Err(Error::EmailTaken.into());
        }
        let hash = password::hash(r.password.clone()).await.map_err(Error::from)?;
        let now = self.clock.now();
        let package_id = package.map_or("", |p| p.id);
        let language = Language::of(&r.language);
        let user = match store::create_user(&self.pool, &reg, &hash, package_id, key.as_deref(), language, now).await {
            // The same registration sent twice at once: the first one stands.
            Err(Error::EmailTaken) => {
                let first = match &key {
                    Some(key) => store::user_by_idempotency_key(&self.pool, key).await?,
                    None => None,
                };
                return match first {
                    Some(first) => self.registered_again(first, r.password).await,
                    None => Err(Error::EmailTaken.into()),
                };
            }
            other => other?,
        };
        tracing::info!(user_id = %user.id, account_type = %user.account_type, "account created");
        self.registered(&user, now).await
    }

    async fn login(&self, request: Request<pb::LoginRequest>) -> Result<Response<pb::LoginResponse>, Status> {
        let r = request.into_inner();
        validation::login(&r.email, &r.password)?;
        let user = store::user_by_email(&self.pool, &r.email).await?;
        let phc = user.as_ref().map_or_else(|| self.decoy_hash.clone(), |u| u.password_hash.clone());
        let matches = password::verify(r.password, phc).await.map_err(Error::from)?;
        let Some(user) = user.filter(|_| matches) else {
            return Err(Error::BadCredentials.into());
        };
        let now = self.clock.now();
        let admin = user.account_type == "admin";
        if admin && self.admin_totp_required {
            admin::check_totp(&self.pool, &user.id, &r.totp, now).await?;
        }
        let subscription = store::subscription(&self.pool, &user.id).await?;
        // An operator's session is a working day, never remembered.
        let ttl = match (admin, r.remember_me) {
            (true, _) => admin::ADMIN_SESSION_SECS,
            (false, true) => REMEMBERED_SECS,
            (false, false) => SESSION_SECS,
        };
        let token = token::issue(&self.jwt_secret, &user.id, &user.account_type, now, ttl)
            .map_err(|e| Error::Internal(e.into()))?;
        Ok(Response::new(pb::LoginResponse {
            token,
            user: Some(store::user_message(&user, subscription.as_ref())),
            expires_at: now + ttl,
        }))
    }

    async fn get_me(&self, request: Request<pb::GetMeRequest>) -> Result<Response<pb::GetMeResponse>, Status> {
        let user_id = request.into_inner().user_id;
        let user = store::user_by_id(&self.pool, &user_id).await?.ok_or(Error::UnknownUser)?;
        let subscription = store::subscription(&self.pool, &user.id).await?;
        Ok(Response::new(pb::GetMeResponse {
            user: Some(store::user_message(&user, subscription.as_ref())),
            subscription: match &subscription {
                Some(s) => Some(self.subscription_with_pending(s).await?),
                None => None,
            },
        }))
    }

    async fn set_language(
        &self,
        request: Request<pb::SetLanguageRequest>,
    ) -> Result<Response<pb::SetLanguageResponse>, Status> {
        let r = request.into_inner();
        let language = Language::from_code(&r.language).ok_or_else(|| {
            mtaani_proto::status::with_field(
                tonic::Code::InvalidArgument,
                mtaani_proto::status::ErrorCode::Validation,
                validation::BAD_LANGUAGE,
                "language",
            )
        })?;
        if !store::set_language(&self.pool, &r.user_id, language, self.clock.now()).await? {
            return Err(Error::UnknownUser.into());
        }
        tracing::info!(user_id = %r.user_id, %language, "language changed");
        Ok(Response::new(pb::SetLanguageResponse {}))
    }

    async fn request_password_reset(
        &self,
        request: Request<pb::RequestPasswordResetRequest>,
    ) -> Result<Response<pb::RequestPasswordResetResponse>, Status> {
        let pb::RequestPasswordResetRequest { email, language } = request.into_inner();
        if !validation::is_email(&email) {
            return Err(mtaani_proto::status::invalid_argument(
                mtaani_proto::status::texts::BAD_EMAIL,
                &[("email".into(), mtaani_proto::status::texts::BAD_EMAIL.into())],
            ));
        }
        // The same answer whether or not the address has an account.
        let Some(user) = store::user_by_email(&self.pool, &email).await? else {
            return Ok(Response::new(pb::RequestPasswordResetResponse {}));
        };
        let token = mtaani_runtime::secret::new_token();
        let now = self.clock.now();
        let notification = msg::SendNotificationRequest {
            idempotency_key: String::new(),
            to_email: user.email.clone(),
            to_name: user.user_name.clone(),
            to_phone: String::new(),
            // The language the reset was asked in: the person reading it is the one asking now.
            language: Language::of(&language).code().to_owned(),
            kind: Some(msg::send_notification_request::Kind::PasswordReset(msg::PasswordReset {
                user_name: user.user_name.clone(),
                reset_url: format!("{}/reset-password?token={token}", self.public_base_url),
                expires_at: now + 3600,
            })),
        };
        let mut tx = self.pool.begin().await.map_err(Error::from)?;
        store::create_reset(&mut tx, &mtaani_runtime::secret::digest(&token), &user.id, now).await?;
        self.outbox.enqueue(&mut tx, notification).await.map_err(Error::from)?;
        tx.commit().await.map_err(Error::from)?;
        self.outbox.kick();
        tracing::info!(user_id = %user.id, "password reset link issued");
        Ok(Response::new(pb::RequestPasswordResetResponse {}))
    }

    async fn reset_password(
        &self,
        request: Request<pb::ResetPasswordRequest>,
    ) -> Result<Response<pb::ResetPasswordResponse>, Status> {
        let r = request.into_inner();
        let mut v = mtaani_proto::status::Violations::new();
        validation::check_password(&mut v, "password", &r.new_password);
        v.into_result()?;
        if r.token.trim().is_empty() || r.token.len() > 200 {
            return Err(Error::BadResetToken.into());
        }
        let hash = password::hash(r.new_password).await.map_err(Error::from)?;
        if !store::use_reset(&self.pool, &mtaani_runtime::secret::digest(r.token.trim()), &hash, self.clock.now())
            .await?
        {
            return Err(Error::BadResetToken.into());
        }
        Ok(Response::new(pb::ResetPasswordResponse {}))
    }

    async fn get_seller_entitlement(
        &self,
        request: Request<pb::GetSellerEntitlementRequest>,
    ) -> Result<Response<pb::SellerEntitlement>, Status> {
        let user_id = request.into_inner().user_id;
        let user = store::user_by_id(&self.pool, &user_id).await?.ok_or(Error::UnknownUser)?;
        let subscription = store::subscription(&self.pool, &user.id).await?;
        let mut e = pb::SellerEntitlement { user_id: user.id, ..Default::default() };
        if let (true, Some(s)) = (user.account_type == "seller", subscription) {
            let status = store::effective_status(&s, self.clock.now());
            let package = packages::find(&s.package_id);
            e.is_seller = true;
            e.suspended = user.suspended_at.is_some();
            e.can_post =
                !e.suspended && matches!(status, pb::SubscriptionStatus::Active | pb::SubscriptionStatus::Grace);
            e.status = status as i32;
            e.package_id = s.package_id.clone();
            e.package_name = package.map_or_else(|| s.package_id.clone(), |p| p.name.to_owned());
            e.photo_uploads = package.map_or(0, |p| p.photo_uploads);
            e.featured = package.is_some_and(|p| p.featured);
        }
        Ok(Response::new(e))
    }

    async fn get_subscription(
        &self,
        request: Request<pb::GetSubscriptionRequest>,
    ) -> Result<Response<pb::Subscription>, Status> {
        let user_id = request.into_inner().user_id;
        let s = store::subscription(&self.pool, &user_id)
            .await?
            .ok_or_else(|| Status::not_found("No subscription for this account"))?;
        Ok(Response::new(self.subscription_with_pending(&s).await?))
    }

    async fn start_payment(&self, request: Request<pb::StartPaymentRequest>) -> Result<Response<pb::Payment>, Status> {
        let p = self.start_payment_for(&request.into_inner()).await?;
        Ok(Response::new(payments::message(&p)))
    }

    async fn get_payment(&self, request: Request<pb::GetPaymentRequest>) -> Result<Response<pb::Payment>, Status> {
        let r = request.into_inner();
        let p = payments::by_id(&self.pool, r.payment_id.trim())
            .await
            .map_err(db)?
            .filter(|p| r.user_id.is_empty() || p.user_id == r.user_id)
            .ok_or_else(|| Status::not_found("Payment not found"))?;
        Ok(Response::new(payments::message(&p)))
    }

    async fn list_payments(
        &self,
        request: Request<pb::ListPaymentsRequest>,
    ) -> Result<Response<pb::ListPaymentsResponse>, Status> {
        let user_id = request.into_inner().user_id;
        let rows = payments::for_user(&self.pool, &user_id).await.map_err(db)?;
        Ok(Response::new(pb::ListPaymentsResponse { payments: rows.iter().map(payments::message).collect() }))
    }

    /// A lower package waits for the next renewal; the current one cancels a waiting change. An
    /// upgrade is paid for (StartPayment) and takes effect then.
    async fn change_package(
        &self,
        request: Request<pb::ChangePackageRequest>,
    ) -> Result<Response<pb::Subscription>, Status> {
        let r = request.into_inner();
        let s = store::subscription(&self.pool, &r.user_id)
            .await?
            .ok_or_else(|| Status::permission_denied("Only sellers have a package"))?;
        let current = packages::find(&s.package_id).ok_or_else(|| Status::internal("unknown package"))?;
        let asked = packages::find(r.package_id.trim())
            .ok_or_else(|| Status::invalid_argument("Please choose one of the packages"))?;
        if asked.price > current.price {
            return Err(Status::failed_precondition("Pay for the upgrade to switch to it now."));
        }
        if s.status == "pending_payment" {
            return Err(Status::failed_precondition("Pay for your first month before changing package."));
        }
        let pending = (asked.id != current.id).then_some(asked.id);
        sqlx::query("UPDATE subscriptions SET pending_package_id = $2, updated_at = $3 WHERE id = $1")
            .bind(&s.id)
            .bind(pending)
            .bind(self.clock.now())
            .execute(&self.pool)
            .await
            .map_err(db)?;
        let s = store::subscription(&self.pool, &r.user_id).await?.ok_or_else(|| Status::internal("gone"))?;
        Ok(Response::new(self.subscription_with_pending(&s).await?))
    }

    /// Safaricom's callback, passed through by the gateway. It is always acknowledged (Safaricom
    /// retries otherwise); only a result for a payment we started, still pending, is applied.
    async fn handle_mpesa_callback(
        &self,
        request: Request<pb::MpesaCallbackRequest>,
    ) -> Result<Response<pb::MpesaCallbackResponse>, Status> {
        let body = request.into_inner().body;
        let accepted = pb::MpesaCallbackResponse { result_code: 0, result_desc: "Accepted".into() };
        let Some(mut outcome) = mpesa::parse_callback(&body) else {
            tracing::warn!(bytes = body.len(), "M-Pesa callback unreadable: ignored");
            return Ok(Response::new(accepted));
        };
        // A success without its receipt or amount is doubtful: the STK query confirms it.
        if outcome.result_code == 0
            && (outcome.receipt.is_none() || outcome.amount.is_none())
            && let Provider::Daraja(daraja) = &self.provider
        {
            match daraja.stk_query(&outcome.checkout_request_id, chrono::Utc::now()).await {
                Ok(mpesa::QueryAnswer::Done(confirmed)) => outcome = confirmed,
                _ => return Ok(Response::new(accepted)), // the query worker asks again later
            }
        }
        let applied = self.apply_outcome(&outcome).await?;
        if applied == Applied::Ignored {
            tracing::info!(checkout = %outcome.checkout_request_id, "M-Pesa callback repeated or not ours");
        }
        Ok(Response::new(accepted))
    }

    async fn export_account(
        &self,
        request: Request<pb::ExportAccountRequest>,
    ) -> Result<Response<pb::ExportAccountResponse>, Status> {
        Ok(Response::new(self.export(&request.into_inner().user_id).await?))
    }

    async fn delete_account(
        &self,
        request: Request<pb::DeleteAccountRequest>,
    ) -> Result<Response<pb::DeleteAccountResponse>, Status> {
        let r = request.into_inner();
        Accounts::delete_account(self, &r.user_id, r.password).await?;
        Ok(Response::new(pb::DeleteAccountResponse {}))
    }

    async fn admin_list_sellers(
        &self,
        request: Request<pb::AdminListSellersRequest>,
    ) -> Result<Response<pb::AdminListSellersResponse>, Status> {
        Ok(Response::new(self.list_sellers(&request.into_inner()).await?))
    }

    async fn admin_get_seller(
        &self,
        request: Request<pb::AdminSellerRequest>,
    ) -> Result<Response<pb::AdminSeller>, Status> {
        Ok(Response::new(self.get_seller(&request.into_inner().user_id).await?))
    }

    async fn suspend_seller(
        &self,
        request: Request<pb::AdminSellerActionRequest>,
    ) -> Result<Response<pb::AdminSeller>, Status> {
        Ok(Response::new(self.set_suspended(&request.into_inner(), true).await?))
    }

    async fn unsuspend_seller(
        &self,
        request: Request<pb::AdminSellerActionRequest>,
    ) -> Result<Response<pb::AdminSeller>, Status> {
        Ok(Response::new(self.set_suspended(&request.into_inner(), false).await?))
    }

    async fn admin_overview(
        &self,
        request: Request<pb::AdminOverviewRequest>,
    ) -> Result<Response<pb::AdminOverviewResponse>, Status> {
        Ok(Response::new(self.overview(&request.into_inner()).await?))
    }

    async fn list_audit(
        &self,
        request: Request<pb::ListAuditRequest>,
    ) -> Result<Response<pb::ListAuditResponse>, Status> {
        Ok(Response::new(self.audit_entries(&request.into_inner()).await?))
    }
}

impl Accounts {
    async fn subscription_with_pending(&self, s: &store::SubscriptionRow) -> Result<pb::Subscription, Status> {
        let now = self.clock.now();
        let mut message = store::subscription_message(s, now);
        message.pending_payment =
            payments::pending_for(&self.pool, &s.user_id, now).await.map_err(db)?.as_ref().map(payments::message);
        Ok(message)
    }
}
