//! The e-mails Mtaani sends: subject, plain text and HTML for each kind of notification, in the
//! recipient's language (English here, Kiswahili in `templates/sw.rs`). Dates and times are
//! Nairobi's; links come from the configured public base URL via the caller.

mod sw;

use mtaani_proto::{
    language::Language,
    messaging::v1::{BookingDetails, send_notification_request::Kind},
};

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
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").map_or_else(
        |_| date.to_owned(),
        |d| match language {
            Language::En => d.format("%A, %-d %B %Y").to_string(),
            Language::Sw => sw::long_date(d),
        },
    )
}

/// Unix seconds as Nairobi time, e.g. "Sat, 21 Nov 2026 at 12:05" or "Jumamosi, 21 Nov 2026 saa
/// 12:05". Nairobi keeps UTC+3 all year.
pub fn nairobi_time(language: Language, secs: i64) -> String {
    let offset = chrono::FixedOffset::east_opt(3 * 3600).expect("UTC+3 is a valid offset");
    chrono::DateTime::from_timestamp(secs, 0)
        .map(|t| {
            let t = t.with_timezone(&offset);
            match language {
                Language::En => t.format("%a, %-d %b %Y at %H:%M").to_string(),
                Language::Sw => format!("{} saa {}", sw::medium_date(t.date_naive()), t.format("%H:%M")),
            }
        })
        .unwrap_or_default()
}

/// `2026-11-21` as "Sat 21 Nov" or "Jumamosi 21 Nov", for an SMS.
pub fn short_date(language: Language, date: &str) -> String {
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").map_or_else(
        |_| date.to_owned(),
        |d| match language {
            Language::En => d.format("%a %-d %b").to_string(),
            Language::Sw => sw::short_date(d),
        },
    )
}

/// The words every e-mail's frame has, in its language.
struct Frame {
    /// Under the button, before the link written out.
    button_fallback: &'static str,
    footer: &'static str,
}

fn frame(language: Language) -> Frame {
    match language {
        Language::En => Frame {
            button_fallback: "If the button does not work, copy this link into your browser:",
            footer: "Mtaani · find services in your neighbourhood",
        },
        Language::Sw => sw::FRAME,
    }
}

/// "Hello Amina," / "Habari Amina,": the recipient's first name, or none.
fn greeting(language: Language, to_name: &str) -> String {
    let first = to_name.split_whitespace().next();
    match language {
        Language::En => format!("Hello {},", first.unwrap_or("there")),
        Language::Sw => first.map_or_else(|| "Habari,".to_owned(), |n| format!("Habari {n},")),
    }
}

fn page(language: Language, greeting: &str, paragraphs: &[String], button: Option<(&str, &str)>) -> String {
    let frame = frame(language);
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
            escape(frame.button_fallback),
            escape(url)
        ));
    }
    let (lang, footer) = (language.code(), escape(frame.footer));
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
    t.push_str(frame(language).footer);
    t.push('\n');
    t
}

fn email(
    language: Language,
    kind: &'static str,
    subject: String,
    greeting: &str,
    paragraphs: Vec<String>,
    button: Option<(&str, &str)>,
) -> Email {
    Email {
        kind,
        subject,
        text: text(language, greeting, &paragraphs, button.map(|(_, url)| url)),
        html: page(language, greeting, &paragraphs, button),
        calendar: None,
    }
}

fn when(b: &BookingDetails) -> String {
    format!("{} at {} (Nairobi time)", long_date(Language::En, &b.date), b.time)
}

