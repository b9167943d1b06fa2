//! Delivery of stored notifications: a background sender takes due messages from the outbox table and
//! delivers each with retries and backoff, by SMTP when `SMTP_URL` is set, otherwise as `.eml` files
//! in a folder (the embedded run), listed in the log so a developer can open them.

use std::{path::PathBuf, sync::Arc, time::Duration};

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Attachment, Mailbox, MultiPart, header::ContentType},
};
use mtaani_runtime::outbox::Hints;
use sqlx::AnyPool;
use tokio::sync::Notify;

use crate::{
    delivery::{DeliveryError, drop_all, one_by_one, until_temporary, written},
    store::{self, outbox::Outgoing},
    templates,
};

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

impl Mailer {
    pub fn message(&self, m: &Outgoing) -> Result<Message, DeliveryError> {
        let address = m.to_email.parse().map_err(|e| DeliveryError::Permanent(format!("bad address: {e}")))?;
        let name: String = m.to_name.chars().filter(|c| !c.is_control()).take(100).collect();
        let message = Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new((!name.is_empty()).then_some(name), address))
            .subject(m.subject.clone())
            .message_id(Some(format!("<{}@mtaani.co.ke>", m.id)));
        let body = MultiPart::alternative_plain_html(m.text.clone(), m.html.clone());
        let built = match &m.calendar {
            None => message.multipart(body),
            Some(ics) => {
                let invite = Attachment::new("invite.ics".into()).body(
                    ics.clone(),
                    ContentType::parse("text/calendar; charset=utf-8; method=PUBLISH")
                        .map_err(|e| DeliveryError::Permanent(e.to_string()))?,
                );
                message.multipart(MultiPart::mixed().multipart(body).singlepart(invite))
            }
        };
        built.map_err(|e| DeliveryError::Permanent(e.to_string()))
    }

    /// Delivers `all` in order; answers where each went, up to the first temporary failure (the mail
    /// server is probably away: the rest wait, untried). Into a folder, every file of the lot is
    /// written in one trip to the blocking pool.
    pub async fn deliver_all(&self, all: &[Outgoing]) -> Vec<Result<String, DeliveryError>> {
        let dir = match &self.transport {
            Transport::Folder(dir) => dir,
            Transport::Smtp(smtp) => {
                return one_by_one(all, |m| async move {
                    match smtp.send(self.message(m)?).await {
                        Ok(_) => Ok("smtp".into()),
                        Err(e) if e.is_permanent() => Err(DeliveryError::Permanent(e.to_string())),
                        Err(e) => Err(DeliveryError::Temporary(e.to_string())),
                    }
                })
                .await;
            }
        };
        let mut done = Vec::with_capacity(all.len());
        let mut files = Vec::with_capacity(all.len());
        for (i, m) in all.iter().enumerate() {
            done.push(self.message(m).map(|message| {
                files.push((i, format!("{}.eml", m.id), message.formatted()));
                String::new()
            }));
        }
        let (places, named): (Vec<usize>, Vec<(String, Vec<u8>)>) =
            files.into_iter().map(|(i, name, bytes)| (i, (name, bytes))).unzip();
        for (i, file) in places.into_iter().zip(drop_all(dir, named).await) {
            done[i] = written(file);
        }
        until_temporary(done)
    }
}

/// How the connection to the SMTP server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpTls {
    /// `smtp://host` (port 25): plain, for a relay on a trusted network (the cluster's own).
    None,
    /// `smtp://host:587?tls=starttls` (or `tls=required`): STARTTLS, refused if the server offers none.
    StartTls,
    /// `smtps://host` (port 465): TLS from the first byte.
    Implicit,
}

/// The parts of an `SMTP_URL`: `smtp[s]://[user:password@]host[:port][?tls=starttls|required|none]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpUrl {
    pub host: String,
    pub port: u16,
    pub tls: SmtpTls,
    pub credentials: Option<(String, String)>,
}

