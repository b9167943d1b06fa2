//! The category tree of SPEC §2 and the locations of §3, from `catalog/v1/categories.json` — the one
//! source the catalog, the gateway and the web app all read (at build time), so adding a subcategory
//! is one edit there (and its Kiswahili title in `categories.sw.json`, which the build asks for).

/// A category: its id and title, and its subcategories (slugs as in the routes).
#[derive(Debug)]
pub struct Category {
    pub id: &'static str,
    pub title: &'static str,
    /// The title in Kiswahili (`catalog/v1/categories.sw.json`).
    pub sw: &'static str,
    pub subcategories: &'static [Subcategory],
}

#[derive(Debug)]
pub struct Subcategory {
    /// The subcategory's id in URLs and listings, e.g. `eyebrows-lashes`; unique within its category.
    pub slug: &'static str,
    pub title: &'static str,
    /// The title in Kiswahili.
    pub sw: &'static str,
}

/// A town in the header's location list; listings name it in their location text.
#[derive(Debug)]
pub struct Location {
    pub id: &'static str,
    pub name: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/categories.rs"));

pub fn find(id: &str) -> Option<&'static Category> {
    CATEGORIES.iter().find(|c| c.id == id)
}

/// True when `subcategory` belongs to `category`.
pub fn contains(category: &str, subcategory: &str) -> bool {
    find(category).is_some_and(|c| c.subcategories.iter().any(|s| s.slug == subcategory))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_matches_the_routes() {
        assert_eq!(CATEGORIES.len(), 9);
        assert_eq!(CATEGORIES.iter().map(|c| c.subcategories.len()).sum::<usize>(), 36);
        assert_eq!(find("flowers-gifts").map(|c| c.title), Some("Flowers & Gifts"));
        assert!(contains("bridal", "makeup") && contains("beauty", "makeup"));
        assert!(!contains("hair", "makeup") && !contains("nope", "makeup"));
        let names: Vec<_> = LOCATIONS.iter().map(|l| l.name).collect();
        assert_eq!(names, ["Nairobi", "Nakuru", "Kiambu", "Kisumu", "Thika"]);
    }

    #[test]
    fn slugs_are_unique_within_a_category() {
        for c in CATEGORIES {
            let mut slugs: Vec<_> = c.subcategories.iter().map(|s| s.slug).collect();
            slugs.sort_unstable();
            slugs.dedup();
            assert_eq!(slugs.len(), c.subcategories.len(), "{}", c.id);
        }
    }
}
