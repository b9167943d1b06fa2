//! A generated marketplace for the benchmarks: deterministic listings across every category,
//! subcategory and town (names, areas, prices and descriptions as Kenyan providers write them).
//! `examples/gen-catalog.rs` stores them with photos for `make bench`; `benches/search.rs` and the
//! judged query set (`relevance.rs`) index them directly. Not used by the service itself.

use mtaani_proto::categories::{CATEGORIES, LOCATIONS};

/// Neighbourhoods of each town of [`LOCATIONS`], by its name.
const AREAS: [(&str, &[&str]); 5] = [
    ("Nairobi", &["Westlands", "Kilimani", "CBD", "Karen", "Lavington", "Kasarani", "South B", "Embakasi"]),
    ("Nakuru", &["Milimani", "Section 58", "Lanet", "Free Area"]),
    ("Kiambu", &["Ruiru", "Kiambu Town", "Juja", "Githurai", "Limuru"]),
    ("Kisumu", &["Milimani", "Kondele", "Nyalenda", "Mamboleo"]),
    ("Thika", &["Makongeni", "Thika Town", "Section 9"]),
];

const PEOPLE: [&str; 16] = [
    "Wanjiru", "Achieng", "Njeri", "Fatuma", "Kiprono", "Mercy", "Baraka", "Zawadi", "Amani", "Imani", "Juma", "Neema",
    "Wambui", "Atieno", "Chebet", "Halima",
];
const PLACES: [&str; 14] = [
    "Studio",
    "Touch",
    "Glow",
    "Palace",
    "Corner",
    "Experts",
    "Care",
    "Lounge",
    "House",
    "Artistry",
    "Hub",
    "Collective",
    "Works",
    "Boutique",
];
const OPENERS: [&str; 8] = [
    "Friendly, professional",
    "Affordable, quality",
    "Experienced and certified",
    "Trusted local",
    "Modern, relaxed",
    "Gentle, careful",
    "Fast and reliable",
    "Personal, made-to-measure",
];
const CLOSERS: [&str; 10] = [
    "Home visits available across town.",
    "Weekend and evening appointments.",
    "Walk-ins welcome, booking recommended.",
    "Packages for groups, weddings and parties.",
    "Sterilised tools and clean rooms, always.",
    "Free consultation before your first session.",
    "M-Pesa accepted; prices agreed before we start.",
    "Over ten years of happy clients and great reviews.",
    "Products suited to every Kenyan skin and hair type.",
    "Call or WhatsApp to check the day's free slots.",
];

/// A small deterministic generator (xorshift64), so every run generates the same marketplace.
pub struct Rng(pub u64);

impl Default for Rng {
    fn default() -> Self {
        Self(0x9E37_79B9_7F4A_7C15)
    }
}

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    pub fn pick<'a, T>(&mut self, from: &'a [T]) -> &'a T {
        &from[self.below(from.len())]
    }
}

/// One generated listing's text and prices.
#[derive(Debug, Clone)]
pub struct Listing {
    pub name: String,
    pub category: &'static str,
    pub subcategory: &'static str,
    /// "Area, Town", as providers write it.
    pub location: String,
    pub description: String,
    pub min_price: i64,
    pub max_price: i64,
}

/// The next listing of the marketplace `rng` generates.
pub fn listing(rng: &mut Rng) -> Listing {
    let category = rng.pick(CATEGORIES);
    let subcategory = rng.pick(category.subcategories).slug;
    let sub_words = subcategory.replace('-', " ");
    let town = rng.pick(LOCATIONS).name;
    let area = match AREAS.iter().find(|(t, _)| *t == town) {
        Some((_, areas)) => *rng.pick(areas),
        None => town,
    };
    let person = rng.pick(&PEOPLE);
    // Prices in round hundreds, the top of the range 1.5 to 4 times the bottom.
    let min_price = 500 + 100 * rng.below(150) as i64;
    let max_price = min_price * (15 + rng.below(26) as i64) / 10 / 100 * 100;
    Listing {
        name: format!("{person}'s {} {}", capitalise(&sub_words), rng.pick(&PLACES)),
        category: category.id,
        subcategory,
        location: format!("{area}, {town}"),
        description: format!(
            "{} {sub_words} in {area}, {town}, by {person}. {} {}",
            rng.pick(&OPENERS),
            rng.pick(&CLOSERS),
            rng.pick(&CLOSERS)
        ),
        min_price,
        max_price: max_price.max(min_price),
    }
}

/// The first `n` listings of the generated marketplace as the search index reads them, each placed
/// by its location text as a listing posted without a place is (`benches/search.rs`, `relevance.rs`).
pub fn documents(n: usize) -> Vec<crate::search::Document> {
    let mut rng = Rng::default();
    (0..n)
        .map(|i| {
            let l = listing(&mut rng);
            let place_id = mtaani_proto::places::PLACES.named_in(&l.location).map(|p| p.id.clone()).unwrap_or_default();
            crate::search::Document {
                id: format!("listing-{i:06}"),
                name: l.name,
                category: l.category.to_owned(),
                subcategory: l.subcategory.to_owned(),
                location: l.location,
                description: l.description,
                featured: i % 7 == 0,
                created_at: i as i64,
                min_price: l.min_price,
                max_price: l.max_price,
                place_id,
                ..Default::default()
            }
        })
        .collect()
}

fn capitalise(s: &str) -> String {
    s.split(' ')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_town_has_its_areas_and_listings_are_valid() {
        for l in LOCATIONS {
            assert!(AREAS.iter().any(|(t, _)| *t == l.name), "no areas for {}", l.name);
        }
        let mut rng = Rng::default();
        for _ in 0..500 {
            let l = listing(&mut rng);
            assert!(mtaani_proto::categories::contains(l.category, l.subcategory));
            assert!(l.min_price >= 500 && l.max_price >= l.min_price && l.max_price % 100 == 0);
        }
        let (a, b) = (listing(&mut Rng::default()), listing(&mut Rng::default()));
        assert_eq!((a.name, a.location), (b.name, b.location));
    }
}
