//! catalog-svc through its real gRPC interface, on SQLite and on PostgreSQL: the demo marketplace,
//! the filtered and paged lists, one listing by id, photos, seller visibility, health.

use std::time::Duration;

use mtaani_proto::catalog::v1::{self as pb, catalog_service_client::CatalogServiceClient};
use mtaani_runtime::testing::{TestDb, eventually};
use tonic::{Code, transport::Channel};

use crate::support::{listening, start};

fn page(limit: i32, offset: i32) -> Option<pb::Page> {
    Some(pb::Page { limit, offset })
}

async fn list(client: &mut CatalogServiceClient<Channel>, r: pb::ListListingsRequest) -> pb::ListListingsResponse {
    client.list_listings(r).await.expect("list").into_inner()
}

/// A 1×1 PNG, as a phone's photo would come.
const PHOTO: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/// Njeri Mwangi, a demo seller on the Standard package.
fn njeri() -> pb::Seller {
    pb::Seller {
        user_id: mtaani_proto::demo::SELLERS[2].id.into(),
        package_id: "standard".into(),
        package_name: "Standard".into(),
        photo_uploads: 3,
        featured: false,
        user_name: mtaani_proto::demo::SELLERS[2].name.into(),
    }
}

/// Her listing as the spec's payload has it, with one photo.
fn braids() -> pb::ListingInput {
    pb::ListingInput {
        name: "Knotless Braids by Njeri".into(),
        min_price: 1500,
        max_price: 4500,
        location: "Section 58, Nakuru".into(),
        phone_number: "0733 345 603".into(),
        category: "hair".into(),
        subcategory: "braiding".into(),
        description: "Neat knotless braids that last, gentle on your edges.".into(),
        images: vec![pb::PhotoUpload { data_url: PHOTO.into(), file_name: "braids.png".into() }],
        ..Default::default()
    }
}

#[tokio::test]
async fn catalog_on_both_backends() {
    for db in TestDb::both("catalog") {
        let (server, mut client) = start(&db).await;
        eprintln!("catalog on {}", db.name);

        // The demo marketplace: at least 36 listings, every one with a photo, featured first.
        let all = list(&mut client, pb::ListListingsRequest { page: page(100, 0), ..Default::default() }).await;
        assert!(all.total >= 36, "{}: {} listings", db.name, all.total);
        assert_eq!(all.listings.len() as i64, all.total);
        assert!(all.listings.iter().all(|l| !l.media.is_empty() && l.media[0].thumbnail_url.starts_with("/media/")));
        // The demo photos are gallery-sized: each has its phone-size copy too.
        assert!(all.listings.iter().flat_map(|l| &l.media).all(|m| m.medium_url.ends_with("-720.webp")));
        // And the data saver's (SEED_DEMO makes them as an upload does), with the photo's colour.
        assert!(
            all.listings
                .iter()
                .flat_map(|l| &l.media)
                .all(|m| m.small_url.ends_with("-320.webp") && m.color.len() == 7 && m.color.starts_with('#'))
        );
        let first_plain = all.listings.iter().position(|l| !l.featured).unwrap();
        assert!(all.listings[first_plain..].iter().all(|l| !l.featured), "featured listings come first");

        // Paging is bounded: the default page is 48 and no page is larger than 100.
        let default_page = list(&mut client, pb::ListListingsRequest::default()).await;
        assert_eq!(default_page.listings.len(), all.listings.len().min(48));
        let second = list(&mut client, pb::ListListingsRequest { page: page(10, 10), ..Default::default() }).await;
        assert_eq!(second.listings[0].id, all.listings[10].id);

        // Category, subcategory and a case-insensitive location.
        let beauty =
            list(&mut client, pb::ListListingsRequest { category: "beauty".into(), ..Default::default() }).await;
        assert!(!beauty.listings.is_empty() && beauty.listings.iter().all(|l| l.category == "beauty"));
        let braiding = list(
            &mut client,
            pb::ListListingsRequest { category: "hair".into(), subcategory: "braiding".into(), ..Default::default() },
        )
        .await;
        assert!(!braiding.listings.is_empty() && braiding.listings.iter().all(|l| l.subcategory == "braiding"));
        let nakuru =
            list(&mut client, pb::ListListingsRequest { location: "NAKURU".into(), ..Default::default() }).await;
        assert!(!nakuru.listings.is_empty() && nakuru.listings.iter().all(|l| l.location.contains("Nakuru")));
        let odd = list(&mut client, pb::ListListingsRequest { location: "%_'\\".into(), ..Default::default() }).await;
        assert_eq!(odd.total, 0, "LIKE wildcards in a location are plain characters");

        // Search: blank and hostile queries never fail.
        let found = client
            .search_listings(pb::SearchListingsRequest { query: "bridal makeup".into(), ..Default::default() })
            .await
            .unwrap()
            .into_inner();
        assert!(found.listings.iter().any(|l| l.category == "bridal" && l.subcategory == "makeup"));
        for q in ["", "   ", "'; DROP TABLE listings; --", "%%%", "💅🏾 \u{202e}"] {
            client.search_listings(pb::SearchListingsRequest { query: q.into(), ..Default::default() }).await.expect(q);
        }

        // One listing by id; an unknown id is NOT_FOUND with the spec's text.
        let one =
            client.get_listing(pb::GetListingRequest { id: all.listings[3].id.clone() }).await.unwrap().into_inner();
        assert_eq!(one.name, all.listings[3].name);
        let missing = client.get_listing(pb::GetListingRequest { id: "no-such-id".into() }).await.unwrap_err();
        assert_eq!((missing.code(), missing.message()), (Code::NotFound, "Service not found"));

        // Photos: the stored WebP bytes, and nothing outside the media folder.
        let key = one.media[0].thumbnail_url.trim_start_matches("/media/").to_owned();
        let photo = client.get_media(pb::GetMediaRequest { key }).await.unwrap().into_inner();
        assert_eq!(photo.content_type, "image/webp");
        assert_eq!(&photo.data[8..12], b"WEBP");
        assert!(photo.data.len() <= 30 * 1024, "card photo {} bytes", photo.data.len());
        let escape = client.get_media(pb::GetMediaRequest { key: "../catalog.db".into() }).await.unwrap_err();
        assert_eq!(escape.code(), Code::NotFound);

        // A seller whose subscription lapsed disappears from lists and detail, and comes back.
        let seller = one.seller_id.clone();
        let hidden = client
            .set_seller_visibility(pb::SetSellerVisibilityRequest {
                seller_id: seller.clone(),
                visible: false,
                featured: false,
            })
            .await
            .unwrap()
            .into_inner();
        assert!(hidden.updated >= 1);
        let after = list(&mut client, pb::ListListingsRequest { page: page(100, 0), ..Default::default() }).await;
        assert_eq!(after.total, all.total - hidden.updated);
        assert!(after.listings.iter().all(|l| l.seller_id != seller));
        assert_eq!(
            client.get_listing(pb::GetListingRequest { id: one.id.clone() }).await.unwrap_err().code(),
            Code::NotFound
        );
        let own = client
            .list_seller_listings(pb::ListSellerListingsRequest { seller_id: seller.clone(), page: None })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(own.total, hidden.updated, "sellers still see their hidden listings");
        client
            .set_seller_visibility(pb::SetSellerVisibilityRequest {
                seller_id: seller,
                visible: true,
                featured: one.featured,
            })
            .await
            .unwrap();
        assert_eq!(
            list(&mut client, pb::ListListingsRequest { page: page(100, 0), ..Default::default() }).await.total,
            all.total
        );

        // Health reports SERVING for the catalog service.
        assert_eq!(
            mtaani_runtime::testing::health_status(&server.url(), "catalog.v1.CatalogService").await,
            mtaani_runtime::testing::SERVING
        );

        server.stop().await;
        db.cleanup().await;
    }
}

