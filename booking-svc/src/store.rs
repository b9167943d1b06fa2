//! booking-svc's tables: appointments, the provider's time they hold (`time_holds`, which the
//! database keeps within each provider's capacity), working plans, and the notices waiting for a
//! provider's address.
//!
//! A change of `time_holds` made for a request is committed by `Booking::commit_holds` (or, in one
//! statement, followed by `DaySeats::changed`): on SQLite the days read are kept until then
//! (caches/day_seats.rs).
//! The sweeps' changes (`bring_forward` at start, `purge_expired` of days two years past) touch no
//! day the dialog asks for.

use mtaani_proto::booking::v1::{Appointment, AppointmentStatus, BookedOption};
use sqlx::{AnyConnection, AnyPool, Row, any::AnyRow};

use crate::rules::{
    members::{Body, FIRST_SEAT, Member},
    plan::Plan,
    request, schedule, slots,
};

const COLUMNS: &str = "id, service_id, service_name, seller_id, name, email, phone, date, time, message, status, \
                       created_at, updated_at, starts_at, duration_minutes, customer_id, language, member_id, \
                       member_name, options, total_ksh";

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

/// A booking still holding its time.
pub fn is_live(status: AppointmentStatus) -> bool {
    matches!(status, AppointmentStatus::Requested | AppointmentStatus::Confirmed)
}

fn appointment(row: &AnyRow) -> Result<Appointment, sqlx::Error> {
    let status: String = row.try_get("status")?;
    let starts_at: Option<i64> = row.try_get("starts_at")?;
    let duration: i64 = row.try_get("duration_minutes")?;
    let date: String = row.try_get("date")?;
    let time: String = row.try_get("time")?;
    // Bookings made before working hours have no start stored: it is their date and slot.
    let starts_at = starts_at.unwrap_or_else(|| legacy_start(&date, &time));
    let start_minutes = ((starts_at - schedule::midnight(request::parse_date(&date).unwrap_or_default())) / 60)
        .clamp(0, 48 * 60) as u32;
    Ok(Appointment {
        id: row.try_get("id")?,
        service_id: row.try_get("service_id")?,
        service_name: row.try_get("service_name")?,
        seller_id: row.try_get("seller_id")?,
        name: row.try_get("name")?,
        email: row.try_get("email")?,
        phone: row.try_get("phone")?,
        date,
        time,
        message: row.try_get("message")?,
        status: status_of(&status).into(),
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        duration_minutes: duration as i32,
        end_time: schedule::label(start_minutes + duration as u32),
        starts_at,
        customer_id: row.try_get::<Option<String>, _>("customer_id")?.unwrap_or_default(),
        language: row.try_get("language")?,
        member_id: row.try_get::<Option<String>, _>("member_id")?.unwrap_or_default(),
        member_name: row.try_get("member_name")?,
        options: booked_options(&row.try_get::<String, _>("options")?),
        total_ksh: row.try_get("total_ksh")?,
        ..Default::default()
    })
}

/// A booking's options as stored (JSON), or none.
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredOption {
    id: String,
    name: String,
    price: i64,
    minutes: i32,
}

fn booked_options(stored: &str) -> Vec<BookedOption> {
    if stored.is_empty() {
        return Vec::new();
    }
    serde_json::from_str::<Vec<StoredOption>>(stored).map_or_else(
        |e| {
            tracing::warn!(error = %e, "a booking's options cannot be read");
            Vec::new()
        },
        |options| {
            options
                .into_iter()
                .map(|o| BookedOption { id: o.id, name: o.name, price_ksh: o.price, duration_minutes: o.minutes })
                .collect()
        },
    )
}

/// A booking's options as stored: '' for none.
pub fn stored_options(options: &[BookedOption]) -> String {
    if options.is_empty() {
        return String::new();
    }
    let stored: Vec<StoredOption> = options
        .iter()
        .map(|o| StoredOption {
            id: o.id.clone(),
            name: o.name.clone(),
            price: o.price_ksh,
            minutes: o.duration_minutes,
        })
        .collect();
    serde_json::to_string(&stored).unwrap_or_default()
}

/// The start of a booking stored before working hours, from its date and slot label.
pub fn legacy_start(date: &str, time: &str) -> i64 {
    match (request::parse_date(date), slots::find(time)) {
        (Some(d), Some(s)) => schedule::starts_at(d, s.minutes),
        _ => 0,
    }
}

