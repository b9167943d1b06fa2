//! Listings through the gateway: the catalog's reads as the web app gets them (SPEC §7), a seller
//! posting, editing and deleting their own, and a provider's page.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::support::{DEMO_PASSWORD, PNG_1X1, Product, request};

#[tokio::test]
async fn listings_travel_from_the_catalog_to_json() {
    let product = Product::start().await;

    let all = product.get("/api/services?limit=100").await;
    assert_eq!(all.status, StatusCode::OK);
    let list = all.json();
    let list = list.as_array().unwrap();
    assert!(list.len() >= 36);
    assert_eq!(all.header("x-total-count"), list.len().to_string());
    let first = &list[0];
    for field in [
        "_id",
        "name",
        "minPrice",
        "maxPrice",
        "location",
        "phoneNumber",
        "category",
        "subcategory",
        "description",
        "media",
    ] {
        assert!(first.get(field).is_some(), "{field} missing in {first}");
    }
    assert_eq!(first["media"][0]["type"], "image");
    assert!(first["media"][0]["data"].as_str().unwrap().starts_with("/media/"));
    assert!(!all.header("x-request-id").is_empty());

    assert_eq!(product.get("/api/services").await.json().as_array().unwrap().len(), list.len().min(48));
    assert_eq!(product.get("/api/services?limit=2&offset=1").await.json()[0]["_id"], list[1]["_id"]);
    let bad = product.get("/api/services?limit=lots").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.json()["message"].is_string());

    let beauty = product.get("/api/services/beauty").await.json();
    assert!(beauty.as_array().unwrap().iter().all(|s| s["category"] == "beauty"));
    let braids = product.get("/api/subcategory?subcategory=%2Fservices%2Fhair%2Fbraiding").await.json();
    assert!(!braids.as_array().unwrap().is_empty());
    assert!(braids.as_array().unwrap().iter().all(|s| s["subcategory"] == "braiding"));
    let none = product.get("/api/subcategory").await;
    assert_eq!(none.status, StatusCode::BAD_REQUEST);
    assert_eq!(none.json()["message"], "No subcategory provided.");
    let kisumu = product.get("/api/services?location=kisumu").await.json();
    assert!(!kisumu.as_array().unwrap().is_empty());
    assert!(kisumu.as_array().unwrap().iter().all(|s| s["location"].as_str().unwrap().contains("Kisumu")));
    assert_eq!(product.get("/api/services/search?query=braids%20kisumu").await.status, StatusCode::OK);

    let id = list[5]["_id"].as_str().unwrap();
    let one = product.get(&format!("/api/service/{id}")).await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.json()["name"], list[5]["name"]);
    let missing = product.get("/api/service/nope").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.json()["message"], "Service not found");

    let photo = product.get(list[0]["media"][0]["thumbnail"].as_str().unwrap()).await;
    assert_eq!(photo.status, StatusCode::OK);
    assert_eq!(photo.header("content-type"), "image/webp");
    assert!(photo.header("cache-control").contains("immutable"));
    // The data saver's size of every photo (320 px) and its colour, in the lists and a listing's own
    // answer alike.
    for media in list.iter().chain([&one.json()]).flat_map(|s| s["media"].as_array().unwrap().clone()) {
        assert!(
            media["small"].as_str().is_some_and(|u| u.starts_with("/media/") && u.ends_with("-320.webp")),
            "{media}"
        );
        let color = media["color"].as_str().unwrap_or_default();
        assert!(
            color.len() == 7 && color.starts_with('#') && color[1..].bytes().all(|c| c.is_ascii_hexdigit()),
            "{media}"
        );
    }
    let small = product.get(list[0]["media"][0]["small"].as_str().unwrap()).await;
    assert_eq!(small.status, StatusCode::OK);
    assert_eq!(small.header("content-type"), "image/webp");
    assert!(small.body.len() < photo.body.len(), "the data saver's photo is the smaller");
    assert_eq!(product.get("/media/..%2F..%2Fcatalog.db").await.status, StatusCode::NOT_FOUND);

    let packages = product.get("/api/packages").await.json();
    assert_eq!(packages[1]["id"], "standard");
    assert_eq!(packages[1]["photoUploads"], 2);
    assert_eq!(packages[1]["recommended"], true);

    let health = product.get("/api/health").await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.json()["status"], "ok");
    product.stop().await;
}

