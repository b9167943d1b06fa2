//! The tonic implementation of `messaging.v1.MessagingService`.

use std::sync::Arc;

use mtaani_proto::{
    language::Language,
    messaging::v1::{self as pb, messaging_service_server::MessagingService},
    status::Violations,
};
use tokio::sync::Notify;
use tonic::{Request, Response, Status};

use crate::{contact, sms, templates};

#[derive(Debug, Clone)]
pub struct Messaging {
    pub(crate) pool: sqlx::AnyPool,
    pub(crate) wake_sender: Arc<Notify>,
    pub(crate) wake_sms: Arc<Notify>,
    /// The e-mails and SMS just stored, for the senders to read by id (see `Hints`).
    pub(crate) email_hints: mtaani_runtime::outbox::Hints,
    pub(crate) sms_hints: mtaani_runtime::outbox::Hints,
    /// Every contact message is copied here (`SUPPORT_EMAIL`).
    pub(crate) support_email: String,
}

/// A contact message as stored.
#[derive(Debug, Clone)]
pub struct ContactRow {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub subject: String,
    pub message: String,
    pub status: String,
    pub created_at: i64,
    pub reply: Option<String>,
    pub replied_at: Option<i64>,
    pub replied_by: Option<String>,
    /// What the sender wrote the form in: their acknowledgement and the reply are framed in it.
    pub language: Language,
}

const CONTACT_COLUMNS: &str =
    "id, name, email, phone, subject, message, status, created_at, reply, replied_at, replied_by, language";