/// Stores a new request (its time is held separately, with [`hold`], in the same transaction). A
/// unique violation means the idempotency key is taken.
pub async fn insert(
    conn: &mut AnyConnection,
    a: &Appointment,
    idempotency_key: Option<&str>,
) -> Result<(), sqlx::Error> {
    // The status is one of `status_name`'s fixed words, written into the statement (one text each).
    let q = sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO appointments (id, service_id, service_name, seller_id, name, email, phone, date, time, message, \
         status, idempotency_key, created_at, updated_at, starts_at, duration_minutes, customer_id, language, \
         member_id, member_name, options, total_ksh) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '{}', $11, $12, $12, $13, $14, $15, $16, $17, $18, $19, $20)",
        status_name(a.status())
    )));
    with_appointment(q, a, idempotency_key).execute(conn).await?;
    Ok(())
}

/// Binds a new appointment's values as `$1`…`$20` of [`insert`]'s statement.
fn with_appointment<'q>(
    q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>,
    a: &'q Appointment,
    idempotency_key: Option<&'q str>,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
    q.bind(&a.id)
        .bind(&a.service_id)
        .bind(&a.service_name)
        .bind(&a.seller_id)
        .bind(&a.name)
        .bind(&a.email)
        .bind(&a.phone)
        .bind(&a.date)
        .bind(&a.time)
        .bind(&a.message)
        .bind(idempotency_key)
        .bind(a.created_at)
        .bind(a.starts_at)
        .bind(i64::from(a.duration_minutes))
        .bind((!a.customer_id.is_empty()).then(|| a.customer_id.clone()))
        // A language code already (create_appointment made it from the request's).
        .bind(&a.language)
        .bind((!a.member_id.is_empty()).then(|| a.member_id.clone()))
        .bind(&a.member_name)
        .bind(stored_options(&a.options))
        .bind(a.total_ksh)
}

/// The data-modifying CTEs that store a new booking's rows on PostgreSQL: the appointment (`$1`…`$20`
/// of [`with_appointment`]), the provider's notice (`$21` id, `$22` payload) and the customer's e-mail
/// (`$23` id, `$24` payload), bound by [`with_rows`].
fn booking_rows(status: AppointmentStatus) -> String {
    format!(
        "WITH appointment AS (INSERT INTO appointments (id, service_id, service_name, seller_id, \
     name, email, phone, date, time, message, status, idempotency_key, created_at, updated_at, starts_at, \
     duration_minutes, customer_id, language, member_id, member_name, options, total_ksh) VALUES ($1, $2, $3, \
     $4, $5, $6, $7, $8, $9, $10, '{}', $11, $12, $12, $13, $14, $15, $16, $17, $18, $19, $20)), \
     notice AS (INSERT INTO provider_notices (id, seller_id, payload, created_at) VALUES ($21, $4, $22, $12) \
     ON CONFLICT (id) DO NOTHING), \
     outbox AS (INSERT INTO notification_outbox (id, payload, attempts, next_attempt_at, created_at) \
     VALUES ($23, $24, 0, $12, $12))",
        status_name(status)
    )
}

/// A new booking's rows.
pub struct NewBooking<'a> {
    pub a: &'a Appointment,
    pub key: Option<&'a str>,
    /// The cells it holds, ascending.
    pub cells: &'a [i64],
    /// The provider's notice: id and payload.
    pub notice: (&'a str, &'a str),
}

/// Binds [`booking_rows`]' `$1`…`$24`.
fn with_rows<'q>(
    sql: String,
    new: &NewBooking<'q>,
    outbox: &'q mtaani_runtime::outbox::OutboxRow,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
    with_appointment(sqlx::query(sqlx::AssertSqlSafe(sql)), new.a, new.key)
        .bind(new.notice.0)
        .bind(new.notice.1)
        .bind(&outbox.id)
        .bind(&outbox.payload)
}

