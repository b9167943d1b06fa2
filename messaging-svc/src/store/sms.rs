//! The queries of the SMS outbox (`sms_outbox`), its short links and the opt-outs (`sms_optouts`).

use std::collections::HashSet;

use mtaani_runtime::outbox::{Hints, PASS};
use sqlx::{AnyConnection, AnyPool, Row};

/// Short links stay valid as long as the change-or-cancel links they lead to.
pub const LINK_LIFETIME: i64 = 90 * 86_400;

/// An SMS ready to store: its text as it goes out, short link written in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSms {
    pub kind: &'static str,
    pub to_phone: String,
    pub body: String,
    /// The short link's code and the path it leads to.
    pub link: Option<(String, String)>,
}

/// Stores the SMS of notifications on `conn` (inside their e-mails' transaction), each with its
/// short link, in one statement: `(id, the notification's key, the SMS)`.
pub async fn insert_all(
    conn: &mut AnyConnection,
    texts: &[(String, &str, &NewSms)],
    t: i64,
) -> Result<(), sqlx::Error> {
    if texts.is_empty() {
        return Ok(());
    }
    const COLUMNS: usize = 7;
    let values: Vec<String> = (0..texts.len())
        .map(|r| {
            let p = |c: usize| format!("${}", 2 + r * COLUMNS + c);
            format!("({}, {}, {}, {}, {}, {}, {}, 'pending', 0, $1, $1)", p(0), p(1), p(2), p(3), p(4), p(5), p(6))
        })
        .collect();
    let sql = format!(
        "INSERT INTO sms_outbox (id, idempotency_key, kind, to_phone, body, link_code, link_path, status, attempts, \
         next_attempt_at, created_at) VALUES {}",
        values.join(", ")
    );
    let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(t);
    for (id, key, sms) in texts {
        let key = (!key.is_empty()).then(|| format!("{key}:sms"));
        let (code, path) = sms.link.clone().unzip();
        insert = insert
            .bind(id.clone())
            .bind(key)
            .bind(sms.kind)
            .bind(sms.to_phone.clone())
            .bind(sms.body.clone())
            .bind(code)
            .bind(path);
    }
    insert.execute(conn).await?;
    Ok(())
}

/// Where the short link `code` leads, while it is valid.
pub async fn link_path(pool: &AnyPool, code: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT link_path FROM sms_outbox WHERE link_code = $1 AND created_at > $2")
        .bind(code.to_owned())
        .bind(crate::now() - LINK_LIFETIME)
        .fetch_optional(pool)
        .await
        .map(Option::flatten)
}

/// Deletes the SMS (numbers, texts, short links) older than [`LINK_LIFETIME`] that are no longer
/// waiting to go; answers how many.
pub async fn purge_expired(pool: &AnyPool, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM sms_outbox WHERE created_at < $1 AND status NOT IN ('pending', 'sending')")
        .bind(now - LINK_LIFETIME)
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}

