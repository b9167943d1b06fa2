//! A seller's subscription by the calendar: a paid month, the grace after it, and what the status in
//! force at a moment lets the seller do.

use mtaani_proto::accounts::v1::SubscriptionStatus;

use crate::store::subscriptions::SubscriptionRow;

/// Days a paid month lasts, and the grace after it before listings are hidden.
pub const PERIOD_DAYS: i64 = 30;
pub const GRACE_DAYS: i64 = 3;
pub const DAY: i64 = 86_400;
/// The next month is paid in the last days of the month paid, not on the day it began: paying early
/// would only stack months the seller may not want.
pub const RENEW_WITHIN_DAYS: i64 = 7;

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

/// When the next month can be paid, if not at `now`: the last [`RENEW_WITHIN_DAYS`] of the month
/// paid. A subscription never paid, in grace or expired can be paid at once.
pub fn renewable_from(s: &SubscriptionRow, now: i64) -> Option<i64> {
    let from = s.paid_until - RENEW_WITHIN_DAYS * DAY;
    (effective_status(s, now) == SubscriptionStatus::Active && now < from).then_some(from)
}

/// Whether a seller in `status` may post and has their listings shown: paid or in grace, and not
/// suspended.
pub fn selling(status: SubscriptionStatus, suspended: bool) -> bool {
    !suspended && matches!(status, SubscriptionStatus::Active | SubscriptionStatus::Grace)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paid_until(paid_until: i64, status: &str) -> SubscriptionRow {
        SubscriptionRow {
            id: "s".into(),
            user_id: "u".into(),
            package_id: "standard".into(),
            status: status.into(),
            paid_until,
            pending_package_id: None,
        }
    }

    #[test]
    fn the_next_month_is_paid_in_the_last_seven_days_or_once_run_out() {
        let end = 100 * DAY;
        let s = paid_until(end, "active");
        assert_eq!(renewable_from(&s, end - PERIOD_DAYS * DAY), Some(end - 7 * DAY), "the day it was paid");
        assert_eq!(renewable_from(&s, end - 7 * DAY - 1), Some(end - 7 * DAY), "a second before");
        assert_eq!(renewable_from(&s, end - 7 * DAY), None, "from the first of the last 7 days");
        assert_eq!(renewable_from(&s, end + DAY), None, "in grace");
        assert_eq!(renewable_from(&s, end + 10 * DAY), None, "expired");
        assert_eq!(renewable_from(&paid_until(0, "pending_payment"), 0), None, "never paid");
        assert_eq!(renewable_from(&paid_until(end, "expired"), 0), None, "expired by the checks");
    }
}
