//! SMS beside e-mail: the texts (each fits one SMS: at most 160 GSM-7 characters, in English or
//! Kiswahili), the short links they carry, Africa's Talking's SMS API, and the sender that takes due messages from `sms_outbox`.
//!
//! Once-ness: a message is claimed (`pending` → `sending`, a conditional update) before the call and
//! marked `sent` right after it, so two senders (replicas) never send it twice and a restart does not
//! send again what went. Only a process killed between Africa's Talking's answer and that update
//! leaves a row `sending`; after [`STALE_CLAIM`] it is sent again (at least once rather than never).
//! Permanent refusals (an invalid number, a blacklisted one, Do Not Disturb) are not retried; a
//! message still unsent after [`STALE_AFTER`] is dropped (a reminder for a visit that has passed
//! helps no one; the e-mail went anyway).

use std::{path::PathBuf, sync::Arc, time::Duration};

use mtaani_proto::{
    language::Language,
    messaging::v1::{BookingDetails, send_notification_request::Kind},
    text::{Text, said},
};
use mtaani_runtime::{
    http::{HttpClient, Method},
    outbox::Hints,
};
use rand::Rng;
use sqlx::AnyPool;
use tokio::sync::Notify;

use crate::{
    delivery::{self, DeliveryError},
    store::{
        self,
        sms::{NewSms, Settled},
    },
    templates,
};

/// One SMS: 160 GSM-7 septets (characters of the GSM extension table count two).
pub const SMS_LIMIT: usize = 160;
/// A claimed message not marked sent after this long (its sender died mid-call) is sent again.
pub const STALE_CLAIM: i64 = 600;
/// A message not sent this long after it was stored is dropped.
pub const STALE_AFTER: i64 = 12 * 3600;

/// GSM 03.38's basic character set (one septet each).
const GSM_BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/// Its extension table (two septets each: an escape and the character).
const GSM_EXTENDED: &str = "^{}\\[~]|€\u{c}";

/// How many septets `text` takes in GSM-7, or `None` when a character is not in it (the SMS would go
/// as UCS-2, 70 characters).
pub fn gsm7_len(text: &str) -> Option<usize> {
    text.chars().try_fold(0, |n, c| {
        if GSM_BASIC.contains(c) {
            Some(n + 1)
        } else if GSM_EXTENDED.contains(c) {
            Some(n + 2)
        } else {
            None
        }
    })
}

/// `text` in GSM-7: typographic quotes and dashes become plain ones, accented letters their base
/// letter, other characters (emoji, other scripts) are left out; runs of spaces become one.
pub fn to_gsm7(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let mapped: &str = match c {
            '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{2032}' | '`' | '´' => "'",
            '\u{201c}' | '\u{201d}' | '\u{201e}' | '«' | '»' => "\"",
            '\u{2010}'..='\u{2015}' | '\u{2212}' => "-",
            '\u{2026}' => "...",
            '\t' | '\n' | '\r' | '\u{a0}' | '\u{2000}'..='\u{200a}' | '\u{202f}' => " ",
            'á' | 'â' | 'ã' | 'ā' | 'ă' | 'ą' => "a",
            'Á' | 'Â' | 'Ã' | 'À' | 'Ā' => "A",
            'ç' | 'ć' | 'č' => "c",
            'ê' | 'ë' | 'ē' | 'ę' | 'ě' => "e",
            'È' | 'Ê' | 'Ë' | 'Ē' => "E",
            'í' | 'î' | 'ï' | 'ī' | 'ĩ' => "i",
            'Í' | 'Î' | 'Ï' | 'Ì' => "I",
            'ó' | 'ô' | 'õ' | 'ō' => "o",
            'Ó' | 'Ô' | 'Õ' | 'Ò' => "O",
            'ú' | 'û' | 'ū' | 'ũ' => "u",
            'Ú' | 'Û' | 'Ù' => "U",
            'ý' | 'ÿ' => "y",
            'ń' | 'ň' => "n",
            'š' | 'ś' => "s",
            'ž' | 'ź' | 'ż' => "z",
            c if gsm7_len(c.encode_utf8(&mut [0; 4])).is_some() => {
                out.push(c);
                continue;
            }
            _ => "",
        };
        out.push_str(mapped);
    }
    out.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

/// What ends a shortened name. GSM-7 has no "…" (U+2026): one in a text sends the whole SMS as
/// UCS-2, 70 characters instead of 160, so the ellipsis is written as GSM-7 writes it
/// ([`to_gsm7`] turns "…" into the same three dots).
const ELLIPSIS: &str = "...";

