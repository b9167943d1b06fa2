//! The operators: admins and their second factor, sellers looked up, suspended and let back, the
//! overview's figures, the audit log of every operator action here, and the command line that
//! creates admins (`mtaani admin create`, `accounts-svc admin create`).

use std::io::{BufRead, IsTerminal, Write};

use mtaani_proto::{
    accounts::v1 as pb,
    messaging::v1::{self as msg, send_notification_request::Kind},
    status::Violations,
    text::said,
};
use mtaani_runtime::{
    audit::{self, Actor, Event},
    db::AnyPool,
};
use totp_rs::{Algorithm, Secret, TOTP};

use crate::{
    error::{Error, Result},
    messages, password,
    service::Accounts,
    store::{self, users::UserRow},
    validation,
};

/// An admin's session: a working day, never remembered.
pub const ADMIN_SESSION_SECS: i64 = 8 * 3600;

/// The demo admin (README), created with the demo sellers.
pub const DEMO_ADMIN_EMAIL: &str = "admin@demo.mtaani.co.ke";
pub const DEMO_ADMIN_NAME: &str = "Mtaani Support";

const ISSUER: &str = "Mtaani";
const STEP: u64 = 30;

fn totp(secret_base32: &str, account: &str) -> anyhow::Result<TOTP> {
    let bytes = Secret::Encoded(secret_base32.to_owned()).to_bytes().map_err(|e| anyhow::anyhow!("{e:?}"))?;
    Ok(TOTP::new(Algorithm::SHA1, 6, 1, STEP, bytes, Some(ISSUER.into()), account.to_owned())?)
}

/// A new RFC 6238 secret (160 random bits, base32).
pub fn new_totp_secret() -> String {
    match Secret::generate_secret().to_encoded() {
        Secret::Encoded(s) => s,
        Secret::Raw(_) => unreachable!("to_encoded answers the encoded form"),
    }
}

/// The `otpauth://` address an authenticator app reads (as a QR code or typed in).
pub fn otpauth_url(secret_base32: &str, email: &str) -> anyhow::Result<String> {
    Ok(totp(secret_base32, email)?.get_url())
}

/// The current code for `secret_base32` (tests and the e2e driver).
pub fn current_code(secret_base32: &str, at: u64) -> anyhow::Result<String> {
    Ok(totp(secret_base32, "x@y.z")?.generate(at))
}

/// The 30-second step `code` is valid for at `now` (one step of drift either way), if any.
fn matching_step(secret_base32: &str, code: &str, now: u64) -> Option<u64> {
    let t = totp(secret_base32, "x@y.z").ok()?;
    let step = now / STEP;
    [step, step.saturating_sub(1), step + 1].into_iter().find(|s| {
        let expected = t.generate(s * STEP);
        mtaani_proto::token::same_secret(&expected, code)
    })
}

/// An admin's second factor at sign-in: the code must match a step not used before (the database
/// takes each step once, so a code seen over a shoulder cannot be replayed).
pub async fn check_totp(pool: &AnyPool, user_id: &str, code: &str, now: i64) -> Result<()> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.is_empty() {
        return Err(Error::TotpNeeded);
    }
    let secret = store::admins::totp_secret(pool, user_id).await?;
    let Some(step) = (code.len() == 6).then(|| matching_step(&secret, &code, now as u64)).flatten() else {
        return Err(Error::BadTotp);
    };
    if !store::admins::take_totp_step(pool, user_id, step as i64).await? {
        return Err(Error::BadTotp);
    }
    Ok(())
}

/// Creates an admin account (no phone, no subscription) with a fresh TOTP secret; answers the user
/// and the secret. Refuses an address that already has an account.
pub async fn create_admin(
    pool: &AnyPool,
    email: &str,
    name: &str,
    password_hash: &str,
    now: i64,
    by: Actor<'_>,
) -> Result<(String, String)> {
    let id = uuid::Uuid::now_v7().to_string();
    let secret = new_totp_secret();
    let mut tx = pool.begin().await?;
    store::admins::create(&mut tx, &id, email.trim(), name.trim(), password_hash, &secret, now).await?;
    audit::record(&mut tx, &Event::new(by, "admin.create", ("admin", &id, name.trim())), now).await?;
    tx.commit().await?;
    Ok((id, secret))
}

/// The demo admin, when the demo marketplace is seeded and there is no admin yet.
pub async fn seed_demo_admin(pool: &AnyPool) -> Result<bool> {
    if store::admins::count(pool).await? > 0 || store::users::by_email(pool, DEMO_ADMIN_EMAIL).await?.is_some() {
        return Ok(false);
    }
    let phc = password::hash(crate::seed::DEMO_PASSWORD.to_owned()).await?;
    let by = Actor::system("seed", "demo marketplace");
    create_admin(pool, DEMO_ADMIN_EMAIL, DEMO_ADMIN_NAME, &phc, crate::now(), by).await?;
    tracing::info!("demo admin created");
    Ok(true)
}

impl Accounts {
    async fn admin_name(&self, admin_id: &str) -> Result<String> {
        Ok(store::users::by_id(&self.pool, admin_id).await?.map_or_else(|| admin_id.to_owned(), |u| u.user_name))
    }