#[tokio::test]
async fn restarting_keeps_data_and_does_not_seed_twice() {
    for db in TestDb::both("catalog") {
        let (server, mut client) = start(&db).await;
        let before = list(&mut client, pb::ListListingsRequest::default()).await.total;
        server.stop().await;
        let (server, mut client) = start(&db).await;
        assert_eq!(list(&mut client, pb::ListListingsRequest::default()).await.total, before, "{}", db.name);
        server.stop().await;
        db.cleanup().await;
    }
}

/// Two replicas on one PostgreSQL schema: what one caches, the other's write makes it drop at once
/// (LISTEN/NOTIFY), well before the search index's periodic check would notice.
#[tokio::test]
async fn a_replica_drops_its_cached_answers_when_another_writes() {
    let db = TestDb::postgres("catalog");
    let (a, mut to_a) = start(&db).await;
    let (b, mut to_b) = start(&db).await;
    let all = list(&mut to_b, pb::ListListingsRequest::default()).await;
    let listing = all.listings[0].clone();
    let get = pb::GetListingRequest { id: listing.id.clone() };
    for _ in 0..2 {
        assert_eq!(to_b.get_listing(get.clone()).await.unwrap().into_inner().id, listing.id, "read, then cached");
        assert!(list(&mut to_b, pb::ListListingsRequest::default()).await.listings.iter().any(|l| l.id == listing.id));
    }
    listening(&db, 2).await;

    let hide = pb::SetSellerVisibilityRequest { seller_id: listing.seller_id.clone(), visible: false, featured: false };
    to_a.set_seller_visibility(hide).await.unwrap();
    eventually("replica B no longer serving the hidden listing", Duration::from_millis(1500), async || {
        let mut to_b = to_b.clone();
        let detail = to_b.get_listing(get.clone()).await;
        let listed = list(&mut to_b, pb::ListListingsRequest::default()).await;
        detail.is_err_and(|s| s.code() == Code::NotFound) && !listed.listings.iter().any(|l| l.id == listing.id)
    })
    .await;
    a.stop().await;
    b.stop().await;
    db.cleanup().await;
}

