//! The queries of the e-mail outbox (`outbox`).
//!
//! Each e-mail and notification is stored before it is acknowledged; the e-mail sender reads and
//! marks it there as it delivers it.

use std::collections::HashMap;

use mtaani_runtime::outbox::{Hints, PASS};
use sqlx::{AnyConnection, AnyPool, Row};

use super::sms::NewSms;
use crate::templates::Email;

/// Puts one rendered e-mail in the outbox on `conn`, once per key: answers its id and whether it is
/// new (a key stored before answers the earlier row's id and adds nothing). New ones are named to
/// the sender (`hints`).
pub async fn insert(
    conn: &mut AnyConnection,
    hints: &Hints,
    key: Option<&str>,
    to_email: &str,
    to_name: &str,
    email: &Email,
) -> Result<(String, bool), sqlx::Error> {
    let id = uuid::Uuid::now_v7().to_string();
    // On a repeated key the row is left as it was (the key set to itself) and its id comes back.
    let stored: String = sqlx::query_scalar(
        "INSERT INTO outbox (id, idempotency_key, kind, to_email, to_name, subject, text_body, html_body, status, \
         attempts, next_attempt_at, created_at, calendar) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', 0, $9, $9, $10) \
         ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key RETURNING id",
    )
    .bind(id.clone())
    .bind(key.filter(|k| !k.is_empty()).map(str::to_owned))
    .bind(email.kind)
    .bind(to_email.trim().to_owned())
    .bind(to_name.to_owned())
    .bind(email.subject.clone())
    .bind(email.text.clone())
    .bind(email.html.clone())
    .bind(crate::now())
    .bind(email.calendar.clone())
    .fetch_one(conn)
    .await?;
    let new = stored == id;
    if new {
        hints.push(stored.clone());
    }
    Ok((stored, new))
}

/// A notification checked, ready to store: the request itself (its e-mail is rendered when sent,
/// see `mailer::send_due`), with the e-mail's kind and subject for the row.
pub struct Notification {
    pub key: Option<String>,
    pub to_email: String,
    pub to_name: String,
    pub kind: &'static str,
    pub subject: String,
    /// The request, protobuf in base64.
    pub request: String,
    /// Its SMS, for the kinds that have one when the notification carries a number.
    pub sms: Option<NewSms>,
    /// Whether it is e-mailed too: false for an SMS-only notice (a team member's), whose row in
    /// `outbox` is kept for its key and marked `none`, never sent.
    pub email: bool,
}

/// Stores a batch of notifications on `conn` (inside a transaction), each once per key: a key
/// stored before (or earlier in the batch) adds nothing and answers the first row's id. Two
/// statements for the batch, whatever its size: its e-mails, then the SMS of those that are new.
/// Answers each notification's e-mail id, and the ids of the new SMS; new e-mails are named to the
/// sender (`hints`).
pub async fn insert_notifications(
    conn: &mut AnyConnection,
    hints: &Hints,
    batch: &[Notification],
) -> Result<(Vec<String>, Vec<String>), sqlx::Error> {
    let t = crate::now();
    // A key twice in one batch is stored once (an upsert cannot meet the same row twice).
    let mut first_of: HashMap<&str, usize> = HashMap::new();
    let rows: Vec<usize> = (0..batch.len())
        .filter(|&i| batch[i].key.as_deref().is_none_or(|k| *first_of.entry(k).or_insert(i) == i))
        .collect();
    let ids: Vec<String> = batch.iter().map(|_| uuid::Uuid::now_v7().to_string()).collect();
    const COLUMNS: usize = 7;
    let values: Vec<String> = (0..rows.len())
        .map(|r| {
            let p = |c: usize| format!("${}", 2 + r * COLUMNS + c);
            // The status is one of two fixed words, written into the statement.
            let status = if batch[rows[r]].email { "pending" } else { "none" };
            format!(
                "({}, {}, {}, {}, {}, {}, '', '', '{status}', 0, $1, $1, NULL, {})",
                p(0),
                p(1),
                p(2),
                p(3),
                p(4),
                p(5),
                p(6)
            )
        })
        .collect();
    // On a repeated key the row is left as it was (the key set to itself) and its id comes back.
    let sql = format!(
        "INSERT INTO outbox (id, idempotency_key, kind, to_email, to_name, subject, text_body, html_body, status, \
         attempts, next_attempt_at, created_at, calendar, request) VALUES {} \
         ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key \
         RETURNING id, idempotency_key",
        values.join(", ")
    );
    let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(t);
    for &i in &rows {
        let n = &batch[i];
        insert = insert
            .bind(ids[i].clone())
            .bind(n.key.clone())
            .bind(n.kind)
            .bind(n.to_email.clone())
            .bind(n.to_name.clone())
            .bind(n.subject.clone())
            .bind(n.request.clone());
    }
    let returned = insert.fetch_all(&mut *conn).await?;
    let mut stored_by_key: HashMap<String, String> = HashMap::new();
    for row in &returned {
        if let Some(key) = row.try_get::<Option<String>, _>("idempotency_key")? {
            stored_by_key.insert(key, row.try_get("id")?);
        }
    }
    let mut answered = Vec::with_capacity(batch.len());
    let mut texts: Vec<(String, &str, &NewSms)> = Vec::new();
    for (i, n) in batch.iter().enumerate() {
        let id = match &n.key {
            Some(k) => stored_by_key.get(k).cloned().ok_or_else(|| sqlx::Error::RowNotFound)?,
            None => ids[i].clone(),
        };
        if id == ids[i] {
            if n.email {
                hints.push(id.clone());
            }
            if let Some(text) = &n.sms {
                texts.push((uuid::Uuid::now_v7().to_string(), n.key.as_deref().unwrap_or(&ids[i]), text));
            }
        }
        answered.push(id);
    }
    super::sms::insert_all(conn, &texts, t).await?;
    Ok((answered, texts.into_iter().map(|(id, _, _)| id).collect()))
}

