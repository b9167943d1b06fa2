//! The e-mails Mtaani sends: subject, plain text and HTML for each kind of notification, in the
//! recipient's language (English here, Kiswahili in `templates/sw.rs`). Dates and times are
//! Nairobi's, written in that language: Kiswahili's on the 24-hour clock (see [`clock`]); links
//! come from the configured public base URL via the caller.

mod sw;

use mtaani_proto::{
    language::Language,
    messaging::v1::{BookingDetails, send_notification_request::Kind},
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
/// Swahili time "saa 12" is six o'clock, so a 12-hour time would send a customer six hours off
/// (issue 39). A time already on the 24-hour clock ("9:00") is written "09:00"; anything else as it
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

/// Every word of the e-mails in one language (English here, Kiswahili in `sw::TEXTS`). A text with
/// values in it is a function that places them, so each language orders its sentence its own way;
/// which paragraphs, buttons and invites an e-mail has is written once, in [`render`].
struct Texts {
    /// The greeting, with the recipient's first name when there is one.
    hello: fn(Option<&str>) -> String,
    /// Under the button, before the link written out.
    button_fallback: &'static str,
    footer: &'static str,
    /// A booking's date (written long) and time.
    when: fn(&str, &str) -> String,
    open_my_account: &'static str,
    /// The customer's button to their change-or-cancel page, and its line in the calendar invite.
    change_or_cancel: &'static str,
    /// The calendar invite's description, with the service's name.
    invite: fn(&str) -> String,
    /// Why the team acted (a hidden listing, a suspended account).
    why: fn(&str) -> String,

    reset_subject: &'static str,
    reset_asked: &'static str,
    /// Until when (Nairobi time) the link works.
    reset_until: fn(&str) -> String,
    reset_not_you: &'static str,
    reset_button: &'static str,

    /// To the provider: service.
    new_booking_subject: fn(&str) -> String,
    /// Customer, service, when.
    new_booking: fn(&str, &str, &str) -> String,
    new_booking_email: fn(&str) -> String,
    new_booking_phone: fn(&str) -> String,
    new_booking_message: fn(&str) -> String,
    new_booking_answer: &'static str,
    /// A booking confirmed at once (the provider books instantly): subject (service), the line
    /// (customer, service, when), and what the provider may do.
    instant_subject: fn(&str) -> String,
    instant: fn(&str, &str, &str) -> String,
    instant_answer: &'static str,

    /// Service.
    confirmed_subject: fn(&str) -> String,
    /// Service, when.
    confirmed: fn(&str, &str) -> String,
    confirmed_invite: &'static str,

    /// Listing.
    hidden_subject: fn(&str) -> String,
    /// Listing.
    hidden: fn(&str) -> String,
    hidden_mistake: &'static str,

    suspended_subject: &'static str,
    suspended: &'static str,
    suspended_talk: &'static str,
    unsuspended_subject: &'static str,
    unsuspended: &'static str,

    /// Service.
    invitation_subject: fn(&str) -> String,
    /// Service, provider, date, time.
    invitation: fn(&str, &str, &str, &str) -> String,
    invitation_why: &'static str,
    invitation_button: &'static str,

    /// Service.
    reply_subject: fn(&str) -> String,
    /// Service.
    reply: fn(&str) -> String,
    reply_button: &'static str,

    /// Service.
    requested_subject: fn(&str) -> String,
    /// Service, when.
    requested: fn(&str, &str) -> String,
    requested_next: &'static str,

    /// Service, time.
    reminder_subject: fn(&str, &str) -> String,
    /// Service, when.
    reminder: fn(&str, &str) -> String,
    /// Location.
    reminder_where: fn(&str) -> String,
    /// The listing's way in once there, on the line after the location and in the calendar invite.
    directions: fn(&str) -> String,
    /// What a customer needs to turn up (see `turn_up`): the price range ("Ksh 1,500 – 4,500"), the
    /// length in words, and the provider's WhatsApp link and phone.
    price: fn(&str) -> String,
    takes: fn(&str) -> String,
    /// Issue 42: the team member who serves the booking, and the services of the menu booked.
    with_member: fn(&str) -> String,
    services: fn(&str) -> String,
    contact: fn(&str, &str) -> String,
    /// Minutes and hours, for `length`.
    minutes: fn(i32) -> String,
    hours: fn(i32) -> String,
    hours_and_minutes: fn(&str, &str) -> String,
    reminder_change: &'static str,

    /// The number of bookings.
    agenda_subject: fn(usize) -> String,
    /// The count when there is one booking.
    agenda_one: &'static str,
    /// Date, count.
    agenda: fn(&str, &str) -> String,
    /// Time, service, customer, minutes.
    agenda_booking: fn(&str, &str, &str, i32) -> String,
    agenda_confirm: &'static str,

    /// Service.
    rescheduled_subject: fn(&str) -> String,
    /// Customer, service, previous date, previous time, when.
    rescheduled: fn(&str, &str, &str, &str, &str) -> String,
    rescheduled_free: &'static str,

    /// Service.
    moved_subject: fn(&str) -> String,
    /// Service, when.
    moved: fn(&str, &str) -> String,
    moved_invite: &'static str,

    /// Service.
    member_changed_subject: fn(&str) -> String,
    /// Member, service, when.
    member_changed: fn(&str, &str, &str) -> String,
    member_changed_same: &'static str,

    /// Service.
    provider_left_subject: fn(&str) -> String,
    /// Service, when.
    provider_left: fn(&str, &str) -> String,
    provider_left_find: &'static str,

    /// Service.
    declined_subject: fn(&str) -> String,
    /// Service, when.
    declined: fn(&str, &str) -> String,
    declined_choose: &'static str,

    /// Service.
    cancelled_subject: fn(&str) -> String,
    /// Customer, service, when.
    cancelled: fn(&str, &str, &str) -> String,

    /// Package.
    subscription_subject: fn(&str) -> String,
    /// Package, paid until (Nairobi time).
    subscription_paid: fn(&str, &str) -> String,
    /// Amount in shillings, written with thousands.
    subscription_renew: fn(&str) -> String,
    subscription_button: &'static str,

    contact_subject: &'static str,
    /// The subject of their message.
    contact_thanks: fn(&str) -> String,
    contact_soon: &'static str,
    /// Above the sender's message, quoted under an operator's reply: its subject.
    contact_you_wrote: fn(&str) -> String,
}

const ENGLISH: Texts = Texts {
    hello: |name| format!("Hello {},", name.unwrap_or("there")),
    button_fallback: "If the button does not work, copy this link into your browser:",
    footer: "Mtaani · find services in your neighbourhood",
    when: |date, time| format!("{date} at {time} (Nairobi time)"),
    open_my_account: "Open My Account",
    change_or_cancel: "Change or cancel",
    invite: |service| format!("{service} booked on Mtaani."),
    why: |reason| format!("Why: {reason}"),

    reset_subject: "Reset your Mtaani password",
    reset_asked: "We received a request to reset the password of your Mtaani account.",
    reset_until: |until| format!("The link works once and until {until} (Nairobi time)."),
    reset_not_you: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    reset_button: "Reset my password",

    new_booking_subject: |service| format!("New booking request: {service}"),
    new_booking: |customer, service, when| format!("{customer} asked to book {service} on {when}."),
    new_booking_email: |email| format!("E-mail: {email}"),
    new_booking_phone: |phone| format!("Phone: {phone}"),
    new_booking_message: |message| format!("Their message: {message}"),
    new_booking_answer: "Confirm or decline it from My Account.",
    instant_subject: |service| format!("New booking: {service}"),
    instant: |customer, service, when| format!("{customer} booked {service} on {when}. It is confirmed."),
    instant_answer: "It is in your bookings in My Account; the calendar invite is attached.",

    confirmed_subject: |service| format!("Booking confirmed: {service}"),
    confirmed: |service, when| format!("Good news: your booking for {service} on {when} is confirmed."),
    confirmed_invite: "The calendar invite is attached. Need another time, or can't make it? Change or cancel with \
                       the link below so the provider can offer the slot to someone else.",

    hidden_subject: |listing| format!("Your listing is taken down: {listing}"),
    hidden: |listing| format!("Our team has taken down your listing \"{listing}\". Visitors no longer see it."),
    hidden_mistake: "If you think this is a mistake, reply to this e-mail or write to us from the contact page.",

    suspended_subject: "Your Mtaani seller account is suspended",
    suspended: "Our team has suspended your seller account: your listings are hidden and you cannot post new ones.",
    suspended_talk: "To talk about it, write to us from the contact page.",
    unsuspended_subject: "Your Mtaani seller account is active again",
    unsuspended: "The suspension of your seller account is lifted: your listings are back and you can post again.",

    invitation_subject: |service| format!("How was {service}?"),
    invitation: |service, provider, date, time| {
        format!("You booked {service} with {provider} on {date} at {time}. How did it go?")
    },
    invitation_why: "Your review helps your neighbours choose, and only customers who booked can leave one. It takes \
                     a minute; the link works once, for 30 days.",
    invitation_button: "Write your review",

    reply_subject: |service| format!("{service} replied to your review"),
    reply: |service| format!("{service} replied to your review:"),
    reply_button: "See it on Mtaani",

    requested_subject: |service| format!("Booking request sent: {service}"),
    requested: |service, when| format!("Your request to book {service} on {when} is with the provider."),
    requested_next: "We'll e-mail you when they confirm it. Need another time, or can't make it? Change or cancel \
                     with the link below.",

    reminder_subject: |service, time| format!("Reminder: {service} tomorrow at {time}"),
    reminder: |service, when| format!("A reminder of your booking for {service} on {when}."),
    reminder_where: |location| format!("Where: {location}"),
    directions: |directions| format!("Directions: {directions}"),
    price: |range| format!("Price: {range}"),
    takes: |length| format!("It takes about {length}."),
    with_member: |member| format!("With: {member}"),
    services: |services| format!("Services: {services}"),
    contact: |whatsapp, phone| format!("Questions, or the way there: WhatsApp {whatsapp} or call {phone}."),
    minutes: |n| format!("{n} minutes"),
    hours: |n| if n == 1 { "1 hour".into() } else { format!("{n} hours") },
    hours_and_minutes: |h, m| format!("{h} {m}"),
    reminder_change: "Can't make it? Change or cancel with the link below while you still can.",

    agenda_subject: |n| format!("Today on Mtaani: {n} booking{}", if n == 1 { "" } else { "s" }),
    agenda_one: "one",
    agenda: |date, count| format!("Your bookings for {date}: {count}."),
    agenda_booking: |time, service, customer, minutes| format!("{time}: {service} for {customer} ({minutes} min)"),
    agenda_confirm: "Confirm any that still wait for your answer in My Account.",

    rescheduled_subject: |service| format!("Booking moved: {service}"),
    rescheduled: |customer, service, previous_date, previous_time, when| {
        format!("{customer} moved their booking for {service} from {previous_date} at {previous_time} to {when}.")
    },
    rescheduled_free: "The old time is free again.",

    moved_subject: |service| format!("Your booking is moved: {service}"),
    moved: |service, when| format!("Your booking for {service} is now on {when}."),
    moved_invite: "The updated calendar invite is attached; the provider has been told.",

    member_changed_subject: |service| format!("A new team member for your booking: {service}"),
    member_changed: |member, service, when| format!("{member} will now do your {service} on {when}."),
    member_changed_same: "Your time stays the same; the provider has arranged it.",

    provider_left_subject: |service| format!("Booking cancelled: {service}"),
    provider_left: |service, when| {
        format!(
            "Sorry: the provider of {service} has closed their Mtaani account, so your booking on {when} is cancelled."
        )
    },
    provider_left_find: "You can find another provider near you on Mtaani.",

    declined_subject: |service| format!("Booking not available: {service}"),
    declined: |service, when| format!("Sorry: the provider could not take your booking for {service} on {when}."),
    declined_choose: "You can choose another time on Mtaani.",

    cancelled_subject: |service| format!("Booking cancelled: {service}"),
    cancelled: |customer, service, when| {
        format!("{customer} cancelled the booking for {service} on {when}. The slot is free again.")
    },

    subscription_subject: |package| format!("Your Mtaani {package} package ends soon"),
    subscription_paid: |package, until| format!("Your {package} package is paid until {until}."),
    subscription_renew: |amount| format!("Renew for Ksh {amount} from My Account to keep your listings visible."),
    subscription_button: "Renew now",

    contact_subject: "We received your message",
    contact_thanks: |subject| format!("Thank you for contacting Mtaani about \"{subject}\"."),
    contact_soon: "We'll get back to you soon.",
    contact_you_wrote: |subject| format!("You wrote to us about \"{subject}\":"),
};

fn texts(language: Language) -> &'static Texts {
    match language {
        Language::En => &ENGLISH,
        Language::Sw => &sw::TEXTS,
    }
}