/// `text` in at most `max` characters: whole when it fits, else cut after its last whole word that
/// leaves room for [`ELLIPSIS`] ("Knotless Braids by Amina" -> "Knotless Braids..."); a first word
/// longer than that is cut inside it, as nothing shorter says more.
fn cut_at_word(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let room = max.saturating_sub(ELLIPSIS.len()).max(1);
    let head: String = text.chars().take(room).collect();
    // A cut just before a space ends a word too.
    let whole = text.chars().nth(room).is_some_and(char::is_whitespace);
    let kept = match head.rfind(char::is_whitespace) {
        _ if whole => head.as_str(),
        Some(space) => &head[..space],
        None => head.as_str(),
    };
    // "Bridal Makeup, Hair…": no comma or dash hangs before the dots.
    let kept = kept.trim_end().trim_end_matches([',', ';', ':', '-', '&', '(']).trim_end();
    let kept = if kept.is_empty() { head.trim_end() } else { kept };
    format!("{kept}{ELLIPSIS}")
}

/// Renders `template` with `parts`, shortening the longest part (cut at a word, ended with
/// [`ELLIPSIS`]) until the text fits one SMS. Parts are made GSM-7 first.
fn fit(parts: &[&str], template: impl Fn(&[String]) -> String) -> String {
    let mut parts: Vec<String> = parts.iter().map(|p| to_gsm7(p)).collect();
    loop {
        let text = template(&parts);
        let len = gsm7_len(&text).unwrap_or(usize::MAX);
        if len <= SMS_LIMIT {
            return text;
        }
        let (longest, chars) =
            parts.iter().enumerate().map(|(i, p)| (i, p.chars().count())).max_by_key(|&(_, n)| n).unwrap_or((0, 0));
        if chars <= ELLIPSIS.len() + 2 {
            // Nothing left to shorten (cannot happen with the templates below): cut the text itself.
            return text.chars().take(SMS_LIMIT).collect();
        }
        // Each pass makes the part shorter (a cut at a word may take more than needed; never less).
        let max = chars.saturating_sub(len - SMS_LIMIT).min(chars - 1);
        parts[longest] = cut_at_word(&parts[longest], max);
    }
}

/// How much of a listing's location a confirmation's SMS carries.
const PLACE_CHARS: usize = 16;

/// A location for an SMS in at most `max` characters: whole when it fits, else its first part (the
/// area of "Kilimani, Nairobi"), cut at a word when that is still longer.
fn shortened(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return text.to_owned();
    }
    cut_at_word(text.split(',').next().unwrap_or(text), max)
}

/// The first word of the customer's name, or the language's word for a customer without one.
fn first_name(language: Language, name: &str) -> String {
    name.split_whitespace().next().map_or_else(|| said::sms_a_customer().render(language), str::to_owned)
}

/// What an SMS says and the link it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sms {
    pub kind: &'static str,
    /// The text, with [`LINK`] where the short link goes (`{origin}/s/{code}`, counted at that length).
    pub text: String,
    /// The page the short link leads to (the customer's change-or-cancel link).
    pub link: Option<String>,
}

impl Sms {
    /// The SMS as stored for `to_phone`: its short link given a new code and written into the text,
    /// or left out when it has none (or one that is not a URL).
    pub fn to(&self, to_phone: &str) -> NewSms {
        let (body, link) = match self.link.as_deref().and_then(split_url) {
            Some((origin, path)) => {
                let code = new_code();
                (self.text.replace(LINK, &format!("{origin}/s/{code}")), Some((code, path.to_owned())))
            }
            None => (self.text.replace(LINK, ""), None),
        };
        NewSms { kind: self.kind, to_phone: to_phone.to_owned(), body, link }
    }
}

/// Where the short link goes in [`Sms::text`].
pub const LINK: &str = "{link}";

