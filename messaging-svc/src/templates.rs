//! The e-mails Mtaani sends: subject, plain text and HTML for each kind of notification, in the
//! recipient's language. Their words are the texts `mail_…` of the dictionaries the API answers with
//! too (`proto/i18n/<language>.json`), so a translation is written in one place; which paragraphs,
//! buttons and invites each e-mail has is written once, here. Dates and times are Nairobi's, written
//! in that language (Kiswahili's names in `templates/sw.rs`, its times on the 24-hour clock: see
//! [`clock`]); links come from the configured public base URL via the caller.

mod sw;

use mtaani_proto::{
    language::Language,
    messaging::v1::{BookingDetails, send_notification_request::Kind},
    text::{Text, said},
};

use crate::contact::ContactRow;

/// A rendered e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    pub kind: &'static str,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// A calendar invite (`text/calendar`) to attach, for e-mails about a booking's time.
    pub calendar: Option<String>,
}

/// Text for HTML: stored values are shown as text, never as markup.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// `2026-11-21` as "Saturday, 21 November 2026" or "Jumamosi, 21 Novemba 2026" (the date is already
/// Nairobi's).
pub fn long_date(language: Language, date: &str) -> String {
    written(language, date, "%A, %-d %B %Y", sw::long_date)
}

/// A `YYYY-MM-DD` date in `language`: English by chrono's `english` format, Kiswahili by `kiswahili`;
/// anything else as it is.
fn written(language: Language, date: &str, english: &str, kiswahili: fn(chrono::NaiveDate) -> String) -> String {
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").map_or_else(
        |_| date.to_owned(),
        |d| match language {
            Language::En => d.format(english).to_string(),
            Language::Sw => kiswahili(d),
        },
    )
}

/// A slot label as the API carries it (SPEC §9's English 12-hour clock, "6:30 PM") as `language`
/// writes a time: as it is in English, on the 24-hour clock in Kiswahili ("18:30", "09:00"). In
/// Swahili time "saa 12" is six o'clock, so a 12-hour time would send a customer six hours off.
/// A time already on the 24-hour clock ("9:00") is written "09:00"; anything else as it
/// is. The web app's `formatTime` (web/src/lib/format.ts) is the same rule.
pub fn clock(language: Language, label: &str) -> String {
    match language {
        Language::En => label.to_owned(),
        Language::Sw => ["%I:%M %p", "%H:%M"]
            .iter()
            .find_map(|form| chrono::NaiveTime::parse_from_str(label.trim(), form).ok())
            .map_or_else(|| label.to_owned(), |t| t.format("%H:%M").to_string()),
    }
}

/// Unix seconds as Nairobi time, e.g. "Sat, 21 Nov 2026 at 12:05" or "Jumamosi, 21 Nov 2026,
/// 12:05". Nairobi keeps UTC+3 all year.
pub fn nairobi_time(language: Language, secs: i64) -> String {
    let offset = chrono::FixedOffset::east_opt(3 * 3600).expect("UTC+3 is a valid offset");
    chrono::DateTime::from_timestamp(secs, 0)
        .map(|t| {
            let t = t.with_timezone(&offset);
            match language {
                Language::En => t.format("%a, %-d %b %Y at %H:%M").to_string(),
                Language::Sw => format!("{}, {}", sw::medium_date(t.date_naive()), t.format("%H:%M")),
            }
        })
        .unwrap_or_default()
}

/// `2026-11-21` as "Sat 21 Nov" or "Jumamosi 21 Nov", for an SMS.
pub fn short_date(language: Language, date: &str) -> String {
    written(language, date, "%a %-d %b", sw::short_date)
}

/// "Hello Amina," / "Habari Amina,": the recipient's first name, or none.
fn greeting(language: Language, to_name: &str) -> String {
    match to_name.split_whitespace().next() {
        Some(first) => said::mail_hello(first),
        None => said::mail_hello_anyone(),
    }
    .render(language)
}

fn page(language: Language, greeting: &str, paragraphs: &[String], button: Option<(&str, &str)>) -> String {
    let mut body = format!("<p>{}</p>", escape(greeting));
    for p in paragraphs {
        body.push_str(&format!("<p>{}</p>", escape(p)));
    }
    if let Some((label, url)) = button {
        body.push_str(&format!(
            "<p><a href=\"{}\" style=\"display:inline-block;padding:12px 20px;background:#b4411b;color:#ffffff;\
             border-radius:8px;text-decoration:none;font-weight:600\">{}</a></p><p style=\"color:#6b5b53;font-size:13px\">\
             {} {}</p>",
            escape(url),
            escape(label),
            escape(&said::mail_button_fallback().render(language)),
            escape(url)
        ));
    }
    let (lang, footer) = (language.code(), escape(&said::mail_footer().render(language)));
    format!(
        "<!doctype html><html lang=\"{lang}\"><body style=\"margin:0;background:#faf6f2;font-family:-apple-system,Segoe UI,\
         Roboto,sans-serif;color:#2b211c\"><div style=\"max-width:560px;margin:0 auto;padding:24px\"><h1 \
         style=\"font-size:22px;color:#b4411b\">Mtaani</h1>{body}<p style=\"color:#6b5b53;font-size:13px\">{footer}</p>\
         </div></body></html>"
    )
}

