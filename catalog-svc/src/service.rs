//! catalog-svc's state ([`Catalog`], cloned into each request and the background passes) and its
//! listings' use cases: lists, search, a listing, posts, edits and deletes, and what every write
//! owes the caches. The other areas' use cases are `impl Catalog` blocks in their own modules (photos'
//! link previews in og.rs and small_photos.rs, moderation, reviews, favourites); grpc.rs only converts.

use mtaani_proto::catalog::v1 as pb;
use mtaani_runtime::audit::{Actor, Event};

use crate::{
    changes::Changes,
    error::{Error, Result},
    images, listing,
    media::{self, MediaStore},
    photos::{self, NewMedia},
    search,
    store::{
        self,
        listings::{Filter, NewListing},
    },
};

#[derive(Debug, Clone)]
pub struct Catalog {
    pub(crate) pool: sqlx::AnyPool,
    pub(crate) store: MediaStore,
    pub(crate) index: crate::search::SearchIndex,
    pub(crate) changes: Changes,
    /// On PostgreSQL: the channel other replicas listen on for this catalog's writes.
    pub(crate) notify_channel: Option<String>,
    /// E-mails to sellers, stored with the change that causes them.
    pub(crate) outbox: mtaani_runtime::outbox::Outbox,
    pub(crate) public_base_url: String,
    /// True once the background pass of the data saver's pictures found no photo left
    /// ([`Catalog::small_photos_settled`]).
    pub(crate) small_photos_done: tokio::sync::watch::Receiver<bool>,
}

