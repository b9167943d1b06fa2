//! Reports of a listing or a review (POST /api/reports, a review's "Report"): the rule a report
//! follows and how it is stored. Below the moderation that answers them and the reviews that take them.

use mtaani_proto::{catalog::v1 as pb, status::Violations, text::said};
use mtaani_runtime::audit::{self, Actor, Event};
use sqlx::AnyPool;

use crate::{error::Result, store};

pub const REASONS: [(&str, &str); 5] = [
    ("scam", "Scam or fraud"),
    ("offensive", "Offensive or inappropriate"),
    ("misleading", "Wrong or misleading information"),
    ("duplicate", "Duplicate listing"),
    ("other", "Something else"),
];

/// A report's reason is one of the list; its details short and printable.
pub fn check_report(reason: &str, details: &str) -> Result<()> {
    let mut v = Violations::new();
    v.check(REASONS.iter().any(|(k, _)| *k == reason.trim()), "reason", said::choose_reason());
    v.check(details.chars().count() <= 1000, "details", said::details_too_long());
    v.check(!details.contains('\0'), "details", said::unsupported_characters());
    Ok(v.finish()?)
}

/// Stores an open report of a listing or a review (of `listing`), and the visitor's report in the audit
/// log with it: its reason's code, and the listing it concerns by name.
pub async fn store_report(
    pool: &AnyPool,
    kind: &str,
    target: &str,
    listing: &pb::Listing,
    reason: &str,
    details: &str,
) -> Result<pb::Report> {
    let created = pb::Report {
        id: uuid::Uuid::now_v7().to_string(),
        kind: kind.into(),
        target_id: target.into(),
        reason: reason.into(),
        details: details.into(),
        status: "open".into(),
        resolution: String::new(),
        resolution_reason: String::new(),
        created_at: crate::clock::now(),
        closed_at: 0,
        listing: None,
        review: None,
    };
    let mut tx = pool.begin().await?;
    store::moderation::insert_report(&mut tx, &created).await?;
    let event = Event {
        seller_id: &listing.seller_id,
        listing_id: &listing.id,
        reason,
        ..Event::new(Actor::VISITOR, "report.file", ("report", &created.id, &listing.name))
    };
    audit::record(&mut tx, &event, created.created_at).await?;
    tx.commit().await?;
    tracing::info!(report = %created.id, kind, target, reason = %created.reason, "reported");
    Ok(created)
}