/// A catalog-svc process of its own (the binary, as deployed), on a port chosen free at start; killed
/// when dropped.
struct Process {
    child: tokio::process::Child,
    port: u16,
}

impl Process {
    async fn start(db: &TestDb) -> (Self, CatalogServiceClient<Channel>) {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_catalog-svc"))
            .env("CATALOG_LISTEN", format!("127.0.0.1:{port}"))
            .env("DATABASE_URL", db.config.url.as_deref().expect("PostgreSQL"))
            .env("DATABASE_SCHEMA", &db.config.schema)
            .env("DATA_DIR", &db.data_dir)
            .env("MEDIA_DIR", db.data_dir.join("media"))
            .env("SEED_DEMO", "false")
            .env("LINK_PREVIEWS", "false")
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("catalog-svc starts");
        let client = eventually("catalog-svc answering", Duration::from_secs(60), async || {
            // What answers is the process started here: it is still running, on the port it was given.
            assert!(child.try_wait().unwrap().is_none(), "catalog-svc exited at start");
            CatalogServiceClient::connect(format!("http://127.0.0.1:{port}")).await
        })
        .await;
        (Self { child, port }, client)
    }

    /// Stops it, and checks that nothing answers on its port any more.
    async fn stop(mut self) {
        self.child.kill().await.unwrap();
        assert!(CatalogServiceClient::connect(format!("http://127.0.0.1:{}", self.port)).await.is_err());
    }
}

/// Two catalog-svc processes on one PostgreSQL schema: each keeps its search index in
/// memory, rebuilt from the database and kept current by the change stream. A listing posted
/// through one is found by the other's search within a second, and once hidden through one it is
/// gone from the other's search (and its lists from a place) within a second.
#[tokio::test]
async fn a_listing_posted_or_hidden_through_one_process_is_searched_so_in_the_other_within_a_second() {
    let db = TestDb::postgres("catalog");
    let (a, mut to_a) = Process::start(&db).await;
    let (b, mut to_b) = Process::start(&db).await;
    let search = |query: &str| pb::SearchListingsRequest { query: query.into(), ..Default::default() };
    let found = |answer: pb::ListListingsResponse| answer.listings.into_iter().map(|l| l.id).collect::<Vec<_>>();
    assert!(found(to_b.search_listings(search("zebrastripe")).await.unwrap().into_inner()).is_empty());
    listening(&db, 2).await;

    let input = pb::ListingInput { name: "Zebrastripe Knotless Braids".into(), ..braids() };
    let request =
        pb::CreateListingRequest { seller: Some(njeri()), input: Some(input), idempotency_key: String::new() };
    let posted = to_a.create_listing(request).await.unwrap().into_inner();
    let t = std::time::Instant::now();
    eventually("B's search finding what A posted", Duration::from_secs(1), async || {
        found(to_b.clone().search_listings(search("zebrastripe")).await.unwrap().into_inner()).contains(&posted.id)
    })
    .await;
    let posted_after = t.elapsed();
    // Found by its place too ("Section 58, Nakuru"), from B.
    assert!(found(to_b.search_listings(search("braids nakuru")).await.unwrap().into_inner()).contains(&posted.id));

    let hide = pb::SetSellerVisibilityRequest { seller_id: njeri().user_id, visible: false, featured: false };
    to_a.set_seller_visibility(hide).await.unwrap();
    let t = std::time::Instant::now();
    eventually("B no longer finding what A hid", Duration::from_secs(1), async || {
        let mut to_b = to_b.clone();
        let searched = found(to_b.search_listings(search("zebrastripe")).await.unwrap().into_inner());
        let nearby = pb::ListListingsRequest {
            origin: Some(pb::Origin { lat: -0.2833, lng: 36.0667, ..Default::default() }),
            sort: "distance".into(),
            ..Default::default()
        };
        let listed = found(to_b.list_listings(nearby).await.unwrap().into_inner());
        !searched.contains(&posted.id) && !listed.contains(&posted.id)
    })
    .await;
    eprintln!("posted: found by the other process after {posted_after:?}; hidden: gone after {:?}", t.elapsed());
    a.stop().await;
    b.stop().await;
    db.cleanup().await;
}

