//! The listings and their photos: lists, pages, posts and edits, the sitemap, and how listings from
//! before places were placed.

use std::collections::HashMap;

use mtaani_proto::catalog::v1 as pb;
use mtaani_runtime::audit::{self, Event};
use sqlx::{AnyConnection, AnyPool, AssertSqlSafe, Row, any::AnyRow};

use super::photos::NewMedia;
use crate::error::Result;

/// Default and largest page: no call returns an unbounded catalog.
pub const DEFAULT_LIMIT: i64 = 48;
pub const MAX_LIMIT: i64 = 100;

/// `limit`/`offset` from a request, bounded.
pub fn page(p: Option<&pb::Page>) -> (i64, i64) {
    let (limit, offset) = p.map_or((0, 0), |p| (i64::from(p.limit), i64::from(p.offset)));
    let limit = if limit <= 0 { DEFAULT_LIMIT } else { limit.min(MAX_LIMIT) };
    (limit, offset.clamp(0, 1_000_000))
}

#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub category: Option<String>,
    pub subcategory: Option<String>,
    /// Matched case-insensitively anywhere in the listing's location ("Nairobi" finds "Kilimani, Nairobi").
    pub location: Option<String>,
    pub seller_id: Option<String>,
    /// Hidden listings (expired subscriptions) are left out unless a seller asks for their own.
    pub include_hidden: bool,
    pub sort: Sort,
}

/// The orders of a list (`sort=` of the public reads).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// Featured first, newest next (SPEC §7).
    #[default]
    Recommended,
    /// Best average first; among equals, more reviews first; unrated last.
    Rating,
    PriceAsc,
    PriceDesc,
    Newest,
    /// Nearest first: a list from an origin; without one, as `Recommended`.
    Distance,
}

impl Sort {
    /// The name in a request; `None` for one we do not know.
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name.trim() {
            "" | "recommended" => Self::Recommended,
            "rating" => Self::Rating,
            "price_asc" => Self::PriceAsc,
            "price_desc" => Self::PriceDesc,
            "newest" => Self::Newest,
            "distance" => Self::Distance,
            _ => return None,
        })
    }

    fn order_by(self) -> &'static str {
        match self {
            Self::Recommended | Self::Distance => "featured DESC, created_at DESC, id",
            // The average to a thousandth in integers (the same on SQLite and PostgreSQL).
            Self::Rating => {
                "CASE WHEN rating_count = 0 THEN -1 ELSE rating_sum * 1000 / rating_count END DESC, \
                 rating_count DESC, featured DESC, created_at DESC, id"
            }
            Self::PriceAsc => "min_price ASC, max_price ASC, created_at DESC, id",
            Self::PriceDesc => "max_price DESC, min_price DESC, created_at DESC, id",
            Self::Newest => "created_at DESC, id",
        }
    }
}

/// A listing to store, with its photos already in the media store.
#[derive(Debug, Clone)]
pub struct NewListing {
    pub id: String,
    pub seller_id: String,
    /// The fields the seller wrote, after every rule passed.
    pub fields: crate::listing::ValidListing,
    pub featured: bool,
    pub created_at: i64,
    pub idempotency_key: Option<String>,
    pub media: Vec<NewMedia>,
}

pub const COLUMNS: &str = "id, seller_id, name, min_price, max_price, location, phone_number, category, \
                       subcategory, description, featured, visible, created_at, updated_at, duration_minutes, \
                       admin_hidden, hidden_reason, rating_count, rating_sum, directions, place_id, \
                       serves_radius_km";

