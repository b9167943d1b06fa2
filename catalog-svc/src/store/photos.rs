//! The photo files' records (`pending_photos`): pending until the listing that names them claims them
//! in its transaction, condemned when nothing will name them (photos.rs says why).

use sqlx::{AnyConnection, AnyPool};

use crate::error::{Error, Result};

#[derive(Debug, Clone)]
pub struct NewMedia {
    pub gallery_key: String,
    /// The phone-size picture (images::MEDIUM_EDGE); none for small photos and older ones.
    pub medium_key: Option<String>,
    pub thumbnail_key: String,
    /// The data saver's picture (images::SMALL_EDGE); none for a photo stored before it existed, until
    /// the background pass (small_photos) makes it.
    pub small_key: Option<String>,
    /// The photo's average colour, `#rrggbb`; none as `small_key`.
    pub color: Option<String>,
    pub width: i64,
    pub height: i64,
}

impl NewMedia {
    /// The storage keys of every size of this photo.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        let small = self.small_key.as_ref().filter(|k| !k.is_empty());
        [&self.gallery_key, &self.thumbnail_key].into_iter().chain(&self.medium_key).chain(small)
    }
}

/// Records `keys` as pending, before their files are written.
pub async fn record_pending(pool: &AnyPool, keys: impl IntoIterator<Item = &String>) -> Result<()> {
    let t = crate::clock::now();
    for key in keys {
        sqlx::query("INSERT INTO pending_photos (key, created_at) VALUES ($1, $2)")
            .bind(key.clone())
            .bind(t)
            .execute(pool)
            .await?;
    }
    Ok(())
}

/// Records a key that is made again under the same name (a link preview's picture) as pending, before
/// its file is written: a record left by a cut-off attempt, or condemned, starts afresh.
pub async fn record_pending_again(pool: &AnyPool, key: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO pending_photos (key, created_at) VALUES ($1, $2) \
         ON CONFLICT (key) DO UPDATE SET created_at = excluded.created_at, condemned_at = NULL",
    )
    .bind(key.to_owned())
    .bind(crate::clock::now())
    .execute(pool)
    .await?;
    Ok(())
}

/// Inside the transaction that stores the listing naming `media`: takes their pending records. Fails
/// (so the transaction rolls back) when the sweeper took one first: its files are gone.
pub async fn claim(conn: &mut AnyConnection, media: &[NewMedia]) -> Result<()> {
    for key in media.iter().flat_map(NewMedia::keys) {
        if !claim_key(conn, key).await? {
            tracing::warn!(%key, "a photo of this post was swept before its listing was stored");
            return Err(Error::PhotosSwept);
        }
    }
    Ok(())
}

/// Takes one pending record inside the transaction that names its file; false when the sweeper took
/// it first.
pub async fn claim_key(conn: &mut AnyConnection, key: &str) -> Result<bool> {
    let taken = sqlx::query("DELETE FROM pending_photos WHERE key = $1 AND condemned_at IS NULL")
        .bind(key.to_owned())
        .execute(&mut *conn)
        .await?;
    Ok(taken.rows_affected() == 1)
}

/// Inside the transaction that stops naming `keys` (a listing deleted, photos dropped in an edit):
/// records them as condemned, so their files go even if the process dies before [`remove`] runs.
pub async fn condemn(conn: &mut AnyConnection, keys: &[String]) -> Result<()> {
    let t = crate::clock::now();
    for key in keys {
        sqlx::query(
            "INSERT INTO pending_photos (key, created_at, condemned_at) VALUES ($1, $2, $2) \
             ON CONFLICT (key) DO UPDATE SET condemned_at = excluded.condemned_at",
        )
        .bind(key.clone())
        .bind(t)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Forgets the record of a file deleted.
pub async fn forget(pool: &AnyPool, key: &str) -> Result<()> {
    sqlx::query("DELETE FROM pending_photos WHERE key = $1").bind(key.to_owned()).execute(pool).await?;
    Ok(())
}

/// Condemns a pending `key` nothing will name: a retry of the post cannot claim what is being deleted.
pub async fn condemn_pending(pool: &AnyPool, key: &str, now: i64) -> Result<bool> {
    let condemned = sqlx::query("UPDATE pending_photos SET condemned_at = $2 WHERE key = $1")
        .bind(key.to_owned())
        .bind(now)
        .execute(pool)
        .await?;
    Ok(condemned.rows_affected() == 1)
}

/// The keys the sweeper is due to take (at most 500): condemned, or pending since `cutoff`.
pub async fn due(pool: &AnyPool, cutoff: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT key FROM pending_photos WHERE condemned_at IS NOT NULL OR created_at <= $1 LIMIT 500",
    )
    .bind(cutoff)
    .fetch_all(pool)
    .await?)
}

/// Condemns a due key for the sweeper; false when a post claimed it meanwhile (it stays with its
/// listing).
pub async fn take_due(pool: &AnyPool, key: &str, now: i64, cutoff: i64) -> Result<bool> {
    let taken = sqlx::query(
        "UPDATE pending_photos SET condemned_at = COALESCE(condemned_at, $2) \
         WHERE key = $1 AND (condemned_at IS NOT NULL OR created_at <= $3)",
    )
    .bind(key.to_owned())
    .bind(now)
    .bind(cutoff)
    .execute(pool)
    .await?;
    Ok(taken.rows_affected() == 1)
}
