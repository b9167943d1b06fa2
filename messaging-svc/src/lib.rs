//! messaging-svc: contact messages and the durable outbox of e-mail notifications, behind
//! `messaging.v1.MessagingService`. A notification is stored before it is acknowledged, and a
//! background sender delivers it with retries, so an acknowledged message is never lost.

pub mod config;
pub mod contact;
pub mod delivery;
pub mod error;
pub mod grpc;
pub mod ics;
pub mod mailer;
pub mod service;
pub mod sms;
pub mod store;
pub mod templates;

use std::{future::Future, sync::Arc};

use mtaani_proto::messaging::v1::messaging_service_server::MessagingServiceServer;
use mtaani_runtime::{
    db::{Db, connect},
    server,
};
use tokio::{net::TcpListener, sync::Notify};

pub use config::Config;
pub use service::Messaging;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Unix seconds now.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// How messaging-svc connects to `db`: its queues grow from nothing in a burst, so PostgreSQL plans
/// each statement for its call (see `DbConfig::plan_each_call`).
pub fn db_config(db: &mtaani_runtime::db::DbConfig) -> mtaani_runtime::db::DbConfig {
    mtaani_runtime::db::DbConfig { plan_each_call: true, ..db.clone() }
}

/// Connects and migrates the database and starts the background sender.
pub async fn start(config: &Config) -> anyhow::Result<Messaging> {
    let Db { pool, backend } = connect(&db_config(&config.db), &MIGRATOR).await?;
    let transport = match &config.smtp_url {
        Some(url) => {
            let smtp = mailer::smtp_transport(url, config.smtp_ca_file.as_deref())?;
            mailer::check_smtp(&smtp).await?;
            mailer::Transport::Smtp(smtp)
        }
        None => mailer::Transport::Folder(config.mail_dir.clone()),
    };
    let mailer = mailer::Mailer { transport, from: config.mail_from.parse()? };
    let wake_sender = Arc::new(Notify::new());
    let email_hints = mtaani_runtime::outbox::Hints::default();
    mailer::spawn_sender(pool.clone(), mailer, wake_sender.clone(), email_hints.clone());
    let sms_transport = match &config.sms {
        config::SmsConfig::Simulated(dir) => sms::SmsTransport::Folder(dir.clone()),
        config::SmsConfig::AfricasTalking(account) => sms::SmsTransport::AfricasTalking(sms::AfricasTalking {
            http: sms::http_client(),
            account: account.clone(),
        }),
    };
    let wake_sms = Arc::new(Notify::new());
    let sms_hints = mtaani_runtime::outbox::Hints::default();
    sms::spawn_sender(pool.clone(), sms_transport, wake_sms.clone(), sms_hints.clone());
    let kept = pool.clone();
    mtaani_runtime::retention::spawn("contact messages", move |now| {
        let pool = kept.clone();
        async move { store::contact::purge_expired(&pool, now).await }
    });
    let kept = pool.clone();
    mtaani_runtime::retention::spawn("SMS and their short links", move |now| {
        let pool = kept.clone();
        async move { store::sms::purge_expired(&pool, now).await }
    });
    match &config.smtp_url {
        Some(_) => tracing::info!(?backend, "messaging ready; e-mail goes out by SMTP"),
        None => {
            tracing::info!(?backend, mail_dir = %config.mail_dir.display(), "messaging ready; e-mails are written as .eml files")
        }
    }
    match &config.sms {
        config::SmsConfig::Simulated(dir) => {
            tracing::info!(sms_dir = %dir.display(), "SMS are written as text files (SMS_PROVIDER=simulated)")
        }
        config::SmsConfig::AfricasTalking(sms::AtAccount { base_url, .. }) => {
            tracing::info!(%base_url, "SMS go out through Africa's Talking")
        }
    }
    Ok(Messaging { pool, wake_sender, wake_sms, email_hints, sms_hints, support_email: config.support_email.clone() })
}

/// Serves messaging and `grpc.health.v1` on `listener` until `shutdown`.
pub async fn serve(
    messaging: Messaging,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    server::serve(MessagingServiceServer::new(messaging), listener, shutdown).await
}
