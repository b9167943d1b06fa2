//! Favourites through catalog-svc's gRPC interface, on SQLite and on PostgreSQL: saving is
//! idempotent (also when the same save arrives twice at once, as a merge at sign-in and a tap can),
//! only shown listings can be newly saved, a listing hidden or deleted since stays in the list as no
//! longer available, the cap per account, and a deleted account's favourites go.

use mtaani_proto::catalog::v1 as pb;
use mtaani_runtime::testing::{TestDb, eventually};
use tonic::Code;

use crate::support::{Client, start_with_pool as start};

fn fav(user: &str, listing: &str) -> pb::FavouriteRequest {
    pb::FavouriteRequest { user_id: user.into(), listing_id: listing.into() }
}

async fn saved(c: &mut Client, user: &str) -> Vec<pb::Favourite> {
    c.list_favourites(pb::ListFavouritesRequest { user_id: user.into() }).await.unwrap().into_inner().favourites
}

#[tokio::test]
async fn favourites_on_both_backends() {
    for db in TestDb::both("catalog") {
        let (server, mut c, pool) = start(&db).await;
        let name = db.name;
        let all = c
            .list_listings(pb::ListListingsRequest {
                page: Some(pb::Page { limit: 100, offset: 0 }),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner()
            .listings;
        // Three listings of three different sellers, so hiding one seller leaves the others shown.
        let mut picked: Vec<pb::Listing> = Vec::new();
        for l in all {
            if picked.iter().all(|p| p.seller_id != l.seller_id) {
                picked.push(l);
            }
        }
        let [a, b, d] = [picked[0].clone(), picked[1].clone(), picked[2].clone()];

        assert!(saved(&mut c, "u1").await.is_empty(), "{name}");
        // The same save twice at once (a merge at sign-in beside a tap), then again later: one row.
        let (mut c1, mut c2) = (c.clone(), c.clone());
        let (x, y) = tokio::join!(c1.put_favourite(fav("u1", &a.id)), c2.put_favourite(fav("u1", &a.id)));
        let (x, y) = (x.unwrap().into_inner(), y.unwrap().into_inner());
        assert_eq!((x.saved_at, x.listing.unwrap().id), (y.saved_at, a.id.clone()), "{name}");
        let again = c.put_favourite(fav("u1", &a.id)).await.unwrap().into_inner();
        // Saved times are whole seconds: the next saves must come in a later one to sort after.
        let next_second = async || catalog_svc::clock::now() > again.saved_at;
        eventually("the next second", std::time::Duration::from_secs(2), next_second).await;
        c.put_favourite(fav("u1", &b.id)).await.unwrap();
        c.put_favourite(fav("u1", &d.id)).await.unwrap();
        let list = saved(&mut c, "u1").await;
        let ids: Vec<&str> = list.iter().map(|f| f.listing_id.as_str()).collect();
        assert_eq!(ids.len(), 3, "{name}: {ids:?}");
        assert_eq!(ids[2], a.id, "{name}: the latest saved first");
        assert!(list.iter().all(|f| f.listing.is_some()), "{name}");
        // Someone else's are their own.
        assert!(saved(&mut c, "u2").await.is_empty(), "{name}");

        // Unknown listings cannot be saved; removing what is not saved changes nothing.
        for bad in ["no-such-listing", "", "x\0y"] {
            let e = c.put_favourite(fav("u1", bad)).await.unwrap_err();
            assert_eq!((e.code(), e.message()), (Code::NotFound, "Service not found"), "{name}: {bad:?}");
        }
        assert_eq!(c.put_favourite(fav("", &a.id)).await.unwrap_err().code(), Code::InvalidArgument);
        c.delete_favourite(fav("u1", "no-such-listing")).await.unwrap();
        c.delete_favourite(fav("u2", &a.id)).await.unwrap();
        assert_eq!(saved(&mut c, "u1").await.len(), 3, "{name}");

        // Hidden since (a lapsed package): still in the list by its name, no longer available; saved
        // again changes nothing, but nobody can newly save it.
        let hide = pb::SetSellerVisibilityRequest { seller_id: b.seller_id.clone(), visible: false, featured: false };
        c.set_seller_visibility(hide).await.unwrap();
        let list = saved(&mut c, "u1").await;
        let gone = list.iter().find(|f| f.listing_id == b.id).unwrap();
        assert_eq!((gone.name.as_str(), gone.listing.is_none()), (b.name.as_str(), true), "{name}");
        assert!(c.put_favourite(fav("u1", &b.id)).await.unwrap().into_inner().listing.is_none(), "{name}");
        assert_eq!(c.put_favourite(fav("u2", &b.id)).await.unwrap_err().code(), Code::NotFound, "{name}");
        // Deleted since: the same.
        c.delete_listing(pb::DeleteListingRequest {
            id: d.id.clone(),
            seller_id: d.seller_id.clone(),
            ..Default::default()
        })
        .await
        .unwrap();
        let list = saved(&mut c, "u1").await;
        let deleted = list.iter().find(|f| f.listing_id == d.id).expect("a deleted listing stays in the list");
        assert_eq!((deleted.name.as_str(), deleted.listing.is_none()), (d.name.as_str(), true), "{name}");
        assert!(list.iter().find(|f| f.listing_id == a.id).unwrap().listing.is_some(), "{name}");

        // Removed: gone from the list, and removing again is fine.
        c.delete_favourite(fav("u1", &d.id)).await.unwrap();
        c.delete_favourite(fav("u1", &d.id)).await.unwrap();
        assert_eq!(saved(&mut c, "u1").await.len(), 2, "{name}");

        // At most 200 per account.
        for i in 0..198 {
            sqlx::query("INSERT INTO favourites (user_id, listing_id, name, created_at) VALUES ('u1', $1, 'Old', 1)")
                .bind(format!("old-{i}"))
                .execute(&pool)
                .await
                .unwrap();
        }
        let e = c.put_favourite(fav("u1", &picked[3].id)).await.unwrap_err();
        assert_eq!(
            (e.code(), e.message()),
            (Code::FailedPrecondition, "You can save up to 200 favourites. Remove one to save another."),
            "{name}"
        );
        c.put_favourite(fav("u1", &a.id)).await.expect("saving one already saved is fine at the cap");
        c.delete_favourite(fav("u1", "old-0")).await.unwrap();
        c.put_favourite(fav("u1", &picked[3].id)).await.expect("room again");

        // A deleted account's favourites go with its reviews.
        c.put_favourite(fav("u2", &a.id)).await.unwrap();
        c.forget_reviewer(pb::ForgetReviewerRequest { customer_id: "u1".into(), email: String::new() }).await.unwrap();
        assert!(saved(&mut c, "u1").await.is_empty(), "{name}");
        assert_eq!(saved(&mut c, "u2").await.len(), 1, "{name}: only theirs");

        pool.close().await;
        server.stop().await;
        db.cleanup().await;
    }
}
