//! Favourites: the listings a signed-in user saved with the heart. A visitor keeps theirs
//! in the browser; at sign-in the app saves them here one by one (saving is idempotent).
//!
//! catalog-svc keeps them beside the listings: the list answers the listings themselves in one read,
//! and a listing hidden or deleted since is answered by the name it had when saved, as no longer
//! available, instead of an error. They go with the account (`forget_reviewer`).

use mtaani_proto::catalog::v1 as pb;

use crate::{
    error::{Error, Result},
    service::Catalog,
    store,
};

/// How many one account keeps: a page of favourites, not a copy of the catalog.
pub const MAX_FAVOURITES: i64 = 200;

/// The user and listing of a request, both required (the gateway passes the signed-in user).
fn ids(r: &pb::FavouriteRequest) -> Result<(String, String)> {
    let (user, listing) = (r.user_id.trim(), r.listing_id.trim());
    if user.is_empty() {
        return Err(Error::UserIdRequired);
    }
    // An id no listing can have (too long, a NUL that PostgreSQL refuses) is simply not found.
    if listing.is_empty() || listing.len() > 64 || listing.contains('\0') {
        return Err(Error::ListingNotFound);
    }
    Ok((user.to_owned(), listing.to_owned()))
}

impl Catalog {
    /// The user's favourites, the latest saved first, with the listings still shown.
    pub async fn list_favourites(&self, user_id: &str) -> Result<Vec<pb::Favourite>> {
        let rows = store::favourites::of_user(&self.pool, user_id.trim(), MAX_FAVOURITES).await?;
        let ids: Vec<String> = rows.iter().map(|(id, _, _)| id.clone()).collect();
        let mut shown: std::collections::HashMap<String, pb::Listing> =
            store::listings::get_many(&self.pool, &ids).await?.into_iter().map(|l| (l.id.clone(), l)).collect();
        Ok(rows
            .into_iter()
            .map(|(listing_id, name, saved_at)| {
                let listing = shown.remove(&listing_id);
                pb::Favourite { name: listing.as_ref().map_or(name, |l| l.name.clone()), listing_id, saved_at, listing }
            })
            .collect())
    }

    /// Saves a listing (again: nothing changes). A listing not shown to the public can only be saved
    /// again, not newly: 404 as for anyone looking at it.
    pub async fn put_favourite(&self, r: &pb::FavouriteRequest) -> Result<pb::Favourite> {
        let (user, listing_id) = ids(r)?;
        let Some(listing) = store::listings::get(&self.pool, &listing_id, false).await? else {
            let saved = store::favourites::saved(&self.pool, &user, &listing_id).await?;
            let (name, saved_at) = saved.ok_or(Error::ListingNotFound)?;
            return Ok(pb::Favourite { listing_id, name, saved_at, listing: None });
        };
        let added =
            store::favourites::add(&self.pool, &user, &listing_id, &listing.name, crate::clock::now(), MAX_FAVOURITES)
                .await?;
        let saved_at = store::favourites::saved(&self.pool, &user, &listing_id).await?.map(|(_, at)| at);
        match saved_at {
            Some(saved_at) => {
                if added {
                    tracing::debug!(listing_id = %listing_id, "favourite saved");
                }
                Ok(pb::Favourite { listing_id, name: listing.name.clone(), saved_at, listing: Some(listing) })
            }
            None => Err(Error::TooManyFavourites),
        }
    }

    /// Removes a favourite; removing one not saved changes nothing.
    pub async fn delete_favourite(&self, r: &pb::FavouriteRequest) -> Result<()> {
        let (user, listing_id) = match ids(r) {
            Err(Error::ListingNotFound) => return Ok(()),
            other => other?,
        };
        store::favourites::remove(&self.pool, &user, &listing_id).await
    }
}
