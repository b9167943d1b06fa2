//! Team members' photos: checked as a listing's photos are, stored as one small square
//! for the seller whose team shows it. booking-svc keeps which member shows which URL; the gateway,
//! after each change of the team, names the URLs the team shows (`keep`) and those it just stopped
//! showing (`drop`), and the others go too once older than any save in flight.
//!
//! A file is written under a pending record and claimed in the transaction that records whose it is,
//! and condemned in the one that forgets it, as a listing's photos are (photos.rs), so the sweeper
//! finishes what a crash leaves.

use mtaani_proto::catalog::v1 as pb;

use crate::{
    error::{Error, Result},
    images, photos,
    service::Catalog,
    store,
};

/// The URL path of the stored files.
const MEDIA: &str = "/media/";
/// Where the team photos' keys start (their own folder beside the listings' two-letter ones).
const FOLDER: &str = "team/";
/// A photo no member shows is kept this long after it was stored: a save of the team may have stored
/// it and not yet told booking-svc (the gateway calls one after the other).
pub const IN_FLIGHT_SECS: i64 = 10 * 60;

fn key_of(url: &str) -> Option<&str> {
    url.strip_prefix(MEDIA).filter(|k| k.starts_with(FOLDER))
}

impl Catalog {
    /// Stores a new team photo for `seller_id` (a data URL), or answers one of theirs already stored
    /// (its URL) as it is.
    pub async fn put_portrait(&self, r: pb::PutPortraitRequest) -> Result<pb::Portrait> {
        let seller_id = r.seller_id.trim();
        if seller_id.is_empty() {
            return Err(Error::SellerIdRequired);
        }
        let photo = r.photo.trim();
        if !photo.starts_with("data:") {
            let theirs = match key_of(photo) {
                Some(key) => store::portraits::owner(&self.pool, key).await?.is_some_and(|o| o == seller_id),
                None => false,
            };
            if !theirs {
                return Err(Error::BadPortrait(images::PhotoError::Unsupported));
            }
            return Ok(pb::Portrait { url: photo.to_owned() });
        }
        let data_url = photo.to_owned();
        let bytes =
            tokio::task::spawn_blocking(move || images::decode_data_url(&data_url).and_then(|b| images::portrait(&b)))
                .await?
                .map_err(Error::BadPortrait)?;
        let dir = &seller_id[seller_id.len().saturating_sub(2)..];
        let dir: String = dir.chars().filter(char::is_ascii_alphanumeric).collect();
        let stem = uuid::Uuid::new_v4().simple().to_string();
        let key = format!("{FOLDER}{dir}/{stem}-{}.webp", images::PORTRAIT_EDGE);
        store::photos::record_pending(&self.pool, [&key]).await?;
        if let Err(e) = self.store.put(&key, &bytes).await {
            photos::discard_keys(&self.pool, &self.store, std::slice::from_ref(&key)).await;
            return Err(Error::Media(e));
        }
        let mut tx = self.pool.begin().await?;
        if !store::photos::claim_key(&mut tx, &key).await? {
            return Err(Error::PhotosSwept);
        }
        store::portraits::insert(&mut tx, &key, seller_id, crate::clock::now()).await?;
        tx.commit().await?;
        Ok(pb::Portrait { url: format!("{MEDIA}{key}") })
    }

    /// Deletes `seller_id`'s team photos that the team no longer shows: those in `drop` at once, the
    /// others not in `keep` once older than [`IN_FLIGHT_SECS`]; answers how many went.
    pub async fn keep_portraits(&self, r: pb::KeepPortraitsRequest) -> Result<i64> {
        let seller_id = r.seller_id.trim();
        if seller_id.is_empty() {
            return Err(Error::SellerIdRequired);
        }
        let keep: Vec<&str> = r.keep.iter().filter_map(|u| key_of(u)).collect();
        let drop: Vec<&str> = r.drop.iter().filter_map(|u| key_of(u)).collect();
        let settled = crate::clock::now() - IN_FLIGHT_SECS;
        let gone: Vec<String> = store::portraits::of_seller(&self.pool, seller_id)
            .await?
            .into_iter()
            .filter(|(key, at)| !keep.contains(&key.as_str()) && (drop.contains(&key.as_str()) || *at <= settled))
            .map(|(key, _)| key)
            .collect();
        self.forget_portraits(&gone).await
    }

    /// Deletes every team photo of `seller_id` (their account is closed).
    pub(crate) async fn delete_seller_portraits(&self, seller_id: &str) -> Result<i64> {
        let keys: Vec<String> =
            store::portraits::of_seller(&self.pool, seller_id).await?.into_iter().map(|(key, _)| key).collect();
        self.forget_portraits(&keys).await
    }

    async fn forget_portraits(&self, keys: &[String]) -> Result<i64> {
        let mut removed = Vec::with_capacity(keys.len());
        for key in keys {
            let mut tx = self.pool.begin().await?;
            if store::portraits::delete(&mut tx, key).await? {
                store::photos::condemn(&mut tx, std::slice::from_ref(key)).await?;
                removed.push(key.clone());
            }
            tx.commit().await?;
        }
        photos::remove(&self.pool, &self.store, &removed).await;
        Ok(removed.len() as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_team_photos_are_named_by_their_url() {
        assert_eq!(key_of("/media/team/ab/x-192.webp"), Some("team/ab/x-192.webp"));
        assert_eq!(key_of("/media/ab/x-1280.webp"), None);
        assert_eq!(key_of("https://elsewhere.example/team/x.webp"), None);
    }

    #[test]
    fn a_photo_that_cannot_be_read_says_why_on_its_field() {
        let big = Error::BadPortrait(images::PhotoError::TooLarge);
        assert_eq!((big.text().to_string(), big.field()), ("The photo is larger than 5 MB.".to_owned(), Some("photo")));
        let not = Error::BadPortrait(images::PhotoError::Unsupported);
        assert_eq!(not.text().to_string(), "The photo is not a supported image format.");
    }
}