/// A provider's directions (how to find them once in the area): stored trimmed when a listing is
/// posted, changed and removed by an edit, and refused over 300 characters with the field's message.
#[tokio::test]
async fn a_listing_keeps_its_directions_on_both_backends() {
    for db in TestDb::both("catalog") {
        let (server, mut client) = start(&db).await;
        let seller = njeri();
        let input = pb::ListingInput {
            duration_minutes: 120,
            directions: Some("  Upstairs above Naivas, 2nd floor, blue door \n".into()),
            ..braids()
        };
        let create = |input: pb::ListingInput| pb::CreateListingRequest {
            seller: Some(seller.clone()),
            input: Some(input),
            idempotency_key: String::new(),
        };
        let posted = client.create_listing(create(input.clone())).await.unwrap().into_inner();
        assert_eq!(posted.directions, "Upstairs above Naivas, 2nd floor, blue door", "{}", db.name);
        let read = client.get_listing(pb::GetListingRequest { id: posted.id.clone() }).await.unwrap().into_inner();
        assert_eq!(read.directions, posted.directions, "{}: stored", db.name);
        let braids = list(
            &mut client,
            pb::ListListingsRequest { category: "hair".into(), page: page(100, 0), ..Default::default() },
        )
        .await;
        let listed = braids.listings.iter().find(|l| l.id == posted.id).expect("listed");
        assert_eq!(listed.directions, posted.directions, "{}: lists carry them too", db.name);

        // 300 characters (not bytes: "é" is two) pass; 301 are refused, on posting and editing alike.
        let most = "é".repeat(300);
        let edit = |directions: Option<String>| pb::UpdateListingRequest {
            id: posted.id.clone(),
            seller: Some(seller.clone()),
            input: Some(pb::ListingInput {
                images: vec![],
                keep_media: vec![posted.media[0].url.clone()],
                directions,
                ..input.clone()
            }),
        };
        let edited = client.update_listing(edit(Some(most.clone()))).await.unwrap().into_inner();
        assert_eq!(edited.directions, most, "{}", db.name);
        for refused in [
            client.update_listing(edit(Some("a".repeat(301)))).await.unwrap_err(),
            client
                .create_listing(create(pb::ListingInput { directions: Some("é".repeat(301)), ..input.clone() }))
                .await
                .unwrap_err(),
        ] {
            assert_eq!(refused.code(), Code::InvalidArgument, "{}", db.name);
            assert_eq!(
                mtaani_proto::status::field_errors(&refused),
                [("directions".to_owned(), "Directions must be at most 300 characters".to_owned())]
            );
        }
        let kept = client.get_listing(pb::GetListingRequest { id: posted.id.clone() }).await.unwrap().into_inner();
        assert_eq!(kept.directions, most, "{}: a refused edit changes nothing", db.name);

        // Left out of an edit (an app from before directions), they stay; left empty, they go.
        assert_eq!(client.update_listing(edit(None)).await.unwrap().into_inner().directions, most, "{}", db.name);
        assert_eq!(client.update_listing(edit(Some(" ".into()))).await.unwrap().into_inner().directions, "");

        server.stop().await;
        db.cleanup().await;
    }
}

