//! SPEC §5's "Post service" rules, enforced by the server with the spec's messages.

use mtaani_proto::{catalog::v1 as pb, phone, status::Violations};

use mtaani_proto::{categories, places::PLACES};

pub const MIN_PRICE: i64 = 100;
pub const MAX_PRICE: i64 = 10_000_000;

/// A listing's fields after every rule passed (trimmed, phone cleaned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidListing {
    pub name: String,
    pub min_price: i64,
    pub max_price: i64,
    pub location: String,
    pub phone_number: String,
    pub category: String,
    pub subcategory: String,
    pub description: String,
    /// How long one booking takes, in minutes.
    pub duration_minutes: u32,
    /// How to find the provider once in the area; '' when not given.
    pub directions: String,
    /// The ward or estate (`mtaani_proto::places`), picked or read from the location; '' for none.
    pub place_id: String,
    /// How far the provider travels to customers, in km (0: they do not).
    pub serves_radius_km: u32,
}

/// A listing whose length the seller did not give takes an hour.
pub const DEFAULT_DURATION: u32 = 60;
pub const BAD_DURATION: &str = "Service length must be 30 minutes to 4 hours, in steps of 30 minutes";

/// Directions are a line or two of the booking e-mails, not a second description.
pub const MAX_DIRECTIONS: usize = 300;
pub const LONG_DIRECTIONS: &str = "Directions must be at most 300 characters";

pub const UNKNOWN_PLACE: &str = mtaani_proto::status::texts::UNKNOWN_PLACE;
/// The farthest a provider may say they travel: beyond it, "near" means little.
pub const MAX_RADIUS_KM: i32 = 50;
pub const BAD_RADIUS: &str = "Distance you travel must be 0 to 50 km";

/// The listing's place: the one picked (a ward or an estate), else the one its location text names.
fn place_of(picked: &str, location: &str) -> Option<String> {
    match picked.trim() {
        "" => Some(PLACES.named_in(location).map(|p| p.id.clone()).unwrap_or_default()),
        id => PLACES.get(id).filter(|p| p.holds_listings()).map(|p| p.id.clone()),
    }
}

fn chars(s: &str) -> usize {
    s.trim().chars().count()
}

