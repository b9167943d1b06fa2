//! catalog-svc's records: a listing with its photos and rating, a review, a favourite.

use mtaani_proto::catalog::v1 as pb;
use serde::Serialize;

use super::iso8601;

/// A listing as the web app reads it (SPEC §3 "Service (as read from the server)").
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Service)]
pub struct ServiceJson {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub min_price: i64,
    pub max_price: i64,
    pub location: String,
    pub phone_number: String,
    pub category: String,
    pub subcategory: String,
    pub description: String,
    pub media: Vec<MediaJson>,
    pub featured: bool,
    pub seller_id: String,
    pub created_at: String,
    /// How long one booking takes: 30 to 600 minutes, in steps of 30.
    pub duration_minutes: i32,
    /// How to find the provider once in the area (the floor, the door, a landmark), as the provider
    /// wrote it; `""` when they gave none.
    #[schema(max_length = 300, example = "Upstairs above Naivas, 2nd floor, blue door")]
    pub directions: String,
    /// Where the provider is: a ward or an estate (`GET /api/places`), picked by the seller or read
    /// from the location text; `null` when neither names one (the listing still shows under its town).
    pub place: Option<ListingPlaceJson>,
    /// How far the provider travels to customers from their place, in km (0: they do not).
    #[schema(minimum = 0, maximum = 50)]
    pub serves_radius_km: i32,
    /// Lists and searches from a place only (`near`, `placeId`, or a place the search's words name):
    /// the real km from there to the listing's place, to one decimal, whether or not the provider
    /// travels; absent for a listing without a place.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0, example = 12.4)]
    pub distance_km: Option<f64>,
    /// With `distanceKm` only: true when the provider travels that far (`servesRadiusKm` reaches
    /// the visitor), so comes to them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comes_to_you: Option<bool>,
    /// Only on a listing Mtaani's team took down (its seller's own list, the console): why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden_reason: Option<String>,
    /// Its service menu in the provider's order; empty for a listing priced as one
    /// service. With a menu, `minPrice` and `maxPrice` are its cheapest and its dearest service.
    pub options: Vec<ServiceOptionJson>,
    /// Its verified reviews: the average stars and how many.
    pub rating: RatingJson,
    /// A listing's own answer only (`GET /api/service/{id}`): its link preview's picture, a 1200 × 630
    /// JPEG made from the first photo (absent until made, and without photos).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub og_image: Option<String>,
}

/// One service on a listing's menu: what a booking's `optionIds` name.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ServiceOption, example = json!({"id": "0193a7c2-5b1e-7e11-9c3a-1f2e3d4c5b6a",
    "name": "Knotless, shoulder length", "priceKsh": 2500, "durationMinutes": 180}))]
pub struct ServiceOptionJson {
    /// Stable while the provider keeps the option on the menu.
    pub id: String,
    pub name: String,
    /// Whole Kenyan shillings.
    #[schema(minimum = 100)]
    pub price_ksh: i64,
    /// How long it takes: 30 to 600 minutes, in steps of 30.
    #[schema(minimum = 30, maximum = 600, multiple_of = 30)]
    pub duration_minutes: i32,
}

impl From<pb::ListingOption> for ServiceOptionJson {
    fn from(o: pb::ListingOption) -> Self {
        Self { id: o.id, name: o.name, price_ksh: o.price_ksh, duration_minutes: o.duration_minutes }
    }
}

/// A place as the API writes it (`GET /api/places`, the search box's suggestions).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Place, example = json!({"id": "nairobi~lavington", "name": "Lavington", "kind": "estate",
    "county": "Nairobi", "subCounty": "Dagoretti North", "lat": -1.2833, "lng": 36.7735, "page": "Lavington"}))]
pub struct PlaceJson {
    /// Stable: what a listing's `placeId` and `?placeId=` hold.
    pub id: String,
    pub name: String,
    #[schema(value_type = String, pattern = "^(ward|estate|subCounty|county)$")]
    pub kind: &'static str,
    pub county: String,
    /// Absent for a county.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub_county: Option<String>,
    /// The ward's or the estate's centre point, or the mean of a sub-county's or county's wards.
    pub lat: f64,
    pub lng: f64,
    /// The name of its page, `/services/location/{page}`: its own name, or with its county when
    /// other places have it ("Township, Kakamega"). Absent for a ward named as its sub-county
    /// ("Kasarani"): the sub-county's page is meant by that name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<String>,
}