fn text(language: Language, greeting: &str, paragraphs: &[String], link: Option<&str>) -> String {
    let mut t = format!("{greeting}\n\n");
    for p in paragraphs {
        t.push_str(p);
        t.push_str("\n\n");
    }
    if let Some(url) = link {
        t.push_str(url);
        t.push_str("\n\n");
    }
    t.push_str(&said::mail_footer().render(language));
    t.push('\n');
    t
}

/// An e-mail in `language`; its button is a label and the link it opens.
fn email(
    language: Language,
    kind: &'static str,
    subject: String,
    greeting: &str,
    paragraphs: Vec<String>,
    button: Option<(Text, &str)>,
) -> Email {
    let button = button.map(|(label, url)| (label.render(language), url));
    let button = button.as_ref().map(|(label, url)| (label.as_str(), *url));
    Email {
        kind,
        subject,
        text: text(language, greeting, &paragraphs, button.map(|(_, url)| url)),
        html: page(language, greeting, &paragraphs, button),
        calendar: None,
    }
}

/// Who serves a booking and what was booked, when the booking says.
fn what_and_who(b: &BookingDetails) -> Vec<Text> {
    let mut lines = Vec::new();
    if !b.services.is_empty() {
        lines.push(said::mail_services(b.services.join(", ")));
    }
    if !b.member_name.is_empty() {
        lines.push(said::mail_with_member(&b.member_name));
    }
    lines
}

/// What the customer needs to turn up, as lines of their e-mail: what and with whom, where and the
/// way in there, the price (the total, else the range), how long it takes, and how to reach the
/// provider (WhatsApp and a call); each only when known.
fn turn_up(b: &BookingDetails) -> Vec<Text> {
    let mut lines = what_and_who(b);
    if !b.location.is_empty() {
        lines.push(said::mail_where(&b.location));
    }
    if !b.directions.is_empty() {
        lines.push(said::mail_directions(&b.directions));
    }
    if b.total_ksh > 0 {
        lines.push(said::mail_price(format!("Ksh {}", thousands(b.total_ksh))));
    } else if b.min_price > 0 {
        let range = if b.max_price > b.min_price {
            format!("Ksh {} – {}", thousands(b.min_price), thousands(b.max_price))
        } else {
            format!("Ksh {}", thousands(b.min_price))
        };
        lines.push(said::mail_price(range));
    }
    if b.duration_minutes > 0 {
        lines.push(takes(b.duration_minutes));
    }
    let digits: String = b.provider_phone.chars().filter(char::is_ascii_digit).collect();
    if !digits.is_empty() {
        lines.push(said::mail_contact_provider(format!("https://wa.me/{digits}"), &b.provider_phone));
    }
    lines
}

/// How long a booking takes, in words: "45 minutes", "1 hour", "1 hour 30 minutes" (the API's
/// durations).
fn takes(minutes: i32) -> Text {
    match (minutes / 60, minutes % 60) {
        (0, m) => said::mail_takes(said::n_minutes(m)),
        (1, 0) => said::mail_takes(said::one_hour()),
        (h, 0) => said::mail_takes(said::n_hours(h)),
        (1, m) => said::mail_takes_hour_and_minutes(m),
        (h, m) => said::mail_takes_hours_and_minutes(h, m),
    }
}

/// The booking's calendar invite; `cancelled` removes it from the calendar it was added to.
pub(crate) fn invite(language: Language, b: &BookingDetails, cancelled: bool, now: i64) -> Option<String> {
    if b.starts_at == 0 {
        return None;
    }
    let mut description = said::mail_invite(&b.service_name).render(language);
    // LOCATION holds the area (calendar apps offer it to a map); the way in there is for a person.
    if !b.directions.is_empty() {
        description.push_str(&format!("\n{}", said::mail_directions(&b.directions).render(language)));
    }
    if !b.cancel_url.is_empty() {
        description.push_str(&format!("\n{}: {}", said::mail_change_or_cancel().render(language), b.cancel_url));
    }
    Some(crate::ics::write(&crate::ics::Event {
        uid: format!("{}@mtaani.co.ke", b.appointment_id),
        sequence: now,
        starts_at: b.starts_at,
        minutes: i64::from(b.duration_minutes.max(30)),
        summary: b.service_name.clone(),
        location: b.location.clone(),
        description,
        url: b.cancel_url.clone(),
        stamp: now,
        cancelled,
    }))
}

fn with_invite(language: Language, mut e: Email, b: &BookingDetails, cancelled: bool, now: i64) -> Email {
    e.calendar = invite(language, b, cancelled, now);
    e
}

/// The customer's button to their change-or-cancel page, when they have a link.
fn change_button(b: &BookingDetails) -> Option<(Text, &str)> {
    (!b.cancel_url.is_empty()).then(|| (said::mail_change_or_cancel(), b.cancel_url.as_str()))
}

/// Renders one notification for `to_name` in `language`.
pub fn render(language: Language, to_name: &str, kind: &Kind) -> Email {
    render_at(language, to_name, kind, chrono::Utc::now().timestamp())
}

