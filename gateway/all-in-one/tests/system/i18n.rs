//! The API in Kiswahili: error answers follow `Accept-Language`; a seller chooses the language of
//! their e-mails and SMS; and a booking made in Kiswahili brings its customer's e-mails and SMS in
//! Kiswahili, and its provider's in the provider's language. Against the real services on loopback,
//! on SQLite and PostgreSQL.

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use mtaani_runtime::testing::TestDb;
use serde_json::{Value, json};

use crate::support::{DEMO_PASSWORD, Product, request};

// ---------------------------------------------------------------------------------------------
// Through the gateway

#[tokio::test]
async fn error_answers_follow_accept_language() {
    let product = Product::start().await;
    let unknown = "/api/service/0193a000-0000-7000-8000-999999999999";

    // A 404 from catalog-svc.
    let sw = product.send(request("GET", unknown, Some("sw-KE, en;q=0.5"), None, None)).await;
    assert_eq!(sw.status, StatusCode::NOT_FOUND);
    assert_eq!(sw.json()["message"], "Huduma haipatikani");
    assert_eq!(sw.header_values("content-language"), "sw");
    assert!(sw.header_values("vary").contains("Accept-Language"), "{}", sw.header_values("vary"));
    let en = product.get(unknown).await;
    assert_eq!((en.status, en.json()["message"].clone()), (StatusCode::NOT_FOUND, json!("Service not found")));
    assert_eq!(en.header_values("content-language"), "en");
    assert!(en.header_values("vary").contains("Accept-Language"));
    let preferred = product.send(request("GET", unknown, Some("en;q=0.9, sw;q=0.4"), None, None)).await;
    assert_eq!(preferred.json()["message"], "Service not found", "English is preferred there");
    // The gateway's own 404.
    let nowhere = product.send(request("GET", "/api/nowhere", Some("sw"), None, None)).await;
    assert_eq!((nowhere.status, nowhere.json()["message"].clone()), (StatusCode::NOT_FOUND, json!("Haipatikani")));

    // A validation error from messaging-svc: the message and each field's.
    let bad = json!({"name": "A", "email": "amina", "phone": "0712", "subject": "Hi", "message": "Short"});
    let sw = product.send(request("POST", "/api/contact", Some("sw"), None, Some(bad.clone()))).await;
    assert_eq!(sw.status, StatusCode::BAD_REQUEST);
    let body = sw.json();
    assert_eq!(body["message"], "Jina lazima liwe na angalau herufi 2");
    assert_eq!(body["errors"]["email"], "Tafadhali weka anwani sahihi ya barua pepe");
    assert_eq!(body["errors"]["phone"], "Tafadhali weka nambari sahihi ya simu");
    assert_eq!(body["errors"]["subject"], "Mada lazima iwe na angalau herufi 5");
    assert_eq!(body["errors"]["message"], "Ujumbe lazima uwe na angalau herufi 10");
    assert_eq!(sw.header_values("content-language"), "sw");
    let en = product.send(request("POST", "/api/contact", Some("fr"), None, Some(bad))).await;
    assert_eq!(en.json()["message"], "Name must be at least 2 characters");
    assert_eq!(en.json()["errors"]["email"], "Please enter a valid email address");
    // The gateway's own rejections, and a 401.
    let malformed = Request::post("/api/login")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT_LANGUAGE, "sw")
        .body(Body::from("{\"email\": "))
        .unwrap();
    assert_eq!(product.send(malformed).await.json()["message"], "Maudhui ya ombi si JSON sahihi.");
    let me = product.send(request("GET", "/api/me", Some("sw"), None, None)).await;
    assert_eq!(
        (me.status, me.json()["message"].clone()),
        (StatusCode::UNAUTHORIZED, json!("Tafadhali ingia ili uendelee."))
    );
    // A message built with values: 60 days ahead is beyond a demo provider's horizon.
    let listings = product.get("/api/services?limit=100").await.json();
    let id = listings[0]["_id"].as_str().unwrap();
    let far = (chrono::Utc::now() + chrono::Duration::days(300)).format("%Y-%m-%d");
    let uri = format!("/api/appointments/availability?serviceId={id}&date={far}");
    let day = product.send(request("GET", &uri, Some("sw"), None, None)).await;
    assert_eq!(day.status, StatusCode::OK);
    let reason = day.json()["reason"].as_str().unwrap_or_default().to_owned();
    assert!(reason.starts_with("Mtoa huduma hupokea miadi ya hadi siku ") && reason.ends_with(" zijazo."), "{reason}");
    assert_eq!(day.header_values("content-language"), "sw");
    let past = format!("/api/appointments/availability?serviceId={id}&date=2020-01-01");
    assert_eq!(product.send(request("GET", &past, Some("sw"), None, None)).await.json()["reason"], "Siku hii imepita.");
    assert_eq!(product.get(&past).await.json()["reason"], "This day has passed.");

    // Confirmations, and the e-mails they bring, in the request's language.
    let reset = json!({"email": "njeri@demo.mtaani.co.ke"});
    let asked = product.send(request("POST", "/api/password-reset/request", Some("sw"), None, Some(reset))).await;
    assert_eq!(
        asked.json()["message"],
        "Ikiwa kuna akaunti ya barua pepe hiyo, tumetuma kiungo cha kuweka upya nenosiri lako."
    );
    let message = json!({"name": "Amina Wanjiru", "email": "amina@example.com", "phone": "0712345678",
        "subject": "Kuorodhesha saluni", "message": "Nawezaje kuorodhesha saluni yangu?"});
    let sent = product.send(request("POST", "/api/contact", Some("sw"), None, Some(message))).await;
    assert_eq!(sent.json()["message"], "Ujumbe umetumwa! Tutakujibu hivi karibuni.");
    product.mail.wait_for(&["Subject: Weka upya nenosiri lako la Mtaani", "njeri@demo.mtaani.co.ke"]).await;
    let ack = product.mail.wait_for(&["Subject: Tumepokea ujumbe wako", "amina@example.com"]).await;
    assert!(ack.contains("Habari Amina,"), "{ack}");
    product.stop().await;
}