impl From<&mtaani_proto::places::Place> for PlaceJson {
    fn from(p: &mtaani_proto::places::Place) -> Self {
        Self {
            id: p.id.clone(),
            name: p.name.clone(),
            kind: p.kind.as_str(),
            county: p.county.clone(),
            sub_county: (p.kind != mtaani_proto::places::Kind::County && !p.sub_county.is_empty())
                .then(|| p.sub_county.clone()),
            lat: (p.lat * 1e4).round() / 1e4,
            lng: (p.lng * 1e4).round() / 1e4,
            page: mtaani_proto::places::PLACES.page_name(p, mtaani_proto::naming::names_service),
        }
    }
}

/// A listing's place with the areas it lies in.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ListingPlace, example = json!({"id": "nairobi~parklands", "name": "Parklands",
    "ward": "Parklands/Highridge", "subCounty": "Westlands", "county": "Nairobi"}))]
pub struct ListingPlaceJson {
    /// What `placeId` holds.
    pub id: String,
    pub name: String,
    /// `null` for an estate that spans several wards (its sub-county is known).
    pub ward: Option<String>,
    /// `null` for a town known only by its county ("Eldoret").
    pub sub_county: Option<String>,
    pub county: String,
}

impl ListingPlaceJson {
    /// The place of `id`, if the contract's places know it.
    pub fn of(id: &str) -> Option<Self> {
        let p = mtaani_proto::places::PLACES.get(id)?;
        let given = |s: &str| (!s.is_empty()).then(|| s.to_owned());
        Some(Self {
            id: p.id.clone(),
            name: p.name.clone(),
            ward: given(&p.ward),
            sub_county: given(&p.sub_county),
            county: p.county.clone(),
        })
    }
}

/// The stars of verified reviews: `average` to one decimal (`null` while there are none).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Rating, example = json!({"average": 4.6, "count": 12}))]
pub struct RatingJson {
    #[schema(minimum = 1, maximum = 5)]
    pub average: Option<f64>,
    pub count: i64,
}

impl RatingJson {
    pub fn of(count: i64, sum: i64) -> Self {
        // Rounded half up to one decimal, in integers (4.65 is 4.7 whatever the float says).
        let average = (count > 0).then(|| ((sum * 20 + count) / (2 * count)) as f64 / 10.0);
        Self { average, count }
    }
}

/// A photo of a listing.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Media)]
pub struct MediaJson {
    #[serde(rename = "type")]
    pub kind: String,
    /// The gallery-size image URL (1280 px on the long edge).
    pub data: String,
    /// The same photo 720 px on the long edge, for phones; absent for photos no larger than that and
    /// for photos posted before it existed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub medium: Option<String>,
    /// The card-size image URL.
    pub thumbnail: String,
    /// The data saver's size, 320 px on the long edge (WebP); absent until made for photos posted before
    /// it existed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub small: Option<String>,
    /// The photo's average colour, `#rrggbb`, which the data saver shows in its place until it is
    /// asked for; absent as `small`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(pattern = "^#[0-9a-f]{6}$", example = "#a1b2c3")]
    pub color: Option<String>,
    pub width: i32,
    pub height: i32,
}

