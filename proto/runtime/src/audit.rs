//! The operators' audit log: each service where operator-relevant events happen (accounts-svc,
//! catalog-svc, messaging-svc) keeps an append-only `admin_audit` table, written in the same
//! transaction as the event; the gateway merges the three lists. Nothing here updates or deletes.
//! Its `admin_id` and `admin_name` columns hold the actor's (an admin's, or a seller's own events).

use sqlx::{AnyConnection, AnyPool, AssertSqlSafe, Row};

use mtaani_proto::{status::Violations, text::said};

/// An admin's reason for an action (hiding a listing, suspending a seller…): 3 to 500 characters,
/// trimmed; refused with a text on the `reason` field.
pub fn reason(r: &str) -> Result<String, Violations> {
    let r = r.trim();
    let mut v = Violations::new();
    v.check(r.chars().count() >= 3, "reason", said::give_reason());
    v.check(r.chars().count() <= 500, "reason", said::reason_too_long());
    v.check(!r.contains('\0'), "reason", said::unsupported_characters());
    v.finish().map(|()| r.to_owned())
}

/// One event: who did it, what, on which record, why, when (unix seconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: String,
    pub at: i64,
    /// `admin`, `seller`, `visitor` or `system` (the command line, the demo data).
    pub actor_kind: String,
    pub actor_id: String,
    pub actor_name: String,
    pub action: String,
    /// The action's kind (`mtaani_proto::audit::KINDS`).
    pub kind: String,
    pub target_kind: String,
    pub target_id: String,
    /// The record's name when it was acted on (a seller's, a listing's); '' when unknown.
    pub target_name: String,
    /// The seller and the listing the event concerns ('' for none): the console's filter and links.
    pub seller_id: String,
    pub listing_id: String,
    /// The operator's reason (a report's reason code); '' when there is none.
    pub reason: String,
}

/// Who did it. An operator's action is the admin's; an event that is none (a seller registered, a
/// listing posted, a visitor's report) is its author's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Actor<'a> {
    pub kind: &'a str,
    pub id: &'a str,
    pub name: &'a str,
}

impl<'a> Actor<'a> {
    pub fn admin(id: &'a str, name: &'a str) -> Self {
        Self { kind: "admin", id, name }
    }
    pub fn seller(id: &'a str, name: &'a str) -> Self {
        Self { kind: "seller", id, name }
    }
    /// Someone not signed in (a report).
    pub const VISITOR: Actor<'static> = Actor { kind: "visitor", id: "", name: "" };
    /// Mtaani itself: the command line (`cli`), the demo data (`seed`).
    pub fn system(id: &'a str, name: &'a str) -> Self {
        Self { kind: "system", id, name }
    }
}

/// The record acted on: `(kind, id, name)`, e.g. `("listing", id, "Knotless Braids")`; the name is
/// kept as it was then, for the console ('' when there is none to show).
pub type Target<'a> = (&'a str, &'a str, &'a str);

/// One event to write.
#[derive(Debug, Clone, Copy)]
pub struct Event<'a> {
    pub actor: Actor<'a>,
    /// `<kind>.<verb>`, the kind one of `mtaani_proto::audit::KINDS`.
    pub action: &'a str,
    pub target: Target<'a>,
    /// The seller and the listing it concerns ('' for none).
    pub seller_id: &'a str,
    pub listing_id: &'a str,
    /// '' when there is none: never anything else in its place.
    pub reason: &'a str,
}

impl<'a> Event<'a> {
    /// An event with no seller, listing or reason (set those fields after).
    pub fn new(actor: Actor<'a>, action: &'a str, target: Target<'a>) -> Self {
        Self { actor, action, target, seller_id: "", listing_id: "", reason: "" }
    }
}

