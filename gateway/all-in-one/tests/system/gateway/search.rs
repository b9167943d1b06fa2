//! Finding listings through the gateway, on SQLite and PostgreSQL with the demo marketplace: search
//! that reads what its words mean and where, a place's page, a listing's place, and near me.

use axum::http::StatusCode;
use mtaani_runtime::testing::TestDb;
use serde_json::{Value, json};

use crate::support::{Answer, DEMO_PASSWORD, PNG_1X1, Product, request};

/// Search that understands, through the gateway on SQLite and PostgreSQL with the demo
/// marketplace: the words people type find what they mean ("manicure", "kucha", "nywele"), a place
/// named is a filter ("braids kasarani"), and where nothing there matches, the nearest matches are
/// answered and `/api/services/search/scope` says so; its reading is the same in both languages.
#[tokio::test]
async fn a_search_finds_what_its_words_mean_where_they_say() {
    for make in [TestDb::sqlite, TestDb::postgres] {
        let product = Product::options().on(make).start().await;
        let found = |answer: Answer| answer.json().as_array().cloned().unwrap_or_default();
        let search = |q: &str| {
            let path = format!("/api/services/search?query={}", q.replace(' ', "%20"));
            let product = &product;
            async move { product.get(&path).await }
        };
        for (q, subcategory) in [
            ("manicure", "nails"),
            ("kucha", "nails"),
            ("pedicure", "nails"),
            ("msusi", "braiding"),
            ("masaji", "asmr-massage"),
        ] {
            let answer = found(search(q).await);
            assert_eq!(answer.first().map(|s| &s["subcategory"]), Some(&Value::from(subcategory)), "{q}: {answer:?}");
        }
        let hair = found(search("nywele").await);
        assert!(hair.len() >= 6 && hair.iter().take(6).all(|s| s["category"] == "hair" || s["subcategory"] == "hair"));

        // A place in the words: Kasarani's braider, and nothing outside Kasarani before her.
        let braids = found(search("braids kasarani").await);
        assert_eq!(braids[0]["name"], "Cornrows & Kids Braids", "{braids:?}");
        assert!(braids.iter().all(|s| s["place"]["subCounty"] == "Kasarani"), "{braids:?}");
        let scope = product.get("/api/services/search/scope?query=braids%20kasarani").await.json();
        assert_eq!(
            scope,
            json!({"place": {"id": "nairobi.kasarani", "name": "Kasarani", "ward": null,
                "subCounty": "Kasarani", "county": "Nairobi"}, "words": "braids", "nearby": false, "total": braids.len(),
                "wanted": {"kind": "hair/braiding", "words": "braids", "noneOfIt": false}})
        );
        // No massage in Nairobi: the nearest massages, nearest first, and the scope says so.
        let massage = found(search("massage nairobi").await);
        assert!(!massage.is_empty() && massage.iter().all(|s| s["subcategory"] == "asmr-massage"), "{massage:?}");
        let km = |s: &Value| s["distanceKm"].as_f64().unwrap_or(f64::INFINITY);
        assert!(massage.windows(2).all(|w| km(&w[0]) <= km(&w[1])));
        let scope = product.get("/api/services/search/scope?query=massage%20in%20Nairobi").await.json();
        assert_eq!(
            (&scope["place"]["id"], &scope["words"], &scope["nearby"]),
            (&"nairobi".into(), &"massage".into(), &true.into())
        );
        // Words that name no place: no place, not nearby; nothing found is still an answer.
        let scope = product.get("/api/services/search/scope?query=zzzz").await.json();
        assert_eq!(scope, json!({"place": null, "words": "zzzz", "nearby": false, "total": 0, "wanted": null}));
        // A barber (kinyozi): none is listed, so the nearest in meaning, ladies' haircuts, are answered,
        // and the scope says which kind the words named and that none of it is listed.
        let cuts = found(search("kinyozi").await);
        assert_eq!(cuts.first().map(|s| &s["subcategory"]), Some(&Value::from("ladies-haircut")), "{cuts:?}");
        let scope = product.get("/api/services/search/scope?query=Kinyozi").await.json();
        assert_eq!(scope["wanted"], json!({"kind": "barber", "words": "kinyozi", "noneOfIt": true}));
        // The head noun decides: a photographer for a wedding, not a wedding's makeup artist.
        let photographers = found(search("mpiga picha wa harusi").await);
        assert_eq!(
            photographers.first().map(|s| &s["category"]),
            Some(&Value::from("photography")),
            "{photographers:?}"
        );
        let refused = product.get("/api/services/search/scope?query=braids&placeId=atlantis").await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);

        // The search box's suggestions: from two letters, listings, categories and places.
        let suggested = product.get("/api/services/suggest?query=kuch").await.json();
        assert_eq!(suggested["categories"][0], json!({"category": "beauty", "subcategory": "nails"}));
        assert_eq!(suggested["listings"][0]["name"], "Gel & Acrylic Nail Studio", "{suggested}");
        assert_eq!(suggested["listings"][0]["place"], "Parklands");
        assert_eq!(suggested["places"], json!([]), "no place begins so (Ruchu is a typo away)");
        let suggested = product.get("/api/services/suggest?query=kasa").await.json();
        assert_eq!(suggested["places"][0]["id"], "nairobi.kasarani", "{suggested}");
        assert!(suggested["listings"].as_array().unwrap().iter().any(|l| l["name"] == "Cornrows & Kids Braids"));
        let suggested = product.get("/api/services/suggest?query=ma").await.json();
        assert!(
            !suggested["listings"].as_array().unwrap().is_empty()
                && suggested["listings"].as_array().unwrap().len() <= 5
        );
        let nothing = json!({"listings": [], "categories": [], "places": []});
        assert_eq!(product.get("/api/services/suggest?query=k").await.json(), nothing, "one letter");
        assert_eq!(product.get("/api/services/suggest").await.json(), nothing);
        product.stop().await;
    }
}

