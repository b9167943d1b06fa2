//! accounts-svc's records: the user, their package subscription and payments.

use mtaani_proto::accounts::v1 as pb;
use serde::Serialize;

use super::iso8601;

/// The user as the web app stores it in its session (SPEC §3).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = User)]
pub struct UserJson {
    pub id: String,
    pub user_name: String,
    pub email: String,
    pub phone_number: String,
    /// `buyer`, `seller` or `admin`.
    #[schema(value_type = crate::routes::doc::AccountType)]
    pub account_type: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seller_package: Option<SellerPackageJson>,
    /// What Mtaani's e-mails and SMS to the user are written in (`PUT /api/me/language`): set at
    /// registration from the request's `Accept-Language`. Always sent; optional in the document so
    /// that a client's stored sessions from before it (and their fixtures) stay valid.
    #[serde(skip_serializing_if = "String::is_empty")]
    #[schema(value_type = crate::routes::doc::Language)]
    pub language: String,
}

/// A seller's package as the session keeps it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SellerPackage)]
pub struct SellerPackageJson {
    pub package_id: String,
    pub name: String,
    pub photo_uploads: i32,
}

impl From<pb::User> for UserJson {
    fn from(u: pb::User) -> Self {
        Self {
            account_type: match pb::AccountType::try_from(u.account_type) {
                Ok(pb::AccountType::Seller) => "seller",
                Ok(pb::AccountType::Admin) => "admin",
                _ => "buyer",
            },
            id: u.id,
            user_name: u.user_name,
            email: u.email,
            phone_number: u.phone_number,
            seller_package: u.seller_package.map(|p| SellerPackageJson {
                package_id: p.package_id,
                name: p.name,
                photo_uploads: p.photo_uploads,
            }),
            language: mtaani_proto::language::Language::of(&u.language).code().to_owned(),
        }
    }
}

/// A seller's package subscription.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Subscription)]
pub struct SubscriptionJson {
    pub package_id: String,
    pub package_name: String,
    pub price: i64,
    /// `pending_payment`, `active`, `grace` or `expired`.
    #[schema(value_type = crate::routes::doc::SubscriptionStatus)]
    pub status: &'static str,
    pub paid_until: Option<String>,
    pub pending_package_id: Option<String>,
    pub pending_payment: Option<PaymentJson>,
    /// When the next month can be paid (the last 7 days of the month paid); null when it can be
    /// paid now. A renewal before then is refused (409).
    pub renewable_from: Option<String>,
}

impl From<pb::Subscription> for SubscriptionJson {
    fn from(s: pb::Subscription) -> Self {
        use pb::SubscriptionStatus as S;
        let status = match S::try_from(s.status) {
            Ok(S::PendingPayment) => "pending_payment",
            Ok(S::Grace) => "grace",
            Ok(S::Expired) => "expired",
            _ => "active",
        };
        Self {
            package_id: s.package_id,
            package_name: s.package_name,
            price: s.price,
            status,
            paid_until: (s.paid_until > 0).then(|| iso8601(s.paid_until)),
            pending_package_id: s.pending_package_id,
            pending_payment: s.pending_payment.map(Into::into),
            renewable_from: (s.renewable_from > 0).then(|| iso8601(s.renewable_from)),
        }
    }
}

/// A payment as the web app reads it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Payment)]
pub struct PaymentJson {
    pub id: String,
    #[schema(value_type = crate::routes::doc::PaymentPurpose)]
    pub purpose: String,
    pub package_id: String,
    pub package_name: String,
    pub amount: i64,
    pub phone_number: String,
    /// `pending`, `succeeded` or `failed`.
    #[schema(value_type = crate::routes::doc::PaymentStatus)]
    pub status: &'static str,
    pub mpesa_receipt: String,
    pub result_code: Option<i32>,
    pub message: String,
    pub created_at: String,
    pub completed_at: Option<String>,
    pub simulated: bool,
}

impl From<pb::Payment> for PaymentJson {
    fn from(p: pb::Payment) -> Self {
        let status = match pb::PaymentStatus::try_from(p.status) {
            Ok(pb::PaymentStatus::Succeeded) => "succeeded",
            Ok(pb::PaymentStatus::Failed) => "failed",
            _ => "pending",
        };
        Self {
            id: p.id,
            purpose: p.purpose,
            package_id: p.package_id,
            package_name: p.package_name,
            amount: p.amount,
            phone_number: p.phone_number,
            status,
            mpesa_receipt: p.mpesa_receipt,
            result_code: (p.result_code >= 0 && status != "pending").then_some(p.result_code),
            message: p.message,
            created_at: iso8601(p.created_at),
            completed_at: (p.completed_at > 0).then(|| iso8601(p.completed_at)),
            simulated: p.simulated,
        }
    }
}

impl PaymentJson {
    /// For answers to whoever holds the payment's id: the number shown as `+254 7•• ••• 678`.
    pub fn masked(p: pb::Payment) -> Self {
        let mut json = Self::from(p);
        json.phone_number = mask(&json.phone_number);
        json
    }
}

fn mask(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    match digits.strip_prefix("254") {
        Some(rest) if rest.len() == 9 => format!("+254 {}•• ••• {}", &rest[..1], &rest[6..]),
        _ if digits.len() > 3 => format!("•••{}", &digits[digits.len() - 3..]),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_are_masked() {
        assert_eq!(super::mask("+254712345678"), "+254 7•• ••• 678");
        assert_eq!(super::mask("+14155550100"), "•••100");
        assert_eq!(super::mask(""), "");
    }
}
