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

/// A category or a subcategory with the folded words of its id and its titles in both languages, and
/// those titles whole: what the search box's suggestions and a search's words are matched against.
struct Titled {
    category: &'static Category,
    subcategory: Option<&'static Subcategory>,
    words: Vec<String>,
    whole: Vec<String>,
}

/// Every category, each followed by its subcategories, in the tree's order.
static TITLED: std::sync::LazyLock<Vec<Titled>> = std::sync::LazyLock::new(|| {
    let titled = |category, subcategory, texts: [&str; 3]| {
        let whole: Vec<String> = texts.iter().map(|t| crate::places::fold(t)).collect();
        let mut words: Vec<String> = texts
            .iter()
            .flat_map(|t| crate::places::fold(&t.replace('-', " ")).split(' ').map(str::to_owned).collect::<Vec<_>>())
            .filter(|w| !w.is_empty())
            .collect();
        words.sort_unstable();
        words.dedup();
        Titled { category, subcategory, words, whole }
    };
    CATEGORIES
        .iter()
        .flat_map(|c| {
            std::iter::once(titled(c, None, [c.id, c.title, c.sw]))
                .chain(c.subcategories.iter().map(move |s| titled(c, Some(s), [s.slug, s.title, s.sw])))
        })
        .collect()
});

/// Whether a folded word names a service: a word of a category's or subcategory's title in either
/// language ("kucha", "nywele", "urembo") or one the synonyms give a meaning ("manicure"). A one-word
/// place of such a name ("Maua" in Meru) is not taken for a place in a search or a place's page.
pub fn names_service(word: &str) -> bool {
    crate::synonyms::SYNONYMS.means(word).is_some()
        || TITLED.iter().any(|t| t.words.binary_search_by(|w| w.as_str().cmp(word)).is_ok())
}

/// The categories and subcategories a typed text may mean, at most `limit`, for the search box's
/// suggestions: every typed word begins a word of the title in English or
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
    let typed_whole = typed.join(" ");
    let meant: Vec<Option<&[String]>> = typed.iter().map(|w| SYNONYMS.means_near(w)).collect();
    let mut found = Vec::new();
    for t in TITLED.iter() {
        let all = typed.iter().zip(&meant).all(|(w, meant)| {
            t.words.iter().any(|x| x.starts_with(w))
                || meant.is_some_and(|meant| meant.iter().any(|m| t.words.contains(m)))
        });
        if all {
            let whole = t.whole.contains(&typed_whole);
            // A whole title first; of those the category first, of the others the subcategories.
            let kind = u8::from(whole == t.subcategory.is_some());
            found.push((!whole, kind, (t.category, t.subcategory)));
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