/// A place's page, on SQLite and PostgreSQL: `/api/places?name=` reads the name of
/// `/services/location/{name}` as one place, and `GET /api/services?location=` lists what lies in it
/// (a sub-county's listings whose text names only their ward) as well as what its text names.
#[tokio::test]
async fn a_place_s_page_lists_what_lies_in_it() {
    for make in [TestDb::sqlite, TestDb::postgres] {
        let product = Product::options().on(make).start().await;
        let list = |answer: Answer| answer.json().as_array().cloned().unwrap_or_default();
        let named = product.get("/api/places?name=Dagoretti%20North").await.json();
        assert_eq!(
            (named[0]["id"].clone(), named[0]["page"].clone()),
            ("nairobi.dagoretti-north".into(), "Dagoretti North".into())
        );
        let found = list(product.get("/api/services?location=Dagoretti%20North&limit=100").await);
        assert!(!found.is_empty(), "the demo has listings in Kilimani and Lavington");
        assert!(found.iter().all(|s| s["place"]["subCounty"] == "Dagoretti North"), "{found:?}");
        let kilimani = found.iter().find(|s| s["place"]["name"] == "Kilimani").expect("Kilimani's listings");
        assert!(!kilimani["location"].as_str().unwrap().contains("Dagoretti"), "found by its place, not its text");
        // The spec's filter holds: every listing whose text names Nairobi is on Nairobi's page.
        let all = list(product.get("/api/services?limit=100").await);
        let nairobi = list(product.get("/api/services?location=Nairobi&limit=100").await);
        let by_text = all.iter().filter(|s| s["location"].as_str().unwrap().to_lowercase().contains("nairobi")).count();
        assert!(nairobi.len() >= by_text && by_text > 0, "{} < {by_text}", nairobi.len());
        // From the visitor's area: distances, the nearest first.
        let near =
            list(product.get("/api/services?location=Dagoretti%20North&placeId=nairobi.kasarani.kasarani").await);
        let km: Vec<f64> = near.iter().map(|s| s["distanceKm"].as_f64().unwrap()).collect();
        assert!(km.len() == found.len().min(48) && km.windows(2).all(|w| w[0] <= w[1]), "{km:?}");
        // No place of that name: a location filter of that text matches the text alone.
        assert_eq!(product.get("/api/places?name=Township").await.json(), json!([]));
        product.stop().await;
    }
}

