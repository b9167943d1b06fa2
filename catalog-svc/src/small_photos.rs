//! The data saver's pictures for photos stored before upload made them: each photo's 320 px
//! WebP and average colour (`images::small_of_stored`), made from its stored card picture by a
//! background pass at start, a bounded batch per round until none is left.
//!
//! Safe with several replicas and with edits meanwhile: a picture is written under a fresh key recorded
//! as pending (the sweeper removes it if the process dies before it is named), and named by one
//! conditional update, only while the photo is still there and still has none, in the transaction that
//! claims that record. A replica that loses the race, or a photo edited away, discards its file.

use std::time::Duration;

use crate::{
    error::Result,
    images, photos,
    service::Catalog,
    store::{self, previews::SmallDue},
};

/// Photos done per round (each a decode of a 480 px picture and an encode of a 320 px one).
pub const BATCH: i64 = 20;

/// What became of one photo.
enum Outcome {
    /// Its picture and colour are stored.
    Made,
    /// Its stored picture cannot be read: marked so (small_key ''), not tried again.
    Unreadable,
    /// Another replica or an edit came first; nothing of ours is left.
    Lost,
}

impl Catalog {
    /// One round: up to `limit` photos given their data saver picture and colour; answers how many
    /// photos were due (fewer than `limit`: none is left). The caches are told when answers changed.
    pub async fn backfill_small_photos(&self, limit: i64) -> Result<usize> {
        let due = store::previews::small_due(&self.pool, limit).await?;
        let mut changed = 0;
        for photo in &due {
            match self.make_small(photo).await? {
                Outcome::Made | Outcome::Unreadable => changed += 1,
                Outcome::Lost => {}
            }
        }
        if changed > 0 {
            tracing::info!(photos = changed, "data saver pictures made for photos stored before them");
            self.announce().await;
        }
        Ok(due.len())
    }

    async fn make_small(&self, photo: &SmallDue) -> Result<Outcome> {
        // The card picture: the smallest stored size that is at least the data saver's.
        let source = match self.store.get(&photo.thumbnail_key).await? {
            Some(bytes) => Some(bytes),
            None => self.store.get(&photo.gallery_key).await?,
        };
        let made = match source {
            Some(bytes) => match tokio::task::spawn_blocking(move || images::small_of_stored(&bytes)).await {
                Ok(made) => made.ok(),
                // Panicked on this photo: marked as unreadable too, so that no round tries it again.
                Err(e) => {
                    tracing::warn!(listing_id = %photo.listing_id, error = %e, "data saver picture: making it failed");
                    None
                }
            },
            None => None,
        };
        let Some((bytes, color)) = made else {
            // Gone with its listing meanwhile (then no row matches), or unreadable: not tried again.
            if store::previews::mark_unreadable(&self.pool, photo).await? {
                tracing::warn!(listing_id = %photo.listing_id, key = %photo.thumbnail_key, "data saver picture: the stored photo cannot be read");
                return Ok(Outcome::Unreadable);
            }
            return Ok(Outcome::Lost);
        };
        let key = photos::key(&photo.listing_id, &uuid::Uuid::new_v4().simple().to_string(), images::SMALL_EDGE);
        store::photos::record_pending(&self.pool, [&key]).await?;
        self.store.put(&key, &bytes).await?;
        let mut tx = self.pool.begin().await?;
        if store::previews::name_small(&mut tx, photo, &key, color).await?
            && store::photos::claim_key(&mut tx, &key).await?
        {
            tx.commit().await?;
            return Ok(Outcome::Made);
        }
        drop(tx);
        photos::discard_keys(&self.pool, &self.store, std::slice::from_ref(&key)).await;
        Ok(Outcome::Lost)
    }

    /// Runs rounds in the background until no photo is left without its data saver picture (a round
    /// that fails is tried again a minute later), then says so on `finished`. New photos get theirs at
    /// upload.
    pub(crate) fn spawn_small_photos(&self, finished: tokio::sync::watch::Sender<bool>) {
        let catalog = self.clone();
        tokio::spawn(async move {
            loop {
                match catalog.backfill_small_photos(BATCH).await {
                    Ok(n) if (n as i64) < BATCH => {
                        finished.send_replace(true);
                        return;
                    }
                    // A full batch: more may be due, after a breath for the calls being served.
                    Ok(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                    Err(e) => {
                        tracing::warn!(error = %e, "data saver pictures: a round failed; trying again later");
                        tokio::time::sleep(Duration::from_secs(60)).await;
                    }
                }
            }
        });
    }

    /// Answers once this replica's background pass has finished: every photo it took up is named or
    /// discarded, file included (a replica that lost a race to another deletes its picture after the
    /// other named its own).
    pub async fn small_photos_settled(&self) {
        // An error is the pass gone without finishing (the runtime shutting down): nothing to wait for.
        let _ = self.small_photos_done.clone().wait_for(|done| *done).await;
    }
}
