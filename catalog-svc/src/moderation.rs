//! Moderation: visitors' reports of listings, operators hiding and restoring listings (out of every
//! public read at once, the seller told why, the listing's open reports closed), finding listings with
//! hidden ones, counts for the overview, a seller's listings deleted with their account, and the
//! append-only audit log of every operator action here.

use mtaani_proto::{
    catalog::v1 as pb,
    messaging::v1::{self as msg, send_notification_request::Kind},
};
use mtaani_runtime::audit::{self, Actor, Event};
use sqlx::AnyPool;

use crate::{
    clock::now,
    error::{Error, Result},
    photos,
    reports::{check_report, store_report},
    service::Catalog,
    store,
};

async fn listing_any(pool: &AnyPool, id: &str) -> Result<Option<pb::Listing>> {
    store::listings::get(pool, id, true).await
}

/// What a report is about: the listing, or the review and its listing.
async fn attach_target(pool: &AnyPool, rep: &mut pb::Report) -> Result<()> {
    if rep.kind == "review" {
        let mut conn = pool.acquire().await?;
        rep.review = store::reviews::review_by_id(&mut conn, &rep.target_id).await?;
        if let Some(review) = &rep.review {
            rep.listing = listing_any(pool, &review.listing_id).await?;
        }
    } else {
        rep.listing = listing_any(pool, &rep.target_id).await?;
    }
    Ok(())
}

/// An operator's `action` on `listing`, for the audit log.
fn operator_on<'a>(
    r: &'a pb::ModerateListingRequest,
    action: &'a str,
    listing: &'a pb::Listing,
    why: &'a str,
) -> Event<'a> {
    let target = ("listing", listing.id.as_str(), listing.name.as_str());
    Event {
        seller_id: &listing.seller_id,
        listing_id: &listing.id,
        reason: why,
        ..Event::new(Actor::admin(&r.admin_id, &r.admin_name), action, target)
    }
}

impl Catalog {
    pub async fn report_listing(&self, r: pb::ReportListingRequest) -> Result<pb::Report> {
        check_report(&r.reason, &r.details)?;
        // Only what the public sees can be reported.
        let listing =
            store::listings::get(&self.pool, r.listing_id.trim(), false).await?.ok_or(Error::ListingNotFound)?;
        store_report(&self.pool, "listing", &listing.id, &listing, r.reason.trim(), r.details.trim()).await
    }

    pub async fn list_reports(&self, r: pb::ListReportsRequest) -> Result<pb::ListReportsResponse> {
        let status = match r.status.trim() {
            "" | "open" => "open",
            "closed" => "closed",
            _ => return Err(Error::BadReportFilter),
        };
        let (limit, offset) = store::listings::page(r.page.as_ref());
        let mut reports = store::moderation::reports_by_status(&self.pool, status, limit, offset).await?;
        let total = store::moderation::count_reports(&self.pool, status).await?;
        for rep in &mut reports {
            attach_target(&self.pool, rep).await?;
        }
        Ok(pb::ListReportsResponse { reports, total })
    }

    pub async fn dismiss_report(&self, r: pb::ReportActionRequest) -> Result<pb::Report> {
        let given = if r.reason.trim().is_empty() { String::new() } else { audit::reason(&r.reason)? };
        // The report keeps a word for its resolution; the log only a reason the operator gave.
        let why = if given.is_empty() { "Dismissed".to_owned() } else { given.clone() };
        let found = store::moderation::report_by_id(&self.pool, r.id.trim()).await?;
        let mut rep = found.ok_or(Error::ReportNotFound)?;
        attach_target(&self.pool, &mut rep).await?;
        let t = now();
        let mut tx = self.pool.begin().await?;
        let closed = store::moderation::dismiss_report(&mut tx, &rep.id, t, &why).await?;
        if closed != 1 {
            return Err(Error::ReportClosed);
        }
        let listing = rep.listing.clone().unwrap_or_default();
        let event = Event {
            seller_id: &listing.seller_id,
            listing_id: &listing.id,
            reason: &given,
            ..Event::new(Actor::admin(&r.admin_id, &r.admin_name), "report.dismiss", ("report", &rep.id, &listing.name))
        };
        audit::record(&mut tx, &event, t).await?;
        tx.commit().await?;
        rep.status = "closed".into();
        rep.resolution = "dismissed".into();
        rep.resolution_reason = why;
        rep.closed_at = t;
        Ok(rep)
    }

