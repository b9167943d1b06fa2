//! Team members' photos (`portraits`): which seller's team each file is for (portraits.rs says when
//! one goes).

use sqlx::{AnyConnection, AnyPool};

use crate::error::Result;

/// Inside the transaction that claims the file's pending record: the photo is `seller_id`'s.
pub async fn insert(conn: &mut AnyConnection, key: &str, seller_id: &str, now: i64) -> Result<()> {
    sqlx::query("INSERT INTO portraits (media_key, seller_id, created_at) VALUES ($1, $2, $3)")
        .bind(key.to_owned())
        .bind(seller_id.to_owned())
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// Whose photo `key` is, if it is a team photo.
pub async fn owner(pool: &AnyPool, key: &str) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT seller_id FROM portraits WHERE media_key = $1")
        .bind(key.to_owned())
        .fetch_optional(pool)
        .await?)
}

/// Every photo key of `seller_id`'s team with when it was stored.
pub async fn of_seller(pool: &AnyPool, seller_id: &str) -> Result<Vec<(String, i64)>> {
    Ok(sqlx::query_as("SELECT media_key, created_at FROM portraits WHERE seller_id = $1")
        .bind(seller_id.to_owned())
        .fetch_all(pool)
        .await?)
}

/// Inside the transaction that condemns its file: `key` is no longer a team photo. False when another
/// call took it first.
pub async fn delete(conn: &mut AnyConnection, key: &str) -> Result<bool> {
    let done = sqlx::query("DELETE FROM portraits WHERE media_key = $1").bind(key.to_owned()).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}
