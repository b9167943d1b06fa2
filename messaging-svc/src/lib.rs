//! messaging-svc: contact messages and the durable outbox of e-mail notifications, behind
//! `messaging.v1.MessagingService`. A notification is stored before it is acknowledged, and a
//! background sender delivers it with retries, so an acknowledged message is never lost.

pub mod config;
pub mod contact;
pub mod grpc;
pub mod ics;
pub mod mailer;
pub mod templates;

use std::{future::Future, sync::Arc};

use mtaani_proto::messaging::v1::messaging_service_server::MessagingServiceServer;
use mtaani_runtime::{
    db::{Db, connect},
    server,
};
use tokio::{net::TcpListener, sync::Notify};

pub use config::Config;
pub use grpc::Messaging;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Connects and migrates the database and starts the background sender.
pub async fn start(config: &Config) -> anyhow::Result<Messaging> {
    let Db { pool, backend } = connect(&config.db, &MIGRATOR).await?;
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
    mailer::spawn_sender(pool.clone(), mailer, wake_sender.clone());
    let kept = pool.clone();
    mtaani_runtime::retention::spawn("contact messages", move |now| {
        let pool = kept.clone();
        async move { grpc::purge_expired(&pool, now).await }
    });
    match &config.smtp_url {
        Some(_) => tracing::info!(?backend, "messaging ready; e-mail goes out by SMTP"),
        None => {
            tracing::info!(?backend, mail_dir = %config.mail_dir.display(), "messaging ready; e-mails are written as .eml files")
        }
    }
    Ok(Messaging { pool, wake_sender, support_email: config.support_email.clone() })
}

/// Serves messaging and `grpc.health.v1` on `listener` until `shutdown`.
pub async fn serve(
    messaging: Messaging,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error> {
    server::serve(MessagingServiceServer::new(messaging), listener, shutdown).await
}
