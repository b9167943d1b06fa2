//! Fills a catalog database with a large, realistic marketplace for `make bench`
//! (deploy/local/bench.sh): listings across every category, subcategory and town, each with one to
//! three photos.
//!
//! Posting 100,000 listings through the API would re-encode 100,000 photos; instead this writes the
//! catalog's own tables directly (through `catalog_svc::MIGRATOR`, so the schema is the service's),
//! after loading the demo marketplace (`seed::run_if_empty`) whose stored WebP photos the generated
//! listings reuse, picked by category, so `/media/…` serves them.
//!
//! The demo photos are smooth generated gradients, far smaller than a camera's photo. With
//! `--photo FILE` (a real photograph, e.g. the `lake.jpg` the `webp` crate ships), the generated
//! listings show crops of it instead: 60 different crops, each processed exactly as a posted photo
//! (`images::encode`: every size re-encoded to WebP), so cards and galleries weigh what real ones do
//! and a page of cards loads different photos.
//!
//! Usage: `cargo run --release -p catalog-svc --example gen-catalog -- DATA_DIR COUNT [IDS_FILE] [--photo FILE]`
//!   DATA_DIR  the embedded run's data folder: writes DATA_DIR/catalog.db (or the PostgreSQL that
//!             DATABASE_URL names, as catalog-svc would) and DATA_DIR/media/, and
//!             DATA_DIR/bench-photos.json (which stored photos are the demo's and which the crops)
//!   COUNT     listings in all (the 45 demo ones included)
//!   IDS_FILE  where to write a random sample of listing ids, one a line (for the load scripts)

use std::{collections::HashMap, io::Write, path::PathBuf, time::Instant};

use anyhow::{Context, bail};
use catalog_svc::{
    images,
    media::MediaStore,
    seed,
    store::listings,
    synthetic::{self, Rng},
};
use mtaani_proto::{categories::CATEGORIES, demo::SELLERS};
use mtaani_runtime::db::{DbConfig, connect};
use sqlx::{AnyPool, Row};

/// A stored photo of the demo marketplace, reused by generated listings of its category.
#[derive(Clone)]
struct Photo {
    gallery_key: String,
    medium_key: Option<String>,
    thumbnail_key: String,
    small_key: Option<String>,
    color: Option<String>,
    width: i64,
    height: i64,
}

struct Listing {
    id: String,
    seller: usize,
    name: String,
    min_price: i64,
    max_price: i64,
    location: String,
    category: &'static str,
    subcategory: &'static str,
    description: String,
    created_at: i64,
    photos: Vec<Photo>,
}

/// One listing (catalog_svc::synthetic); its photos from `real` when there are some, else the demo
/// photos of its category.
fn generate(rng: &mut Rng, photos: &HashMap<String, Vec<Photo>>, real: &[Photo], created_at: i64) -> Listing {
    let l = synthetic::listing(rng);
    let own = if real.is_empty() { &photos[l.category] } else { real };
    let count = 1 + rng.below(3);
    Listing {
        id: uuid::Uuid::now_v7().to_string(),
        seller: rng.below(SELLERS.len()),
        name: l.name,
        min_price: l.min_price,
        max_price: l.max_price,
        location: l.location,
        category: l.category,
        subcategory: l.subcategory,
        description: l.description,
        created_at,
        photos: (0..count).map(|_| rng.pick(own).clone()).collect(),
    }
}

/// The demo photos by category (the demo marketplace has at least one per category).
async fn demo_photos(pool: &AnyPool) -> anyhow::Result<HashMap<String, Vec<Photo>>> {
    let rows = sqlx::query(
        "SELECT l.category, m.gallery_key, m.medium_key, m.thumbnail_key, m.small_key, m.color, m.width, m.height \
         FROM listing_media m JOIN listings l ON l.id = m.listing_id ORDER BY l.category, m.gallery_key",
    )
    .fetch_all(pool)
    .await?;
    let mut by_category: HashMap<String, Vec<Photo>> = HashMap::new();
    for r in rows {
        by_category.entry(r.try_get("category")?).or_default().push(Photo {
            gallery_key: r.try_get("gallery_key")?,
            medium_key: r.try_get("medium_key")?,
            thumbnail_key: r.try_get("thumbnail_key")?,
            small_key: r.try_get("small_key")?,
            color: r.try_get("color")?,
            width: r.try_get("width")?,
            height: r.try_get("height")?,
        });
    }
    for c in CATEGORIES {
        if !by_category.contains_key(c.id) {
            bail!("the demo marketplace has no photo of category {}", c.id);
        }
    }
    Ok(by_category)
}

/// How many crops of `--photo` to store.
const CROPS: usize = 60;