/// A listing's place: picked by the seller, or read from the location text where it names
/// one place; kept by an edit that leaves it and the location alone; refused when it is no ward or
/// estate. Listings from before places are placed when catalog-svc starts, and the place's names
/// are searched with the listing's location.
#[tokio::test]
async fn a_listing_has_a_place_on_both_backends() {
    for db in TestDb::both("catalog") {
        let (server, mut client) = start(&db).await;
        let all = list(&mut client, pb::ListListingsRequest { page: page(100, 0), ..Default::default() }).await;
        assert!(all.listings.iter().all(|l| !l.place_id.is_empty()), "{}: every demo listing has a place", db.name);

        let seller = njeri();
        let input = braids();
        let create = |input: pb::ListingInput| pb::CreateListingRequest {
            seller: Some(seller.clone()),
            input: Some(input),
            idempotency_key: String::new(),
        };
        // The spec's payload (no place): read from the text.
        let by_text = client.create_listing(create(input.clone())).await.unwrap().into_inner();
        assert_eq!((by_text.place_id.as_str(), by_text.serves_radius_km), ("nakuru~section-58", 0), "{}", db.name);
        // Picked, with the distance the provider travels; the text need not name it.
        let picked = pb::ListingInput {
            location: "Off James Gichuru Road, Nairobi".into(),
            place_id: Some("nairobi~lavington".into()),
            serves_radius_km: Some(10),
            ..input.clone()
        };
        let lavington = client.create_listing(create(picked.clone())).await.unwrap().into_inner();
        assert_eq!((lavington.place_id.as_str(), lavington.serves_radius_km), ("nairobi~lavington", 10));
        let read = client.get_listing(pb::GetListingRequest { id: lavington.id.clone() }).await.unwrap().into_inner();
        assert_eq!((read.place_id.as_str(), read.serves_radius_km), ("nairobi~lavington", 10), "{}: stored", db.name);
        // Found by its place's name and sub-county, which its text does not have.
        for words in ["lavington", "dagoretti north", "braids lavington"] {
            let found = client
                .search_listings(pb::SearchListingsRequest {
                    query: words.into(),
                    page: page(100, 0),
                    ..Default::default()
                })
                .await
                .unwrap()
                .into_inner();
            assert!(found.listings.iter().any(|l| l.id == lavington.id), "{}: {words}", db.name);
        }

        let edit = |input: pb::ListingInput| pb::UpdateListingRequest {
            id: lavington.id.clone(),
            seller: Some(seller.clone()),
            input: Some(pb::ListingInput { images: vec![], keep_media: vec![lavington.media[0].url.clone()], ..input }),
        };
        // Left out with the same location (an app from before places): kept, and so is the distance.
        let kept = pb::ListingInput { place_id: None, serves_radius_km: None, ..picked.clone() };
        let same = client.update_listing(edit(kept.clone())).await.unwrap().into_inner();
        assert_eq!((same.place_id.as_str(), same.serves_radius_km), ("nairobi~lavington", 10), "{}", db.name);
        // Left out with a new location: read from the new text.
        let moved = pb::ListingInput { location: "Kilimani, Nairobi".into(), ..kept.clone() };
        let moved = client.update_listing(edit(moved)).await.unwrap().into_inner();
        assert_eq!(moved.place_id, "nairobi.dagoretti-north.kilimani", "{}", db.name);
        // "" reads the text too; a text naming no one place leaves none.
        let none = pb::ListingInput { location: "Westlands, Nairobi".into(), place_id: Some(String::new()), ..kept };
        assert_eq!(client.update_listing(edit(none)).await.unwrap().into_inner().place_id, "", "{}", db.name);
        // Not a ward or an estate, or not a place at all; a distance out of range.
        for (bad, field, message) in [
            (
                pb::ListingInput { place_id: Some("nairobi".into()), ..picked.clone() },
                "placeId",
                "Please choose a place from the list",
            ),
            (
                pb::ListingInput { place_id: Some("nairobi~atlantis".into()), ..picked.clone() },
                "placeId",
                "Please choose a place from the list",
            ),
            (
                pb::ListingInput { serves_radius_km: Some(51), ..picked.clone() },
                "servesRadiusKm",
                "Please choose one of the distances offered",
            ),
        ] {
            for refused in [
                client.create_listing(create(bad.clone())).await.unwrap_err(),
                client.update_listing(edit(bad)).await.unwrap_err(),
            ] {
                assert_eq!(refused.code(), Code::InvalidArgument, "{}", db.name);
                assert_eq!(mtaani_proto::status::field_errors(&refused), [(field.to_owned(), message.to_owned())]);
            }
        }
        server.stop().await;

        // Listings from before places (place_id NULL) are placed by their text when catalog-svc starts.
        let pool = mtaani_runtime::db::connect(&db.config, &catalog_svc::MIGRATOR).await.unwrap().pool;
        sqlx::query("UPDATE listings SET place_id = NULL, location = 'Kondele, Kisumu' WHERE id = $1")
            .bind(by_text.id.clone())
            .execute(&pool)
            .await
            .unwrap();
        sqlx::query("UPDATE listings SET place_id = NULL WHERE id <> $1")
            .bind(by_text.id.clone())
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
        let (server, mut client) = start(&db).await;
        let get = |id: String| pb::GetListingRequest { id };
        let placed = client.get_listing(get(by_text.id.clone())).await.unwrap().into_inner();
        assert_eq!(placed.place_id, "kisumu.kisumu-central.kondele", "{}: placed at start", db.name);
        let demo = list(&mut client, pb::ListListingsRequest { page: page(100, 0), ..Default::default() }).await;
        let unplaced: Vec<&str> = demo
            .listings
            .iter()
            .filter(|l| l.place_id.is_empty() && l.id != lavington.id)
            .map(|l| l.location.as_str())
            .collect();
        assert!(unplaced.is_empty(), "{}: every demo location names its place: {unplaced:?}", db.name);
        // Westlands names no ward or estate: it stays without one, and is not read again.
        assert_eq!(client.get_listing(get(lavington.id.clone())).await.unwrap().into_inner().place_id, "");
        let pool = mtaani_runtime::db::connect(&db.config, &catalog_svc::MIGRATOR).await.unwrap().pool;
        let left: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM listings WHERE place_id IS NULL").fetch_one(&pool).await.unwrap();
        assert_eq!(left, 0, "{}", db.name);
        pool.close().await;
        server.stop().await;
        db.cleanup().await;
    }
}

fn option(id: &str, name: &str, price_ksh: i64, duration_minutes: i32) -> pb::ListingOption {
    pb::ListingOption { id: id.into(), name: name.into(), price_ksh, duration_minutes }
}