/// PostgreSQL: a new booking's rows in one statement (inside the caller's transaction), one round
/// trip instead of four: the appointment, the provider's notice, the customer's e-mail (`outbox`)
/// and the first seat in every cell of `new.cells`; answers the cells whose first seat it took (the
/// caller seats the others with [`hold_from`], or the slot is taken).
pub async fn insert_at_once(
    conn: &mut AnyConnection,
    new: &NewBooking<'_>,
    outbox: &mtaani_runtime::outbox::OutboxRow,
) -> Result<Vec<i64>, sqlx::Error> {
    let holds: Vec<String> = (0..new.cells.len()).map(|i| format!("($4, ${}, 0, $1)", 25 + i)).collect();
    let sql = format!(
        "{} INSERT INTO time_holds (seller_id, cell, seat, appointment_id) VALUES {} \
         ON CONFLICT DO NOTHING RETURNING cell",
        booking_rows(new.a.status()),
        holds.join(", "),
    );
    let mut q = with_rows(sql, new, outbox);
    for &cell in new.cells {
        q = q.bind(cell);
    }
    q.fetch_all(conn).await?.iter().map(|row| row.try_get::<i64, _>(0)).collect()
}

/// The most customers at once a plan allows (`plan::BAD_CAPACITY`).
const MAX_SEATS: u32 = 20;

/// PostgreSQL: a new booking in one statement and no transaction around it, the one round trip of
/// a booking: its rows as [`insert_at_once`] stores them, and in every cell of `new.cells` the lowest
/// seat below `capacity` that is free as of the statement's snapshot; all of it only while the
/// seller's stored plan is still `plan` (the one the booking was checked against, kept by
/// booking-svc: `None` for a seller on the default plan) and they have no team taking bookings (a
/// team's bookings take a member's seat: `hold_first_free`).
///
/// The statement fails as a whole, storing nothing, when the plan changed, a team began, when a cell has no free
/// seat, or when a seat it chose was taken meanwhile (another booking's insert, which it waits for:
/// `ON CONFLICT DO NOTHING` then drops the row and the count of seats falls short) — the only way
/// to undo the other rows of the statement is to fail it, so it ends in a cast that fails
/// ("stale setup or seat taken"). The caller then books the general way, in a transaction
/// ([`insert_at_once`], [`hold_from`]), which says whether the slot is really taken. Seats are
/// inserted seat by seat and the cells of a seat ascending, the order [`hold`] takes them in, so a
/// booking made here and one made there never wait for each other in a circle.
///
/// Seats are looked for among a constant 20 (below `capacity`), not in `generate_series(0,
/// capacity - 1)`: PostgreSQL guesses a thousand rows for a series whose end is a parameter, so its
/// generic plan looks dearer than a plan made for each call's values, and it would plan every
/// booking again, which costs more than running the statement; with a constant series it keeps one
/// plan (figures: docs/BENCHMARKS.md, "Bookings in one round trip to PostgreSQL").
pub async fn book_at_once(
    pool: &AnyPool,
    new: &NewBooking<'_>,
    outbox: &mtaani_runtime::outbox::OutboxRow,
    plan: Option<&str>,
    capacity: u32,
) -> Result<(), sqlx::Error> {
    let values: Vec<String> = (0..new.cells.len()).map(|i| format!("(CAST(${} AS BIGINT))", 27 + i)).collect();
    let sql = format!(
        "{}, \
         seats AS (SELECT c.cell, (SELECT MIN(s.seat) FROM generate_series(0, {MAX_SEATS} - 1) AS s(seat) \
         WHERE s.seat < CAST($26 AS BIGINT) AND NOT EXISTS (SELECT 1 FROM time_holds h WHERE h.seller_id = $4 \
         AND h.cell = c.cell AND h.seat = s.seat)) AS seat FROM (VALUES {}) AS c(cell)), \
         holds AS (INSERT INTO time_holds (seller_id, cell, seat, appointment_id) \
         SELECT $4, cell, seat, $1 FROM seats WHERE seat IS NOT NULL ORDER BY seat, cell \
         ON CONFLICT DO NOTHING RETURNING cell) \
         SELECT CAST(CASE WHEN (SELECT plan FROM provider_plans WHERE seller_id = $4) IS NOT DISTINCT FROM $25 \
         AND NOT EXISTS (SELECT 1 FROM team_members t WHERE t.seller_id = $4 AND t.removed_at IS NULL \
         AND t.active = 1) \
         AND (SELECT COUNT(*) FROM holds) = {} THEN '1' ELSE 'stale setup or seat taken' END AS INTEGER)",
        booking_rows(new.a.status()),
        values.join(", "),
        new.cells.len(),
    );
    let mut q = with_rows(sql, new, outbox).bind(plan).bind(i64::from(capacity.max(1)));
    for &cell in new.cells {
        q = q.bind(cell);
    }
    q.execute(pool).await?;
    Ok(())
}

