//! Demo seller accounts for the demo marketplace (their ids match catalog-svc's demo listings).
//! They sign in with their e-mail and the password in [`DEMO_PASSWORD`].

use sqlx::AnyPool;

use crate::{error::Result, password};

/// Shared by every demo account; documented in the README. Demo data only.
pub const DEMO_PASSWORD: &str = "mtaani-demo";

/// (id, name, e-mail, phone, package)
const SELLERS: [(&str, &str, &str, &str, &str); 6] = [
    ("0193a000-0000-7000-8000-000000000001", "Wanjiru Kamau", "wanjiru@demo.mtaani.co.ke", "+254712345601", "premium"),
    (
        "0193a000-0000-7000-8000-000000000002",
        "Achieng Otieno",
        "achieng@demo.mtaani.co.ke",
        "+254722345602",
        "standard",
    ),
    ("0193a000-0000-7000-8000-000000000003", "Njeri Mwangi", "njeri@demo.mtaani.co.ke", "+254733345603", "basic"),
    ("0193a000-0000-7000-8000-000000000004", "Fatuma Hassan", "fatuma@demo.mtaani.co.ke", "+254701345604", "premium"),
    (
        "0193a000-0000-7000-8000-000000000005",
        "Kiprono Langat",
        "kiprono@demo.mtaani.co.ke",
        "+254790345605",
        "standard",
    ),
    ("0193a000-0000-7000-8000-000000000006", "Mercy Chebet", "mercy@demo.mtaani.co.ke", "+254111345606", "basic"),
];

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
    for (id, name, email, phone, package) in SELLERS {
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