/// Checks `input`; `photos` is how many photos the listing would have, `seller` the poster's package.
pub fn check(input: &pb::ListingInput, seller: &pb::Seller, photos: usize) -> Result<ValidListing, tonic::Status> {
    let mut v = Violations::new();
    v.check(chars(&input.name) >= 5, "name", "Service name must be at least 5 characters");
    v.check(chars(&input.name) <= 100, "name", "Service name must be at most 100 characters");
    v.check(input.min_price >= MIN_PRICE, "minPrice", "Minimum price must be at least 100 Ksh");
    v.check(input.max_price >= MIN_PRICE, "maxPrice", "Maximum price must be at least 100 Ksh");
    v.check(input.min_price <= MAX_PRICE, "minPrice", "Minimum price must be at most 10,000,000 Ksh");
    v.check(input.max_price <= MAX_PRICE, "maxPrice", "Maximum price must be at most 10,000,000 Ksh");
    v.check(input.max_price >= input.min_price, "maxPrice", "Maximum price cannot be less than minimum price");
    v.check(chars(&input.location) >= 3, "location", "Location is required");
    v.check(chars(&input.location) <= 100, "location", "Location must be at most 100 characters");
    v.check(chars(&input.phone_number) >= 10, "phoneNumber", "Phone number must be at least 10 digits");
    let cleaned = phone::clean(&input.phone_number);
    v.check(cleaned.is_some(), "phoneNumber", mtaani_proto::status::texts::PHONE_AFTER_CLEANING);
    let category = input.category.trim().to_lowercase();
    let subcategory = input.subcategory.trim().to_lowercase();
    v.check(!category.is_empty(), "category", "Category is required");
    v.check(
        category.is_empty() || categories::find(&category).is_some(),
        "category",
        "Please choose a category from the list",
    );
    v.check(!subcategory.is_empty(), "subcategory", "Subcategory is required");
    v.check(
        subcategory.is_empty()
            || categories::find(&category).is_none()
            || categories::contains(&category, &subcategory),
        "subcategory",
        "Please choose a subcategory of the chosen category",
    );
    v.check(chars(&input.description) >= 30, "description", "Description must be at least 30 characters");
    v.check(chars(&input.description) <= 5000, "description", "Description must be at most 5000 characters");
    let directions = input.directions.as_deref().unwrap_or_default();
    v.check(chars(directions) <= MAX_DIRECTIONS, "directions", LONG_DIRECTIONS);
    let place = place_of(input.place_id.as_deref().unwrap_or_default(), &input.location);
    v.check(place.is_some(), "placeId", UNKNOWN_PLACE);
    let radius = input.serves_radius_km.unwrap_or(0);
    v.check((0..=MAX_RADIUS_KM).contains(&radius), "servesRadiusKm", BAD_RADIUS);
    v.check(photos >= 1, "images", "Please upload at least one photo");
    let limit = usize::try_from(seller.photo_uploads.max(0)).unwrap_or(0);
    v.check(
        photos <= limit,
        "images",
        &format!("Your {} package allows only {} photo(s).", seller.package_name, seller.photo_uploads),
    );
    let duration = match input.duration_minutes {
        0 => Some(DEFAULT_DURATION),
        d if (30..=240).contains(&d) && d % 30 == 0 => Some(d as u32),
        _ => None,
    };
    v.check(duration.is_some(), "durationMinutes", BAD_DURATION);
    for (field, value) in [
        ("name", input.name.as_str()),
        ("location", &input.location),
        ("description", &input.description),
        ("directions", directions),
    ] {
        v.check(!value.contains('\0'), field, mtaani_proto::status::texts::UNSUPPORTED_CHARACTERS);
    }
    v.into_result()?;
    Ok(ValidListing {
        name: input.name.trim().to_owned(),
        min_price: input.min_price,
        max_price: input.max_price,
        location: input.location.trim().to_owned(),
        phone_number: cleaned.unwrap_or_default(),
        category,
        subcategory,
        description: input.description.trim().to_owned(),
        duration_minutes: duration.unwrap_or(DEFAULT_DURATION),
        directions: directions.trim().to_owned(),
        place_id: place.unwrap_or_default(),
        serves_radius_km: radius.clamp(0, MAX_RADIUS_KM) as u32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtaani_proto::status::field_errors;

    pub fn input() -> pb::ListingInput {
        pb::ListingInput {
            name: "Knotless Braids by Amina".into(),
            min_price: 1500,
            max_price: 4500,
            location: "Kilimani, Nairobi".into(),
            phone_number: "0712 345 678".into(),
            category: "hair".into(),
            subcategory: "braiding".into(),
            description: "Neat knotless braids that last, gentle on your edges.".into(),
            images: vec![],
            keep_media: vec![],
            duration_minutes: 0,
            directions: None,
            place_id: None,
            serves_radius_km: None,
        }
    }

    fn basic() -> pb::Seller {
        pb::Seller {
            user_id: "u".into(),
            package_id: "basic".into(),
            package_name: "Basic".into(),
            photo_uploads: 1,
            featured: false,
        }
    }

    #[test]
    fn a_good_listing_passes_cleaned() {
        let ok = check(&input(), &basic(), 1).unwrap();
        assert_eq!(ok.phone_number, "+254712345678");
        assert_eq!(ok.duration_minutes, DEFAULT_DURATION, "no length given: an hour");
    }

    #[test]
    fn a_service_lasts_half_an_hour_to_four_hours_in_half_hours() {
        for (minutes, ok) in [(30, true), (90, true), (240, true), (45, false), (270, false), (-30, false), (15, false)]
        {
            let r = check(&pb::ListingInput { duration_minutes: minutes, ..input() }, &basic(), 1);
            match r {
                Ok(v) => assert!(ok && v.duration_minutes == minutes as u32, "{minutes}"),
                Err(e) => {
                    assert!(!ok, "{minutes}");
                    assert_eq!(e.message(), BAD_DURATION);
                }
            }
        }
    }

    #[test]
    fn directions_are_optional_trimmed_and_at_most_300_characters() {
        assert_eq!(check(&input(), &basic(), 1).unwrap().directions, "", "none given");
        let given = pb::ListingInput { directions: Some("  Upstairs above Naivas, blue door \n".into()), ..input() };
        assert_eq!(check(&given, &basic(), 1).unwrap().directions, "Upstairs above Naivas, blue door");
        // Characters, not bytes: 300 of "é" (600 bytes) pass, spaces around them do not count.
        let most = pb::ListingInput { directions: Some(format!(" {} ", "é".repeat(300))), ..input() };
        assert_eq!(check(&most, &basic(), 1).unwrap().directions.chars().count(), 300);
        let over = check(&pb::ListingInput { directions: Some("a".repeat(301)), ..input() }, &basic(), 1).unwrap_err();
        assert_eq!(over.code(), tonic::Code::InvalidArgument);
        assert_eq!(field_errors(&over), [("directions".to_owned(), LONG_DIRECTIONS.to_owned())]);
    }

    #[test]
    fn a_listing_is_placed_by_its_pick_or_by_its_location_text() {
        let placed = |place_id: Option<&str>, location: &str| {
            check(
                &pb::ListingInput { place_id: place_id.map(Into::into), location: location.into(), ..input() },
                &basic(),
                1,
            )
            .map(|v| v.place_id)
        };
        assert_eq!(
            placed(None, "Kilimani, Nairobi").unwrap(),
            "nairobi.dagoretti-north.kilimani",
            "read from the text"
        );
        assert_eq!(placed(Some(" "), "Kilimani, Nairobi").unwrap(), "nairobi.dagoretti-north.kilimani");
        assert_eq!(placed(None, "Westlands, Nairobi").unwrap(), "", "a sub-county is no place");
        assert_eq!(placed(Some("nairobi~lavington"), "Off James Gichuru Road").unwrap(), "nairobi~lavington", "picked");
        assert_eq!(placed(Some("nairobi~lavington"), "Kisumu").unwrap(), "nairobi~lavington", "the pick wins");
        for bad in ["nairobi", "nairobi.westlands", "nowhere", "nairobi~lavington\0"] {
            let e = placed(Some(bad), "Kilimani, Nairobi").unwrap_err();
            assert_eq!(field_errors(&e), [("placeId".to_owned(), UNKNOWN_PLACE.to_owned())], "{bad}");
        }
        let radius = |km: Option<i32>| {
            check(&pb::ListingInput { serves_radius_km: km, ..input() }, &basic(), 1).map(|v| v.serves_radius_km)
        };
        assert_eq!((radius(None).unwrap(), radius(Some(0)).unwrap(), radius(Some(50)).unwrap()), (0, 0, 50));
        for bad in [-1, 51, i32::MAX, i32::MIN] {
            assert_eq!(
                field_errors(&radius(Some(bad)).unwrap_err()),
                [("servesRadiusKm".to_owned(), BAD_RADIUS.to_owned())]
            );
        }
    }

    #[test]
    fn every_rule_has_the_specs_message() {
        let bad = pb::ListingInput {
            name: "Nail".into(),
            min_price: 50,
            max_price: 40,
            location: "Nb".into(),
            phone_number: "0712".into(),
            category: String::new(),
            subcategory: String::new(),
            description: "Too short".into(),
            ..input()
        };
        let e = check(&bad, &basic(), 0).unwrap_err();
        let f = field_errors(&e);
        let msg = |k: &str| f.iter().find(|(f, _)| f == k).map(|(_, m)| m.clone()).unwrap_or_default();
        assert_eq!(e.message(), "Service name must be at least 5 characters");
        assert_eq!(msg("minPrice"), "Minimum price must be at least 100 Ksh");
        assert_eq!(msg("maxPrice"), "Maximum price must be at least 100 Ksh");
        assert_eq!(msg("location"), "Location is required");
        assert_eq!(msg("phoneNumber"), "Phone number must be at least 10 digits");
        assert_eq!(msg("category"), "Category is required");
        assert_eq!(msg("subcategory"), "Subcategory is required");
        assert_eq!(msg("description"), "Description must be at least 30 characters");
        assert_eq!(msg("images"), "Please upload at least one photo");

        let e = check(&pb::ListingInput { min_price: 5000, max_price: 4000, ..input() }, &basic(), 1).unwrap_err();
        assert_eq!(e.message(), "Maximum price cannot be less than minimum price");
        let e = check(&pb::ListingInput { subcategory: "makeup".into(), ..input() }, &basic(), 1).unwrap_err();
        assert_eq!(e.message(), "Please choose a subcategory of the chosen category");
        let e = check(&input(), &basic(), 2).unwrap_err();
        assert_eq!(e.message(), "Your Basic package allows only 1 photo(s).");
    }
}