/// "Hello Amina," / "Habari Amina,": the recipient's first name, or none.
fn greeting(language: Language, to_name: &str) -> String {
    (texts(language).hello)(to_name.split_whitespace().next())
}

fn page(language: Language, greeting: &str, paragraphs: &[String], button: Option<(&str, &str)>) -> String {
    let t = texts(language);
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
            escape(t.button_fallback),
            escape(url)
        ));
    }
    let (lang, footer) = (language.code(), escape(t.footer));
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
    t.push_str(texts(language).footer);
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

/// What the customer needs to turn up, as lines of their e-mail: where and the way in there, the
/// price range, how long it takes, and how to reach the provider (WhatsApp and a call); each only when
/// known.
/// Who serves a booking and what was booked (issue 42), when the booking says.
fn what_and_who(t: &Texts, b: &BookingDetails) -> Vec<String> {
    let mut lines = Vec::new();
    if !b.services.is_empty() {
        lines.push((t.services)(&b.services.join(", ")));
    }
    if !b.member_name.is_empty() {
        lines.push((t.with_member)(&b.member_name));
    }
    lines
}

fn turn_up(t: &Texts, b: &BookingDetails) -> Vec<String> {
    let mut lines = what_and_who(t, b);
    if !b.location.is_empty() {
        lines.push((t.reminder_where)(&b.location));
    }
    if !b.directions.is_empty() {
        lines.push((t.directions)(&b.directions));
    }
    if b.total_ksh > 0 {
        lines.push((t.price)(&format!("Ksh {}", thousands(b.total_ksh))));
    } else if b.min_price > 0 {
        let range = if b.max_price > b.min_price {
            format!("Ksh {} – {}", thousands(b.min_price), thousands(b.max_price))
        } else {
            format!("Ksh {}", thousands(b.min_price))
        };
        lines.push((t.price)(&range));
    }
    if b.duration_minutes > 0 {
        lines.push((t.takes)(&length(t, b.duration_minutes)));
    }
    let digits: String = b.provider_phone.chars().filter(char::is_ascii_digit).collect();
    if !digits.is_empty() {
        lines.push((t.contact)(&format!("https://wa.me/{digits}"), &b.provider_phone));
    }
    lines
}

