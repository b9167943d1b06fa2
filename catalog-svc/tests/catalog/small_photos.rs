//! The data saver's pictures of photos stored before upload made them, on SQLite and on
//! PostgreSQL: the background pass of two replicas started on the same catalog gives every photo its
//! 320 px WebP and average colour exactly once (no file left over from the replica that lost a race,
//! no pending record), marks a photo it cannot read instead of trying it forever, does nothing the
//! second time; and an edit read before the pass neither loses a kept photo's picture nor leaves a
//! dropped photo's behind.

use std::{collections::BTreeSet, path::Path, time::Duration};

use catalog_svc::{listing::ValidListing, media::MediaStore, seed, small_photos::BATCH, store::listings};
use mtaani_runtime::testing::TestDb;
use sqlx::{AnyPool, Row};

async fn count(pool: &AnyPool, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

/// Every `*-320.webp` file under the media folder, as keys.
fn small_files(media: &Path) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for dir in std::fs::read_dir(media).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&dir).unwrap() {
            let name = file.unwrap().file_name().into_string().unwrap();
            if name.ends_with("-320.webp") {
                found.insert(format!("{}/{name}", dir.file_name().unwrap().to_str().unwrap()));
            }
        }
    }
    found
}

fn is_colour(c: &str) -> bool {
    c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|ch| ch.is_ascii_digit() || ('a'..='f').contains(&ch))
}

#[tokio::test]
async fn photos_stored_before_get_their_data_saver_picture_once_from_two_replicas() {
    seed::keep_demo_photos();
    for db in TestDb::both("catalog") {
        let name = db.name;
        let media = db.data_dir.join("media");
        let pool = mtaani_runtime::db::connect(&db.config, &catalog_svc::MIGRATOR).await.unwrap().pool;
        let store = MediaStore::folder(&media);
        // The demo marketplace, then as a catalog stored before the data saver: no picture, no colour.
        assert!(seed::run_if_empty(&pool, &store).await.unwrap() > 0);
        let rows = sqlx::query("SELECT small_key, thumbnail_key FROM listing_media ORDER BY listing_id, position")
            .fetch_all(&pool)
            .await
            .unwrap();
        let photos = rows.len();
        assert!(photos >= 40, "{name}: {photos}");
        for row in &rows {
            let key: String = row.get("small_key");
            assert!(key.ends_with("-320.webp"), "{name}: the seed makes them at upload: {key}");
            store.delete(&key).await.unwrap();
        }
        sqlx::query("UPDATE listing_media SET small_key = NULL, color = NULL").execute(&pool).await.unwrap();
        assert!(small_files(&media).is_empty());
        // One photo whose stored card picture is damaged (its gallery picture too).
        let damaged: String = rows[0].get("thumbnail_key");
        std::fs::write(media.join(&damaged), b"RIFF....WEBPnot a picture").unwrap();
        let damaged_gallery: String =
            sqlx::query_scalar("SELECT gallery_key FROM listing_media WHERE thumbnail_key = $1")
                .bind(damaged.clone())
                .fetch_one(&pool)
                .await
                .unwrap();
        std::fs::write(media.join(&damaged_gallery), b"not a picture either").unwrap();

        // Two replicas start on it at once: each runs the pass, racing for the same photos.
        let mut config = crate::support::config(&db);
        config.link_previews = false;
        let (a, b) = tokio::join!(catalog_svc::start(&config), catalog_svc::start(&config));
        let (a, b) = (a.unwrap(), b.unwrap());
        // And a round asked of each meanwhile, as a third and fourth racer.
        let (ra, rb) = tokio::join!(a.backfill_small_photos(BATCH), b.backfill_small_photos(BATCH));
        ra.unwrap();
        rb.unwrap();
        // Each background pass finished: every photo it read as due is named or discarded, file
        // included (waiting on the records alone missed a loser still making its picture).
        let settled = async { tokio::join!(a.small_photos_settled(), b.small_photos_settled()) };
        tokio::time::timeout(Duration::from_secs(150), settled).await.expect("the background passes finish");
        let left = (
            count(&pool, "SELECT COUNT(*) FROM listing_media WHERE small_key IS NULL").await,
            count(&pool, "SELECT COUNT(*) FROM pending_photos").await,
        );
        assert_eq!(left, (0, 0), "{name}: photos still without a picture, pending records");

        let named = sqlx::query("SELECT listing_id, thumbnail_key, small_key, color FROM listing_media")
            .fetch_all(&pool)
            .await
            .unwrap();
        let mut keys = BTreeSet::new();
        for row in &named {
            let (thumbnail, key): (String, String) = (row.get("thumbnail_key"), row.get("small_key"));
            let color: Option<String> = row.get("color");
            if thumbnail == damaged {
                assert_eq!((key.as_str(), color), ("", None), "{name}: an unreadable photo is marked");
                continue;
            }
            assert!(key.ends_with("-320.webp"), "{name}: {key}");
            assert!(color.as_deref().is_some_and(is_colour), "{name}: {color:?}");
            let picture = image::load_from_memory(&std::fs::read(media.join(&key)).unwrap()).unwrap();
            assert_eq!(picture.width().max(picture.height()), 320, "{name}");
            assert!(keys.insert(key), "{name}: one picture per photo");
        }
        assert_eq!(keys.len(), photos - 1);
        assert_eq!(small_files(&media), keys, "{name}: no file of a replica that lost the race is left");

        // Done: another round finds nothing, changes nothing, and the answers carry them.
        assert_eq!(a.backfill_small_photos(BATCH).await.unwrap(), 0, "{name}");
        assert_eq!(small_files(&media), keys);
        let listing_id: String =
            named.iter().find(|r| r.get::<String, _>("thumbnail_key") != damaged).unwrap().get("listing_id");
        let listing = listings::get(&pool, &listing_id, false).await.unwrap().unwrap();
        let photo = &listing.media[0];
        assert!(photo.small_url.starts_with("/media/") && photo.small_url.ends_with("-320.webp"), "{name}");
        assert!(is_colour(&photo.color), "{name}: {}", photo.color);
        let damaged_listing: String =
            named.iter().find(|r| r.get::<String, _>("thumbnail_key") == damaged).unwrap().get("listing_id");
        let shown = listings::get(&pool, &damaged_listing, false).await.unwrap().unwrap();
        assert_eq!((shown.media[0].small_url.as_str(), shown.media[0].color.as_str()), ("", ""), "{name}");

        drop((a, b));
        pool.close().await;
        db.cleanup().await;
    }
}

