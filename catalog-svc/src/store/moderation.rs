//! Reports of listings and reviews, and what operators do with them (moderation.rs, reports.rs).

use mtaani_proto::catalog::v1 as pb;
use sqlx::{AnyConnection, AnyPool, AssertSqlSafe, Row, any::AnyRow};

use crate::{error::Result, store};

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

/// Stores `report` as an open report (its id, kind, target, reason, details and creation time).
pub async fn insert_report(conn: &mut AnyConnection, report: &pb::Report) -> Result<()> {
    sqlx::query(
        "INSERT INTO reports (id, kind, target_id, reason, details, status, created_at) \
         VALUES ($1, $2, $3, $4, $5, 'open', $6)",
    )
    .bind(report.id.clone())
    .bind(report.kind.clone())
    .bind(report.target_id.clone())
    .bind(report.reason.clone())
    .bind(report.details.clone())
    .bind(report.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// A page of the reports with this status (`open` or `closed`), newest first, without their targets.
pub async fn reports_by_status(pool: &AnyPool, status: &str, limit: i64, offset: i64) -> Result<Vec<pb::Report>> {
    let sql = format!(
        "SELECT {REPORT_COLUMNS} FROM reports WHERE status = $1 ORDER BY created_at DESC, id DESC LIMIT {limit} OFFSET {offset}"
    );
    let rows = sqlx::query(AssertSqlSafe(sql)).bind(status).fetch_all(pool).await?;
    Ok(rows.iter().map(report).collect::<std::result::Result<Vec<_>, _>>()?)
}

/// How many reports have this status.
pub async fn count_reports(pool: &AnyPool, status: &str) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM reports WHERE status = $1").bind(status).fetch_one(pool).await?)
}

/// A report by id, without its target.
pub async fn report_by_id(pool: &AnyPool, id: &str) -> Result<Option<pb::Report>> {
    let sql = format!("SELECT {REPORT_COLUMNS} FROM reports WHERE id = $1");
    let found = sqlx::query(AssertSqlSafe(sql)).bind(id.to_owned()).fetch_optional(pool).await?;
    Ok(found.as_ref().map(report).transpose()?)
}

/// Closes an open report as dismissed at `t` for `why`; answers the rows changed (1, or 0 when it
/// was closed already).
pub async fn dismiss_report(conn: &mut AnyConnection, id: &str, t: i64, why: &str) -> Result<u64> {
    let closed = sqlx::query(
        "UPDATE reports SET status = 'closed', resolution = 'dismissed', resolution_reason = $3, closed_at = $2 \
         WHERE id = $1 AND status = 'open'",
    )
    .bind(id.to_owned())
    .bind(t)
    .bind(why.to_owned())
    .execute(&mut *conn)
    .await?;
    Ok(closed.rows_affected())
}

/// Closes the open reports of a listing or a review (`kind`) as answered by hiding it, at `t` for `why`.
pub async fn close_reports_by_hiding(
    conn: &mut AnyConnection,
    kind: &str,
    target_id: &str,
    t: i64,
    why: &str,
) -> Result<()> {
    sqlx::query(
        "UPDATE reports SET status = 'closed', resolution = 'hidden', resolution_reason = $3, closed_at = $2 \
         WHERE kind = $4 AND target_id = $1 AND status = 'open'",
    )
    .bind(target_id.to_owned())
    .bind(t)
    .bind(why.to_owned())
    .bind(kind.to_owned())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Hides a listing an operator took down (out of every public read), unless it is already; answers
/// the rows changed (1 or 0).
pub async fn hide_listing(conn: &mut AnyConnection, id: &str, why: &str, t: i64) -> Result<u64> {
    let hidden = sqlx::query(
        "UPDATE listings SET admin_hidden = 1, visible = 0, hidden_reason = $2, hidden_at = $3, updated_at = $3 \
         WHERE id = $1 AND admin_hidden = 0",
    )
    .bind(id.to_owned())
    .bind(why.to_owned())
    .bind(t)
    .execute(&mut *conn)
    .await?;
    Ok(hidden.rows_affected())
}

/// Lifts an operator's hiding of a listing, visible again only if its seller may be shown; answers
/// the rows changed (1, or 0 when it was not hidden).
pub async fn restore_listing(conn: &mut AnyConnection, id: &str, t: i64) -> Result<u64> {
    let restored = sqlx::query(
        "UPDATE listings SET admin_hidden = 0, visible = seller_visible, hidden_reason = NULL, hidden_at = NULL, \
         updated_at = $2 WHERE id = $1 AND admin_hidden = 1",
    )
    .bind(id.to_owned())
    .bind(t)
    .execute(&mut *conn)
    .await?;
    Ok(restored.rows_affected())
}

/// What operators look for among all listings; an empty field does not narrow.
#[derive(Debug, Default, Clone)]
pub struct AdminFilter {
    /// Lowercase; found anywhere in the name.
    pub query: String,
    pub listing_id: String,
    pub seller_id: String,
    /// Only the listings an operator hid (`Some(true)`) or only the others (`Some(false)`).
    pub admin_hidden: Option<bool>,
}

/// A page of all listings, hidden ones too, most recently changed first, with their photos, and how
/// many match.
pub async fn admin_list(pool: &AnyPool, f: &AdminFilter, limit: i64, offset: i64) -> Result<(Vec<pb::Listing>, i64)> {
    let mut conds = Vec::new();
    let mut args: Vec<String> = Vec::new();
    if !f.query.is_empty() {
        args.push(format!("%{}%", f.query.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
        conds.push(format!("lower(name) LIKE ${} ESCAPE '\\'", args.len()));
    }
    if !f.listing_id.is_empty() {
        args.push(f.listing_id.clone());
        conds.push(format!("id = ${}", args.len()));
    }
    if !f.seller_id.is_empty() {
        args.push(f.seller_id.clone());
        conds.push(format!("seller_id = ${}", args.len()));
    }
    match f.admin_hidden {
        Some(true) => conds.push("admin_hidden = 1".into()),
        Some(false) => conds.push("admin_hidden = 0".into()),
        None => {}
    }
    let where_sql = if conds.is_empty() { String::new() } else { format!(" WHERE {}", conds.join(" AND ")) };
    let sql = format!(
        "SELECT {} FROM listings{where_sql} ORDER BY updated_at DESC, id LIMIT {limit} OFFSET {offset}",
        store::listings::COLUMNS
    );
    let mut q = sqlx::query(AssertSqlSafe(sql));
    let mut c = sqlx::query_scalar::<_, i64>(AssertSqlSafe(format!("SELECT COUNT(*) FROM listings{where_sql}")));
    for a in &args {
        q = q.bind(a.clone());
        c = c.bind(a.clone());
    }
    let rows = q.fetch_all(pool).await?;
    let total = c.fetch_one(pool).await?;
    Ok((store::listings::with_media(pool, rows).await?, total))
}

/// How many listings are visible to the public.
pub async fn count_visible_listings(pool: &AnyPool) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM listings WHERE visible = 1").fetch_one(pool).await?)
}

/// How many listings there are, hidden ones too.
pub async fn count_listings(pool: &AnyPool) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM listings").fetch_one(pool).await?)
}

/// How many reports are open.
pub async fn count_open_reports(pool: &AnyPool) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM reports WHERE status = 'open'").fetch_one(pool).await?)
}

/// How many listings each of `sellers` has, in one grouped query: `(seller_id, count)`, sellers
/// without any left out (none asked, nothing read).
pub async fn listings_per_seller(pool: &AnyPool, sellers: &[&String]) -> Result<Vec<(String, i64)>> {
    if sellers.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (1..=sellers.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT seller_id, COUNT(*) AS n FROM listings WHERE seller_id IN ({}) GROUP BY seller_id",
        marks.join(", ")
    );
    let mut q = sqlx::query(AssertSqlSafe(sql));
    for s in sellers {
        q = q.bind((*s).clone());
    }
    let mut counts = Vec::new();
    for row in q.fetch_all(pool).await? {
        counts.push((row.try_get("seller_id")?, row.try_get("n")?));
    }
    Ok(counts)
}

/// The ids of every listing of a seller, hidden ones too.
pub async fn seller_listing_ids(pool: &AnyPool, seller_id: &str) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar("SELECT id FROM listings WHERE seller_id = $1")
        .bind(seller_id.to_owned())
        .fetch_all(pool)
        .await?)
}

/// Deletes the reports closed before `before`; answers how many.
pub async fn delete_reports_closed_before(pool: &AnyPool, before: i64) -> std::result::Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM reports WHERE status = 'closed' AND closed_at < $1")
        .bind(before)
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}
