//! What the gateway refuses, and how: every error as JSON with a message, bodies over the limit,
//! and the rate limits (in Redis, per sender rather than per address).

use std::time::Duration;

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use booking_svc::testing::{day, today};
use chrono::Duration as Days;
use mtaani_runtime::testing::eventually;
use serde_json::json;

use crate::support::{Answer, Product};

#[tokio::test]
async fn errors_are_json_with_a_message() {
    let product = Product::start().await;

    let unknown = product.get("/api/no-such-thing").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.json()["message"], "Not found");

    let post = |body: &'static str, content_type: &'static str| {
        Request::post("/api/login").header(header::CONTENT_TYPE, content_type).body(Body::from(body)).unwrap()
    };
    let malformed = product.send(post("{\"email\": ", "application/json")).await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert_eq!(malformed.json()["message"], "The request body is not valid JSON.");
    let wrong_type = product.send(post("{\"email\": 42}", "application/json")).await;
    assert_eq!(wrong_type.status, StatusCode::BAD_REQUEST);
    assert!(wrong_type.json()["message"].as_str().unwrap().contains("wrong type"));
    let not_json = product.send(post("email=a", "text/plain")).await;
    assert_eq!(not_json.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(not_json.json()["message"].is_string());

    let huge = "x".repeat(gateway::SMALL_BODY + 1);
    let too_big = product
        .send(
            Request::post("/api/contact")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(format!("{{\"message\": \"{huge}\"}}")))
                .unwrap(),
        )
        .await;
    assert_eq!(too_big.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(too_big.json()["message"].is_string());
    product.stop().await;
}

#[tokio::test]
async fn failed_sign_ins_are_limited_in_redis() {
    let limiter = gateway::limits::RateLimiter::with_redis("redis://127.0.0.1:6379").unwrap();
    let product = Product::options().limiter(limiter.clone()).start().await;
    // The counters live in the real Redis: wait for the connection.
    eventually("a connection to the Redis at 127.0.0.1:6379", Duration::from_secs(5), async || {
        limiter.uses_redis().await
    })
    .await;

    let email = format!("nobody-{}@example.com", uuid::Uuid::new_v4().simple());
    for _ in 0..gateway::limits::LOGIN_FAILURES.limit {
        let r = product.log_in(&email, "wrong-password").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
        assert_eq!(r.json()["message"], "Invalid email or password");
    }
    let locked = product.log_in(&email, "wrong-password").await;
    assert_eq!(locked.status, StatusCode::TOO_MANY_REQUESTS);
    // The count is in Redis, where every gateway replica sees it.
    let mut redis =
        redis::Client::open("redis://127.0.0.1:6379").unwrap().get_multiplexed_async_connection().await.unwrap();
    let stored: u64 = redis::cmd("GET").arg(format!("rl:login-account:{email}")).query_async(&mut redis).await.unwrap();
    assert_eq!(stored, gateway::limits::LOGIN_FAILURES.limit);
    assert_eq!(locked.json()["message"], mtaani_proto::text::said::too_many_sign_ins().to_string());
    limiter.clear(&format!("login-account:{email}")).await;
    limiter.clear("login-addr:unknown").await;
    product.stop().await;
}

#[tokio::test]
async fn contact_messages_are_stored_and_limited_per_sender() {
    let product = Product::start().await;
    let message = json!({"name": "Amina Wanjiru", "email": "amina@example.com", "phone": "0712345678",
        "subject": "Listing my salon", "message": "How do I list my salon on Mtaani?"});
    let invalid = product.post("/api/contact", json!({"name": "A"})).await;
    assert_eq!(invalid.status, StatusCode::BAD_REQUEST);
    assert_eq!(invalid.json()["message"], "Name must be at least 2 characters");
    assert_eq!(invalid.json()["errors"]["subject"], "Subject must be at least 5 characters");
    // The invalid one spent nothing: the sender still has the whole quota.
    for _ in 0..gateway::limits::CONTACT_PER_EMAIL.limit {
        let sent = product.post("/api/contact", message.clone()).await;
        assert_eq!(sent.status, StatusCode::OK);
        assert_eq!(sent.json()["message"], "Message sent successfully! We'll get back to you soon.");
    }
    let limited = product.post("/api/contact", message.clone()).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.json()["message"].as_str().unwrap().contains("Please wait"));
    // Someone else behind the same address is not blocked by her.
    let mut other = message;
    other["email"] = "baraka@example.com".into();
    assert_eq!(product.post("/api/contact", other).await.status, StatusCode::OK);
    product.stop().await;
}