/// Takes one seat in every cell of `cells` (ascending) for `appointment_id`, among the first
/// `capacity` seats of each. False when a cell has no free seat: the caller rolls back.
///
/// The primary key `(seller_id, cell, seat)` is what guarantees the capacity: two transactions can
/// never hold the same seat, and on PostgreSQL an insert that meets another transaction's
/// uncommitted row waits for it, then takes the next seat. Everyone takes seats in the same order
/// (seat by seat, and the cells of a seat ascending), so two bookings never wait for each other in a
/// circle.
pub async fn hold(
    conn: &mut AnyConnection,
    seller_id: &str,
    appointment_id: &str,
    cells: &[i64],
    capacity: u32,
) -> Result<bool, sqlx::Error> {
    hold_from(conn, seller_id, appointment_id, cells.to_vec(), 0, capacity).await
}

/// [`hold`] from seat `first` on, for `unseated` (ascending): the cells whose earlier seats are taken.
pub async fn hold_from(
    conn: &mut AnyConnection,
    seller_id: &str,
    appointment_id: &str,
    mut unseated: Vec<i64>,
    first: u32,
    capacity: u32,
) -> Result<bool, sqlx::Error> {
    // Seat after seat, every cell still unseated at once: one statement for a provider with one
    // chair, whatever the booking's length; the cells a seat took come back and are done.
    for seat in i64::from(first)..i64::from(capacity.max(1)) {
        if unseated.is_empty() {
            break;
        }
        let rows: Vec<String> = (0..unseated.len())
            .map(|i| if i == 0 { "($1, $2, $3, $4)".to_owned() } else { format!("($1, ${}, $3, $4)", i + 4) })
            .collect();
        let sql = format!(
            "INSERT INTO time_holds (seller_id, cell, seat, appointment_id) VALUES {} ON CONFLICT DO NOTHING \
             RETURNING cell",
            rows.join(", ")
        );
        let mut insert = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql))
            .bind(seller_id)
            .bind(unseated[0])
            .bind(seat)
            .bind(appointment_id);
        for &cell in &unseated[1..] {
            insert = insert.bind(cell);
        }
        let seated = insert.fetch_all(&mut *conn).await?;
        unseated.retain(|cell| !seated.contains(cell));
    }
    Ok(unseated.is_empty())
}

/// Gives back the time `appointment_id` holds.
pub async fn release(conn: &mut AnyConnection, appointment_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM time_holds WHERE appointment_id = $1").bind(appointment_id).execute(conn).await?;
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

/// A seller's bookings, newest first.
pub async fn for_seller(pool: &AnyPool, seller_id: &str) -> Result<Vec<Appointment>, sqlx::Error> {
    let sql =
        format!("SELECT {COLUMNS} FROM appointments WHERE seller_id = $1 ORDER BY created_at DESC, id DESC LIMIT 500");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(seller_id).fetch_all(pool).await?.iter().map(appointment).collect()
}

/// The bookings a signed-in customer made, soonest first.
pub async fn for_customer(pool: &AnyPool, customer_id: &str) -> Result<Vec<Appointment>, sqlx::Error> {
    let sql =
        format!("SELECT {COLUMNS} FROM appointments WHERE customer_id = $1 ORDER BY starts_at ASC, id ASC LIMIT 500");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(customer_id).fetch_all(pool).await?.iter().map(appointment).collect()
}

/// Live bookings starting in `[from, to)`, soonest first.
pub async fn live_between(pool: &AnyPool, from: i64, to: i64) -> Result<Vec<Appointment>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM appointments WHERE starts_at >= $1 AND starts_at < $2 \
         AND status IN ('requested', 'confirmed') ORDER BY starts_at ASC, id ASC LIMIT 5000"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(from).bind(to).fetch_all(pool).await?.iter().map(appointment).collect()
}

/// Live bookings due a reminder: starting in `[from, to)`, none sent yet.
pub async fn due_reminders(pool: &AnyPool, from: i64, to: i64) -> Result<Vec<Appointment>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM appointments WHERE starts_at >= $1 AND starts_at < $2 AND reminded_at IS NULL \
         AND status IN ('requested', 'confirmed') ORDER BY starts_at ASC LIMIT 200"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(from).bind(to).fetch_all(pool).await?.iter().map(appointment).collect()
}