/// A length in words: "45 minutes", "1 hour", "1 hour 30 minutes" (in the language of `t`).
fn length(t: &Texts, minutes: i32) -> String {
    match (minutes / 60, minutes % 60) {
        (0, m) => (t.minutes)(m),
        (h, 0) => (t.hours)(h),
        (h, m) => (t.hours_and_minutes)(&(t.hours)(h), &(t.minutes)(m)),
    }
}

/// The booking's calendar invite; `cancelled` removes it from the calendar it was added to.
fn invite(language: Language, b: &BookingDetails, cancelled: bool, now: i64) -> Option<String> {
    if b.starts_at == 0 {
        return None;
    }
    let t = texts(language);
    let mut description = (t.invite)(&b.service_name);
    // LOCATION holds the area (calendar apps offer it to a map); the way in there is for a person.
    if !b.directions.is_empty() {
        description.push_str(&format!("\n{}", (t.directions)(&b.directions)));
    }
    if !b.cancel_url.is_empty() {
        description.push_str(&format!("\n{}: {}", t.change_or_cancel, b.cancel_url));
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
fn change_button<'b>(t: &Texts, b: &'b BookingDetails) -> Option<(&'static str, &'b str)> {
    (!b.cancel_url.is_empty()).then_some((t.change_or_cancel, b.cancel_url.as_str()))
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
    let t = texts(language);
    let hello = greeting(language, to_name);
    let date = |d: &str| long_date(language, d);
    let time = |label: &str| clock(language, label);
    let when = |b: &BookingDetails| (t.when)(&date(&b.date), &time(&b.time));
    let change = |b| change_button(t, b);
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
            t.reset_subject.into(),
            vec![t.reset_asked.into(), (t.reset_until)(&nairobi_time(language, r.expires_at)), t.reset_not_you.into()],
            Some((t.reset_button, &r.reset_url)),
        ),
        Kind::NewBooking(b) => {
            let said = if b.instant { t.instant } else { t.new_booking };
            let mut lines =
                vec![said(&b.customer_name, &b.service_name, &when(b)), (t.new_booking_email)(&b.customer_email)];
            if !b.customer_phone.is_empty() {
                lines.push((t.new_booking_phone)(&b.customer_phone));
            }
            if !b.message.is_empty() {
                lines.push((t.new_booking_message)(&b.message));
            }
            lines.extend(what_and_who(t, b));
            if b.total_ksh > 0 {
                lines.push((t.price)(&format!("Ksh {}", thousands(b.total_ksh))));
            }
            lines.push(if b.instant { t.instant_answer } else { t.new_booking_answer }.into());
            let subject = if b.instant { t.instant_subject } else { t.new_booking_subject };
            let e = email("new_booking", subject(&b.service_name), lines, Some((t.open_my_account, &b.manage_url)));
            with_invite(e, b, false)
        }
        Kind::BookingConfirmed(b) => with_invite(
            email(
                "booking_confirmed",
                (t.confirmed_subject)(&b.service_name),
                [vec![(t.confirmed)(&b.service_name, &when(b))], turn_up(t, b), vec![t.confirmed_invite.into()]]
                    .concat(),
                change(b),
            ),
            b,
            false,
        ),
        Kind::ListingHidden(h) => email(
            "listing_hidden",
            (t.hidden_subject)(&h.listing_name),
            vec![(t.hidden)(&h.listing_name), (t.why)(&h.reason), t.hidden_mistake.into()],
            Some((t.open_my_account, &h.account_url)),
        ),
        Kind::AccountSuspension(a) if a.suspended => email(
            "account_suspended",
            t.suspended_subject.into(),
            vec![t.suspended.into(), (t.why)(&a.reason), t.suspended_talk.into()],
            Some((t.open_my_account, &a.account_url)),
        ),
        Kind::AccountSuspension(a) => email(
            "account_unsuspended",
            t.unsuspended_subject.into(),
            vec![t.unsuspended.into()],
            Some((t.open_my_account, &a.account_url)),
        ),
        Kind::ReviewInvitation(r) => email(
            "review_invitation",
            (t.invitation_subject)(&r.service_name),
            vec![
                (t.invitation)(&r.service_name, &r.provider_name, &date(&r.date), &time(&r.time)),
                t.invitation_why.into(),
            ],
            Some((t.invitation_button, &r.review_url)),
        ),
        Kind::ReviewReply(r) => email(
            "review_reply",
            (t.reply_subject)(&r.service_name),
            vec![(t.reply)(&r.service_name), format!("\u{201c}{}\u{201d}", r.reply)],
            Some((t.reply_button, &r.service_url)),
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
            (t.requested_subject)(&b.service_name),
            [vec![(t.requested)(&b.service_name, &when(b))], turn_up(t, b), vec![t.requested_next.into()]].concat(),
            change(b),
        ),
        Kind::BookingReminder(b) => with_invite(
            email(
                "booking_reminder",
                (t.reminder_subject)(&b.service_name, &time(&b.time)),
                [vec![(t.reminder)(&b.service_name, &when(b))], turn_up(t, b), vec![t.reminder_change.into()]].concat(),
                change(b),
            ),
            b,
            false,
        ),
        Kind::ProviderAgenda(a) => {
            let count = if a.bookings.len() == 1 { t.agenda_one.to_owned() } else { a.bookings.len().to_string() };
            let mut lines = vec![(t.agenda)(&date(&a.date), &count)];
            for b in &a.bookings {
                let mut line =
                    (t.agenda_booking)(&time(&b.time), &b.service_name, &b.customer_name, b.duration_minutes);
                if !b.customer_phone.is_empty() {
                    line.push_str(&format!(", {}", b.customer_phone));
                }
                lines.push(line);
            }
            lines.push(t.agenda_confirm.into());
            email(
                "provider_agenda",
                (t.agenda_subject)(a.bookings.len()),
                lines,
                Some((t.open_my_account, &a.manage_url)),
            )
        }
        Kind::BookingRescheduled(b) => with_invite(
            email(
                "booking_rescheduled",
                (t.rescheduled_subject)(&b.service_name),
                vec![
                    (t.rescheduled)(
                        &b.customer_name,
                        &b.service_name,
                        &date(&b.previous_date),
                        &time(&b.previous_time),
                        &when(b),
                    ),
                    t.rescheduled_free.into(),
                ],
                Some((t.open_my_account, &b.manage_url)),
            ),
            b,
            false,
        ),
        Kind::BookingMoved(b) => with_invite(
            email(
                "booking_moved",
                (t.moved_subject)(&b.service_name),
                [vec![(t.moved)(&b.service_name, &when(b))], turn_up(t, b), vec![t.moved_invite.into()]].concat(),
                change(b),
            ),
            b,
            false,
        ),
        Kind::BookingMemberChanged(b) => email(
            "booking_member_changed",
            (t.member_changed_subject)(&b.service_name),
            [
                vec![(t.member_changed)(&b.member_name, &b.service_name, &when(b)), t.member_changed_same.into()],
                turn_up(t, b),
            ]
            .concat(),
            change(b),
        ),
        Kind::BookingProviderLeft(b) => with_invite(
            email(
                "booking_provider_left",
                (t.provider_left_subject)(&b.service_name),
                vec![(t.provider_left)(&b.service_name, &when(b)), t.provider_left_find.into()],
                None,
            ),
            b,
            true,
        ),
        Kind::BookingDeclined(b) => email(
            "booking_declined",
            (t.declined_subject)(&b.service_name),
            vec![(t.declined)(&b.service_name, &when(b)), t.declined_choose.into()],
            None,
        ),
        Kind::BookingCancelled(b) => with_invite(
            email(
                "booking_cancelled",
                (t.cancelled_subject)(&b.service_name),
                vec![(t.cancelled)(&b.customer_name, &b.service_name, &when(b))],
                None,
            ),
            b,
            true,
        ),
        Kind::SubscriptionReminder(s) => email(
            "subscription_reminder",
            (t.subscription_subject)(&s.package_name),
            vec![
                (t.subscription_paid)(&s.package_name, &nairobi_time(language, s.paid_until)),
                (t.subscription_renew)(&thousands(s.amount)),
            ],
            Some((t.subscription_button, &s.account_url)),
        ),
        Kind::ContactAcknowledgement(c) => email(
            "contact_acknowledgement",
            t.contact_subject.into(),
            vec![(t.contact_thanks)(&c.subject), t.contact_soon.into()],
            None,
        ),
    }
}

/// A contact message as the support inbox receives it (in English: the team's language).
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
    lines.push((texts(language).contact_you_wrote)(&m.subject));
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

    /// Issue 39: "saa 6:30 PM" reads as half past midnight to a Kiswahili reader (Swahili time); a
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

    /// Issue 39 §5: what the customer needs to turn up is in the confirmation, the move, the reminder
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

    /// A booking of two services of a menu with a team member (issue 42): the customer reads what they
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