    async fn seller_row(&self, user_id: &str) -> Result<UserRow> {
        store::users::by_id(&self.pool, user_id.trim())
            .await?
            .filter(|u| u.account_type == "seller")
            .ok_or(Error::SellerNotFound)
    }

    async fn admin_seller(&self, u: &UserRow) -> Result<pb::AdminSeller> {
        let s = store::subscriptions::of_user(&self.pool, &u.id).await?;
        Ok(pb::AdminSeller {
            user: Some(messages::user(u, s.as_ref())),
            subscription: s.as_ref().map(|s| messages::subscription(s, self.clock.now())),
            suspended: u.suspended_at.is_some(),
            suspended_reason: u.suspended_reason.clone().unwrap_or_default(),
            suspended_at: u.suspended_at.unwrap_or_default(),
        })
    }

    pub async fn list_sellers(&self, r: &pb::AdminListSellersRequest) -> Result<pb::AdminListSellersResponse> {
        let limit = i64::from(r.limit.clamp(1, 100));
        let offset = i64::from(r.offset.clamp(0, 100_000));
        let q: String =
            r.query.trim().to_lowercase().chars().filter(|c| !matches!(c, '%' | '_' | '\\' | '\0')).take(100).collect();
        let phone = mtaani_proto::phone::clean(&q).unwrap_or_else(|| q.clone());
        let (rows, total) = store::users::sellers_matching(&self.pool, &q, &phone, limit, offset).await?;
        let mut sellers = Vec::with_capacity(rows.len());
        for u in &rows {
            sellers.push(self.admin_seller(u).await?);
        }
        Ok(pb::AdminListSellersResponse { sellers, total })
    }

    pub async fn get_seller(&self, user_id: &str) -> Result<pb::AdminSeller> {
        let u = self.seller_row(user_id).await?;
        self.admin_seller(&u).await
    }

    /// Suspends a seller (their listings hidden, posting blocked) or lets them back; the seller is
    /// e-mailed, the action audited, both with the change.
    pub async fn set_suspended(&self, r: &pb::AdminSellerActionRequest, suspend: bool) -> Result<pb::AdminSeller> {
        let why = if suspend || !r.reason.trim().is_empty() { audit::reason(&r.reason)? } else { String::new() };
        let u = self.seller_row(&r.user_id).await?;
        let admin_name = self.admin_name(&r.admin_id).await?;
        let now = self.clock.now();
        let mut tx = self.pool.begin().await?;
        let changed = if suspend {
            store::users::suspend(&mut tx, &u.id, &why, now).await?
        } else {
            store::users::lift_suspension(&mut tx, &u.id, now).await?
        };
        if !changed {
            return Err(if suspend { Error::SellerAlreadySuspended } else { Error::SellerNotSuspended });
        }
        let action = if suspend { "seller.suspend" } else { "seller.unsuspend" };
        let event = Event {
            seller_id: &u.id,
            reason: &why,
            ..Event::new(Actor::admin(&r.admin_id, &admin_name), action, ("seller", &u.id, &u.user_name))
        };
        audit::record(&mut tx, &event, now).await?;
        let notice = msg::SendNotificationRequest {
            idempotency_key: format!("{}:{action}:{now}", u.id),
            to_email: u.email.clone(),
            to_name: u.user_name.clone(),
            to_phone: String::new(),
            language: u.language.code().to_owned(),
            kind: Some(Kind::AccountSuspension(msg::AccountSuspension {
                suspended: suspend,
                reason: if suspend { why.clone() } else { String::new() },
                account_url: format!("{}/account", self.public_base_url),
            })),
        };
        self.outbox.enqueue(&mut tx, notice).await?;
        tx.commit().await?;
        self.outbox.kick();
        tracing::info!(seller = %u.id, admin = %r.admin_id, suspend, "seller suspension changed");
        // Their listings follow at once; should catalog-svc be unreachable, the checks retry.
        self.sync_visibility(&u.id).await;
        self.get_seller(&u.id).await
    }

    pub async fn overview(&self, r: &pb::AdminOverviewRequest) -> Result<pb::AdminOverviewResponse> {
        let new_sellers = store::users::sellers_created_since(&self.pool, r.week_start).await?;
        let takings = store::payments::takings_since(&self.pool, r.month_start).await?;
        let revenue = takings
            .into_iter()
            .map(|t| pb::PackageRevenue {
                name: crate::packages::find(&t.package_id).map_or_else(|| t.package_id.clone(), |p| p.name.to_owned()),
                package_id: t.package_id,
                amount: t.amount,
                payments: t.payments,
            })
            .collect();
        let pending = store::payments::count_pending(&self.pool).await?;
        Ok(pb::AdminOverviewResponse {
            new_sellers_this_week: new_sellers,
            revenue_this_month: revenue,
            payments_pending: pending,
        })
    }

    pub async fn audit_entries(&self, r: &pb::ListAuditRequest) -> Result<pb::ListAuditResponse> {
        let filter = audit::Filter { kind: r.kind.clone(), seller_id: r.seller_id.clone() };
        let (entries, total) = audit::newest(&self.pool, &filter, r.limit, r.offset).await?;
        Ok(pb::ListAuditResponse { entries: entries.into_iter().map(Into::into).collect(), total })
    }
}

