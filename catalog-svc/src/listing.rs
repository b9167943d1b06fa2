//! SPEC §5's "Post service" rules, enforced by the server with the spec's messages. Their numbers are
//! the contract's (`mtaani_proto::listing_rules`, which the web app's listing form reads too), and
//! `proto/cases/listing.json` is what both are tested on.

use mtaani_proto::{catalog::v1 as pb, listing_rules, listing_rules::RULES, phone, status::Violations, text::said};

use mtaani_proto::{categories, places::PLACES};

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
    /// Its service menu in the seller's order; empty: priced as one service.
    pub options: Vec<ValidOption>,
}

/// One service of a listing's menu, checked. `id` is `None` for an option new in this post or edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidOption {
    pub id: Option<String>,
    pub name: String,
    pub price_ksh: i64,
    pub duration_minutes: u32,
}

/// What a listing whose length the seller did not give takes.
pub const DEFAULT_DURATION: u32 = RULES.default_duration_minutes as u32;

/// The longest directions, in characters.
pub const MAX_DIRECTIONS: usize = RULES.max_directions;

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

/// Whether `s`, trimmed, is `length` long.
fn fits(s: &str, length: listing_rules::Length) -> bool {
    (length.min..=length.max).contains(&chars(s))
}

/// Checks `input`; `photos` is how many photos the listing would have, `seller` the poster's package.
/// Refused: each field's first broken rule.
pub fn check(input: &pb::ListingInput, seller: &pb::Seller, photos: usize) -> Result<ValidListing, Violations> {
    let mut v = Violations::new();
    v.check(chars(&input.name) >= RULES.name.min, "name", said::service_name_too_short());
    v.check(chars(&input.name) <= RULES.name.max, "name", said::service_name_too_long());
    let options = input.menu.as_ref().map_or(&[][..], |m| &m.options[..]);
    check_options(&mut v, options);
    // A menu prices the listing: its cheapest and its dearest service (the prices sent are ignored).
    let (min_price, max_price) =
        match (options.iter().map(|o| o.price_ksh).min(), options.iter().map(|o| o.price_ksh).max()) {
            (Some(min), Some(max)) => (min, max),
            _ => (input.min_price, input.max_price),
        };
    // A menu's prices are checked as its options' (above).
    if options.is_empty() {
        let prices = RULES.price_ksh;
        v.check(min_price >= prices.min, "minPrice", said::min_price_too_low());
        v.check(max_price >= prices.min, "maxPrice", said::max_price_too_low());
        v.check(min_price <= prices.max, "minPrice", said::min_price_too_high());
        v.check(max_price <= prices.max, "maxPrice", said::max_price_too_high());
        v.check(max_price >= min_price, "maxPrice", said::max_price_below_min());
    }
    v.check(chars(&input.location) >= RULES.location.min, "location", said::location_required());
    v.check(chars(&input.location) <= RULES.location.max, "location", said::location_too_long());
    v.check(chars(&input.phone_number) >= RULES.min_phone_number, "phoneNumber", said::phone_too_short());
    let cleaned = phone::clean(&input.phone_number);
    v.check(cleaned.is_some(), "phoneNumber", said::phone_after_cleaning());
    let category = input.category.trim().to_lowercase();
    let subcategory = input.subcategory.trim().to_lowercase();
    v.check(!category.is_empty(), "category", said::category_required());
    v.check(category.is_empty() || categories::find(&category).is_some(), "category", said::choose_category());
    v.check(!subcategory.is_empty(), "subcategory", said::subcategory_required());
    v.check(
        subcategory.is_empty()
            || categories::find(&category).is_none()
            || categories::contains(&category, &subcategory),
        "subcategory",
        said::choose_subcategory_of_category(),
    );
    let description = chars(&input.description);
    v.check(description >= RULES.description.min, "description", said::description_too_short());
    v.check(description <= RULES.description.max, "description", said::description_too_long());
    let directions = input.directions.as_deref().unwrap_or_default();
    v.check(chars(directions) <= MAX_DIRECTIONS, "directions", said::directions_too_long());
    let place = place_of(input.place_id.as_deref().unwrap_or_default(), &input.location);
    v.check(place.is_some(), "placeId", said::unknown_place());
    // Only the form's choices: a provider picks how far they travel from a few distances, and search
    // and the listing page show what was picked.
    let radius = input.serves_radius_km.unwrap_or(0);
    v.check(RULES.serves_radius_km.contains(&radius), "servesRadiusKm", said::bad_travel_distance());
    v.check(photos >= RULES.min_photos, "images", said::photo_required());
    let limit = usize::try_from(seller.photo_uploads.max(0)).unwrap_or(0);
    v.check(photos <= limit, "images", said::too_many_photos(seller.package_name.as_str(), seller.photo_uploads));
    let duration = match input.duration_minutes {
        0 => Some(DEFAULT_DURATION),
        d if RULES.duration_minutes.contains(d) => Some(d as u32),
        _ => None,
    };
    v.check(duration.is_some(), "durationMinutes", said::bad_duration());
    for (field, value) in [
        ("name", input.name.as_str()),
        ("location", &input.location),
        ("description", &input.description),
        ("directions", directions),
    ] {
        v.check(!value.contains('\0'), field, said::unsupported_characters());
    }
    if !v.is_empty() {
        return Err(v);
    }
    Ok(ValidListing {
        name: input.name.trim().to_owned(),
        min_price,
        max_price,
        location: input.location.trim().to_owned(),
        phone_number: cleaned.unwrap_or_default(),
        category,
        subcategory,
        description: input.description.trim().to_owned(),
        duration_minutes: duration.unwrap_or(DEFAULT_DURATION),
        directions: directions.trim().to_owned(),
        place_id: place.unwrap_or_default(),
        serves_radius_km: radius.max(0) as u32,
        options: options
            .iter()
            .map(|o| ValidOption {
                // An id the listing cannot have is no id: the option is new.
                id: Some(o.id.trim().to_owned()).filter(|id| !id.is_empty() && id.len() <= 64 && !id.contains('\0')),
                name: o.name.trim().to_owned(),
                price_ksh: o.price_ksh,
                duration_minutes: o.duration_minutes as u32,
            })
            .collect(),
    })
}

