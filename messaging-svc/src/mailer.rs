//! Delivery of stored notifications: a background sender takes due messages from the outbox table and
//! delivers each with retries and backoff, by SMTP when `SMTP_URL` is set, otherwise as `.eml` files
//! in a folder (the embedded run), listed in the log so a developer can open them.

use std::{path::PathBuf, sync::Arc, time::Duration};

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, MultiPart},
};
use sqlx::{AnyPool, Row};
use tokio::sync::Notify;

/// Attempts before a message is given up on (about a day with the capped backoff).
pub const MAX_ATTEMPTS: i64 = 300;

#[derive(Clone)]
pub enum Transport {
    Folder(PathBuf),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

#[derive(Clone)]
pub struct Mailer {
    pub transport: Transport,
    pub from: Mailbox,
}

#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    /// Retrying cannot help (a malformed address).
    #[error("permanent: {0}")]
    Permanent(String),
    #[error("temporary: {0}")]
    Temporary(String),
}

pub struct Outgoing {
    pub id: String,
    pub to_email: String,
    pub to_name: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

impl Mailer {
    pub fn message(&self, m: &Outgoing) -> Result<Message, DeliveryError> {
        let address = m.to_email.parse().map_err(|e| DeliveryError::Permanent(format!("bad address: {e}")))?;
        let name: String = m.to_name.chars().filter(|c| !c.is_control()).take(100).collect();
        Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new((!name.is_empty()).then_some(name), address))
            .subject(m.subject.clone())
            .message_id(Some(format!("<{}@mtaani.co.ke>", m.id)))
            .multipart(MultiPart::alternative_plain_html(m.text.clone(), m.html.clone()))
            .map_err(|e| DeliveryError::Permanent(e.to_string()))
    }

    /// Delivers one message; answers where it went.
    pub async fn deliver(&self, m: &Outgoing) -> Result<String, DeliveryError> {
        let message = self.message(m)?;
        match &self.transport {
            Transport::Folder(dir) => {
                let tmp = |e: std::io::Error| DeliveryError::Temporary(e.to_string());
                tokio::fs::create_dir_all(dir).await.map_err(tmp)?;
                let path = dir.join(format!("{}.eml", m.id));
                let part = dir.join(format!("{}.eml.part", m.id));
                tokio::fs::write(&part, message.formatted()).await.map_err(tmp)?;
                tokio::fs::rename(&part, &path).await.map_err(tmp)?;
                Ok(path.display().to_string())
            }
            Transport::Smtp(smtp) => match smtp.send(message).await {
                Ok(_) => Ok("smtp".into()),
                Err(e) if e.is_permanent() => Err(DeliveryError::Permanent(e.to_string())),
                Err(e) => Err(DeliveryError::Temporary(e.to_string())),
            },
        }
    }
}

/// An SMTP transport from `smtp://[user:password@]host[:port]` (port 25 by default). The relay is
/// expected on a trusted network (the cluster's mail relay); TLS is the relay's business.
pub fn smtp_transport(url: &str) -> anyhow::Result<AsyncSmtpTransport<Tokio1Executor>> {
    let invalid =
        || anyhow::anyhow!("configuration: SMTP_URL is not valid (expected smtp://[user:password@]host[:port])");
    let rest = url.strip_prefix("smtp://").ok_or_else(invalid)?.trim_end_matches('/');
    let (credentials, host_port) = match rest.rsplit_once('@') {
        Some((c, h)) => (Some(c), h),
        None => (None, rest),
    };
    let (host, port) = match host_port.rsplit_once(':') {
        Some((h, p)) => (h, p.parse::<u16>().map_err(|_| invalid())?),
        None => (host_port, 25),
    };
    if host.is_empty() {
        return Err(invalid());
    }
    let mut builder =
        AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host).port(port).timeout(Some(Duration::from_secs(10)));
    if let Some(c) = credentials {
        let (user, password) = c.split_once(':').ok_or_else(invalid)?;
        builder = builder.credentials(lettre::transport::smtp::authentication::Credentials::new(
            user.to_owned(),
            password.to_owned(),
        ));
    }
    Ok(builder.build())
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Sends every due message once; returns how many left the outbox.
pub async fn send_due(pool: &AnyPool, mailer: &Mailer) -> Result<usize, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, to_email, to_name, subject, text_body, html_body, attempts FROM outbox \
         WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY created_at LIMIT 20",
    )
    .bind(now())
    .fetch_all(pool)
    .await?;
    let mut done = 0;
    for row in rows {
        let m = Outgoing {
            id: row.try_get("id")?,
            to_email: row.try_get("to_email")?,
            to_name: row.try_get("to_name")?,
            subject: row.try_get("subject")?,
            text: row.try_get("text_body")?,
            html: row.try_get("html_body")?,
        };
        let attempts: i64 = row.try_get::<i64, _>("attempts")? + 1;
        match mailer.deliver(&m).await {
            Ok(place) => {
                tracing::info!(id = %m.id, to = %redact_email(&m.to_email), subject = %m.subject, %place, "e-mail delivered");
                sqlx::query("UPDATE outbox SET status = 'sent', attempts = $1, sent_at = $2 WHERE id = $3")
                    .bind(attempts)
                    .bind(now())
                    .bind(m.id)
                    .execute(pool)
                    .await?;
                done += 1;
            }
            Err(e) => {
                let give_up = matches!(e, DeliveryError::Permanent(_)) || attempts >= MAX_ATTEMPTS;
                tracing::warn!(id = %m.id, attempts, give_up, error = %e, "e-mail not delivered");
                sqlx::query(
                    "UPDATE outbox SET status = $1, attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $5",
                )
                .bind(if give_up { "failed" } else { "pending" })
                .bind(attempts)
                .bind(now() + mtaani_proto::outbox::backoff(attempts))
                .bind(e.to_string().chars().take(300).collect::<String>())
                .bind(m.id)
                .execute(pool)
                .await?;
                if give_up {
                    done += 1;
                } else {
                    break;
                }
            }
        }
    }
    Ok(done)
}

/// Runs [`send_due`] whenever woken, and every two seconds.
pub fn spawn_sender(pool: AnyPool, mailer: Mailer, wake: Arc<Notify>) -> tokio::task::JoinHandle<()> {
    mtaani_proto::outbox::spawn_worker("e-mail sender", wake, move || {
        let (pool, mailer) = (pool.clone(), mailer.clone());
        async move { send_due(&pool, &mailer).await }
    })
}

/// `amina@example.com` as `a***@example.com`: enough for a log, not a mailing list.
pub fn redact_email(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => format!("{}***@{domain}", local.chars().next().unwrap_or('*')),
        None => "***".into(),
    }
}
