//! The seller packages of SPEC §9 as accounts-svc sells them; the packages themselves are the
//! contract's (`mtaani_proto::packages`, from `proto/accounts/v1/packages.json`).

pub use mtaani_proto::packages::{PACKAGES, Package};

pub fn find(id: &str) -> Option<&'static Package> {
    PACKAGES.iter().find(|p| p.id == id)
}

/// The package a stored subscription or payment names: one that is not there is a fault of ours
/// (a package taken out of the contract while still held), not the caller's.
pub fn subscribed(id: &str) -> Result<&'static Package, crate::error::Error> {
    find(id).ok_or_else(|| anyhow::anyhow!("no package {id:?}, named by a stored subscription or payment").into())
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
