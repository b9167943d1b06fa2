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

use sqlx::AnyPool;

pub use crate::store::photos::NewMedia;
use crate::{error::Result, images, media::MediaStore, store};

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

/// As [`put`], with the keys recorded as pending first: the listing's transaction must claim them
/// (`store::photos::claim`).
pub async fn put_pending(
    pool: &AnyPool,
    store: &MediaStore,
    listing_id: &str,
    photo: images::Processed,
) -> Result<NewMedia> {
    let media = new_media(listing_id, &photo);
    store::photos::record_pending(pool, media.keys()).await?;
    write(store, &media, &photo).await?;
    Ok(media)
}

/// Every photo of a post or an edit, as [`put_pending`]; when one fails, those written before it go
/// and the error is answered.
pub async fn put_all_pending(
    pool: &AnyPool,
    store: &MediaStore,
    listing_id: &str,
    photos: Vec<images::Processed>,
) -> Result<Vec<NewMedia>> {
    let mut media = Vec::with_capacity(photos.len());
    for photo in photos {
        match put_pending(pool, store, listing_id, photo).await {
            Ok(m) => media.push(m),
            Err(e) => {
                discard(pool, store, &media).await;
                return Err(e);
            }
        }
    }
    Ok(media)
}

/// Deletes the files of condemned `keys`, then their records. Failures are logged; the sweeper
/// finishes the job.
pub async fn remove(pool: &AnyPool, store: &MediaStore, keys: &[String]) {
    for key in keys {
        if let Err(e) = store.delete(key).await {
            tracing::warn!(%key, error = %e, "photo not removed now; the sweeper will");
            continue;
        }
        if let Err(e) = store::photos::forget(pool, key).await {
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
    let t = crate::clock::now();
    let mut condemned = Vec::with_capacity(keys.len());
    for key in keys {
        // Condemned first: a retry of the post cannot claim what is being deleted. A key no longer
        // pending was claimed: the post's transaction committed although its answer was lost (the
        // database restarted at the commit), and the listing names the file. When the database
        // cannot say, the file stays pending and the sweeper decides.
        match store::photos::condemn_pending(pool, key, t).await {
            Ok(true) => condemned.push(key.clone()),
            Ok(false) => tracing::warn!(%key, "photo claimed by a stored listing; kept"),
            Err(e) => tracing::warn!(%key, error = %e, "pending photo not condemned; left to the sweeper"),
        }
    }
    remove(pool, store, &condemned).await;
}

/// Deletes the files of every condemned record and of every pending one older than `age`, then the
/// records; answers how many files went.
pub async fn sweep(pool: &AnyPool, store: &MediaStore, age: Duration) -> Result<usize> {
    let t = crate::clock::now();
    let cutoff = t - age.as_secs() as i64;
    let due = store::photos::due(pool, cutoff).await?;
    let mut swept = Vec::with_capacity(due.len());
    for key in due {
        // Condemned here, a post can no longer claim it; claimed by a post meanwhile, it is gone and
        // stays with its listing.
        if store::photos::take_due(pool, &key, t, cutoff).await? {
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