/// The booking's calendar invite; `cancelled` removes it from the calendar it was added to.
fn invite(language: Language, b: &BookingDetails, cancelled: bool) -> Option<String> {
    if b.starts_at == 0 {
        return None;
    }
    let now = chrono::Utc::now().timestamp();
    let (booked, change) = match language {
        Language::En => (format!("{} booked on Mtaani.", b.service_name), "Change or cancel"),
        Language::Sw => (format!("Miadi ya {} kwenye Mtaani.", b.service_name), "Badilisha au ghairi"),
    };
    let mut description = booked;
    if !b.cancel_url.is_empty() {
        description.push_str(&format!("\n{change}: {}", b.cancel_url));
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

fn with_invite(language: Language, mut e: Email, b: &BookingDetails, cancelled: bool) -> Email {
    e.calendar = invite(language, b, cancelled);
    e
}

/// The customer's button to their change-or-cancel page (`label`), when they have a link.
fn change_button<'b>(label: &'static str, b: &'b BookingDetails) -> Option<(&'static str, &'b str)> {
    (!b.cancel_url.is_empty()).then_some((label, b.cancel_url.as_str()))
}

/// Renders one notification for `to_name` in `language`.
pub fn render(language: Language, to_name: &str, kind: &Kind) -> Email {
    match language {
        Language::En => english(to_name, kind),
        Language::Sw => sw::render(to_name, kind),
    }
}

fn english(to_name: &str, kind: &Kind) -> Email {
    const EN: Language = Language::En;
    let hello = greeting(EN, to_name);
    match kind {
        Kind::PasswordReset(r) => email(
            EN,
            "password_reset",
            "Reset your Mtaani password".into(),
            &hello,
            vec![
                "We received a request to reset the password of your Mtaani account.".into(),
                format!("The link works once and until {} (Nairobi time).", nairobi_time(EN, r.expires_at)),
                "If you did not ask for this, ignore this e-mail: your password stays as it is.".into(),
            ],
            Some(("Reset my password", &r.reset_url)),
        ),
        Kind::NewBooking(b) => {
            let mut lines = vec![
                format!("{} asked to book {} on {}.", b.customer_name, b.service_name, when(b)),
                format!("E-mail: {}", b.customer_email),
            ];
            if !b.customer_phone.is_empty() {
                lines.push(format!("Phone: {}", b.customer_phone));
            }
            if !b.message.is_empty() {
                lines.push(format!("Their message: {}", b.message));
            }
            lines.push("Confirm or decline it from My Account.".into());
            let e = email(
                EN,
                "new_booking",
                format!("New booking request: {}", b.service_name),
                &hello,
                lines,
                Some(("Open My Account", &b.manage_url)),
            );
            with_invite(EN, e, b, false)
        }
        Kind::BookingConfirmed(b) => with_invite(
            EN,
            email(
                EN,
                "booking_confirmed",
                format!("Booking confirmed: {}", b.service_name),
                &hello,
                vec![
                    format!("Good news: your booking for {} on {} is confirmed.", b.service_name, when(b)),
                    "The calendar invite is attached. Need another time, or can't make it? Change or cancel with \
                     the link below so the provider can offer the slot to someone else."
                        .into(),
                ],
                change_button("Change or cancel", b),
            ),
            b,
            false,
        ),
        Kind::ListingHidden(h) => email(
            EN,
            "listing_hidden",
            format!("Your listing is taken down: {}", h.listing_name),
            &hello,
            vec![
                format!("Our team has taken down your listing \"{}\". Visitors no longer see it.", h.listing_name),
                format!("Why: {}", h.reason),
                "If you think this is a mistake, reply to this e-mail or write to us from the contact page.".into(),
            ],
            Some(("Open My Account", &h.account_url)),
        ),
        Kind::AccountSuspension(a) if a.suspended => email(
            EN,
            "account_suspended",
            "Your Mtaani seller account is suspended".into(),
            &hello,
            vec![
                "Our team has suspended your seller account: your listings are hidden and you cannot post new ones."
                    .into(),
                format!("Why: {}", a.reason),
                "To talk about it, write to us from the contact page.".into(),
            ],
            Some(("Open My Account", &a.account_url)),
        ),
        Kind::AccountSuspension(a) => email(
            EN,
            "account_unsuspended",
            "Your Mtaani seller account is active again".into(),
            &hello,
            vec![
                "The suspension of your seller account is lifted: your listings are back and you can post again."
                    .into(),
            ],
            Some(("Open My Account", &a.account_url)),
        ),
        Kind::ReviewInvitation(r) => email(
            EN,
            "review_invitation",
            format!("How was {}?", r.service_name),
            &hello,
            vec![
                format!(
                    "You booked {} with {} on {} at {}. How did it go?",
                    r.service_name,
                    r.provider_name,
                    long_date(EN, &r.date),
                    r.time
                ),
                "Your review helps your neighbours choose, and only customers who booked can leave one. It takes a \
                 minute; the link works once, for 30 days."
                    .into(),
            ],
            Some(("Write your review", &r.review_url)),
        ),
        Kind::ReviewReply(r) => email(
            EN,
            "review_reply",
            format!("{} replied to your review", r.service_name),
            &hello,
            vec![format!("{} replied to your review:", r.service_name), format!("\u{201c}{}\u{201d}", r.reply)],
            Some(("See it on Mtaani", &r.service_url)),
        ),
        Kind::BookingRequested(b) => email(
            EN,
            "booking_requested",
            format!("Booking request sent: {}", b.service_name),
            &hello,
            vec![
                format!("Your request to book {} on {} is with the provider.", b.service_name, when(b)),
                "We'll e-mail you when they confirm it. Need another time, or can't make it? Change or cancel with \
                 the link below."
                    .into(),
            ],
            change_button("Change or cancel", b),
        ),
        Kind::BookingReminder(b) => with_invite(
            EN,
            email(
                EN,
                "booking_reminder",
                format!("Reminder: {} tomorrow at {}", b.service_name, b.time),
                &hello,
                vec![
                    format!("A reminder of your booking for {} on {}.", b.service_name, when(b)),
                    if b.location.is_empty() { String::new() } else { format!("Where: {}", b.location) },
                    "Can't make it? Change or cancel with the link below while you still can.".into(),
                ]
                .into_iter()
                .filter(|l| !l.is_empty())
                .collect(),
                change_button("Change or cancel", b),
            ),
            b,
            false,
        ),
        Kind::ProviderAgenda(a) => {
            let mut lines = vec![format!(
                "Your bookings for {}: {}.",
                long_date(EN, &a.date),
                if a.bookings.len() == 1 { "one".to_owned() } else { a.bookings.len().to_string() }
            )];
            for b in &a.bookings {
                let mut line =
                    format!("{}: {} for {} ({} min)", b.time, b.service_name, b.customer_name, b.duration_minutes);
                if !b.customer_phone.is_empty() {
                    line.push_str(&format!(", {}", b.customer_phone));
                }
                lines.push(line);
            }
            lines.push("Confirm any that still wait for your answer in My Account.".into());
            email(
                EN,
                "provider_agenda",
                format!(
                    "Today on Mtaani: {} booking{}",
                    a.bookings.len(),
                    if a.bookings.len() == 1 { "" } else { "s" }
                ),
                &hello,
                lines,
                Some(("Open My Account", &a.manage_url)),
            )
        }
        Kind::BookingRescheduled(b) => with_invite(
            EN,
            email(
                EN,
                "booking_rescheduled",
                format!("Booking moved: {}", b.service_name),
                &hello,
                vec![
                    format!(
                        "{} moved their booking for {} from {} at {} to {}.",
                        b.customer_name,
                        b.service_name,
                        long_date(EN, &b.previous_date),
                        b.previous_time,
                        when(b)
                    ),
                    "The old time is free again.".into(),
                ],
                Some(("Open My Account", &b.manage_url)),
            ),
            b,
            false,
        ),
        Kind::BookingMoved(b) => with_invite(
            EN,
            email(
                EN,
                "booking_moved",
                format!("Your booking is moved: {}", b.service_name),
                &hello,
                vec![
                    format!("Your booking for {} is now on {}.", b.service_name, when(b)),
                    "The updated calendar invite is attached; the provider has been told.".into(),
                ],
                change_button("Change or cancel", b),
            ),
            b,
            false,
        ),
        Kind::BookingProviderLeft(b) => with_invite(
            EN,
            email(
                EN,
                "booking_provider_left",
                format!("Booking cancelled: {}", b.service_name),
                &hello,
                vec![
                    format!(
                        "Sorry: the provider of {} has closed their Mtaani account, so your booking on {} is \
                         cancelled.",
                        b.service_name,
                        when(b)
                    ),
                    "You can find another provider near you on Mtaani.".into(),
                ],
                None,
            ),
            b,
            true,
        ),
        Kind::BookingDeclined(b) => email(
            EN,
            "booking_declined",
            format!("Booking not available: {}", b.service_name),
            &hello,
            vec![
                format!("Sorry: the provider could not take your booking for {} on {}.", b.service_name, when(b)),
                "You can choose another time on Mtaani.".into(),
            ],
            None,
        ),
        Kind::BookingCancelled(b) => with_invite(
            EN,
            email(
                EN,
                "booking_cancelled",
                format!("Booking cancelled: {}", b.service_name),
                &hello,
                vec![format!(
                    "{} cancelled the booking for {} on {}. The slot is free again.",
                    b.customer_name,
                    b.service_name,
                    when(b)
                )],
                None,
            ),
            b,
            true,
        ),
        Kind::SubscriptionReminder(s) => email(
            EN,
            "subscription_reminder",
            format!("Your Mtaani {} package ends soon", s.package_name),
            &hello,
            vec![
                format!("Your {} package is paid until {}.", s.package_name, nairobi_time(EN, s.paid_until)),
                format!("Renew for Ksh {} from My Account to keep your listings visible.", thousands(s.amount)),
            ],
            Some(("Renew now", &s.account_url)),
        ),
        Kind::ContactAcknowledgement(c) => email(
            EN,
            "contact_acknowledgement",
            "We received your message".into(),
            &hello,
            vec![
                format!("Thank you for contacting Mtaani about \"{}\".", c.subject),
                "We'll get back to you soon.".into(),
            ],
            None,
        ),
    }
}

/// A contact message as the support inbox receives it (in English: the team's language).
pub fn support_copy(m: &crate::grpc::ContactRow) -> Email {
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
pub fn contact_reply(m: &crate::grpc::ContactRow, reply: &str) -> Email {
    let language = m.language;
    let mut lines: Vec<String> = reply.split("\n").map(str::to_owned).collect();
    lines.push(match language {
        Language::En => format!("You wrote to us about \"{}\":", m.subject),
        Language::Sw => format!("Ulituandikia kuhusu \"{}\":", m.subject),
    });
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
    fn numbers_and_dates() {
        assert_eq!([0, 800, 1500, 1_234_567].map(thousands), ["0", "800", "1,500", "1,234,567"]);
        assert_eq!(long_date(Language::En, "not a date"), "not a date");
        assert_eq!(long_date(Language::Sw, "2026-11-21"), "Jumamosi, 21 Novemba 2026");
        assert_eq!(long_date(Language::Sw, "2027-01-04"), "Jumatatu, 4 Januari 2027");
        assert_eq!(short_date(Language::Sw, "2026-12-20"), "Jumapili 20 Des");
        assert_eq!(nairobi_time(Language::Sw, 1_763_719_200), "Ijumaa, 21 Nov 2025 saa 13:00");
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
            Kind::BookingProviderLeft(b.clone()),
            Kind::BookingRequested(b),
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
            confirmed.text.contains("Jumamosi, 21 Novemba 2026 saa 10:30 AM (saa za Nairobi) imethibitishwa"),
            "{}",
            confirmed.text
        );
        assert!(confirmed.html.contains(">Badilisha au ghairi</a>"));
        assert!(confirmed.calendar.unwrap().contains("Badilisha au ghairi"));
    }
}
