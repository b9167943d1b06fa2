//! Moderation: visitors' reports of listings, operators hiding and restoring listings (out of every
//! public read at once, the seller told why, the listing's open reports closed), finding listings with
//! hidden ones, counts for the overview, a seller's listings deleted with their account, and the
//! append-only audit log of every operator action here.

use mtaani_proto::{
    catalog::v1 as pb,
    messaging::v1::{self as msg, send_notification_request::Kind},
};
use mtaani_runtime::audit;
use sqlx::{AnyPool, AssertSqlSafe, Row, any::AnyRow};
use tonic::Status;

use crate::{
    db,
    error::{Error, Result},
    photos,
    reports::{check_report, store_report},
    service::Catalog,
};

pub use mtaani_runtime::audit::GIVE_REASON;
pub const REPORT_NOT_FOUND: &str = "Report not found";
pub const REPORT_CLOSED: &str = "This report is already closed.";
pub const ALREADY_HIDDEN: &str = "This listing is already hidden.";
pub const NOT_HIDDEN: &str = "This listing is not hidden.";

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

const REPORT_COLUMNS: &str =
    "id, kind, target_id, reason, details, status, resolution, resolution_reason, created_at, closed_at";

fn report(row: &AnyRow) -> std::result::Result<pb::Report, sqlx::Error> {
    Ok(pb::Report {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        target_id: row.try_get("target_id")?,
        reason: row.try_get("reason")?,
        details: row.try_get("details")?,
        status: row.try_get("status")?,
        resolution: row.try_get::<Option<String>, _>("resolution")?.unwrap_or_default(),
        resolution_reason: row.try_get::<Option<String>, _>("resolution_reason")?.unwrap_or_default(),
        created_at: row.try_get("created_at")?,
        closed_at: row.try_get::<Option<i64>, _>("closed_at")?.unwrap_or_default(),
        listing: None,
        review: None,
    })
}

async fn listing_any(pool: &AnyPool, id: &str) -> Result<Option<pb::Listing>> {
    db::get(pool, id, true).await
}

/// What a report is about: the listing, or the review and its listing.
async fn attach_target(pool: &AnyPool, rep: &mut pb::Report) -> Result<()> {
    if rep.kind == "review" {
        let mut conn = pool.acquire().await?;
        rep.review = crate::reviews::review_by_id(&mut conn, &rep.target_id).await?;
        if let Some(review) = &rep.review {
            rep.listing = listing_any(pool, &review.listing_id).await?;
        }
    } else {
        rep.listing = listing_any(pool, &rep.target_id).await?;
    }
    Ok(())
}

impl Catalog {
    pub async fn report_listing(&self, r: pb::ReportListingRequest) -> Result<pb::Report> {
        check_report(&r.reason, &r.details)?;
        // Only what the public sees can be reported.
        let listing = db::get(&self.pool, r.listing_id.trim(), false).await?.ok_or(Error::NotFound)?;
        store_report(&self.pool, "listing", &listing.id, r.reason.trim(), r.details.trim()).await
    }

