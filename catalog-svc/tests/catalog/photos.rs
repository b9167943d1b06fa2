//! Photo files (every size, the data saver's included) no listing names are never left behind, on SQLite and PostgreSQL: those of a post cut
//! off before its listing was stored are swept after an hour, those of a deleted listing whose
//! process died before deleting them at the next sweep; a sweep and a late post never both win.

use std::time::Duration;

use catalog_svc::{
    images,
    media::MediaStore,
    photos::{self, NewMedia},
    store,
};
use mtaani_runtime::testing::TestDb;

fn a_photo() -> images::Processed {
    // Larger than the phone size: all three sizes are stored.
    let picture = image::RgbImage::from_fn(800, 600, |x, y| image::Rgb([(x / 4) as u8, (y / 3) as u8, 120]));
    let mut png = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    images::process(&png).unwrap()
}

async fn pending(pool: &sqlx::AnyPool) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM pending_photos").fetch_one(pool).await.unwrap()
}

fn files_exist(dir: &std::path::Path, m: &NewMedia) -> [bool; 4] {
    let medium = m.medium_key.as_ref().expect("an 800 px photo has a phone size");
    let small = m.small_key.as_ref().expect("every new photo has a data saver size");
    [
        dir.join(&m.gallery_key).is_file(),
        dir.join(medium).is_file(),
        dir.join(&m.thumbnail_key).is_file(),
        dir.join(small).is_file(),
    ]
}

#[tokio::test]
async fn photos_of_a_post_that_never_stored_its_listing_are_swept() {
    for db in TestDb::both("catalog") {
        let pool = mtaani_runtime::db::connect(&db.config, &catalog_svc::MIGRATOR).await.unwrap().pool;
        let dir = db.data_dir.join("media");
        let store = MediaStore::folder(&dir);
        let hour = Duration::from_secs(3600);

        // Cut off after the files: they stay pending, and an hour-old sweep takes them.
        let cut_off = photos::put_pending(&pool, &store, "listing-01", a_photo()).await.unwrap();
        assert_eq!(files_exist(&dir, &cut_off), [true, true, true, true], "{}", db.name);
        assert_eq!(pending(&pool).await, 4, "one record per size");
        assert_eq!(photos::sweep(&pool, &store, hour).await.unwrap(), 0, "too young to sweep");
        assert_eq!(photos::sweep(&pool, &store, Duration::ZERO).await.unwrap(), 4);
        assert_eq!(files_exist(&dir, &cut_off), [false, false, false, false], "{}: the orphan files are gone", db.name);
        assert_eq!(pending(&pool).await, 0);

        // A post whose listing is stored claims its photos: no sweep touches them.
        let stored = photos::put_pending(&pool, &store, "listing-02", a_photo()).await.unwrap();
        let mut tx = pool.begin().await.unwrap();
        store::photos::claim(&mut tx, std::slice::from_ref(&stored)).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(photos::sweep(&pool, &store, Duration::ZERO).await.unwrap(), 0);
        assert_eq!(files_exist(&dir, &stored), [true, true, true, true]);

        // A post whose listing was stored but whose answer was lost (the database restarted at the
        // commit) is discarded as failed: the photos its listing names stay.
        let committed = photos::put_pending(&pool, &store, "listing-07", a_photo()).await.unwrap();
        let mut tx = pool.begin().await.unwrap();
        store::photos::claim(&mut tx, std::slice::from_ref(&committed)).await.unwrap();
        tx.commit().await.unwrap();
        photos::discard(&pool, &store, std::slice::from_ref(&committed)).await;
        assert_eq!(files_exist(&dir, &committed), [true, true, true, true], "{}: a stored listing's photos", db.name);

        // Swept first, a late post cannot claim its photos: it fails (and is retried) rather than
        // storing a listing whose photos are gone.
        let late = photos::put_pending(&pool, &store, "listing-03", a_photo()).await.unwrap();
        photos::sweep(&pool, &store, Duration::ZERO).await.unwrap();
        let mut tx = pool.begin().await.unwrap();
        let refused = store::photos::claim(&mut tx, std::slice::from_ref(&late)).await.unwrap_err();
        assert_eq!(tonic::Status::from(refused).code(), tonic::Code::Unavailable);
        drop(tx);

        // A listing deleted (its photos condemned in the same transaction) by a process that died
        // before deleting the files: the next sweep deletes them, without waiting an hour.
        let condemned = photos::put(&store, "listing-05", a_photo()).await.unwrap();
        let keys: Vec<String> = condemned.keys().cloned().collect();
        let mut tx = pool.begin().await.unwrap();
        store::photos::condemn(&mut tx, &keys).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(photos::sweep(&pool, &store, hour).await.unwrap(), 4);
        assert_eq!(files_exist(&dir, &condemned), [false, false, false, false]);

        // A failed post discards its own photos at once.
        let failed = photos::put_pending(&pool, &store, "listing-04", a_photo()).await.unwrap();
        photos::discard(&pool, &store, std::slice::from_ref(&failed)).await;
        assert_eq!(files_exist(&dir, &failed), [false, false, false, false]);
        assert_eq!(pending(&pool).await, 0);

        pool.close().await;
        db.cleanup().await;
    }
}

/// Closed reports are kept 24 months after they were closed, then deleted; open ones always stay.
#[tokio::test]
async fn old_closed_reports_are_deleted_after_their_retention_period() {
    for db in TestDb::both("catalog") {
        let pool = mtaani_runtime::db::connect(&db.config, &catalog_svc::MIGRATOR).await.unwrap().pool;
        let now = 1_900_000_000_i64;
        let two_years = 730 * 86_400;
        for (id, status, closed) in [
            ("old-closed", "closed", Some(now - two_years - 10)),
            ("recently-closed", "closed", Some(now - 10)),
            ("old-open", "open", None),
        ] {
            sqlx::query(
                "INSERT INTO reports (id, kind, target_id, reason, details, status, created_at, closed_at) \
                 VALUES ($1, 'listing', 'l1', 'scam', '', $2, $3, $4)",
            )
            .bind(id)
            .bind(status)
            .bind(now - 3 * two_years)
            .bind(closed)
            .execute(&pool)
            .await
            .unwrap();
        }
        assert_eq!(catalog_svc::moderation::purge_expired(&pool, now).await.unwrap(), 1, "{}", db.name);
        let mut left: Vec<String> = sqlx::query_scalar("SELECT id FROM reports").fetch_all(&pool).await.unwrap();
        left.sort();
        assert_eq!(left, ["old-open", "recently-closed"], "{}", db.name);
        pool.close().await;
        db.cleanup().await;
    }
}