fn escape_like(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    for c in s.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// WHERE clause and its arguments, numbered from `$1`.
fn where_clause(filter: &Filter) -> (String, Vec<String>) {
    let mut conds = Vec::new();
    if !filter.include_hidden {
        conds.push("visible = 1".to_owned());
    }
    let mut args = Vec::new();
    let mut push = |cond: &str, arg: String| {
        args.push(arg);
        conds.push(cond.replace('?', &format!("${}", args.len())));
    };
    if let Some(c) = &filter.category {
        push("category = ?", c.clone());
    }
    if let Some(s) = &filter.subcategory {
        push("subcategory = ?", s.clone());
    }
    if let Some(l) = &filter.location {
        push("lower(location) LIKE ? ESCAPE '\\'", format!("%{}%", escape_like(&l.to_lowercase())));
    }
    if let Some(s) = &filter.seller_id {
        push("seller_id = ?", s.clone());
    }
    let sql = if conds.is_empty() { String::new() } else { format!(" WHERE {}", conds.join(" AND ")) };
    (sql, args)
}

/// One page of listings, featured first then newest, and how many match in all.
pub async fn list(pool: &AnyPool, filter: &Filter, limit: i64, offset: i64) -> Result<(Vec<pb::Listing>, i64)> {
    let (where_sql, args) = where_clause(filter);
    let n = args.len();
    let sql = format!(
        "SELECT {COLUMNS} FROM listings{where_sql} ORDER BY {} LIMIT ${} OFFSET ${}",
        filter.sort.order_by(),
        n + 1,
        n + 2
    );
    let mut q = sqlx::query(AssertSqlSafe(sql));
    for a in &args {
        q = q.bind(a.clone());
    }
    let rows = q.bind(limit).bind(offset).fetch_all(pool).await?;

    let count_sql = format!("SELECT COUNT(*) FROM listings{where_sql}");
    let mut cq = sqlx::query_scalar::<_, i64>(AssertSqlSafe(count_sql));
    for a in args {
        cq = cq.bind(a);
    }
    let total = cq.fetch_one(pool).await?;

    let listings = with_media(pool, rows).await?;
    Ok((listings, total))
}

/// One listing by id; hidden ones only when `include_hidden`.
pub async fn get(pool: &AnyPool, id: &str, include_hidden: bool) -> Result<Option<pb::Listing>> {
    // Built from constants only; the id is bound.
    let shown = if include_hidden { "" } else { " AND visible = 1" };
    let sql = format!("SELECT {COLUMNS} FROM listings WHERE id = $1{shown}");
    let row = sqlx::query(AssertSqlSafe(sql)).bind(id.to_owned()).fetch_optional(pool).await?;
    let Some(mut listing) = with_media(pool, row.into_iter().collect()).await?.pop() else {
        return Ok(None);
    };
    if !listing.media.is_empty() {
        listing.og_image_url = og_image_url(pool, id).await?.unwrap_or_default();
    }
    Ok(Some(listing))
}

/// Visible listings by id, in the order of `ids` (ids of listings hidden or deleted meanwhile are
/// left out).
pub async fn get_many(pool: &AnyPool, ids: &[String]) -> Result<Vec<pb::Listing>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!("SELECT {COLUMNS} FROM listings WHERE visible = 1 AND id IN ({})", placeholders(ids.len()));
    let mut q = sqlx::query(AssertSqlSafe(sql));
    for id in ids {
        q = q.bind(id.clone());
    }
    let rows = q.fetch_all(pool).await?;
    let mut found: HashMap<String, pb::Listing> =
        with_media(pool, rows).await?.into_iter().map(|l| (l.id.clone(), l)).collect();
    Ok(ids.iter().filter_map(|id| found.remove(id)).collect())
}

