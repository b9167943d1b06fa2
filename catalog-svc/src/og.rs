//! Link previews' pictures: each listing's first photo as a 1200 × 630 JPEG of at most
//! 300 KB (`images::og_image`), which a listing's page names as its `og:image`. A background pass
//! makes the missing ones shortly after a photo is stored (woken by the catalog's changes) and, on
//! its first run, for every listing stored before; it remakes one when the first photo changes and
//! removes those of listings gone or left without photos. Replicas may both make one at once: the
//! key is the same, and the first to name it in a row wins. A picture's file is pending until its row
//! names it, and condemned with the change that stops naming it (crate::photos), so that a crash at
//! any point leaves no file nobody names.

use std::time::Duration;

use crate::{error::Result, images, photos, service::Catalog, store};

/// Listings done per round (one photo decoded at a time in the process anyway).
const BATCH: i64 = 20;

/// The preview's key for a listing's photo: named after both, so a new first photo gets a new file.
fn og_key(listing_id: &str, source_key: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    source_key.hash(&mut h);
    format!("og/{listing_id}-{:08x}.jpg", h.finish() as u32)
}

impl Catalog {
    /// One round: up to [`BATCH`] previews made, and those no longer needed removed; answers how many
    /// changed (the caches are told).
    pub async fn refresh_previews(&self) -> Result<usize> {
        let mut changed = 0;
        let due = store::previews::previews_due(&self.pool, BATCH).await?;
        for (listing_id, source, before) in due {
            let key = match self.store.get(&source).await? {
                Some(bytes) => match tokio::task::spawn_blocking(move || images::og_image(&bytes)).await {
                    Ok(Ok(jpeg)) => {
                        let key = og_key(&listing_id, &source);
                        // Pending until its row names it: a round cut off in between leaves the file
                        // to the sweeper (crate::photos), not to nobody.
                        store::photos::record_pending_again(&self.pool, &key).await?;
                        self.store.put(&key, &jpeg).await?;
                        key
                    }
                    Ok(Err(e)) => {
                        tracing::warn!(%listing_id, error = %e, "link preview: the photo cannot be read");
                        String::new()
                    }
                    Err(e) => {
                        tracing::warn!(%listing_id, error = %e, "link preview: making it failed");
                        continue;
                    }
                },
                // Gone meanwhile (the listing edited or deleted): the next round sees the new state.
                None => continue,
            };
            let mut tx = self.pool.begin().await?;
            // Another replica named the same picture first, or the sweeper took it: the next round sees.
            if !key.is_empty() && !store::photos::claim_key(&mut tx, &key).await? {
                continue;
            }
            store::previews::name_preview(&mut tx, &listing_id, &source, &key, crate::clock::now()).await?;
            // The picture it replaces is condemned with the change, so a crash cannot keep its file.
            let replaced: Vec<String> = before.into_iter().filter(|old| !old.is_empty() && *old != key).collect();
            store::photos::condemn(&mut tx, &replaced).await?;
            tx.commit().await?;
            photos::remove(&self.pool, &self.store, &replaced).await;
            changed += 1;
        }
        // Listings deleted, or left without photos: their previews go.
        let gone = store::previews::previews_gone(&self.pool, BATCH).await?;
        for (listing_id, key) in gone {
            let mut tx = self.pool.begin().await?;
            store::previews::drop_preview(&mut tx, &listing_id, &key).await?;
            let key: Vec<String> = Some(key).into_iter().filter(|k| !k.is_empty()).collect();
            store::photos::condemn(&mut tx, &key).await?;
            tx.commit().await?;
            photos::remove(&self.pool, &self.store, &key).await;
            changed += 1;
        }
        if changed > 0 {
            self.announce().await;
        }
        Ok(changed)
    }

    /// Runs rounds in the background: at once, after each change of the catalog, and every minute.
    pub fn spawn_previews(&self) {
        let catalog = self.clone();
        let mut changes = self.changes.subscribe();
        tokio::spawn(async move {
            loop {
                match catalog.refresh_previews().await {
                    // A full batch: more may be due.
                    Ok(n) if n as i64 >= BATCH => continue,
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "link previews: a round failed; trying again later"),
                }
                tokio::select! {
                    changed = changes.changed() => if changed.is_err() { return },
                    () = tokio::time::sleep(Duration::from_secs(60)) => {}
                }
            }
        });
    }
}
