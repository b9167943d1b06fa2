//! Demo seller accounts for the demo marketplace (`mtaani_proto::demo::SELLERS`, whose listings
//! catalog-svc seeds).
//! They sign in with their e-mail and the password in [`DEMO_PASSWORD`].

use mtaani_proto::demo::SELLERS;
use sqlx::AnyPool;

use crate::{error::Result, password};

/// Shared by every demo account; documented in the README. Demo data only.
pub const DEMO_PASSWORD: &str = "mtaani-demo";

/// Creates the demo sellers when there are no users yet; their subscriptions run 30 days from now.
pub async fn run_if_empty(pool: &AnyPool) -> Result<usize> {
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(pool).await?;
    if users > 0 {
        return Ok(0);
    }
    // One hash serves every demo account: hashing six times would only slow the first start.
    let phc = password::hash(DEMO_PASSWORD.to_owned()).await?;
    let now = crate::now();
    let mut tx = pool.begin().await?;
    for seller in SELLERS {
        let (id, name, email, phone, package) = (seller.id, seller.name, seller.email, seller.phone, seller.package);
        sqlx::query(
            "INSERT INTO users (id, user_name, email, email_key, phone_number, account_type, password_hash, \
             created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'seller', $6, $7, $7)",
        )
        .bind(id)
        .bind(name)
        .bind(email)
        .bind(email.to_lowercase())
        .bind(phone)
        .bind(phc.clone())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO subscriptions (id, user_id, package_id, status, paid_until, created_at, updated_at) \
             VALUES ($1, $2, $3, 'active', $4, $5, $5)",
        )
        .bind(uuid::Uuid::now_v7().to_string())
        .bind(id)
        .bind(package)
        // A year paid: the demo marketplace stays visible however long a dev run lasts.
        .bind(now + 365 * 86_400)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    tracing::info!(sellers = SELLERS.len(), "demo seller accounts created");
    Ok(SELLERS.len())
}
