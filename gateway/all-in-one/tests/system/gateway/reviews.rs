//! Verified reviews through the gateway: invited by e-mail after a booking, written once from the
//! link, shown at once in the listing's answers, sorted by, and answered once by the seller.

use axum::http::StatusCode;
use mtaani_proto::demo::SELLERS;
use serde_json::{Value, json};

use crate::support::{DEMO_PASSWORD, Product};

#[tokio::test]
async fn verified_reviews_travel_through_the_gateway() {
    use mtaani_proto::catalog::v1 as cat;
    let product = Product::start().await;
    let all = product.get("/api/services?limit=100").await.json();
    let all = all.as_array().unwrap();
    // Every listing answer carries its rating; the demo marketplace has reviews on most listings.
    let rated = all.iter().find(|l| l["rating"]["count"].as_i64().unwrap() > 0).expect("demo reviews");
    let average = rated["rating"]["average"].as_f64().unwrap();
    assert!((1.0..=5.0).contains(&average) && (average * 10.0).fract() == 0.0, "{average}");
    let target = all.iter().find(|l| l["rating"]["count"] == 0).expect("a listing without reviews");
    assert_eq!(target["rating"], json!({"average": null, "count": 0}));
    let id = target["_id"].as_str().unwrap();
    let seller = target["sellerId"].as_str().unwrap();

    // booking-svc's part, asked here directly: the invitation of a confirmed booking that took place.
    let mut catalog =
        cat::catalog_service_client::CatalogServiceClient::connect(product.services.catalog.url()).await.unwrap();
    let invite = cat::InviteReviewRequest {
        booking_id: "gateway-b1".into(),
        listing_id: id.into(),
        seller_id: seller.into(),
        customer_id: String::new(),
        customer_name: "Akinyi Odhiambo".into(),
        customer_email: "akinyi@example.com".into(),
        date: "2026-11-20".into(),
        time: "10:00 AM".into(),
        provider_name: "Studio".into(),
        language: String::new(),
    };
    assert!(catalog.invite_review(invite).await.unwrap().into_inner().invited);
    let token = product.mail.link("/review?token=").await;

    let shown = product.get(&format!("/api/reviews/invite?token={token}")).await;
    assert_eq!(shown.status, StatusCode::OK);
    assert_eq!((shown.json()["serviceId"].as_str(), shown.json()["reviewer"].as_str()), (Some(id), Some("Akinyi O.")));
    let bad = product.get("/api/reviews/invite?token=nope").await;
    assert_eq!(
        (bad.status, bad.json()["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("This review link is not valid or has expired."))
    );
    let stars = product.post("/api/reviews", json!({"token": token, "rating": 9})).await;
    assert_eq!(stars.status, StatusCode::BAD_REQUEST);
    assert_eq!(stars.json()["errors"]["rating"], "Please choose a rating from 1 to 5 stars");
    let made = product.post("/api/reviews", json!({"token": token, "rating": 5, "text": "Great"})).await;
    assert_eq!(made.status, StatusCode::CREATED);
    let review = made.json();
    assert_eq!((review["reviewer"].as_str(), review["verified"].as_bool()), (Some("Akinyi O."), Some(true)));
    assert_eq!(review["reply"], Value::Null);
    let again = product.post("/api/reviews", json!({"token": token, "rating": 4})).await;
    assert_eq!(
        (again.status, again.json()["message"].as_str()),
        (StatusCode::CONFLICT, Some("You have already reviewed this booking."))
    );

    // At once in the listing's answers (the gateway's cache was cleared) and in its reviews.
    let detail = product.get(&format!("/api/service/{id}")).await.json();
    assert_eq!(detail["rating"], json!({"average": 5.0, "count": 1}));
    let page = product.get(&format!("/api/service/{id}/reviews")).await.json();
    assert_eq!((page["total"].as_i64(), page["distribution"].clone()), (Some(1), json!([0, 0, 0, 0, 1])));
    assert_eq!(page["reviews"][0]["text"], "Great");
    assert_eq!(product.get("/api/service/no-such-listing/reviews").await.status, StatusCode::NOT_FOUND);

    // Sorting: by rating (best first, unrated last), by price; an unknown order is a 400.
    let by_rating = product.get("/api/services?sort=rating&limit=100").await.json();
    let averages: Vec<f64> =
        by_rating.as_array().unwrap().iter().map(|l| l["rating"]["average"].as_f64().unwrap_or(-1.0)).collect();
    assert!(averages.windows(2).all(|w| w[0] >= w[1] - 0.051), "{averages:?}");
    let cheapest = product.get("/api/services/beauty?sort=price_asc").await.json();
    let prices: Vec<i64> = cheapest.as_array().unwrap().iter().map(|l| l["minPrice"].as_i64().unwrap()).collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    let bogus = product.get("/api/services?sort=cheapest").await;
    assert_eq!(bogus.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bogus.json()["message"],
        "sort must be one of recommended, rating, price_asc, price_desc, newest, distance"
    );
    let blank = product.get("/api/services/beauty?sort=").await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        blank.json()["errors"]["sort"],
        "sort must be one of recommended, rating, price_asc, price_desc, newest, distance"
    );

    // The seller replies once from My Account; another seller may not; a buyer has no reviews page.
    let owner_email = SELLERS.iter().find(|s| s.id == seller).expect("a demo seller").email;
    let owner = product.sign_in(owner_email, DEMO_PASSWORD).await;
    let other_email =
        if owner_email.starts_with("mercy") { "njeri@demo.mtaani.co.ke" } else { "mercy@demo.mtaani.co.ke" };
    let other = product.sign_in(other_email, DEMO_PASSWORD).await;
    let review_id = review["id"].as_str().unwrap();
    let reply_uri = format!("/api/account/reviews/{review_id}/reply");
    let theirs = product.call("POST", &reply_uri, Some(&other), Some(json!({"text": "Hi"}))).await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN);
    let replied = product.call("POST", &reply_uri, Some(&owner), Some(json!({"text": "Asante!"}))).await;
    assert_eq!(replied.status, StatusCode::OK);
    assert_eq!(replied.json()["reply"]["text"], "Asante!");
    let twice = product.call("POST", &reply_uri, Some(&owner), Some(json!({"text": "Again"}))).await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
    let mine = product.call("GET", "/api/account/reviews", Some(&owner), None).await.json();
    assert!(mine["reviews"].as_array().unwrap().iter().any(|r| r["id"] == review_id && r["serviceId"] == id));
    let page = product.get(&format!("/api/service/{id}/reviews")).await.json();
    assert_eq!(page["reviews"][0]["reply"]["text"], "Asante!", "the cached page was refreshed");
    product.mail.wait_for(&["replied to your review"]).await;

    product.stop().await;
}