pub async fn count(pool: &AnyPool) -> Result<i64> {
    Ok(sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM listings").fetch_one(pool).await?)
}

/// Stores a listing and its photos in one transaction, claiming the `pending` ones (see `photos`), and
/// `event` in the audit log with them (none for the demo data).
pub async fn insert(pool: &AnyPool, l: &NewListing, pending: &[NewMedia], event: Option<&Event<'_>>) -> Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "INSERT INTO listings (id, seller_id, name, min_price, max_price, location, phone_number, category, \
         subcategory, description, featured, visible, created_at, updated_at, idempotency_key, duration_minutes, \
         directions, place_id, serves_radius_km) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, $12, $12, $13, $14, $15, $16, $17)",
    )
    .bind(l.id.clone())
    .bind(l.seller_id.clone())
    .bind(l.fields.name.clone())
    .bind(l.fields.min_price)
    .bind(l.fields.max_price)
    .bind(l.fields.location.clone())
    .bind(l.fields.phone_number.clone())
    .bind(l.fields.category.clone())
    .bind(l.fields.subcategory.clone())
    .bind(l.fields.description.clone())
    .bind(i64::from(l.featured))
    .bind(l.created_at)
    .bind(l.idempotency_key.clone())
    .bind(i64::from(l.fields.duration_minutes))
    .bind(l.fields.directions.clone())
    .bind(l.fields.place_id.clone())
    .bind(i64::from(l.fields.serves_radius_km))
    .execute(&mut *tx)
    .await?;
    insert_options(&mut tx, &l.id, &l.fields.options).await?;
    insert_media(&mut tx, &l.id, &l.media).await?;
    super::photos::claim(&mut tx, pending).await?;
    if let Some(event) = event {
        audit::record(&mut tx, event, l.created_at).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Replaces a listing's fields and photos (in the given order) in one transaction; `added` are the
/// photos new in this edit, whose pending records it claims, and `dropped` the keys of those it no
/// longer has, which it condemns; `event` goes to the audit log with them. Answers the keys it
/// condemned besides `dropped`: data saver pictures the background pass (small_photos) stored after
/// `media` was read, of photos this edit drops.
#[expect(clippy::too_many_arguments, reason = "one edit's parts, each used once, written in one transaction")]
pub async fn update(
    pool: &AnyPool,
    id: &str,
    fields: &crate::listing::ValidListing,
    media: &[NewMedia],
    added: &[NewMedia],
    dropped: &[String],
    now: i64,
    event: Option<&Event<'_>>,
) -> Result<Vec<String>> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "UPDATE listings SET name = $1, min_price = $2, max_price = $3, location = $4, phone_number = $5, \
         category = $6, subcategory = $7, description = $8, updated_at = $9, duration_minutes = $11, \
         directions = $12, place_id = $13, serves_radius_km = $14 WHERE id = $10",
    )
    .bind(fields.name.clone())
    .bind(fields.min_price)
    .bind(fields.max_price)
    .bind(fields.location.clone())
    .bind(fields.phone_number.clone())
    .bind(fields.category.clone())
    .bind(fields.subcategory.clone())
    .bind(fields.description.clone())
    .bind(now)
    .bind(id.to_owned())
    .bind(i64::from(fields.duration_minutes))
    .bind(fields.directions.clone())
    .bind(fields.place_id.clone())
    .bind(i64::from(fields.serves_radius_km))
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM listing_options WHERE listing_id = $1").bind(id.to_owned()).execute(&mut *tx).await?;
    insert_options(&mut tx, id, &fields.options).await?;
    // A kept photo keeps the data saver's picture and colour the background pass may have given it
    // since `media` was read; one of a dropped photo goes with it.
    let stored = sqlx::query("DELETE FROM listing_media WHERE listing_id = $1 RETURNING gallery_key, small_key, color")
        .bind(id.to_owned())
        .fetch_all(&mut *tx)
        .await?;
    let mut media = media.to_vec();
    let mut late_dropped = Vec::new();
    for row in stored {
        let gallery_key: String = row.try_get("gallery_key")?;
        // '' stands for a photo the pass could not read: kept as such, there is no file to remove.
        let Some(small_key) = row.try_get::<Option<String>, _>("small_key")? else { continue };
        match media.iter_mut().find(|m| m.gallery_key == gallery_key) {
            Some(m) if m.small_key.is_none() => {
                m.small_key = Some(small_key);
                m.color = row.try_get("color")?;
            }
            Some(m) if m.small_key.as_deref() == Some(small_key.as_str()) => {}
            _ if small_key.is_empty() || dropped.contains(&small_key) => {}
            _ => late_dropped.push(small_key),
        }
    }
    insert_media(&mut tx, id, &media).await?;
    super::photos::claim(&mut tx, added).await?;
    super::photos::condemn(&mut tx, dropped).await?;
    super::photos::condemn(&mut tx, &late_dropped).await?;
    if let Some(event) = event {
        audit::record(&mut tx, event, now).await?;
    }
    tx.commit().await?;
    Ok(late_dropped)
}