/// A listing's service menu: stored in order with ids, priced from its cheapest to its
/// dearest service, carried by every answer, searched by its services' names; an edit keeps the ids
/// of the options it keeps, keeps the whole menu when it sends none and drops it when it sends an
/// empty one; a broken rule is named by the option's place.
#[tokio::test]
async fn a_listing_has_a_service_menu_on_both_backends() {
    for db in TestDb::both("catalog") {
        let (server, mut client) = start(&db).await;
        let all = list(&mut client, pb::ListListingsRequest { page: page(100, 0), ..Default::default() }).await;
        let menus = all.listings.iter().filter(|l| !l.options.is_empty()).count();
        assert!(menus * 3 >= all.listings.len(), "{}: {menus} of {} demo listings have a menu", db.name, all.total);

        let seller = njeri();
        let create = |input: pb::ListingInput| pb::CreateListingRequest {
            seller: Some(seller.clone()),
            input: Some(input),
            idempotency_key: String::new(),
        };
        let menu = |options: Vec<pb::ListingOption>| Some(pb::ListingMenu { options });
        // The prices sent are not asked for: the menu gives them.
        let input = pb::ListingInput {
            name: "Zuri Braids Studio".into(),
            min_price: 0,
            max_price: 0,
            menu: menu(vec![
                option("", "Wash and blow-dry", 500, 30),
                option("forged-id", " Knotless, shoulder length ", 2500, 180),
                option("", "Knotless, waist length", 6000, 360),
            ]),
            ..braids()
        };
        let posted = client.create_listing(create(input.clone())).await.unwrap().into_inner();
        let names: Vec<&str> = posted.options.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["Wash and blow-dry", "Knotless, shoulder length", "Knotless, waist length"], "{}", db.name);
        assert_eq!((posted.min_price, posted.max_price), (500, 6000), "{}", db.name);
        assert_eq!(
            posted.options.iter().map(|o| (o.price_ksh, o.duration_minutes)).collect::<Vec<_>>(),
            [(500, 30), (2500, 180), (6000, 360)]
        );
        let ids: Vec<String> = posted.options.iter().map(|o| o.id.clone()).collect();
        assert!(ids.iter().all(|id| id.len() == 36) && ids[1] != "forged-id", "{}: new ids {ids:?}", db.name);

        // Every answer carries it: the listing, its category's list, a search by a service's name.
        let read = client.get_listing(pb::GetListingRequest { id: posted.id.clone() }).await.unwrap().into_inner();
        assert_eq!(read.options, posted.options, "{}", db.name);
        let hair = list(
            &mut client,
            pb::ListListingsRequest { category: "hair".into(), page: page(100, 0), ..Default::default() },
        )
        .await;
        assert_eq!(hair.listings.iter().find(|l| l.id == posted.id).expect("listed").options, posted.options);
        let found = client
            .search_listings(pb::SearchListingsRequest { query: "blow-dry".into(), ..Default::default() })
            .await
            .unwrap()
            .into_inner();
        assert!(found.listings.iter().any(|l| l.id == posted.id), "{}: found by a service on its menu", db.name);

        let edit = |menu: Option<pb::ListingMenu>| pb::UpdateListingRequest {
            id: posted.id.clone(),
            seller: Some(seller.clone()),
            input: Some(pb::ListingInput {
                images: vec![],
                keep_media: vec![posted.media[0].url.clone()],
                menu,
                ..input.clone()
            }),
        };
        // Reordered, one renamed and repriced, one dropped, one new, one sending an id twice.
        let edited = client
            .update_listing(edit(menu(vec![
                option(&ids[2], "Knotless, waist length (bring your own hair)", 5500, 360),
                option(&ids[0], "Wash and blow-dry", 700, 30),
                option(&ids[0], "Cornrows", 1000, 120),
            ])))
            .await
            .unwrap()
            .into_inner();
        let kept: Vec<(&str, &str, i64)> =
            edited.options.iter().map(|o| (o.id.as_str(), o.name.as_str(), o.price_ksh)).collect();
        assert_eq!(
            &kept[..2],
            [
                (ids[2].as_str(), "Knotless, waist length (bring your own hair)", 5500),
                (ids[0].as_str(), "Wash and blow-dry", 700)
            ]
        );
        assert!(!ids.contains(&edited.options[2].id) && edited.options[2].name == "Cornrows", "{}: new", db.name);
        assert_eq!((edited.min_price, edited.max_price), (700, 5500), "{}", db.name);
        // No menu sent (an app from before menus): kept as it is, prices and all.
        let same = client.update_listing(edit(None)).await.unwrap().into_inner();
        assert_eq!((same.options, same.min_price, same.max_price), (edited.options.clone(), 700, 5500));
        // An empty one: priced as one service again, so the prices are asked for.
        let refused = client.update_listing(edit(menu(vec![]))).await.unwrap_err();
        assert_eq!(refused.message(), "Minimum price must be at least 100 Ksh", "{}", db.name);
        let mut plain = edit(menu(vec![]));
        plain.input.as_mut().unwrap().min_price = 1500;
        plain.input.as_mut().unwrap().max_price = 4500;
        let plain = client.update_listing(plain).await.unwrap().into_inner();
        assert_eq!((plain.options.len(), plain.min_price, plain.max_price), (0, 1500, 4500), "{}", db.name);

        // A broken rule names the option's place, on posting and editing alike, and changes nothing.
        let bad = menu(vec![option("", "Wash", 500, 30), option("", "Braids", 50, 45)]);
        for refused in [
            client.create_listing(create(pb::ListingInput { menu: bad.clone(), ..input.clone() })).await.unwrap_err(),
            client.update_listing(edit(bad.clone())).await.unwrap_err(),
        ] {
            assert_eq!(refused.code(), Code::InvalidArgument, "{}", db.name);
            assert_eq!(
                mtaani_proto::status::field_errors(&refused),
                [
                    ("options[1].priceKsh".to_owned(), "Each price must be 100 to 10,000,000 Ksh".to_owned()),
                    (
                        "options[1].durationMinutes".to_owned(),
                        "Each length must be 30 minutes to 10 hours, in steps of 30 minutes".to_owned()
                    ),
                ]
            );
        }
        let unchanged = client.get_listing(pb::GetListingRequest { id: posted.id.clone() }).await.unwrap().into_inner();
        assert!(unchanged.options.is_empty(), "{}", db.name);

        // Its seller deletes it, menu and all.
        client
            .delete_listing(pb::DeleteListingRequest {
                id: edited.id.clone(),
                seller_id: seller.user_id.clone(),
                ..Default::default()
            })
            .await
            .unwrap();
        server.stop().await;
        db.cleanup().await;
    }
}