/// A menu's rules, each broken one named by the option's place (`options[2].priceKsh`).
fn check_options(v: &mut Violations, options: &[pb::ListingOption]) {
    v.check(options.len() <= RULES.max_options, "options", said::menu_too_long());
    for (i, o) in options.iter().enumerate() {
        let field = |name: &str| format!("options[{i}].{name}");
        let name = o.name.trim();
        v.check(fits(name, RULES.option_name) && !name.contains('\0'), &field("name"), said::bad_menu_name());
        let same = options[..i].iter().any(|other| other.name.trim().to_lowercase() == name.to_lowercase());
        v.check(!same, &field("name"), said::menu_name_twice());
        v.check(RULES.price_ksh.contains(o.price_ksh), &field("priceKsh"), said::bad_menu_price());
        v.check(
            RULES.option_duration_minutes.contains(o.duration_minutes),
            &field("durationMinutes"),
            said::bad_menu_length(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each refused field and its text, in English (as the case table writes them).
    fn field_errors(refused: &Violations) -> Vec<(String, String)> {
        refused.fields().iter().map(|(field, text)| (field.clone(), text.to_string())).collect()
    }

    /// The first refused field's text: what the answer's message says.
    fn message(refused: &Violations) -> String {
        refused.fields().first().map(|(_, text)| text.to_string()).unwrap_or_default()
    }

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
            menu: None,
        }
    }

    fn basic() -> pb::Seller {
        pb::Seller {
            user_id: "u".into(),
            package_id: "basic".into(),
            package_name: "Basic".into(),
            photo_uploads: 1,
            featured: false,
            user_name: "Wanjiru Kamau".into(),
        }
    }

    /// A case's field of `proto/cases/listing.json`: a text, or one written as `{"repeat", "times"}`.
    fn text(value: &serde_json::Value) -> String {
        match value {
            serde_json::Value::String(s) => s.clone(),
            _ => value["repeat"].as_str().expect("a text").repeat(value["times"].as_u64().expect("times") as usize),
        }
    }

    /// The cases the web app's listing form is tested on too (web/src/features/post-service/
    /// validation.test.ts reads the same file), so the form and the service refuse alike.
    #[test]
    fn every_case_of_the_shared_table() {
        let table: serde_json::Value = serde_json::from_str(include_str!("../../proto/cases/listing.json")).unwrap();
        let cases = table["cases"].as_array().expect("cases");
        assert!(cases.len() >= 50, "the table is read");
        // How many photos at most is the package's rule: the most generous one, which no case exceeds.
        let most = mtaani_proto::packages::PACKAGES.iter().map(|p| p.photo_uploads).max().unwrap();
        let seller = pb::Seller { photo_uploads: most, ..basic() };
        for case in cases {
            let mut listing = table["listing"].as_object().unwrap().clone();
            listing.extend(case["change"].as_object().expect("change").clone());
            let int = |key: &str| listing[key].as_i64().unwrap_or_else(|| panic!("{key} in {case}"));
            let options: Vec<pb::ListingOption> = listing["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| {
                    option(
                        &text(&o["name"]),
                        o["priceKsh"].as_i64().unwrap(),
                        o["durationMinutes"].as_i64().unwrap() as i32,
                    )
                })
                .collect();
            let input = pb::ListingInput {
                name: text(&listing["name"]),
                min_price: int("minPrice"),
                max_price: int("maxPrice"),
                location: text(&listing["location"]),
                phone_number: text(&listing["phoneNumber"]),
                category: text(&listing["category"]),
                subcategory: text(&listing["subcategory"]),
                description: text(&listing["description"]),
                directions: Some(text(&listing["directions"])),
                duration_minutes: int("durationMinutes") as i32,
                serves_radius_km: Some(int("servesRadiusKm") as i32),
                menu: (!options.is_empty()).then_some(pb::ListingMenu { options }),
                ..input()
            };
            let mut got =
                check(&input, &seller, int("photos") as usize).err().map(|e| field_errors(&e)).unwrap_or_default();
            got.sort();
            let mut expected: Vec<(String, String)> =
                case["errors"].as_object().expect("errors").iter().map(|(f, m)| (f.clone(), text(m))).collect();
            expected.sort();
            assert_eq!(got, expected, "{}: {}", case["why"], case["change"]);
        }
    }

    #[test]
    fn a_good_listing_passes_cleaned() {
        let ok = check(&input(), &basic(), 1).unwrap();
        assert_eq!(ok.phone_number, "+254712345678");
        assert_eq!(ok.duration_minutes, DEFAULT_DURATION, "no length given: an hour");
    }

    #[test]
    fn a_service_lasts_half_an_hour_to_ten_hours_in_half_hours() {
        let lengths =
            [(30, true), (90, true), (240, true), (600, true), (45, false), (630, false), (-30, false), (15, false)];
        for (minutes, ok) in lengths {
            let r = check(&pb::ListingInput { duration_minutes: minutes, ..input() }, &basic(), 1);
            match r {
                Ok(v) => assert!(ok && v.duration_minutes == minutes as u32, "{minutes}"),
                Err(e) => {
                    assert!(!ok, "{minutes}");
                    assert_eq!(message(&e), said::bad_duration().to_string());
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
        assert_eq!(field_errors(&over), [("directions".to_owned(), said::directions_too_long().to_string())]);
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
            assert_eq!(field_errors(&e), [("placeId".to_owned(), said::unknown_place().to_string())], "{bad}");
        }
        let radius = |km: Option<i32>| {
            check(&pb::ListingInput { serves_radius_km: km, ..input() }, &basic(), 1).map(|v| v.serves_radius_km)
        };
        assert_eq!((radius(None).unwrap(), radius(Some(0)).unwrap(), radius(Some(50)).unwrap()), (0, 0, 50));
        // Only the distances offered: 7 km lies between two of them.
        for bad in [-1, 7, 51, i32::MAX, i32::MIN] {
            assert_eq!(
                field_errors(&radius(Some(bad)).unwrap_err()),
                [("servesRadiusKm".to_owned(), said::bad_travel_distance().to_string())]
            );
        }
    }

    fn option(name: &str, price_ksh: i64, duration_minutes: i32) -> pb::ListingOption {
        pb::ListingOption { id: String::new(), name: name.into(), price_ksh, duration_minutes }
    }

    fn with_menu(options: Vec<pb::ListingOption>) -> pb::ListingInput {
        pb::ListingInput { menu: Some(pb::ListingMenu { options }), min_price: 0, max_price: 0, ..input() }
    }

    #[test]
    fn a_menu_prices_the_listing_from_its_cheapest_to_its_dearest_service() {
        let menu = with_menu(vec![
            option(" Knotless, shoulder length ", 2500, 180),
            option("Cornrows", 800, 120),
            option("Knotless, waist length", 6000, 360),
        ]);
        let ok = check(&menu, &basic(), 1).unwrap();
        assert_eq!((ok.min_price, ok.max_price), (800, 6000), "the prices sent (none) are not asked for");
        assert_eq!(ok.options[0].name, "Knotless, shoulder length", "trimmed");
        assert_eq!(ok.options.iter().map(|o| o.duration_minutes).collect::<Vec<_>>(), [180, 120, 360]);
        assert!(ok.options.iter().all(|o| o.id.is_none()), "all new");
        // No menu, or an empty one: priced as one service, by the prices sent.
        let plain = check(&input(), &basic(), 1).unwrap();
        assert_eq!((plain.min_price, plain.max_price, plain.options.len()), (1500, 4500, 0));
        let emptied = pb::ListingInput { menu: Some(pb::ListingMenu::default()), ..input() };
        assert_eq!(check(&emptied, &basic(), 1).unwrap().min_price, 1500);
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
        assert_eq!(message(&e), "Service name must be at least 5 characters");
        assert_eq!(msg("minPrice"), "Minimum price must be at least 100 Ksh");
        assert_eq!(msg("maxPrice"), "Maximum price must be at least 100 Ksh");
        assert_eq!(msg("location"), "Location is required");
        assert_eq!(msg("phoneNumber"), "Phone number must be at least 10 digits");
        assert_eq!(msg("category"), "Category is required");
        assert_eq!(msg("subcategory"), "Subcategory is required");
        assert_eq!(msg("description"), "Description must be at least 30 characters");
        assert_eq!(msg("images"), "Please upload at least one photo");

        let e = check(&pb::ListingInput { min_price: 5000, max_price: 4000, ..input() }, &basic(), 1).unwrap_err();
        assert_eq!(message(&e), "Maximum price cannot be less than minimum price");
        let e = check(&pb::ListingInput { subcategory: "makeup".into(), ..input() }, &basic(), 1).unwrap_err();
        assert_eq!(message(&e), "Please choose a subcategory of the chosen category");
        let e = check(&input(), &basic(), 2).unwrap_err();
        assert_eq!(message(&e), "Your Basic package allows only 1 photo(s).");
    }
}