/// An e-mail as it goes out.
pub struct Outgoing {
    pub id: String,
    pub to_email: String,
    pub to_name: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// A calendar invite to attach as `invite.ics`.
    pub calendar: Option<String>,
}

/// An e-mail waiting in the outbox, as the sender reads it.
pub struct Waiting {
    pub mail: Outgoing,
    /// Attempts made before this one.
    pub attempts: i64,
    /// A notification stored as asked for (`mtaani_proto::messaging::client::encode`), rendered when sent.
    pub request: Option<String>,
    pub created_at: i64,
}

/// The e-mails of the sender's next pass: those `hints` names, or else (a sweep) the first [`PASS`]
/// due, in the order they were stored.
pub async fn due(pool: &AnyPool, hints: &Hints) -> Result<Vec<Waiting>, sqlx::Error> {
    const COLUMNS: &str =
        "id, to_email, to_name, subject, text_body, html_body, calendar, attempts, request, created_at";
    let rows = match hints.next(PASS) {
        None => {
            let sql = format!(
                "SELECT {COLUMNS} FROM outbox WHERE status = 'pending' AND next_attempt_at <= $1 \
                 ORDER BY created_at LIMIT {PASS}"
            );
            sqlx::query(sqlx::AssertSqlSafe(sql)).bind(crate::now()).fetch_all(pool).await?
        }
        Some(hinted) => {
            let sql = format!("SELECT {COLUMNS} FROM outbox WHERE id IN ({{ids}}) AND status = 'pending'");
            hints.fetch(pool, &sql, hinted).await?
        }
    };
    rows.iter()
        .map(|row| {
            Ok(Waiting {
                mail: Outgoing {
                    id: row.try_get("id")?,
                    to_email: row.try_get("to_email")?,
                    to_name: row.try_get("to_name")?,
                    subject: row.try_get("subject")?,
                    text: row.try_get("text_body")?,
                    html: row.try_get("html_body")?,
                    calendar: row.try_get("calendar")?,
                },
                attempts: row.try_get("attempts")?,
                request: row.try_get("request")?,
                created_at: row.try_get("created_at")?,
            })
        })
        .collect()
}

/// Marks `ids` sent, in one statement.
pub async fn mark_sent(pool: &AnyPool, ids: &[String]) -> Result<(), sqlx::Error> {
    let marked = "UPDATE outbox SET status = 'sent', attempts = attempts + 1, sent_at = $1 WHERE id IN ({ids})";
    mtaani_runtime::db::update_ids(pool, marked, crate::now(), ids).await
}

/// Records a failed attempt (the `attempts`-th): given up on, or pending again from `next`.
pub async fn record_failure(
    pool: &AnyPool,
    id: String,
    attempts: i64,
    give_up: bool,
    error: String,
    next: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE outbox SET status = $1, attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $5")
        .bind(if give_up { "failed" } else { "pending" })
        .bind(attempts)
        .bind(next)
        .bind(error)
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}
