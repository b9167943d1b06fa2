//! The tonic implementation of `messaging.v1.MessagingService`.

use std::sync::Arc;

use mtaani_proto::{
    messaging::v1::{self as pb, messaging_service_server::MessagingService},
    status::Violations,
};
use tokio::sync::Notify;
use tonic::{Request, Response, Status};

use crate::templates;

#[derive(Debug, Clone)]
pub struct Messaging {
    pub(crate) pool: sqlx::AnyPool,
    pub(crate) wake_sender: Arc<Notify>,
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

fn internal(e: sqlx::Error) -> Status {
    tracing::error!(error = %e, "messaging database error");
    Status::internal("Something went wrong. Please try again.")
}

fn is_email(s: &str) -> bool {
    let s = s.trim();
    s.len() <= 254
        && s.rsplit_once('@')
            .is_some_and(|(l, d)| !l.is_empty() && d.contains('.') && !d.starts_with('.') && !d.ends_with('.'))
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
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
        let id = uuid::Uuid::now_v7().to_string();
        let key = (!key.is_empty()).then(|| key.to_owned());
        let t = now();
        let inserted = sqlx::query(
            "INSERT INTO outbox (id, idempotency_key, kind, to_email, to_name, subject, text_body, html_body, status, \
             attempts, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', 0, $9, $9)",
        )
        .bind(id.clone())
        .bind(key.clone())
        .bind(email.kind)
        .bind(to_email.trim().to_owned())
        .bind(to_name.to_owned())
        .bind(email.subject.clone())
        .bind(email.text.clone())
        .bind(email.html.clone())
        .bind(t)
        .execute(&self.pool)
        .await;
        match inserted {
            Ok(_) => {
                self.wake_sender.notify_one();
                Ok(id)
            }
            Err(e) if mtaani_proto::db::is_unique_violation(&e) && key.is_some() => {
                let existing: String = sqlx::query_scalar("SELECT id FROM outbox WHERE idempotency_key = $1")
                    .bind(key)
                    .fetch_one(&self.pool)
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
        _: Request<pb::SubmitContactMessageRequest>,
    ) -> Result<Response<pb::SubmitContactMessageResponse>, Status> {
        Err(Status::unimplemented("The contact form is not available yet"))
    }

    async fn send_notification(
        &self,
        request: Request<pb::SendNotificationRequest>,
    ) -> Result<Response<pb::SendNotificationResponse>, Status> {
        let r = request.into_inner();
        let mut v = Violations::new();
        v.check(is_email(&r.to_email), "toEmail", "A valid recipient e-mail address is required");
        v.check(r.kind.is_some(), "kind", "The kind of notification is required");
        v.check(r.idempotency_key.len() <= 128, "idempotencyKey", "The idempotency key is too long");
        v.into_result()?;
        let kind = r.kind.as_ref().expect("checked above");
        let email = templates::render(&r.to_name, kind);
        let id = self.store(&r.idempotency_key, &r.to_email, &r.to_name, &email).await?;
        Ok(Response::new(pb::SendNotificationResponse { id }))
    }
}
