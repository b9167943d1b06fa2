//! The queries of the contact messages (`contact_messages`), their answers and their retention.

use mtaani_proto::language::Language;
use sqlx::{AnyConnection, AnyPool, Row, any::AnyRow};

use crate::contact::ContactRow;

const COLUMNS: &str =
    "id, name, email, phone, subject, message, status, created_at, reply, replied_at, replied_by, language";

fn contact_row(r: &AnyRow) -> Result<ContactRow, sqlx::Error> {
    Ok(ContactRow {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        email: r.try_get("email")?,
        phone: r.try_get("phone")?,
        subject: r.try_get("subject")?,
        message: r.try_get("message")?,
        status: r.try_get("status")?,
        created_at: r.try_get("created_at")?,
        reply: r.try_get("reply")?,
        replied_at: r.try_get("replied_at")?,
        replied_by: r.try_get("replied_by")?,
        language: Language::of(&r.try_get::<String, _>("language")?),
    })
}

/// The id of the message first submitted with `key`.
pub async fn id_by_key(pool: &AnyPool, key: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM contact_messages WHERE idempotency_key = $1")
        .bind(key.to_owned())
        .fetch_optional(pool)
        .await
}

/// Stores a new message on `conn` (with its acknowledgement's transaction). A `key` stored before is
/// refused as a unique violation.
pub async fn insert(conn: &mut AnyConnection, m: &ContactRow, key: Option<&str>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO contact_messages (id, name, email, phone, subject, message, idempotency_key, created_at, \
         language) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(m.id.clone())
    .bind(m.name.clone())
    .bind(m.email.clone())
    .bind(m.phone.clone())
    .bind(m.subject.clone())
    .bind(m.message.clone())
    .bind(key.map(str::to_owned))
    .bind(m.created_at)
    .bind(m.language.code())
    .execute(conn)
    .await?;
    Ok(())
}

/// A page of the messages, newest first, with `status` only when given; and how many there are.
pub async fn list(
    pool: &AnyPool,
    status: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<ContactRow>, i64), sqlx::Error> {
    let filter = if status.is_some() { " WHERE status = $1" } else { "" };
    let sql = format!(
        "SELECT {COLUMNS} FROM contact_messages{filter} ORDER BY created_at DESC, id DESC LIMIT {limit} OFFSET {offset}"
    );
    let count = format!("SELECT COUNT(*) FROM contact_messages{filter}");
    let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
    let mut c = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count));
    if let Some(s) = status {
        q = q.bind(s.to_owned());
        c = c.bind(s.to_owned());
    }
    let rows = q.fetch_all(pool).await?;
    let total = c.fetch_one(pool).await?;
    Ok((rows.iter().map(contact_row).collect::<Result<Vec<_>, _>>()?, total))
}

pub async fn by_id(pool: &AnyPool, id: &str) -> Result<Option<ContactRow>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM contact_messages WHERE id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id.to_owned()).fetch_optional(pool).await?;
    row.as_ref().map(contact_row).transpose()
}

/// Records `reply` on a message still new; answers whether it was (the conditional update is what
/// makes a double click send one e-mail).
pub async fn answer(conn: &mut AnyConnection, id: &str, reply: &str, at: i64, by: &str) -> Result<bool, sqlx::Error> {
    let answered = sqlx::query(
        "UPDATE contact_messages SET status = 'answered', reply = $2, replied_at = $3, replied_by = $4 \
         WHERE id = $1 AND status = 'new'",
    )
    .bind(id.to_owned())
    .bind(reply.to_owned())
    .bind(at)
    .bind(by.to_owned())
    .execute(conn)
    .await?;
    Ok(answered.rows_affected() == 1)
}

/// The messages sent from `email` (lower-case), newest first.
pub async fn from_email(pool: &AnyPool, email: &str) -> Result<Vec<ContactRow>, sqlx::Error> {
    let sql =
        format!("SELECT {COLUMNS} FROM contact_messages WHERE LOWER(email) = $1 ORDER BY created_at DESC LIMIT 1000");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(email.to_owned()).fetch_all(pool).await?;
    rows.iter().map(contact_row).collect()
}

/// Deletes the messages sent from `email` (lower-case); answers how many.
pub async fn forget(pool: &AnyPool, email: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM contact_messages WHERE LOWER(email) = $1")
        .bind(email.to_owned())
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}

/// Deletes the contact messages past their retention period (12 months after the last reply, or
/// after arrival if never answered); answers how many.
pub async fn purge_expired(pool: &AnyPool, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM contact_messages WHERE COALESCE(replied_at, created_at) < $1")
        .bind(now - mtaani_runtime::retention::CONTACT_MESSAGES)
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}