/// A team member's photo, on both backends: checked as a listing's photos are, stored as a
/// small square for its seller, confirmed by URL only for its own seller, served under /media/, and
/// deleted once no member shows it (at once when dropped; when merely not kept, once older than a
/// save in flight), and with the seller's account.
#[tokio::test]
async fn a_team_photo_lives_as_long_as_a_member_shows_it_on_both_backends() {
    for db in TestDb::both("catalog") {
        let (_server, mut c) = start(&db).await;
        let put = |seller: &str, photo: &str| pb::PutPortraitRequest { seller_id: seller.into(), photo: photo.into() };
        let url = c.put_portrait(put("salon-1", PHOTO)).await.unwrap().into_inner().url;
        assert!(url.starts_with("/media/team/") && url.ends_with("-192.webp"), "{}: {url}", db.name);
        let key = url.trim_start_matches("/media/").to_owned();
        let media = c.get_media(pb::GetMediaRequest { key: key.clone() }).await.unwrap().into_inner();
        assert_eq!((media.content_type.as_str(), &media.data[8..12]), ("image/webp", &b"WEBP"[..]), "{}", db.name);
        let back = image::load_from_memory(&media.data).unwrap();
        assert_eq!((back.width(), back.height()), (192, 192), "{}: a square", db.name);

        // Its URL is confirmed for its seller only; a listing's photo or another site's is refused.
        assert_eq!(c.put_portrait(put("salon-1", &url)).await.unwrap().into_inner().url, url);
        for photo in [url.as_str(), "/media/ab/x-1280.webp", "https://elsewhere.example/me.jpg"] {
            let refused = c.put_portrait(put("salon-2", photo)).await.unwrap_err();
            assert_eq!(refused.code(), Code::InvalidArgument, "{}: {photo}", db.name);
        }
        // A file that is no photo, or too large, says so on its field.
        let not = c.put_portrait(put("salon-1", "data:image/png;base64,aGVsbG8=")).await.unwrap_err();
        assert_eq!(not.message(), "The photo is not a supported image format.", "{}", db.name);
        let big = format!("data:image/jpeg;base64,{}", "A".repeat(7 * 1024 * 1024));
        let big = c.put_portrait(put("salon-1", &big)).await.unwrap_err();
        assert_eq!(big.message(), "The photo is larger than 5 MB.", "{}", db.name);

        // Not kept but just stored: a save may be in flight, so it stays; dropped, it goes.
        let keep = |keep: &[&str], drop: &[&str]| pb::KeepPortraitsRequest {
            seller_id: "salon-1".into(),
            keep: keep.iter().map(|s| (*s).to_owned()).collect(),
            drop: drop.iter().map(|s| (*s).to_owned()).collect(),
        };
        let second = c.put_portrait(put("salon-1", PHOTO)).await.unwrap().into_inner().url;
        assert_eq!(c.keep_portraits(keep(&[&second], &[])).await.unwrap().into_inner().removed, 0, "{}", db.name);
        assert!(db.data_dir.join("media").join(&key).is_file());
        assert_eq!(c.keep_portraits(keep(&[&second], &[&url])).await.unwrap().into_inner().removed, 1, "{}", db.name);
        assert!(!db.data_dir.join("media").join(&key).is_file(), "{}: the file is gone", db.name);
        let gone = c.get_media(pb::GetMediaRequest { key }).await.unwrap_err();
        assert_eq!(gone.code(), Code::NotFound, "{}", db.name);
        // Another seller's call never touches it; the seller's account closing does.
        c.keep_portraits(pb::KeepPortraitsRequest {
            seller_id: "salon-2".into(),
            keep: vec![],
            drop: vec![second.clone()],
        })
        .await
        .unwrap();
        let second_key = second.trim_start_matches("/media/").to_owned();
        assert!(db.data_dir.join("media").join(&second_key).is_file(), "{}", db.name);
        c.delete_seller_listings(pb::DeleteSellerListingsRequest { seller_id: "salon-1".into() }).await.unwrap();
        assert!(!db.data_dir.join("media").join(&second_key).is_file(), "{}: gone with the account", db.name);
        db.cleanup().await;
    }
}