#[tokio::test]
async fn sellers_post_and_delete_their_services() {
    let product = Product::start().await;
    let listing = |images: Value| {
        json!({"name": "Knotless Braids by Njeri", "images": images, "minPrice": "1,500", "maxPrice": 4500,
            "location": "Section 58, Nakuru", "phoneNumber": "0733 345 603", "category": "hair",
            "subcategory": "braiding", "description": "Neat knotless braids that last, gentle on your edges.",
            "directions": " Green gate opposite the primary school, first door on the left "})
    };
    let njeri = product.sign_in("njeri@demo.mtaani.co.ke", DEMO_PASSWORD).await; // Basic: one photo

    let anonymous = product.post("/api/services", listing(json!([PNG_1X1]))).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    let buyer = json!({"userName": "Zawadi Achieng", "email": "zawadi.buyer@example.com",
        "phoneNumber": "0733123456", "password": "mandazi-moto", "accountType": "buyer"});
    assert_eq!(product.post("/api/register", buyer).await.status, StatusCode::CREATED);
    let zawadi = product.sign_in("zawadi.buyer@example.com", "mandazi-moto").await;
    let refused = product.call("POST", "/api/services", Some(&zawadi), Some(listing(json!([PNG_1X1])))).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.json()["message"], "Only sellers can post services");

    let two = product.call("POST", "/api/services", Some(&njeri), Some(listing(json!([PNG_1X1, PNG_1X1])))).await;
    assert_eq!(two.status, StatusCode::BAD_REQUEST);
    assert_eq!(two.json()["message"], "Your Basic package allows only 1 photo(s).");
    let fake = json!([{"data": "data:image/png;base64,PHN2ZyB4bWxucz0iIj48L3N2Zz4=", "name": "logo.png"}]);
    let not_image = product.call("POST", "/api/services", Some(&njeri), Some(listing(fake))).await;
    assert_eq!(not_image.status, StatusCode::BAD_REQUEST);
    assert_eq!(not_image.json()["message"], "File logo.png is not a supported image format.");
    let none = product.call("POST", "/api/services", Some(&njeri), Some(listing(json!([])))).await;
    assert_eq!(none.json()["errors"]["images"], "Please upload at least one photo");

    let mut post = request("POST", "/api/services", None, Some(&njeri), Some(listing(json!([PNG_1X1]))));
    post.headers_mut().insert("idempotency-key", "post-1".parse().unwrap());
    let created = product.send(post).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let service = created.json();
    assert_eq!((service["minPrice"].as_i64(), service["phoneNumber"].as_str()), (Some(1500), Some("+254733345603")));
    let id = service["_id"].as_str().unwrap().to_owned();
    let mut again = request("POST", "/api/services", None, Some(&njeri), Some(listing(json!([PNG_1X1]))));
    again.headers_mut().insert("idempotency-key", "post-1".parse().unwrap());
    assert_eq!(product.send(again).await.json()["_id"], id.as_str(), "a repeated post creates nothing new");

    let shown = product.get(&format!("/api/service/{id}")).await;
    assert_eq!(shown.status, StatusCode::OK);
    // The directions, trimmed, in the listing's own answer and in the lists; "" for one without.
    let directions = "Green gate opposite the primary school, first door on the left";
    assert_eq!(
        (service["directions"].as_str(), shown.json()["directions"].as_str()),
        (Some(directions), Some(directions))
    );
    let all = product.get("/api/services?limit=100").await.json();
    assert!(all.as_array().unwrap().iter().all(|s| s["directions"].is_string()), "always present");
    let photo = shown.json()["media"][0]["thumbnail"].as_str().unwrap().to_owned();
    assert_eq!(product.get(&photo).await.header("content-type"), "image/webp");
    let braiding = product.get("/api/subcategory?subcategory=/services/hair/braiding&limit=100").await.json();
    let listed = braiding.as_array().unwrap().iter().find(|s| s["_id"] == id.as_str()).cloned().unwrap_or_default();
    assert_eq!(listed["directions"], directions);
    let mine = product.call("GET", "/api/account/services", Some(&njeri), None).await.json();
    assert!(mine.as_array().unwrap().iter().any(|s| s["_id"] == id.as_str()), "My Account lists it");
    assert!(mine.as_array().unwrap().iter().all(|s| s["sellerId"] == service["sellerId"]), "and only hers");
    let not_seller = product.call("GET", "/api/account/services", Some(&zawadi), None).await;
    assert_eq!(not_seller.status, StatusCode::FORBIDDEN);
    assert!(braiding.as_array().unwrap().iter().any(|s| s["_id"] == id.as_str()));

    // Editing: new words, the same photo; then the photo replaced; a second photo does not fit Basic.
    let mut edit = listing(json!([]));
    edit["name"] = "Knotless & Box Braids by Njeri".into();
    edit["keepMedia"] = json!([shown.json()["media"][0]["data"]]);
    let edited = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(edit.clone())).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
    assert_eq!(edited.json()["name"], "Knotless & Box Braids by Njeri");
    assert_eq!(edited.json()["media"][0]["thumbnail"], photo.as_str());
    // Directions over 300 characters are refused by field, in the language asked for; changed and
    // removed by an edit.
    let mut long = edit.clone();
    long["directions"] = "a".repeat(301).into();
    let in_swahili = request("PUT", &format!("/api/service/{id}"), Some("sw"), Some(&njeri), Some(long.clone()));
    let refused = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(long)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.json()["errors"]["directions"], "Directions must be at most 300 characters");
    assert_eq!(product.send(in_swahili).await.json()["errors"]["directions"], "Maelekezo yasizidi herufi 300");
    edit["directions"] = "Blue door behind the chemist".into();
    let moved = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(edit.clone())).await;
    assert_eq!(moved.json()["directions"], "Blue door behind the chemist");
    assert_eq!(product.get(&format!("/api/service/{id}")).await.json()["directions"], "Blue door behind the chemist");
    let mut older_app = edit.clone();
    older_app.as_object_mut().unwrap().remove("directions");
    let kept = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(older_app)).await;
    assert_eq!(kept.json()["directions"], "Blue door behind the chemist", "left out of an edit: kept");
    edit["directions"] = "".into();
    let none = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(edit.clone())).await;
    assert_eq!(none.json()["directions"], "", "emptied by an edit: none");
    // A service menu: the prices come from it, every answer carries it, a broken rule is
    // named by the option's place in both languages, and an edit that leaves it out keeps it.
    let mut menu = edit.clone();
    menu.as_object_mut().unwrap().remove("minPrice");
    menu.as_object_mut().unwrap().remove("maxPrice");
    menu["options"] = json!([
        {"name": "Wash and blow-dry", "priceKsh": 500, "durationMinutes": 30},
        {"name": "Knotless, waist length", "priceKsh": "6,000", "durationMinutes": 360}]);
    let priced = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(menu.clone())).await;
    assert_eq!(priced.status, StatusCode::OK, "{}", priced.text());
    let options = priced.json()["options"].clone();
    assert_eq!((priced.json()["minPrice"].as_i64(), priced.json()["maxPrice"].as_i64()), (Some(500), Some(6000)));
    assert_eq!(options[1]["name"], "Knotless, waist length");
    assert_eq!((options[1]["priceKsh"].as_i64(), options[1]["durationMinutes"].as_i64()), (Some(6000), Some(360)));
    assert_eq!(product.get(&format!("/api/service/{id}")).await.json()["options"], options);
    let braiding = product.get("/api/subcategory?subcategory=/services/hair/braiding&limit=100").await.json();
    let listed = braiding.as_array().unwrap().iter().find(|s| s["_id"] == id.as_str()).cloned().unwrap_or_default();
    assert_eq!(listed["options"], options, "lists carry it too");
    assert!(all.as_array().unwrap().iter().all(|s| s["options"].is_array()), "always present");
    menu["options"][1]["durationMinutes"] = 45.into();
    let in_swahili = request("PUT", &format!("/api/service/{id}"), Some("sw"), Some(&njeri), Some(menu.clone()));
    let refused = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(menu)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.json()["errors"]["options[1].durationMinutes"],
        "Each length must be 30 minutes to 10 hours, in steps of 30 minutes"
    );
    assert_eq!(
        product.send(in_swahili).await.json()["errors"]["options[1].durationMinutes"],
        "Kila muda lazima uwe kati ya dakika 30 na saa 10, kwa hatua za dakika 30"
    );
    let kept = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(edit.clone())).await;
    assert_eq!(kept.json()["options"], options, "left out of an edit: kept");
    edit["options"] = json!([]);
    let plain = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(edit.clone())).await;
    assert_eq!((plain.json()["options"].clone(), plain.json()["minPrice"].as_i64()), (json!([]), Some(1500)));
    edit["images"] = json!([PNG_1X1]);
    let too_many = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(edit.clone())).await;
    assert_eq!(too_many.status, StatusCode::BAD_REQUEST);
    assert_eq!(too_many.json()["message"], "Your Basic package allows only 1 photo(s).");
    edit["keepMedia"] = json!([]);
    let replaced = product.call("PUT", &format!("/api/service/{id}"), Some(&njeri), Some(edit.clone())).await;
    assert_eq!(replaced.status, StatusCode::OK);
    let new_photo = replaced.json()["media"][0]["thumbnail"].as_str().unwrap().to_owned();
    assert_ne!(new_photo, photo);
    assert_eq!(product.get(&photo).await.status, StatusCode::NOT_FOUND, "the replaced photo is gone");
    let photo = new_photo;

    let wanjiru = product.sign_in("wanjiru@demo.mtaani.co.ke", DEMO_PASSWORD).await;
    let not_hers_edit = product.call("PUT", &format!("/api/service/{id}"), Some(&wanjiru), Some(edit)).await;
    assert_eq!(not_hers_edit.status, StatusCode::FORBIDDEN);
    assert_eq!(not_hers_edit.json()["message"], "You can only change your own services");
    let not_hers = product.call("DELETE", &format!("/api/service/{id}"), Some(&wanjiru), None).await;
    assert_eq!(not_hers.status, StatusCode::FORBIDDEN);
    let deleted = product.call("DELETE", &format!("/api/service/{id}"), Some(&njeri), None).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(product.get(&format!("/api/service/{id}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(product.get(&photo).await.status, StatusCode::NOT_FOUND, "its photos went with it");
    product.stop().await;
}

#[tokio::test]
async fn a_provider_page_shows_only_public_data_of_a_provider_with_something_shown() {
    use mtaani_proto::catalog::v1 as cat;
    let product = Product::start().await;
    let wanjiru = mtaani_proto::demo::SELLERS[0].id;
    let page = product.get(&format!("/api/providers/{wanjiru}")).await;
    assert_eq!(page.status, StatusCode::OK);
    let p = page.json();
    assert_eq!((p["id"].as_str(), p["name"].as_str()), (Some(wanjiru), Some("Wanjiru Kamau")));
    let listings = p["listings"].as_array().unwrap();
    assert!(!listings.is_empty() && listings.iter().all(|l| l["sellerId"] == wanjiru));
    let towns: Vec<&str> = p["towns"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    assert!(towns.windows(2).all(|w| w[0] < w[1]), "{towns:?}");
    assert!(listings.iter().all(|l| towns.iter().any(|t| l["location"].as_str().unwrap().ends_with(t))));
    let (count, sum) = listings.iter().fold((0, 0.0), |(c, s), l| {
        let n = l["rating"]["count"].as_i64().unwrap();
        (c + n, s + l["rating"]["average"].as_f64().unwrap_or(0.0) * n as f64)
    });
    assert_eq!(p["rating"]["count"].as_i64(), Some(count));
    assert!((p["rating"]["average"].as_f64().unwrap() - sum / count as f64).abs() < 0.06);
    assert_eq!(p["hours"].as_object().unwrap().len(), 7, "every day of the week");
    // Never an e-mail address or the account's phone.
    let text = page.text();
    assert!(!text.contains("wanjiru@demo.mtaani.co.ke") && !text.contains("email"), "{text}");

    assert_eq!(product.get("/api/providers/no-such-provider").await.status, StatusCode::NOT_FOUND);

    // A listing's page names its provider and says when they work.
    let listing = listings[0]["_id"].as_str().unwrap();
    let of_listing = product.get(&format!("/api/service/{listing}/provider")).await;
    assert_eq!(of_listing.status, StatusCode::OK);
    let o = of_listing.json();
    assert_eq!((o["id"].as_str(), o["name"].as_str()), (Some(wanjiru), Some("Wanjiru Kamau")));
    assert_eq!(o["hours"], p["hours"], "the week the provider's page shows");
    assert!(o["daysOff"].is_array());
    let text = of_listing.text();
    assert!(!text.contains("wanjiru@demo.mtaani.co.ke") && !text.contains("email"), "{text}");
    assert_eq!(product.get("/api/service/no-such-listing/provider").await.status, StatusCode::NOT_FOUND);

    // A provider with nothing shown (a lapsed package, a suspension) has no page.
    let mut catalog =
        cat::catalog_service_client::CatalogServiceClient::connect(product.services.catalog.url()).await.unwrap();
    let hide = cat::SetSellerVisibilityRequest { seller_id: wanjiru.into(), visible: false, featured: false };
    catalog.set_seller_visibility(hide).await.unwrap();
    let gone = product.get(&format!("/api/providers/{wanjiru}")).await;
    assert_eq!((gone.status, gone.json()["message"].as_str()), (StatusCode::NOT_FOUND, Some("Provider not found")));
    assert_eq!(product.get(&format!("/api/service/{listing}/provider")).await.status, StatusCode::NOT_FOUND);
    product.stop().await;
}