    pub async fn list_reports(&self, r: pb::ListReportsRequest) -> Result<pb::ListReportsResponse> {
        let status = match r.status.trim() {
            "" | "open" => "open",
            "closed" => "closed",
            _ => return Err(Status::invalid_argument("status must be open or closed").into()),
        };
        let (limit, offset) = db::page(r.page.as_ref());
        let sql = format!(
            "SELECT {REPORT_COLUMNS} FROM reports WHERE status = $1 ORDER BY created_at DESC, id DESC LIMIT {limit} OFFSET {offset}"
        );
        let rows = sqlx::query(AssertSqlSafe(sql)).bind(status).fetch_all(&self.pool).await?;
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM reports WHERE status = $1")
            .bind(status)
            .fetch_one(&self.pool)
            .await?;
        let mut reports = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut rep = report(row)?;
            attach_target(&self.pool, &mut rep).await?;
            reports.push(rep);
        }
        Ok(pb::ListReportsResponse { reports, total })
    }

    pub async fn dismiss_report(&self, r: pb::ReportActionRequest) -> Result<pb::Report> {
        let why = if r.reason.trim().is_empty() { "Dismissed".to_owned() } else { audit::reason(&r.reason)? };
        let sql = format!("SELECT {REPORT_COLUMNS} FROM reports WHERE id = $1");
        let found = sqlx::query(AssertSqlSafe(sql)).bind(r.id.trim().to_owned()).fetch_optional(&self.pool).await?;
        let mut rep = found.as_ref().map(report).transpose()?.ok_or_else(|| Status::not_found(REPORT_NOT_FOUND))?;
        let t = now();
        let mut tx = self.pool.begin().await?;
        let closed = sqlx::query(
            "UPDATE reports SET status = 'closed', resolution = 'dismissed', resolution_reason = $3, closed_at = $2 \
             WHERE id = $1 AND status = 'open'",
        )
        .bind(rep.id.clone())
        .bind(t)
        .bind(why.clone())
        .execute(&mut *tx)
        .await?;
        if closed.rows_affected() != 1 {
            return Err(Status::failed_precondition(REPORT_CLOSED).into());
        }
        audit::record(&mut tx, (&r.admin_id, &r.admin_name), "report.dismiss", ("report", &rep.id, ""), &why, t)
            .await?;
        tx.commit().await?;
        rep.status = "closed".into();
        rep.resolution = "dismissed".into();
        rep.resolution_reason = why;
        rep.closed_at = t;
        attach_target(&self.pool, &mut rep).await?;
        Ok(rep)
    }

    pub async fn hide_listing(&self, r: pb::ModerateListingRequest) -> Result<pb::Listing> {
        let why = audit::reason(&r.reason)?;
        let listing = listing_any(&self.pool, r.id.trim()).await?.ok_or(Error::NotFound)?;
        let t = now();
        let mut tx = self.pool.begin().await?;
        // Hidden once: two operators (or a double click) send the seller one e-mail and log one action.
        let hidden = sqlx::query(
            "UPDATE listings SET admin_hidden = 1, visible = 0, hidden_reason = $2, hidden_at = $3, updated_at = $3 \
             WHERE id = $1 AND admin_hidden = 0",
        )
        .bind(listing.id.clone())
        .bind(why.clone())
        .bind(t)
        .execute(&mut *tx)
        .await?;
        if hidden.rows_affected() != 1 {
            return Err(Status::failed_precondition(ALREADY_HIDDEN).into());
        }
        // The reports of this listing are answered by taking it down.
        sqlx::query(
            "UPDATE reports SET status = 'closed', resolution = 'hidden', resolution_reason = $3, closed_at = $2 \
             WHERE kind = 'listing' AND target_id = $1 AND status = 'open'",
        )
        .bind(listing.id.clone())
        .bind(t)
        .bind(why.clone())
        .execute(&mut *tx)
        .await?;
        audit::record(
            &mut tx,
            (&r.admin_id, &r.admin_name),
            "listing.hide",
            ("listing", &listing.id, &listing.name),
            &why,
            t,
        )
        .await?;
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
        listing_any(&self.pool, &listing.id).await?.ok_or(Error::NotFound)
    }

    pub async fn restore_listing(&self, r: pb::ModerateListingRequest) -> Result<pb::Listing> {
        let why = if r.reason.trim().is_empty() { "Restored".to_owned() } else { audit::reason(&r.reason)? };
        let listing = listing_any(&self.pool, r.id.trim()).await?.ok_or(Error::NotFound)?;
        let t = now();
        let mut tx = self.pool.begin().await?;
        // Shown again only if its seller may be shown (a lapsed or suspended seller's listing stays out).
        let restored = sqlx::query(
            "UPDATE listings SET admin_hidden = 0, visible = seller_visible, hidden_reason = NULL, hidden_at = NULL, \
             updated_at = $2 WHERE id = $1 AND admin_hidden = 1",
        )
        .bind(listing.id.clone())
        .bind(t)
        .execute(&mut *tx)
        .await?;
        if restored.rows_affected() != 1 {
            return Err(Status::failed_precondition(NOT_HIDDEN).into());
        }
        audit::record(
            &mut tx,
            (&r.admin_id, &r.admin_name),
            "listing.restore",
            ("listing", &listing.id, &listing.name),
            &why,
            t,
        )
        .await?;
        tx.commit().await?;
        self.changed().await;
        listing_any(&self.pool, &listing.id).await?.ok_or(Error::NotFound)
    }

    pub async fn admin_list_listings(&self, r: pb::AdminListListingsRequest) -> Result<pb::ListListingsResponse> {
        let (limit, offset) = db::page(r.page.as_ref());
        let mut conds = Vec::new();
        let mut args: Vec<String> = Vec::new();
        let query = r.query.trim().to_lowercase();
        if !query.is_empty() {
            args.push(format!("%{}%", query.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
            conds.push(format!("lower(name) LIKE ${} ESCAPE '\\'", args.len()));
        }
        if !r.listing_id.trim().is_empty() {
            args.push(r.listing_id.trim().to_owned());
            conds.push(format!("id = ${}", args.len()));
        }
        if !r.seller_id.trim().is_empty() {
            args.push(r.seller_id.trim().to_owned());
            conds.push(format!("seller_id = ${}", args.len()));
        }
        match r.hidden {
            1 => conds.push("admin_hidden = 1".into()),
            2 => conds.push("admin_hidden = 0".into()),
            _ => {}
        }
        let where_sql = if conds.is_empty() { String::new() } else { format!(" WHERE {}", conds.join(" AND ")) };
        let sql = format!(
            "SELECT {} FROM listings{where_sql} ORDER BY updated_at DESC, id LIMIT {limit} OFFSET {offset}",
            db::COLUMNS
        );
        let mut q = sqlx::query(AssertSqlSafe(sql));
        let mut c = sqlx::query_scalar::<_, i64>(AssertSqlSafe(format!("SELECT COUNT(*) FROM listings{where_sql}")));
        for a in &args {
            q = q.bind(a.clone());
            c = c.bind(a.clone());
        }
        let rows = q.fetch_all(&self.pool).await?;
        let total = c.fetch_one(&self.pool).await?;
        Ok(pb::ListListingsResponse { listings: db::with_media(&self.pool, rows).await?, total, ..Default::default() })
    }

    pub async fn counts(&self, r: pb::CatalogCountsRequest) -> Result<pb::CatalogCountsResponse> {
        let visible: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM listings WHERE visible = 1").fetch_one(&self.pool).await?;
        let all: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM listings").fetch_one(&self.pool).await?;
        let open_reports: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM reports WHERE status = 'open'").fetch_one(&self.pool).await?;
        // One grouped query for the page's sellers (at most 200), each answered even with none.
        let sellers: Vec<&String> = r.seller_ids.iter().take(200).collect();
        let mut listings_by_seller: std::collections::HashMap<String, i64> =
            sellers.iter().map(|s| ((*s).clone(), 0)).collect();
        if !sellers.is_empty() {
            let marks: Vec<String> = (1..=sellers.len()).map(|i| format!("${i}")).collect();
            let sql = format!(
                "SELECT seller_id, COUNT(*) AS n FROM listings WHERE seller_id IN ({}) GROUP BY seller_id",
                marks.join(", ")
            );
            let mut q = sqlx::query(AssertSqlSafe(sql));
            for s in &sellers {
                q = q.bind((*s).clone());
            }
            for row in q.fetch_all(&self.pool).await? {
                listings_by_seller.insert(row.try_get("seller_id")?, row.try_get("n")?);
            }
        }
        Ok(pb::CatalogCountsResponse { visible, hidden: all - visible, open_reports, listings_by_seller })
    }

    pub async fn list_audit(&self, r: pb::ListAuditRequest) -> Result<pb::ListAuditResponse> {
        let (entries, total) = audit::newest(&self.pool, r.limit, r.offset).await?;
        Ok(pb::ListAuditResponse { entries: entries.into_iter().map(Into::into).collect(), total })
    }

    /// Deletes every listing of `seller_id` and its photos (their account is closed); answers how many.
    pub async fn delete_seller_listings(&self, seller_id: &str) -> Result<i64> {
        if seller_id.trim().is_empty() {
            return Err(Status::invalid_argument("seller_id is required").into());
        }
        let ids: Vec<String> = sqlx::query_scalar("SELECT id FROM listings WHERE seller_id = $1")
            .bind(seller_id.trim().to_owned())
            .fetch_all(&self.pool)
            .await?;
        for id in &ids {
            let keys = db::delete(&self.pool, id).await?;
            photos::remove(&self.pool, &self.store, &keys).await;
        }
        if !ids.is_empty() {
            self.changed().await;
        }
        Ok(ids.len() as i64)
    }
}

/// Deletes the closed reports past their retention period (24 months after they were closed), and
/// review invitations (a customer's name and address) 30 days after their link expired.
pub async fn purge_expired(pool: &AnyPool, now: i64) -> std::result::Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM reports WHERE status = 'closed' AND closed_at < $1")
        .bind(now - mtaani_runtime::retention::REPORTS)
        .execute(pool)
        .await?;
    let invites = sqlx::query("DELETE FROM review_invites WHERE expires_at < $1")
        .bind(now - crate::reviews::INVITE_LIFETIME)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() + invites.rows_affected())
}
