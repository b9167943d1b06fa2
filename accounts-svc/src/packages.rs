//! The seller packages of SPEC §9. Prices in whole Ksh per month.

use mtaani_proto::accounts::v1::SellerPackage;

pub struct Package {
    pub id: &'static str,
    pub name: &'static str,
    pub price: i64,
    pub recommended: bool,
    pub featured: bool,
    pub photo_uploads: i32,
    pub video_uploads: i32,
    pub features: &'static [&'static str],
}

pub const PACKAGES: [Package; 3] = [
    Package {
        id: "basic",
        name: "Basic",
        price: 800,
        recommended: false,
        featured: false,
        photo_uploads: 1,
        video_uploads: 0,
        features: &["List your services", "1 photo per listing", "WhatsApp and phone contact", "Appointment requests"],
    },
    Package {
        id: "standard",
        name: "Standard",
        price: 1500,
        recommended: true,
        featured: false,
        photo_uploads: 2,
        video_uploads: 0,
        features: &[
            "List your services",
            "2 photos per listing",
            "WhatsApp and phone contact",
            "Appointment requests",
            "Manage bookings from My Account",
        ],
    },
    Package {
        id: "premium",
        name: "Premium",
        price: 2500,
        recommended: false,
        featured: true,
        photo_uploads: 3,
        video_uploads: 0,
        features: &[
            "List your services",
            "3 photos per listing",
            "Featured listing: shown first with a Featured badge",
            "WhatsApp and phone contact",
            "Appointment requests",
            "Manage bookings from My Account",
        ],
    },
];

pub fn find(id: &str) -> Option<&'static Package> {
    PACKAGES.iter().find(|p| p.id == id)
}

impl From<&Package> for SellerPackage {
    fn from(p: &Package) -> Self {
        SellerPackage {
            id: p.id.into(),
            name: p.name.into(),
            price: p.price,
            recommended: p.recommended,
            featured: p.featured,
            features: p.features.iter().map(|f| (*f).to_owned()).collect(),
            photo_uploads: p.photo_uploads,
            video_uploads: p.video_uploads,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packages_match_the_spec() {
        let got: Vec<_> = PACKAGES.iter().map(|p| (p.id, p.price, p.photo_uploads, p.video_uploads)).collect();
        assert_eq!(got, [("basic", 800, 1, 0), ("standard", 1500, 2, 0), ("premium", 2500, 3, 0)]);
        assert!(find("standard").unwrap().recommended && find("premium").unwrap().featured);
        assert!(find("gold").is_none());
    }
}