/// Claims the reminder of `id` once: false when it was claimed already (or the booking moved).
pub async fn claim_reminder(conn: &mut AnyConnection, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE appointments SET reminded_at = $2 WHERE id = $1 AND reminded_at IS NULL")
        .bind(id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Confirmed bookings that started from `from` and ended by `now` whose customer was not yet asked
/// for a review.
pub async fn due_review_invites(pool: &AnyPool, from: i64, now: i64) -> Result<Vec<Appointment>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM appointments WHERE status = 'confirmed' AND review_invited_at IS NULL \
         AND starts_at >= $1 AND starts_at + duration_minutes * 60 <= $2 ORDER BY starts_at ASC LIMIT 100"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(from).bind(now).fetch_all(pool).await?.iter().map(appointment).collect()
}

/// Marks the review invitation of `id` done; false when it was already.
pub async fn mark_review_invited(pool: &AnyPool, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("UPDATE appointments SET review_invited_at = $2 WHERE id = $1 AND review_invited_at IS NULL")
            .bind(id)
            .bind(now)
            .execute(pool)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves `id` from one of `from` to `to`; false when it was in none of `from`. Leaving the live
/// statuses gives its time back in the same transaction.
pub async fn transition(
    conn: &mut AnyConnection,
    id: &str,
    from: &[AppointmentStatus],
    to: AppointmentStatus,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let from = from.iter().map(|s| format!("'{}'", status_name(*s))).collect::<Vec<_>>().join(", ");
    let slot = if is_live(to) { "slot_key" } else { "NULL" };
    let sql = format!(
        "UPDATE appointments SET status = '{}', slot_key = {slot}, updated_at = $2 WHERE id = $1 AND status IN ({from})",
        status_name(to)
    );
    let done = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).bind(now).execute(&mut *conn).await?;
    if done.rows_affected() == 1 && !is_live(to) {
        release(conn, id).await?;
    }
    Ok(done.rows_affected() == 1)
}

/// Moves a live booking to a new time (its holds are taken by the caller in the same transaction);
/// its reminder is due again for the new day. False when it is no longer live.
pub async fn move_to(
    conn: &mut AnyConnection,
    a: &Appointment,
    date: &str,
    time: &str,
    starts_at: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE appointments SET date = $2, time = $3, starts_at = $4, slot_key = NULL, reminded_at = NULL, \
         updated_at = $5 WHERE id = $1 AND status IN ('requested', 'confirmed')",
    )
    .bind(&a.id)
    .bind(date)
    .bind(time)
    .bind(starts_at)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Whose live bookings are read: a provider's, or one team member's.
#[derive(Debug, Clone, Copy)]
pub enum Whose<'a> {
    Seller(&'a str),
    Member(&'a str),
}

/// The live bookings of a provider or a member starting at or after `from`, soonest first.
pub async fn live_from(pool: &AnyPool, whose: Whose<'_>, from: i64) -> Result<Vec<Appointment>, sqlx::Error> {
    let (column, id) = match whose {
        Whose::Seller(id) => ("seller_id", id),
        Whose::Member(id) => ("member_id", id),
    };
    // The column is one of two fixed names; the id is bound.
    let sql = format!(
        "SELECT {COLUMNS} FROM appointments WHERE {column} = $1 AND status IN ('requested', 'confirmed') \
         AND COALESCE(starts_at, 0) >= $2 ORDER BY starts_at"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).bind(from).fetch_all(pool).await?.iter().map(appointment).collect()
}

/// The bookings a customer made while signed in no longer name the account; answers how many.
pub async fn forget_customer(pool: &AnyPool, customer_id: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE appointments SET customer_id = NULL WHERE customer_id = $1")
        .bind(customer_id)
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}

pub async fn count_since(pool: &AnyPool, since: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM appointments WHERE created_at >= $1").bind(since).fetch_one(pool).await
}

/// `seller_id`'s plan, or the default for a seller who never set one.
pub async fn plan(pool: &AnyPool, seller_id: &str) -> Result<Plan, sqlx::Error> {
    Ok(stored_plan(pool, seller_id).await?.0)
}

/// `seller_id`'s plan and its row's text as stored (`None`: the default plan, no row), what
/// [`book_at_once`] compares.
pub async fn stored_plan(pool: &AnyPool, seller_id: &str) -> Result<(Plan, Option<String>), sqlx::Error> {
    let stored: Option<String> = sqlx::query_scalar("SELECT plan FROM provider_plans WHERE seller_id = $1")
        .bind(seller_id)
        .fetch_optional(pool)
        .await?;
    Ok((plan_of(seller_id, stored.as_deref()), stored))
}

fn plan_of(seller_id: &str, stored: Option<&str>) -> Plan {
    match stored {
        Some(json) => serde_json::from_str(json).unwrap_or_else(|e| {
            tracing::error!(%seller_id, error = %e, "stored plan unreadable; using the default plan");
            Plan::default()
        }),
        None => Plan::default(),
    }
}

pub async fn save_plan(pool: &AnyPool, seller_id: &str, plan: &Plan, now: i64) -> Result<(), sqlx::Error> {
    let json = serde_json::to_string(plan).expect("a plan serialises");
    sqlx::query(
        "INSERT INTO provider_plans (seller_id, plan, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (seller_id) DO UPDATE SET plan = excluded.plan, updated_at = excluded.updated_at",
    )
    .bind(seller_id)
    .bind(json)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(())
}

/// Stores `plan` for `seller_id` unless the seller has one (the demo sellers' plans at start).
pub async fn seed_plan(pool: &AnyPool, seller_id: &str, plan: &Plan, now: i64) -> Result<(), sqlx::Error> {
    let json = serde_json::to_string(plan).expect("a plan serialises");
    sqlx::query(
        "INSERT INTO provider_plans (seller_id, plan, updated_at) VALUES ($1, $2, $3) ON CONFLICT (seller_id) DO NOTHING",
    )
    .bind(seller_id)
    .bind(json)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(())
}

/// Bookings stored before working hours held their slot through `slot_key`: give each live one its
/// start, and the time it holds, once.
pub async fn bring_forward(pool: &AnyPool) -> Result<usize, sqlx::Error> {
    let sql =
        format!("SELECT {COLUMNS} FROM appointments WHERE starts_at IS NULL AND status IN ('requested', 'confirmed')");
    let old: Vec<Appointment> = sqlx::query(sqlx::AssertSqlSafe(sql))
        .fetch_all(pool)
        .await?
        .iter()
        .map(appointment)
        .collect::<Result<_, _>>()?;
    for a in &old {
        let mut tx = pool.begin().await?;
        sqlx::query("UPDATE appointments SET starts_at = $2 WHERE id = $1 AND starts_at IS NULL")
            .bind(&a.id)
            .bind(a.starts_at)
            .execute(&mut *tx)
            .await?;
        // As many seats as it takes: these bookings were accepted before capacities existed.
        hold(&mut tx, &a.seller_id, &a.id, &schedule::cells(a.starts_at, a.duration_minutes as u32), 1000).await?;
        tx.commit().await?;
    }
    Ok(old.len())
}

/// A notice for a provider, waiting for their address.
pub async fn queue_provider_notice(
    conn: &mut AnyConnection,
    key: &str,
    seller_id: &str,
    payload: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO provider_notices (id, seller_id, payload, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(key)
    .bind(seller_id)
    .bind(payload)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Notices not handed to the outbox yet, oldest first: (id, seller, payload).
pub async fn waiting_notices(pool: &AnyPool) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    let rows = sqlx::query(
        // `created_at IS NOT NULL`: what lets this sweep, and only it, use provider_notices_waiting
        // (migration 0008).
        "SELECT id, seller_id, payload FROM provider_notices WHERE sent_at IS NULL AND created_at IS NOT NULL \
         ORDER BY created_at LIMIT 100",
    )
    .fetch_all(pool)
    .await?;
    notices_of(&rows)
}

/// The waiting notices among the ids `mtaani_runtime::outbox::Hints::fetch` puts for `{ids}`; rows of
/// [`notices_of`].
pub const HINTED_NOTICES: &str =
    "SELECT id, seller_id, payload FROM provider_notices WHERE id IN ({ids}) AND sent_at IS NULL";

/// Rows of `id, seller_id, payload` as notices.
pub fn notices_of(rows: &[sqlx::any::AnyRow]) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    rows.iter().map(|r| Ok((r.try_get("id")?, r.try_get("seller_id")?, r.try_get("payload")?))).collect()
}

/// Marks notices handed over, each once; answers those this call marked (another worker may have
/// taken the others first).
pub async fn claim_notices(conn: &mut AnyConnection, ids: &[&str], now: i64) -> Result<Vec<String>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "UPDATE provider_notices SET sent_at = $1 WHERE id IN ({}) AND sent_at IS NULL RETURNING id",
        mtaani_runtime::db::placeholders(2, ids.len())
    );
    let mut claim = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(now);
    for id in ids {
        claim = claim.bind(*id);
    }
    claim.fetch_all(conn).await
}