/// Crops of a real photograph (4:3, a third to a half of its width, across the whole picture), each
/// processed and stored as a posted photo is. CPU-heavy: spread over the cores.
fn real_photos(path: &std::path::Path) -> anyhow::Result<Vec<images::Processed>> {
    let picture = image::open(path).with_context(|| format!("cannot read the photo {}", path.display()))?.to_rgb8();
    let (w, h) = picture.dimensions();
    let crops: Vec<(u32, u32, u32, u32)> = (0..CROPS as u32)
        .map(|i| {
            let cw = (w / 3 + (w / 6) * (i % 4) / 3).min(h * 4 / 3);
            let ch = cw * 3 / 4;
            let x = (w - cw) * (i * 7 % CROPS as u32) / (CROPS as u32 - 1);
            let y = (h - ch) * (i * 13 % CROPS as u32) / (CROPS as u32 - 1);
            (x, y, cw, ch)
        })
        .collect();
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
    let chunk = crops.len().div_ceil(cores);
    let picture = &picture;
    Ok(std::thread::scope(|scope| {
        let workers: Vec<_> = crops
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|&(x, y, cw, ch)| {
                            images::encode(&image::imageops::crop_imm(picture, x, y, cw, ch).to_image())
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("encoding a photo does not panic")).collect()
    }))
}

/// Listings per INSERT statement. sqlx looks each `$n` up by name among the statement's parameters
/// (quadratic in their number), so statements stay small; a transaction holds many of them.
const ROWS_PER_STATEMENT: usize = 50;

