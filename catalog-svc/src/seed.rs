//! The demo marketplace loaded on first run when the catalog is empty: Kenyan providers across all
//! nine categories and the five towns, each listing with a generated photo (nothing is downloaded).
//!
//! The sellers' ids match the demo accounts accounts-svc creates, so signing in as one of them shows
//! their listings as their own.

use std::sync::atomic::{AtomicBool, Ordering};

use image::{Rgb, RgbImage};
use mtaani_proto::demo::SELLERS;
use mtaani_runtime::audit::{Actor, Event};

use crate::{
    error::Result,
    images,
    listing::ValidListing,
    media::MediaStore,
    store::listings::{self, NewListing},
};

/// (seller, name, min price, max price, location, category, subcategory, description)
type Demo = (usize, &'static str, i64, i64, &'static str, &'static str, &'static str, &'static str);

const LISTINGS: &[Demo] = &[
    (
        0,
        "Glam Bridal & Occasion Makeup",
        3500,
        15000,
        "Kilimani, Nairobi",
        "beauty",
        "makeup",
        "Flawless, long-wear makeup for weddings, ruracio, graduations and photo shoots. I bring a full kit suited to every Kenyan skin tone and travel to you.",
    ),
    (
        0,
        "Gel & Acrylic Nail Studio",
        1200,
        4500,
        "Parklands, Westlands, Nairobi",
        "beauty",
        "nails",
        "Gel polish, acrylic and builder-gel extensions, nail art and pedicures in a clean, relaxed studio. Sterilised tools and walk-ins welcome.",
    ),
    (
        2,
        "Lash Lift & Brow Lamination",
        1500,
        4000,
        "Milimani, Nakuru",
        "beauty",
        "eyebrows-lashes",
        "Natural-looking lash lifts, classic and volume extensions, brow shaping and lamination. Appointments on weekdays and Saturdays.",
    ),
    (
        0,
        "Microblading by Wanjiru",
        12000,
        25000,
        "Lavington, Nairobi",
        "beauty",
        "microblading",
        "Hair-stroke microblading and ombré powder brows with a free touch-up after six weeks. Consultation and patch test included.",
    ),
    (
        5,
        "Fine-Line Tattoo & Piercing",
        2000,
        12000,
        "CBD, Nairobi",
        "beauty",
        "tattoo-piercings",
        "Delicate fine-line tattoos and professional piercing with implant-grade titanium jewellery. Single-use needles, aftercare explained.",
    ),
    (
        2,
        "Smooth Skin Waxing Lounge",
        800,
        5000,
        "Membley, Ruiru, Kiambu",
        "beauty",
        "waxing",
        "Full body and Brazilian waxing with gentle hard wax for sensitive skin. Private rooms and a calm, professional touch.",
    ),
    (
        3,
        "Tranquil Touch ASMR Massage",
        2500,
        7000,
        "Milimani, Kisumu",
        "beauty",
        "asmr-massage",
        "Soothing ASMR-style head, neck and back massage to melt away stress. Aromatherapy oils and soft music, 60 or 90 minutes.",
    ),
    (
        0,
        "The Beauty Hub Westlands",
        1500,
        9000,
        "Highridge, Westlands, Nairobi",
        "beauty",
        "hub",
        "One stop for hair, nails, lashes and skin care. A friendly team of stylists and therapists under one roof, open seven days a week.",
    ),
    (
        1,
        "Knotless Braids by Achieng",
        2500,
        8000,
        "Kondele, Kisumu",
        "hair",
        "braiding",
        "Neat knotless braids, box braids, cornrows and Fulani styles that last. Braiding hair available on request; gentle on your edges.",
    ),
    (
        1,
        "Silk Press & Weave Bar",
        2000,
        6500,
        "Milimani, Kisumu",
        "hair",
        "weaving",
        "Sew-in weaves, closures and frontal installs with a natural finish. Free consultation on the best hair for your look.",
    ),
    (
        2,
        "Loc Studio Nakuru",
        1800,
        7000,
        "Section 58, Nakuru",
        "hair",
        "locs",
        "Starter locs, retwists, sisterlocks and loc styling. Healthy scalp care and products for every loc journey.",
    ),
    (
        1,
        "Wig Makeover Clinic",
        1500,
        6000,
        "CBD, Nairobi",
        "hair",
        "wig-makeovers",
        "Wig revamps, custom coloring, plucking, bleaching knots and installs. Bring your tired wig and leave with a brand new look.",
    ),
    (
        5,
        "Ladies Cut & Style",
        800,
        3000,
        "Section 9, Thika",
        "hair",
        "ladies-haircut",
        "Precision cuts for natural and relaxed hair, bobs, pixie cuts and trims. Wash and blow-dry included with every cut.",
    ),
    (
        1,
        "Complete Hair Care Lounge",
        1200,
        5000,
        "Buruburu, Nairobi",
        "hair",
        "complete-care",
        "Deep conditioning, steaming, scalp treatments and trims for strong, healthy natural hair. Personal hair-care plans.",
    ),
    (
        3,
        "Clear Skin Consultation Clinic",
        2000,
        6000,
        "Upper Hill, Nairobi",
        "health",
        "skin-consultation",
        "Personal skin consultations for acne, hyperpigmentation and sensitive skin, with a routine you can afford and keep.",
    ),
    (
        3,
        "Safe Space Counselling",
        2500,
        5000,
        "Kirigiti, Kiambu Town, Kiambu",
        "health",
        "mental-health",
        "Confidential counselling for stress, anxiety, grief and relationships with a licensed counsellor. In person or online.",
    ),
    (
        3,
        "Mama Care Maternal Services",
        1500,
        8000,
        "Shabab, Nakuru",
        "health",
        "maternal-care",
        "Antenatal classes, postnatal visits, breastfeeding support and baby care guidance from experienced midwives.",
    ),
    (
        3,
        "Her Health Reproductive Clinic",
        1000,
        6000,
        "Tom Mboya, Kisumu",
        "health",
        "reproductive-care",
        "Family planning advice, wellness check-ups and reproductive health consultations in a private, respectful clinic.",
    ),
    (
        4,
        "Iron Paradise Ladies Gym",
        2500,
        6000,
        "Ngoingwa, Thika",
        "fitness",
        "gym",
        "A women-friendly gym with modern equipment, group classes and trainers on the floor. Monthly and daily passes.",
    ),
    (
        4,
        "Fit With Kiprono Personal Training",
        1500,
        4500,
        "Kileleshwa, Nairobi",
        "fitness",
        "personal-trainers",
        "One-on-one training for weight loss, strength and toning, at the gym, the park or your home. Free first assessment.",
    ),
    (
        4,
        "Lishe Bora Nutrition Coaching",
        2000,
        5000,
        "Kamakis, Ruiru, Kiambu",
        "fitness",
        "nutritionist",
        "Meal plans built on local foods you love: ugali, sukuma and all. Weight management and healthy-eating coaching.",
    ),
    (
        2,
        "Kitenge Couture by Njeri",
        2500,
        12000,
        "CBD, Nairobi",
        "fashion",
        "african",
        "Made-to-measure kitenge and ankara dresses, shirts and two-piece sets. Bring your fabric or choose from our collection.",
    ),
    (
        2,
        "Maasai Beadwork & Shuka Wear",
        1500,
        9000,
        "Lanet, Nakuru",
        "fashion",
        "maasai-wear",
        "Handmade Maasai beaded jewellery, shukas and ceremonial wear crafted by women artisans from Narok and Kajiado.",
    ),
    (
        5,
        "Crochet Corner Kenya",
        1200,
        6500,
        "Ruaka, Kiambu",
        "fashion",
        "crotchet",
        "Hand-crocheted tops, dresses, bags and baby sets made to order in the colours you choose.",
    ),
    (
        2,
        "Style Me Personal Stylist",
        3000,
        10000,
        "Kilimani, Nairobi",
        "fashion",
        "personal-stylist",
        "Wardrobe audits, shopping trips and outfit planning for work, weddings and everyday life. Look your best on any budget.",
    ),
    (
        0,
        "Harusi Bridal Makeup",
        8000,
        35000,
        "Karen, Nairobi",
        "bridal",
        "makeup",
        "Bridal makeup for the bride and her party, with a trial session and on-location touch-ups throughout your big day.",
    ),
    (
        1,
        "Bridal Hair by Achieng",
        5000,
        20000,
        "Milimani, Kisumu",
        "bridal",
        "hair",
        "Elegant bridal updos, braided crowns and styling for the bride, maids and mothers of the couple.",
    ),
    (
        5,
        "Bridesmaids for Hire",
        3000,
        15000,
        "Landless, Thika",
        "bridal",
        "maids-for-hire",
        "Graceful, punctual bridesmaids and ushers for weddings, ruracio and traditional ceremonies, coordinated to your theme.",
    ),
    (
        0,
        "Gown Gallery Bridal Hire",
        15000,
        60000,
        "Kilimani, Nairobi",
        "bridal",
        "gowns-for-hire",
        "Designer wedding gowns and bridesmaid dresses for hire, fitted and altered to you. Book a private viewing.",
    ),
    (
        5,
        "Petals & Names Personalised Gifts",
        1000,
        7500,
        "Section 58, Nakuru",
        "flowers-gifts",
        "personalized",
        "Personalised gift hampers, engraved keepsakes and name bouquets for birthdays, graduations and anniversaries.",
    ),
    (
        5,
        "Custom Bouquet Studio",
        1500,
        12000,
        "South B, Nairobi",
        "flowers-gifts",
        "customized",
        "Fresh-flower bouquets, money bouquets and custom arrangements delivered the same day within Nairobi.",
    ),
    (
        5,
        "Sparkle Home Cleaning",
        2000,
        8000,
        "Tatu City, Ruiru, Kiambu",
        "home",
        "cleaning",
        "Deep cleaning for homes and apartments, move-in and move-out cleans, sofas and carpets. Vetted, trained cleaners.",
    ),
    (
        5,
        "Fresh Fold Laundry",
        500,
        3000,
        "Thika Town, Thika",
        "home",
        "laundry",
        "Wash, dry and fold with free pick-up and delivery in Thika. Ironing and duvet cleaning available.",
    ),
    (
        4,
        "Kiprono Event Photography",
        15000,
        80000,
        "CBD, Nairobi",
        "photography",
        "event",
        "Weddings, ruracio, birthdays and corporate events captured with care. Edited photos delivered within two weeks.",
    ),
    (
        4,
        "Golden Hour Lifestyle Shoots",
        5000,
        20000,
        "Milimani, Nakuru",
        "photography",
        "lifestyle",
        "Relaxed lifestyle and couples shoots around Nakuru and Lake Naivasha. Outfit changes and location scouting included.",
    ),
    (
        4,
        "Studio 254 Portraits",
        3000,
        12000,
        "Kondele, Kisumu",
        "photography",
        "portrait",
        "Professional portraits, headshots and family photos in our studio or outdoors. Retouched images within a week.",
    ),
    (
        0,
        "Soft Glam Makeup Express",
        2500,
        6000,
        "Mkomani, Nyali, Mombasa",
        "beauty",
        "makeup",
        "Quick soft-glam and natural makeup for events and dates, ready in under an hour. Lashes included.",
    ),
    (
        1,
        "Cornrows & Kids Braids",
        1000,
        4000,
        "Kasarani, Nairobi",
        "hair",
        "braiding",
        "Gentle cornrows and protective styles for girls and ladies, patient with little ones. Weekend slots available.",
    ),
    (
        3,
        "Glow Skin Therapy",
        2500,
        7500,
        "Kitengela, Kajiado",
        "health",
        "skin-consultation",
        "Skin analysis and facials for dull and uneven skin, with sunscreen advice for the Kenyan sun.",
    ),
    (
        4,
        "Bootcamp Karura Fitness",
        1000,
        3000,
        "Ruaka, Kiambu",
        "fitness",
        "personal-trainers",
        "Outdoor group bootcamps and running clubs on forest trails. All fitness levels, friendly coaches.",
    ),
    (
        2,
        "Ankara Tailoring Thika",
        1500,
        7000,
        "Thika Town, Thika",
        "fashion",
        "african",
        "Affordable ankara and kitenge tailoring for women and children, with quick alterations and repairs.",
    ),
    (
        0,
        "Bridal Glow Package Kisumu",
        10000,
        30000,
        "Milimani, Kisumu",
        "bridal",
        "makeup",
        "Bridal makeup with pre-wedding facials and a trial, for brides around Kisumu and the lakeside.",
    ),
    (
        5,
        "Fundi Mama Home Help",
        1500,
        5000,
        "Syokimau, Machakos",
        "home",
        "cleaning",
        "Reliable house help by the day: cleaning, ironing and kitchen organisation, with references you can check.",
    ),
    (
        4,
        "Newborn & Maternity Portraits",
        6000,
        18000,
        "Elgon View, Eldoret",
        "photography",
        "portrait",
        "Gentle newborn and maternity sessions with props, wraps and a warm studio. Safety first, always.",
    ),
    (
        5,
        "Gift Box Kenya",
        2000,
        15000,
        "CBD, Nairobi",
        "flowers-gifts",
        "customized",
        "Custom gift boxes for corporate clients, baby showers and Valentine's, packed and delivered across Kenya.",
    ),
];

/// The demo listings as the search index reads them (the judged query set, `relevance.rs`): their
/// text, place and travel as seeded, without reviews.
pub fn demo_documents() -> Vec<crate::search::Document> {
    LISTINGS
        .iter()
        .enumerate()
        .map(|(i, &(seller, name, min_price, max_price, location, category, subcategory, description))| {
            let (_, min_price, max_price) = demo_options(name, min_price, max_price);
            // As the index reads a stored listing: its menu's services after its description.
            let description: String =
                demo_menu(name).iter().fold(description.to_owned(), |text, o| format!("{text}. {}", o.0));
            crate::search::Document {
                id: format!("demo-{i:02}"),
                name: name.to_owned(),
                category: category.to_owned(),
                subcategory: subcategory.to_owned(),
                location: location.to_owned(),
                description,
                featured: SELLERS[seller].featured(),
                created_at: (LISTINGS.len() - i) as i64,
                min_price,
                max_price,
                place_id: demo_place(location).id.clone(),
                serves_radius_km: i64::from(demo_radius(name)),
                ..Default::default()
            }
        })
        .collect()
}

/// Loads the demo marketplace when the catalog has no listings at all.
pub async fn run_if_empty(pool: &sqlx::AnyPool, store: &MediaStore) -> Result<usize> {
    if listings::count(pool).await? > 0 {
        return Ok(0);
    }
    let start = std::time::Instant::now();
    // Newest first in the lists means the first demo listing should be the newest one.
    let base = crate::clock::now() - LISTINGS.len() as i64 * 3600;
    let encoded = demo_photos().await;
    let mut ids = Vec::with_capacity(LISTINGS.len());
    for (i, (&(seller, name, min, max, location, category, subcategory, description), photo)) in
        LISTINGS.iter().zip(encoded).enumerate()
    {
        let seller = &SELLERS[seller];
        let id = uuid::Uuid::now_v7().to_string();
        ids.push(id.clone());
        let media = crate::photos::put(store, &id, photo).await?;
        let (options, min, max) = demo_options(name, min, max);
        // Posted by its seller, as the operators' log says of every listing.
        let event = Event {
            seller_id: seller.id,
            listing_id: &id,
            ..Event::new(Actor::seller(seller.id, seller.name), "listing.post", ("listing", &id, name))
        };
        listings::insert(
            pool,
            &NewListing {
                id: id.clone(),
                seller_id: seller.id.to_owned(),
                fields: ValidListing {
                    name: name.to_owned(),
                    min_price: min,
                    max_price: max,
                    location: location.to_owned(),
                    phone_number: seller.phone.to_owned(),
                    category: category.to_owned(),
                    subcategory: subcategory.to_owned(),
                    description: description.to_owned(),
                    duration_minutes: demo_duration(category, subcategory),
                    directions: demo_directions(name).to_owned(),
                    place_id: demo_place(location).id.clone(),
                    serves_radius_km: demo_radius(name),
                    options,
                },
                featured: seller.featured(),
                created_at: base + (LISTINGS.len() - i) as i64 * 3600,
                idempotency_key: None,
                media: vec![media],
            },
            &[],
            Some(&event),
        )
        .await?;
    }
    let reviews = seed_reviews(pool, &ids).await?;
    seed_team_photos(pool, store).await?;
    tracing::info!(
        listings = LISTINGS.len(),
        reviews,
        elapsed_ms = start.elapsed().as_millis() as u64,
        "demo marketplace loaded"
    );
    Ok(LISTINGS.len())
}

/// Set by [`keep_demo_photos`]: the demo photos are drawn and encoded once in this process.
static KEEP_PHOTOS: AtomicBool = AtomicBool::new(false);
static KEPT_PHOTOS: tokio::sync::OnceCell<Vec<images::Processed>> = tokio::sync::OnceCell::const_new();

/// From now on this process draws and encodes the demo listings' photos once and keeps them (about
/// 4 MB) for every later demo marketplace it loads. For tests, which load a fresh one dozens of times
/// in one process (encoding them each time would be most of a gateway test's CPU); a running product
/// loads it at most once and keeps nothing.
pub fn keep_demo_photos() {
    KEEP_PHOTOS.store(true, Ordering::Relaxed);
}

/// Every demo listing's photo, in `LISTINGS`' order.
async fn demo_photos() -> Vec<images::Processed> {
    if KEEP_PHOTOS.load(Ordering::Relaxed) {
        return KEPT_PHOTOS.get_or_init(encode_demo_photos).await.clone();
    }
    encode_demo_photos().await
}

/// Draws and encodes the demo photos: CPU work, one at a time per core, off the async runtime.
async fn encode_demo_photos() -> Vec<images::Processed> {
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
    let permits = std::sync::Arc::new(tokio::sync::Semaphore::new(cores));
    let mut photos = tokio::task::JoinSet::new();
    for (i, demo) in LISTINGS.iter().enumerate() {
        let category = demo.5;
        let permit = permits.clone().acquire_owned().await.expect("the semaphore is never closed");
        photos.spawn_blocking(move || {
            let photo = images::encode(&demo_photo(category, i as u64));
            drop(permit);
            (i, photo)
        });
    }
    let mut encoded: Vec<Option<images::Processed>> = (0..LISTINGS.len()).map(|_| None).collect();
    while let Some(done) = photos.join_next().await {
        let (i, photo) = done.expect("photo generation does not panic");
        encoded[i] = Some(photo);
    }
    encoded.into_iter().map(|p| p.expect("every photo was encoded")).collect()
}

/// The demo salon's team photos (booking-svc's demo members show them): a warm picture each, as the
/// listings' demo photos are drawn, stored as an uploaded team photo would be.
async fn seed_team_photos(pool: &sqlx::AnyPool, store: &MediaStore) -> Result<()> {
    let salon = mtaani_proto::demo::SALON.id;
    for (i, key) in mtaani_proto::demo::TEAM_PHOTOS.iter().enumerate() {
        let bytes = tokio::task::spawn_blocking(move || images::portrait_of(demo_photo("beauty", 700 + i as u64)))
            .await
            .expect("photo generation does not panic");
        store.put(key, &bytes).await?;
        let mut conn = pool.acquire().await?;
        crate::store::portraits::insert(&mut conn, key, salon, crate::clock::now()).await?;
    }
    Ok(())
}

/// Who wrote the demo reviews (as reviews show them), what they said by stars, and the providers'
/// replies.
const REVIEWERS: [&str; 16] = [
    "Wanjiku M.",
    "Otieno A.",
    "Amina H.",
    "Kevin K.",
    "Faith W.",
    "Brian O.",
    "Mercy N.",
    "Aisha M.",
    "Dennis K.",
    "Grace A.",
    "Purity C.",
    "Halima S.",
    "Collins M.",
    "Esther N.",
    "Joy W.",
    "Moses K.",
];
const FIVE_STARS: [&str; 7] = [
    "Very professional and on time. I will definitely book again.",
    "Excellent work, exactly what I asked for. Highly recommend!",
    "She took her time and the result was beautiful. Worth every shilling.",
    "Friendly, clean and fast. The best I have found in town.",
    "Came to my house on time and did a great job. Asante sana!",
    "From booking to the end, a great experience. My friends keep asking who did it.",
    "",
];
const FOUR_STARS: [&str; 4] = [
    "Good service and a fair price. Started a little late but the result was great.",
    "Very good work. It was busy but worth the wait.",
    "Happy with the result, and they answered quickly on WhatsApp.",
    "",
];
const THREE_STARS: [&str; 2] =
    ["The result was fine, but it took longer than promised.", "Decent work, though I waited 40 minutes past my time."];
const REPLIES: [&str; 4] = [
    "Thank you so much! Karibu tena.",
    "Asante for the feedback, we are working on our timing.",
    "Thank you, it was a pleasure. See you next time!",
    "We appreciate you! Welcome back any time.",
];

/// Demo reviews on four listings in five (the fifth has none, as a new listing would): two to six
/// each, mostly four and five stars, some answered by the provider, written over the last three
/// months. As if from bookings: each has its own booking id and no e-mail address.
async fn seed_reviews(pool: &sqlx::AnyPool, listings: &[String]) -> Result<usize> {
    let t = crate::clock::now();
    let mut written = 0;
    let mut tx = pool.begin().await?;
    for (i, listing) in listings.iter().enumerate() {
        if i % 5 == 4 {
            continue;
        }
        let seller = SELLERS[LISTINGS[i].0].id;
        for j in 0..2 + (i * 7 + 3) % 5 {
            let pick = i * 31 + j * 17;
            let (rating, texts): (i64, &[&str]) = match pick % 10 {
                0..=5 => (5, &FIVE_STARS),
                6..=8 => (4, &FOUR_STARS),
                _ => (3, &THREE_STARS),
            };
            let reply = (pick % 3 == 0).then(|| REPLIES[pick % REPLIES.len()]);
            let at = t - ((i * 5 + j * 11) % 90) as i64 * 86_400 - j as i64 * 3600;
            let review = crate::store::reviews::NewReview {
                id: uuid::Uuid::now_v7().to_string(),
                booking_id: format!("demo-{i}-{j}"),
                listing_id: listing.clone(),
                seller_id: seller.to_owned(),
                customer_id: None,
                reviewer_name: REVIEWERS[pick % REVIEWERS.len()].to_owned(),
                reviewer_email: String::new(),
                rating,
                text: texts[pick % texts.len()].to_owned(),
                created_at: at,
                reply: reply.map(str::to_owned),
                replied_at: reply.map(|_| at + 86_400),
            };
            crate::store::reviews::insert_review(&mut tx, review).await?;
            written += 1;
        }
        crate::store::reviews::recount(&mut tx, listing).await?;
    }
    tx.commit().await?;
    Ok(written)
}

/// How long the demo listings take: braids and locs an afternoon, a bridal party the day's morning,
/// a consultation half an hour.
fn demo_duration(category: &str, subcategory: &str) -> u32 {
    match (category, subcategory) {
        ("hair", "braiding" | "locs") | ("home", "cleaning") => 180,
        ("bridal", "maids-for-hire") | ("photography", "event") => 240,
        ("hair", "weaving" | "complete-care")
        | ("beauty", "microblading")
        | ("bridal", "makeup" | "hair")
        | ("photography", "lifestyle") => 120,
        ("hair", "wig-makeovers") | ("fashion", "crotchet" | "personal-stylist") => 90,
        ("beauty", "waxing") | ("health", "skin-consultation" | "reproductive-care") | ("fitness", "nutritionist") => {
            30
        }
        ("flowers-gifts", _) => 30,
        _ => 60,
    }
}

/// The way in for a few demo listings that work from a place of their own, so the listing page and
/// the booking e-mails show directions on first run; the rest come to the customer or have none.
fn demo_directions(name: &str) -> &'static str {
    match name {
        "Gel & Acrylic Nail Studio" => "Upstairs above Naivas, 2nd floor, blue door next to the tailor.",
        "Loc Studio Nakuru" => {
            "Green gate opposite Section 58 Primary School; the salon is the first door on the left."
        }
        "Studio 254 Portraits" => {
            "Ground floor of Kondele Plaza, behind the M-Pesa shop. Ring the bell at the glass door."
        }
        _ => "",
    }
}