/// A menu's options in their order; an option without an id (new in this post or edit) gets one.
async fn insert_options(
    conn: &mut sqlx::AnyConnection,
    listing_id: &str,
    options: &[crate::listing::ValidOption],
) -> Result<()> {
    for (position, o) in options.iter().enumerate() {
        sqlx::query(
            "INSERT INTO listing_options (listing_id, id, position, name, price_ksh, duration_minutes) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(listing_id.to_owned())
        .bind(o.id.clone().unwrap_or_else(|| uuid::Uuid::now_v7().to_string()))
        .bind(position as i64)
        .bind(o.name.clone())
        .bind(o.price_ksh)
        .bind(i64::from(o.duration_minutes))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn insert_media(conn: &mut sqlx::AnyConnection, listing_id: &str, media: &[NewMedia]) -> Result<()> {
    for (position, m) in media.iter().enumerate() {
        sqlx::query(
            "INSERT INTO listing_media (listing_id, position, kind, gallery_key, thumbnail_key, width, height, \
             medium_key, small_key, color) VALUES ($1, $2, 'image', $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(listing_id.to_owned())
        .bind(position as i64)
        .bind(m.gallery_key.clone())
        .bind(m.thumbnail_key.clone())
        .bind(m.width)
        .bind(m.height)
        .bind(m.medium_key.clone())
        .bind(m.small_key.clone())
        .bind(m.color.clone())
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The listing a seller already created with this idempotency key.
pub async fn by_idempotency_key(pool: &AnyPool, seller_id: &str, key: &str) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT id FROM listings WHERE idempotency_key = $1 AND seller_id = $2")
        .bind(key.to_owned())
        .bind(seller_id.to_owned())
        .fetch_optional(pool)
        .await?)
}

/// Who owns a listing (hidden ones included).
pub async fn owner(pool: &AnyPool, id: &str) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT seller_id FROM listings WHERE id = $1")
        .bind(id.to_owned())
        .fetch_optional(pool)
        .await?)
}

/// Deletes a listing and answers the storage keys of its photos (to delete them too); `event` goes to
/// the audit log with it (none when its seller's account is closed).
pub async fn delete(pool: &AnyPool, id: &str, event: Option<&Event<'_>>) -> Result<Vec<String>> {
    // The transaction writes first: on SQLite one that read first cannot write once another connection
    // (the outbox's sender, another seller's post) has written meanwhile (SQLITE_BUSY_SNAPSHOT).
    let mut tx = pool.begin().await?;
    let rows = sqlx::query(
        "DELETE FROM listing_media WHERE listing_id = $1 RETURNING gallery_key, thumbnail_key, medium_key, small_key",
    )
    .bind(id.to_owned())
    .fetch_all(&mut *tx)
    .await?;
    let mut keys = Vec::with_capacity(rows.len() * 4);
    for r in rows {
        keys.push(r.try_get("gallery_key")?);
        keys.push(r.try_get("thumbnail_key")?);
        keys.extend(r.try_get::<Option<String>, _>("medium_key")?);
        keys.extend(r.try_get::<Option<String>, _>("small_key")?.filter(|k| !k.is_empty()));
    }
    // Its link preview's picture.
    let og: Vec<String> = sqlx::query_scalar("DELETE FROM listing_og WHERE listing_id = $1 RETURNING og_key")
        .bind(id.to_owned())
        .fetch_all(&mut *tx)
        .await?;
    keys.extend(og.into_iter().filter(|k| !k.is_empty()));
    sqlx::query("DELETE FROM listing_options WHERE listing_id = $1").bind(id.to_owned()).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM listings WHERE id = $1").bind(id.to_owned()).execute(&mut *tx).await?;
    // Its reviews and the invitations to review it go with it.
    sqlx::query("DELETE FROM reviews WHERE listing_id = $1").bind(id.to_owned()).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM review_invites WHERE listing_id = $1").bind(id.to_owned()).execute(&mut *tx).await?;
    super::photos::condemn(&mut tx, &keys).await?;
    if let Some(event) = event {
        audit::record(&mut tx, event, crate::clock::now()).await?;
    }
    tx.commit().await?;
    Ok(keys)
}

/// Hides or shows every listing of a seller and sets whether they are featured; returns how many.
pub async fn set_seller_visibility(pool: &AnyPool, seller_id: &str, visible: bool, featured: bool) -> Result<i64> {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    // Shown when the seller may be shown and no operator took the listing down.
    let done = sqlx::query(
        "UPDATE listings SET seller_visible = $1, visible = CASE WHEN $1 = 1 AND admin_hidden = 0 THEN 1 ELSE 0 END, \
         featured = $2, updated_at = $3 WHERE seller_id = $4",
    )
    .bind(i64::from(visible))
    .bind(i64::from(featured))
    .bind(now)
    .bind(seller_id.to_owned())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() as i64)
}

/// `$1, $2, …` for `n` values.
fn placeholders(n: usize) -> String {
    (1..=n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// Attaches each listing's photos and menu (one query each for the whole page).
pub async fn with_media(pool: &AnyPool, rows: Vec<AnyRow>) -> Result<Vec<pb::Listing>> {
    let mut listings = rows.iter().map(listing_from_row).collect::<Result<Vec<_>, _>>()?;
    if listings.is_empty() {
        return Ok(listings);
    }
    let sql = format!(
        "SELECT listing_id, id, name, price_ksh, duration_minutes FROM listing_options \
         WHERE listing_id IN ({}) ORDER BY listing_id, position",
        placeholders(listings.len())
    );
    let mut q = sqlx::query(AssertSqlSafe(sql));
    for l in &listings {
        q = q.bind(l.id.clone());
    }
    let mut menus: HashMap<String, Vec<pb::ListingOption>> = HashMap::new();
    for row in q.fetch_all(pool).await? {
        menus.entry(row.try_get("listing_id")?).or_default().push(pb::ListingOption {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            price_ksh: row.try_get("price_ksh")?,
            duration_minutes: row.try_get::<i64, _>("duration_minutes")? as i32,
        });
    }
    for l in &mut listings {
        l.options = menus.remove(&l.id).unwrap_or_default();
    }
    let sql = format!(
        "SELECT listing_id, kind, gallery_key, thumbnail_key, width, height, medium_key, small_key, color \
         FROM listing_media WHERE listing_id IN ({}) ORDER BY listing_id, position",
        placeholders(listings.len())
    );
    let mut q = sqlx::query(AssertSqlSafe(sql));
    for l in &listings {
        q = q.bind(l.id.clone());
    }
    let mut by_listing: HashMap<String, Vec<pb::ListingMedia>> = HashMap::new();
    for row in q.fetch_all(pool).await? {
        let listing_id: String = row.try_get("listing_id")?;
        by_listing.entry(listing_id).or_default().push(pb::ListingMedia {
            r#type: row.try_get("kind")?,
            url: media_url(&row.try_get::<String, _>("gallery_key")?),
            thumbnail_url: media_url(&row.try_get::<String, _>("thumbnail_key")?),
            medium_url: row.try_get::<Option<String>, _>("medium_key")?.map_or_else(String::new, |k| media_url(&k)),
            width: row.try_get::<i64, _>("width")? as i32,
            height: row.try_get::<i64, _>("height")? as i32,
            small_url: row
                .try_get::<Option<String>, _>("small_key")?
                .filter(|k| !k.is_empty())
                .map_or_else(String::new, |k| media_url(&k)),
            color: row.try_get::<Option<String>, _>("color")?.unwrap_or_default(),
        });
    }
    for l in &mut listings {
        l.media = by_listing.remove(&l.id).unwrap_or_default();
    }
    Ok(listings)
}

/// The public URL of a stored photo.
pub fn media_url(key: &str) -> String {
    format!("/media/{key}")
}

pub fn listing_from_row(row: &AnyRow) -> Result<pb::Listing, sqlx::Error> {
    Ok(pb::Listing {
        id: row.try_get("id")?,
        seller_id: row.try_get("seller_id")?,
        name: row.try_get("name")?,
        min_price: row.try_get("min_price")?,
        max_price: row.try_get("max_price")?,
        location: row.try_get("location")?,
        phone_number: row.try_get("phone_number")?,
        category: row.try_get("category")?,
        subcategory: row.try_get("subcategory")?,
        description: row.try_get("description")?,
        featured: row.try_get::<i64, _>("featured")? != 0,
        visible: row.try_get::<i64, _>("visible")? != 0,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        duration_minutes: row.try_get::<i64, _>("duration_minutes")? as i32,
        hidden: row.try_get::<i64, _>("admin_hidden")? != 0,
        hidden_reason: row.try_get::<Option<String>, _>("hidden_reason")?.unwrap_or_default(),
        rating_count: row.try_get("rating_count")?,
        rating_sum: row.try_get("rating_sum")?,
        og_image_url: String::new(),
        directions: row.try_get("directions")?,
        place_id: row.try_get::<Option<String>, _>("place_id")?.unwrap_or_default(),
        serves_radius_km: row.try_get::<i64, _>("serves_radius_km")? as i32,
        distance_km: None,
        comes_to_you: false,
        media: Vec::new(),
        options: Vec::new(),
    })
}

/// Places the listings not placed yet (posted before places existed: `place_id` NULL) by the one
/// place their location text names, or none (''), a batch at a time; answers how many were placed.
/// Each row is set only while still NULL, so replicas starting together agree.
pub async fn place_listings(pool: &AnyPool) -> Result<u64> {
    let mut placed = 0;
    loop {
        let rows: Vec<(String, String)> =
            sqlx::query_as("SELECT id, location FROM listings WHERE place_id IS NULL ORDER BY id LIMIT 500")
                .fetch_all(pool)
                .await?;
        if rows.is_empty() {
            return Ok(placed);
        }
        let mut tx = pool.begin().await?;
        for (id, location) in rows {
            let place = mtaani_proto::places::PLACES.named_in(&location).map(|p| p.id.clone()).unwrap_or_default();
            placed += u64::from(!place.is_empty());
            sqlx::query("UPDATE listings SET place_id = $1 WHERE id = $2 AND place_id IS NULL")
                .bind(place)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
    }
}

/// The preview's URL of a listing, while it is its first photo's.
pub async fn og_image_url(pool: &sqlx::AnyPool, listing_id: &str) -> Result<Option<String>> {
    let key: Option<String> = sqlx::query_scalar(
        "SELECT o.og_key FROM listing_og o JOIN listing_media m ON m.listing_id = o.listing_id \
         AND m.position = 0 AND m.gallery_key = o.source_key WHERE o.listing_id = $1 AND o.og_key <> ''",
    )
    .bind(listing_id.to_owned())
    .fetch_optional(pool)
    .await?;
    Ok(key.map(|k| media_url(&k)))
}

/// What the index reads of one listing.
#[derive(Debug, Clone, Default)]
pub struct Document {
    pub id: String,
    pub name: String,
    pub category: String,
    pub subcategory: String,
    pub location: String,
    pub description: String,
    pub featured: bool,
    pub created_at: i64,
    pub rating_count: i64,
    pub rating_sum: i64,
    pub min_price: i64,
    pub max_price: i64,
    /// Its ward's or estate's id ('' for none), and how far the provider travels in km.
    pub place_id: String,
    pub serves_radius_km: i64,
}

/// What tells that the visible listings changed: how many, the latest edit, and how many reviews
/// they have (a review changes no listing's `updated_at`).
pub async fn signature(conn: &mut AnyConnection) -> Result<(i64, i64, i64), sqlx::Error> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS n, COALESCE(MAX(updated_at), 0) AS t, CAST(COALESCE(SUM(rating_count), 0) AS BIGINT) AS r \
         FROM listings WHERE visible = 1",
    )
    .fetch_one(conn)
    .await?;
    Ok((row.try_get("n")?, row.try_get("t")?, row.try_get("r")?))
}

/// SQLite's count of the commits other connections made to the file since `conn` opened it (`PRAGMA
/// data_version`): unchanged, nothing was written, and [`signature`] need not read the table. `None`
/// on PostgreSQL, which has no such count.
pub async fn data_version(conn: &mut AnyConnection) -> Result<Option<i64>, sqlx::Error> {
    if conn.backend_name() != "SQLite" {
        return Ok(None);
    }
    let row = sqlx::query("PRAGMA data_version").fetch_one(conn).await?;
    Ok(Some(row.try_get(0)?))
}

/// Every visible listing as the search index reads it (the rows are freed here, before the index grows).
pub async fn documents(conn: &mut AnyConnection) -> std::result::Result<Vec<Document>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, name, category, subcategory, location, place_id, serves_radius_km, description, featured, \
             created_at, rating_count, rating_sum, min_price, max_price FROM listings WHERE visible = 1",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut documents = rows
        .iter()
        .map(|r| {
            Ok(Document {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                category: r.try_get("category")?,
                subcategory: r.try_get("subcategory")?,
                location: r.try_get("location")?,
                description: r.try_get("description")?,
                featured: r.try_get::<i64, _>("featured")? != 0,
                created_at: r.try_get("created_at")?,
                rating_count: r.try_get("rating_count")?,
                rating_sum: r.try_get("rating_sum")?,
                min_price: r.try_get("min_price")?,
                max_price: r.try_get("max_price")?,
                place_id: r.try_get::<Option<String>, _>("place_id")?.unwrap_or_default(),
                serves_radius_km: r.try_get("serves_radius_km")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    drop(rows);
    // A menu's services are searched as the listing's description ("manicure" finds the nail bar
    // whose menu has it).
    let mut menus: HashMap<String, String> = HashMap::new();
    let options: Vec<(String, String)> =
        sqlx::query_as("SELECT listing_id, name FROM listing_options ORDER BY listing_id, position")
            .fetch_all(conn)
            .await?;
    for (listing_id, name) in options {
        let menu = menus.entry(listing_id).or_default();
        menu.push_str(". ");
        menu.push_str(&name);
    }
    for d in &mut documents {
        if let Some(menu) = menus.remove(&d.id) {
            d.description.push_str(&menu);
        }
    }
    Ok(documents)
}

/// A page of the visible listings for the sitemap, by id after `after_id`.
pub async fn sitemap(pool: &AnyPool, after_id: &str, limit: i64) -> Result<Vec<pb::SitemapListing>> {
    let rows: Vec<(String, String, String, String, String, i64, String)> = sqlx::query_as(
        "SELECT id, seller_id, category, subcategory, location, updated_at, COALESCE(place_id, '') \
         FROM listings WHERE visible = 1 AND id > $1 ORDER BY id LIMIT $2",
    )
    .bind(after_id.to_owned())
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, seller_id, category, subcategory, location, updated_at, place_id)| pb::SitemapListing {
            id,
            seller_id,
            category,
            subcategory,
            location,
            updated_at,
            place_id,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_bounded() {
        assert_eq!(page(None), (DEFAULT_LIMIT, 0));
        assert_eq!(page(Some(&pb::Page { limit: 1000, offset: -5 })), (MAX_LIMIT, 0));
        assert_eq!(page(Some(&pb::Page { limit: 10, offset: 20 })), (10, 20));
    }

    #[test]
    fn sorts_are_named_as_in_the_api() {
        assert_eq!(Sort::parse(""), Some(Sort::Recommended));
        assert_eq!(Sort::parse("rating"), Some(Sort::Rating));
        assert_eq!(Sort::parse("price_asc"), Some(Sort::PriceAsc));
        assert_eq!(Sort::parse("price_desc"), Some(Sort::PriceDesc));
        assert_eq!(Sort::parse("newest"), Some(Sort::Newest));
        assert_eq!(Sort::parse("distance"), Some(Sort::Distance));
        assert_eq!(Sort::parse("cheapest"), None);
    }

    #[test]
    fn like_patterns_are_escaped() {
        assert_eq!(escape_like("50%_off\\"), "50\\%\\_off\\\\");
    }
}