/// The kind and subject of a notification's e-mail, stored with it (its bodies are rendered when it
/// is sent).
pub struct Subject {
    pub kind: &'static str,
    pub subject: String,
}

pub fn subject(language: Language, to_name: &str, kind: &Kind) -> Subject {
    let Email { kind, subject, .. } = rendered(language, to_name, kind, 0, false);
    Subject { kind, subject }
}

/// [`render`] as of `now` (Unix seconds): a calendar invite's sequence and stamp are the moment the
/// notification was stored, so a later change of the same booking always outranks an earlier one,
/// whatever order their e-mails leave in.
pub fn render_at(language: Language, to_name: &str, kind: &Kind, now: i64) -> Email {
    rendered(language, to_name, kind, now, true)
}

/// [`render_at`], or with `bodies` false its kind and subject only (the text, the HTML and the
/// invite left empty: what a notification is stored with, asked for at every one).
fn rendered(language: Language, to_name: &str, kind: &Kind, now: i64, bodies: bool) -> Email {
    let hello = greeting(language, to_name);
    let say = |text: Text| text.render(language);
    let lines = |texts: Vec<Text>| texts.into_iter().map(say).collect::<Vec<_>>();
    let date = |d: &str| long_date(language, d);
    let time = |label: &str| clock(language, label);
    let when = |b: &BookingDetails| said::mail_when(date(&b.date), time(&b.time));
    // Every kind's e-mail is in `language` and greets the same person.
    let email = |kind, subject, paragraphs: Vec<String>, button| {
        if bodies {
            email(language, kind, subject, &hello, paragraphs, button)
        } else {
            Email { kind, subject, text: String::new(), html: String::new(), calendar: None }
        }
    };
    let with_invite = |e, b, cancelled| if bodies { with_invite(language, e, b, cancelled, now) } else { e };
    match kind {
        Kind::PasswordReset(r) => email(
            "password_reset",
            say(said::mail_reset_subject()),
            lines(vec![
                said::mail_reset_asked(),
                said::mail_reset_until(nairobi_time(language, r.expires_at)),
                said::mail_reset_not_you(),
            ]),
            Some((said::mail_reset_button(), &r.reset_url)),
        ),
        Kind::NewBooking(b) => {
            let mut paragraphs = vec![
                if b.instant {
                    said::mail_instant_booking(&b.customer_name, &b.service_name, when(b))
                } else {
                    said::mail_new_booking(&b.customer_name, &b.service_name, when(b))
                },
                said::mail_new_booking_email(&b.customer_email),
            ];
            if !b.customer_phone.is_empty() {
                paragraphs.push(said::mail_new_booking_phone(&b.customer_phone));
            }
            if !b.message.is_empty() {
                paragraphs.push(said::mail_new_booking_message(&b.message));
            }
            paragraphs.extend(what_and_who(b));
            if b.total_ksh > 0 {
                paragraphs.push(said::mail_price(format!("Ksh {}", thousands(b.total_ksh))));
            }
            paragraphs.push(if b.instant {
                said::mail_instant_booking_answer()
            } else {
                said::mail_new_booking_answer()
            });
            let subject = if b.instant {
                said::mail_instant_booking_subject(&b.service_name)
            } else {
                said::mail_new_booking_subject(&b.service_name)
            };
            let button = Some((said::mail_open_my_account(), b.manage_url.as_str()));
            with_invite(email("new_booking", say(subject), lines(paragraphs), button), b, false)
        }
        Kind::BookingConfirmed(b) => with_invite(
            email(
                "booking_confirmed",
                say(said::mail_confirmed_subject(&b.service_name)),
                lines(
                    [
                        vec![said::mail_confirmed(&b.service_name, when(b))],
                        turn_up(b),
                        vec![said::mail_confirmed_invite()],
                    ]
                    .concat(),
                ),
                change_button(b),
            ),
            b,
            false,
        ),
        Kind::ListingHidden(h) => email(
            "listing_hidden",
            say(said::mail_listing_hidden_subject(&h.listing_name)),
            lines(vec![
                said::mail_listing_hidden(&h.listing_name),
                said::mail_why(&h.reason),
                said::mail_listing_hidden_mistake(),
            ]),
            Some((said::mail_open_my_account(), &h.account_url)),
        ),
        Kind::AccountSuspension(a) if a.suspended => email(
            "account_suspended",
            say(said::mail_suspended_subject()),
            lines(vec![said::mail_suspended(), said::mail_why(&a.reason), said::mail_suspended_talk()]),
            Some((said::mail_open_my_account(), &a.account_url)),
        ),
        Kind::AccountSuspension(a) => email(
            "account_unsuspended",
            say(said::mail_unsuspended_subject()),
            lines(vec![said::mail_unsuspended()]),
            Some((said::mail_open_my_account(), &a.account_url)),
        ),
        Kind::ReviewInvitation(r) => email(
            "review_invitation",
            say(said::mail_review_invitation_subject(&r.service_name)),
            lines(vec![
                said::mail_review_invitation(&r.service_name, &r.provider_name, date(&r.date), time(&r.time)),
                said::mail_review_invitation_why(),
            ]),
            Some((said::mail_review_invitation_button(), &r.review_url)),
        ),
        Kind::ReviewReply(r) => email(
            "review_reply",
            say(said::mail_review_reply_subject(&r.service_name)),
            // The provider's own words, quoted.
            vec![say(said::mail_review_reply(&r.service_name)), format!("\u{201c}{}\u{201d}", r.reply)],
            Some((said::mail_review_reply_button(), &r.service_url)),
        ),
        // A team member's notice goes by SMS only (sms.rs); its stored row names it and is never sent.
        Kind::MemberBooking(n) => email(
            "member_booking",
            n.booking.as_ref().map(|b| b.service_name.clone()).unwrap_or_default(),
            Vec::new(),
            None,
        ),
        Kind::BookingRequested(b) => email(
            "booking_requested",
            say(said::mail_requested_subject(&b.service_name)),
            lines(
                [vec![said::mail_requested(&b.service_name, when(b))], turn_up(b), vec![said::mail_requested_next()]]
                    .concat(),
            ),
            change_button(b),
        ),
        Kind::BookingReminder(b) => with_invite(
            email(
                "booking_reminder",
                say(said::mail_reminder_subject(&b.service_name, time(&b.time))),
                lines(
                    [
                        vec![said::mail_reminder(&b.service_name, when(b))],
                        turn_up(b),
                        vec![said::mail_reminder_change()],
                    ]
                    .concat(),
                ),
                change_button(b),
            ),
            b,
            false,
        ),
        Kind::ProviderAgenda(a) => {
            let n = a.bookings.len();
            let (subject, count) = if n == 1 {
                (said::mail_agenda_subject_one(), said::mail_agenda_one(date(&a.date)))
            } else {
                (said::mail_agenda_subject(n), said::mail_agenda(date(&a.date), n))
            };
            let mut paragraphs = vec![say(count)];
            for b in &a.bookings {
                let mut line = say(said::mail_agenda_booking(
                    time(&b.time),
                    &b.service_name,
                    &b.customer_name,
                    b.duration_minutes,
                ));
                if !b.customer_phone.is_empty() {
                    line.push_str(&format!(", {}", b.customer_phone));
                }
                paragraphs.push(line);
            }
            paragraphs.push(say(said::mail_agenda_confirm()));
            email("provider_agenda", say(subject), paragraphs, Some((said::mail_open_my_account(), &a.manage_url)))
        }
        Kind::BookingRescheduled(b) => with_invite(
            email(
                "booking_rescheduled",
                say(said::mail_rescheduled_subject(&b.service_name)),
                lines(vec![
                    said::mail_rescheduled(
                        &b.customer_name,
                        &b.service_name,
                        date(&b.previous_date),
                        time(&b.previous_time),
                        when(b),
                    ),
                    said::mail_rescheduled_free(),
                ]),
                Some((said::mail_open_my_account(), &b.manage_url)),
            ),
            b,
            false,
        ),
        Kind::BookingMoved(b) => with_invite(
            email(
                "booking_moved",
                say(said::mail_moved_subject(&b.service_name)),
                lines(
                    [vec![said::mail_moved(&b.service_name, when(b))], turn_up(b), vec![said::mail_moved_invite()]]
                        .concat(),
                ),
                change_button(b),
            ),
            b,
            false,
        ),
        Kind::BookingMemberChanged(b) => email(
            "booking_member_changed",
            say(said::mail_member_changed_subject(&b.service_name)),
            lines(
                [
                    vec![
                        said::mail_member_changed(&b.member_name, &b.service_name, when(b)),
                        said::mail_member_changed_same(),
                    ],
                    turn_up(b),
                ]
                .concat(),
            ),
            change_button(b),
        ),
        Kind::BookingProviderLeft(b) => with_invite(
            email(
                "booking_provider_left",
                say(said::mail_cancelled_subject(&b.service_name)),
                lines(vec![said::mail_provider_left(&b.service_name, when(b)), said::mail_provider_left_find()]),
                None,
            ),
            b,
            true,
        ),
        Kind::BookingDeclined(b) => email(
            "booking_declined",
            say(said::mail_declined_subject(&b.service_name)),
            lines(vec![said::mail_declined(&b.service_name, when(b)), said::mail_declined_choose()]),
            None,
        ),
        Kind::BookingCancelled(b) => with_invite(
            email(
                "booking_cancelled",
                say(said::mail_cancelled_subject(&b.service_name)),
                lines(vec![said::mail_cancelled(&b.customer_name, &b.service_name, when(b))]),
                None,
            ),
            b,
            true,
        ),
        Kind::SubscriptionReminder(s) => email(
            "subscription_reminder",
            say(said::mail_subscription_subject(&s.package_name)),
            lines(vec![
                said::mail_subscription_paid(&s.package_name, nairobi_time(language, s.paid_until)),
                said::mail_subscription_renew(thousands(s.amount)),
            ]),
            Some((said::mail_subscription_button(), &s.account_url)),
        ),
        Kind::ContactAcknowledgement(c) => email(
            "contact_acknowledgement",
            say(said::mail_contact_subject()),
            lines(vec![said::mail_contact_thanks(&c.subject), said::mail_contact_soon()]),
            None,
        ),
    }
}