/// The service menus of the demo providers who price by service: name, Ksh, minutes.
/// Their listings' price ranges come from these; the others are priced as one service.
fn demo_menu(name: &str) -> &'static [(&'static str, i64, u32)] {
    match name {
        "Gel & Acrylic Nail Studio" => &[
            ("Gel manicure", 1200, 60),
            ("Gel pedicure", 1500, 60),
            ("Acrylic full set", 3500, 120),
            ("Builder gel extensions", 4500, 120),
        ],
        "Lash Lift & Brow Lamination" => &[
            ("Lash lift and tint", 2500, 60),
            ("Classic lash extensions", 3000, 90),
            ("Volume lash extensions", 4000, 120),
            ("Brow lamination", 1500, 60),
        ],
        "Microblading by Wanjiru" => &[
            ("Hair-stroke microblading", 12000, 150),
            ("Ombré powder brows", 18000, 180),
            ("Combination brows", 25000, 210),
        ],
        "Smooth Skin Waxing Lounge" => &[
            ("Underarm wax", 800, 30),
            ("Full leg wax", 2500, 60),
            ("Brazilian wax", 3000, 60),
            ("Full body wax", 5000, 120),
        ],
        "Tranquil Touch ASMR Massage" => &[
            ("Swedish massage, 60 minutes", 2500, 60),
            ("Deep tissue massage, 90 minutes", 4000, 90),
            ("Hot stone massage", 5000, 90),
            ("Couples massage", 7000, 90),
        ],
        "The Beauty Hub Westlands" => &[
            ("Classic manicure", 1500, 60),
            ("Spa pedicure", 2000, 60),
            ("Glow facial", 3500, 60),
            ("Event makeup", 4500, 90),
            ("Full pamper day", 9000, 240),
        ],
        "Knotless Braids by Achieng" => &[
            ("Wash and blow-dry", 500, 30),
            ("Knotless, shoulder length", 2500, 180),
            ("Knotless, mid-back", 4000, 240),
            ("Knotless, waist length", 6000, 360),
            ("Boho knotless", 8000, 360),
        ],
        "Silk Press & Weave Bar" => &[
            ("Wash and treatment", 1000, 60),
            ("Silk press", 2000, 90),
            ("Sew-in weave", 3500, 150),
            ("Frontal install", 6500, 180),
        ],
        "Loc Studio Nakuru" => {
            &[("Retwist", 1800, 90), ("Starter locs", 3500, 180), ("Sisterlocks installation", 7000, 480)]
        }
        "Ladies Cut & Style" => {
            &[("Cut and blow-dry", 800, 60), ("Relaxer and style", 1500, 90), ("Colour", 3000, 120)]
        }
        "Complete Hair Care Lounge" => &[
            ("Wash and blow-dry", 1200, 60),
            ("Deep conditioning treatment", 1500, 60),
            ("Relaxer retouch", 2500, 90),
            ("Cut, colour and style", 5000, 150),
        ],
        "Clear Skin Consultation Clinic" => {
            &[("Skin consultation", 2000, 30), ("Acne facial", 3500, 60), ("Chemical peel", 6000, 60)]
        }
        "Fit With Kiprono Personal Training" => &[
            ("Fitness assessment", 1500, 60),
            ("One-to-one session", 2000, 60),
            ("Home session, 90 minutes", 4500, 90),
        ],
        "Harusi Bridal Makeup" => &[
            ("Bridal makeup trial", 8000, 120),
            ("Wedding-day bridal makeup", 20000, 150),
            ("Bride and two maids", 35000, 240),
        ],
        "Bridal Hair by Achieng" => {
            &[("Bridal hair trial", 5000, 120), ("Wedding-day bridal updo", 12000, 150), ("Bridesmaid hair", 5000, 60)]
        }
        "Golden Hour Lifestyle Shoots" => &[
            ("Mini session, 30 minutes", 5000, 30),
            ("Full session, 2 hours", 12000, 120),
            ("Couples shoot", 20000, 180),
        ],
        "Studio 254 Portraits" => {
            &[("Headshots", 3000, 30), ("Family portrait", 8000, 60), ("Graduation portraits", 12000, 90)]
        }
        "Cornrows & Kids Braids" => &[
            ("Kids cornrows", 1000, 60),
            ("Ladies cornrows", 1500, 120),
            ("Kids knotless", 2500, 180),
            ("Ghana weaving", 4000, 240),
        ],
        "Bridal Glow Package Kisumu" => &[
            ("Pre-wedding facial", 3500, 60),
            ("Bridal makeup trial", 10000, 120),
            ("Wedding-day bridal makeup", 25000, 150),
        ],
        _ => &[],
    }
}

