//! Favourites: the listings a signed-in user saved, with the name each had when saved.

use sqlx::{AnyConnection, AnyPool};

use crate::error::Result;

/// A user's favourites, the latest saved first, at most `limit`: (listing id, name, saved at).
pub async fn of_user(pool: &AnyPool, user_id: &str, limit: i64) -> Result<Vec<(String, String, i64)>> {
    Ok(sqlx::query_as(
        "SELECT listing_id, name, created_at FROM favourites WHERE user_id = $1 \
         ORDER BY created_at DESC, listing_id LIMIT $2",
    )
    .bind(user_id.to_owned())
    .bind(limit)
    .fetch_all(pool)
    .await?)
}

/// A saved favourite's name and when it was saved.
pub async fn saved(pool: &AnyPool, user_id: &str, listing_id: &str) -> Result<Option<(String, i64)>> {
    Ok(sqlx::query_as("SELECT name, created_at FROM favourites WHERE user_id = $1 AND listing_id = $2")
        .bind(user_id.to_owned())
        .bind(listing_id.to_owned())
        .fetch_optional(pool)
        .await?)
}

/// Saves a favourite in one statement: at most `max` per account, and a second save of the same
/// listing (at once or later) changes nothing. Answers whether it was added.
pub async fn add(pool: &AnyPool, user_id: &str, listing_id: &str, name: &str, now: i64, max: i64) -> Result<bool> {
    let added = sqlx::query(
        "INSERT INTO favourites (user_id, listing_id, name, created_at) SELECT $1, $2, $3, $4 \
         WHERE (SELECT COUNT(*) FROM favourites WHERE user_id = $1) < $5 \
         ON CONFLICT (user_id, listing_id) DO NOTHING",
    )
    .bind(user_id.to_owned())
    .bind(listing_id.to_owned())
    .bind(name.to_owned())
    .bind(now)
    .bind(max)
    .execute(pool)
    .await?;
    Ok(added.rows_affected() == 1)
}

/// Removes a favourite, if saved.
pub async fn remove(pool: &AnyPool, user_id: &str, listing_id: &str) -> Result<()> {
    sqlx::query("DELETE FROM favourites WHERE user_id = $1 AND listing_id = $2")
        .bind(user_id.to_owned())
        .bind(listing_id.to_owned())
        .execute(pool)
        .await?;
    Ok(())
}

/// Deletes a user's favourites (their account is deleted along with their reviews).
pub async fn delete_of_user(conn: &mut AnyConnection, user_id: &str) -> Result<()> {
    sqlx::query("DELETE FROM favourites WHERE user_id = $1").bind(user_id.to_owned()).execute(&mut *conn).await?;
    Ok(())
}