/// A listing's place through the API, on SQLite and PostgreSQL: picked (an estate, not a
/// ward) with the distance the provider travels, or read from the spec's payload's location text;
/// every listing answer carries `place` and `servesRadiusKm`; the place's names find it in a search;
/// what is no ward or estate is refused by field in the language asked for.
#[tokio::test]
async fn a_seller_places_a_listing_and_every_answer_carries_it() {
    for make in [TestDb::sqlite, TestDb::postgres] {
        let product = Product::options().on(make).start().await;
        let wanjiru = product.sign_in("wanjiru@demo.mtaani.co.ke", DEMO_PASSWORD).await;
        let listing = json!({"name": "Silk Press at Lavington", "images": [PNG_1X1], "minPrice": 2000,
            "maxPrice": 4500, "location": "Off James Gichuru Road", "phoneNumber": "0712 345 601", "category": "hair",
            "subcategory": "weaving", "description": "Silk press, trims and treatments in a quiet studio near the mall.",
            "placeId": "nairobi~lavington", "servesRadiusKm": 10});
        let created = product.call("POST", "/api/services", Some(&wanjiru), Some(listing.clone())).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
        let lavington = json!({"id": "nairobi~lavington", "name": "Lavington", "ward": null,
            "subCounty": "Dagoretti North", "county": "Nairobi"});
        assert_eq!((&created.json()["place"], &created.json()["servesRadiusKm"]), (&lavington, &json!(10)));
        let id = created.json()["_id"].as_str().unwrap().to_owned();
        assert_eq!(product.get(&format!("/api/service/{id}")).await.json()["place"], lavington);
        // Every listing answer carries both; the demo's listings are all in a ward or an estate.
        let all = product.get("/api/services?limit=100").await.json();
        for s in all.as_array().unwrap() {
            assert!(s["place"]["id"].is_string() && s["place"]["county"].is_string(), "{s}");
            assert!(s["servesRadiusKm"].as_i64().is_some_and(|km| (0..=50).contains(&km)), "{s}");
        }
        // Found by the estate's name and its sub-county, which the location text does not say.
        for query in ["lavington", "dagoretti"] {
            let found = product.get(&format!("/api/services/search?query={query}")).await.json();
            assert!(found.as_array().unwrap().iter().any(|s| s["_id"] == id.as_str()), "{query}");
        }
        // The spec's payload: the place is read from the location text ("" and left out alike).
        let mut spec = listing.clone();
        spec.as_object_mut().unwrap().remove("placeId");
        spec.as_object_mut().unwrap().remove("servesRadiusKm");
        spec["location"] = "Section 58, Nakuru".into();
        let read = product.call("POST", "/api/services", Some(&wanjiru), Some(spec)).await.json();
        assert_eq!(read["place"]["id"], "nakuru~section-58", "{read}");
        assert_eq!((&read["place"]["subCounty"], &read["servesRadiusKm"]), (&"Nakuru East".into(), &0.into()));
        // Refused by field, in both languages.
        for (field, value, english, kiswahili) in [
            (
                "placeId",
                json!("nairobi"),
                "Please choose a place from the list",
                "Tafadhali chagua mahali kutoka kwenye orodha",
            ),
            (
                "servesRadiusKm",
                json!(51),
                "Please choose one of the distances offered",
                "Tafadhali chagua mojawapo ya umbali uliotolewa",
            ),
            (
                "servesRadiusKm",
                json!(-1),
                "Please choose one of the distances offered",
                "Tafadhali chagua mojawapo ya umbali uliotolewa",
            ),
        ] {
            let mut bad = listing.clone();
            bad[field] = value;
            let refused = product.call("PUT", &format!("/api/service/{id}"), Some(&wanjiru), Some(bad.clone())).await;
            assert_eq!(refused.status, StatusCode::BAD_REQUEST);
            assert_eq!(refused.json()["errors"][field], english);
            let in_swahili = request("POST", "/api/services", Some("sw"), Some(&wanjiru), Some(bad));
            assert_eq!(product.send(in_swahili).await.json()["errors"][field], kiswahili);
        }
        product.stop().await;
    }
}