/// The SMS of a notification in `language`, for the kinds that have one. Their words are the texts
/// `sms_…` of the dictionaries (`proto/i18n/<language>.json`); which kinds have an SMS, which parts
/// are shortened to fit and which carry a link is written once, here. The names are what is
/// shortened to fit (the customer's first name and the service's); the customer's texts carry their
/// change-or-cancel link when they have one, the provider's their account's link written out.
pub fn render(language: Language, kind: &Kind) -> Option<Sms> {
    let say = |text: Text| text.render(language);
    // A booking's day (written short) and time.
    let day = |b: &BookingDetails| templates::short_date(language, &b.date);
    let at = |b: &BookingDetails| templates::clock(language, &b.time);
    Some(match kind {
        Kind::NewBooking(b) => Sms {
            kind: "new_booking",
            text: fit(&[&first_name(language, &b.customer_name), &b.service_name], |p| {
                let (booked, then) = if b.instant {
                    (said::sms_instant_booking(&p[0], &p[1], day(b), at(b)), said::sms_details())
                } else {
                    (said::sms_new_booking(&p[0], &p[1], day(b), at(b)), said::sms_confirm_or_decline())
                };
                format!("{} {} {}", say(booked), say(then), b.manage_url)
            }),
            link: None,
        },
        Kind::BookingConfirmed(b) => {
            // Where to go, when the listing says: 16 characters at most (else its area: "Kilimani"
            // of "Kilimani, Nairobi"), so that the service's name keeps its room; the e-mail has it
            // whole.
            let place = shortened(&b.location, PLACE_CHARS);
            let parts = [b.service_name.as_str(), place.as_str()];
            with_link(b, "booking_confirmed", &say(said::sms_change_or_cancel()), &parts, &|p| {
                let confirmed = say(said::sms_confirmed(&p[0], day(b), at(b)));
                match p[1].as_str() {
                    "" => confirmed,
                    place => format!("{confirmed} {}", say(said::sms_where(place))),
                }
            })
        }
        Kind::BookingDeclined(b) => Sms {
            kind: "booking_declined",
            text: fit(&[&b.service_name], |p| {
                format!("{} {}", say(said::sms_declined(&p[0], day(b), at(b))), say(said::sms_declined_choose()))
            }),
            link: None,
        },
        Kind::BookingMoved(b) => {
            with_link(b, "booking_moved", &say(said::sms_change_or_cancel()), &[&b.service_name], &|p| {
                say(said::sms_moved(&p[0], day(b), at(b)))
            })
        }
        Kind::BookingMemberChanged(b) => {
            let parts = [b.member_name.as_str(), b.service_name.as_str()];
            with_link(b, "booking_member_changed", &say(said::sms_change_or_cancel()), &parts, &|p| {
                say(said::sms_member_changed(&p[0], &p[1], day(b), at(b)))
            })
        }
        Kind::MemberBooking(notice) => {
            let b = notice.booking.clone().unwrap_or_default();
            Sms {
                kind: "member_booking",
                text: fit(&[&b.service_name, &first_name(language, &b.customer_name)], |p| {
                    let (service, customer, day, at) = (&p[0], &p[1], day(&b), at(&b));
                    say(match notice.event.as_str() {
                        "moved" => said::sms_member_moved(service, customer, day, at),
                        "cancelled" => said::sms_member_cancelled(service, customer, day, at),
                        "given" => said::sms_member_given(service, customer, day, at),
                        "taken" => said::sms_member_taken(service, customer, day, at),
                        _ => said::sms_member_new(service, customer, day, at),
                    })
                }),
                link: None,
            }
        }
        Kind::BookingReminder(b) => {
            with_link(b, "booking_reminder", &say(said::sms_cant_make_it()), &[&b.service_name], &|p| {
                say(said::sms_reminder(&p[0], day(b), at(b)))
            })
        }
        _ => return None,
    })
}

/// A text about `b` (its service's name the part shortened) followed by `words` and the customer's
/// change-or-cancel link when they have one, fitted with the short link counted at its real length.
fn with_link(
    b: &BookingDetails,
    kind: &'static str,
    words: &str,
    parts: &[&str],
    text: &dyn Fn(&[String]) -> String,
) -> Sms {
    let link = (!b.cancel_url.is_empty()).then(|| b.cancel_url.clone());
    let template = |p: &[String]| match link {
        Some(_) => format!("{} {words} {LINK}", text(p)),
        None => text(p),
    };
    // The placeholder is counted at the short link's real length while fitting.
    let pad = "x".repeat(split_url(&b.cancel_url).map_or(0, |(origin, _)| origin.len() + "/s/".len() + CODE_LEN));
    let text = fit(parts, |p| template(p).replace(LINK, &pad));
    let text = if pad.is_empty() { text } else { text.replace(&pad, LINK) };
    Sms { kind, text, link }
}

/// The length of a short link's code.
pub const CODE_LEN: usize = 10;

/// A new short link's code: 10 characters of [0-9A-Za-z] (59 bits: the code stands for a
/// change-or-cancel link, so it must not be guessable).
pub fn new_code() -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut rng = rand::rng();
    (0..CODE_LEN).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}

