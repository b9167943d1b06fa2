//! The messaging service's state and its use cases.
//!
//! Contact messages and their answers, notifications stored for the senders (mailer.rs, sms.rs),
//! short links and SMS opt-outs. The SQL is store's, the words are templates' and sms's.

use std::sync::Arc;

use mtaani_proto::{
    language::Language,
    messaging::v1::{self as pb, send_notification_request::Kind},
    status::Violations,
    text::said,
};
use mtaani_runtime::audit::{Actor, Entry, Event, Filter};
use tokio::sync::Notify;

use crate::{
    contact::{self, ContactRow},
    error::{Error, Result},
    sms,
    store::{self, outbox::Notification},
    templates,
};

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

fn page(limit: i32, offset: i32) -> (i64, i64) {
    (i64::from(if limit <= 0 { 20 } else { limit.min(100) }), i64::from(offset.clamp(0, 1_000_000)))
}

/// Checks one notification (and renders its SMS, for the kinds that have one when it carries a
/// number as stored: + and digits).
fn prepare(r: &pb::SendNotificationRequest) -> Result<Notification> {
    // A team member's notice is an SMS and nothing else: it needs a number, not an address.
    let sms_only = matches!(r.kind, Some(Kind::MemberBooking(_)));
    let phone = r.to_phone.trim();
    let number = phone.starts_with('+') && mtaani_proto::phone::clean(phone).as_deref() == Some(phone);
    let mut v = Violations::new();
    if sms_only {
        v.check(number, "toPhone", said::recipient_phone_required());
    } else {
        v.check(contact::is_email(&r.to_email), "toEmail", said::recipient_email_required());
    }
    v.check(r.kind.is_some(), "kind", said::notification_kind_required());
    v.check(r.idempotency_key.len() <= 128, "idempotencyKey", said::idempotency_key_too_long());
    v.finish()?;
    let kind = r.kind.as_ref().expect("checked above");
    let language = Language::of(&r.language);
    let sms = sms::render(language, kind).filter(|_| number).map(|text| text.to(phone));
    let templates::Subject { kind: email_kind, subject } = templates::subject(language, &r.to_name, kind);
    Ok(Notification {
        key: (!r.idempotency_key.is_empty()).then(|| r.idempotency_key.clone()),
        to_email: r.to_email.trim().to_owned(),
        to_name: r.to_name.clone(),
        kind: email_kind,
        subject,
        request: mtaani_proto::messaging::client::encode(r),
        sms,
        email: !sms_only,
    })
}

/// A booking's calendar invite, as its e-mails carry it, in the language asked for.
pub fn calendar_invite(r: &pb::RenderInviteRequest) -> Result<String> {
    let invite = r.booking.as_ref().and_then(|b| templates::invite(Language::of(&r.language), b, false, crate::now()));
    let mut v = Violations::new();
    v.check(invite.is_some(), "booking", said::invite_start_required());
    v.finish()?;
    Ok(invite.unwrap_or_default())
}

/// The address whose contact messages are asked for: trimmed, lower-case, required.
fn sender_email(email: &str) -> Result<String> {
    let email = email.trim().to_lowercase();
    if email.is_empty() {
        return Err(Error::EmailRequired);
    }
    Ok(email)
}

