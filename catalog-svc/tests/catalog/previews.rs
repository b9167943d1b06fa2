//! What crawlers get of the catalog, on SQLite and on PostgreSQL: each listing's link
//! preview picture (its first photo as a 1200 × 630 JPEG of at most 300 KB) made in the background for
//! the listings already stored, named by the listing's answer, and gone with the listing; and the
//! sitemap's listings, page by page in id order, hidden ones left out.

use std::time::Duration;

use mtaani_proto::catalog::v1 as pb;
use mtaani_runtime::testing::{TestDb, eventually};
use tonic::Code;

use crate::support::{Client, start};

async fn sitemap(c: &mut Client, limit: i32) -> Vec<pb::SitemapListing> {
    let mut all: Vec<pb::SitemapListing> = Vec::new();
    loop {
        let after_id = all.last().map_or_else(String::new, |l| l.id.clone());
        let page = c.list_sitemap(pb::ListSitemapRequest { after_id, limit }).await.unwrap().into_inner().listings;
        let done = page.len() < limit as usize;
        all.extend(page);
        if done {
            return all;
        }
    }
}

#[tokio::test]
async fn previews_and_the_sitemap_on_both_backends() {
    for db in TestDb::both("catalog") {
        let (server, mut c) = start(&db).await;
        let name = db.name;
        let shown = c
            .list_listings(pb::ListListingsRequest {
                page: Some(pb::Page { limit: 100, offset: 0 }),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        let target = shown.listings.iter().find(|l| !l.media.is_empty()).expect("a demo listing with photos").clone();

        // The demo listings were stored before any preview: the background pass makes them.
        let url = eventually("the link preview made in the background", Duration::from_secs(30), async || {
            let listing = c.clone().get_listing(pb::GetListingRequest { id: target.id.clone() }).await.unwrap();
            Some(listing.into_inner().og_image_url).filter(|url| !url.is_empty())
        })
        .await;
        assert!(url.starts_with("/media/og/"), "{name}: {url:?}");
        let key = url.trim_start_matches("/media/").to_owned();
        let media = c.get_media(pb::GetMediaRequest { key: key.clone() }).await.unwrap().into_inner();
        assert_eq!(media.content_type, "image/jpeg", "{name}");
        assert!(media.data.len() <= 300 * 1024, "{name}: {} bytes", media.data.len());
        let picture = image::load_from_memory(&media.data).unwrap();
        assert_eq!((picture.width(), picture.height()), (1200, 630), "{name}");
        // Named by its row, it is no longer pending: the sweeper keeps its file (a picture whose round
        // was cut off before its row stays pending, and the sweeper removes it).
        let pool = mtaani_runtime::db::connect(&db.config, &catalog_svc::MIGRATOR).await.unwrap().pool;
        let pending: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pending_photos WHERE key LIKE 'og/%'")
            .fetch_one(&pool)
            .await
            .unwrap();
        let named: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM listing_og WHERE og_key = $1")
            .bind(key.clone())
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(named, 1, "{name}");
        let pending_mine: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pending_photos WHERE key = $1")
            .bind(key.clone())
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(pending_mine, 0, "{name}: {pending} og pictures pending");
        pool.close().await;
        // Only the listing's own answer names it: the lists stay as they were.
        assert!(shown.listings.iter().all(|l| l.og_image_url.is_empty()), "{name}");

        // The sitemap: every visible listing once, in id order, whatever the page size.
        let all = sitemap(&mut c, 7).await;
        assert_eq!(all.len() as i64, shown.total, "{name}");
        assert!(all.windows(2).all(|w| w[0].id < w[1].id), "{name}");
        assert_eq!(
            all.iter().map(|l| l.id.clone()).collect::<Vec<_>>(),
            sitemap(&mut c, 10_000).await.iter().map(|l| l.id.clone()).collect::<Vec<_>>()
        );
        let entry = all.iter().find(|l| l.id == target.id).unwrap();
        assert_eq!(
            (entry.seller_id.as_str(), entry.category.as_str()),
            (target.seller_id.as_str(), target.category.as_str())
        );
        assert_eq!(entry.updated_at, target.updated_at, "{name}");
        let hide =
            pb::SetSellerVisibilityRequest { seller_id: target.seller_id.clone(), visible: false, featured: false };
        c.set_seller_visibility(hide).await.unwrap();
        let left = sitemap(&mut c, 10_000).await;
        assert!(left.iter().all(|l| l.seller_id != target.seller_id), "{name}: hidden listings are left out");
        assert!(left.len() < all.len(), "{name}");
        let show = pb::SetSellerVisibilityRequest {
            seller_id: target.seller_id.clone(),
            visible: true,
            featured: target.featured,
        };
        c.set_seller_visibility(show).await.unwrap();

        // A deleted listing takes its preview along.
        c.delete_listing(pb::DeleteListingRequest {
            id: target.id.clone(),
            seller_id: target.seller_id.clone(),
            ..Default::default()
        })
        .await
        .unwrap();
        let what = format!("{name}: the preview's file gone with its listing");
        eventually(&what, Duration::from_secs(5), async || {
            c.clone()
                .get_media(pb::GetMediaRequest { key: key.clone() })
                .await
                .is_err_and(|e| e.code() == Code::NotFound)
        })
        .await;

        server.stop().await;
        db.cleanup().await;
    }
}