/// Whether `code` could be a short link's code ([`new_code`]'s shape): others are not looked up.
pub fn is_code(code: &str) -> bool {
    code.len() == CODE_LEN && code.chars().all(|c| c.is_ascii_alphanumeric())
}

/// `https://mtaani.co.ke/appointments/cancel?token=…` as (`https://mtaani.co.ke`, `/appointments/cancel?token=…`).
pub fn split_url(url: &str) -> Option<(&str, &str)> {
    let after_scheme = url.find("://")? + 3;
    let path_at = url[after_scheme..].find('/').map_or(url.len(), |i| after_scheme + i);
    let path = &url[path_at..];
    Some((&url[..path_at], if path.is_empty() { "/" } else { path }))
}

/// Where SMS go.
#[derive(Clone)]
pub enum SmsTransport {
    /// The embedded run: each message as a text file (the recipient's number and the text).
    Folder(PathBuf),
    AfricasTalking(AfricasTalking),
}

/// An Africa's Talking account: where its API is, and who we are to it.
#[derive(Clone)]
pub struct AtAccount {
    pub base_url: String,
    pub username: String,
    pub api_key: String,
    pub sender_id: Option<String>,
}

impl std::fmt::Debug for AtAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AtAccount")
            .field("base_url", &self.base_url)
            .field("username", &self.username)
            .field("sender_id", &self.sender_id)
            .finish_non_exhaustive()
    }
}

/// Africa's Talking's SMS API: `POST {base}/version1/messaging`.
#[derive(Debug, Clone)]
pub struct AfricasTalking {
    pub http: HttpClient,
    pub account: AtAccount,
}

/// Africa's Talking's per-recipient status codes that retrying cannot help: 403 InvalidPhoneNumber,
/// 404 UnsupportedNumberType, 406 UserInBlacklist, 409 DoNotDisturbRejection.
pub const PERMANENT_CODES: [i64; 4] = [403, 404, 406, 409];

impl AfricasTalking {
    /// Sends one SMS; answers Africa's Talking's message id.
    pub async fn send(&self, to: &str, text: &str) -> Result<String, DeliveryError> {
        // Finished before the call: the serializer is not Send.
        let form = {
            let mut form = form_urlencoded::Serializer::new(String::new());
            form.append_pair("username", &self.account.username).append_pair("to", to).append_pair("message", text);
            if let Some(from) = &self.account.sender_id {
                form.append_pair("from", from);
            }
            form.finish()
        };
        let url = format!("{}/version1/messaging", self.account.base_url.trim_end_matches('/'));
        let headers = [
            ("apiKey", self.account.api_key.as_str()),
            ("Accept", "application/json"),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ];
        let answer = self
            .http
            .send(Method::POST, &url, &headers, form.into())
            .await
            .map_err(|e| DeliveryError::Temporary(e.to_string()))?;
        let status = answer.status.as_u16();
        let body = String::from_utf8_lossy(&answer.body);
        let said: String = body.chars().take(200).collect();
        if !answer.status.is_success() {
            // 401: a wrong key or username (a fix of the configuration sends it); 429 and 5xx pass.
            return Err(match status {
                400 | 404 | 413 | 422 => {
                    DeliveryError::Permanent(format!("Africa's Talking answered {status}: {said}"))
                }
                _ => DeliveryError::Temporary(format!("Africa's Talking answered {status}: {said}")),
            });
        }
        let json: serde_json::Value = serde_json::from_str(&body).map_err(|_| {
            DeliveryError::Temporary(format!("Africa's Talking answered {status} with no JSON: {said}"))
        })?;
        let data = &json["SMSMessageData"];
        let Some(recipient) = data["Recipients"].as_array().and_then(|r| r.first()) else {
            // No recipient: the request as a whole was refused (e.g. "InvalidSenderId").
            let message = data["Message"].as_str().unwrap_or("no recipients");
            return Err(DeliveryError::Temporary(format!("Africa's Talking sent nothing: {message}")));
        };
        let code = recipient["statusCode"].as_i64().unwrap_or_default();
        let name = recipient["status"].as_str().unwrap_or("unknown");
        match code {
            100..=102 => Ok(recipient["messageId"].as_str().unwrap_or_default().to_owned()),
            c if PERMANENT_CODES.contains(&c) => Err(DeliveryError::Permanent(format!("{c} {name}"))),
            c => Err(DeliveryError::Temporary(format!("{c} {name}"))),
        }
    }
}