/// Records the morning list of `seller_id` for `date`; false when it was sent already.
pub async fn claim_agenda(
    conn: &mut AnyConnection,
    seller_id: &str,
    date: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO provider_agendas (seller_id, date, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
    )
    .bind(seller_id)
    .bind(date)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether `seller_id` had a morning list for `date`.
pub async fn agenda_sent(pool: &AnyPool, seller_id: &str, date: &str) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM provider_agendas WHERE seller_id = $1 AND date = $2")
        .bind(seller_id)
        .bind(date)
        .fetch_one(pool)
        .await?;
    Ok(n > 0)
}

/// Deletes the bookings past their retention period (24 months after the appointment date) and the
/// time they held; answers how many bookings.
pub async fn purge_expired(pool: &AnyPool, now: i64) -> Result<u64, sqlx::Error> {
    let cutoff = chrono::DateTime::from_timestamp(now - mtaani_runtime::retention::BOOKINGS, 0)
        .unwrap_or_default()
        .format("%Y-%m-%d")
        .to_string();
    let mut tx = pool.begin().await?;
    sqlx::query("DELETE FROM time_holds WHERE appointment_id IN (SELECT id FROM appointments WHERE date < $1)")
        .bind(cutoff.clone())
        .execute(&mut *tx)
        .await?;
    let done = sqlx::query("DELETE FROM appointments WHERE date < $1").bind(cutoff).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(done.rows_affected())
}