/// A demo listing's menu as stored, and the prices it gives (its own when it has none).
fn demo_options(name: &str, min: i64, max: i64) -> (Vec<crate::listing::ValidOption>, i64, i64) {
    let menu = demo_menu(name);
    let options = menu
        .iter()
        .map(|&(name, price_ksh, minutes)| crate::listing::ValidOption {
            id: None,
            name: name.to_owned(),
            price_ksh,
            duration_minutes: minutes,
        })
        .collect();
    let prices = menu.iter().map(|o| o.1);
    (options, prices.clone().min().unwrap_or(min), prices.max().unwrap_or(max))
}

/// The ward or estate a demo listing's location names: each names one (a test reads them all).
fn demo_place(location: &str) -> &'static mtaani_proto::places::Place {
    mtaani_proto::places::PLACES.named_in(location).unwrap_or_else(|| panic!("{location} names no place"))
}

/// How far the demo providers who come to the customer travel, so that "Near me" shows both kinds.
fn demo_radius(name: &str) -> u32 {
    match name {
        "Glam Bridal & Occasion Makeup" | "Kiprono Event Photography" => 30,
        "Fit With Kiprono Personal Training" | "Sparkle Home Cleaning" | "Fundi Mama Home Help" => 15,
        "Soft Glam Makeup Express" => 10,
        _ => 0,
    }
}

