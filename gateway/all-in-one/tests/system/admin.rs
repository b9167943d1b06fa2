//! The operator console and the data rights, through the gateway against the four real services on
//! loopback, on SQLite and on PostgreSQL: roles (401, 403 'Admins only'), the contact inbox with its
//! support copy and replies through the outbox, reports, hiding and restoring a listing in every
//! public read at once, suspending a seller, the overview, the audit log of each action, the admin's
//! second factor, and a seller downloading their data and closing their account.

use std::time::Duration;

use axum::http::StatusCode;
use mtaani_runtime::testing::{TestDb, eventually};
use serde_json::{Value, json};

use crate::support::{ADMIN, DEMO_PASSWORD, JWT_SECRET, PNG_1X1, Product};

fn ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|s| s["_id"].as_str().unwrap().to_owned()).collect()
}

/// Every place a visitor can meet listing `id`: its page, the full list, its category, and search.
async fn publicly_seen(p: &Product, id: &str, name: &str, category: &str) -> [bool; 4] {
    let detail = p.call("GET", &format!("/api/service/{id}"), None, None).await.status_and_json();
    let all = p.call("GET", "/api/services?limit=1000", None, None).await.json_or_null();
    let cat = p.call("GET", &format!("/api/services/{category}?limit=1000"), None, None).await.json_or_null();
    let words: String = name.split_whitespace().take(2).collect::<Vec<_>>().join("%20");
    let found =
        p.call("GET", &format!("/api/services/search?query={words}&limit=1000"), None, None).await.json_or_null();
    if detail.0 == StatusCode::NOT_FOUND {
        assert_eq!(detail.1["message"], "Service not found");
    }
    [
        detail.0 == StatusCode::OK,
        ids(&all).contains(&id.into()),
        ids(&cat).contains(&id.into()),
        ids(&found).contains(&id.into()),
    ]
}

const ADMIN_ROUTES: [(&str, &str); 15] = [
    ("GET", "/api/admin/overview"),
    ("GET", "/api/admin/contact-messages"),
    ("POST", "/api/admin/contact-messages/x/reply"),
    ("GET", "/api/admin/reports"),
    ("POST", "/api/admin/reports/x/dismiss"),
    ("GET", "/api/admin/listings"),
    ("POST", "/api/admin/listings/x/hide"),
    ("POST", "/api/admin/listings/x/restore"),
    ("POST", "/api/admin/reviews/x/hide"),
    ("POST", "/api/admin/reviews/x/restore"),
    ("GET", "/api/admin/sellers"),
    ("GET", "/api/admin/sellers/x"),
    ("POST", "/api/admin/sellers/x/suspend"),
    ("POST", "/api/admin/sellers/x/unsuspend"),
    ("GET", "/api/admin/audit"),
];

