//! Photo files whose fate a crash could leave undecided, decided in the database.
//!
//! A post writes its files before the listing row that names them, so a post cut off in between would
//! leave files nobody names: each photo's keys are first recorded as pending (`pending_photos`), the
//! transaction that stores the listing claims them, and a sweeper deletes the files of records nobody
//! claimed within an hour. Deleting a listing or dropping a photo condemns its keys in the same
//! transaction; the files go after the commit, and whatever a crash leaves condemned the sweeper
//! finishes. A sweep and a late post cannot both win: the sweeper condemns a record before it touches
//! the file, and a post may only claim a record that is not condemned (it then fails and is retried).

use std::time::Duration;

use sqlx::{AnyConnection, AnyPool};

use crate::{
    error::{Error, Result},
    images,
    media::MediaStore,
};

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

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Fresh keys for one processed photo's sizes, next to `listing_id`'s other photos.
fn new_media(listing_id: &str, photo: &images::Processed) -> NewMedia {
    let stem = uuid::Uuid::new_v4().simple().to_string();
    NewMedia {
        gallery_key: key(listing_id, &stem, images::GALLERY_EDGE),
        medium_key: photo.medium.as_ref().map(|_| key(listing_id, &stem, images::MEDIUM_EDGE)),
        thumbnail_key: key(listing_id, &stem, images::CARD_EDGE),
        small_key: Some(key(listing_id, &stem, images::SMALL_EDGE)),
        color: Some(photo.color.clone()),
        width: i64::from(photo.width),
        height: i64::from(photo.height),
    }
}

/// The key of one size (`edge`) of a photo of `listing_id` (`stem` fresh for each photo, or for each
/// data saver picture the background pass makes: small_photos).
pub(crate) fn key(listing_id: &str, stem: &str, edge: u32) -> String {
    let dir = &listing_id[listing_id.len().saturating_sub(2)..];
    format!("{dir}/{stem}-{edge}.webp")
}

async fn write(store: &MediaStore, media: &NewMedia, photo: &images::Processed) -> Result<()> {
    store.put(&media.gallery_key, &photo.gallery).await?;
    store.put(&media.thumbnail_key, &photo.thumbnail).await?;
    if let (Some(key), Some(bytes)) = (&media.medium_key, &photo.medium) {
        store.put(key, bytes).await?;
    }
    if let Some(key) = &media.small_key {
        store.put(key, &photo.small).await?;
    }
    Ok(())
}

/// Writes one processed photo under fresh keys (the demo data and the benchmark catalogs, stored in
/// one go at start-up).
pub async fn put(store: &MediaStore, listing_id: &str, photo: images::Processed) -> Result<NewMedia> {
    let media = new_media(listing_id, &photo);
    write(store, &media, &photo).await?;
    Ok(media)
}

/// As [`put`], with the keys recorded as pending first: the listing's transaction must [`claim`] them.
pub async fn put_pending(
    pool: &AnyPool,
    store: &MediaStore,
    listing_id: &str,
    photo: images::Processed,
) -> Result<NewMedia> {
    let media = new_media(listing_id, &photo);
    record_pending(pool, media.keys()).await?;
    write(store, &media, &photo).await?;
    Ok(media)
}

/// Records `keys` as pending, before their files are written.
pub(crate) async fn record_pending(pool: &AnyPool, keys: impl IntoIterator<Item = &String>) -> Result<()> {
    let t = now();
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
pub(crate) async fn record_pending_again(pool: &AnyPool, key: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO pending_photos (key, created_at) VALUES ($1, $2) \
         ON CONFLICT (key) DO UPDATE SET created_at = excluded.created_at, condemned_at = NULL",
    )
    .bind(key.to_owned())
    .bind(now())
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
            return Err(Error::Invalid(tonic::Status::unavailable(
                "Your photos took too long to save. Please try again.",
            )));
        }
    }
    Ok(())
}

