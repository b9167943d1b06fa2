//! Accounts through the gateway: sessions verified there, a forgotten password reset by an e-mailed
//! link (even when messaging-svc is down when it is asked for), a seller's package paid by the demo
//! M-Pesa, and favourites kept in the account.

use std::time::Duration;

use axum::{
    body::Body,
    http::{Request, StatusCode},
};
use mtaani_runtime::testing::eventually;
use serde_json::{Value, json};

use crate::support::{DEMO_PASSWORD, JWT_SECRET, PNG_1X1, Product, Queues, request};

#[tokio::test]
async fn sessions_are_verified_in_the_gateway() {
    let product = Product::start().await;

    let signed_in = product.log_in("wanjiru@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    assert_eq!(signed_in.status, StatusCode::OK);
    let session = signed_in.json();
    assert_eq!(session["user"]["userName"], "Wanjiru Kamau");
    assert_eq!(session["user"]["accountType"], "seller");
    assert_eq!(session["user"]["sellerPackage"]["packageId"], "premium");
    let token = session["token"].as_str().unwrap();

    let me = product.call("GET", "/api/me", Some(token), None).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json()["subscription"]["status"], "active");
    assert_eq!(me.json()["subscription"]["packageName"], "Premium");

    let no_token = product.get("/api/me").await;
    assert_eq!(no_token.status, StatusCode::UNAUTHORIZED);
    assert!(no_token.json()["message"].is_string());
    let (head, rest) = token.split_once('.').unwrap();
    let (_, signature) = rest.split_once('.').unwrap();
    let now = chrono::Utc::now().timestamp();
    let b64 = |v: Value| {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string())
    };
    let claims = |aud: &str, exp: i64| {
        json!({"sub": mtaani_proto::demo::SELLERS[1].id, "role": "seller", "aud": aud,
            "iss": "mtaani-accounts", "iat": now, "exp": exp})
    };
    let forged = [
        format!("{}.{}.", b64(json!({"alg": "none", "typ": "JWT"})), b64(claims("mtaani-web", now + 600))),
        format!("{head}.{}.{signature}", b64(claims("mtaani-web", now + 600))),
        mtaani_proto::token::issue(b"another-key-another-key-another-key!", "u", "seller", now, 600).unwrap(),
        mtaani_proto::token::issue(JWT_SECRET, "u", "seller", now - 7200, 600).unwrap(),
        "garbage".to_owned(),
    ];
    for bad in forged {
        let r = product.call("GET", "/api/me", Some(&bad), None).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{bad}");
    }
    product.stop().await;
}

#[tokio::test]
async fn a_forgotten_password_is_reset_through_an_emailed_link() {
    let mut product = Product::start().await;
    let register = json!({"userName": "Zawadi Achieng", "email": "zawadi@example.com",
        "phoneNumber": "0733 123 456", "password": "mandazi-moto", "accountType": "buyer"});
    let created = product.post("/api/register", register.clone()).await;
    assert_eq!(created.status, StatusCode::CREATED);
    assert_eq!(created.json()["user"]["phoneNumber"], "+254733123456");
    let again = product.post("/api/register", register).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.json()["message"], "An account with this email already exists");

    // messaging-svc is down when the reset is asked for: accounts-svc keeps the e-mail and retries.
    let messaging_addr = product.services.messaging.addr;
    let spare = product.services.start_messaging(None).await;
    std::mem::replace(&mut product.services.messaging, spare).stop().await;

    for email in ["zawadi@example.com", "nobody@example.com"] {
        let asked = product.post("/api/password-reset/request", json!({"email": email})).await;
        assert_eq!(asked.status, StatusCode::OK);
        assert_eq!(asked.json()["message"], mtaani_proto::text::said::reset_sent().to_string());
    }
    let queues = Queues::of([product.services.db("accounts")]).await;
    eventually("accounts-svc tried to hand every e-mail over", Duration::from_secs(10), async || {
        let (tried, untried) = queues.not_handed_over().await;
        tried > 0 && untried == 0
    })
    .await;
    queues.close().await;
    assert_eq!(product.mail.count(&["token="]), 0, "nothing can be sent while messaging-svc is down");
    let back = product.services.start_messaging(Some(messaging_addr)).await;

    // accounts-svc hands the e-mail to messaging-svc, which writes it as an .eml file.
    let token = product.mail.link("token=").await;
    let confirm = json!({"token": token, "password": "chapati-tamu"});
    let done = product.post("/api/password-reset/confirm", confirm.clone()).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text());
    assert_eq!(product.log_in("zawadi@example.com", "chapati-tamu").await.status, StatusCode::OK);
    let reused = product.post("/api/password-reset/confirm", confirm).await;
    assert_eq!(reused.status, StatusCode::BAD_REQUEST);
    assert_eq!(reused.json()["message"], "This reset link is invalid or has expired.");
    back.stop().await;
    product.stop().await;
}