/// Writes one batch in a single transaction, with multi-row INSERTs.
async fn insert_batch(pool: &AnyPool, batch: &[Listing]) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    for chunk in batch.chunks(ROWS_PER_STATEMENT) {
        insert_rows(&mut tx, chunk).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn insert_rows(conn: &mut sqlx::AnyConnection, batch: &[Listing]) -> anyhow::Result<()> {
    let rows: Vec<String> = (0..batch.len())
        .map(|i| {
            let p = |k: usize| format!("${}", i * 12 + k);
            format!(
                "({}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, 1, {}, {})",
                p(1),
                p(2),
                p(3),
                p(4),
                p(5),
                p(6),
                p(7),
                p(8),
                p(9),
                p(10),
                p(11),
                p(12),
                p(12)
            )
        })
        .collect();
    let sql = format!(
        "INSERT INTO listings (id, seller_id, name, min_price, max_price, location, phone_number, category, \
         subcategory, description, featured, visible, created_at, updated_at) VALUES {}",
        rows.join(", ")
    );
    let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
    for l in batch {
        let seller = &SELLERS[l.seller];
        let (seller_id, phone, featured) = (seller.id, seller.phone, seller.featured());
        q = q
            .bind(l.id.clone())
            .bind(seller_id.to_owned())
            .bind(l.name.clone())
            .bind(l.min_price)
            .bind(l.max_price)
            .bind(l.location.clone())
            .bind(phone.to_owned())
            .bind(l.category.to_owned())
            .bind(l.subcategory.to_owned())
            .bind(l.description.clone())
            .bind(i64::from(featured))
            .bind(l.created_at);
    }
    q.execute(&mut *conn).await?;

    let media: Vec<(&str, usize, &Photo)> =
        batch.iter().flat_map(|l| l.photos.iter().enumerate().map(|(i, p)| (l.id.as_str(), i, p))).collect();
    let rows: Vec<String> = (0..media.len())
        .map(|i| {
            let b = i * 9;
            let p: Vec<String> = (1..=9).map(|k| format!("${}", b + k)).collect();
            format!("({}, {}, 'image', {})", p[0], p[1], p[2..].join(", "))
        })
        .collect();
    let sql = format!(
        "INSERT INTO listing_media (listing_id, position, kind, gallery_key, thumbnail_key, width, height, medium_key, \
         small_key, color) VALUES {}",
        rows.join(", ")
    );
    let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
    for (id, position, p) in media {
        q = q
            .bind(id.to_owned())
            .bind(position as i64)
            .bind(p.gallery_key.clone())
            .bind(p.thumbnail_key.clone())
            .bind(p.width)
            .bind(p.height)
            .bind(p.medium_key.clone())
            .bind(p.small_key.clone())
            .bind(p.color.clone());
    }
    q.execute(&mut *conn).await?;
    Ok(())
}

/// DATA_DIR/bench-photos.json: the stored keys of the demo photos and of the real photo's crops, so
/// the benchmark's report can tell their sizes apart.
fn write_photo_list(
    data_dir: &std::path::Path,
    demo: &HashMap<String, Vec<Photo>>,
    real: &[Photo],
    source: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    let keys = |photos: &mut dyn Iterator<Item = &Photo>| {
        photos
            .map(|p| {
                let medium = p.medium_key.as_ref().map_or_else(String::new, |k| format!(",\"medium\":\"{k}\""));
                let small = p.small_key.as_ref().map_or_else(String::new, |k| format!(",\"small\":\"{k}\""));
                format!("{{\"card\":\"{}\",\"gallery\":\"{}\"{medium}{small}}}", p.thumbnail_key, p.gallery_key)
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let source = source.map_or_else(String::new, |p| p.display().to_string().replace('\\', "/").replace('"', ""));
    let json = format!(
        "{{\"demo\":[{}],\"real\":[{}],\"real_source\":\"{source}\"}}\n",
        keys(&mut demo.values().flatten()),
        keys(&mut real.iter())
    );
    std::fs::write(data_dir.join("bench-photos.json"), json)?;
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let photo = match args.iter().position(|a| a == "--photo") {
        Some(i) if i + 1 < args.len() => Some(PathBuf::from(args.drain(i..i + 2).nth(1).expect("two drained"))),
        Some(_) => bail!("--photo needs a file"),
        None => None,
    };
    let (data_dir, count, ids_file) = match args.as_slice() {
        [dir, n] => (PathBuf::from(dir), n, None),
        [dir, n, ids] => (PathBuf::from(dir), n, Some(PathBuf::from(ids))),
        _ => bail!("usage: gen-catalog DATA_DIR COUNT [IDS_FILE] [--photo FILE]"),
    };
    let count: usize = count.parse().with_context(|| format!("COUNT must be a number, not {count:?}"))?;
    let started = Instant::now();

    // DATABASE_URL (and DATABASE_SCHEMA) as catalog-svc reads them: the production-shape benchmark
    // fills a PostgreSQL; without it, DATA_DIR/catalog.db.
    let config = DbConfig { max_connections: 1, ..DbConfig::from_env("catalog")? };
    let config = DbConfig { data_dir: data_dir.clone(), ..config };
    let pool = connect(&config, &catalog_svc::MIGRATOR).await?.pool;
    if listings::count(&pool).await? > 0 {
        bail!("{} already holds listings: give gen-catalog a fresh DATA_DIR", data_dir.join("catalog.db").display());
    }
    let store = MediaStore::folder(data_dir.join("media"));
    let demo = seed::run_if_empty(&pool, &store).await?;
    let photos = demo_photos(&pool).await?;
    let mut real = Vec::new();
    if let Some(path) = &photo {
        let processed = tokio::task::spawn_blocking({
            let path = path.clone();
            move || real_photos(&path)
        })
        .await??;
        for (i, p) in processed.into_iter().enumerate() {
            let m = catalog_svc::photos::put(&store, &format!("bench-photo-{i:03}"), p).await?;
            real.push(Photo {
                gallery_key: m.gallery_key,
                medium_key: m.medium_key,
                thumbnail_key: m.thumbnail_key,
                small_key: m.small_key,
                color: m.color,
                width: m.width,
                height: m.height,
            });
        }
    }
    write_photo_list(&data_dir, &photos, &real, photo.as_deref())?;

    // Older than the demo listings (which stay on top of the lists), spread over the past year.
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_secs() as i64;
    let to_generate = count.saturating_sub(demo);
    let step = (365 * 86_400 / to_generate.max(1)) as i64;
    let mut rng = Rng::default();
    let mut sample = Vec::new();
    let mut batch = Vec::with_capacity(1000);
    for i in 0..to_generate {
        let listing = generate(&mut rng, &photos, &real, now - 2 * 86_400 - i as i64 * step);
        // About 5,000 ids, spread over the whole catalog.
        if rng.below(to_generate.max(1)) < 5_000 {
            sample.push(listing.id.clone());
        }
        batch.push(listing);
        if batch.len() == 1000 {
            insert_batch(&pool, &batch).await?;
            batch.clear();
        }
    }
    if !batch.is_empty() {
        insert_batch(&pool, &batch).await?;
    }
    let total = listings::count(&pool).await?;
    if sample.is_empty() {
        // A catalog of the demo listings alone: all of them.
        sample = sqlx::query_scalar("SELECT id FROM listings").fetch_all(&pool).await?;
    }
    pool.close().await;

    if let Some(path) = ids_file {
        let mut out = std::io::BufWriter::new(
            std::fs::File::create(&path).with_context(|| format!("cannot write {}", path.display()))?,
        );
        for id in &sample {
            writeln!(out, "{id}")?;
        }
        out.flush()?;
    }
    println!(
        "gen-catalog: {total} listings ({demo} demo, {to_generate} generated) in {} in {:.1} s",
        data_dir.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