/// What an edit stores is what the seller saw when it was read: a picture the pass made since then is
/// kept with its photo, or goes with a dropped one.
#[tokio::test]
async fn an_edit_read_before_the_pass_keeps_or_drops_its_pictures() {
    seed::keep_demo_photos();
    for db in TestDb::both("catalog") {
        let name = db.name;
        let media = db.data_dir.join("media");
        let pool = mtaani_runtime::db::connect(&db.config, &catalog_svc::MIGRATOR).await.unwrap().pool;
        let store = MediaStore::folder(&media);
        seed::run_if_empty(&pool, &store).await.unwrap();
        let ids: Vec<String> =
            sqlx::query_scalar("SELECT id FROM listings ORDER BY id LIMIT 2").fetch_all(&pool).await.unwrap();

        for (id, keep) in [(&ids[0], true), (&ids[1], false)] {
            let listing = listings::get(&pool, id, true).await.unwrap().unwrap();
            let photo = &listing.media[0];
            let small = photo.small_url.trim_start_matches("/media/").to_owned();
            let key = |url: &str| url.trim_start_matches("/media/").to_owned();
            // As the edit read it, before the pass had made the picture.
            let read = catalog_svc::photos::NewMedia {
                gallery_key: key(&photo.url),
                medium_key: (!photo.medium_url.is_empty()).then(|| key(&photo.medium_url)),
                thumbnail_key: key(&photo.thumbnail_url),
                small_key: None,
                color: None,
                width: photo.width.into(),
                height: photo.height.into(),
            };
            let fields = ValidListing {
                name: listing.name.clone(),
                min_price: listing.min_price,
                max_price: listing.max_price,
                location: listing.location.clone(),
                phone_number: listing.phone_number.clone(),
                category: listing.category.clone(),
                subcategory: listing.subcategory.clone(),
                description: listing.description.clone(),
                duration_minutes: listing.duration_minutes as u32,
                directions: listing.directions.clone(),
                place_id: listing.place_id.clone(),
                serves_radius_km: listing.serves_radius_km as u32,
                options: vec![],
            };
            let (kept, dropped) = if keep { (vec![read], vec![]) } else { (vec![], read.keys().cloned().collect()) };
            let late = listings::update(&pool, id, &fields, &kept, &[], &dropped, 1, None).await.unwrap();
            let after = listings::get(&pool, id, true).await.unwrap().unwrap();
            if keep {
                assert!(late.is_empty(), "{name}: {late:?}");
                assert_eq!(after.media[0].small_url, photo.small_url, "{name}: the kept photo keeps its picture");
                assert_eq!(after.media[0].color, photo.color);
            } else {
                assert_eq!(late, std::slice::from_ref(&small), "{name}: the dropped photo's picture goes too");
                assert!(after.media.is_empty());
                let condemned: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM pending_photos WHERE key = $1 AND condemned_at IS NOT NULL",
                )
                .bind(small.clone())
                .fetch_one(&pool)
                .await
                .unwrap();
                assert_eq!(condemned, 1, "{name}: condemned in the edit's transaction");
            }
        }
        pool.close().await;
        db.cleanup().await;
    }
}
