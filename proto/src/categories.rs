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

/// The categories and subcategories a typed text may mean, at most `limit`, for the search box's
/// suggestions (issue 42's header): every typed word begins a word of the title in English or
/// Kiswahili or of the id, or means one (`synonyms`: "kucha", "manicur" → Nails). A whole title typed
/// comes first (a category before a subcategory of its name), then the subcategories and categories
/// whose words the typed ones begin, in the tree's order.
pub fn suggest(typed: &str, limit: usize) -> Vec<(&'static Category, Option<&'static Subcategory>)> {
    use crate::{places::fold, synonyms::SYNONYMS};
    let typed = fold(typed);
    let typed: Vec<&str> = typed.split(' ').filter(|w| !w.is_empty() && !SYNONYMS.ignores(w)).take(4).collect();
    if typed.is_empty() {
        return Vec::new();
    }
    let matches = |texts: &[&str]| {
        let words: Vec<String> = texts
            .iter()
            .flat_map(|t| fold(&t.replace('-', " ")).split(' ').map(str::to_owned).collect::<Vec<_>>())
            .collect();
        let whole = texts.iter().any(|t| fold(t) == typed.join(" "));
        let all = typed.iter().all(|w| {
            words.iter().any(|x| x.starts_with(w))
                || SYNONYMS.means_near(w).is_some_and(|meant| meant.iter().any(|m| words.iter().any(|x| x == m)))
        });
        all.then_some(whole)
    };
    let mut found = Vec::new();
    for c in CATEGORIES {
        for s in c.subcategories {
            if let Some(whole) = matches(&[s.slug, s.title, s.sw]) {
                found.push((!whole, u8::from(whole), (c, Some(s))));
            }
        }
        if let Some(whole) = matches(&[c.id, c.title, c.sw]) {
            found.push((!whole, u8::from(!whole), (c, None)));
        }
    }
    // Stable: the tree's order among equals.
    found.sort_by_key(|(not_whole, kind, _)| (*not_whole, *kind));
    found.into_iter().take(limit).map(|(_, _, hit)| hit).collect()
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
    fn typed_words_suggest_what_they_mean() {
        let names = |typed: &str| -> Vec<String> {
            suggest(typed, 4)
                .into_iter()
                .map(|(c, s)| s.map_or_else(|| c.id.to_owned(), |s| format!("{}/{}", c.id, s.slug)))
                .collect()
        };
        assert_eq!(names("nails"), ["beauty/nails"]);
        assert_eq!(names("kucha"), ["beauty/nails"], "Kiswahili");
        assert_eq!(names("manicur"), ["beauty/nails"], "a synonym half typed");
        assert_eq!(names("ma").first().map(String::as_str), Some("beauty/makeup"), "{:?}", names("ma"));
        assert_eq!(names("ma").len(), 4);
        assert_eq!(
            names("hair")[..2],
            ["hair".to_owned(), "bridal/hair".to_owned()],
            "whole titles first, the category first"
        );
        assert_eq!(names("bridal makeup"), ["bridal/makeup"]);
        assert!(names("zzzz").is_empty() && names("").is_empty() && names("in").is_empty());
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