/// From an origin, a list and a search answer each listing's real distance, and whether its
/// provider travels that far (`comes_to_you`); a radius keeps those who come to the visitor from
/// further; a search is in the order asked and refuses one it does not know. On both backends.
#[tokio::test]
async fn a_provider_who_travels_is_as_far_as_they_are_and_comes_to_you() {
    for db in TestDb::both("catalog") {
        let (server, mut client) = start(&db).await;
        let input = pb::ListingInput {
            name: "Zuriwaves Mobile Braids".into(),
            location: "Lavington, Nairobi".into(),
            place_id: Some("nairobi~lavington".into()),
            serves_radius_km: Some(10),
            ..braids()
        };
        let request =
            pb::CreateListingRequest { seller: Some(njeri()), input: Some(input), idempotency_key: String::new() };
        let posted = client.create_listing(request).await.unwrap().into_inner();
        let from = |place: &str, radius_km: f64| {
            let p = mtaani_proto::places::PLACES.get(place).unwrap();
            Some(pb::Origin { lat: p.lat, lng: p.lng, radius_km, ..Default::default() })
        };
        let braiders = |origin| pb::ListListingsRequest {
            subcategory: "braiding".into(),
            sort: "distance".into(),
            origin,
            page: page(100, 0),
            ..Default::default()
        };
        let ours = |found: &pb::ListListingsResponse| found.listings.iter().find(|l| l.id == posted.id).cloned();

        // From Kilimani, next door: about 2 km, not 0; she comes.
        let kilimani = list(&mut client, braiders(from("nairobi.dagoretti-north.kilimani", 0.0))).await;
        let zuri = ours(&kilimani).expect("listed from Kilimani");
        assert!(
            zuri.distance_km.is_some_and(|km| (0.5..10.0).contains(&km)) && zuri.comes_to_you,
            "{}: {zuri:?}",
            db.name
        );
        let km: Vec<f64> = kilimani.listings.iter().map(|l| l.distance_km.unwrap_or(f64::INFINITY)).collect();
        assert!(km.windows(2).all(|w| w[0] <= w[1]), "{}: nearest first {km:?}", db.name);
        assert!(kilimani.listings.iter().all(|l| !l.comes_to_you || l.serves_radius_km > 0), "{}", db.name);
        // Within 0.5 km: further than that, she stays, for she comes to the visitor.
        let close = list(&mut client, braiders(from("nairobi.dagoretti-north.kilimani", 0.5))).await;
        assert_eq!(
            ours(&close).map(|l| (l.distance_km, l.comes_to_you)),
            Some((zuri.distance_km, true)),
            "{}",
            db.name
        );
        assert!(close.listings.iter().all(|l| l.distance_km.is_some_and(|km| km <= 0.5) || l.comes_to_you));
        // From Kasarani, beyond the 10 km she travels: listed, but she does not come.
        let kasarani = list(&mut client, braiders(from("nairobi.kasarani.kasarani", 0.0))).await;
        let far = ours(&kasarani).expect("listed from Kasarani");
        assert!(far.distance_km.is_some_and(|km| km > 10.0) && !far.comes_to_you, "{}: {far:?}", db.name);
        // Without an origin: no distance, no one comes.
        let anywhere = list(&mut client, braiders(None)).await;
        assert!(ours(&anywhere).is_some_and(|l| l.distance_km.is_none() && !l.comes_to_you), "{}", db.name);

        // A search from there says the same, in the order asked.
        let search = |sort: &str| pb::SearchListingsRequest {
            query: "braids".into(),
            page: page(100, 0),
            origin: from("nairobi.dagoretti-north.kilimani", 0.0),
            sort: sort.into(),
        };
        let nearest = client.search_listings(search("distance")).await.unwrap().into_inner();
        let found = ours(&nearest).expect("found");
        assert_eq!((found.distance_km, found.comes_to_you), (zuri.distance_km, true), "{}", db.name);
        let cheapest = client.search_listings(search("price_asc")).await.unwrap().into_inner();
        assert_eq!(cheapest.total, nearest.total, "{}: the same listings", db.name);
        let refused = client.search_listings(search("closest")).await.unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument, "{}", db.name);
        server.stop().await;
        db.cleanup().await;
    }
}
