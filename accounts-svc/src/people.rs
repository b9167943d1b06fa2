//! People's accounts: registering (once per idempotency key), signing in (with an admin's second
//! factor), their profile and the language they are written to in, and resetting a forgotten
//! password by a link sent by e-mail.

use crate::{
    admin,
    error::{Error, Result},
    messages, packages, password,
    service::Accounts,
    store::{self, users::UserRow},
    validation,
};
use mtaani_proto::{
    accounts::v1 as pb, language::Language, messaging::v1 as msg, status::Violations, text::said, token,
};
use mtaani_runtime::audit::{Actor, Event};

/// A session lasts a day, or 30 days with "remember me".
pub const SESSION_SECS: i64 = 86_400;
pub const REMEMBERED_SECS: i64 = 30 * 86_400;

/// The idempotency key of a seller's first payment, started by the registration: a repeated
/// registration answers the payment the first one started instead of starting another.
const FIRST_PAYMENT_KEY: &str = "registration";

impl Accounts {
    /// Creates an account. A registration sent again with its idempotency key answers the account
    /// the first one created; an address that has an account otherwise is taken.
    pub async fn register_account(&self, r: pb::RegisterRequest) -> Result<pb::RegisterResponse> {
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
            && let Some(first) = store::users::by_idempotency_key(&self.pool, key).await?
        {
            return self.registered_again(first, r.password).await;
        }
        if store::users::by_email(&self.pool, &reg.email).await?.is_some() {
            return Err(Error::EmailTaken);
        }
        let hash = password::hash(r.password.clone()).await?;
        let now = self.clock.now();
        let package_id = package.map_or("", |p| p.id);
        let language = Language::of(&r.language);
        let user = match store::users::create(&self.pool, &reg, &hash, package_id, key.as_deref(), language, now).await
        {
            // The same registration sent twice at once: the first one stands.
            Err(Error::EmailTaken) => {
                let first = match &key {
                    Some(key) => store::users::by_idempotency_key(&self.pool, key).await?,
                    None => None,
                };
                return match first {
                    Some(first) => self.registered_again(first, r.password).await,
                    None => Err(Error::EmailTaken),
                };
            }
            other => other?,
        };
        tracing::info!(user_id = %user.id, account_type = %user.account_type, "account created");
        self.registered(&user, now).await
    }

    /// The answer to a registration: the user and, for a seller, the subscription and its first
    /// payment (the STK push goes to the registration number).
    async fn registered(&self, user: &UserRow, now: i64) -> Result<pb::RegisterResponse> {
        let payment = if user.account_type == "seller" {
            let start = pb::StartPaymentRequest {
                user_id: user.id.clone(),
                idempotency_key: FIRST_PAYMENT_KEY.into(),
                ..Default::default()
            };
            Some(messages::payment(&self.start_payment_for(&start).await?))
        } else {
            None
        };
        let subscription = store::subscriptions::of_user(&self.pool, &user.id).await?;
        Ok(pb::RegisterResponse {
            user: Some(messages::user(user, subscription.as_ref())),
            subscription: subscription.as_ref().map(|s| messages::subscription(s, now)),
            payment,
        })
    }

    /// A registration sent again with its idempotency key: the account the first one created (and a
    /// seller's first payment, started now if the first attempt stopped before it), when the password
    /// is the same; otherwise the answer any taken address gets.
    async fn registered_again(&self, first: UserRow, password: String) -> Result<pb::RegisterResponse> {
        if !password::verify(password, first.password_hash.clone()).await? {
            return Err(Error::EmailTaken);
        }
        tracing::info!(user_id = %first.id, "registration repeated with its idempotency key");
        self.registered(&first, self.clock.now()).await
    }