// The provider's team.

const MEMBER_COLUMNS: &str = "id, seller_id, seat, body, active, created_at";

fn member_of_row(row: &AnyRow) -> Result<Member, sqlx::Error> {
    let body: String = row.try_get("body")?;
    Ok(Member {
        id: row.try_get("id")?,
        seller_id: row.try_get("seller_id")?,
        seat: row.try_get("seat")?,
        body: serde_json::from_str(&body).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        active: row.try_get::<i64, _>("active")? != 0,
        created_at: row.try_get("created_at")?,
    })
}

/// `seller_id`'s team (removed members left out), in the order they were added.
pub async fn team(pool: &AnyPool, seller_id: &str) -> Result<Vec<Member>, sqlx::Error> {
    let sql =
        format!("SELECT {MEMBER_COLUMNS} FROM team_members WHERE seller_id = $1 AND removed_at IS NULL ORDER BY seat");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(seller_id).fetch_all(pool).await?.iter().map(member_of_row).collect()
}

/// A member who was not removed.
pub async fn member(pool: &AnyPool, id: &str) -> Result<Option<Member>, sqlx::Error> {
    let sql = format!("SELECT {MEMBER_COLUMNS} FROM team_members WHERE id = $1 AND removed_at IS NULL");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await?.as_ref().map(member_of_row).transpose()
}

/// Adds a member with the next seat of the provider's (two added at once: the second tries again).
pub async fn add_member(
    pool: &AnyPool,
    seller_id: &str,
    body: &Body,
    active: bool,
    now: i64,
) -> Result<Member, sqlx::Error> {
    let id = uuid::Uuid::now_v7().to_string();
    let json = serde_json::to_string(body).expect("a member serialises");
    for attempt in 0.. {
        let seat: i64 = sqlx::query_scalar(
            "INSERT INTO team_members (id, seller_id, seat, body, active, created_at, updated_at) \
             SELECT $1, $2, COALESCE(MAX(seat) + 1, $3), $4, $5, $6, $6 FROM team_members WHERE seller_id = $2 \
             RETURNING seat",
        )
        .bind(&id)
        .bind(seller_id)
        .bind(FIRST_SEAT)
        .bind(&json)
        .bind(i64::from(active))
        .bind(now)
        .fetch_one(pool)
        .await
        .or_else(|e| if attempt < 3 && mtaani_runtime::db::is_unique_violation(&e) { Ok(-1) } else { Err(e) })?;
        if seat >= 0 {
            return Ok(Member {
                id,
                seller_id: seller_id.to_owned(),
                seat,
                body: body.clone(),
                active,
                created_at: now,
            });
        }
    }
    unreachable!("the loop returns or fails")
}