/// Near me through the API, on SQLite and PostgreSQL: from the phone's position or a place, every
/// list answers the nearest first by each listing's real distance; a provider who travels that far
/// says `comesToYou` and is as far as they are, never 0 km. A radius keeps the close ones and those
/// who come to the visitor; a county or sub-county as the place keeps the ones in it; the other
/// orders and the search keep the filters and the distances; what is not a place is refused by field.
#[tokio::test]
async fn near_me_answers_the_nearest_first_by_the_real_distance() {
    for make in [TestDb::sqlite, TestDb::postgres] {
        let product = Product::options().on(make).start().await;
        let kasarani = mtaani_proto::places::PLACES.get("nairobi.kasarani.kasarani").unwrap();
        let near = format!("{},{}", kasarani.lat, kasarani.lng);
        let listed = |answer: Answer| answer.json().as_array().cloned().unwrap_or_default();
        let km = |s: &Value| s["distanceKm"].as_f64().unwrap_or(f64::INFINITY);
        let serves = |s: &Value| s["servesRadiusKm"].as_f64().unwrap_or(0.0);
        let comes = |s: &Value| s["comesToYou"] == true;

        let all = listed(product.get(&format!("/api/services?near={near}&limit=100")).await);
        assert!(all.len() >= 36);
        assert!(all.windows(2).all(|w| km(&w[0]) <= km(&w[1])), "nearest first");
        // The braider in Kasarani ward comes first; only what is there is 0 km away.
        assert_eq!(all[0]["place"]["id"], "nairobi.kasarani.kasarani", "{}", all[0]);
        assert_eq!(all[0]["distanceKm"], 0.0);
        for s in &all {
            assert!(km(s) > 0.0 || s["place"]["ward"] == "Kasarani", "0 km only in Kasarani: {s}");
            assert_eq!(s["comesToYou"].is_boolean(), s["distanceKm"].is_number(), "{s}");
            // Who travels at least that far comes to the visitor (to the 100 m answered).
            if comes(s) {
                assert!(serves(s) > 0.0 && km(s) <= serves(s) + 0.05, "{s}");
            } else {
                assert!(serves(s) == 0.0 || km(s) >= serves(s) - 0.05, "{s}");
            }
        }
        // Sparkle Home Cleaning, in Tatu City, travels 15 km: she comes to Kasarani from about 12 km.
        let sparkle = all.iter().find(|s| s["name"] == "Sparkle Home Cleaning").expect("the demo's cleaner");
        assert!(comes(sparkle) && (5.0..15.0).contains(&km(sparkle)), "{sparkle}");
        let kisumu = all.iter().find(|s| s["place"]["county"] == "Kisumu").unwrap();
        assert!((250.0..300.0).contains(&km(kisumu)) && !comes(kisumu), "{kisumu}");
        // One decimal.
        assert!(all.iter().all(|s| (km(s) * 10.0 - (km(s) * 10.0).round()).abs() < 1e-9));

        // Within 5 km: the close ones, and those who come from further, with their real distance.
        let close = listed(product.get(&format!("/api/services?near={near}&radiusKm=5&limit=100")).await);
        assert!(!close.is_empty() && close.len() < all.len(), "{close:?}");
        assert!(close.iter().all(|s| km(s) <= 5.0 || comes(s)), "{close:?}");
        assert!(close.iter().any(|s| km(s) > 5.0 && comes(s)), "a provider who comes from further: {close:?}");
        let kept: Vec<&Value> = all.iter().filter(|s| km(s) <= 5.0 || comes(s)).collect();
        assert_eq!(close.len(), kept.len(), "{close:?}");
        // A sub-county as the place: the listings in it, nearest to its centre first.
        let area = listed(product.get("/api/services?placeId=nairobi.kasarani&limit=100").await);
        assert!(!area.is_empty() && area.iter().all(|s| s["place"]["subCounty"] == "Kasarani"), "{area:?}");
        // A category, a subcategory and a search from there keep their filters and answer distances.
        let hair = listed(product.get(&format!("/api/services/hair?near={near}")).await);
        assert!(!hair.is_empty() && hair.iter().all(|s| s["category"] == "hair" && s["distanceKm"].is_number()));
        let braids =
            listed(product.get("/api/subcategory?subcategory=/services/hair/braiding&placeId=nairobi~lavington").await);
        assert!(
            braids.windows(2).all(|w| km(&w[0]) <= km(&w[1])) && braids.iter().all(|s| s["subcategory"] == "braiding")
        );
        let found = listed(product.get(&format!("/api/services/search?query=braids&near={near}")).await);
        assert!(!found.is_empty() && found.iter().all(|s| s["distanceKm"].is_number()), "{found:?}");
        // Another order from a place: that order, still with distances.
        let cheapest = listed(product.get(&format!("/api/services?near={near}&sort=price_asc&limit=100")).await);
        assert!(cheapest.windows(2).all(|w| w[0]["minPrice"].as_i64() <= w[1]["minPrice"].as_i64()));
        assert!(cheapest.iter().all(|s| s["distanceKm"].is_number()));
        // Without a place: no distances, and no one comes to nobody.
        let anywhere = listed(product.get("/api/services?limit=5").await);
        assert!(anywhere.iter().all(|s| s.get("distanceKm").is_none() && s.get("comesToYou").is_none()));

        // Refused by field, in both languages.
        for (query, field, english) in [
            ("near=0,0", "near", "near must be a latitude and a longitude in Kenya, e.g. -1.28,36.82"),
            ("near=kasarani", "near", "near must be a latitude and a longitude in Kenya, e.g. -1.28,36.82"),
            ("placeId=atlantis", "placeId", "Please choose a place from the list"),
            ("placeId=nairobi&radiusKm=-1", "radiusKm", "radiusKm must be a number of km from 0 to 500"),
            ("placeId=nairobi&radiusKm=ten", "radiusKm", "radiusKm must be a number of km from 0 to 500"),
        ] {
            let refused = product.get(&format!("/api/services?{query}")).await;
            assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{query}");
            assert_eq!(refused.json()["errors"][field], english, "{query}");
        }
        let swahili = request("GET", "/api/services?placeId=atlantis", Some("sw"), None, None);
        let refused = product.send(swahili).await.json();
        assert_eq!(refused["errors"]["placeId"], "Tafadhali chagua mahali kutoka kwenye orodha");
        product.stop().await;
    }
}