/// Two colours per category, for a warm gradient.
fn palette(category: &str) -> ([u8; 3], [u8; 3]) {
    match category {
        "beauty" => ([244, 143, 177], [136, 14, 79]),
        "hair" => ([255, 204, 128], [109, 76, 65]),
        "health" => ([128, 203, 196], [0, 96, 100]),
        "fitness" => ([255, 171, 145], [191, 54, 12]),
        "fashion" => ([206, 147, 216], [74, 20, 140]),
        "bridal" => ([255, 236, 224], [194, 140, 150]),
        "flowers-gifts" => ([197, 225, 165], [173, 20, 87]),
        "home" => ([144, 202, 249], [13, 71, 161]),
        _ => ([255, 224, 130], [55, 71, 79]),
    }
}

/// A 960x720 picture: a diagonal gradient with soft light circles, different for every listing.
/// Drawn at a quarter of the size and scaled up: the picture is all smooth shapes, and drawing every
/// pixel would make the first start slow.
pub fn demo_photo(category: &str, seed: u64) -> RgbImage {
    let small = draw_demo_photo(category, seed, 320, 240);
    image::imageops::resize(&small, 960, 720, image::imageops::FilterType::Triangle)
}

fn draw_demo_photo(category: &str, seed: u64, w: u32, h: u32) -> RgbImage {
    let (a, b) = palette(category);
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % 10_000) as f32 / 10_000.0
    };
    let circles: Vec<(f32, f32, f32, f32)> = (0..9)
        .map(|_| (next() * w as f32, next() * h as f32, (0.05 + next() * 0.2) * w as f32, 0.10 + next() * 0.25))
        .collect();
    RgbImage::from_fn(w, h, |x, y| {
        let t = (x as f32 / w as f32 * 0.6 + y as f32 / h as f32 * 0.4).clamp(0.0, 1.0);
        let mut px = [0f32; 3];
        for c in 0..3 {
            px[c] = f32::from(a[c]) * (1.0 - t) + f32::from(b[c]) * t;
        }
        for &(cx, cy, r, alpha) in &circles {
            let d = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
            if d < r {
                let k = alpha * (1.0 - d / r).powf(0.6);
                for p in &mut px {
                    *p = *p * (1.0 - k) + 255.0 * k;
                }
            }
        }
        Rgb(px.map(|v| v.clamp(0.0, 255.0) as u8))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_data_covers_every_category_and_town() {
        assert!(LISTINGS.len() >= 36);
        for cat in mtaani_proto::categories::CATEGORIES {
            assert!(LISTINGS.iter().any(|l| l.5 == cat.id), "{}", cat.id);
        }
        for town in mtaani_proto::categories::LOCATIONS {
            assert!(LISTINGS.iter().any(|l| l.4.ends_with(town.name)), "{}", town.name);
        }
        for l in LISTINGS {
            assert!(mtaani_proto::categories::contains(l.5, l.6), "{} / {}", l.5, l.6);
            assert!(l.1.len() >= 5 && l.7.len() >= 30 && l.2 >= 100 && l.2 <= l.3, "{}", l.1);
            assert!(demo_directions(l.1).chars().count() <= crate::listing::MAX_DIRECTIONS, "{}", l.1);
        }
        // Each listing given directions or a distance by name is one of the demo listings.
        assert_eq!(LISTINGS.iter().filter(|l| !demo_directions(l.1).is_empty()).count(), 3);
        assert_eq!(LISTINGS.iter().filter(|l| demo_radius(l.1) > 0).count(), 6);
    }

    #[test]
    fn a_third_of_the_demo_listings_have_a_menu_that_passes_the_rules() {
        let with_menu: Vec<_> = LISTINGS.iter().filter(|l| !demo_menu(l.1).is_empty()).collect();
        assert!(with_menu.len() * 3 >= LISTINGS.len(), "{} of {}", with_menu.len(), LISTINGS.len());
        // Each menu given by name is one of the demo listings'.
        assert_eq!(with_menu.len(), 19);
        let seller = mtaani_proto::catalog::v1::Seller { photo_uploads: 1, ..Default::default() };
        for l in with_menu {
            let input = mtaani_proto::catalog::v1::ListingInput {
                name: l.1.into(),
                location: l.4.into(),
                phone_number: SELLERS[l.0].phone.into(),
                category: l.5.into(),
                subcategory: l.6.into(),
                description: l.7.into(),
                menu: Some(mtaani_proto::catalog::v1::ListingMenu {
                    options: demo_menu(l.1)
                        .iter()
                        .map(|o| mtaani_proto::catalog::v1::ListingOption {
                            name: o.0.into(),
                            price_ksh: o.1,
                            duration_minutes: o.2 as i32,
                            ..Default::default()
                        })
                        .collect(),
                }),
                ..Default::default()
            };
            let valid = crate::listing::check(&input, &seller, 1).unwrap_or_else(|e| panic!("{}: {e:?}", l.1));
            let (options, min, max) = demo_options(l.1, l.2, l.3);
            assert_eq!((valid.options, valid.min_price, valid.max_price), (options, min, max), "{}", l.1);
        }
    }

    #[test]
    fn demo_listings_are_in_wards_and_estates_across_the_towns_and_beyond() {
        let places: Vec<&mtaani_proto::places::Place> = LISTINGS.iter().map(|l| demo_place(l.4)).collect();
        for (l, p) in LISTINGS.iter().zip(&places) {
            assert!(p.holds_listings(), "{}: {}", l.4, p.id);
        }
        let counties: std::collections::BTreeSet<&str> = places.iter().map(|p| p.county.as_str()).collect();
        for county in ["Nairobi", "Nakuru", "Kiambu", "Kisumu", "Mombasa", "Uasin Gishu", "Kajiado", "Machakos"] {
            assert!(counties.contains(county), "{county}: {counties:?}");
        }
        let distinct: std::collections::BTreeSet<&str> = places.iter().map(|p| p.id.as_str()).collect();
        assert!(distinct.len() >= 25, "{} places", distinct.len());
        // "braids kasarani" has an answer on first run.
        assert!(LISTINGS.iter().any(|l| l.6 == "braiding" && demo_place(l.4).id == "nairobi.kasarani.kasarani"));
    }

    #[test]
    fn a_demo_card_photo_is_small() {
        let p = images::encode(&demo_photo("beauty", 3));
        assert!(p.thumbnail.len() < 30 * 1024, "{} bytes", p.thumbnail.len());
    }
}