/// Books one bookable start of `listings` (tried in turn, day after day from tomorrow) for `email`;
/// answers the response.
async fn book_next(product: &Product, listings: &[String], email: &str) -> Answer {
    for days in 1..60 {
        let date = day(today() + Days::days(days));
        for id in listings {
            if let Some(time) = product.bookable(id, &date).await.first() {
                let body =
                    json!({"serviceId": id, "name": "Shared Address", "email": email, "date": date, "time": time});
                return product.post("/api/appointments", body).await;
            }
        }
    }
    panic!("nothing bookable in 60 days");
}

/// Carrier-grade NAT: every request here comes from one address (the gateway sees no peer, so all
/// share "unknown"). Strangers behind it do not block each other; one identity that hammers is
/// stopped, with a message; and a request refused as invalid spends nobody's quota.
#[tokio::test]
async fn strangers_behind_one_address_do_not_block_each_other() {
    let product = Product::start().await;
    let all = product.get("/api/services?limit=100").await.json();
    let listings: Vec<String> = all.as_array().unwrap().iter().map(|s| s["_id"].as_str().unwrap().to_owned()).collect();

    for i in 0..60 {
        let booked = book_next(&product, &listings, &format!("customer{i}@example.co.ke")).await;
        assert_eq!(booked.status, StatusCode::CREATED, "customer {i}: {}", booked.text());
    }
    for i in 0..15 {
        let message = json!({"name": "Neema Auma", "email": format!("writer{i}@example.com"),
            "phone": "0712345678", "subject": "A question", "message": "How do I post a listing?"});
        assert_eq!(product.post("/api/contact", message).await.status, StatusCode::OK, "writer {i}");
    }
    for i in 0..25 {
        let person = json!({"userName": "Zawadi Njoroge", "email": format!("person{i}@example.com"),
            "phoneNumber": format!("07123456{i:02}"), "password": "mandazi-moto", "accountType": "buyer"});
        let r = product.post("/api/register", person).await;
        assert_eq!(r.status, StatusCode::CREATED, "person {i}: {}", r.text());
    }

    // One e-mail writing 40 messages: stopped after its quota, with a message.
    let spam = json!({"name": "Spam Bot", "email": "bot@example.com", "phone": "0712345678",
        "subject": "Buy now", "message": "Cheap followers for your salon!"});
    let answers: Vec<StatusCode> = {
        let mut v = Vec::new();
        for _ in 0..40 {
            v.push(product.post("/api/contact", spam.clone()).await.status);
        }
        v
    };
    let sent = answers.iter().filter(|s| **s == StatusCode::OK).count() as u64;
    assert_eq!(sent, gateway::limits::CONTACT_PER_EMAIL.limit);
    assert!(answers.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::TOO_MANY_REQUESTS), "{answers:?}");
    let refused = product.post("/api/contact", spam).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.json()["message"].as_str().unwrap().contains("Please wait"));

    // One e-mail booking 60 slots: stopped after its quota, with a message.
    let mut booked = 0;
    let mut limited = None;
    for _ in 0..60 {
        let r = book_next(&product, &listings, "hoarder@example.co.ke").await;
        match r.status {
            StatusCode::CREATED => booked += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                limited = Some(r.json()["message"].as_str().unwrap().to_owned());
                break;
            }
            other => panic!("{other}: {}", r.text()),
        }
    }
    assert_eq!(booked, gateway::limits::BOOKINGS_PER_EMAIL.limit);
    assert_eq!(limited.as_deref(), Some(mtaani_proto::text::said::too_many_bookings().to_string().as_str()));

    // Invalid requests (a form with mistakes) never use up the quota.
    for _ in 0..(gateway::limits::CONTACT_PER_EMAIL.limit + 3) {
        let invalid = json!({"name": "A", "email": "typo@example.com", "phone": "0712345678",
            "subject": "Hi", "message": "Short"});
        assert_eq!(product.post("/api/contact", invalid).await.status, StatusCode::BAD_REQUEST);
    }
    let fixed = json!({"name": "Amina Typo", "email": "typo@example.com", "phone": "0712345678",
        "subject": "A question", "message": "How do I post a listing?"});
    assert_eq!(product.post("/api/contact", fixed).await.status, StatusCode::OK);
    product.stop().await;
}