pub async fn update_member(pool: &AnyPool, m: &Member, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE team_members SET body = $2, active = $3, updated_at = $4 WHERE id = $1 AND removed_at IS NULL")
        .bind(&m.id)
        .bind(serde_json::to_string(&m.body).expect("a member serialises"))
        .bind(i64::from(m.active))
        .bind(now)
        .execute(pool)
        .await?;
    Ok(())
}

/// A demo member with its own id and seat, unless it was ever stored (a replica seeding at the
/// same time, or a restart): answers whether it was added.
pub async fn seed_member(pool: &AnyPool, m: &Member, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO team_members (id, seller_id, seat, body, active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, 1, $5, $5) ON CONFLICT DO NOTHING",
    )
    .bind(&m.id)
    .bind(&m.seller_id)
    .bind(m.seat)
    .bind(serde_json::to_string(&m.body).expect("a member serialises"))
    .bind(now)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A member leaves the team; their row stays for the bookings that name them.
pub async fn remove_member(pool: &AnyPool, id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE team_members SET removed_at = $2, active = 0, updated_at = $2 WHERE id = $1")
        .bind(id)
        .bind(now)
        .execute(pool)
        .await?;
    Ok(())
}

/// Which seat of which of `seller_id`'s cells in `[from, to)` is held: what a day's read asks of the
/// database (the plan and the team are kept, caches/setups.rs).
pub async fn holds(pool: &AnyPool, seller_id: &str, from: i64, to: i64) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT cell, seat FROM time_holds WHERE seller_id = $1 AND cell >= $2 AND cell < $3")
        .bind(seller_id)
        .bind(from)
        .bind(to)
        .fetch_all(pool)
        .await
}

/// Takes `seat` in every cell of `cells` for `appointment_id`, all or none: false (and nothing held)
/// when another booking holds the seat in any of them. The primary key makes a member's time theirs
/// alone; on PostgreSQL an insert meeting another transaction's uncommitted row waits for it.
pub async fn hold_seat(
    conn: &mut AnyConnection,
    seller_id: &str,
    appointment_id: &str,
    cells: &[i64],
    seat: i64,
) -> Result<bool, sqlx::Error> {
    let rows: Vec<String> = (0..cells.len()).map(|i| format!("($1, ${}, $2, $3)", i + 4)).collect();
    let sql = format!(
        "INSERT INTO time_holds (seller_id, cell, seat, appointment_id) VALUES {} ON CONFLICT DO NOTHING RETURNING cell",
        rows.join(", ")
    );
    let mut insert =
        sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql)).bind(seller_id).bind(seat).bind(appointment_id);
    for &cell in cells {
        insert = insert.bind(cell);
    }
    let seated = insert.fetch_all(&mut *conn).await?;
    if seated.len() == cells.len() {
        return Ok(true);
    }
    sqlx::query("DELETE FROM time_holds WHERE appointment_id = $1 AND seat = $2")
        .bind(appointment_id)
        .bind(seat)
        .execute(&mut *conn)
        .await?;
    Ok(false)
}

/// Takes, for `appointment_id`, the seat of the first of `members` free in every cell of `cells`
/// ([`hold_seat`] each in turn, in the order given); the member taken, or none when nobody is free.
pub async fn hold_first_free<'m>(
    conn: &mut AnyConnection,
    seller_id: &str,
    appointment_id: &str,
    cells: &[i64],
    members: &[&'m Member],
) -> Result<Option<&'m Member>, sqlx::Error> {
    for &m in members {
        if hold_seat(conn, seller_id, appointment_id, cells, m.seat).await? {
            return Ok(Some(m));
        }
    }
    Ok(None)
}

/// The member who serves a booking now.
pub async fn set_member(
    conn: &mut AnyConnection,
    appointment_id: &str,
    member_id: &str,
    member_name: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE appointments SET member_id = $2, member_name = $3, updated_at = $4 \
         WHERE id = $1 AND status IN ('requested', 'confirmed')",
    )
    .bind(appointment_id)
    .bind(member_id)
    .bind(member_name)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