impl SmtpUrl {
    pub fn parse(url: &str) -> anyhow::Result<Self> {
        let invalid = || {
            anyhow::anyhow!(
                "configuration: SMTP_URL is not valid (expected smtp[s]://[user:password@]host[:port][?tls=starttls])"
            )
        };
        let (implicit, rest) = match (url.strip_prefix("smtps://"), url.strip_prefix("smtp://")) {
            (Some(rest), _) => (true, rest),
            (None, Some(rest)) => (false, rest),
            (None, None) => return Err(invalid()),
        };
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let rest = rest.trim_end_matches('/');
        let (credentials, host_port) = match rest.rsplit_once('@') {
            Some((c, h)) => {
                let (user, password) = c.split_once(':').ok_or_else(invalid)?;
                (Some((user.to_owned(), password.to_owned())), h)
            }
            None => (None, rest),
        };
        let (host, port) = match host_port.rsplit_once(':') {
            Some((h, p)) => (h, Some(p.parse::<u16>().map_err(|_| invalid())?)),
            None => (host_port, None),
        };
        if host.is_empty() {
            return Err(invalid());
        }
        let mut tls = if implicit { SmtpTls::Implicit } else { SmtpTls::None };
        for (key, value) in query.split('&').filter_map(|kv| kv.split_once('=')) {
            tls = match (key, value, implicit) {
                ("tls", "starttls" | "required", false) => SmtpTls::StartTls,
                ("tls", "none", false) => SmtpTls::None,
                ("tls", _, _) => {
                    return Err(anyhow::anyhow!(
                        "configuration: SMTP_URL: tls={value} is not valid here (smtp:// takes tls=starttls or \
                         tls=none; smtps:// is always TLS)"
                    ));
                }
                _ => tls,
            };
        }
        let default_port = match tls {
            SmtpTls::None => 25,
            SmtpTls::StartTls => 587,
            SmtpTls::Implicit => 465,
        };
        Ok(Self { host: host.to_owned(), port: port.unwrap_or(default_port), tls, credentials })
    }
}

/// An SMTP transport for `url` (see [`SmtpUrl`]). With TLS the server's certificate must be valid for
/// the URL's host and signed by a public CA, or by the CA in `ca_file` (PEM) when given.
pub fn smtp_transport(
    url: &str,
    ca_file: Option<&std::path::Path>,
) -> anyhow::Result<AsyncSmtpTransport<Tokio1Executor>> {
    use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
    let u = SmtpUrl::parse(url)?;
    let tls = match u.tls {
        SmtpTls::None => None,
        SmtpTls::StartTls | SmtpTls::Implicit => {
            let mut params = TlsParameters::builder(u.host.clone());
            if let Some(path) = ca_file {
                let pem = std::fs::read(path)
                    .map_err(|e| anyhow::anyhow!("configuration: SMTP_CA_FILE: cannot read {}: {e}", path.display()))?;
                let cert = Certificate::from_pem(&pem).map_err(|e| {
                    anyhow::anyhow!("configuration: SMTP_CA_FILE: {} is not a PEM certificate: {e}", path.display())
                })?;
                params = params.add_root_certificate(cert);
            }
            let params = params.build_rustls()?;
            Some(if u.tls == SmtpTls::Implicit { Tls::Wrapper(params) } else { Tls::Required(params) })
        }
    };
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(u.host)
        .port(u.port)
        .timeout(Some(Duration::from_secs(10)));
    if let Some(tls) = tls {
        builder = builder.tls(tls);
    }
    if let Some((user, password)) = u.credentials {
        builder = builder.credentials(lettre::transport::smtp::authentication::Credentials::new(user, password));
    }
    Ok(builder.build())
}

/// Connects once at start-up: a TLS failure (an unknown CA, a certificate for another host, no
/// STARTTLS offered) is a configuration error and stops start-up with a message naming it; a server
/// that does not answer yet is only logged (the outbox keeps the e-mails until it does).
pub async fn check_smtp(transport: &AsyncSmtpTransport<Tokio1Executor>) -> anyhow::Result<()> {
    let answer = tokio::time::timeout(Duration::from_secs(5), transport.test_connection()).await;
    let Ok(answer) = answer else {
        tracing::warn!("the mail server did not answer at start-up within 5 s; e-mails wait in the outbox");
        return Ok(());
    };
    match answer {
        Ok(_) => Ok(()),
        Err(e) if mtaani_runtime::tls::is_tls_failure(&e) => Err(anyhow::anyhow!(
            "configuration: SMTP_URL: the TLS connection to the mail server was refused: {e} (check the host name, \
             SMTP_CA_FILE, and that the server speaks TLS the way the URL says)"
        )),
        Err(e) => {
            tracing::warn!(error = %e, "the mail server did not answer at start-up; e-mails wait in the outbox");
            Ok(())
        }
    }
}

