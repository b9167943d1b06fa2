//! Booking through the gateway: a provider's working week and the bookings made inside it, the SMS
//! a booking brings (with the customer's short link, and STOP), and a salon's team.

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use booking_svc::testing::{day, next};
use chrono::Weekday;
use serde_json::{Value, json};

use crate::support::{DEMO_PASSWORD, PNG_1X1, Product, request};

#[tokio::test]
async fn providers_set_their_week_and_visitors_book_inside_it() {
    let product = Product::start().await;
    let njeri = product.sign_in("njeri@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    let wanjiru = product.sign_in("wanjiru@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    let buyer = {
        let body = json!({"userName": "Amina Wanjiku", "email": "amina@example.co.ke",
            "phoneNumber": "0712345678", "password": "mandazi-moto", "accountType": "buyer"});
        assert_eq!(product.post("/api/register", body).await.status, StatusCode::CREATED);
        product.sign_in("amina@example.co.ke", "mandazi-moto").await
    };

    // Working hours: a seller's own; buyers have none; bad input is refused per field.
    let hours = product.call("GET", "/api/account/hours", Some(&njeri), None).await;
    assert_eq!(hours.status, StatusCode::OK);
    assert!(hours.json()["weekly"]["mon"].as_array().is_some());
    let buyers = product.call("GET", "/api/account/hours", Some(&buyer), None).await;
    assert_eq!(
        (buyers.status, buyers.json()["message"].clone()),
        (StatusCode::FORBIDDEN, "Only sellers have working hours".into())
    );
    assert_eq!(product.get("/api/account/hours").await.status, StatusCode::UNAUTHORIZED);
    let tuesday_only = json!({"weekly": {"tue": [["10:00", "14:00"]]}, "daysOff": [],
        "minNoticeMinutes": 120, "horizonDays": 60, "capacity": 1, "changeNoticeMinutes": 120});
    let bad = json!({"weekly": {"mon": [["08:00", "13:00"], ["12:00", "15:00"]], "tue": [["06:00", "09:00"]]},
        "daysOff": ["soon"], "minNoticeMinutes": 5000, "horizonDays": 0, "capacity": 21, "changeNoticeMinutes": -5});
    let refused = product.call("PUT", "/api/account/hours", Some(&njeri), Some(bad)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let errors = refused.json()["errors"].clone();
    for field in
        ["weekly.mon", "weekly.tue", "daysOff", "minNoticeMinutes", "horizonDays", "capacity", "changeNoticeMinutes"]
    {
        assert!(errors[field].is_string(), "{field}: {errors}");
    }
    // instantBooking may be left out (kept as it was), never null.
    let mut nulled = tuesday_only.clone();
    nulled["instantBooking"] = serde_json::Value::Null;
    assert_eq!(
        product.call("PUT", "/api/account/hours", Some(&njeri), Some(nulled)).await.status,
        StatusCode::BAD_REQUEST
    );
    let saved = product.call("PUT", "/api/account/hours", Some(&njeri), Some(tuesday_only)).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(saved.json()["weekly"]["tue"], json!([["10:00", "14:00"]]));
    assert_eq!(saved.json()["weekly"]["wed"], json!([]));

    // A 90-minute listing of hers; the length travels in every listing answer.
    let all = product.get("/api/services?limit=100").await.json();
    let listing = all.as_array().unwrap().iter().find(|s| s["sellerId"].as_str().unwrap().ends_with("0003")).unwrap();
    let id = listing["_id"].as_str().unwrap().to_owned();
    let mut edit = listing.clone();
    edit["durationMinutes"] = 90.into();
    edit["keepMedia"] = json!([listing["media"][0]["data"]]);
    edit["images"] = json!([]);
    let edited = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(edit.clone())).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
    assert_eq!(product.get(&format!("/api/service/{id}")).await.json()["durationMinutes"], 90);
    edit["durationMinutes"] = 45.into();
    let odd = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(edit)).await;
    assert_eq!(odd.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        odd.json()["errors"]["durationMinutes"],
        "Service length must be 30 minutes to 10 hours, in steps of 30 minutes"
    );

    // Only Tuesdays, only 10:00 AM to 12:30 PM; the calendar says why the other days are out.
    let tue = next(Weekday::Tue, 3);
    let wed = tue.succ_opt().unwrap();
    let avail = |d: chrono::NaiveDate| format!("/api/appointments/availability?serviceId={id}&date={d}");
    let day = product.get(&avail(tue)).await.json();
    assert_eq!(day["slots"], json!(["10:00 AM", "10:30 AM", "11:00 AM", "11:30 AM", "12:00 PM", "12:30 PM"]));
    assert_eq!((day["closed"].clone(), day["durationMinutes"].clone()), (false.into(), 90.into()));
    let closed = product.get(&avail(wed)).await.json();
    assert_eq!(closed["closed"], true);
    assert_eq!(closed["reason"], "The provider is closed on that day.");
    assert_eq!(closed["nextOpenDate"], (tue + chrono::Duration::days(7)).to_string());
    let month =
        product.get(&format!("/api/appointments/calendar?serviceId={id}&month={}", tue.format("%Y-%m"))).await.json();
    let days = month["days"].as_array().unwrap();
    let of = |d: chrono::NaiveDate| days.iter().find(|x| x["date"] == d.to_string()).cloned();
    assert_eq!(of(tue).unwrap()["bookable"], true);
    if let Some(w) = of(wed) {
        assert_eq!(
            (w["bookable"].clone(), w["reason"].clone()),
            (false.into(), "The provider is closed on that day.".into())
        );
    }
    let bad_month = product.get(&format!("/api/appointments/calendar?serviceId={id}&month=someday")).await;
    assert_eq!(bad_month.status, StatusCode::BAD_REQUEST);

    // A signed-in customer books 11:00 AM; it is hers; the overlapping starts are gone.
    let body = |name: &str, date: chrono::NaiveDate, time: &str| {
        json!({"serviceId": id, "name": name, "email": "amina@example.co.ke", "date": date.to_string(),
            "time": time, "message": "<b>Waist-length</b> knotless braids"})
    };
    let missing = product.post("/api/appointments", body("", tue, "11:00 AM")).await;
    assert_eq!(
        (missing.status, missing.json()["message"].clone()),
        (StatusCode::BAD_REQUEST, "Please fill in all required fields".into())
    );
    let closed_day = product.post("/api/appointments", body("Amina", wed, "11:00 AM")).await;
    assert_eq!(closed_day.json()["message"], "The provider is closed on that day.");
    let outside = product.post("/api/appointments", body("Amina", tue, "1:00 PM")).await;
    assert_eq!(outside.json()["message"], "That time is outside the provider's working hours.");
    let mut first =
        request("POST", "/api/appointments", None, Some(&buyer), Some(body("Amina Wanjiku", tue, "11:00 AM")));
    first.headers_mut().insert("idempotency-key", "book-1".parse().unwrap());
    let created = product.send(first).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let booking = created.json();
    assert_eq!((booking["status"].as_str(), booking["endTime"].as_str()), (Some("requested"), Some("12:30 PM")));
    let clash = product.post("/api/appointments", body("Baraka Otieno", tue, "10:30 AM")).await;
    assert_eq!(
        (clash.status, clash.json()["message"].clone()),
        (StatusCode::CONFLICT, "This time slot is already booked. Please choose another.".into())
    );
    assert_eq!(product.get(&avail(tue)).await.json()["slots"], json!(["12:30 PM"]));

    // The provider sees it and answers; only she may.
    let theirs = product.call("GET", "/api/account/appointments", Some(&njeri), None).await.json();
    assert_eq!(theirs[0]["message"], "<b>Waist-length</b> knotless braids", "text kept as sent");
    assert_eq!(product.call("GET", "/api/account/appointments", Some(&wanjiru), None).await.json(), json!([]));
    let confirm = format!("/api/account/appointments/{}/confirm", booking["id"].as_str().unwrap());
    assert_eq!(product.call("POST", &confirm, Some(&wanjiru), None).await.status, StatusCode::FORBIDDEN);
    let confirmed = product.call("POST", &confirm, Some(&njeri), None).await;
    assert_eq!((confirmed.status, confirmed.json()["status"].clone()), (StatusCode::OK, "confirmed".into()));

    // My bookings: the customer's own, with the token of her "Change or cancel" page.
    let mine = product.call("GET", "/api/account/bookings", Some(&buyer), None).await.json();
    assert_eq!(mine.as_array().unwrap().len(), 1);
    assert_eq!((mine[0]["id"].clone(), mine[0]["canChange"].clone()), (booking["id"].clone(), true.into()));
    assert!(mine[0]["providerWhatsapp"].as_str().unwrap().chars().all(|c| c.is_ascii_digit()));
    let token = mine[0]["manageToken"].as_str().unwrap().to_owned();
    assert_eq!(product.get("/api/account/bookings").await.status, StatusCode::UNAUTHORIZED);
    // The e-mailed link is the same page.
    let mailed = product.mail.link("appointments/cancel?token=").await;
    let shown = product.get(&format!("/api/appointments/cancel?token={mailed}")).await;
    assert_eq!((shown.status, shown.json()["id"].clone()), (StatusCode::OK, booking["id"].clone()));

    // Moved to 12:30 PM: the old time is free again, the new one taken.
    let moved = product
        .post("/api/appointments/reschedule", json!({"token": token, "date": tue.to_string(), "time": "12:30 PM"}))
        .await;
    assert_eq!((moved.status, moved.json()["time"].clone()), (StatusCode::OK, "12:30 PM".into()), "{}", moved.text());
    assert_eq!(product.get(&avail(tue)).await.json()["slots"], json!(["10:00 AM", "10:30 AM", "11:00 AM"]));
    let nowhere = product
        .post("/api/appointments/reschedule", json!({"token": token, "date": wed.to_string(), "time": "11:00 AM"}))
        .await;
    assert_eq!(
        (nowhere.status, nowhere.json()["message"].clone()),
        (StatusCode::BAD_REQUEST, "The provider is closed on that day.".into())
    );

    // Cancelled with the link, once.
    let cancel = json!({"token": token});
    let cancelled = product.post("/api/appointments/cancel", cancel.clone()).await;
    assert_eq!((cancelled.status, cancelled.json()["status"].clone()), (StatusCode::OK, "cancelled".into()));
    let again = product.post("/api/appointments/cancel", cancel).await;
    assert_eq!(
        (again.status, again.json()["message"].clone()),
        (StatusCode::CONFLICT, "This booking is already cancelled.".into())
    );
    let forged = product.post("/api/appointments/cancel", json!({"token": "abc.def.ghi"})).await;
    assert_eq!(
        (forged.status, forged.json()["message"].clone()),
        (StatusCode::BAD_REQUEST, "This cancellation link is not valid.".into())
    );
    assert_eq!(product.get(&avail(tue)).await.json()["slots"].as_array().unwrap().len(), 6, "all free again");
    product.stop().await;
}

