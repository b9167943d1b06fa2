//! The operators' audit log's kinds of event, shared by the services that write it and the gateway
//! that filters it: an action is `<kind>.<verb>` (`listing.hide`, `seller.register`).

/// Every kind an entry can have, as `GET /api/admin/audit?kind=` takes them.
pub const KINDS: [&str; 7] = ["listing", "review", "report", "seller", "payment", "admin", "contact"];

/// The kind of `action` (`listing.hide` -> `listing`).
pub fn kind_of(action: &str) -> &str {
    action.split_once('.').map_or(action, |(kind, _)| kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_is_of_the_kind_before_its_dot() {
        assert_eq!(kind_of("listing.hide"), "listing");
        assert_eq!(kind_of("admin.sign_in"), "admin");
        assert!(KINDS.contains(&kind_of("payment.paid")));
    }
}
