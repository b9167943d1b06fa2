//! A listing's rules (SPEC §5 "Post service", §9), from `catalog/v1/listing-rules.json`, the one place
//! their numbers are written: catalog-svc enforces them, and the web app's listing form checks them
//! first and offers its choices from the same file. `cases/listing.json` is what both are tested on.

/// A text's length in characters (code points), counted once the spaces around it are trimmed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Length {
    pub min: usize,
    pub max: usize,
}

/// Whole Ksh.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prices {
    pub min: i64,
    pub max: i64,
}

impl Prices {
    pub const fn contains(&self, ksh: i64) -> bool {
        self.min <= ksh && ksh <= self.max
    }
}

/// Minutes from `min` to `max` in steps of `step` (counted from 0, so every value is a multiple).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Steps {
    pub min: i32,
    pub max: i32,
    pub step: i32,
}

impl Steps {
    pub const fn contains(&self, minutes: i32) -> bool {
        self.min <= minutes && minutes <= self.max && minutes % self.step == 0
    }
}

/// Every rule of a listing that is the listing's own (how many photos at most is the package's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListingRules {
    pub name: Length,
    pub location: Length,
    /// As typed, before the number is cleaned (`phone::clean` has the rule for the number itself).
    pub min_phone_number: usize,
    pub description: Length,
    /// Directions are a line or two of the booking e-mails, not a second description.
    pub max_directions: usize,
    /// A listing's two prices, and each price of its menu.
    pub price_ksh: Prices,
    pub min_photos: usize,
    /// How long one booking of a listing takes.
    pub duration_minutes: Steps,
    /// What a listing that gives no length takes.
    pub default_duration_minutes: i32,
    /// The distances a provider may say they travel to customers, in km, ascending; 0: they do not.
    /// Exactly the listing form's choices, so a distance the form cannot send is refused; none is far:
    /// beyond the last, "near" means little.
    pub serves_radius_km: &'static [i32],
    /// How many services a menu may list: a salon's whole price list, not a catalogue.
    pub max_options: usize,
    pub option_name: Length,
    /// How long one service of a menu takes: longer than a listing's one booking may be (waist-length
    /// knotless takes six hours).
    pub option_duration_minutes: Steps,
}

include!(concat!(env!("OUT_DIR"), "/listing_rules.rs"));

impl ListingRules {
    /// The farthest a provider may say they travel.
    pub const fn max_radius_km(&self) -> i32 {
        self.serves_radius_km[self.serves_radius_km.len() - 1]
    }
}

// The file's numbers must make rules that can be met: a mistake there stops the build, not a seller.
const _: () = {
    let r = RULES;
    assert!(r.name.min <= r.name.max && r.location.min <= r.location.max, "a length's min above its max");
    assert!(r.description.min <= r.description.max && r.option_name.min <= r.option_name.max, "a min above a max");
    assert!(0 < r.price_ksh.min && r.price_ksh.min <= r.price_ksh.max, "prices from a positive min to a max");
    assert!(r.duration_minutes.contains(r.default_duration_minutes), "the default length is not a length");
    let steps = [r.duration_minutes, r.option_duration_minutes];
    let mut i = 0;
    while i < steps.len() {
        let s = steps[i];
        assert!(s.step > 0 && s.contains(s.min) && s.contains(s.max), "minutes from min to max in whole steps");
        i += 1;
    }
    let radii = r.serves_radius_km;
    assert!(!radii.is_empty() && radii[0] == 0, "not travelling is a choice, and a listing's default");
    let mut i = 1;
    while i < radii.len() {
        assert!(radii[i - 1] < radii[i], "the distances ascending, each once");
        i += 1;
    }
    assert!(r.min_photos >= 1 && r.max_options >= 1, "a listing with no photo, a menu of nothing");
};
