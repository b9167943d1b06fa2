//! Verified reviews through catalog-svc's gRPC interface, on SQLite and on PostgreSQL: an invitation
//! per booking, the e-mailed single-use link (also under simultaneous submissions), the rating
//! counted again on every listing answer, the seller's one reply, sorting by rating, hidden and
//! deleted listings, and a deleted reviewer.

use base64::Engine;
use mtaani_proto::{
    catalog::v1 as pb,
    messaging::v1::{SendNotificationRequest, send_notification_request::Kind},
};
use mtaani_runtime::testing::TestDb;
use prost::Message;
use tonic::Code;

use crate::support::{Client, start_with_pool as start};

fn invitation(booking: &str, listing: &pb::Listing, customer: &str, email: &str) -> pb::InviteReviewRequest {
    pb::InviteReviewRequest {
        booking_id: booking.into(),
        listing_id: listing.id.clone(),
        seller_id: listing.seller_id.clone(),
        customer_id: customer.into(),
        customer_name: "Wanjiru Kamau".into(),
        customer_email: email.into(),
        date: "2026-11-20".into(),
        time: "10:00".into(),
        provider_name: "Glow Studio".into(),
        language: String::new(),
    }
}

/// The token of the review link e-mailed for `booking` (read from the outbox catalog-svc stored it in).
async fn mailed_token(pool: &sqlx::AnyPool, booking: &str) -> Option<String> {
    let payloads: Vec<String> =
        sqlx::query_scalar("SELECT payload FROM notification_outbox").fetch_all(pool).await.unwrap();
    payloads.iter().find_map(|p| {
        let bytes = base64::engine::general_purpose::STANDARD.decode(p).ok()?;
        let n = SendNotificationRequest::decode(bytes.as_slice()).ok()?;
        match n.kind {
            Some(Kind::ReviewInvitation(i)) if n.idempotency_key == format!("{booking}:review-invitation") => {
                assert!(i.review_url.starts_with("http://127.0.0.1:8080/review?token="), "{}", i.review_url);
                Some(i.review_url.split("token=").nth(1)?.to_owned())
            }
            _ => None,
        }
    })
}

async fn mails_of_kind(pool: &sqlx::AnyPool, key_suffix: &str) -> usize {
    let payloads: Vec<String> =
        sqlx::query_scalar("SELECT payload FROM notification_outbox").fetch_all(pool).await.unwrap();
    payloads
        .iter()
        .filter_map(|p| base64::engine::general_purpose::STANDARD.decode(p).ok())
        .filter_map(|b| SendNotificationRequest::decode(b.as_slice()).ok())
        .filter(|n| n.idempotency_key.ends_with(key_suffix))
        .count()
}

fn review(token: &str, rating: i32, text: &str) -> pb::CreateReviewRequest {
    pb::CreateReviewRequest { token: token.into(), rating, text: text.into() }
}

async fn listing(c: &mut Client, id: &str) -> pb::Listing {
    c.get_listing(pb::GetListingRequest { id: id.into() }).await.unwrap().into_inner()
}