fn non_blank(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// Decodes and re-encodes every uploaded photo off the async runtime; the first bad one is refused
/// with its file name.
async fn process_photos(uploads: Vec<pb::PhotoUpload>) -> Result<Vec<images::Processed>> {
    tokio::task::spawn_blocking(move || {
        uploads
            .iter()
            .enumerate()
            .map(|(i, u)| {
                images::decode_data_url(&u.data_url).and_then(|b| images::process(&b)).map_err(|problem| {
                    let name =
                        if u.file_name.trim().is_empty() { format!("photo {}", i + 1) } else { u.file_name.clone() };
                    Error::BadPhoto { name: name.chars().filter(|c| !c.is_control()).take(100).collect(), problem }
                })
            })
            .collect()
    })
    .await?
}

/// A photo already stored, as the database describes it.
fn stored_media(m: &pb::ListingMedia) -> NewMedia {
    let key = |url: &str| url.trim_start_matches("/media/").to_owned();
    NewMedia {
        gallery_key: key(&m.url),
        medium_key: (!m.medium_url.is_empty()).then(|| key(&m.medium_url)),
        thumbnail_key: key(&m.thumbnail_url),
        small_key: (!m.small_url.is_empty()).then(|| key(&m.small_url)),
        color: (!m.color.is_empty()).then(|| m.color.clone()),
        width: m.width.into(),
        height: m.height.into(),
    }
}

/// Where a list or search is measured from, checked: a point in Kenya, a radius of 0 to 500 km, an
/// area that is a county or a sub-county.
fn origin_of(origin: Option<&pb::Origin>) -> Result<Option<search::Origin>> {
    let Some(o) = origin else { return Ok(None) };
    if !mtaani_proto::places::in_kenya(o.lat, o.lng) {
        return Err(Error::BadNear);
    }
    if !(0.0..=mtaani_proto::places::MAX_RADIUS_KM).contains(&o.radius_km) {
        return Err(Error::BadRadius);
    }
    let places = &mtaani_proto::places::PLACES;
    let area = match o.area_id.trim() {
        "" => None,
        id => match places.index_of(id) {
            Some(i) if !places.all()[i].holds_listings() => Some(i),
            _ => return Err(Error::UnknownArea),
        },
    };
    Ok(Some(search::Origin { at: (o.lat, o.lng), radius_km: (o.radius_km > 0.0).then_some(o.radius_km), area }))
}

/// An origin as a cache key: to about 10 m, which no distance shown (to 100 m) tells apart.
fn origin_key(origin: Option<&search::Origin>) -> String {
    origin.map_or_else(String::new, |o| format!("{:.4},{:.4},{:?},{:?}", o.at.0, o.at.1, o.radius_km, o.area))
}

impl Catalog {
    /// Only the seller who posted a listing may change it.
    async fn check_owner(&self, id: &str, seller_id: &str) -> Result<()> {
        if id.contains('\0') {
            return Err(Error::ListingNotFound);
        }
        match store::listings::owner(&self.pool, id).await? {
            None => Err(Error::ListingNotFound),
            Some(owner) if owner != seller_id => Err(Error::NotOwnListing),
            Some(_) => Ok(()),
        }
    }

    /// After a committed write: the search index must not answer what is gone, nor miss what is new,
    /// and no cache (here, in the gateway, in other replicas) may keep what was answered before.
    pub(crate) async fn changed(&self) {
        if let Err(e) = self.index.rebuild(&self.pool).await {
            tracing::warn!(error = %e, "search index: cannot rebuild after a write; the refresher will retry");
        }
        self.announce().await;
    }

    /// After a committed write that changes answers but no searchable field (a reply to a review):
    /// the caches here, in the gateway and in the other replicas are dropped.
    pub(crate) async fn announce(&self) {
        self.changes.bump();
        if let Some(channel) = &self.notify_channel
            && let Err(e) = mtaani_runtime::changes::notify(&self.pool, channel).await
        {
            tracing::warn!(error = %e, "catalog changes: cannot notify the other replicas");
        }
    }

    /// The listings found, read from the database in the order found, each with its distance and
    /// whether its provider comes to the visitor.
    async fn found(&self, hits: &[search::Hit]) -> Result<Vec<pb::Listing>> {
        let ids: Vec<String> = hits.iter().map(|h| h.id.clone()).collect();
        let mut listings = store::listings::get_many(&self.pool, &ids).await?;
        for listing in &mut listings {
            let hit = hits.iter().find(|h| h.id == listing.id);
            listing.distance_km = hit.and_then(|h| h.distance_km).map(|km| (f64::from(km) * 10.0).round() / 10.0);
            listing.comes_to_you = hit.is_some_and(|h| h.comes_to_you);
        }
        Ok(listings)
    }

    /// A list (all, a category, a subcategory, a town or any place), a page in the order asked; from
    /// the visitor's area, with distances. Kept under the catalog's generation.
    pub async fn list(&self, r: pb::ListListingsRequest) -> Result<pb::ListListingsResponse> {
        let (limit, offset) = store::listings::page(r.page.as_ref());
        let origin = origin_of(r.origin.as_ref())?;
        let filter = Filter {
            category: non_blank(&r.category).map(|s| s.to_lowercase()),
            subcategory: non_blank(&r.subcategory).map(|s| s.to_lowercase()),
            // A town or area is a few words: a longer filter is cut (SQLite refuses LIKE patterns
            // over 50,000 bytes).
            location: non_blank(&r.location).map(|l| l.chars().take(200).collect()),
            sort: store::listings::Sort::parse(&r.sort).ok_or(Error::BadSort)?,
            ..Filter::default()
        };
        let key = format!(
            "list\u{1f}{:?}\u{1f}{:?}\u{1f}{:?}\u{1f}{limit}\u{1f}{offset}\u{1f}{:?}\u{1f}{}",
            filter.category,
            filter.subcategory,
            filter.location,
            filter.sort,
            origin_key(origin.as_ref())
        );
        if let Some(page) = self.changes.page(&key) {
            return Ok(page);
        }
        let generation = self.changes.current();
        // A location that is a place's name ("Kasarani", "Lavington") lists what lies in it too.
        let places = &mtaani_proto::places::PLACES;
        let place = filter
            .location
            .as_deref()
            .and_then(|l| places.page_named(l, mtaani_proto::naming::names_service))
            .and_then(|p| places.index_of(&p.id));
        let page = match origin {
            // From a place, or in one: the index holds where each visible listing is.
            origin if origin.is_some() || place.is_some() => {
                let list = search::NearList {
                    category: filter.category,
                    subcategory: filter.subcategory,
                    location: filter.location,
                    place,
                    sort: filter.sort,
                    origin,
                };
                let (total, hits) = self.index.list(&list, offset as usize, limit as usize).await;
                pb::ListListingsResponse {
                    listings: self.found(&hits).await?,
                    total: total as i64,
                    ..Default::default()
                }
            }
            _ => {
                let (listings, total) = store::listings::list(&self.pool, &filter, limit, offset).await?;
                pb::ListListingsResponse { listings, total, ..Default::default() }
            }
        };
        self.changes.keep_page(generation, key, &page);
        Ok(page)
    }

    /// What the words mean, where they say: a page of the matches in the order asked, the best first
    /// by default.
    pub async fn search(&self, r: pb::SearchListingsRequest) -> Result<pb::ListListingsResponse> {
        let (limit, offset) = store::listings::page(r.page.as_ref());
        let origin = origin_of(r.origin.as_ref())?;
        let sort = store::listings::Sort::parse(&r.sort).ok_or(Error::BadSort)?;
        let query = crate::query::Query::parse(&r.query);
        // What the words ask for is the key: "Braids  Nairobi" and "braids in nairobi" are one search.
        let key = format!(
            "search\u{1f}{}\u{1f}{limit}\u{1f}{offset}\u{1f}{sort:?}\u{1f}{}",
            query.key(),
            origin_key(origin.as_ref())
        );
        if let Some(page) = self.changes.page(&key) {
            return Ok(page);
        }
        let generation = self.changes.current();
        let found = self.index.search_sorted(&query, origin.as_ref(), sort, offset as usize, limit as usize).await;
        let page = pb::ListListingsResponse {
            listings: self.found(&found.hits).await?,
            total: found.total as i64,
            place_id: found.place.map(|i| mtaani_proto::places::PLACES.all()[i].id.clone()).unwrap_or_default(),
            nearby: found.nearby,
            words: query.terms.iter().map(|t| t.word.as_str()).collect::<Vec<_>>().join(" "),
            none_of_it: match &query.wanted {
                Some(wanted) => wanted.unlisted || !self.index.lists(query.kinds()).await,
                None => false,
            },
            wanted: query.wanted.as_ref().map(|w| w.kind.clone()).unwrap_or_default(),
            wanted_words: query.wanted.as_ref().map(|w| w.words.clone()).unwrap_or_default(),
        };
        self.changes.keep_page(generation, key, &page);
        Ok(page)
    }

    /// A visible listing.
    pub async fn get(&self, id: &str) -> Result<pb::Listing> {
        let id = id.trim();
        // Ids are UUIDs: anything PostgreSQL cannot even compare (a NUL) is simply not found.
        if id.contains('\0') {
            return Err(Error::ListingNotFound);
        }
        if let Some(listing) = self.changes.listing(id) {
            return Ok(listing);
        }
        let generation = self.changes.current();
        let listing = store::listings::get(&self.pool, id, false).await?.ok_or(Error::ListingNotFound)?;
        self.changes.keep_listing(generation, &listing);
        Ok(listing)
    }

    /// A seller posts a listing: checked, its photos processed and stored, once per idempotency key.
    pub async fn create(&self, r: pb::CreateListingRequest) -> Result<pb::Listing> {
        let seller = r.seller.ok_or(Error::NotSeller)?;
        let input = r.input.unwrap_or_default();
        let mut valid = listing::check(&input, &seller, input.images.len())?;
        // Every option of a new listing is new, whatever id was sent.
        valid.options.iter_mut().for_each(|o| o.id = None);
        let key = r.idempotency_key.trim().chars().take(128).collect::<String>();
        if !key.is_empty()
            && let Some(id) = store::listings::by_idempotency_key(&self.pool, &seller.user_id, &key).await?
        {
            return store::listings::get(&self.pool, &id, true).await?.ok_or(Error::ListingNotFound);
        }
        let photos = process_photos(input.images).await?;
        let id = uuid::Uuid::now_v7().to_string();
        let media = photos::put_all_pending(&self.pool, &self.store, &id, photos).await?;
        let new = NewListing {
            id: id.clone(),
            seller_id: seller.user_id.clone(),
            fields: valid,
            featured: seller.featured,
            created_at: crate::clock::now(),
            idempotency_key: (!key.is_empty()).then_some(key.clone()),
            media: media.clone(),
        };
        let actor = Actor::seller(&seller.user_id, &seller.user_name);
        let event = Event {
            seller_id: &seller.user_id,
            listing_id: &id,
            ..Event::new(actor, "listing.post", ("listing", &id, &new.fields.name))
        };
        if let Err(e) = store::listings::insert(&self.pool, &new, &media, Some(&event)).await {
            photos::discard(&self.pool, &self.store, &media).await;
            // The same post sent twice at once: the first one stands.
            if let Error::Db(db_err) = &e
                && mtaani_runtime::db::is_unique_violation(db_err)
                && let Some(existing) = store::listings::by_idempotency_key(&self.pool, &seller.user_id, &key).await?
            {
                return store::listings::get(&self.pool, &existing, true).await?.ok_or(Error::ListingNotFound);
            }
            return Err(e);
        }
        tracing::info!(listing_id = %id, seller_id = %seller.user_id, photos = media.len(), "service posted");
        self.changed().await;
        store::listings::get(&self.pool, &id, true).await?.ok_or(Error::ListingNotFound)
    }

    /// Its seller edits a listing: fields, photos kept, added and dropped.
    pub async fn update(&self, r: pb::UpdateListingRequest) -> Result<pb::Listing> {
        let seller = r.seller.ok_or(Error::NotSeller)?;
        let mut input = r.input.unwrap_or_default();
        let id = r.id.trim().to_owned();
        self.check_owner(&id, &seller.user_id).await?;
        let current = store::listings::get(&self.pool, &id, true).await?.ok_or(Error::ListingNotFound)?;
        // Not sent (an app from before directions existed): the listing keeps its own.
        input.directions.get_or_insert(current.directions);
        // So is its place while its location text stays (one the data no longer has is read again),
        // and how far it travels.
        if input.place_id.is_none() && input.location.trim() == current.location {
            let known = mtaani_proto::places::PLACES.get(&current.place_id).is_some();
            input.place_id = Some(if known { current.place_id } else { String::new() });
        }
        input.serves_radius_km.get_or_insert(current.serves_radius_km);
        // And its menu (bookings name its options by id).
        let current_options: Vec<String> = current.options.iter().map(|o| o.id.clone()).collect();
        input.menu.get_or_insert(pb::ListingMenu { options: current.options });
        let (kept, dropped): (Vec<_>, Vec<_>) =
            current.media.into_iter().partition(|m| input.keep_media.contains(&m.url));
        // A package with fewer photos than a listing has: the listing keeps them until edited, then must fit.
        let mut valid = listing::check(&input, &seller, kept.len() + input.images.len())?;
        // An option keeps its id only if it is one of this listing's, once: any other is new.
        let mut kept_ids = Vec::new();
        for o in &mut valid.options {
            o.id = o.id.take().filter(|id| current_options.contains(id) && !kept_ids.contains(id));
            kept_ids.extend(o.id.clone());
        }
        let photos = process_photos(input.images).await?;
        let mut media: Vec<NewMedia> = kept.iter().map(stored_media).collect();
        let added = photos::put_all_pending(&self.pool, &self.store, &id, photos).await?;
        media.extend(added.iter().cloned());
        let dropped: Vec<NewMedia> = dropped.iter().map(stored_media).collect();
        let dropped: Vec<String> = dropped.iter().flat_map(NewMedia::keys).cloned().collect();
        let actor = Actor::seller(&seller.user_id, &seller.user_name);
        let event = Event {
            seller_id: &seller.user_id,
            listing_id: &id,
            ..Event::new(actor, "listing.edit", ("listing", &id, &valid.name))
        };
        let now = crate::clock::now();
        let late_dropped =
            match store::listings::update(&self.pool, &id, &valid, &media, &added, &dropped, now, Some(&event)).await {
                Ok(keys) => keys,
                Err(e) => {
                    photos::discard(&self.pool, &self.store, &added).await;
                    return Err(e);
                }
            };
        photos::remove(&self.pool, &self.store, &dropped).await;
        photos::remove(&self.pool, &self.store, &late_dropped).await;
        self.changed().await;
        store::listings::get(&self.pool, &id, true).await?.ok_or(Error::ListingNotFound)
    }

    /// Its seller deletes a listing, its photos with it.
    pub async fn delete(&self, r: pb::DeleteListingRequest) -> Result<()> {
        let id = r.id.trim();
        self.check_owner(id, &r.seller_id).await?;
        // Its name, for the log: what was deleted is not there to ask any more.
        let name = store::listings::get(&self.pool, id, true).await?.map(|l| l.name).unwrap_or_default();
        let actor = Actor::seller(&r.seller_id, &r.seller_name);
        let event = Event {
            seller_id: &r.seller_id,
            listing_id: id,
            ..Event::new(actor, "listing.delete", ("listing", id, &name))
        };
        let keys = store::listings::delete(&self.pool, id, Some(&event)).await?;
        photos::remove(&self.pool, &self.store, &keys).await;
        self.changed().await;
        Ok(())
    }

    /// A seller's own listings, hidden ones too.
    pub async fn seller_listings(&self, r: pb::ListSellerListingsRequest) -> Result<pb::ListListingsResponse> {
        let seller_id = non_blank(&r.seller_id).ok_or(Error::SellerIdRequired)?;
        let (limit, offset) = store::listings::page(r.page.as_ref());
        let filter = Filter { seller_id: Some(seller_id), include_hidden: true, ..Filter::default() };
        let (listings, total) = store::listings::list(&self.pool, &filter, limit, offset).await?;
        Ok(pb::ListListingsResponse { listings, total, ..Default::default() })
    }

    /// A seller's listings shown or hidden (their package paid or lapsed), featured or not.
    pub async fn set_seller_visibility(&self, r: pb::SetSellerVisibilityRequest) -> Result<i64> {
        let seller_id = non_blank(&r.seller_id).ok_or(Error::SellerIdRequired)?;
        let updated = store::listings::set_seller_visibility(&self.pool, &seller_id, r.visible, r.featured).await?;
        self.changed().await;
        Ok(updated)
    }

    /// A stored photo file.
    pub async fn media(&self, key: &str) -> Result<pb::Media> {
        let data = self.store.get(key).await?.ok_or(Error::PhotoNotFound)?;
        Ok(pb::Media { data, content_type: media::content_type(key).to_owned() })
    }

    /// The sitemap's page of visible listings after `after_id`.
    pub async fn sitemap(&self, r: pb::ListSitemapRequest) -> Result<Vec<pb::SitemapListing>> {
        let limit = i64::from(r.limit.clamp(1, 10_000));
        store::listings::sitemap(&self.pool, &r.after_id, limit).await
    }
}