/// Takes one pending record inside the transaction that names its file; false when the sweeper took
/// it first.
pub(crate) async fn claim_key(conn: &mut AnyConnection, key: &str) -> Result<bool> {
    let taken = sqlx::query("DELETE FROM pending_photos WHERE key = $1 AND condemned_at IS NULL")
        .bind(key.to_owned())
        .execute(&mut *conn)
        .await?;
    Ok(taken.rows_affected() == 1)
}

/// Inside the transaction that stops naming `keys` (a listing deleted, photos dropped in an edit):
/// records them as condemned, so their files go even if the process dies before [`remove`] runs.
pub async fn condemn(conn: &mut AnyConnection, keys: &[String]) -> Result<()> {
    let t = now();
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

/// Deletes the files of condemned `keys`, then their records. Failures are logged; the sweeper
/// finishes the job.
pub async fn remove(pool: &AnyPool, store: &MediaStore, keys: &[String]) {
    for key in keys {
        if let Err(e) = store.delete(key).await {
            tracing::warn!(%key, error = %e, "photo not removed now; the sweeper will");
            continue;
        }
        if let Err(e) = sqlx::query("DELETE FROM pending_photos WHERE key = $1").bind(key.clone()).execute(pool).await {
            tracing::warn!(%key, error = %e, "photo removed, its record stays for the sweeper");
        }
    }
}

/// A post that failed after writing its photos: they go now rather than at the next sweep.
pub async fn discard(pool: &AnyPool, store: &MediaStore, media: &[NewMedia]) {
    let keys: Vec<String> = media.iter().flat_map(NewMedia::keys).cloned().collect();
    discard_keys(pool, store, &keys).await;
}

/// Pending files nothing will name (a post that failed, a picture another replica made first): they go
/// now rather than at the next sweep.
pub(crate) async fn discard_keys(pool: &AnyPool, store: &MediaStore, keys: &[String]) {
    let t = now();
    for key in keys {
        // Condemned first: a retry of the post cannot claim what is being deleted.
        let _ = sqlx::query("UPDATE pending_photos SET condemned_at = $2 WHERE key = $1")
            .bind(key.clone())
            .bind(t)
            .execute(pool)
            .await;
    }
    remove(pool, store, keys).await;
}

/// Deletes the files of every condemned record and of every pending one older than `age`, then the
/// records; answers how many files went.
pub async fn sweep(pool: &AnyPool, store: &MediaStore, age: Duration) -> Result<usize> {
    let t = now();
    let cutoff = t - age.as_secs() as i64;
    let due: Vec<String> = sqlx::query_scalar(
        "SELECT key FROM pending_photos WHERE condemned_at IS NOT NULL OR created_at <= $1 LIMIT 500",
    )
    .bind(cutoff)
    .fetch_all(pool)
    .await?;
    let mut swept = Vec::with_capacity(due.len());
    for key in due {
        // Condemned here, a post can no longer claim it; claimed by a post meanwhile, it is gone and
        // stays with its listing.
        let taken = sqlx::query(
            "UPDATE pending_photos SET condemned_at = COALESCE(condemned_at, $2) \
             WHERE key = $1 AND (condemned_at IS NOT NULL OR created_at <= $3)",
        )
        .bind(key.clone())
        .bind(t)
        .bind(cutoff)
        .execute(pool)
        .await?;
        if taken.rows_affected() == 1 {
            swept.push(key);
        }
    }
    remove(pool, store, &swept).await;
    if !swept.is_empty() {
        tracing::info!(swept = swept.len(), "photo files no listing names removed");
    }
    Ok(swept.len())
}

/// Sweeps every quarter of `age` (at least every second, at most every ten minutes) until the process
/// ends.
pub fn spawn_sweeper(pool: AnyPool, store: MediaStore, age: Duration) -> tokio::task::JoinHandle<()> {
    let every = (age / 4).clamp(Duration::from_secs(1), Duration::from_secs(600));
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            if let Err(e) = sweep(&pool, &store, age).await {
                tracing::warn!(error = %e, "photo sweep failed; trying again later");
            }
        }
    })
}