impl From<pb::Listing> for ServiceJson {
    fn from(l: pb::Listing) -> Self {
        Self {
            id: l.id,
            name: l.name,
            min_price: l.min_price,
            max_price: l.max_price,
            location: l.location,
            phone_number: l.phone_number,
            category: l.category,
            subcategory: l.subcategory,
            description: l.description,
            media: l
                .media
                .into_iter()
                .map(|m| MediaJson {
                    kind: m.r#type,
                    data: m.url,
                    medium: (!m.medium_url.is_empty()).then_some(m.medium_url),
                    thumbnail: m.thumbnail_url,
                    small: (!m.small_url.is_empty()).then_some(m.small_url),
                    color: (!m.color.is_empty()).then_some(m.color),
                    width: m.width,
                    height: m.height,
                })
                .collect(),
            featured: l.featured,
            seller_id: l.seller_id,
            created_at: iso8601(l.created_at),
            duration_minutes: if l.duration_minutes > 0 { l.duration_minutes } else { 60 },
            directions: l.directions,
            place: ListingPlaceJson::of(&l.place_id),
            serves_radius_km: l.serves_radius_km,
            comes_to_you: l.distance_km.map(|_| l.comes_to_you),
            distance_km: l.distance_km,
            hidden_reason: l.hidden.then_some(l.hidden_reason),
            options: l.options.into_iter().map(Into::into).collect(),
            rating: RatingJson::of(l.rating_count, l.rating_sum),
            og_image: (!l.og_image_url.is_empty()).then_some(l.og_image_url),
        }
    }
}

/// A review as shown: the stars, the words, who (first name and last initial) and when (the month).
/// Every review comes from a booking that took place.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Review)]
pub struct ReviewJson {
    pub id: String,
    pub service_id: String,
    pub service_name: String,
    #[schema(minimum = 1, maximum = 5)]
    pub rating: i32,
    /// May be empty: the stars alone.
    pub text: String,
    /// First name and last initial, e.g. "Wanjiru K.".
    pub reviewer: String,
    /// When it was written, e.g. "November 2026" (the page says the month, not the day).
    pub month: String,
    pub created_at: String,
    /// Always true: a review can only come from a booking ('Verified booking').
    pub verified: bool,
    /// The provider's one reply, if any.
    pub reply: Option<ReplyJson>,
    /// Only in the operator console, on a review an operator took down.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ReviewReply)]
pub struct ReplyJson {
    pub text: String,
    pub created_at: String,
}

/// "November 2026" for unix seconds (Nairobi's month).
fn month(secs: i64) -> String {
    let offset = chrono::FixedOffset::east_opt(3 * 3600).expect("UTC+3 is a valid offset");
    chrono::DateTime::from_timestamp(secs, 0).unwrap_or_default().with_timezone(&offset).format("%B %Y").to_string()
}

impl From<pb::Review> for ReviewJson {
    fn from(r: pb::Review) -> Self {
        Self {
            id: r.id,
            service_id: r.listing_id,
            service_name: r.listing_name,
            rating: r.rating,
            text: r.text,
            reviewer: r.reviewer_name,
            month: month(r.created_at),
            created_at: iso8601(r.created_at),
            verified: true,
            reply: (!r.reply.is_empty()).then(|| ReplyJson { text: r.reply, created_at: iso8601(r.replied_at) }),
            hidden: r.hidden,
        }
    }
}

/// A saved listing: the listing itself while it is shown, or only its name once it is hidden or
/// deleted ('no longer available').
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Favourite)]
pub struct FavouriteJson {
    pub service_id: String,
    /// The listing's name (as it was when saved, once the listing is gone).
    pub name: String,
    pub saved_at: String,
    /// False once the listing is hidden or deleted.
    pub available: bool,
    /// The listing, while it is available.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service: Option<ServiceJson>,
}

impl From<pb::Favourite> for FavouriteJson {
    fn from(f: pb::Favourite) -> Self {
        Self {
            service_id: f.listing_id,
            name: f.name,
            saved_at: iso8601(f.saved_at),
            available: f.listing.is_some(),
            service: f.listing.map(Into::into),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reviews_say_the_month_in_nairobi() {
        // 30 Nov 2026 22:30 UTC is 1 December in Nairobi.
        let t = chrono::DateTime::parse_from_rfc3339("2026-11-30T22:30:00Z").unwrap().timestamp();
        assert_eq!(month(t), "December 2026");
    }

    #[test]
    fn ratings_are_averaged_to_one_decimal() {
        assert_eq!(RatingJson::of(0, 0).average, None);
        assert_eq!(RatingJson::of(3, 14).average, Some(4.7));
        assert_eq!(RatingJson::of(20, 93).average, Some(4.7));
        assert_eq!(RatingJson::of(3, 13).average, Some(4.3));
        assert_eq!(RatingJson::of(1, 5).average, Some(5.0));
        assert_eq!(RatingJson::of(12, 55).count, 12);
    }
}