impl Messaging {
    /// Stores notifications (each once per idempotency key; together, or none) and answers their ids.
    async fn store_notifications(&self, batch: &[Notification]) -> Result<Vec<String>> {
        if batch.is_empty() {
            return Ok(Vec::new());
        }
        let mut tx = self.pool.begin().await?;
        let (ids, new_sms) = store::outbox::insert_notifications(&mut tx, &self.email_hints, batch).await?;
        tx.commit().await?;
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

    /// Stores a contact message with its acknowledgement to the sender and its copy to the support
    /// inbox; answers its id (the first one's, when its idempotency key was submitted before).
    pub async fn submit_contact(&self, r: &pb::SubmitContactMessageRequest) -> Result<String> {
        let phone = contact::check(r)?;
        let key = (!r.idempotency_key.is_empty()).then(|| r.idempotency_key.chars().take(128).collect::<String>());
        if let Some(k) = &key
            && let Some(id) = store::contact::id_by_key(&self.pool, k).await?
        {
            return Ok(id);
        }
        let row = ContactRow {
            id: uuid::Uuid::now_v7().to_string(),
            name: r.name.trim().to_owned(),
            email: r.email.trim().to_owned(),
            phone,
            subject: r.subject.trim().to_owned(),
            message: r.message.trim().to_owned(),
            status: "new".into(),
            created_at: crate::now(),
            reply: None,
            replied_at: None,
            replied_by: None,
            language: Language::of(&r.language),
        };
        let ack = templates::render(
            row.language,
            &row.name,
            &Kind::ContactAcknowledgement(pb::ContactAcknowledgement {
                name: row.name.clone(),
                subject: row.subject.clone(),
            }),
        );
        // The message and its acknowledgement are stored together, or neither is.
        let mut tx = self.pool.begin().await?;
        if let Err(e) = store::contact::insert(&mut tx, &row, key.as_deref()).await {
            // The same key submitted twice at once: the first one won; answer its id.
            if let Some(k) = &key
                && mtaani_runtime::db::is_unique_violation(&e)
            {
                drop(tx);
                return store::contact::id_by_key(&self.pool, k)
                    .await?
                    .ok_or(Error::Internal(sqlx::Error::RowNotFound));
            }
            return Err(e.into());
        }
        let ack_key = format!("contact-ack:{}", row.id);
        store::outbox::insert(&mut tx, &self.email_hints, Some(&ack_key), &row.email, &row.name, &ack).await?;
        // The promise of the acknowledgement is kept even before anyone opens the console: the message
        // goes to the support inbox too.
        let copy = templates::support_copy(&row);
        let copy_key = format!("contact-support:{}", row.id);
        store::outbox::insert(
            &mut tx,
            &self.email_hints,
            Some(&copy_key),
            &self.support_email,
            "Mtaani support",
            &copy,
        )
        .await?;
        tx.commit().await?;
        self.wake_sender.notify_one();
        tracing::info!(id = %row.id, "contact message stored");
        Ok(row.id)
    }

    /// Stores one notification for the senders; answers its id.
    pub async fn notify(&self, r: &pb::SendNotificationRequest) -> Result<String> {
        let prepared = prepare(r)?;
        Ok(self.store_notifications(std::slice::from_ref(&prepared)).await?.remove(0))
    }

    /// Stores the valid ones of up to 100 notifications, together; answers each one's id, or why it
    /// was refused (in English: the caller logs it).
    pub async fn notify_all(&self, batch: &[pb::SendNotificationRequest]) -> Result<Vec<Result<String, String>>> {
        if batch.len() > 100 {
            return Err(Error::TooManyNotifications);
        }
        let mut valid = Vec::with_capacity(batch.len());
        let mut refused = Vec::with_capacity(batch.len());
        for n in batch {
            match prepare(n) {
                Ok(p) => {
                    valid.push(p);
                    refused.push(None);
                }
                Err(e) => refused.push(Some(e.text().to_string())),
            }
        }
        let mut stored = self.store_notifications(&valid).await?.into_iter();
        Ok(refused
            .into_iter()
            .map(|why| match why {
                None => Ok(stored.next().unwrap_or_default()),
                Some(why) => Err(why),
            })
            .collect())
    }

    /// A page of the contact messages, newest first, all or those with `status` (new, answered); and
    /// how many there are.
    pub async fn contact_messages(&self, status: &str, limit: i32, offset: i32) -> Result<(Vec<ContactRow>, i64)> {
        let status = match status.trim() {
            "" => None,
            s @ ("new" | "answered") => Some(s),
            _ => return Err(Error::BadMessageStatus),
        };
        let (limit, offset) = page(limit, offset);
        Ok(store::contact::list(&self.pool, status, limit, offset).await?)
    }

    /// An operator's answer to a contact message: recorded once, e-mailed to its sender and written
    /// in the audit log, together; answers the message as answered.
    pub async fn reply(&self, id: &str, reply: &str, admin: (&str, &str)) -> Result<ContactRow> {
        let reply = reply.trim().to_owned();
        let mut v = Violations::new();
        v.check(!reply.is_empty(), "message", said::contact_reply_required());
        v.check(reply.chars().count() <= 5000, "message", said::contact_reply_too_long());
        v.check(!reply.contains('\0'), "message", said::unsupported_characters());
        v.finish()?;
        let row = store::contact::by_id(&self.pool, id.trim()).await?.ok_or(Error::MessageNotFound)?;
        let t = crate::now();
        let mut tx = self.pool.begin().await?;
        if !store::contact::answer(&mut tx, &row.id, &reply, t, admin.1).await? {
            return Err(Error::AlreadyAnswered);
        }
        let mail = templates::contact_reply(&row, &reply);
        let key = format!("contact-reply:{}", row.id);
        store::outbox::insert(&mut tx, &self.email_hints, Some(&key), &row.email, &row.name, &mail).await?;
        // The reply is the message's, kept with it: no reason.
        let event =
            Event::new(Actor::admin(admin.0, admin.1), "contact.reply", ("contact_message", &row.id, &row.name));
        mtaani_runtime::audit::record(&mut tx, &event, t).await?;
        tx.commit().await?;
        self.wake_sender.notify_one();
        Ok(ContactRow {
            status: "answered".into(),
            reply: Some(reply),
            replied_at: Some(t),
            replied_by: Some(admin.1.to_owned()),
            ..row
        })
    }

    /// The newest entries of this service's audit log that pass `filter`, and how many pass it.
    pub async fn audit(&self, filter: &Filter, limit: i32, offset: i32) -> Result<(Vec<Entry>, i64)> {
        Ok(mtaani_runtime::audit::newest(&self.pool, filter, limit, offset).await?)
    }

    /// The contact messages sent from `email` (any case), newest first.
    pub async fn contact_messages_from(&self, email: &str) -> Result<Vec<ContactRow>> {
        Ok(store::contact::from_email(&self.pool, &sender_email(email)?).await?)
    }

    /// Deletes the contact messages sent from `email` (any case); answers how many.
    pub async fn forget_messages_from(&self, email: &str) -> Result<u64> {
        Ok(store::contact::forget(&self.pool, &sender_email(email)?).await?)
    }

    /// The path a short link leads to, while it is valid.
    pub async fn short_link(&self, code: &str) -> Result<String> {
        let code = code.trim();
        let path = if sms::is_code(code) { store::sms::link_path(&self.pool, code).await? } else { None };
        path.ok_or(Error::ShortLinkNotFound)
    }

    /// Records that `phone` wants no more SMS (it replied STOP).
    pub async fn opt_out(&self, phone: &str) -> Result<()> {
        let phone = mtaani_proto::phone::clean(phone).ok_or(Error::BadOptOutPhone)?;
        if store::sms::opt_out(&self.pool, &phone).await? {
            tracing::info!(phone = %mtaani_proto::phone::redact(&phone), "a number replied STOP: no more SMS to it");
        }
        Ok(())
    }
}
