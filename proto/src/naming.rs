//! What typed words name: the categories and subcategories a search's words or the search box's
//! suggestions mean, by their titles in both languages (`categories`) and the vocabulary people use
//! (`synonyms`). Above both, since the vocabulary's kinds are checked against the tree.

use crate::categories::{CATEGORIES, Category, Subcategory};

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
}