#[tokio::test]
async fn sellers_pay_their_package_with_a_demo_stk_push() {
    let product = Product::start().await;
    let seller = |email: &str, phone: &str| {
        json!({"userName": "Neema Auma", "email": email, "phoneNumber": phone,
            "password": "sukuma-wiki-2026", "accountType": "seller", "packageId": "standard"})
    };
    let registered = product.post("/api/register", seller("neema@example.com", "0712 345 678")).await;
    assert_eq!(registered.status, StatusCode::CREATED);
    let answer = registered.json();
    assert_eq!(answer["subscription"]["status"], "pending_payment");
    let payment = &answer["payment"];
    assert_eq!((payment["status"].as_str(), payment["amount"].as_i64()), (Some("pending"), Some(1500)));
    assert_eq!(
        (payment["simulated"].as_bool(), payment["phoneNumber"].as_str()),
        (Some(true), Some("+254 7•• ••• 678"))
    );
    let id = payment["id"].as_str().unwrap().to_owned();
    let token = product.sign_in("neema@example.com", "sukuma-wiki-2026").await;
    let listing = json!({"name": "Neema's Gel Nails", "images": [PNG_1X1], "minPrice": 800, "maxPrice": 2500,
        "location": "Milimani, Kisumu", "phoneNumber": "0712345678", "category": "beauty", "subcategory": "nails",
        "description": "Gel manicures and pedicures at home or in the studio, by appointment."});
    let unpaid = product.call("POST", "/api/services", Some(&token), Some(listing.clone())).await;
    assert_eq!(unpaid.status, StatusCode::FORBIDDEN, "nothing is posted before the first payment");

    let paid = eventually("the payment settled", Duration::from_secs(10), async || {
        let paid = product.get(&format!("/api/payments/{id}")).await.json();
        (paid["status"] != "pending").then_some(paid)
    })
    .await;
    assert_eq!(paid["status"], "succeeded", "{paid}");
    assert!(paid["mpesaReceipt"].as_str().is_some_and(|r| r.len() >= 8));
    let me = product.call("GET", "/api/me", Some(&token), None).await.json();
    assert_eq!(me["subscription"]["status"], "active");
    assert_eq!(product.call("POST", "/api/services", Some(&token), Some(listing)).await.status, StatusCode::CREATED);
    let history = product.call("GET", "/api/account/payments", Some(&token), None).await.json();
    assert_eq!(
        (history[0]["mpesaReceipt"].clone(), history[0]["phoneNumber"].clone()),
        (paid["mpesaReceipt"].clone(), "+254712345678".into())
    );

    // A fresh month is not renewed yet: the answer says from when, and a renewal is refused until then.
    let renewable_from = me["subscription"]["renewableFrom"].as_str().unwrap().to_owned();
    let paid_until = chrono::DateTime::parse_from_rfc3339(me["subscription"]["paidUntil"].as_str().unwrap()).unwrap();
    assert_eq!(chrono::DateTime::parse_from_rfc3339(&renewable_from).unwrap(), paid_until - chrono::Duration::days(7));
    let renew = product.call("POST", "/api/payments", Some(&token), Some(json!({}))).await;
    assert_eq!(
        (renew.status, renew.json()["code"].clone(), renew.json()["message"].clone()),
        (
            StatusCode::CONFLICT,
            "conflict".into(),
            "You can pay for the next month in the last 7 days of your package.".into()
        )
    );
    let sw = product.send(request("POST", "/api/payments", Some("sw"), Some(&token), Some(json!({})))).await;
    assert_eq!(
        (sw.status, sw.json()["message"].clone()),
        (StatusCode::CONFLICT, "Unaweza kulipia mwezi unaofuata katika siku 7 za mwisho za kifurushi chako.".into())
    );
    // An upgrade is paid at any time.
    let upgrade = product.call("POST", "/api/payments", Some(&token), Some(json!({"packageId": "premium"}))).await;
    assert_eq!((upgrade.status, upgrade.json()["purpose"].clone()), (StatusCode::CREATED, "upgrade".into()));
    let twice = product.call("POST", "/api/payments", Some(&token), Some(json!({"packageId": "premium"}))).await;
    assert_eq!(
        (twice.status, twice.json()["message"].clone()),
        (StatusCode::CONFLICT, "A payment is already waiting for your PIN.".into())
    );
    let down = product.call("POST", "/api/account/package", Some(&token), Some(json!({"packageId": "basic"}))).await;
    assert_eq!((down.status, down.json()["pendingPackageId"].clone()), (StatusCode::OK, "basic".into()));

    // Safaricom's callback is always acknowledged; junk credits nothing.
    let junk =
        product.send(Request::post("/api/payments/mpesa/callback").body(Body::from("{\"Body\":1}")).unwrap()).await;
    assert_eq!((junk.status, junk.json()), (StatusCode::OK, json!({"ResultCode": 0, "ResultDesc": "Accepted"})));

    // A declined first payment is tried again from the sign-up page, with another number.
    let declined = product.post("/api/register", seller("zawadi@example.com", "0712 340 000")).await.json();
    let declined_id = declined["payment"]["id"].as_str().unwrap().to_owned();
    let failed = eventually("the declined payment settled", Duration::from_secs(10), async || {
        let failed = product.get(&format!("/api/payments/{declined_id}")).await.json();
        (failed["status"] != "pending").then_some(failed)
    })
    .await;
    assert_eq!(failed["status"], "failed");
    let bad = product.post(&format!("/api/payments/{declined_id}/retry"), json!({"phoneNumber": "12"})).await;
    assert_eq!(
        (bad.status, bad.json()["errors"]["phoneNumber"].clone()),
        (StatusCode::BAD_REQUEST, "Please enter a valid phone number".into())
    );
    let retried =
        product.post(&format!("/api/payments/{declined_id}/retry"), json!({"phoneNumber": "0733123456"})).await;
    assert_eq!((retried.status, retried.json()["status"].clone()), (StatusCode::CREATED, "pending".into()));
    product.stop().await;
}