impl SmsTransport {
    /// Delivers `all` (id, number, text) in order; answers where each went (a file, or Africa's
    /// Talking's message id), up to the first temporary failure (the rest wait, untried). Into a
    /// folder, in one trip to the blocking pool.
    pub async fn deliver_all(&self, all: &[(&str, &str, &str)]) -> Vec<Result<String, DeliveryError>> {
        match self {
            SmsTransport::Folder(dir) => {
                let files =
                    all.iter().map(|(id, to, text)| (format!("{id}.txt"), format!("To: {to}\n\n{text}\n").into()));
                let written = delivery::drop_all(dir, files.collect()).await;
                delivery::until_temporary(written.into_iter().map(delivery::written))
            }
            SmsTransport::AfricasTalking(at) => delivery::one_by_one(all, |(_, to, text)| at.send(to, text)).await,
        }
    }
}

/// When the last pass looked for claims left by a sender that died (once a minute is enough).
static LAST_REQUEUE: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);

/// Sends every due SMS once; answers how many left the outbox (sent or given up). A pass claims its
/// messages in one statement and marks those sent in another (two commits for up to
/// [`PASS`](mtaani_runtime::outbox::PASS), not two each); a temporary failure sends the rest of the
/// pass back to wait.
pub async fn send_due(pool: &AnyPool, transport: &SmsTransport, hints: &Hints) -> Result<usize, sqlx::Error> {
    use std::sync::atomic::Ordering;
    let t = crate::now();
    if t - LAST_REQUEUE.load(Ordering::Relaxed) >= 60 {
        LAST_REQUEUE.store(t, Ordering::Relaxed);
        // A sender that died mid-call left its claim: the message goes again.
        store::sms::requeue_stale(pool, t - STALE_CLAIM).await?;
    }
    let waiting = store::sms::due(pool, hints, t).await?;
    if waiting.is_empty() {
        return Ok(0);
    }
    let (mut stopped, mut stale, mut due) = (Vec::new(), Vec::new(), Vec::new());
    for w in waiting {
        if w.opted_out {
            tracing::info!(id = %w.id, to = %mtaani_proto::phone::redact(&w.to_phone), kind = %w.kind, "SMS not sent: the number replied STOP");
            stopped.push(w.id);
        } else if t - w.created_at > STALE_AFTER {
            tracing::warn!(id = %w.id, kind = %w.kind, "SMS dropped: not sent within 12 hours");
            stale.push(w.id);
        } else {
            due.push((w.id, w.kind, w.to_phone, w.body, w.attempts + 1));
        }
    }
    store::sms::settle(pool, Settled::OptedOut, t, &stopped).await?;
    store::sms::settle(pool, Settled::Expired, t, &stale).await?;
    let mut done = stopped.len() + stale.len();
    if due.is_empty() {
        return Ok(done);
    }
    // Claimed together; what another sender claimed first is not ours.
    let ids: Vec<String> = due.iter().map(|d| d.0.clone()).collect();
    let claimed = store::sms::claim(pool, t, &ids).await?;
    let mut sent: Vec<(String, String)> = Vec::new();
    let mut unsent: Vec<String> = Vec::new();
    // A temporary failure: the SMS gateway is probably away.
    let mut retry: Option<(String, i64, String)> = None;
    let due: Vec<_> = due.into_iter().filter(|d| claimed.contains(&d.0)).collect();
    let messages: Vec<(&str, &str, &str)> = due.iter().map(|d| (d.0.as_str(), d.2.as_str(), d.3.as_str())).collect();
    let mut delivered = transport.deliver_all(&messages).await.into_iter();
    for (id, kind, to, _, attempts) in due {
        // After a temporary failure the rest go back to wait, untried.
        let Some(result) = delivered.next() else {
            unsent.push(id);
            continue;
        };
        match result {
            Ok(place) => {
                tracing::info!(%id, to = %mtaani_proto::phone::redact(&to), %kind, %place, "SMS sent");
                sent.push((id, place));
            }
            Err(DeliveryError::Permanent(e)) => {
                tracing::warn!(%id, to = %mtaani_proto::phone::redact(&to), %kind, error = %e, "SMS refused for good");
                store::sms::fail(pool, &id, attempts, "failed", &e, t).await?;
                done += 1;
            }
            Err(DeliveryError::Temporary(e)) => {
                tracing::warn!(%id, %kind, attempts, error = %e, "SMS not sent; will retry");
                retry = Some((id, attempts, e));
            }
        }
    }
    // What went out is marked first: a failure to mark the rest must not send it again.
    store::sms::mark_sent(pool, &sent).await?;
    done += sent.len();
    if let Some((id, attempts, e)) = retry {
        let next = crate::now() + mtaani_runtime::outbox::backoff(attempts);
        store::sms::fail(pool, &id, attempts, "pending", &e, next).await?;
    }
    store::sms::send_back(pool, t, &unsent).await?;
    Ok(done)
}

