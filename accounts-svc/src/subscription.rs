//! A seller's subscription by the calendar: a paid month, the grace after it, and what the status in
//! force at a moment lets the seller do.

use mtaani_proto::accounts::v1::SubscriptionStatus;

use crate::store::subscriptions::SubscriptionRow;

/// Days a paid month lasts, and the grace after it before listings are hidden.
pub const PERIOD_DAYS: i64 = 30;
pub const GRACE_DAYS: i64 = 3;
pub const DAY: i64 = 86_400;

/// The status in force at `now`: a paid month runs out into a grace period, then expiry.
pub fn effective_status(s: &SubscriptionRow, now: i64) -> SubscriptionStatus {
    use SubscriptionStatus as S;
    match s.status.as_str() {
        "pending_payment" => S::PendingPayment,
        "expired" => S::Expired,
        _ if now <= s.paid_until => S::Active,
        _ if now <= s.paid_until + GRACE_DAYS * DAY => S::Grace,
        _ => S::Expired,
    }
}

/// Whether a seller in `status` may post and has their listings shown: paid or in grace, and not
/// suspended.
pub fn selling(status: SubscriptionStatus, suspended: bool) -> bool {
    !suspended && matches!(status, SubscriptionStatus::Active | SubscriptionStatus::Grace)
}
