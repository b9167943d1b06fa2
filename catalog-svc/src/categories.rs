//! The category tree of SPEC §2: each category's id, title and subcategories (slugs as in the routes).

pub struct Category {
    pub id: &'static str,
    pub title: &'static str,
    pub subcategories: &'static [&'static str],
}

pub const CATEGORIES: [Category; 9] = [
    Category {
        id: "beauty",
        title: "Beauty",
        subcategories: &[
            "makeup",
            "nails",
            "eyebrows-lashes",
            "microblading",
            "tattoo-piercings",
            "waxing",
            "asmr-massage",
            "hub",
        ],
    },
    Category {
        id: "hair",
        title: "Hair",
        subcategories: &["braiding", "weaving", "locs", "wig-makeovers", "ladies-haircut", "complete-care"],
    },
    Category {
        id: "health",
        title: "Health",
        subcategories: &["skin-consultation", "mental-health", "maternal-care", "reproductive-care"],
    },
    Category { id: "fitness", title: "Fitness", subcategories: &["gym", "personal-trainers", "nutritionist"] },
    Category {
        id: "fashion",
        title: "Fashion",
        subcategories: &["african", "maasai-wear", "crotchet", "personal-stylist"],
    },
    Category { id: "bridal", title: "Bridal", subcategories: &["makeup", "hair", "maids-for-hire", "gowns-for-hire"] },
    Category { id: "flowers-gifts", title: "Flowers & Gifts", subcategories: &["personalized", "customized"] },
    Category { id: "home", title: "Home", subcategories: &["cleaning", "laundry"] },
    Category { id: "photography", title: "Photography", subcategories: &["event", "lifestyle", "portrait"] },
];

pub fn find(id: &str) -> Option<&'static Category> {
    CATEGORIES.iter().find(|c| c.id == id)
}

/// True when `subcategory` belongs to `category`.
pub fn contains(category: &str, subcategory: &str) -> bool {
    find(category).is_some_and(|c| c.subcategories.contains(&subcategory))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_matches_the_routes() {
        assert_eq!(CATEGORIES.iter().map(|c| c.subcategories.len()).sum::<usize>(), 36);
        assert!(contains("bridal", "makeup") && contains("beauty", "makeup"));
        assert!(!contains("hair", "makeup") && !contains("nope", "makeup"));
    }
}