/// A search's order through the API, on SQLite and PostgreSQL: the best match by default, from the
/// visitor's area too; nearest first, by rating or by price when asked; one origin, the place the
/// words name before the visitor's; an order it does not know refused by field.
#[tokio::test]
async fn a_search_is_in_the_order_asked_from_one_origin() {
    for make in [TestDb::sqlite, TestDb::postgres] {
        let product = Product::options().on(make).start().await;
        let kasarani = mtaani_proto::places::PLACES.get("nairobi.kasarani.kasarani").unwrap();
        let near = format!("{},{}", kasarani.lat, kasarani.lng);
        let listed = |answer: Answer| answer.json().as_array().cloned().unwrap_or_default();
        let ids = |found: &[Value]| found.iter().map(|s| s["_id"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
        let km = |s: &Value| s["distanceKm"].as_f64().unwrap_or(f64::INFINITY);
        let search = |q: &str, more: &str| {
            let path = format!("/api/services/search?query={}&limit=100{more}", q.replace(' ', "%20"));
            let product = &product;
            async move { listed(product.get(&path).await) }
        };

        // Every order sorts within the listings matching as many words: the makeup artists' order
        // holds among them.
        let artists =
            |found: Vec<Value>| found.into_iter().filter(|s| s["subcategory"] == "makeup").collect::<Vec<_>>();
        // From Kasarani, the best match is the default: the same order as asked for by name.
        let from = format!("&near={near}");
        let best = search("makeup", &from).await;
        assert!(best.len() >= 3, "{best:?}");
        assert_eq!(ids(&best), ids(&search("makeup", &format!("{from}&sort=recommended")).await));
        // Nearest first by the real distance; the same listings.
        let nearest = search("makeup", &format!("{from}&sort=distance")).await;
        let by_km = artists(nearest.clone());
        assert!(by_km.len() >= 3 && by_km.windows(2).all(|w| km(&w[0]) <= km(&w[1])), "{by_km:?}");
        let (mut a, mut b) = (ids(&best), ids(&nearest));
        a.sort();
        b.sort();
        assert_eq!(a, b);
        // By rating, by price.
        let rated = artists(search("makeup", &format!("{from}&sort=rating")).await);
        let average = |s: &Value| s["rating"]["average"].as_f64().unwrap_or(-1.0);
        assert!(rated.windows(2).all(|w| average(&w[0]) >= average(&w[1])), "{rated:?}");
        let cheapest = artists(search("makeup", "&sort=price_asc").await);
        assert!(cheapest.windows(2).all(|w| w[0]["minPrice"].as_i64() <= w[1]["minPrice"].as_i64()));
        let dearest = artists(search("makeup", "&sort=price_desc").await);
        assert!(dearest.windows(2).all(|w| w[0]["maxPrice"].as_i64() >= w[1]["maxPrice"].as_i64()));
        // Nearest first without any origin: the best match, without distances.
        let nowhere = search("makeup", "&sort=distance").await;
        assert_eq!(ids(&nowhere), ids(&search("makeup", "").await));
        assert!(nowhere.iter().all(|s| s.get("distanceKm").is_none()));

        // Words that name a place: distances from it, not from the visitor (Kilimani is ~13 km away).
        let kilimani = search("makeup kilimani", &format!("{from}&sort=distance")).await;
        assert!(!kilimani.is_empty() && kilimani.iter().all(|s| km(s) < 5.0), "{kilimani:?}");

        let refused = product.get("/api/services/search?query=makeup&sort=closest").await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            refused.json()["errors"]["sort"],
            "sort must be one of recommended, rating, price_asc, price_desc, newest, distance"
        );
        product.stop().await;
    }
}