/// A demo listing no demo review is on, so the figures below are ours alone.
async fn unreviewed(c: &mut Client) -> pb::Listing {
    let all = c
        .list_listings(pb::ListListingsRequest { page: Some(pb::Page { limit: 100, offset: 0 }), ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    all.listings.into_iter().find(|l| l.rating_count == 0).expect("a demo listing without reviews")
}

#[tokio::test]
async fn verified_reviews_on_both_backends() {
    for db in TestDb::both("catalog") {
        let (server, mut c, pool) = start(&db).await;
        let name = db.name;
        let target = unreviewed(&mut c).await;

        // One invitation per booking: asked twice (booking-svc retrying), one e-mail.
        let first = c.invite_review(invitation("b1", &target, "cust-1", "wanjiru@example.com")).await.unwrap();
        assert!(first.into_inner().invited, "{name}");
        let again = c.invite_review(invitation("b1", &target, "cust-1", "wanjiru@example.com")).await.unwrap();
        assert!(!again.into_inner().invited, "{name}: the second ask sends nothing");
        assert_eq!(mails_of_kind(&pool, "b1:review-invitation").await, 1, "{name}");
        let token = mailed_token(&pool, "b1").await.expect("the link was e-mailed");
        // Only the digest is stored: the database opens no link.
        let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM review_invites WHERE token_hash = $1")
            .bind(token.clone())
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(stored, 0, "{name}: the token itself is not stored");

        // The link shows what it is for; bad links are 400 with a message.
        let shown = c.get_review_invite(pb::ReviewTokenRequest { token: token.clone() }).await.unwrap().into_inner();
        assert_eq!(
            (shown.listing_id.as_str(), shown.service_name.as_str()),
            (target.id.as_str(), target.name.as_str())
        );
        assert_eq!((shown.provider_name.as_str(), shown.date.as_str()), ("Glow Studio", "2026-11-20"));
        assert_eq!(shown.customer_name, "Wanjiru K.");
        for bad in ["", "nope", "x".repeat(300).as_str()] {
            let e = c.get_review_invite(pb::ReviewTokenRequest { token: bad.into() }).await.unwrap_err();
            assert_eq!(
                (e.code(), e.message()),
                (Code::InvalidArgument, "This review link is not valid or has expired.")
            );
        }

        // The rules of a review; a refused one does not use the link.
        for (rating, text, message) in [
            (0, "", "Please choose a rating from 1 to 5 stars"),
            (6, "", "Please choose a rating from 1 to 5 stars"),
            (5, &"a".repeat(1001)[..], "Your review must be at most 1000 characters"),
        ] {
            let e = c.create_review(review(&token, rating, text)).await.unwrap_err();
            assert_eq!((e.code(), e.message()), (Code::InvalidArgument, message), "{name}");
        }
        let e = c.create_review(review("forged", 5, "")).await.unwrap_err();
        assert_eq!(e.code(), Code::InvalidArgument);

        // Five submissions of one link at once: exactly one review, the others 409.
        let attempts = (0..5).map(|i| {
            let mut c = c.clone();
            let token = token.clone();
            tokio::spawn(async move { c.create_review(review(&token, 5 - (i % 2), "Lovely work, on time.")).await })
        });
        let results: Vec<_> = futures_util::future::join_all(attempts).await.into_iter().map(Result::unwrap).collect();
        let made: Vec<_> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert_eq!(made.len(), 1, "{name}: one review per link");
        assert!(
            results
                .iter()
                .filter_map(|r| r.as_ref().err())
                .all(|e| e.code() == Code::AlreadyExists && e.message() == "You have already reviewed this booking.")
        );
        let written = made[0].get_ref().clone();
        assert_eq!(written.reviewer_name, "Wanjiru K.");
        let e = c.get_review_invite(pb::ReviewTokenRequest { token: token.clone() }).await.unwrap_err();
        assert_eq!(e.code(), Code::AlreadyExists, "{name}: a used link says so");
        let count: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM reviews WHERE booking_id = 'b1'").fetch_one(&pool).await.unwrap();
        assert_eq!(count, 1);

        // Every listing answer carries the rating at once, counted again on each review.
        let after = listing(&mut c, &target.id).await;
        assert_eq!((after.rating_count, after.rating_sum), (1, i64::from(written.rating)), "{name}");
        c.invite_review(invitation("b2", &target, "", "otieno@example.com")).await.unwrap();
        let token2 = mailed_token(&pool, "b2").await.unwrap();
        c.create_review(review(&token2, 2, "")).await.unwrap();
        let after = listing(&mut c, &target.id).await;
        assert_eq!((after.rating_count, after.rating_sum), (2, i64::from(written.rating) + 2), "{name}");
        let in_list = c
            .list_listings(pb::ListListingsRequest { category: target.category.clone(), ..Default::default() })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(in_list.listings.iter().find(|l| l.id == target.id).unwrap().rating_count, 2);

        // The listing's reviews, newest first, with the distribution.
        let page = c
            .list_reviews(pb::ListReviewsRequest { listing_id: target.id.clone(), page: None })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(page.total, 2);
        assert_eq!(page.reviews[0].rating, 2, "{name}: newest first");
        let summary = page.summary.unwrap();
        assert_eq!(summary.distribution.iter().sum::<i64>(), 2);
        assert_eq!(summary.distribution[1], 1, "one 2-star review");

        // Sorting by rating: the best average first, unrated last.
        let by_rating = c
            .list_listings(pb::ListListingsRequest {
                sort: "rating".into(),
                page: Some(pb::Page { limit: 100, offset: 0 }),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner()
            .listings;
        let averages: Vec<f64> = by_rating
            .iter()
            .map(|l| if l.rating_count == 0 { -1.0 } else { l.rating_sum as f64 / l.rating_count as f64 })
            .collect();
        assert!(averages.windows(2).all(|w| w[0] >= w[1] - 1e-9), "{name}: {averages:?}");
        let e = c
            .list_listings(pb::ListListingsRequest { sort: "cheapest".into(), ..Default::default() })
            .await
            .unwrap_err();
        assert_eq!(e.code(), Code::InvalidArgument);
        for (sort, key) in [("price_asc", 1), ("price_desc", -1)] {
            let l = c
                .list_listings(pb::ListListingsRequest { sort: sort.into(), ..Default::default() })
                .await
                .unwrap()
                .into_inner()
                .listings;
            let prices: Vec<i64> = l.iter().map(|l| if key > 0 { l.min_price } else { -l.max_price }).collect();
            assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{name} {sort}: {prices:?}");
        }

        // The seller replies once; the reviewer is e-mailed once; nobody else may reply.
        let other = c
            .reply_to_review(pb::ReplyToReviewRequest {
                seller_id: "someone-else".into(),
                review_id: written.id.clone(),
                text: "Hi".into(),
            })
            .await
            .unwrap_err();
        assert_eq!(other.code(), Code::PermissionDenied);
        let blank = c
            .reply_to_review(pb::ReplyToReviewRequest {
                seller_id: target.seller_id.clone(),
                review_id: written.id.clone(),
                text: "  ".into(),
            })
            .await
            .unwrap_err();
        assert_eq!((blank.code(), blank.message()), (Code::InvalidArgument, "Please write your reply"));
        let replied = c
            .reply_to_review(pb::ReplyToReviewRequest {
                seller_id: target.seller_id.clone(),
                review_id: written.id.clone(),
                text: "Asante sana, karibu tena!".into(),
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(replied.reply, "Asante sana, karibu tena!");
        let twice = c
            .reply_to_review(pb::ReplyToReviewRequest {
                seller_id: target.seller_id.clone(),
                review_id: written.id.clone(),
                text: "Again".into(),
            })
            .await
            .unwrap_err();
        assert_eq!((twice.code(), twice.message()), (Code::AlreadyExists, "You have already replied to this review."));
        assert_eq!(mails_of_kind(&pool, ":review-reply").await, 1, "{name}");
        let mine = c
            .list_seller_reviews(pb::ListSellerReviewsRequest { seller_id: target.seller_id.clone(), page: None })
            .await
            .unwrap()
            .into_inner();
        assert!(mine.reviews.iter().any(|r| r.id == written.id && r.listing_name == target.name));

        // A seller's own booking is never invited.
        let own = c.invite_review(invitation("b3", &target, &target.seller_id, "me@example.com")).await.unwrap();
        assert!(!own.into_inner().invited, "{name}: no self-review");

        // A hidden listing's reviews are not shown (nor can they be written), and come back with it.
        c.invite_review(invitation("b4", &target, "cust-4", "baraka@example.com")).await.unwrap();
        let token4 = mailed_token(&pool, "b4").await.unwrap();
        let hide =
            pb::SetSellerVisibilityRequest { seller_id: target.seller_id.clone(), visible: false, featured: false };
        c.set_seller_visibility(hide).await.unwrap();
        let gone = c.list_reviews(pb::ListReviewsRequest { listing_id: target.id.clone(), page: None }).await;
        assert_eq!(gone.unwrap_err().code(), Code::NotFound, "{name}");
        assert_eq!(c.create_review(review(&token4, 4, "")).await.unwrap_err().code(), Code::NotFound);
        let show = pb::SetSellerVisibilityRequest {
            seller_id: target.seller_id.clone(),
            visible: true,
            featured: target.featured,
        };
        c.set_seller_visibility(show).await.unwrap();
        c.create_review(review(&token4, 4, "")).await.expect("the link still works once the listing is back");

        // A deleted reviewer's reviews go, and the rating is counted again.
        let forgotten = c
            .forget_reviewer(pb::ForgetReviewerRequest {
                customer_id: "cust-1".into(),
                email: "WANJIRU@example.com".into(),
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(forgotten.forgotten, 1);
        let after = listing(&mut c, &target.id).await;
        assert_eq!((after.rating_count, after.rating_sum), (2, 6), "{name}: 2 + 4 stars left");

        // An expired link is refused like a bad one.
        c.invite_review(invitation("b5", &target, "cust-5", "akinyi@example.com")).await.unwrap();
        let token5 = mailed_token(&pool, "b5").await.unwrap();
        sqlx::query("UPDATE review_invites SET expires_at = 1 WHERE booking_id = 'b5'").execute(&pool).await.unwrap();
        let e = c.create_review(review(&token5, 5, "")).await.unwrap_err();
        assert_eq!((e.code(), e.message()), (Code::InvalidArgument, "This review link is not valid or has expired."));

        // A deleted listing takes its reviews along.
        c.delete_listing(pb::DeleteListingRequest {
            id: target.id.clone(),
            seller_id: target.seller_id.clone(),
            ..Default::default()
        })
        .await
        .unwrap();
        let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM reviews WHERE listing_id = $1")
            .bind(target.id.clone())
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(left, 0, "{name}");

        pool.close().await;
        server.stop().await;
        db.cleanup().await;
    }
}