/// SMS end to end on the embedded run: a booking on a demo listing texts its provider (at the phone
/// of her account); her confirmation texts the customer a short link, which leads to the customer's
/// change-or-cancel page; Africa's Talking's STOP callback, with its key only, stops SMS to a number.
#[tokio::test]
async fn bookings_text_the_provider_and_the_customer_with_a_short_link() {
    let product = Product::options().sms_callback_key("callback-key-0123456789").start().await;
    let wanjiru = product.sign_in("wanjiru@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    // The request, then its confirmation (notifications.rs follows instant bookings' messages).
    product.confirm_each_booking(&wanjiru).await;
    let all = product.get("/api/services?limit=100").await.json();
    let listing = all.as_array().unwrap().iter().find(|s| s["sellerId"].as_str().unwrap().ends_with("0001")).unwrap();
    let (id, name) = (listing["_id"].as_str().unwrap(), listing["name"].as_str().unwrap());

    let (date, time) = product.starts(id, 1, 1, 1).await.remove(0);
    let body = json!({"serviceId": id, "name": "Zawadi Achieng", "email": "zawadi@example.co.ke",
        "phone": "0712 000 777", "date": date, "time": time});
    let booked = product.post("/api/appointments", body).await;
    assert_eq!(booked.status, StatusCode::CREATED, "{}", booked.text());
    let booking = booked.json();
    let texts = product.sms.wait_for(None, 1).await;
    let (to, text) = &texts[0];
    assert_eq!(to, "+254712345601", "the provider's account phone");
    assert!(text.starts_with("Mtaani: new booking request from Zawadi for "), "{text}");
    assert!(text.contains(&name.chars().take(12).collect::<String>()) && text.ends_with("/account"), "{text}");

    let confirm = format!("/api/account/appointments/{}/confirm", booking["id"].as_str().unwrap());
    assert_eq!(product.call("POST", &confirm, Some(&wanjiru), None).await.status, StatusCode::OK);
    let texts = product.sms.wait_for(None, 2).await;
    let (_, text) = texts.iter().find(|(to, _)| to == "+254712000777").expect("the customer's SMS");
    assert!(text.contains("is confirmed. Where: ") && text.contains(". Change or cancel: "), "{text}");
    assert!(text.len() <= 160, "{text}");
    let short = text.rsplit(' ').next().unwrap();
    let path = &short[short.find("/s/").unwrap()..];
    let followed = product.get(path).await;
    assert_eq!(followed.status, StatusCode::FOUND);
    let location = followed.header("location");
    assert!(location.starts_with("/appointments/cancel?token="), "{location}");
    assert_eq!(followed.header("cache-control"), "no-store");
    let token = location.split("token=").nth(1).unwrap();
    let page = product.get(&format!("/api/appointments/cancel?token={token}")).await;
    assert_eq!(page.json()["id"], booking["id"], "{}", page.text());
    let unknown = product.get("/s/0000000000").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(unknown.text().contains("This link is not valid or has expired."));

    // STOP, through Africa's Talking's opt-out callback: only with the key.
    let form = |uri: &str, body: &str| {
        Request::post(uri)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body.to_owned()))
            .unwrap()
    };
    let stop = "senderId=MTAANI&phoneNumber=%2B254712000777";
    assert_eq!(
        product.send(form("/api/sms/opt-out?key=wrong-key-0123456789", stop)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(product.send(form("/api/sms/opt-out?key=callback-key-0123456789", stop)).await.status, StatusCode::OK);
    let other = "from=%2B254712000888&text=Asante&to=12345";
    assert_eq!(product.send(form("/api/sms/opt-out?key=callback-key-0123456789", other)).await.status, StatusCode::OK);
    let pool = mtaani_runtime::db::connect(&product.services.db("messaging").config, &messaging_svc::MIGRATOR)
        .await
        .unwrap()
        .pool;
    let stopped: Vec<String> = sqlx::query_scalar("SELECT phone FROM sms_optouts").fetch_all(&pool).await.unwrap();
    assert_eq!(stopped, ["+254712000777"]);
    pool.close().await;
    product.stop().await;
}

/// A salon runs its team through the gateway: members added and checked, shown on the
/// listing's page without their phones, a booking of two services from the menu with "anyone
/// available" assigned a member and priced, the same member asked for at that time refused in the
/// customer's language, and a member who leaves with a booking asked about it, then moved.
#[tokio::test]
async fn a_salon_runs_its_team_through_the_gateway() {
    let product = Product::start().await;
    let wanjiru = product.sign_in("wanjiru@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    let mine = product.call("GET", "/api/account/services", Some(&wanjiru), None).await.json();
    let studio = mine.as_array().unwrap().iter().find(|s| s["name"] == "Gel & Acrylic Nail Studio").unwrap().clone();
    let id = studio["_id"].as_str().unwrap().to_owned();
    let option = |name: &str| {
        studio["options"].as_array().unwrap().iter().find(|o| o["name"] == name).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (manicure, pedicure) = (option("Gel manicure"), option("Gel pedicure"));

    assert_eq!(product.call("GET", "/api/account/team", Some(&wanjiru), None).await.json(), json!([]));
    let bad = request(
        "POST",
        "/api/account/team",
        Some("sw"),
        Some(&wanjiru),
        Some(json!({"name": "W", "listingIds": ["not-hers"]})),
    );
    let refused = product.send(bad).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.json()["errors"]["listingIds"], "Tafadhali chagua huduma zako mwenyewe");
    let mut members = Vec::new();
    for name in ["Wanjiku", "Akinyi"] {
        let body = json!({"name": name, "phone": "0712 000 111", "listingIds": [id]});
        let added = product.call("POST", "/api/account/team", Some(&wanjiru), Some(body)).await;
        assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
        assert_eq!((added.json()["phone"].as_str(), added.json()["weekly"].is_null()), (Some("+254712000111"), true));
        members.push(added.json()["id"].as_str().unwrap().to_owned());
    }
    let public = product.get(&format!("/api/service/{id}/team")).await.json();
    assert_eq!(public.as_array().unwrap().len(), 2);
    assert!(public[0].get("phone").is_none() && public[0]["name"] == "Wanjiku", "{public}");

    // Wanjiku's photo: checked as a listing's photos are, shown on the listing's page, kept by an edit
    // that leaves it out, and deleted when removed (its file with it).
    let wanjiku = |extra: Value| {
        let mut body = json!({"name": "Wanjiku", "phone": "0712 000 111", "listingIds": [id]});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        request("PUT", &format!("/api/account/team/{}", members[0]), None, Some(&wanjiru), Some(body))
    };
    let mut not_a_photo = wanjiku(json!({"photo": "data:image/png;base64,aGVsbG8="}));
    not_a_photo.headers_mut().insert(header::ACCEPT_LANGUAGE, "sw".parse().unwrap());
    let refused = product.send(not_a_photo).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.json()["errors"]["photo"], "Picha si muundo wa picha unaokubalika.");
    let elsewhere = product.send(wanjiku(json!({"photo": "https://elsewhere.example/me.jpg"}))).await;
    assert_eq!(elsewhere.json()["errors"]["photo"], "The photo is not a supported image format.");
    let saved = product.send(wanjiku(json!({"photo": PNG_1X1}))).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let photo = saved.json()["photo"].as_str().unwrap().to_owned();
    assert!(photo.starts_with("/media/team/"), "{photo}");
    let file = product.get(&photo).await;
    assert_eq!((file.status, file.header("content-type")), (StatusCode::OK, "image/webp"));
    assert_eq!(product.get(&format!("/api/service/{id}/team")).await.json()[0]["photo"], photo.as_str());
    let kept = product.send(wanjiku(json!({"daysOff": []}))).await.json();
    assert_eq!(kept["photo"], photo.as_str(), "an edit without a photo keeps hers");
    let removed = product.send(wanjiku(json!({"photo": ""}))).await.json();
    assert!(removed["photo"].is_null(), "{removed}");
    assert_eq!(product.get(&photo).await.status, StatusCode::NOT_FOUND, "the file went with it");

    let date = day(next(Weekday::Wed, 3));
    let free = product
        .get(&format!("/api/appointments/availability?serviceId={id}&date={date}&optionIds={manicure},{pedicure}"))
        .await
        .json();
    assert_eq!(free["durationMinutes"], 120);
    assert!(free["slots"].as_array().unwrap().iter().any(|s| s == "9:00 AM"), "{free}");
    let book = |email: &str, member: &str| {
        let body = json!({"serviceId": id, "name": "Amina Wanjiku", "email": email, "date": date,
            "time": "9:00 AM", "optionIds": [manicure, pedicure], "memberId": member});
        request("POST", "/api/appointments", None, None, Some(body))
    };
    let booked = product.send(book("amina.team@example.com", "")).await;
    assert_eq!(booked.status, StatusCode::CREATED, "{}", booked.text());
    let a = booked.json();
    assert_eq!((a["member"]["name"].as_str(), a["totalKsh"].as_i64()), (Some("Wanjiku"), Some(2700)));
    assert_eq!(a["options"].as_array().unwrap().len(), 2);
    assert_eq!((a["durationMinutes"].as_i64(), a["endTime"].as_str()), (Some(120), Some("11:00 AM")));
    let mut again = book("zawadi.team@example.com", &members[0]);
    again.headers_mut().insert(header::ACCEPT_LANGUAGE, "sw".parse().unwrap());
    let taken = product.send(again).await;
    assert_eq!((taken.status, taken.json()["code"].as_str()), (StatusCode::CONFLICT, Some("member_taken")));
    assert_eq!(
        taken.json()["message"],
        "Uliyemchagua hayuko huru wakati huo. Tafadhali chagua wakati mwingine au yeyote aliye huru."
    );

    let leave = format!("/api/account/team/{}", members[0]);
    let asked = product.call("DELETE", &leave, Some(&wanjiru), None).await;
    assert_eq!((asked.status, asked.json()["code"].as_str()), (StatusCode::CONFLICT, Some("member_has_bookings")));
    assert_eq!(asked.json()["message"], "Wanjiku has 1 upcoming booking. Move it to another member or cancel it.");
    let moved = product.call("DELETE", &format!("{leave}?then=move"), Some(&wanjiru), None).await;
    assert_eq!(moved.json(), json!({"moved": 1, "cancelled": 0}));
    let hers = product.call("GET", "/api/account/appointments", Some(&wanjiru), None).await.json();
    let it = hers.as_array().unwrap().iter().find(|x| x["id"] == a["id"]).unwrap();
    assert_eq!(it["member"]["name"], "Akinyi");
    // The salon gives it to a third member by hand; a member who is not on the team is not found.
    let body = json!({"name": "Mercy", "listingIds": [id]});
    let mercy = product.call("POST", "/api/account/team", Some(&wanjiru), Some(body)).await.json();
    let reassign = format!("/api/account/appointments/{}/reassign", a["id"].as_str().unwrap());
    let given = product.call("POST", &reassign, Some(&wanjiru), Some(json!({"memberId": mercy["id"]}))).await;
    assert_eq!((given.status, given.json()["member"]["name"].as_str()), (StatusCode::OK, Some("Mercy")));
    let gone = product.call("POST", &reassign, Some(&wanjiru), Some(json!({"memberId": members[0]}))).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    product.stop().await;
}