#[tokio::test]
async fn sellers_choose_the_language_of_their_messages() {
    let product = Product::start().await;
    let set = |token: Option<&str>, language: Option<&str>, body: Value| {
        request("PUT", "/api/me/language", language, token, Some(body))
    };
    let signed_out = product.send(set(None, None, json!({"language": "sw"}))).await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
    let token = product.sign_in("achieng@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    let me = product.call("GET", "/api/me", Some(&token), None).await.json();
    assert_eq!(me["user"]["language"], "en", "the demo sellers are written to in English");
    for wrong in [json!({"language": "fr"}), json!({"language": ""}), json!({"language": "sw-KE"}), json!({})] {
        let r = product.send(set(Some(&token), None, wrong.clone())).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{wrong}");
        assert_eq!(r.json()["errors"]["language"], "Please choose a language: en (English) or sw (Kiswahili)");
    }
    let in_sw = product.send(set(Some(&token), Some("sw"), json!({"language": "xx"}))).await;
    assert_eq!(in_sw.json()["message"], "Tafadhali chagua lugha: en (Kiingereza) au sw (Kiswahili)");
    let typed = product.send(set(Some(&token), None, json!({"language": 5}))).await;
    assert_eq!(typed.status, StatusCode::BAD_REQUEST);
    let done = product.send(set(Some(&token), None, json!({"language": "sw"}))).await;
    assert_eq!(done.status, StatusCode::NO_CONTENT, "{}", done.text());
    let me = product.call("GET", "/api/me", Some(&token), None).await.json();
    assert_eq!(me["user"]["language"], "sw");
    let signed_in = product.log_in("achieng@demo.mtaani.co.ke", DEMO_PASSWORD).await.json();
    assert_eq!(signed_in["user"]["language"], "sw", "the session's user says it too");
    assert_eq!(product.send(set(Some(&token), None, json!({"language": "EN"}))).await.status, StatusCode::NO_CONTENT);
    let me = product.call("GET", "/api/me", Some(&token), None).await.json();
    assert_eq!(me["user"]["language"], "en");

    // Registration keeps the language the request prefers.
    let person = |email: &str| {
        json!({"userName": "Neema Auma", "email": email, "phoneNumber": "0712 345 999", "password": "mandazi-moto",
            "accountType": "buyer"})
    };
    let r = product.send(request("POST", "/api/register", Some("sw"), None, Some(person("neema@example.com")))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text());
    assert_eq!(r.json()["message"], "Akaunti imefunguliwa! Tafadhali ingia ili uendelee.");
    assert_eq!(r.json()["user"]["language"], "sw");
    let r = product.post("/api/register", person("baraka@example.com")).await;
    assert_eq!(
        (r.json()["user"]["language"].clone(), r.json()["message"].clone()),
        (json!("en"), json!("Account created successfully! Please log in to continue."))
    );
    product.stop().await;
}

/// A booking made in Kiswahili: its customer's e-mails and SMS are in Kiswahili (the request, then
/// the confirmation), and its provider, who chose Kiswahili, gets the new booking in Kiswahili; a
/// booking made without Accept-Language stays English for its customer. On SQLite and PostgreSQL.
#[tokio::test]
async fn a_booking_in_kiswahili_brings_kiswahili_emails_and_sms_on_both_backends() {
    for db in [TestDb::sqlite as fn(&'static str) -> TestDb, TestDb::postgres] {
        let product = Product::options().on(db).start().await;
        let backend = product.services.db("booking").name;
        let wanjiru = product.sign_in("wanjiru@demo.mtaani.co.ke", DEMO_PASSWORD).await;
        let chosen = product.call("PUT", "/api/me/language", Some(&wanjiru), Some(json!({"language": "sw"}))).await;
        assert_eq!(chosen.status, StatusCode::NO_CONTENT);
        // She confirms each request herself: the request's messages, then the confirmation's.
        product.confirm_each_booking(&wanjiru).await;

        let all = product.get("/api/services?limit=100").await.json();
        let listing =
            all.as_array().unwrap().iter().find(|s| s["sellerId"].as_str().unwrap().ends_with("0001")).unwrap();
        let (id, name) = (listing["_id"].as_str().unwrap(), listing["name"].as_str().unwrap());
        let starts = product.starts(id, 1, usize::MAX, 2).await;
        let book = |language: Option<&'static str>, (date, time): (String, String), who: &str, phone: &str| {
            let body = json!({"serviceId": id, "name": format!("{who} Achieng"), "email": format!("{}@example.co.ke", who.to_lowercase()),
                "phone": phone, "date": date, "time": time});
            request("POST", "/api/appointments", language, None, Some(body))
        };
        let booked =
            product.send(book(Some("sw-KE,sw;q=0.9,en;q=0.5"), starts[0].clone(), "Zawadi", "0712 000 777")).await;
        assert_eq!(booked.status, StatusCode::CREATED, "{}", booked.text());
        let booking = booked.json();

        // The provider chose Kiswahili: her SMS and e-mail about the new booking.
        let provider = product.sms.texts_to("+254712345601", 1).await;
        assert!(provider[0].starts_with("Mtaani: Zawadi ameomba miadi ya "), "{backend}: {}", provider[0]);
        assert!(provider[0].contains("Thibitisha au kataa: ") && provider[0].ends_with("/account"), "{}", provider[0]);
        let short: String = name.chars().take(12).collect();
        let mail = product.mail.wait_for(&["Subject: Ombi jipya la miadi:", "wanjiru@demo.mtaani.co.ke"]).await;
        assert!(mail.contains(&short) && mail.contains("Habari Wanjiru,"), "{mail}");
        // The customer's e-mail that the request is in.
        let requested = product.mail.wait_for(&["Subject: Ombi la miadi limetumwa:", "zawadi@example.co.ke"]).await;
        assert!(requested.contains("Badilisha au ghairi") && requested.contains("(saa za Nairobi)"), "{requested}");

        // Confirmed by the provider: the customer's SMS and e-mail in Kiswahili.
        let confirm = format!("/api/account/appointments/{}/confirm", booking["id"].as_str().unwrap());
        assert_eq!(product.call("POST", &confirm, Some(&wanjiru), None).await.status, StatusCode::OK);
        let customer = product.sms.texts_to("+254712000777", 1).await;
        let text = &customer[0];
        assert!(
            text.starts_with("Mtaani: miadi yako ya ")
                && text.contains(", imethibitishwa. Mahali: ")
                && text.contains(". Badilisha au ghairi: "),
            "{text}"
        );
        assert!(text.contains("/s/") && text.len() <= 160, "{text}");
        let confirmed = product.mail.wait_for(&["Subject: Miadi imethibitishwa:", "zawadi@example.co.ke"]).await;
        assert!(confirmed.contains("Habari Zawadi,") && confirmed.contains("text/calendar"), "{confirmed}");

        // Booked without Accept-Language: the customer's e-mail is English; the provider's is still
        // in hers.
        let english = product.send(book(None, starts[1].clone(), "Baraka", "0712 000 888")).await;
        assert_eq!(english.status, StatusCode::CREATED, "{}", english.text());
        product.mail.wait_for(&["Subject: Booking request sent:", "baraka@example.co.ke"]).await;
        let provider = product.sms.texts_to("+254712345601", 2).await;
        assert!(provider.iter().any(|t| t.starts_with("Mtaani: Baraka ameomba miadi ya ")), "{provider:?}");
        let confirm = format!("/api/account/appointments/{}/confirm", english.json()["id"].as_str().unwrap());
        assert_eq!(product.call("POST", &confirm, Some(&wanjiru), None).await.status, StatusCode::OK);
        let text = &product.sms.texts_to("+254712000888", 1).await[0];
        assert!(text.starts_with("Mtaani: your booking for ") && text.contains("is confirmed."), "{text}");
        product.stop().await;
    }
}