    pub async fn hide_listing(&self, r: pb::ModerateListingRequest) -> Result<pb::Listing> {
        let why = audit::reason(&r.reason)?;
        let listing = listing_any(&self.pool, r.id.trim()).await?.ok_or(Error::ListingNotFound)?;
        let t = now();
        let mut tx = self.pool.begin().await?;
        // Hidden once: two operators (or a double click) send the seller one e-mail and log one action.
        let hidden = store::moderation::hide_listing(&mut tx, &listing.id, &why, t).await?;
        if hidden != 1 {
            return Err(Error::ListingAlreadyHidden);
        }
        // The reports of this listing are answered by taking it down.
        store::moderation::close_reports_by_hiding(&mut tx, "listing", &listing.id, t, &why).await?;
        audit::record(&mut tx, &operator_on(&r, "listing.hide", &listing, &why), t).await?;
        if !r.seller_email.trim().is_empty() {
            let notice = msg::SendNotificationRequest {
                idempotency_key: format!("{}:hidden:{t}", listing.id),
                to_email: r.seller_email.trim().to_owned(),
                to_name: r.seller_name.clone(),
                to_phone: String::new(),
                language: r.seller_language.clone(),
                kind: Some(Kind::ListingHidden(msg::ListingHidden {
                    listing_name: listing.name.clone(),
                    reason: why.clone(),
                    account_url: format!("{}/account", self.public_base_url),
                })),
            };
            self.outbox.enqueue(&mut tx, notice).await?;
        }
        tx.commit().await?;
        self.outbox.kick();
        // Out of every public read, search and cache at once.
        self.changed().await;
        tracing::info!(listing = %listing.id, admin = %r.admin_id, "listing hidden by an operator");
        listing_any(&self.pool, &listing.id).await?.ok_or(Error::ListingNotFound)
    }

    pub async fn restore_listing(&self, r: pb::ModerateListingRequest) -> Result<pb::Listing> {
        let why = if r.reason.trim().is_empty() { String::new() } else { audit::reason(&r.reason)? };
        let listing = listing_any(&self.pool, r.id.trim()).await?.ok_or(Error::ListingNotFound)?;
        let t = now();
        let mut tx = self.pool.begin().await?;
        // Shown again only if its seller may be shown (a lapsed or suspended seller's listing stays out).
        let restored = store::moderation::restore_listing(&mut tx, &listing.id, t).await?;
        if restored != 1 {
            return Err(Error::ListingNotHidden);
        }
        audit::record(&mut tx, &operator_on(&r, "listing.restore", &listing, &why), t).await?;
        tx.commit().await?;
        self.changed().await;
        listing_any(&self.pool, &listing.id).await?.ok_or(Error::ListingNotFound)
    }

    pub async fn admin_list_listings(&self, r: pb::AdminListListingsRequest) -> Result<pb::ListListingsResponse> {
        let (limit, offset) = store::listings::page(r.page.as_ref());
        let filter = store::moderation::AdminFilter {
            query: r.query.trim().to_lowercase(),
            listing_id: r.listing_id.trim().to_owned(),
            seller_id: r.seller_id.trim().to_owned(),
            admin_hidden: match r.hidden {
                1 => Some(true),
                2 => Some(false),
                _ => None,
            },
        };
        let (listings, total) = store::moderation::admin_list(&self.pool, &filter, limit, offset).await?;
        Ok(pb::ListListingsResponse { listings, total, ..Default::default() })
    }

    pub async fn counts(&self, r: pb::CatalogCountsRequest) -> Result<pb::CatalogCountsResponse> {
        let visible = store::moderation::count_visible_listings(&self.pool).await?;
        let all = store::moderation::count_listings(&self.pool).await?;
        let open_reports = store::moderation::count_open_reports(&self.pool).await?;
        // One grouped query for the page's sellers (at most 200), each answered even with none.
        let sellers: Vec<&String> = r.seller_ids.iter().take(200).collect();
        let mut listings_by_seller: std::collections::HashMap<String, i64> =
            sellers.iter().map(|s| ((*s).clone(), 0)).collect();
        if !sellers.is_empty() {
            for (seller, n) in store::moderation::listings_per_seller(&self.pool, &sellers).await? {
                listings_by_seller.insert(seller, n);
            }
        }
        Ok(pb::CatalogCountsResponse { visible, hidden: all - visible, open_reports, listings_by_seller })
    }

    pub async fn list_audit(&self, r: pb::ListAuditRequest) -> Result<pb::ListAuditResponse> {
        let filter = audit::Filter { kind: r.kind, seller_id: r.seller_id };
        let (entries, total) = audit::newest(&self.pool, &filter, r.limit, r.offset).await?;
        Ok(pb::ListAuditResponse { entries: entries.into_iter().map(Into::into).collect(), total })
    }

    /// Deletes every listing of `seller_id` and its photos, and their team's photos (their account is
    /// closed); answers how many listings.
    pub async fn delete_seller_listings(&self, seller_id: &str) -> Result<i64> {
        if seller_id.trim().is_empty() {
            return Err(Error::SellerIdRequired);
        }
        let ids = store::moderation::seller_listing_ids(&self.pool, seller_id.trim()).await?;
        for id in &ids {
            let keys = store::listings::delete(&self.pool, id, None).await?;
            photos::remove(&self.pool, &self.store, &keys).await;
        }
        if !ids.is_empty() {
            self.changed().await;
        }
        self.delete_seller_portraits(seller_id.trim()).await?;
        Ok(ids.len() as i64)
    }
}

/// Deletes the closed reports past their retention period (24 months after they were closed), and
/// review invitations (a customer's name and address) 30 days after their link expired.
pub async fn purge_expired(pool: &AnyPool, now: i64) -> std::result::Result<u64, sqlx::Error> {
    let done = store::moderation::delete_reports_closed_before(pool, now - mtaani_runtime::retention::REPORTS).await?;
    let invites = store::reviews::delete_invites_expired_before(pool, now - crate::reviews::INVITE_LIFETIME).await?;
    Ok(done + invites)
}