/// Sends every due message once; returns how many left the outbox. Those sent are marked in one
/// statement at the end of the pass (one commit for up to [`PASS`](mtaani_runtime::outbox::PASS),
/// not one each). A sender that dies between sending and marking sends its pass again once
/// restarted (at least once, never lost).
pub async fn send_due(pool: &AnyPool, mailer: &Mailer, hints: &Hints) -> Result<usize, sqlx::Error> {
    let waiting = store::outbox::due(pool, hints).await?;
    let mut sent = Vec::with_capacity(waiting.len());
    let mut failed = Vec::new();
    let (mut all, mut tries) = (Vec::with_capacity(waiting.len()), Vec::with_capacity(waiting.len()));
    for w in waiting {
        let mut m = w.mail;
        let attempts = w.attempts + 1;
        // A notification stored as asked for is rendered now, as of when it was stored.
        if let Some(request) = w.request {
            match rendered(&request, w.created_at) {
                Some(email) => {
                    (m.subject, m.text, m.html, m.calendar) = (email.subject, email.text, email.html, email.calendar)
                }
                None => {
                    tracing::error!(id = %m.id, "e-mail outbox: unreadable request, giving up on it");
                    failed.push((m.id, attempts, true, "unreadable request".to_owned()));
                    continue;
                }
            }
        }
        all.push(m);
        tries.push(attempts);
    }
    // Up to the first temporary failure: the mail server is probably away, the others wait.
    let delivered = mailer.deliver_all(&all).await;
    for ((m, attempts), delivered) in all.into_iter().zip(tries).zip(delivered) {
        match delivered {
            Ok(place) => {
                tracing::info!(id = %m.id, to = %redact_email(&m.to_email), subject = %m.subject, %place, "e-mail delivered");
                sent.push(m.id);
            }
            Err(e) => {
                let give_up = matches!(e, DeliveryError::Permanent(_)) || attempts >= MAX_ATTEMPTS;
                tracing::warn!(id = %m.id, attempts, give_up, error = %e, "e-mail not delivered");
                failed.push((m.id, attempts, give_up, e.to_string().chars().take(300).collect::<String>()));
            }
        }
    }
    // What went out is marked first: a failure to mark the rest must not send it again.
    store::outbox::mark_sent(pool, &sent).await?;
    let mut done = sent.len();
    for (id, attempts, give_up, error) in failed {
        let next = crate::now() + mtaani_runtime::outbox::backoff(attempts);
        store::outbox::record_failure(pool, id, attempts, give_up, error, next).await?;
        done += usize::from(give_up);
    }
    Ok(done)
}

/// The e-mail of a notification stored as its request (`mtaani_proto::messaging::client::encode`), as of `at`.
fn rendered(request: &str, at: i64) -> Option<templates::Email> {
    let n = mtaani_proto::messaging::client::decode(request)?;
    let language = mtaani_proto::language::Language::of(&n.language);
    Some(templates::render_at(language, &n.to_name, n.kind.as_ref()?, at))
}

/// Runs [`send_due`] whenever woken, and every two seconds.
pub fn spawn_sender(pool: AnyPool, mailer: Mailer, wake: Arc<Notify>, hints: Hints) -> tokio::task::JoinHandle<()> {
    mtaani_runtime::outbox::spawn_worker("e-mail sender", wake, move || {
        let (pool, mailer, hints) = (pool.clone(), mailer.clone(), hints.clone());
        async move { send_due(&pool, &mailer, &hints).await }
    })
}

/// `amina@example.com` as `a***@example.com`: enough for a log, not a mailing list.
pub fn redact_email(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => format!("{}***@{domain}", local.chars().next().unwrap_or('*')),
        None => "***".into(),
    }
}

#[cfg(test)]
mod smtp_url_tests {
    use super::{SmtpTls, SmtpUrl};

    #[test]
    fn smtp_urls_say_how_the_connection_is_protected() {
        let plain = SmtpUrl::parse("smtp://relay.mtaani.svc").unwrap();
        assert_eq!(
            (plain.host.as_str(), plain.port, plain.tls, plain.credentials),
            ("relay.mtaani.svc", 25, SmtpTls::None, None)
        );
        let starttls = SmtpUrl::parse("smtp://apikey:s3cr%t@smtp.example.com?tls=starttls").unwrap();
        assert_eq!((starttls.port, starttls.tls), (587, SmtpTls::StartTls));
        assert_eq!(starttls.credentials, Some(("apikey".into(), "s3cr%t".into())));
        assert_eq!(SmtpUrl::parse("smtp://h:2525?tls=required").unwrap().tls, SmtpTls::StartTls);
        let implicit = SmtpUrl::parse("smtps://u:p@smtp.example.com").unwrap();
        assert_eq!((implicit.port, implicit.tls), (465, SmtpTls::Implicit));
        assert_eq!(SmtpUrl::parse("smtps://127.0.0.1:4650/").unwrap().port, 4650);
        for bad in ["http://x", "smtp://", "smtp://h:port", "smtps://h?tls=none", "smtp://h?tls=maybe", "smtp://user@h"]
        {
            assert!(SmtpUrl::parse(bad).is_err(), "{bad}");
        }
    }
}
