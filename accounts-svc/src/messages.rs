//! The `accounts.v1` messages of a user, their subscription and their payments, read from the
//! store's rows; the use cases answer with them.

use mtaani_proto::accounts::v1 as pb;

use crate::{
    packages,
    store::{payments::PaymentRow, subscriptions::SubscriptionRow, users::UserRow},
    subscription::{effective_status, renewable_from},
};

pub fn user(u: &UserRow, subscription: Option<&SubscriptionRow>) -> pb::User {
    let seller = u.account_type == "seller";
    pb::User {
        id: u.id.clone(),
        user_name: u.user_name.clone(),
        email: u.email.clone(),
        phone_number: u.phone_number.clone(),
        account_type: match u.account_type.as_str() {
            "seller" => pb::AccountType::Seller,
            "admin" => pb::AccountType::Admin,
            _ => pb::AccountType::Buyer,
        } as i32,
        seller_package: subscription.filter(|_| seller).and_then(|s| packages::find(&s.package_id)).map(|p| {
            pb::SellerPackageRef { package_id: p.id.into(), name: p.name.into(), photo_uploads: p.photo_uploads }
        }),
        created_at: u.created_at,
        language: u.language.code().to_owned(),
    }
}

/// The subscription as it stands at `now`, without its pending payment.
pub fn subscription(s: &SubscriptionRow, now: i64) -> pb::Subscription {
    let package = packages::find(&s.package_id);
    pb::Subscription {
        id: s.id.clone(),
        user_id: s.user_id.clone(),
        package_id: s.package_id.clone(),
        package_name: package.map_or_else(|| s.package_id.clone(), |p| p.name.to_owned()),
        price: package.map_or(0, |p| p.price),
        status: effective_status(s, now) as i32,
        paid_until: s.paid_until,
        pending_package_id: s.pending_package_id.clone(),
        pending_payment: None,
        renewable_from: renewable_from(s, now).unwrap_or(0),
    }
}

pub fn payment(p: &PaymentRow) -> pb::Payment {
    use pb::PaymentStatus as S;
    let status = match p.status.as_str() {
        "succeeded" => S::Succeeded,
        "failed" => S::Failed,
        _ => S::Pending,
    };
    pb::Payment {
        id: p.id.clone(),
        user_id: p.user_id.clone(),
        package_id: p.package_id.clone(),
        amount: p.amount,
        phone_number: p.phone_number.clone(),
        status: status as i32,
        checkout_request_id: p.checkout_request_id.clone().unwrap_or_default(),
        mpesa_receipt: p.mpesa_receipt.clone().unwrap_or_default(),
        result_code: p.result_code.map_or(-1, |c| c as i32),
        message: p.message.clone(),
        created_at: p.created_at,
        completed_at: p.completed_at.unwrap_or(0),
        simulated: p.provider == "simulated",
        purpose: p.purpose.clone(),
        package_name: packages::find(&p.package_id).map_or_else(|| p.package_id.clone(), |k| k.name.to_owned()),
    }
}