/// Records that `phone` wants no more SMS; answers whether it is new.
pub async fn opt_out(pool: &AnyPool, phone: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("INSERT INTO sms_optouts (phone, at) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING")
        .bind(phone.to_owned())
        .bind(crate::now())
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Puts back to wait the messages claimed before `claimed_before` and never marked (their sender
/// died mid-call).
pub async fn requeue_stale(pool: &AnyPool, claimed_before: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sms_outbox SET status = 'pending' WHERE status = 'sending' AND claimed_at < $1")
        .bind(claimed_before)
        .execute(pool)
        .await?;
    Ok(())
}

/// An SMS waiting in the outbox, as the sender reads it.
pub struct Waiting {
    pub id: String,
    pub kind: String,
    pub to_phone: String,
    pub body: String,
    /// Attempts made before this one.
    pub attempts: i64,
    pub created_at: i64,
    /// Its number replied STOP.
    pub opted_out: bool,
}

/// The SMS of the sender's next pass, as of `t`: those `hints` names, or else (a sweep) the first
/// [`PASS`] due, in the order they were stored.
pub async fn due(pool: &AnyPool, hints: &Hints, t: i64) -> Result<Vec<Waiting>, sqlx::Error> {
    const FROM: &str = "SELECT s.id, s.kind, s.to_phone, s.body, s.attempts, s.created_at, o.phone AS opted_out \
                        FROM sms_outbox s LEFT JOIN sms_optouts o ON o.phone = s.to_phone";
    let rows = match hints.next(PASS) {
        None => {
            let sql = format!(
                "{FROM} WHERE s.status = 'pending' AND s.next_attempt_at <= $1 ORDER BY s.created_at LIMIT {PASS}"
            );
            sqlx::query(sqlx::AssertSqlSafe(sql)).bind(t).fetch_all(pool).await?
        }
        Some(hinted) => {
            let sql = format!("{FROM} WHERE s.id IN ({{ids}}) AND s.status = 'pending'");
            hints.fetch(pool, &sql, hinted).await?
        }
    };
    rows.iter()
        .map(|row| {
            Ok(Waiting {
                id: row.try_get("id")?,
                kind: row.try_get("kind")?,
                to_phone: row.try_get("to_phone")?,
                body: row.try_get("body")?,
                attempts: row.try_get("attempts")?,
                created_at: row.try_get("created_at")?,
                opted_out: row.try_get::<Option<String>, _>("opted_out")?.is_some(),
            })
        })
        .collect()
}

/// Why waiting messages leave the outbox unsent.
#[derive(Debug, Clone, Copy)]
pub enum Settled {
    /// The number replied STOP.
    OptedOut,
    /// Not sent within `sms::STALE_AFTER`.
    Expired,
}

/// Takes `ids` out of the queue unsent, as of `t`, in one statement.
pub async fn settle(pool: &AnyPool, why: Settled, t: i64, ids: &[String]) -> Result<(), sqlx::Error> {
    let sql = match why {
        Settled::OptedOut => {
            "UPDATE sms_outbox SET status = 'opted_out', last_error = 'the number replied STOP', \
             next_attempt_at = $1 WHERE id IN ({ids}) AND status = 'pending'"
        }
        Settled::Expired => {
            "UPDATE sms_outbox SET status = 'expired', last_error = 'not sent within 12 hours', \
             next_attempt_at = $1 WHERE id IN ({ids}) AND status = 'pending'"
        }
    };
    mtaani_runtime::db::update_ids(pool, sql, t, ids).await
}

/// Claims `ids` for this sender as of `t`, in one statement; answers those it got (what another
/// sender claimed first is not ours).
pub async fn claim(pool: &AnyPool, t: i64, ids: &[String]) -> Result<HashSet<String>, sqlx::Error> {
    let claim = format!(
        "UPDATE sms_outbox SET status = 'sending', claimed_at = $1 WHERE id IN ({}) AND status = 'pending' RETURNING id",
        mtaani_runtime::db::placeholders(2, ids.len())
    );
    let mut q = sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(claim)).bind(t);
    for id in ids {
        q = q.bind(id.clone());
    }
    Ok(q.fetch_all(pool).await?.into_iter().collect())
}

/// Records a failed attempt: `status` failed (for good) or pending (again from `next`).
pub async fn fail(
    pool: &AnyPool,
    id: &str,
    attempts: i64,
    status: &str,
    error: &str,
    next: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE sms_outbox SET status = $1, attempts = $2, last_error = $3, next_attempt_at = $4 WHERE id = $5",
    )
    .bind(status.to_owned())
    .bind(attempts)
    .bind(error.chars().take(300).collect::<String>())
    .bind(next)
    .bind(id.to_owned())
    .execute(pool)
    .await?;
    Ok(())
}

/// Marks `sent` (id, where it went: Africa's Talking's message id or the file) in one statement.
pub async fn mark_sent(pool: &AnyPool, sent: &[(String, String)]) -> Result<(), sqlx::Error> {
    if sent.is_empty() {
        return Ok(());
    }
    let n = sent.len();
    let cases: String = (0..n).map(|i| format!(" WHEN ${} THEN ${}", 2 + 2 * i, 3 + 2 * i)).collect();
    let ids = mtaani_runtime::db::placeholders(2 + 2 * n, n);
    let sql = format!(
        "UPDATE sms_outbox SET status = 'sent', attempts = attempts + 1, sent_at = $1, \
         provider_message_id = CASE id{cases} END WHERE id IN ({ids})"
    );
    let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(crate::now());
    for (id, place) in sent {
        q = q.bind(id.clone()).bind(place.clone());
    }
    for (id, _) in sent {
        q = q.bind(id.clone());
    }
    q.execute(pool).await?;
    Ok(())
}

/// Puts back to wait, as of `t`, the claimed messages a pass did not try (after a temporary
/// failure).
pub async fn send_back(pool: &AnyPool, t: i64, ids: &[String]) -> Result<(), sqlx::Error> {
    let back =
        "UPDATE sms_outbox SET status = 'pending' WHERE id IN ({ids}) AND status = 'sending' AND claimed_at <= $1";
    mtaani_runtime::db::update_ids(pool, back, t, ids).await
}