/// Writes one event on `conn`, the action's own transaction. The reason is kept to 500 characters.
pub async fn record(conn: &mut AnyConnection, e: &Event<'_>, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO admin_audit (id, at, admin_id, admin_name, action, target_kind, target_id, reason, target_name, \
         actor_kind, kind, seller_id, listing_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(at)
    .bind(e.actor.id.to_owned())
    .bind(e.actor.name.chars().take(200).collect::<String>())
    .bind(e.action.to_owned())
    .bind(e.target.0.to_owned())
    .bind(e.target.1.to_owned())
    .bind(e.reason.trim().chars().take(500).collect::<String>())
    .bind((!e.target.2.is_empty()).then(|| e.target.2.chars().take(200).collect::<String>()))
    .bind(e.actor.kind.to_owned())
    .bind(mtaani_proto::audit::kind_of(e.action).to_owned())
    .bind(e.seller_id.to_owned())
    .bind(e.listing_id.to_owned())
    .execute(conn)
    .await?;
    Ok(())
}

/// Which entries: of one kind, of one seller ('' for any).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    pub kind: String,
    pub seller_id: String,
}

/// The newest `limit + offset` entries that pass `filter` (a merge across services pages exactly), and
/// how many pass it. Each filter has its index (kind, at) and (seller_id, at).
pub async fn newest(
    pool: &AnyPool,
    filter: &Filter,
    limit: i32,
    offset: i32,
) -> Result<(Vec<Entry>, i64), sqlx::Error> {
    let n = i64::from(limit.clamp(1, 100)) + i64::from(offset.clamp(0, 10_000));
    let (kind, seller) = (filter.kind.trim(), filter.seller_id.trim());
    let mut clauses = Vec::new();
    let mut binds = Vec::new();
    for (column, value) in [("kind", kind), ("seller_id", seller)] {
        if !value.is_empty() {
            binds.push(value.to_owned());
            clauses.push(format!("{column} = ${}", binds.len()));
        }
    }
    let filtered = if clauses.is_empty() { String::new() } else { format!(" WHERE {}", clauses.join(" AND ")) };
    let mut rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT id, at, admin_id, admin_name, action, target_kind, target_id, reason, target_name, actor_kind, kind, \
         seller_id, listing_id FROM admin_audit{filtered} ORDER BY at DESC, id DESC LIMIT {n}"
    )));
    let mut count = sqlx::query_scalar::<_, i64>(AssertSqlSafe(format!("SELECT COUNT(*) FROM admin_audit{filtered}")));
    for value in &binds {
        rows = rows.bind(value.clone());
        count = count.bind(value.clone());
    }
    let rows = rows.fetch_all(pool).await?;
    let total = count.fetch_one(pool).await?;
    let entries = rows
        .iter()
        .map(|r| {
            Ok(Entry {
                id: r.try_get("id")?,
                at: r.try_get("at")?,
                actor_kind: r.try_get("actor_kind")?,
                actor_id: r.try_get("admin_id")?,
                actor_name: r.try_get("admin_name")?,
                action: r.try_get("action")?,
                kind: r.try_get("kind")?,
                target_kind: r.try_get("target_kind")?,
                target_id: r.try_get("target_id")?,
                target_name: r.try_get::<Option<String>, _>("target_name")?.unwrap_or_default(),
                seller_id: r.try_get("seller_id")?,
                listing_id: r.try_get("listing_id")?,
                reason: r.try_get("reason")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok((entries, total))
}

/// Each service's `AuditEntry` message has these same fields.
macro_rules! into_message {
    ($($message:path),*) => {$(
        impl From<Entry> for $message {
            fn from(e: Entry) -> Self {
                Self {
                    id: e.id,
                    at: e.at,
                    actor_kind: e.actor_kind,
                    actor_id: e.actor_id,
                    actor_name: e.actor_name,
                    action: e.action,
                    kind: e.kind,
                    target_kind: e.target_kind,
                    target_id: e.target_id,
                    target_name: e.target_name,
                    seller_id: e.seller_id,
                    listing_id: e.listing_id,
                    reason: e.reason,
                }
            }
        }
    )*};
}

into_message!(
    mtaani_proto::accounts::v1::AuditEntry,
    mtaani_proto::catalog::v1::AuditEntry,
    mtaani_proto::messaging::v1::AuditEntry
);
