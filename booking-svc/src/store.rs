//! The appointments table: one row per request, holding its slot (`slot_key`) while it is requested
//! or confirmed, so the database itself refuses a second booking of the same slot.

use mtaani_proto::booking::v1::{Appointment, AppointmentStatus};
use sqlx::{AnyConnection, AnyPool, Row, any::AnyRow};

const COLUMNS: &str = "id, service_id, service_name, seller_id, name, email, phone, date, time, message, status, \
                       created_at, updated_at";

pub fn status_name(status: AppointmentStatus) -> &'static str {
    match status {
        AppointmentStatus::Confirmed => "confirmed",
        AppointmentStatus::Declined => "declined",
        AppointmentStatus::Cancelled => "cancelled",
        AppointmentStatus::Requested | AppointmentStatus::Unspecified => "requested",
    }
}

fn status_of(name: &str) -> AppointmentStatus {
    match name {
        "confirmed" => AppointmentStatus::Confirmed,
        "declined" => AppointmentStatus::Declined,
        "cancelled" => AppointmentStatus::Cancelled,
        _ => AppointmentStatus::Requested,
    }
}

/// What makes a slot one: a service, a Nairobi date and a slot label.
pub fn slot_key(service_id: &str, date: &str, time: &str) -> String {
    format!("{service_id}|{date}|{time}")
}

fn appointment(row: &AnyRow) -> Result<Appointment, sqlx::Error> {
    let status: String = row.try_get("status")?;
    Ok(Appointment {
        id: row.try_get("id")?,
        service_id: row.try_get("service_id")?,
        service_name: row.try_get("service_name")?,
        seller_id: row.try_get("seller_id")?,
        name: row.try_get("name")?,
        email: row.try_get("email")?,
        phone: row.try_get("phone")?,
        date: row.try_get("date")?,
        time: row.try_get("time")?,
        message: row.try_get("message")?,
        status: status_of(&status).into(),
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

/// Stores a new request holding its slot. A unique violation means the slot (or the idempotency
/// key) is taken.
pub async fn insert(
    conn: &mut AnyConnection,
    a: &Appointment,
    idempotency_key: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO appointments (id, service_id, service_name, seller_id, name, email, phone, date, time, message, \
         status, slot_key, idempotency_key, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'requested', $11, $12, $13, $13)",
    )
    .bind(&a.id)
    .bind(&a.service_id)
    .bind(&a.service_name)
    .bind(&a.seller_id)
    .bind(&a.name)
    .bind(&a.email)
    .bind(&a.phone)
    .bind(&a.date)
    .bind(&a.time)
    .bind(&a.message)
    .bind(slot_key(&a.service_id, &a.date, &a.time))
    .bind(idempotency_key)
    .bind(a.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn by_id(pool: &AnyPool, id: &str) -> Result<Option<Appointment>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM appointments WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await?.as_ref().map(appointment).transpose()
}

pub async fn by_idempotency_key(pool: &AnyPool, key: &str) -> Result<Option<Appointment>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM appointments WHERE idempotency_key = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(key).fetch_optional(pool).await?.as_ref().map(appointment).transpose()
}

/// The slot labels of `date` that a booking holds.
pub async fn taken(pool: &AnyPool, service_id: &str, date: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query("SELECT time FROM appointments WHERE service_id = $1 AND date = $2 AND slot_key IS NOT NULL")
        .bind(service_id)
        .bind(date)
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| r.try_get("time"))
        .collect()
}

/// A seller's bookings, newest first.
pub async fn for_seller(pool: &AnyPool, seller_id: &str) -> Result<Vec<Appointment>, sqlx::Error> {
    let sql =
        format!("SELECT {COLUMNS} FROM appointments WHERE seller_id = $1 ORDER BY created_at DESC, id DESC LIMIT 500");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(seller_id).fetch_all(pool).await?.iter().map(appointment).collect()
}

/// Moves `id` from one of `from` to `to` (freeing its slot unless it is confirmed); false when it
/// was in none of `from`.
pub async fn transition(
    conn: &mut AnyConnection,
    id: &str,
    from: &[AppointmentStatus],
    to: AppointmentStatus,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let from = from.iter().map(|s| format!("'{}'", status_name(*s))).collect::<Vec<_>>().join(", ");
    let holds_slot = matches!(to, AppointmentStatus::Requested | AppointmentStatus::Confirmed);
    let slot = if holds_slot { "slot_key" } else { "NULL" };
    let sql = format!(
        "UPDATE appointments SET status = '{}', slot_key = {slot}, updated_at = $2 WHERE id = $1 AND status IN ({from})",
        status_name(to)
    );
    let done = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).bind(now).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}
