//! The seller packages of SPEC §9, from `accounts/v1/packages.json`, the one place they are written:
//! accounts-svc sells them, and the web app's terms and help pages read the same file. Prices in
//! whole Ksh per month.

/// One monthly package.
#[derive(Debug, PartialEq, Eq)]
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

include!(concat!(env!("OUT_DIR"), "/packages.rs"));

impl From<&Package> for crate::accounts::v1::SellerPackage {
    fn from(p: &Package) -> Self {
        Self {
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
