//! The operators' audit log: each service that acts for an admin (accounts-svc,
//! catalog-svc, messaging-svc) keeps an append-only `admin_audit` table, written in the same
//! transaction as the action; the gateway merges the three lists. Nothing here updates or deletes.

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

/// One action: who (the admin's id and name), what, on which record, why, when (unix seconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: String,
    pub at: i64,
    pub admin_id: String,
    pub admin_name: String,
    pub action: String,
    pub target_kind: String,
    pub target_id: String,
    /// The record's name when it was acted on (a seller's, a listing's); '' when unknown.
    pub target_name: String,
    pub reason: String,
}

/// The admin acting: `(id, name)`.
pub type Admin<'a> = (&'a str, &'a str);
/// The record acted on: `(kind, id, name)`, e.g. `("listing", id, "Knotless Braids")`; the name is
/// kept as it was then, for the console ('' when there is none to show).
pub type Target<'a> = (&'a str, &'a str, &'a str);

/// Writes one action on `conn`, the action's own transaction. The reason is kept to 500 characters.
pub async fn record(
    conn: &mut AnyConnection,
    admin: Admin<'_>,
    action: &str,
    target: Target<'_>,
    reason: &str,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO admin_audit (id, at, admin_id, admin_name, action, target_kind, target_id, reason, target_name) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(at)
    .bind(admin.0.to_owned())
    .bind(admin.1.to_owned())
    .bind(action.to_owned())
    .bind(target.0.to_owned())
    .bind(target.1.to_owned())
    .bind(reason.chars().take(500).collect::<String>())
    .bind((!target.2.is_empty()).then(|| target.2.chars().take(200).collect::<String>()))
    .execute(conn)
    .await?;
    Ok(())
}

/// The newest `limit + offset` entries (a merge across services pages exactly), and how many there are.
pub async fn newest(pool: &AnyPool, limit: i32, offset: i32) -> Result<(Vec<Entry>, i64), sqlx::Error> {
    let n = i64::from(limit.clamp(1, 100)) + i64::from(offset.clamp(0, 10_000));
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT id, at, admin_id, admin_name, action, target_kind, target_id, reason, target_name FROM admin_audit \
         ORDER BY at DESC, id DESC LIMIT {n}"
    )))
    .fetch_all(pool)
    .await?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM admin_audit").fetch_one(pool).await?;
    let entries = rows
        .iter()
        .map(|r| {
            Ok(Entry {
                id: r.try_get("id")?,
                at: r.try_get("at")?,
                admin_id: r.try_get("admin_id")?,
                admin_name: r.try_get("admin_name")?,
                action: r.try_get("action")?,
                target_kind: r.try_get("target_kind")?,
                target_id: r.try_get("target_id")?,
                target_name: r.try_get::<Option<String>, _>("target_name")?.unwrap_or_default(),
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
                    admin_id: e.admin_id,
                    admin_name: e.admin_name,
                    action: e.action,
                    target_kind: e.target_kind,
                    target_id: e.target_id,
                    target_name: e.target_name,
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
