//! The tonic implementation of `messaging.v1.MessagingService`.

use std::sync::Arc;

use mtaani_proto::{
    messaging::v1::{self as pb, messaging_service_server::MessagingService},
    status::Violations,
};
use tokio::sync::Notify;
use tonic::{Request, Response, Status};

use crate::{contact, templates};

#[derive(Debug, Clone)]
pub struct Messaging {
    pub(crate) pool: sqlx::AnyPool,
    pub(crate) wake_sender: Arc<Notify>,
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

fn internal(e: sqlx::Error) -> Status {
    if mtaani_proto::db::is_unavailable(&e) {
        tracing::error!(error = %e, "messaging database unavailable");
        return Status::unavailable("Messages are busy. Please try again.");
    }
    tracing::error!(error = %e, "messaging database error");
    Status::internal("Something went wrong. Please try again.")
}

/// Puts one rendered e-mail in the outbox on `conn`.
async fn insert_outbox(
    conn: &mut sqlx::AnyConnection,
    key: &str,
    to_email: &str,
    to_name: &str,
    email: &templates::Email,
) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::now_v7().to_string();
    let key = (!key.is_empty()).then(|| key.to_owned());
    sqlx::query(
        "INSERT INTO outbox (id, idempotency_key, kind, to_email, to_name, subject, text_body, html_body, status, \
         attempts, next_attempt_at, created_at, calendar) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', 0, $9, $9, $10)",
    )
    .bind(id.clone())
    .bind(key)
    .bind(email.kind)
    .bind(to_email.trim().to_owned())
    .bind(to_name.to_owned())
    .bind(email.subject.clone())
    .bind(email.text.clone())
    .bind(email.html.clone())
    .bind(now())
    .bind(email.calendar.clone())
    .execute(conn)
    .await?;
    Ok(id)
}

impl Messaging {
    /// Stores one e-mail in the outbox (once per idempotency key) and answers its id.
    async fn store(
        &self,
        key: &str,
        to_email: &str,
        to_name: &str,
        email: &templates::Email,
    ) -> Result<String, Status> {
        let mut conn = self.pool.acquire().await.map_err(internal)?;
        match insert_outbox(&mut conn, key, to_email, to_name, email).await {
            Ok(id) => {
                self.wake_sender.notify_one();
                Ok(id)
            }
            Err(e) if mtaani_proto::db::is_unique_violation(&e) && !key.is_empty() => {
                let existing: String = sqlx::query_scalar("SELECT id FROM outbox WHERE idempotency_key = $1")
                    .bind(key.to_owned())
                    .fetch_one(&mut *conn)
                    .await
                    .map_err(internal)?;
                Ok(existing)
            }
            Err(e) => Err(internal(e)),
        }
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
        let ack = templates::render(
            &name,
            &pb::send_notification_request::Kind::ContactAcknowledgement(pb::ContactAcknowledgement {
                name: name.clone(),
                subject: r.subject.trim().to_owned(),
            }),
        );
        // The message and its acknowledgement are stored together, or neither is.
        let mut tx = self.pool.begin().await.map_err(internal)?;
        let inserted = sqlx::query(
            "INSERT INTO contact_messages (id, name, email, phone, subject, message, idempotency_key, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id.clone())
        .bind(name.clone())
        .bind(email.clone())
        .bind(phone)
        .bind(r.subject.trim().to_owned())
        .bind(r.message.trim().to_owned())
        .bind(key.clone())
        .bind(now())
        .execute(&mut *tx)
        .await;
        if let Err(e) = inserted {
            // The same key submitted twice at once: the first one won; answer its id.
            if mtaani_proto::db::is_unique_violation(&e) && key.is_some() {
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
        insert_outbox(&mut tx, &format!("contact-ack:{id}"), &email, &name, &ack).await.map_err(internal)?;
        tx.commit().await.map_err(internal)?;
        self.wake_sender.notify_one();
        tracing::info!(%id, "contact message stored");
        Ok(Response::new(pb::SubmitContactMessageResponse { id }))
    }

    async fn send_notification(
        &self,
        request: Request<pb::SendNotificationRequest>,
    ) -> Result<Response<pb::SendNotificationResponse>, Status> {
        let r = request.into_inner();
        let mut v = Violations::new();
        v.check(contact::is_email(&r.to_email), "toEmail", "A valid recipient e-mail address is required");
        v.check(r.kind.is_some(), "kind", "The kind of notification is required");
        v.check(r.idempotency_key.len() <= 128, "idempotencyKey", "The idempotency key is too long");
        v.into_result()?;
        let kind = r.kind.as_ref().expect("checked above");
        let email = templates::render(&r.to_name, kind);
        let id = self.store(&r.idempotency_key, &r.to_email, &r.to_name, &email).await?;
        Ok(Response::new(pb::SendNotificationResponse { id }))
    }
}