#[tokio::test]
async fn favourites_are_kept_in_the_account_and_a_visitors_are_merged_at_sign_in() {
    let product = Product::start().await;
    let all = product.get("/api/services?limit=3").await.json();
    let ids: Vec<&str> = all.as_array().unwrap().iter().map(|l| l["_id"].as_str().unwrap()).collect();
    let uri = |id: &str| format!("/api/account/favourites/{id}");
    // Only a signed-in user has an account to keep them in.
    assert_eq!(product.get("/api/account/favourites").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        product.send(Request::put(uri(ids[0])).body(Body::empty()).unwrap()).await.status,
        StatusCode::UNAUTHORIZED
    );

    let token = product.sign_in("mercy@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    let empty = product.call("GET", "/api/account/favourites", Some(&token), None).await;
    assert_eq!((empty.status, empty.json()), (StatusCode::OK, json!({"favourites": []})));
    // At sign-in the app saves the visitor's favourites one by one: twice the same is one, and one
    // that no longer exists is a 404 the app drops.
    for id in [ids[0], ids[1], ids[0]] {
        let saved = product.call("PUT", &uri(id), Some(&token), None).await;
        assert_eq!(saved.status, StatusCode::OK);
        assert_eq!((saved.json()["serviceId"].as_str(), saved.json()["available"].as_bool()), (Some(id), Some(true)));
    }
    let unknown = product.call("PUT", &uri("no-such-listing"), Some(&token), None).await;
    assert_eq!(
        (unknown.status, unknown.json()["message"].as_str()),
        (StatusCode::NOT_FOUND, Some("Service not found"))
    );
    let list = product.call("GET", "/api/account/favourites", Some(&token), None).await.json();
    let favourites = list["favourites"].as_array().unwrap();
    assert_eq!(favourites.len(), 2, "{list}");
    let first = favourites.iter().find(|f| f["serviceId"] == ids[0]).unwrap();
    assert_eq!(first["service"]["_id"], ids[0]);
    assert_eq!(first["name"], first["service"]["name"]);
    assert!(first["service"]["rating"].is_object() && first["savedAt"].as_str().unwrap().ends_with('Z'));
    // Another account's are its own.
    let other = product.sign_in("njeri@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    assert_eq!(
        product.call("GET", "/api/account/favourites", Some(&other), None).await.json()["favourites"],
        json!([])
    );

    // Removed (twice is fine).
    for _ in 0..2 {
        assert_eq!(product.call("DELETE", &uri(ids[1]), Some(&token), None).await.status, StatusCode::NO_CONTENT);
    }
    let list = product.call("GET", "/api/account/favourites", Some(&token), None).await.json();
    assert_eq!(list["favourites"].as_array().unwrap().len(), 1);
    product.stop().await;
}