/// Runs [`send_due`] whenever woken, and every two seconds.
pub fn spawn_sender(
    pool: AnyPool,
    transport: SmsTransport,
    wake: Arc<Notify>,
    hints: Hints,
) -> tokio::task::JoinHandle<()> {
    mtaani_runtime::outbox::spawn_worker("SMS sender", wake, move || {
        let (pool, transport, hints) = (pool.clone(), transport.clone(), hints.clone());
        async move { send_due(&pool, &transport, &hints).await }
    })
}

/// The HTTP client for Africa's Talking: every call answered within 15 s.
pub fn http_client() -> HttpClient {
    HttpClient::new(Duration::from_secs(15))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtaani_proto::messaging::v1::BookingDetails;

    fn long_booking() -> BookingDetails {
        BookingDetails {
            service_name: "Bridal Makeup, Hair Styling & Henna for the Whole Wedding Party — Premium Package ✨".into(),
            customer_name: "Wanjikũ-Nyambura Abdirahman Mohamed".into(),
            date: "2026-12-19".into(),
            time: "10:00 AM".into(),
            cancel_url: format!("https://mtaani.co.ke/appointments/cancel?token={}", "t".repeat(160)),
            manage_url: "https://mtaani.co.ke/account".into(),
            location: "Shop 14, Westgate Shopping Mall, Mwanzi Road, Westlands, Nairobi County".into(),
            // The e-mail carries the directions; an SMS has no room for them.
            directions: "Upstairs above Naivas, 2nd floor, blue door next to the tailor".into(),
            ..Default::default()
        }
    }

    /// Every kind of notification that has an SMS, about `b`.
    fn texted(b: &BookingDetails) -> [Kind; 7] {
        [
            Kind::NewBooking(b.clone()),
            Kind::BookingConfirmed(b.clone()),
            Kind::BookingDeclined(b.clone()),
            Kind::BookingMoved(b.clone()),
            Kind::BookingReminder(b.clone()),
            // A booking confirmed at once: the provider's SMS says so and has nothing to answer.
            Kind::NewBooking(BookingDetails { instant: true, ..b.clone() }),
            // Another member of the team serves the customer now, a long name shortened.
            Kind::BookingMemberChanged(BookingDetails { member_name: "Wanjiku Wairimu Kamau".into(), ..b.clone() }),
        ]
    }

    /// What the long-names test expects of one language's texts.
    struct LongNames {
        language: Language,
        /// The booking's date and time as the texts write it.
        when: &'static str,
        /// The provider's new-booking text: how it starts and how it ends.
        provider_starts: &'static str,
        provider_ends: &'static str,
        /// How the customer's confirmation ends when there is a link.
        confirmed_ends: &'static str,
    }

    #[test]
    fn every_template_fits_one_gsm7_sms_with_long_names() {
        let languages = [
            LongNames {
                language: Language::En,
                when: "Sat 19 Dec at 10:00 AM",
                provider_starts: "Mtaani: new booking request from Wanjiku-Nyambura for Bridal Makeup",
                provider_ends: " https://mtaani.co.ke/account",
                confirmed_ends: "Change or cancel: {link}",
            },
            LongNames {
                language: Language::Sw,
                when: "Jumamosi 19 Des, 10:00",
                provider_starts: "Mtaani: Wanjiku-Nyambura ameomba miadi ya Bridal Makeup",
                provider_ends: "Thibitisha au kataa: https://mtaani.co.ke/account",
                confirmed_ends: "Badilisha au ghairi: {link}",
            },
        ];
        let b = long_booking();
        let kinds = texted(&b);
        for expected in &languages {
            let language = expected.language;
            for kind in &kinds {
                let english = render(Language::En, kind).expect("has an SMS");
                let sms = render(language, kind).expect("has an SMS in every language");
                assert_eq!((sms.kind, &sms.link), (english.kind, &english.link), "the same message, the same link");
                let sent = sms.text.replace(LINK, &format!("https://mtaani.co.ke/s/{}", new_code()));
                let len = gsm7_len(&sent).unwrap_or_else(|| panic!("not GSM-7: {sent}"));
                assert!(len <= SMS_LIMIT, "{} is {len} septets: {sent}", sms.kind);
                assert!(sent.contains(expected.when), "{sent}");
                assert!(sent.contains("Bridal Makeup"), "{sent}");
                assert!(!sent.contains("Naivas"), "no directions in an SMS: {sent}");
            }
            let provider = render(language, &kinds[0]).unwrap().text;
            assert!(
                provider.starts_with(expected.provider_starts) && provider.ends_with(expected.provider_ends),
                "{provider}"
            );
            assert!(render(language, &kinds[1]).unwrap().text.ends_with(expected.confirmed_ends));
            // The confirmation says where (shortened with the service's name to fit).
            let confirmed = render(language, &kinds[1]).unwrap().text;
            assert!(confirmed.contains(": Shop 14. "), "{confirmed}");
            assert_eq!(shortened("Kilimani, Nairobi", PLACE_CHARS), "Kilimani");
            assert_eq!(shortened("Nyali, Mombasa", PLACE_CHARS), "Nyali, Mombasa");
            assert_eq!(shortened("Westgate Shopping Mall, Westlands", PLACE_CHARS), "Westgate...");
            let instant = render(language, &kinds[5]).unwrap().text;
            assert!(
                !instant.contains(expected.provider_starts)
                    && !instant.contains("kataa")
                    && !instant.contains("decline"),
                "{instant}"
            );
            assert!(instant.ends_with(" https://mtaani.co.ke/account"), "{instant}");
            assert_eq!(render(language, &kinds[1]).unwrap().link.as_deref(), Some(b.cancel_url.as_str()));
            assert!(
                render(language, &Kind::BookingCancelled(b.clone())).is_none(),
                "the provider is not texted about cancellations"
            );
            // Every day of the week and month of the year, with the longest names and times.
            for day in 14..=20 {
                for month in 1..=12 {
                    let b = BookingDetails {
                        date: format!("2026-{month:02}-{day}"),
                        time: "12:30 PM".into(),
                        ..long_booking()
                    };
                    for kind in
                        [Kind::NewBooking(b.clone()), Kind::BookingDeclined(b.clone()), Kind::BookingReminder(b)]
                    {
                        let sent = render(language, &kind)
                            .unwrap()
                            .text
                            .replace(LINK, &format!("https://mtaani.co.ke/s/{}", new_code()));
                        assert!(gsm7_len(&sent).is_some_and(|n| n <= SMS_LIMIT), "{sent}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_long_name_is_cut_at_a_word_and_ends_with_an_ellipsis() {
        assert_eq!(cut_at_word("Knotless Braids by Amina", 20), "Knotless Braids...");
        assert_eq!(cut_at_word("Knotless Braids by Amina", 18), "Knotless Braids...", "a cut just before a space");
        assert_eq!(cut_at_word("Bridal Makeup, Hair Styling", 20), "Bridal Makeup...", "no comma before the dots");
        assert_eq!(cut_at_word("Supercalifragilistic nails", 10), "Superca...", "one long word is cut inside it");
        assert_eq!(cut_at_word("Box braids", 10), "Box braids");
        // In a text: the long name ends at a word, with three dots (GSM-7: one SMS of 160), never two.
        let b = BookingDetails {
            service_name:
                "Knotless Braids with Curly Ends, Waist Length, Including Wash, Blow-dry and Scalp Oil Treatment".into(),
            customer_name: "Amina Wanjiru".into(),
            date: "2026-12-19".into(),
            time: "10:00 AM".into(),
            cancel_url: format!("https://mtaani.co.ke/appointments/cancel?token={}", "t".repeat(160)),
            location: "Kilimani, Nairobi".into(),
            ..Default::default()
        };
        for language in [Language::En, Language::Sw] {
            for kind in
                [Kind::BookingConfirmed(b.clone()), Kind::BookingReminder(b.clone()), Kind::BookingDeclined(b.clone())]
            {
                let sms = render(language, &kind).unwrap();
                let sent = sms.text.replace(LINK, &format!("https://mtaani.co.ke/s/{}", new_code()));
                assert!(gsm7_len(&sent).is_some_and(|n| n <= SMS_LIMIT), "{sent}");
                let cut =
                    sent.split("...").next().filter(|head| head.len() < sent.len()).unwrap_or_else(|| panic!("{sent}"));
                let last_word = cut.rsplit(' ').next().unwrap();
                assert!(
                    b.service_name.split([' ', ',']).any(|word| word == last_word),
                    "{last_word:?} is a whole word of the name: {sent}"
                );
                assert!(!sent.replace("...", "").contains(".."), "{sent}");
            }
        }
    }

    #[test]
    fn short_names_are_kept_whole() {
        let b = BookingDetails {
            service_name: "Box braids".into(),
            customer_name: "Amina Wanjiru".into(),
            date: "2026-11-28".into(),
            time: "2:30 PM".into(),
            manage_url: "http://127.0.0.1:8080/account".into(),
            ..Default::default()
        };
        assert_eq!(
            render(Language::En, &Kind::NewBooking(b.clone())).unwrap().text,
            "Mtaani: new booking request from Amina for Box braids on Sat 28 Nov at 2:30 PM. Confirm or decline: \
             http://127.0.0.1:8080/account"
        );
        // No link to give: no "Change or cancel:".
        assert_eq!(
            render(Language::En, &Kind::BookingConfirmed(b.clone())).unwrap().text,
            "Mtaani: your booking for Box braids on Sat 28 Nov at 2:30 PM is confirmed."
        );
        assert_eq!(
            render(Language::Sw, &Kind::NewBooking(b.clone())).unwrap().text,
            "Mtaani: Amina ameomba miadi ya Box braids, Jumamosi 28 Nov, 14:30. Thibitisha au kataa: \
             http://127.0.0.1:8080/account"
        );
        assert_eq!(
            render(Language::Sw, &Kind::BookingConfirmed(b)).unwrap().text,
            "Mtaani: miadi yako ya Box braids, Jumamosi 28 Nov, 14:30, imethibitishwa."
        );
    }

    /// In Kiswahili "saa 6:30 PM" reads as half past midnight (Swahili time), so a
    /// Kiswahili text writes the 24-hour clock and Kiswahili weekdays and months; English keeps the
    /// slot label.
    #[test]
    fn kiswahili_texts_write_the_24_hour_clock_and_kiswahili_names() {
        let b = BookingDetails {
            service_name: "Box braids".into(),
            customer_name: "Amina Wanjiru".into(),
            date: "2026-12-19".into(),
            time: "6:30 PM".into(),
            cancel_url: "https://mtaani.co.ke/appointments/cancel?token=t".into(),
            manage_url: "https://mtaani.co.ke/account".into(),
            ..Default::default()
        };
        let kinds = texted(&b);
        for kind in &kinds {
            let sw = render(Language::Sw, kind).unwrap().text;
            assert!(sw.contains("Jumamosi 19 Des, 18:30"), "{sw}");
            for english in ["AM", "PM", "6:30", "saa 18", "Sat", "Dec"] {
                assert!(!sw.contains(english), "{english:?} in {sw}");
            }
            let en = render(Language::En, kind).unwrap().text;
            assert!(en.contains("Sat 19 Dec at 6:30 PM"), "{en}");
        }
        assert_eq!(
            render(Language::Sw, &kinds[4]).unwrap().text,
            "Kumbusho la Mtaani: Box braids kesho, Jumamosi 19 Des, 18:30. Hutaweza kufika? {link}"
        );
        let noon = BookingDetails { time: "12:00 PM".into(), date: "2027-01-04".into(), ..b };
        assert_eq!(
            render(Language::Sw, &Kind::BookingDeclined(noon)).unwrap().text,
            "Mtaani: samahani, mtoa huduma hakuweza kupokea miadi yako ya Box braids, Jumatatu 4 Jan, 12:00. Chagua \
             saa nyingine kwenye Mtaani."
        );
    }

    #[test]
    fn gsm7_counts_and_cleans() {
        assert_eq!(gsm7_len("Hello @ £5"), Some(10));
        assert_eq!(gsm7_len("{x}"), Some(5), "extension characters count two");
        assert_eq!(gsm7_len("Hi ✨"), None);
        assert_eq!(to_gsm7("Nails “deluxe” — Zoë’s  ✨ salon"), "Nails \"deluxe\" - Zoe's salon");
        assert_eq!(to_gsm7("Café Ñandú"), "Café Ñandu", "é and Ñ are GSM-7; ú is not");
        assert_eq!(to_gsm7("Wanjikũ"), "Wanjiku");
    }

    #[test]
    fn urls_split_into_origin_and_path() {
        assert_eq!(
            split_url("https://mtaani.co.ke/appointments/cancel?token=a.b"),
            Some(("https://mtaani.co.ke", "/appointments/cancel?token=a.b"))
        );
        assert_eq!(split_url("http://127.0.0.1:8080"), Some(("http://127.0.0.1:8080", "/")));
        assert_eq!(split_url("nonsense"), None);
        let code = new_code();
        assert!(code.len() == 10 && code.chars().all(|c| c.is_ascii_alphanumeric()));
    }
}