const USAGE: &str = "usage:\n  admin create --email EMAIL --name \"FULL NAME\"   (password from standard input, or generated)\n  \
                     admin reset-totp --email EMAIL";

fn flag(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned()
}

/// The operator commands when the command line asks for them (`… admin create --email … --name …`,
/// from `mtaani` or `accounts-svc`); None when it asks for none, and the binary serves as usual.
pub async fn cli_if_asked() -> Option<anyhow::Result<()>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.split_first() {
        Some((command, rest)) if command == "admin" => Some(cli(rest).await),
        _ => None,
    }
}

/// `admin …` on the command line, against the accounts database in the environment
/// (`DATABASE_URL` or the embedded SQLite under `DATA_DIR`). Prints what the operator needs once.
pub async fn cli(args: &[String]) -> anyhow::Result<()> {
    let out = &mut std::io::stdout();
    let db_config = mtaani_runtime::db::DbConfig::from_env("accounts")?;
    let mtaani_runtime::db::Db { pool, .. } = mtaani_runtime::db::connect(&db_config, &crate::MIGRATOR).await?;
    let by = Actor::system("cli", "command line");
    match args.first().map(String::as_str) {
        Some("create") => {
            let (Some(email), Some(name)) = (flag(args, "--email"), flag(args, "--name")) else {
                anyhow::bail!("{USAGE}");
            };
            anyhow::ensure!(validation::is_email(&email), said::bad_email().to_string());
            let name = name.trim().to_owned();
            anyhow::ensure!((2..=100).contains(&name.chars().count()), said::bad_operator_name().to_string());
            let stdin = std::io::stdin();
            // A line on standard input is the password; a terminal or nothing at all, one generated.
            let mut line = String::new();
            if !stdin.is_terminal() {
                stdin.lock().read_line(&mut line)?;
            }
            let typed = line.trim_end_matches(['\r', '\n']).to_owned();
            let generated = typed.is_empty();
            let password = if generated {
                let raw = rand::random::<[u8; 15]>();
                base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, raw)
            } else {
                typed
            };
            let mut v = Violations::new();
            validation::check_password(&mut v, "password", &password);
            if let Err(v) = v.finish() {
                anyhow::bail!("{}", v.fields()[0].1);
            }
            let phc = password::hash(password.clone()).await?;
            let (id, secret) = match create_admin(&pool, &email, &name, &phc, crate::now(), by).await {
                Err(Error::EmailTaken) => anyhow::bail!("{}", said::email_taken()),
                other => other?,
            };
            writeln!(out, "Admin created: {} <{}> (id {id})", name, email.trim())?;
            if generated {
                writeln!(out, "Password (shown once, keep it safe): {password}")?;
            }
            writeln!(out, "Authenticator (TOTP) secret: {secret}")?;
            writeln!(out, "Authenticator link: {}", otpauth_url(&secret, email.trim())?)?;
        }
        Some("reset-totp") => {
            let Some(email) = flag(args, "--email") else { anyhow::bail!("{USAGE}") };
            let user = store::users::by_email(&pool, &email)
                .await?
                .filter(|u| u.account_type == "admin")
                .ok_or_else(|| anyhow::anyhow!("No admin has this email"))?;
            let secret = new_totp_secret();
            let now = crate::now();
            let mut tx = pool.begin().await?;
            store::admins::reset_totp(&mut tx, &user.id, &secret).await?;
            let event = Event::new(by, "admin.reset_totp", ("admin", &user.id, &user.user_name));
            audit::record(&mut tx, &event, now).await?;
            tx.commit().await?;
            writeln!(out, "New authenticator (TOTP) secret for {}: {secret}", user.email)?;
            writeln!(out, "Authenticator link: {}", otpauth_url(&secret, &user.email)?)?;
        }
        _ => anyhow::bail!("{USAGE}"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_matches_its_step_and_its_neighbours_only() {
        let secret = new_totp_secret();
        let now = 1_800_000_000u64;
        let code = current_code(&secret, now).unwrap();
        assert_eq!(matching_step(&secret, &code, now), Some(now / STEP));
        assert_eq!(matching_step(&secret, &code, now + STEP), Some(now / STEP));
        assert_eq!(matching_step(&secret, &code, now + 3 * STEP), None);
        assert!(otpauth_url(&secret, "a@b.co").unwrap().starts_with("otpauth://totp/Mtaani:a%40b.co?secret="));
    }

    #[test]
    fn rfc_6238_sha1_vector() {
        // RFC 6238 appendix B: the ASCII secret "12345678901234567890", T = 59 s → 94287082 (8 digits);
        // its last six digits for our 6-digit codes.
        let secret = match Secret::Raw(b"12345678901234567890".to_vec()).to_encoded() {
            Secret::Encoded(s) => s,
            Secret::Raw(_) => unreachable!(),
        };
        assert_eq!(current_code(&secret, 59).unwrap(), "287082");
    }
}
