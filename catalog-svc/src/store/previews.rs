//! The pictures made after a photo is stored: link previews (`listing_og`, og.rs) and the data
//! saver's small pictures of older photos (`listing_media.small_key`, small_photos.rs).

use sqlx::{AnyConnection, AnyPool, Row};

use crate::error::Result;

/// A listing whose first photo has no preview, or a preview of another photo: (listing, its first
/// photo's gallery key, the preview's key if any). At most `limit`.
pub async fn previews_due(pool: &AnyPool, limit: i64) -> Result<Vec<(String, String, Option<String>)>> {
    let rows = sqlx::query(
        "SELECT m.listing_id, m.gallery_key, o.og_key FROM listing_media m \
         LEFT JOIN listing_og o ON o.listing_id = m.listing_id \
         WHERE m.position = 0 AND (o.listing_id IS NULL OR o.source_key <> m.gallery_key) \
         ORDER BY m.listing_id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|row| Ok((row.try_get("listing_id")?, row.try_get("gallery_key")?, row.try_get("og_key")?)))
        .collect::<Result<_, sqlx::Error>>()?)
}

/// Names a listing's preview (`key`, '' for a photo that cannot be read) made from `source`.
pub async fn name_preview(conn: &mut AnyConnection, listing_id: &str, source: &str, key: &str, now: i64) -> Result<()> {
    sqlx::query(
        "INSERT INTO listing_og (listing_id, source_key, og_key, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (listing_id) DO UPDATE SET source_key = excluded.source_key, og_key = excluded.og_key, \
         created_at = excluded.created_at",
    )
    .bind(listing_id.to_owned())
    .bind(source.to_owned())
    .bind(key.to_owned())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Previews of listings deleted or left without photos: (listing, preview key). At most `limit`.
pub async fn previews_gone(pool: &AnyPool, limit: i64) -> Result<Vec<(String, String)>> {
    Ok(sqlx::query_as(
        "SELECT o.listing_id, o.og_key FROM listing_og o WHERE NOT EXISTS \
         (SELECT 1 FROM listing_media m WHERE m.listing_id = o.listing_id AND m.position = 0) LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await?)
}

/// Forgets a listing's preview of `key`.
pub async fn drop_preview(conn: &mut AnyConnection, listing_id: &str, key: &str) -> Result<()> {
    sqlx::query("DELETE FROM listing_og WHERE listing_id = $1 AND og_key = $2")
        .bind(listing_id.to_owned())
        .bind(key.to_owned())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A photo still without its data saver picture.
pub struct SmallDue {
    pub listing_id: String,
    pub position: i64,
    pub gallery_key: String,
    pub thumbnail_key: String,
}

/// The photos without a data saver picture, at most `limit`.
pub async fn small_due(pool: &AnyPool, limit: i64) -> Result<Vec<SmallDue>> {
    Ok(sqlx::query(
        "SELECT listing_id, position, gallery_key, thumbnail_key FROM listing_media WHERE small_key IS NULL \
         ORDER BY listing_id, position LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| {
        Ok(SmallDue {
            listing_id: r.try_get("listing_id")?,
            position: r.try_get("position")?,
            gallery_key: r.try_get("gallery_key")?,
            thumbnail_key: r.try_get("thumbnail_key")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()?)
}

/// Marks a photo whose picture cannot be made (small key ''), while it is still there and has none;
/// answers whether it was.
pub async fn mark_unreadable(pool: &AnyPool, photo: &SmallDue) -> Result<bool> {
    let marked = sqlx::query(
        "UPDATE listing_media SET small_key = '' WHERE listing_id = $1 AND position = $2 \
         AND gallery_key = $3 AND small_key IS NULL",
    )
    .bind(photo.listing_id.clone())
    .bind(photo.position)
    .bind(photo.gallery_key.clone())
    .execute(pool)
    .await?;
    Ok(marked.rows_affected() == 1)
}

/// Names a photo's data saver picture and colour, while the photo is still there and has none;
/// answers whether it did.
pub async fn name_small(conn: &mut AnyConnection, photo: &SmallDue, key: &str, color: String) -> Result<bool> {
    let named = sqlx::query(
        "UPDATE listing_media SET small_key = $1, color = $2 WHERE listing_id = $3 AND position = $4 \
         AND gallery_key = $5 AND small_key IS NULL",
    )
    .bind(key.to_owned())
    .bind(color)
    .bind(photo.listing_id.clone())
    .bind(photo.position)
    .bind(photo.gallery_key.clone())
    .execute(&mut *conn)
    .await?;
    Ok(named.rows_affected() == 1)
}