async fn operators_run_the_marketplace(db: fn(&'static str) -> TestDb) {
    let p = Product::options().on(db).start().await;

    // Roles: nobody signed in gets 401; a seller (or buyer) 403 'Admins only' on every call.
    let seller_token = p.sign_in("wanjiru@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    for (method, uri) in ADMIN_ROUTES {
        let body = (method == "POST").then(|| json!({"reason": "because", "message": "hello there"}));
        assert_eq!(p.call(method, uri, None, body.clone()).await.status, StatusCode::UNAUTHORIZED, "{uri}");
        let (status, answer) = p.call(method, uri, Some(&seller_token), body).await.status_and_json();
        assert_eq!((status, answer["message"].as_str()), (StatusCode::FORBIDDEN, Some("Admins only")), "{uri}");
    }

    // The demo admin signs in (no second factor in the embedded run) for 8 hours, never remembered.
    let (status, login) = p
        .call("POST", "/api/login", None, Some(json!({"email": ADMIN, "password": DEMO_PASSWORD, "rememberMe": true})))
        .await
        .status_and_json();
    assert_eq!(status, StatusCode::OK, "{login}");
    assert_eq!(login["user"]["accountType"], "admin");
    let admin = login["token"].as_str().unwrap().to_owned();
    let claims = mtaani_proto::token::verify(JWT_SECRET, &admin).unwrap();
    assert_eq!(claims.role, "admin");
    assert_eq!(claims.exp - claims.iat, 8 * 3600);
    // An admin is no seller, and cannot be made one by signing up.
    let (status, _) = p.call("GET", "/api/account/services", Some(&admin), None).await.status_and_json();
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = p
        .call(
            "POST",
            "/api/register",
            None,
            Some(json!({"userName": "Eve Mallory", "email": "eve@example.com",
            "phoneNumber": "0712000111", "password": "password-123", "accountType": "admin"})),
        )
        .await
        .status_and_json();
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Contact inbox: each new message is also e-mailed to support; the reply goes through the outbox.
    let contact = json!({"name": "Amina Wanjiru", "email": "amina@example.com", "phone": "0712345678",
        "subject": "Listing my salon", "message": "How do I list my salon on Mtaani, please?"});
    let (status, sent) = p.call("POST", "/api/contact", None, Some(contact)).await.status_and_json();
    assert_eq!(status, StatusCode::OK);
    let message_id = sent["id"].as_str().unwrap().to_owned();
    p.mail.wait_for_to("support@mtaani.co.ke", &["Listing my salon", "amina@example.com"]).await;
    let (status, inbox) =
        p.call("GET", "/api/admin/contact-messages?status=new", Some(&admin), None).await.status_and_json();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(inbox["messages"][0]["id"], message_id.as_str());
    assert_eq!(inbox["messages"][0]["status"], "new");
    assert_eq!(
        p.call("GET", "/api/admin/contact-messages?status=old", Some(&admin), None).await.status,
        StatusCode::BAD_REQUEST
    );
    let reply_uri = format!("/api/admin/contact-messages/{message_id}/reply");
    let (status, empty) =
        p.call("POST", &reply_uri, Some(&admin), Some(json!({"message": "  "}))).await.status_and_json();
    assert_eq!((status, empty["errors"]["message"].as_str()), (StatusCode::BAD_REQUEST, Some("Please write a reply")));
    let reply = json!({"message": "Habari Amina! Sign up as a seller and choose a package."});
    // A double click: two replies at once, one answered, one 409, one e-mail.
    let (first, second) = tokio::join!(
        p.call("POST", &reply_uri, Some(&admin), Some(reply.clone())),
        p.call("POST", &reply_uri, Some(&admin), Some(reply.clone())),
    );
    let (first, second) = (first.status_and_json(), second.status_and_json());
    let mut statuses = [first.0, second.0];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "{first:?} {second:?}");
    let answered = if first.0 == StatusCode::OK { first.1 } else { second.1 };
    assert_eq!(answered["status"], "answered", "{answered}");
    assert_eq!(answered["repliedBy"], "Mtaani Support");
    p.mail.wait_for_to("amina@example.com", &["Sign up as a seller and choose a package"]).await;
    p.delivered().await;
    assert_eq!(
        p.mail.count_to("amina@example.com", &["Sign up as a seller and choose a package"]),
        1,
        "one reply e-mail"
    );
    assert_eq!(p.call("POST", &reply_uri, Some(&admin), Some(reply)).await.status, StatusCode::CONFLICT);
    let (_, still_new) = p.call("GET", "/api/admin/contact-messages", Some(&admin), None).await.status_and_json();
    assert!(!still_new["messages"].as_array().unwrap().iter().any(|m| m["id"] == message_id.as_str()));
    let (_, done) =
        p.call("GET", "/api/admin/contact-messages?status=answered", Some(&admin), None).await.status_and_json();
    assert_eq!(done["messages"][0]["reply"], "Habari Amina! Sign up as a seller and choose a package.");
    assert_eq!(
        p.call("POST", "/api/admin/contact-messages/nope/reply", Some(&admin), Some(json!({"message": "hi there"})))
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    // Reports: anyone reports a listing; bad input is refused with its message.
    let (_, wanjiru_listings) =
        p.call("GET", "/api/account/services", Some(&seller_token), None).await.status_and_json();
    let listing = wanjiru_listings[0].clone();
    let (id, name, category) = (
        listing["_id"].as_str().unwrap().to_owned(),
        listing["name"].as_str().unwrap().to_owned(),
        listing["category"].as_str().unwrap().to_owned(),
    );
    assert_eq!(publicly_seen(&p, &id, &name, &category).await, [true; 4]);
    let report = |reason: &str| json!({"kind": "listing", "id": id, "reason": reason, "details": "Asked for a deposit by M-Pesa"});
    let (status, reported) = p.call("POST", "/api/reports", None, Some(report("scam"))).await.status_and_json();
    assert_eq!(
        (status, reported["message"].as_str()),
        (StatusCode::CREATED, Some("Thank you. Our team will review this listing."))
    );
    let (status, bad) = p
        .call("POST", "/api/reports", None, Some(json!({"kind": "user", "id": id, "reason": "scam"})))
        .await
        .status_and_json();
    assert_eq!(
        (status, bad["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Only listings and reviews can be reported"))
    );
    let (status, bad) = p.call("POST", "/api/reports", None, Some(report("ugly"))).await.status_and_json();
    assert_eq!((status, bad["errors"]["reason"].as_str()), (StatusCode::BAD_REQUEST, Some("Please choose a reason")));
    let (status, _) = p
        .call("POST", "/api/reports", None, Some(json!({"kind": "listing", "id": "no-such", "reason": "scam"})))
        .await
        .status_and_json();
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, open) = p.call("GET", "/api/admin/reports?status=open", Some(&admin), None).await.status_and_json();
    assert_eq!(open["reports"][0]["targetId"], id.as_str());
    assert_eq!(open["reports"][0]["listing"]["name"], name.as_str());
    assert_eq!(open["total"], 1);

    // Hide: out of every public read at once, the seller told why, the reports closed.
    let hide_uri = format!("/api/admin/listings/{id}/hide");
    let (status, no_reason) = p.call("POST", &hide_uri, Some(&admin), Some(json!({}))).await.status_and_json();
    assert_eq!(
        (status, no_reason["errors"]["reason"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Please give a reason"))
    );
    let why = "Asks customers for a deposit before any service";
    // Two operators at once: one hides it, the other is told it already is; one e-mail, one audit entry.
    let (first, second) = tokio::join!(
        p.call("POST", &hide_uri, Some(&admin), Some(json!({"reason": why}))),
        p.call("POST", &hide_uri, Some(&admin), Some(json!({"reason": why}))),
    );
    let (first, second) = (first.status_and_json(), second.status_and_json());
    let mut statuses = [first.0, second.0];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "{first:?} {second:?}");
    let hidden = if first.0 == StatusCode::OK { first.1 } else { second.1 };
    assert_eq!((hidden["hidden"].as_bool(), hidden["visible"].as_bool()), (Some(true), Some(false)));
    assert_eq!(publicly_seen(&p, &id, &name, &category).await, [false; 4]);
    p.mail.wait_for_to("wanjiru@demo.mtaani.co.ke", &["taken down", why]).await;
    p.delivered().await;
    assert_eq!(p.mail.count_to("wanjiru@demo.mtaani.co.ke", &[why]), 1, "one e-mail to the seller");
    let (_, open) = p.call("GET", "/api/admin/reports", Some(&admin), None).await.status_and_json();
    assert_eq!(open["total"], 0);
    let (_, closed) = p.call("GET", "/api/admin/reports?status=closed", Some(&admin), None).await.status_and_json();
    assert_eq!(closed["reports"][0]["resolution"], "hidden");
    assert_eq!(closed["reports"][0]["resolutionReason"], why, "a closed report says why");
    // The seller still sees it in My Account; the console finds it among the hidden.
    let (_, mine) = p.call("GET", "/api/account/services", Some(&seller_token), None).await.status_and_json();
    let own = mine.as_array().unwrap().iter().find(|l| l["_id"] == id.as_str()).expect("the seller still sees it");
    assert_eq!(own["hiddenReason"], why, "and why it was taken down");
    let (_, found) = p.call("GET", "/api/admin/listings?hidden=hidden", Some(&admin), None).await.status_and_json();
    assert_eq!(found["services"][0]["_id"], id.as_str());
    assert_eq!(found["services"][0]["hiddenReason"], why);
    let (_, overview) = p.call("GET", "/api/admin/overview", Some(&admin), None).await.status_and_json();
    assert_eq!(overview["listingsHidden"], 1, "{overview}");
    let restore_uri = format!("/api/admin/listings/{id}/restore");
    let (status, _) = p.call("POST", &restore_uri, Some(&admin), Some(json!({}))).await.status_and_json();
    assert_eq!(status, StatusCode::OK);
    let (status, again) = p.call("POST", &restore_uri, Some(&admin), Some(json!({}))).await.status_and_json();
    assert_eq!((status, again["message"].as_str()), (StatusCode::CONFLICT, Some("This listing is not hidden.")));
    assert_eq!(publicly_seen(&p, &id, &name, &category).await, [true; 4]);

    // Dismissing a report leaves the listing alone; a closed report cannot be closed again.
    let (_, second) = p.call("POST", "/api/reports", None, Some(report("misleading"))).await.status_and_json();
    let dismiss_uri = format!("/api/admin/reports/{}/dismiss", second["id"].as_str().unwrap());
    let (status, dismissed) =
        p.call("POST", &dismiss_uri, Some(&admin), Some(json!({"reason": "Prices are right"}))).await.status_and_json();
    assert_eq!((status, dismissed["resolution"].as_str()), (StatusCode::OK, Some("dismissed")));
    assert_eq!(dismissed["resolutionReason"], "Prices are right");
    let (_, closed) = p.call("GET", "/api/admin/reports?status=closed", Some(&admin), None).await.status_and_json();
    let shown = closed["reports"].as_array().unwrap().iter().find(|r| r["id"] == second["id"]).unwrap();
    assert_eq!(shown["resolutionReason"], "Prices are right", "the dismissal's reason, kept with the report");
    assert_eq!(p.call("POST", &dismiss_uri, Some(&admin), Some(json!({}))).await.status, StatusCode::CONFLICT);
    assert_eq!(publicly_seen(&p, &id, &name, &category).await, [true; 4]);

    // Sellers: found by name, e-mail or phone; their page has listings and payments.
    for query in ["wanjiru", "WANJIRU%40demo", "0712345601", "%2B254712345601"] {
        let (status, found) =
            p.call("GET", &format!("/api/admin/sellers?query={query}"), Some(&admin), None).await.status_and_json();
        assert_eq!((status, found["total"].as_i64()), (StatusCode::OK, Some(1)), "{query}: {found}");
        assert_eq!(found["sellers"][0]["user"]["email"], "wanjiru@demo.mtaani.co.ke");
        assert!(found["sellers"][0]["listingCount"].as_i64().unwrap() >= 1);
        assert_eq!(found["sellers"][0]["subscription"]["status"], "active");
    }
    let (_, all) = p.call("GET", "/api/admin/sellers", Some(&admin), None).await.status_and_json();
    assert_eq!(all["total"], 6, "the demo sellers, not the admin");
    let seller_id = claims_of(&seller_token);
    let (status, page) =
        p.call("GET", &format!("/api/admin/sellers/{seller_id}"), Some(&admin), None).await.status_and_json();
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(!page["listings"].as_array().unwrap().is_empty());
    assert!(page["payments"].is_array());
    assert_eq!(p.call("GET", "/api/admin/sellers/nobody", Some(&admin), None).await.status, StatusCode::NOT_FOUND);

    // Suspend: every listing of theirs gone, posting blocked, the seller told; unsuspend brings it back.
    let suspend_uri = format!("/api/admin/sellers/{seller_id}/suspend");
    assert_eq!(
        p.call("POST", &suspend_uri, Some(&admin), Some(json!({"reason": ""}))).await.status,
        StatusCode::BAD_REQUEST
    );
    let (status, suspended) = p
        .call("POST", &suspend_uri, Some(&admin), Some(json!({"reason": "Many reports of no-shows"})))
        .await
        .status_and_json();
    assert_eq!((status, suspended["seller"]["suspended"].as_bool()), (StatusCode::OK, Some(true)), "{suspended}");
    assert_eq!(publicly_seen(&p, &id, &name, &category).await, [false; 4]);
    let (_, all) = p.call("GET", "/api/services?limit=1000", None, None).await.status_and_json();
    let theirs: Vec<String> = ids(&mine);
    assert!(ids(&all).iter().all(|l| !theirs.contains(l)));
    let post = json!({"name": "New braids offer", "images": [PNG_1X1], "minPrice": 800, "maxPrice": 2500,
        "location": "Kilimani, Nairobi", "phoneNumber": "0712345678", "category": "hair", "subcategory": "braiding",
        "description": "Knotless braids, any length, in the salon or at home."});
    let (status, refused) =
        p.call("POST", "/api/services", Some(&seller_token), Some(post.clone())).await.status_and_json();
    assert_eq!(
        (status, refused["message"].as_str()),
        (StatusCode::FORBIDDEN, Some("Your account is suspended. Please contact support."))
    );
    p.mail.wait_for_to("wanjiru@demo.mtaani.co.ke", &["suspended", "Many reports of no-shows"]).await;
    assert_eq!(
        p.call("POST", &suspend_uri, Some(&admin), Some(json!({"reason": "again, twice"}))).await.status,
        StatusCode::CONFLICT
    );
    let (status, _) = p
        .call("POST", &format!("/api/admin/sellers/{seller_id}/unsuspend"), Some(&admin), Some(json!({})))
        .await
        .status_and_json();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(publicly_seen(&p, &id, &name, &category).await, [true; 4]);
    assert_eq!(p.call("POST", "/api/services", Some(&seller_token), Some(post)).await.status, StatusCode::CREATED);

    // The overview's figures, and the audit log of every action, newest first, read-only.
    let (status, overview) = p.call("GET", "/api/admin/overview", Some(&admin), None).await.status_and_json();
    assert_eq!(status, StatusCode::OK);
    assert_eq!((overview["openReports"].as_i64(), overview["unansweredMessages"].as_i64()), (Some(0), Some(0)));
    assert!(overview["listingsVisible"].as_i64().unwrap() >= 36);
    assert_eq!(overview["listingsHidden"], 0);
    assert!(overview["revenueThisMonth"].is_array() && overview["paymentsPending"].is_i64());
    let (status, audit) = p.call("GET", "/api/admin/audit?limit=100", Some(&admin), None).await.status_and_json();
    assert_eq!(status, StatusCode::OK);
    let actions: Vec<&str> =
        audit["entries"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(
        actions[..11],
        [
            "listing.post",
            "seller.unsuspend",
            "seller.suspend",
            "report.dismiss",
            "report.file",
            "listing.restore",
            "listing.hide",
            "report.file",
            "contact.reply",
            "admin.sign_in",
            "admin.create"
        ],
        "{audit}"
    );
    // Below them, the demo marketplace's own history: its sellers registered, its listings posted.
    assert!(actions[11..].contains(&"seller.register") && actions[11..].contains(&"listing.post"), "{audit}");
    assert!(actions[11..].iter().all(|a| ["seller.register", "listing.post"].contains(a)), "{audit}");
    let hide = &audit["entries"][6];
    assert_eq!(
        (hide["actorName"].as_str(), hide["targetId"].as_str(), hide["reason"].as_str()),
        (Some("Mtaani Support"), Some(id.as_str()), Some(why))
    );
    // Beside each id, the name of what was acted on.
    assert_eq!(hide["targetName"], name.as_str(), "{hide}");
    assert_eq!(audit["entries"][2]["targetName"], "Wanjiru Kamau", "the seller's name: {audit}");
    // A dismissal without a reason has none in the log (the report keeps its word for it).
    assert_eq!(audit["entries"][3]["reason"], "Prices are right");
    assert_eq!(audit["entries"][3]["targetName"], name.as_str(), "the report names its listing: {audit}");
    for method in ["PUT", "DELETE", "PATCH"] {
        assert_eq!(
            p.call(method, "/api/admin/audit", Some(&admin), Some(json!({}))).await.status,
            StatusCode::METHOD_NOT_ALLOWED
        );
    }
    p.stop().await;
}

/// A visitor reports a demo review; the operator sees it in the queue with the review, hides it (off
/// the listing's page and rating at once, the report closed, logged), and shows it again.
async fn operators_take_down_a_reported_review(db: fn(&'static str) -> TestDb) {
    let p = Product::options().on(db).start().await;
    let (_, all) = p.call("GET", "/api/services?limit=100", None, None).await.status_and_json();
    let listing = all.as_array().unwrap().iter().find(|l| l["rating"]["count"].as_i64().unwrap() >= 2).unwrap().clone();
    let id = listing["_id"].as_str().unwrap();
    let count = listing["rating"]["count"].as_i64().unwrap();
    let (_, page) = p.call("GET", &format!("/api/service/{id}/reviews"), None, None).await.status_and_json();
    let review = page["reviews"][0]["id"].as_str().unwrap().to_owned();

    let report = json!({"kind": "review", "id": review, "reason": "offensive", "details": "Insults the provider"});
    let (status, sent) = p.call("POST", "/api/reports", None, Some(report)).await.status_and_json();
    assert_eq!(
        (status, sent["message"].as_str()),
        (StatusCode::CREATED, Some("Thank you. Our team will look at this review."))
    );
    let (status, _) = p
        .call("POST", "/api/reports", None, Some(json!({"kind": "review", "id": "nope", "reason": "scam"})))
        .await
        .status_and_json();
    assert_eq!(status, StatusCode::NOT_FOUND);

    let admin = p.sign_in(ADMIN, DEMO_PASSWORD).await;
    let (_, queue) = p.call("GET", "/api/admin/reports", Some(&admin), None).await.status_and_json();
    let open = queue["reports"].as_array().unwrap().iter().find(|r| r["targetId"] == review.as_str()).unwrap().clone();
    assert_eq!((open["kind"].as_str(), open["review"]["id"].as_str()), (Some("review"), Some(review.as_str())));
    assert_eq!(open["listing"]["_id"].as_str(), Some(id));

    let hide = format!("/api/admin/reviews/{review}/hide");
    let (status, hidden) =
        p.call("POST", &hide, Some(&admin), Some(json!({"reason": "Abusive language"}))).await.status_and_json();
    assert_eq!(
        (status, hidden["hidden"].as_bool()),
        (StatusCode::OK, Some(true)),
        "{}",
        p.services.db("accounts").name
    );
    let (status, _) =
        p.call("POST", &hide, Some(&admin), Some(json!({"reason": "Abusive language"}))).await.status_and_json();
    assert_eq!(status, StatusCode::CONFLICT);
    let (_, page) = p.call("GET", &format!("/api/service/{id}/reviews?limit=100"), None, None).await.status_and_json();
    assert!(page["reviews"].as_array().unwrap().iter().all(|r| r["id"] != review.as_str()), "off the page at once");
    let (_, detail) = p.call("GET", &format!("/api/service/{id}"), None, None).await.status_and_json();
    assert_eq!(detail["rating"]["count"].as_i64(), Some(count - 1), "out of the rating");
    let (_, closed) = p.call("GET", "/api/admin/reports?status=closed", Some(&admin), None).await.status_and_json();
    let closed =
        closed["reports"].as_array().unwrap().iter().find(|r| r["targetId"] == review.as_str()).unwrap().clone();
    assert_eq!(closed["resolution"], "hidden");
    // Logged with the listing it is on, by name, its seller's and the reason; the visitor's report too.
    let (_, audit) = p.call("GET", "/api/admin/audit?kind=review", Some(&admin), None).await.status_and_json();
    let logged = &audit["entries"][0];
    assert_eq!(
        [&logged["action"], &logged["targetId"], &logged["targetName"], &logged["listingId"], &logged["reason"]],
        [&json!("review.hide"), &json!(review), &listing["name"], &json!(id), &json!("Abusive language")],
        "{audit}"
    );
    assert_eq!(logged["sellerId"], listing["sellerId"], "{audit}");
    let (_, reports) = p.call("GET", "/api/admin/audit?kind=report", Some(&admin), None).await.status_and_json();
    assert_eq!(
        (reports["entries"][0]["targetName"].as_str(), reports["entries"][0]["reason"].as_str()),
        (listing["name"].as_str(), Some("offensive"))
    );

    let (status, shown) = p
        .call(
            "POST",
            &format!("/api/admin/reviews/{review}/restore"),
            Some(&admin),
            Some(json!({"reason": "Reviewed again"})),
        )
        .await
        .status_and_json();
    assert_eq!((status, shown.get("hidden")), (StatusCode::OK, None));
    let (_, detail) = p.call("GET", &format!("/api/service/{id}"), None, None).await.status_and_json();
    assert_eq!(detail["rating"]["count"].as_i64(), Some(count));
    p.stop().await;
}

#[tokio::test]
async fn operators_take_down_a_reported_review_on_sqlite() {
    operators_take_down_a_reported_review(TestDb::sqlite).await;
}

#[tokio::test]
async fn operators_take_down_a_reported_review_on_postgres() {
    operators_take_down_a_reported_review(TestDb::postgres).await;
}

fn claims_of(token: &str) -> String {
    mtaani_proto::token::verify(JWT_SECRET, token).unwrap().sub
}

#[tokio::test]
async fn operators_run_the_marketplace_on_sqlite() {
    operators_run_the_marketplace(TestDb::sqlite).await;
}

#[tokio::test]
async fn operators_run_the_marketplace_on_postgres() {
    operators_run_the_marketplace(TestDb::postgres).await;
}

/// With `ADMIN_TOTP_REQUIRED`, the password alone asks for the code; a wrong code and a code used
/// once already are refused; a seller signs in with the password alone.
async fn admins_need_their_authenticator(db: fn(&'static str) -> TestDb) {
    let p = Product::options().on(db).admin_totp_required().start().await;
    let login = |totp: Option<String>| {
        let mut body = json!({"email": ADMIN, "password": DEMO_PASSWORD});
        if let Some(t) = totp {
            body["totp"] = t.into();
        }
        body
    };
    let (status, asked) = p.call("POST", "/api/login", None, Some(login(None))).await.status_and_json();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(asked["errors"]["totp"], "Enter the 6-digit code from your authenticator app.");
    let (status, wrong) =
        p.call("POST", "/api/login", None, Some(login(Some("000000".into())))).await.status_and_json();
    assert_eq!(
        (status, wrong["message"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("That code is not right. Please try again."))
    );
    // A wrong password never reveals whether a code is needed.
    let (status, bad) = p
        .call("POST", "/api/login", None, Some(json!({"email": ADMIN, "password": "not-the-password"})))
        .await
        .status_and_json();
    assert_eq!((status, bad["message"].as_str()), (StatusCode::UNAUTHORIZED, Some("Invalid email or password")));

    let pool = p.pool("accounts").await;
    let secret: String = sqlx::query_scalar("SELECT totp_secret FROM admins").fetch_one(&pool).await.unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let code = accounts_svc::admin::current_code(&secret, now).unwrap();
    // The same code sent twice at once: the database lets exactly one through.
    let (a, b) = tokio::join!(
        p.call("POST", "/api/login", None, Some(login(Some(code.clone())))),
        p.call("POST", "/api/login", None, Some(login(Some(code.clone())))),
    );
    let (a, b) = (a.status_and_json(), b.status_and_json());
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::UNAUTHORIZED], "{a:?} {b:?}");
    let ok = if a.0 == StatusCode::OK { a.1 } else { b.1 };
    assert_eq!(ok["user"]["accountType"], "admin", "{ok}");
    let (status, _) = p.call("POST", "/api/login", None, Some(login(Some(code)))).await.status_and_json();
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a code works once");
    p.sign_in("njeri@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    pool.close().await;
    p.stop().await;
}

#[tokio::test]
async fn admins_need_their_authenticator_on_sqlite() {
    admins_need_their_authenticator(TestDb::sqlite).await;
}

#[tokio::test]
async fn admins_need_their_authenticator_on_postgres() {
    admins_need_their_authenticator(TestDb::postgres).await;
}

/// A seller downloads everything Mtaani holds about them, then closes their account.
async fn sellers_take_their_data_and_leave(db: fn(&'static str) -> TestDb) {
    let p = Product::options().on(db).start().await;
    let (email, password) = ("neema@example.com", "sukuma-wiki-2026");
    let (status, registered) = p
        .call(
            "POST",
            "/api/register",
            None,
            Some(json!({"userName": "Neema Auma", "email": email,
            "phoneNumber": "0712 345 678", "password": password, "accountType": "seller", "packageId": "standard"})),
        )
        .await
        .status_and_json();
    assert_eq!(status, StatusCode::CREATED);
    let payment = registered["payment"]["id"].as_str().unwrap().to_owned();
    eventually("the first month paid", Duration::from_secs(10), async || {
        p.call("GET", &format!("/api/payments/{payment}"), None, None).await.json_or_null()["status"] == "succeeded"
    })
    .await;
    let token = p.sign_in(email, password).await;
    let listing = json!({"name": "Neema's Gel Nails", "images": [PNG_1X1], "minPrice": 800, "maxPrice": 2500,
        "location": "Milimani, Kisumu", "phoneNumber": "0712345678", "category": "beauty", "subcategory": "nails",
        "description": "Gel manicures and pedicures at home or in the studio, by appointment."});
    let (status, posted) = p.call("POST", "/api/services", Some(&token), Some(listing)).await.status_and_json();
    assert_eq!(status, StatusCode::CREATED, "{posted}");
    let listing_id = posted["_id"].as_str().unwrap().to_owned();
    // A customer books her; she wrote to Mtaani once.
    let (date, time) = p.starts(&listing_id, 1, 1, 1).await.remove(0);
    let body = json!({"serviceId": listing_id, "name": "Baraka Otieno", "email": "baraka@example.com",
        "phone": "0722000111", "date": date, "time": time});
    let (status, b) = p.call("POST", "/api/appointments", None, Some(body)).await.status_and_json();
    assert_eq!(status, StatusCode::CREATED, "{b}");
    let contact = json!({"name": "Neema Auma", "email": email, "phone": "0712345678",
        "subject": "Photo sizes", "message": "Which photo sizes look best on my listing?"});
    assert_eq!(p.call("POST", "/api/contact", None, Some(contact)).await.status, StatusCode::OK);

    // She saved someone else's listing with the heart.
    let (_, others) = p.call("GET", "/api/services?limit=1", None, None).await.status_and_json();
    let saved = others[0]["_id"].as_str().unwrap().to_owned();
    let (status, _) =
        p.call("PUT", &format!("/api/account/favourites/{saved}"), Some(&token), None).await.status_and_json();
    assert_eq!(status, StatusCode::OK);

    // Download my data.
    assert_eq!(p.call("GET", "/api/account/export", None, None).await.status, StatusCode::UNAUTHORIZED);
    let export = p.call("GET", "/api/account/export", Some(&token), None).await;
    assert_eq!(export.status, StatusCode::OK);
    assert_eq!(export.header("content-disposition"), "attachment; filename=\"mtaani-data.json\"");
    let data = export.json();
    assert_eq!(data["profile"]["email"], email);
    assert_eq!(data["profile"]["phoneNumber"], "+254712345678");
    assert_eq!(data["subscription"]["packageId"], "standard");
    assert_eq!(data["payments"][0]["status"], "succeeded");
    assert_eq!(data["listings"][0]["_id"], listing_id.as_str());
    assert!(data["listings"][0]["media"][0]["data"].as_str().unwrap().starts_with("/media/"));
    assert_eq!(data["bookingsOnMyListings"][0]["email"], "baraka@example.com", "{data}");
    assert_eq!(data["contactMessages"][0]["subject"], "Photo sizes");
    assert_eq!(data["favourites"][0]["serviceId"], saved.as_str());
    let receipt = data["payments"][0]["mpesaReceipt"].as_str().unwrap().to_owned();

    // Delete my account: the password confirms it.
    let delete = |pw: &str| json!({"password": pw});
    let (status, wrong) =
        p.call("DELETE", "/api/account", Some(&token), Some(delete("not-my-password"))).await.status_and_json();
    assert_eq!((status, wrong["message"].as_str()), (StatusCode::UNAUTHORIZED, Some("The password is not right.")));
    let (status, empty) = p.call("DELETE", "/api/account", Some(&token), Some(delete(""))).await.status_and_json();
    assert_eq!((status, empty["message"].as_str()), (StatusCode::BAD_REQUEST, Some("Please enter your password")));
    let (status, _) = p.call("DELETE", "/api/account", Some(&token), Some(delete(password))).await.status_and_json();
    assert_eq!(status, StatusCode::NO_CONTENT);

    // She can no longer sign in, her old session ends, her listing and photos are gone, her customer
    // is told, her message is forgotten, and the payment keeps only what the law requires.
    let (status, _) =
        p.call("POST", "/api/login", None, Some(json!({"email": email, "password": password}))).await.status_and_json();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(p.call("GET", "/api/me", Some(&token), None).await.status, StatusCode::UNAUTHORIZED);
    let (status, _) = p.call("GET", &format!("/api/service/{listing_id}"), None, None).await.status_and_json();
    assert_eq!(status, StatusCode::NOT_FOUND);
    let photo = data["listings"][0]["media"][0]["data"].as_str().unwrap();
    assert_eq!(p.call("GET", photo, None, None).await.status, StatusCode::NOT_FOUND);
    p.mail.wait_for_to("baraka@example.com", &["Neema's Gel Nails", "cancel"]).await;
    let admin = p.sign_in(ADMIN, DEMO_PASSWORD).await;
    let (_, inbox) = p.call("GET", "/api/admin/contact-messages", Some(&admin), None).await.status_and_json();
    assert!(!inbox.to_string().contains(email), "{inbox}");
    let (_, found) = p.call("GET", "/api/admin/sellers?query=neema", Some(&admin), None).await.status_and_json();
    assert_eq!(found["total"], 0);
    let pool = p.pool("accounts").await;
    let kept = sqlx::query_as::<_, (String, String, i64, String)>(
        "SELECT mpesa_receipt, phone_number, amount, package_id FROM payments",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(kept, vec![(receipt, String::new(), 1500, "standard".to_owned())]);
    let user: (String, String, String) =
        sqlx::query_as("SELECT user_name, email, phone_number FROM users WHERE deleted_at IS NOT NULL")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(!user.1.contains("neema") && user.2.is_empty() && user.0 == "Deleted account", "{user:?}");
    pool.close().await;
    // The address can register again.
    let (status, _) = p
        .call(
            "POST",
            "/api/register",
            None,
            Some(json!({"userName": "Neema Auma", "email": email,
            "phoneNumber": "0712 345 678", "password": password, "accountType": "buyer"})),
        )
        .await
        .status_and_json();
    assert_eq!(status, StatusCode::CREATED);
    // Admins close theirs from the command line only.
    assert_eq!(
        p.call("DELETE", "/api/account", Some(&admin), Some(delete(DEMO_PASSWORD))).await.status,
        StatusCode::FORBIDDEN
    );
    p.stop().await;
}

#[tokio::test]
async fn sellers_take_their_data_and_leave_on_sqlite() {
    sellers_take_their_data_and_leave(TestDb::sqlite).await;
}

#[tokio::test]
async fn sellers_take_their_data_and_leave_on_postgres() {
    sellers_take_their_data_and_leave(TestDb::postgres).await;
}

/// The audit log names every event an operator needs: a seller registering and paying,
/// their listing posted, edited, reported, hidden, restored and deleted, their suspension, an admin
/// signing in; each with who did it, the record's name and the reason, filtered by kind and by seller.
async fn the_log_names_every_event(db: fn(&'static str) -> TestDb) {
    let p = Product::options().on(db).start().await;
    let admin = p.sign_in(ADMIN, DEMO_PASSWORD).await;
    let (email, password) = ("baraka.log@example.com", "sukuma-wiki-2026");
    let (status, registered) = p
        .call(
            "POST",
            "/api/register",
            None,
            Some(json!({"userName": "Baraka Otieno", "email": email, "phoneNumber": "0712 345 222",
                "password": password, "accountType": "seller", "packageId": "standard"})),
        )
        .await
        .status_and_json();
    assert_eq!(status, StatusCode::CREATED, "{registered}");
    let seller_id = registered["user"]["id"].as_str().unwrap().to_owned();
    let payment = registered["payment"]["id"].as_str().unwrap().to_owned();
    eventually("the first month paid", Duration::from_secs(10), async || {
        p.call("GET", &format!("/api/payments/{payment}"), None, None).await.json_or_null()["status"] == "succeeded"
    })
    .await;
    let token = p.sign_in(email, password).await;
    let mut listing = json!({"name": "Baraka's Barber Shop", "images": [PNG_1X1], "minPrice": 300,
        "maxPrice": 800, "location": "Kilimani, Nairobi", "phoneNumber": "0712345222", "category": "hair",
        "subcategory": "braiding", "description": "Fades, line-ups and beard trims, walk in or book ahead."});
    let (status, posted) = p.call("POST", "/api/services", Some(&token), Some(listing.clone())).await.status_and_json();
    assert_eq!(status, StatusCode::CREATED, "{posted}");
    let id = posted["_id"].as_str().unwrap().to_owned();
    listing["name"] = "Baraka's Barbers".into();
    listing["images"] = json!([]);
    listing["keepMedia"] = json!([posted["media"][0]["data"]]);
    let (status, edited) =
        p.call("PUT", &format!("/api/service/{id}"), Some(&token), Some(listing)).await.status_and_json();
    assert_eq!(status, StatusCode::OK, "{edited}");
    let report = json!({"kind": "listing", "id": id, "reason": "scam", "details": "Asked for a deposit"});
    assert_eq!(p.call("POST", "/api/reports", None, Some(report)).await.status, StatusCode::CREATED);
    let act = async |uri: String, reason: &str| {
        let (status, answer) =
            p.call("POST", &uri, Some(&admin), Some(json!({"reason": reason}))).await.status_and_json();
        assert_eq!(status, StatusCode::OK, "{uri}: {answer}");
    };
    act(format!("/api/admin/listings/{id}/hide"), "Asks for a deposit first").await;
    act(format!("/api/admin/listings/{id}/restore"), "").await;
    act(format!("/api/admin/sellers/{seller_id}/suspend"), "Many no-shows").await;
    act(format!("/api/admin/sellers/{seller_id}/unsuspend"), "Spoke to him").await;
    assert_eq!(
        p.call("DELETE", &format!("/api/service/{id}"), Some(&token), None).await.status,
        StatusCode::NO_CONTENT
    );

    // The seller's log, newest first: each event with who did it, the record by name, and the reason.
    let log = async |query: &str| {
        let (status, log) =
            p.call("GET", &format!("/api/admin/audit?{query}"), Some(&admin), None).await.status_and_json();
        assert_eq!(status, StatusCode::OK, "{query}: {log}");
        log
    };
    let theirs = log(&format!("limit=100&seller={seller_id}")).await;
    let row = |e: &Value| {
        let s = |k: &str| e[k].as_str().unwrap_or_default().to_owned();
        [s("action"), s("actorKind"), s("actorName"), s("targetName"), s("reason")]
    };
    let rows: Vec<[String; 5]> = theirs["entries"].as_array().unwrap().iter().map(row).collect();
    let expected = [
        ["listing.delete", "seller", "Baraka Otieno", "Baraka's Barbers", ""],
        ["seller.unsuspend", "admin", "Mtaani Support", "Baraka Otieno", "Spoke to him"],
        ["seller.suspend", "admin", "Mtaani Support", "Baraka Otieno", "Many no-shows"],
        ["listing.restore", "admin", "Mtaani Support", "Baraka's Barbers", ""],
        ["listing.hide", "admin", "Mtaani Support", "Baraka's Barbers", "Asks for a deposit first"],
        ["report.file", "visitor", "", "Baraka's Barbers", "scam"],
        ["listing.edit", "seller", "Baraka Otieno", "Baraka's Barbers", ""],
        ["listing.post", "seller", "Baraka Otieno", "Baraka's Barber Shop", ""],
        ["payment.paid", "seller", "Baraka Otieno", "Standard", ""],
        ["seller.register", "seller", "Baraka Otieno", "Baraka Otieno", ""],
    ];
    assert_eq!(rows, expected.map(|r| r.map(str::to_owned)), "{theirs}");
    assert_eq!(theirs["total"], 10);
    for e in theirs["entries"].as_array().unwrap() {
        assert_eq!(e["sellerId"], seller_id.as_str(), "each names its seller: {e}");
        if e["action"].as_str().unwrap().starts_with("listing.") || e["action"] == "report.file" {
            assert_eq!(e["listingId"], id.as_str(), "and its listing: {e}");
        }
        if e["actorKind"] == "seller" {
            assert_eq!(e["actorId"], seller_id.as_str());
        }
    }
    assert_eq!(theirs["entries"][5]["kind"], "report");

    // By kind: only that kind, across the services (the demo's listings posted too); by kind and
    // seller together.
    let all_listings = log("limit=100&kind=listing").await;
    let entries = all_listings["entries"].as_array().unwrap();
    assert!(entries.len() > 5 && entries.iter().all(|e| e["kind"] == "listing"), "{all_listings}");
    let listings = log(&format!("limit=100&kind=listing&seller={seller_id}")).await;
    let entries = listings["entries"].as_array().unwrap();
    assert!(entries.iter().all(|e| e["kind"] == "listing"), "{listings}");
    assert_eq!(entries.len(), 5, "the five listing events: {listings}");
    let paid = log(&format!("kind=payment&seller={seller_id}")).await;
    assert_eq!((paid["total"].as_i64(), paid["entries"][0]["action"].as_str()), (Some(1), Some("payment.paid")));
    let admins = log("limit=100&kind=admin").await;
    let actions: Vec<&str> =
        admins["entries"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["admin.sign_in", "admin.create"], "{admins}");
    assert_eq!(admins["entries"][0]["actorName"], "Mtaani Support");
    // The demo admin's creation is Mtaani's own, and its reason no e-mail address.
    assert_eq!(
        (admins["entries"][1]["actorKind"].as_str(), admins["entries"][1]["reason"].as_str()),
        (Some("system"), Some(""))
    );
    assert_eq!(log("seller=nobody").await["total"], 0);
    let (status, bad) = p.call("GET", "/api/admin/audit?kind=gossip", Some(&admin), None).await.status_and_json();
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad["errors"]["kind"], "kind must be one of listing, review, report, seller, payment, admin, contact",
        "{bad}"
    );
    // Paged: the second entry of the seller's log is the second of a page of one at offset 1.
    let second = log(&format!("seller={seller_id}&limit=1&offset=1")).await;
    assert_eq!(second["entries"].as_array().unwrap().len(), 1);
    assert_eq!(second["entries"][0]["action"], "seller.unsuspend");
    p.stop().await;
}

#[tokio::test]
async fn the_log_names_every_event_on_sqlite() {
    the_log_names_every_event(TestDb::sqlite).await;
}

#[tokio::test]
async fn the_log_names_every_event_on_postgres() {
    the_log_names_every_event(TestDb::postgres).await;
}