    /// Signs in: a session token for the e-mail and password (and an admin's code when required).
    pub async fn sign_in(&self, r: pb::LoginRequest) -> Result<pb::LoginResponse> {
        validation::login(&r.email, &r.password)?;
        let user = store::users::by_email(&self.pool, &r.email).await?;
        let phc = user.as_ref().map_or_else(|| self.decoy_hash.clone(), |u| u.password_hash.clone());
        let matches = password::verify(r.password, phc).await?;
        let Some(user) = user.filter(|_| matches) else {
            return Err(Error::BadCredentials);
        };
        let now = self.clock.now();
        let admin = user.account_type == "admin";
        if admin && self.admin_totp_required {
            admin::check_totp(&self.pool, &user.id, &r.totp, now).await?;
        }
        let subscription = store::subscriptions::of_user(&self.pool, &user.id).await?;
        // An operator's session is a working day, never remembered.
        let ttl = match (admin, r.remember_me) {
            (true, _) => admin::ADMIN_SESSION_SECS,
            (false, true) => REMEMBERED_SECS,
            (false, false) => SESSION_SECS,
        };
        let token = token::issue(&self.jwt_secret, &user.id, &user.account_type, now, ttl)
            .map_err(|e| Error::Internal(e.into()))?;
        if admin {
            // Who opened the console, and when: the sign-in is its only write.
            let (id, name) = (user.id.as_str(), user.user_name.as_str());
            let event = Event::new(Actor::admin(id, name), "admin.sign_in", ("admin", id, name));
            mtaani_runtime::audit::record(&mut *self.pool.acquire().await?, &event, now).await?;
        }
        Ok(pb::LoginResponse { token, user: Some(messages::user(&user, subscription.as_ref())), expires_at: now + ttl })
    }

    /// The signed-in user and their subscription.
    pub async fn me(&self, user_id: &str) -> Result<pb::GetMeResponse> {
        let user = store::users::by_id(&self.pool, user_id).await?.ok_or(Error::UnknownUser)?;
        let subscription = store::subscriptions::of_user(&self.pool, &user.id).await?;
        Ok(pb::GetMeResponse {
            user: Some(messages::user(&user, subscription.as_ref())),
            subscription: match &subscription {
                Some(s) => Some(self.subscription_with_pending(s).await?),
                None => None,
            },
        })
    }

    /// Sets the language `user_id` is written to in, from its code.
    pub async fn set_language_code(&self, user_id: &str, code: &str) -> Result<()> {
        let language = Language::from_code(code).ok_or_else(|| Error::invalid("language", said::choose_language()))?;
        if !store::users::set_language(&self.pool, user_id, language, self.clock.now()).await? {
            return Err(Error::UnknownUser);
        }
        tracing::info!(%user_id, %language, "language changed");
        Ok(())
    }

    /// E-mails a reset link valid for an hour to the address's account, in `language`. The same
    /// answer whether or not the address has an account.
    pub async fn send_reset_link(&self, email: &str, language: &str) -> Result<()> {
        if !validation::is_email(email) {
            return Err(Error::invalid("email", said::bad_email()));
        }
        let Some(user) = store::users::by_email(&self.pool, email).await? else {
            return Ok(());
        };
        let token = mtaani_runtime::secret::new_token();
        let now = self.clock.now();
        let notification = msg::SendNotificationRequest {
            idempotency_key: String::new(),
            to_email: user.email.clone(),
            to_name: user.user_name.clone(),
            to_phone: String::new(),
            // The language the reset was asked in: the person reading it is the one asking now.
            language: Language::of(language).code().to_owned(),
            kind: Some(msg::send_notification_request::Kind::PasswordReset(msg::PasswordReset {
                user_name: user.user_name.clone(),
                reset_url: format!("{}/reset-password?token={token}", self.public_base_url),
                expires_at: now + 3600,
            })),
        };
        let mut tx = self.pool.begin().await?;
        store::resets::create(&mut tx, &mtaani_runtime::secret::digest(&token), &user.id, now).await?;
        self.outbox.enqueue(&mut tx, notification).await?;
        tx.commit().await?;
        self.outbox.kick();
        tracing::info!(user_id = %user.id, "password reset link issued");
        Ok(())
    }

    /// Sets a new password with a reset link's token, once.
    pub async fn reset_password_with(&self, token: &str, new_password: String) -> Result<()> {
        let mut v = Violations::new();
        validation::check_password(&mut v, "password", &new_password);
        v.finish()?;
        if token.trim().is_empty() || token.len() > 200 {
            return Err(Error::BadResetLink);
        }
        let hash = password::hash(new_password).await?;
        let digest = mtaani_runtime::secret::digest(token.trim());
        if !store::resets::use_token(&self.pool, &digest, &hash, self.clock.now()).await? {
            return Err(Error::BadResetLink);
        }
        Ok(())
    }
}