fn contact_row(r: &sqlx::any::AnyRow) -> Result<ContactRow, sqlx::Error> {
    use sqlx::Row;
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

impl From<ContactRow> for pb::ContactMessage {
    fn from(m: ContactRow) -> Self {
        Self {
            id: m.id,
            name: m.name,
            email: m.email,
            phone: m.phone,
            subject: m.subject,
            message: m.message,
            status: m.status,
            created_at: m.created_at,
            reply: m.reply.unwrap_or_default(),
            replied_at: m.replied_at.unwrap_or_default(),
            replied_by: m.replied_by.unwrap_or_default(),
        }
    }
}

pub const MESSAGE_NOT_FOUND: &str = "Message not found";
pub const ALREADY_ANSWERED: &str = "This message has already been answered.";
pub const EMPTY_REPLY: &str = "Please write a reply";
pub const SHORT_LINK_NOT_FOUND: &str = "This link is not valid or has expired.";

fn page(limit: i32, offset: i32) -> (i64, i64) {
    (i64::from(if limit <= 0 { 20 } else { limit.min(100) }), i64::from(offset.clamp(0, 1_000_000)))
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

fn internal(e: sqlx::Error) -> Status {
    if mtaani_runtime::db::is_unavailable(&e) {
        tracing::error!(error = %e, "messaging database unavailable");
        return Status::unavailable("Messages are busy. Please try again.");
    }
    tracing::error!(error = %e, "messaging database error");
    Status::internal(mtaani_proto::status::texts::INTERNAL)
}

/// Puts one rendered e-mail in the outbox on `conn`, once per key: answers its id and whether it is
/// new (a key stored before answers the earlier row's id and adds nothing). New ones are named to
/// the sender (`hints`).
async fn insert_outbox(
    conn: &mut sqlx::AnyConnection,
    hints: &mtaani_runtime::outbox::Hints,
    key: Option<&str>,
    to_email: &str,
    to_name: &str,
    email: &templates::Email,
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
    .bind(now())
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
struct Prepared {
    key: Option<String>,
    to_email: String,
    to_name: String,
    kind: &'static str,
    subject: String,
    /// The request, protobuf in base64.
    request: String,
    /// The SMS and the number it goes to.
    sms: Option<(String, sms::Sms)>,
}

/// Checks one notification (and renders its SMS, for the kinds that have one when it carries a
/// number as stored: + and digits).
fn prepare(r: &pb::SendNotificationRequest) -> Result<Prepared, Status> {
    let mut v = Violations::new();
    v.check(contact::is_email(&r.to_email), "toEmail", "A valid recipient e-mail address is required");
    v.check(r.kind.is_some(), "kind", "The kind of notification is required");
    v.check(r.idempotency_key.len() <= 128, "idempotencyKey", "The idempotency key is too long");
    v.into_result()?;
    let kind = r.kind.as_ref().expect("checked above");
    let language = Language::of(&r.language);
    let phone = r.to_phone.trim();
    let sms = sms::render(language, kind)
        .filter(|_| phone.starts_with('+') && mtaani_proto::phone::clean(phone).as_deref() == Some(phone))
        .map(|text| (phone.to_owned(), text));
    let templates::Subject { kind: email_kind, subject } = templates::subject(language, &r.to_name, kind);
    Ok(Prepared {
        key: (!r.idempotency_key.is_empty()).then(|| r.idempotency_key.clone()),
        to_email: r.to_email.trim().to_owned(),
        to_name: r.to_name.clone(),
        kind: email_kind,
        subject,
        request: mtaani_runtime::outbox::encode(r),
        sms,
    })
}

/// Stores a batch of notifications on `conn` (inside a transaction), each once per key: a key
/// stored before (or earlier in the batch) adds nothing and answers the first row's id. Two
/// statements for the batch, whatever its size: its e-mails, then the SMS of those that are new.
/// Answers each notification's e-mail id, and the ids of the new SMS; new e-mails are named to the
/// sender (`hints`).
async fn store_batch(
    conn: &mut sqlx::AnyConnection,
    hints: &mtaani_runtime::outbox::Hints,
    batch: &[&Prepared],
) -> Result<(Vec<String>, Vec<String>), sqlx::Error> {
    use std::collections::HashMap;
    let t = now();
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
            format!(
                "({}, {}, {}, {}, {}, {}, '', '', 'pending', 0, $1, $1, NULL, {})",
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
        let n = batch[i];
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
        use sqlx::Row;
        if let Some(key) = row.try_get::<Option<String>, _>("idempotency_key")? {
            stored_by_key.insert(key, row.try_get("id")?);
        }
    }
    let mut answered = Vec::with_capacity(batch.len());
    let mut texts: Vec<(String, &str, &(String, sms::Sms))> = Vec::new();
    for (i, n) in batch.iter().enumerate() {
        let id = match &n.key {
            Some(k) => stored_by_key.get(k).cloned().ok_or_else(|| sqlx::Error::RowNotFound)?,
            None => ids[i].clone(),
        };
        if id == ids[i] {
            hints.push(id.clone());
            if let Some(text) = &n.sms {
                texts.push((uuid::Uuid::now_v7().to_string(), n.key.as_deref().unwrap_or(&ids[i]), text));
            }
        }
        answered.push(id);
    }
    sms::insert_all(conn, &texts, t).await?;
    Ok((answered, texts.into_iter().map(|(id, _, _)| id).collect()))
}

impl Messaging {
    /// Stores notifications (each once per idempotency key; together, or none) and answers their ids.
    async fn store(&self, batch: &[Prepared]) -> Result<Vec<String>, Status> {
        if batch.is_empty() {
            return Ok(Vec::new());
        }
        let mut tx = self.pool.begin().await.map_err(internal)?;
        let batch: Vec<&Prepared> = batch.iter().collect();
        let (ids, new_sms) = store_batch(&mut tx, &self.email_hints, &batch).await.map_err(internal)?;
        tx.commit().await.map_err(internal)?;
        let texts = !new_sms.is_empty();
        for sms in new_sms {
            self.sms_hints.push(sms);
        }
        self.wake_sender.notify_one();
        if texts {
            self.wake_sms.notify_one();
        }
        Ok(ids)
    }
}

#[tonic::async_trait]
impl MessagingService for Messaging {
    async fn submit_contact_message(
        &self,
        request: Request<pb::SubmitContactMessageRequest>,
    ) -> Result<Response<pb::SubmitContactMessageResponse>, Status> {
        let r = request.into_inner();
        let phone = contact::check(&r)?;
        let phone_copy = phone.clone();
        let key = (!r.idempotency_key.is_empty()).then(|| r.idempotency_key.chars().take(128).collect::<String>());
        if let Some(k) = &key {
            let existing: Option<String> =
                sqlx::query_scalar("SELECT id FROM contact_messages WHERE idempotency_key = $1")
                    .bind(k.clone())
                    .fetch_optional(&self.pool)
                    .await
                    .map_err(internal)?;
            if let Some(id) = existing {
                return Ok(Response::new(pb::SubmitContactMessageResponse { id }));
            }
        }
        let id = uuid::Uuid::now_v7().to_string();
        let (name, email) = (r.name.trim().to_owned(), r.email.trim().to_owned());
        let language = Language::of(&r.language);
        let ack = templates::render(
            language,
            &name,
            &pb::send_notification_request::Kind::ContactAcknowledgement(pb::ContactAcknowledgement {
                name: name.clone(),
                subject: r.subject.trim().to_owned(),
            }),
        );
        // The message and its acknowledgement are stored together, or neither is.
        let mut tx = self.pool.begin().await.map_err(internal)?;
        let inserted = sqlx::query(
            "INSERT INTO contact_messages (id, name, email, phone, subject, message, idempotency_key, created_at, \
             language) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(id.clone())
        .bind(name.clone())
        .bind(email.clone())
        .bind(phone.clone())
        .bind(r.subject.trim().to_owned())
        .bind(r.message.trim().to_owned())
        .bind(key.clone())
        .bind(now())
        .bind(language.code())
        .execute(&mut *tx)
        .await;
        if let Err(e) = inserted {
            // The same key submitted twice at once: the first one won; answer its id.
            if mtaani_runtime::db::is_unique_violation(&e) && key.is_some() {
                drop(tx);
                let id: String = sqlx::query_scalar("SELECT id FROM contact_messages WHERE idempotency_key = $1")
                    .bind(key)
                    .fetch_one(&self.pool)
                    .await
                    .map_err(internal)?;
                return Ok(Response::new(pb::SubmitContactMessageResponse { id }));
            }
            return Err(internal(e));
        }
        insert_outbox(&mut tx, &self.email_hints, Some(&format!("contact-ack:{id}")), &email, &name, &ack)
            .await
            .map_err(internal)?;
        // The promise of the acknowledgement is kept even before anyone opens the console: the message
        // goes to the support inbox too.
        let row = ContactRow {
            id: id.clone(),
            name: name.clone(),
            email: email.clone(),
            phone: phone_copy,
            subject: r.subject.trim().to_owned(),
            message: r.message.trim().to_owned(),
            status: "new".into(),
            created_at: now(),
            reply: None,
            replied_at: None,
            replied_by: None,
            language,
        };
        let copy = templates::support_copy(&row);
        insert_outbox(
            &mut tx,
            &self.email_hints,
            Some(&format!("contact-support:{id}")),
            &self.support_email,
            "Mtaani support",
            &copy,
        )
        .await
        .map_err(internal)?;
        tx.commit().await.map_err(internal)?;
        self.wake_sender.notify_one();
        tracing::info!(%id, "contact message stored");
        Ok(Response::new(pb::SubmitContactMessageResponse { id }))
    }

    async fn send_notification(
        &self,
        request: Request<pb::SendNotificationRequest>,
    ) -> Result<Response<pb::SendNotificationResponse>, Status> {
        let prepared = prepare(&request.into_inner())?;
        let id = self.store(std::slice::from_ref(&prepared)).await?.remove(0);
        Ok(Response::new(pb::SendNotificationResponse { id }))
    }

    async fn send_notifications(
        &self,
        request: Request<pb::SendNotificationsRequest>,
    ) -> Result<Response<pb::SendNotificationsResponse>, Status> {
        let notifications = request.into_inner().notifications;
        if notifications.len() > 100 {
            return Err(Status::invalid_argument("At most 100 notifications at once"));
        }
        let mut valid = Vec::with_capacity(notifications.len());
        let mut errors = Vec::with_capacity(notifications.len());
        for n in &notifications {
            match prepare(n) {
                Ok(p) => {
                    valid.push(p);
                    errors.push(String::new());
                }
                Err(e) => errors.push(e.message().to_owned()),
            }
        }
        let mut stored = self.store(&valid).await?.into_iter();
        let ids = errors
            .iter()
            .map(|e| if e.is_empty() { stored.next().unwrap_or_default() } else { String::new() })
            .collect();
        Ok(Response::new(pb::SendNotificationsResponse { ids, errors }))
    }

    async fn list_contact_messages(
        &self,
        request: Request<pb::ListContactMessagesRequest>,
    ) -> Result<Response<pb::ListContactMessagesResponse>, Status> {
        let r = request.into_inner();
        let status = match r.status.trim() {
            "" => None,
            s @ ("new" | "answered") => Some(s.to_owned()),
            _ => return Err(Status::invalid_argument("status must be new or answered")),
        };
        let (limit, offset) = page(r.limit, r.offset);
        let filter = if status.is_some() { " WHERE status = $1" } else { "" };
        let sql = format!(
            "SELECT {CONTACT_COLUMNS} FROM contact_messages{filter} ORDER BY created_at DESC, id DESC LIMIT {limit} OFFSET {offset}"
        );
        let count = format!("SELECT COUNT(*) FROM contact_messages{filter}");
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        let mut c = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count));
        if let Some(s) = &status {
            q = q.bind(s.clone());
            c = c.bind(s.clone());
        }
        let rows = q.fetch_all(&self.pool).await.map_err(internal)?;
        let total = c.fetch_one(&self.pool).await.map_err(internal)?;
        let messages = rows.iter().map(contact_row).collect::<Result<Vec<_>, _>>().map_err(internal)?;
        Ok(Response::new(pb::ListContactMessagesResponse {
            messages: messages.into_iter().map(Into::into).collect(),
            total,
        }))
    }

    async fn reply_to_contact_message(
        &self,
        request: Request<pb::ReplyRequest>,
    ) -> Result<Response<pb::ContactMessage>, Status> {
        let r = request.into_inner();
        let reply = r.message.trim().to_owned();
        let mut v = Violations::new();
        v.check(!reply.is_empty(), "message", EMPTY_REPLY);
        v.check(reply.chars().count() <= 5000, "message", "A reply must be at most 5000 characters");
        v.check(!reply.contains('\0'), "message", mtaani_proto::status::texts::UNSUPPORTED_CHARACTERS);
        v.into_result()?;
        let sql = format!("SELECT {CONTACT_COLUMNS} FROM contact_messages WHERE id = $1");
        let row = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(r.id.trim().to_owned())
            .fetch_optional(&self.pool)
            .await
            .map_err(internal)?
            .as_ref()
            .map(contact_row)
            .transpose()
            .map_err(internal)?
            .ok_or_else(|| Status::not_found(MESSAGE_NOT_FOUND))?;
        let t = now();
        let mut tx = self.pool.begin().await.map_err(internal)?;
        // Answered once: the conditional update is what makes a double click send one e-mail.
        let answered = sqlx::query(
            "UPDATE contact_messages SET status = 'answered', reply = $2, replied_at = $3, replied_by = $4 \
             WHERE id = $1 AND status = 'new'",
        )
        .bind(row.id.clone())
        .bind(reply.clone())
        .bind(t)
        .bind(r.admin_name.clone())
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
        if answered.rows_affected() != 1 {
            return Err(Status::failed_precondition(ALREADY_ANSWERED));
        }
        let mail = templates::contact_reply(&row, &reply);
        insert_outbox(
            &mut tx,
            &self.email_hints,
            Some(&format!("contact-reply:{}", row.id)),
            &row.email,
            &row.name,
            &mail,
        )
        .await
        .map_err(internal)?;
        mtaani_runtime::audit::record(
            &mut tx,
            (&r.admin_id, &r.admin_name),
            "contact.reply",
            ("contact_message", &row.id, &row.name),
            &reply,
            t,
        )
        .await
        .map_err(internal)?;
        tx.commit().await.map_err(internal)?;
        self.wake_sender.notify_one();
        let answered = ContactRow {
            status: "answered".into(),
            reply: Some(reply),
            replied_at: Some(t),
            replied_by: Some(r.admin_name),
            ..row
        };
        Ok(Response::new(answered.into()))
    }

    async fn list_audit(
        &self,
        request: Request<pb::ListAuditRequest>,
    ) -> Result<Response<pb::ListAuditResponse>, Status> {
        let r = request.into_inner();
        let (entries, total) = mtaani_runtime::audit::newest(&self.pool, r.limit, r.offset).await.map_err(internal)?;
        Ok(Response::new(pb::ListAuditResponse { entries: entries.into_iter().map(Into::into).collect(), total }))
    }

    async fn contact_messages_of(
        &self,
        request: Request<pb::ContactMessagesOfRequest>,
    ) -> Result<Response<pb::ListContactMessagesResponse>, Status> {
        let email = request.into_inner().email.trim().to_lowercase();
        if email.is_empty() {
            return Err(Status::invalid_argument("email is required"));
        }
        let sql = format!(
            "SELECT {CONTACT_COLUMNS} FROM contact_messages WHERE LOWER(email) = $1 ORDER BY created_at DESC LIMIT 1000"
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(email).fetch_all(&self.pool).await.map_err(internal)?;
        let messages: Vec<pb::ContactMessage> = rows
            .iter()
            .map(contact_row)
            .collect::<Result<Vec<_>, _>>()
            .map_err(internal)?
            .into_iter()
            .map(Into::into)
            .collect();
        let total = messages.len() as i64;
        Ok(Response::new(pb::ListContactMessagesResponse { messages, total }))
    }

    async fn forget_contact_messages(
        &self,
        request: Request<pb::ContactMessagesOfRequest>,
    ) -> Result<Response<pb::ForgetContactMessagesResponse>, Status> {
        let email = request.into_inner().email.trim().to_lowercase();
        if email.is_empty() {
            return Err(Status::invalid_argument("email is required"));
        }
        let done = sqlx::query("DELETE FROM contact_messages WHERE LOWER(email) = $1")
            .bind(email)
            .execute(&self.pool)
            .await
            .map_err(internal)?;
        Ok(Response::new(pb::ForgetContactMessagesResponse { forgotten: done.rows_affected() as i64 }))
    }

    async fn resolve_short_link(
        &self,
        request: Request<pb::ResolveShortLinkRequest>,
    ) -> Result<Response<pb::ResolveShortLinkResponse>, Status> {
        let code = request.into_inner().code;
        match sms::resolve(&self.pool, code.trim()).await.map_err(internal)? {
            Some(path) => Ok(Response::new(pb::ResolveShortLinkResponse { path })),
            None => Err(Status::not_found(SHORT_LINK_NOT_FOUND)),
        }
    }

    async fn opt_out_sms(
        &self,
        request: Request<pb::OptOutSmsRequest>,
    ) -> Result<Response<pb::OptOutSmsResponse>, Status> {
        let raw = request.into_inner().phone;
        let phone = mtaani_proto::phone::clean(&raw)
            .ok_or_else(|| Status::invalid_argument("phoneNumber must be a phone number"))?;
        let new = sms::opt_out(&self.pool, &phone).await.map_err(internal)?;
        if new {
            tracing::info!(phone = %mtaani_proto::phone::redact(&phone), "a number replied STOP: no more SMS to it");
        }
        Ok(Response::new(pb::OptOutSmsResponse { opted_out: true }))
    }
}

/// Deletes the contact messages past their retention period (12 months after the last reply, or
/// after arrival if never answered); answers how many.
pub async fn purge_expired(pool: &sqlx::AnyPool, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM contact_messages WHERE COALESCE(replied_at, created_at) < $1")
        .bind(now - mtaani_runtime::retention::CONTACT_MESSAGES)
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}