/// A contact message as the support inbox receives it. The team reads English whatever the sender
/// wrote in, so its words are written here rather than in the dictionaries (which would need a
/// Kiswahili that is never sent).
pub fn support_copy(m: &ContactRow) -> Email {
    let lines = vec![
        format!("From: {} <{}>, {}", m.name, m.email, m.phone),
        format!("Subject: {}", m.subject),
        m.message.clone(),
        "Answer it from the operator console (/admin, Messages); the answer is e-mailed to the sender.".into(),
    ];
    email(
        Language::En,
        "contact_support_copy",
        format!("Contact message: {}", m.subject),
        "New message from the contact form.",
        lines,
        None,
    )
}

/// An operator's answer to a contact message, to its sender, framed in the language they wrote in
/// (the answer itself is the operator's words).
pub fn contact_reply(m: &ContactRow, reply: &str) -> Email {
    let language = m.language;
    let mut lines: Vec<String> = reply.split("\n").map(str::to_owned).collect();
    lines.push(said::mail_contact_you_wrote(&m.subject).render(language));
    lines.push(m.message.clone());
    email(language, "contact_reply", format!("Re: {}", m.subject), &greeting(language, &m.name), lines, None)
}

/// 1500 as "1,500".
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtaani_proto::messaging::v1::PasswordReset;

    #[test]
    fn reset_email_carries_the_link_in_both_parts() {
        let e = render(
            Language::En,
            "Amina Wanjiru",
            &Kind::PasswordReset(PasswordReset {
                user_name: "Amina Wanjiru".into(),
                reset_url: "https://mtaani.co.ke/reset-password?token=abc".into(),
                expires_at: 1_763_719_200,
            }),
        );
        assert_eq!(e.subject, "Reset your Mtaani password");
        assert!(e.text.starts_with("Hello Amina,"));
        assert!(e.text.contains("https://mtaani.co.ke/reset-password?token=abc"));
        assert!(e.html.contains("href=\"https://mtaani.co.ke/reset-password?token=abc\""));
        assert!(e.text.contains("Fri, 21 Nov 2025 at 13:00"), "{}", e.text);
    }

    #[test]
    fn booking_emails_name_service_date_and_time_and_escape_html() {
        let b = BookingDetails {
            service_name: "Knotless <b>Braids</b>".into(),
            customer_name: "Zawadi".into(),
            date: "2026-11-21".into(),
            time: "10:30 AM".into(),
            cancel_url: "https://x/cancel?t=1".into(),
            ..Default::default()
        };
        let e = render(Language::En, "Zawadi Achieng", &Kind::BookingConfirmed(b));
        assert!(e.text.contains("Saturday, 21 November 2026 at 10:30 AM (Nairobi time)"));
        assert!(e.html.contains("Knotless &lt;b&gt;Braids&lt;/b&gt;"));
        assert!(!e.html.contains("<b>Braids"));
    }

    #[test]
    fn an_invite_is_as_of_when_its_notification_was_stored_and_the_subject_is_the_emails() {
        for kind in every_kind() {
            for language in [Language::En, Language::Sw] {
                let e = render_at(language, "Zawadi Achieng", &kind, 1_795_000_000);
                if let Some(ics) = &e.calendar {
                    // Rendered when sent, numbered as of the store: a later change outranks an earlier one.
                    assert!(ics.contains("SEQUENCE:1795000000\r\n"), "{ics}");
                    assert!(ics.contains("DTSTAMP:20261118T110640Z\r\n"), "{ics}");
                }
                let stored = subject(language, "Zawadi Achieng", &kind);
                assert_eq!((stored.kind, stored.subject), (e.kind, e.subject));
            }
        }
    }

    #[test]
    fn numbers_and_dates() {
        assert_eq!([0, 800, 1500, 1_234_567].map(thousands), ["0", "800", "1,500", "1,234,567"]);
        assert_eq!(long_date(Language::En, "not a date"), "not a date");
        assert_eq!(long_date(Language::Sw, "2026-11-21"), "Jumamosi, 21 Novemba 2026");
        assert_eq!(long_date(Language::Sw, "2027-01-04"), "Jumatatu, 4 Januari 2027");
        assert_eq!(short_date(Language::Sw, "2026-12-20"), "Jumapili 20 Des");
        assert_eq!(nairobi_time(Language::Sw, 1_763_719_200), "Ijumaa, 21 Nov 2025, 13:00");
    }

    #[test]
    fn kiswahili_writes_the_slot_labels_on_the_24_hour_clock_and_english_keeps_them() {
        let cases = [
            ("7:00 AM", "07:00"),
            ("9:30 AM", "09:30"),
            ("12:00 PM", "12:00"),
            ("12:30 PM", "12:30"),
            ("6:30 PM", "18:30"),
            ("10:30 PM", "22:30"),
            ("12:00 AM", "00:00"),
        ];
        for (label, sw) in cases {
            assert_eq!(clock(Language::Sw, label), sw);
            assert_eq!(clock(Language::En, label), label);
        }
        assert_eq!(clock(Language::Sw, "9:00"), "09:00");
        assert_eq!(clock(Language::Sw, "18:30"), "18:30");
        assert_eq!(clock(Language::Sw, "soon"), "soon");
        assert_eq!(clock(Language::Sw, ""), "");
    }

    /// "saa 6:30 PM" reads as half past midnight to a Kiswahili reader (Swahili time); a
    /// Kiswahili e-mail writes every time on the 24-hour clock, never after "saa", with Kiswahili
    /// weekdays and months. English keeps the slot labels.
    #[test]
    fn kiswahili_emails_write_times_on_the_24_hour_clock_with_kiswahili_names() {
        let evening = |kind: Kind| -> Kind {
            use mtaani_proto::messaging::v1::*;
            let at = |b: BookingDetails| BookingDetails {
                date: "2026-12-19".into(),
                time: "6:30 PM".into(),
                previous_date: "2026-12-18".into(),
                previous_time: "12:00 PM".into(),
                ..b
            };
            match kind {
                Kind::ProviderAgenda(a) => Kind::ProviderAgenda(ProviderAgenda {
                    date: "2026-12-19".into(),
                    bookings: a.bookings.into_iter().map(at).collect(),
                    ..a
                }),
                Kind::ReviewInvitation(r) => {
                    Kind::ReviewInvitation(ReviewInvitation { date: "2026-12-19".into(), time: "6:30 PM".into(), ..r })
                }
                Kind::NewBooking(b) => Kind::NewBooking(at(b)),
                Kind::BookingConfirmed(b) => Kind::BookingConfirmed(at(b)),
                Kind::BookingDeclined(b) => Kind::BookingDeclined(at(b)),
                Kind::BookingCancelled(b) => Kind::BookingCancelled(at(b)),
                Kind::BookingReminder(b) => Kind::BookingReminder(at(b)),
                Kind::BookingRescheduled(b) => Kind::BookingRescheduled(at(b)),
                Kind::BookingMoved(b) => Kind::BookingMoved(at(b)),
                Kind::BookingMemberChanged(b) => Kind::BookingMemberChanged(at(b)),
                Kind::BookingProviderLeft(b) => Kind::BookingProviderLeft(at(b)),
                Kind::BookingRequested(b) => Kind::BookingRequested(at(b)),
                other => other,
            }
        };
        let mut with_times = 0;
        for kind in every_kind().into_iter().map(evening) {
            let sw = render(Language::Sw, "Zawadi Achieng", &kind);
            let en = render(Language::En, "Zawadi Achieng", &kind);
            if !en.text.contains("6:30 PM") {
                continue;
            }
            with_times += 1;
            for part in [&sw.subject, &sw.text, &sw.html] {
                assert!(!part.contains("AM") && !part.contains("PM"), "{}: {part}", sw.kind);
                assert!(!part.contains("saa 18") && !part.contains("saa 12"), "{}: {part}", sw.kind);
                for english in ["Saturday", "December", "Friday"] {
                    assert!(!part.contains(english), "{}: {english} in {part}", sw.kind);
                }
            }
            assert!(sw.text.contains("18:30"), "{}: {}", sw.kind, sw.text);
            assert!(sw.text.contains("Jumamosi, 19 Desemba 2026"), "{}: {}", sw.kind, sw.text);
            assert!(en.text.contains("Saturday, 19 December 2026"), "{}: {}", en.kind, en.text);
        }
        assert_eq!(
            with_times, 13,
            "every e-mail about a booking's time (a new booking twice: a request and an instant one, another team \
             member), and the review invitation"
        );

        let confirmed = render(Language::Sw, "Zawadi Achieng", &evening(every_kind().remove(2)));
        assert!(
            confirmed.text.contains("siku ya Jumamosi, 19 Desemba 2026, 18:30 (saa za Nairobi) imethibitishwa."),
            "{}",
            confirmed.text
        );
        let reminder = evening(every_kind().remove(7));
        assert_eq!(render(Language::Sw, "Zawadi", &reminder).subject, "Kumbusho: Knotless braids kesho, 18:30");
        assert_eq!(render(Language::En, "Zawadi", &reminder).subject, "Reminder: Knotless braids tomorrow at 6:30 PM");
        let rescheduled = render(Language::Sw, "Amina", &evening(every_kind().remove(9)));
        assert!(
            rescheduled.text.contains("kutoka Ijumaa, 18 Desemba 2026, 12:00 hadi Jumamosi, 19 Desemba 2026, 18:30"),
            "{}",
            rescheduled.text
        );
        let agenda = render(Language::Sw, "Amina", &evening(every_kind().remove(8)));
        assert!(agenda.text.contains("\n\n18:30: Knotless braids ya Zawadi Achieng (dakika 90)"), "{}", agenda.text);
        let english = render(Language::En, "Zawadi Achieng", &evening(every_kind().remove(2)));
        assert!(english.text.contains("Saturday, 19 December 2026 at 6:30 PM (Nairobi time)"), "{}", english.text);
    }

    /// What the customer needs to turn up is in the confirmation, the move, the reminder
    /// and the request's receipt: where and, when the provider gave them, the directions, the price
    /// range, how long, the provider's WhatsApp and phone; the invitation has the place and directions.
    #[test]
    fn the_customers_emails_say_where_what_it_costs_how_long_and_how_to_reach_the_provider() {
        let kinds = every_kind();
        let by_kind = |kind: &str, language| {
            kinds.iter().map(|k| render(language, "Zawadi Achieng", k)).find(|e| e.kind == kind).unwrap()
        };
        let expected = [
            (
                Language::En,
                [
                    "Where: Kilimani, Nairobi",
                    "Directions: Upstairs above Naivas, 2nd floor, blue door",
                    "Price: Ksh 1,500 – 4,500",
                    "It takes about 1 hour 30 minutes.",
                ],
            ),
            (
                Language::Sw,
                [
                    "Mahali: Kilimani, Nairobi",
                    "Maelekezo: Upstairs above Naivas, 2nd floor, blue door",
                    "Bei: Ksh 1,500 – 4,500",
                    "Inachukua takriban saa 1 na dakika 30.",
                ],
            ),
        ];
        for (language, lines) in expected {
            for kind in [
                "booking_confirmed",
                "booking_moved",
                "booking_member_changed",
                "booking_reminder",
                "booking_requested",
            ] {
                let e = by_kind(kind, language);
                for line in lines {
                    assert!(e.text.contains(line) && e.html.contains(line), "{kind}: {line} in {}", e.text);
                }
                // The way in comes right after the place.
                let (place, way) = (e.text.find(lines[0]).unwrap(), e.text.find(lines[1]).unwrap());
                assert!(place < way && !e.text[place..way].contains("Ksh"), "{kind}: {}", e.text);
                assert!(
                    e.text.contains("WhatsApp https://wa.me/254712345678") && e.text.contains("+254712345678"),
                    "{}",
                    e.text
                );
            }
            let invite = by_kind("booking_confirmed", language).calendar.unwrap();
            assert!(invite.contains("LOCATION:Kilimani\\, Nairobi"), "{invite}");
            // The invite's description carries the directions (unfolded: lines fold at 75 octets).
            let unfolded = invite.replace("\r\n ", "");
            let directions = crate::ics::escape(lines[1]);
            assert!(unfolded.contains(&format!("\\n{directions}")), "{directions} in {unfolded}");
        }
        // Nothing made up when the listing is gone: no empty "Where:", "Directions:" or "Ksh 0".
        let bare = BookingDetails {
            location: String::new(),
            directions: String::new(),
            provider_phone: String::new(),
            min_price: 0,
            max_price: 0,
            ..match &kinds[2] {
                Kind::BookingConfirmed(b) => b.clone(),
                other => panic!("{other:?}"),
            }
        };
        let e = render(Language::En, "Zawadi", &Kind::BookingConfirmed(bare.clone()));
        assert!(!e.text.contains("Where:") && !e.text.contains("Ksh 0") && !e.text.contains("wa.me"), "{}", e.text);
        assert!(!e.text.contains("Directions:") && !e.calendar.unwrap().contains("Directions"), "{}", e.text);
        // A listing without directions: its place and no "Directions:" line, in either language.
        let placed = BookingDetails { location: "Kilimani, Nairobi".into(), ..bare };
        for (language, word) in [(Language::En, "Directions"), (Language::Sw, "Maelekezo")] {
            let e = render(language, "Zawadi", &Kind::BookingConfirmed(placed.clone()));
            assert!(e.text.contains("Kilimani, Nairobi") && !e.text.contains(word), "{}", e.text);
            assert!(!e.html.contains(word) && !e.calendar.unwrap().contains(word));
        }
    }

    /// A booking of two services of a menu with a team member: the customer reads what they
    /// booked, with whom and the total, not the price range; the provider reads it too; in both
    /// languages.
    #[test]
    fn a_team_booking_says_who_what_and_the_total() {
        let Kind::BookingConfirmed(plain) = every_kind().remove(2) else { panic!("the confirmed kind") };
        let b = BookingDetails {
            member_name: "Akinyi".into(),
            services: vec!["Wash and blow-dry".into(), "Knotless, shoulder length".into()],
            total_ksh: 4500,
            ..plain
        };
        for (language, who, what, total) in [
            (
                Language::En,
                "With: Akinyi",
                "Services: Wash and blow-dry, Knotless, shoulder length",
                "Price: Ksh 4,500",
            ),
            (
                Language::Sw,
                "Atakayekuhudumia: Akinyi",
                "Huduma: Wash and blow-dry, Knotless, shoulder length",
                "Bei: Ksh 4,500",
            ),
        ] {
            for kind in [Kind::BookingConfirmed(b.clone()), Kind::NewBooking(b.clone())] {
                let e = render(language, "Zawadi", &kind);
                assert!(e.text.contains(who) && e.text.contains(what) && e.text.contains(total), "{}", e.text);
                assert!(!e.text.contains("1,500"), "the range gives way to the total: {}", e.text);
            }
        }
    }

    /// One notification of every kind, with every optional part filled.
    fn every_kind() -> Vec<Kind> {
        use mtaani_proto::messaging::v1::*;
        let b = BookingDetails {
            appointment_id: "a-1".into(),
            service_name: "Knotless braids".into(),
            customer_name: "Zawadi Achieng".into(),
            customer_email: "zawadi@example.com".into(),
            customer_phone: "+254712000777".into(),
            date: "2026-11-21".into(),
            time: "10:30 AM".into(),
            message: "Waist length".into(),
            cancel_url: "https://mtaani.co.ke/appointments/cancel?token=t".into(),
            manage_url: "https://mtaani.co.ke/account".into(),
            duration_minutes: 90,
            starts_at: 1_795_248_600,
            location: "Kilimani, Nairobi".into(),
            provider_name: "Amina".into(),
            previous_date: "2026-11-20".into(),
            previous_time: "9:00 AM".into(),
            instant: false,
            provider_phone: "+254712345678".into(),
            min_price: 1500,
            max_price: 4500,
            directions: "Upstairs above Naivas, 2nd floor, blue door".into(),
            ..Default::default()
        };
        vec![
            Kind::PasswordReset(PasswordReset {
                user_name: "Zawadi".into(),
                reset_url: "https://x/r".into(),
                expires_at: 1,
            }),
            Kind::NewBooking(b.clone()),
            Kind::BookingConfirmed(b.clone()),
            Kind::BookingDeclined(b.clone()),
            Kind::BookingCancelled(b.clone()),
            Kind::SubscriptionReminder(SubscriptionReminder {
                user_name: "Zawadi".into(),
                package_name: "Premium".into(),
                paid_until: 1_795_248_600,
                amount: 2500,
                account_url: "https://x/account".into(),
            }),
            Kind::ContactAcknowledgement(ContactAcknowledgement { name: "Zawadi".into(), subject: "Listing".into() }),
            Kind::BookingReminder(b.clone()),
            Kind::ProviderAgenda(ProviderAgenda {
                date: "2026-11-21".into(),
                bookings: vec![b.clone()],
                manage_url: "https://x/account".into(),
            }),
            Kind::BookingRescheduled(b.clone()),
            Kind::BookingMoved(b.clone()),
            Kind::BookingMemberChanged(BookingDetails { member_name: "Akinyi".into(), ..b.clone() }),
            Kind::BookingProviderLeft(b.clone()),
            Kind::BookingRequested(b.clone()),
            Kind::ListingHidden(ListingHidden {
                listing_name: "Braids".into(),
                reason: "Spam".into(),
                account_url: "https://x/account".into(),
            }),
            Kind::AccountSuspension(AccountSuspension {
                suspended: true,
                reason: "Spam".into(),
                account_url: "https://x/account".into(),
            }),
            Kind::AccountSuspension(AccountSuspension {
                suspended: false,
                reason: String::new(),
                account_url: "https://x/account".into(),
            }),
            Kind::ReviewInvitation(ReviewInvitation {
                service_name: "Knotless braids".into(),
                provider_name: "Amina".into(),
                date: "2026-11-21".into(),
                time: "10:30 AM".into(),
                review_url: "https://x/review".into(),
            }),
            Kind::ReviewReply(ReviewReply {
                service_name: "Knotless braids".into(),
                reply: "Asante!".into(),
                service_url: "https://x/s".into(),
            }),
            // A booking confirmed at once, to its provider.
            Kind::NewBooking(BookingDetails { instant: true, ..b }),
        ]
    }

    #[test]
    fn every_email_has_a_kiswahili_version_with_the_same_kind_links_and_invite() {
        // English words that only an untranslated sentence would hold.
        let english =
            [" the ", "Hello", "Your ", "your ", "booking", " on ", "Nairobi time", "If the button", "find services"];
        for kind in every_kind() {
            let en = render(Language::En, "Zawadi Achieng", &kind);
            let sw = render(Language::Sw, "Zawadi Achieng", &kind);
            assert_eq!(en.kind, sw.kind);
            assert_ne!(en.subject, sw.subject, "{}", en.kind);
            assert_eq!(en.calendar.is_some(), sw.calendar.is_some(), "{}", en.kind);
            assert!(sw.text.starts_with("Habari Zawadi,"), "{}", sw.text);
            assert!(sw.text.ends_with("Mtaani · tafuta huduma mtaani kwako\n"), "{}", sw.text);
            assert!(sw.html.contains("lang=\"sw\""));
            for word in english {
                assert!(!sw.text.contains(word), "{}: {word:?} in {}", sw.kind, sw.text);
                assert!(!sw.subject.contains(word), "{}: {word:?} in {}", sw.kind, sw.subject);
            }
            for link in ["https://x/", "https://mtaani.co.ke/"] {
                assert_eq!(en.text.matches(link).count(), sw.text.matches(link).count(), "{}", en.kind);
            }
        }
        let confirmed = render(Language::Sw, "Zawadi Achieng", &every_kind()[2]);
        assert_eq!(confirmed.subject, "Miadi imethibitishwa: Knotless braids");
        assert!(
            confirmed.text.contains("Jumamosi, 21 Novemba 2026, 10:30 (saa za Nairobi) imethibitishwa"),
            "{}",
            confirmed.text
        );
        assert!(confirmed.html.contains(">Badilisha au ghairi</a>"));
        assert!(confirmed.calendar.unwrap().contains("Badilisha au ghairi"));
    }
}
