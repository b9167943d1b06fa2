//! The e-mails in Kiswahili (issue 21), kind for kind as the English ones in `templates.rs`, with the
//! terms of the web app's Kiswahili (docs/i18n/README.md): miadi (booking), mtoa huduma (provider),
//! huduma (service), tangazo (listing), kifurushi (package), maoni (review), Akaunti Yangu (My
//! Account), "Badilisha au ghairi" (Change or cancel). Short, polite, the "wewe" form.

use chrono::{Datelike, NaiveDate};
use mtaani_proto::{
    language::Language,
    messaging::v1::{BookingDetails, send_notification_request::Kind},
};

use super::{Email, Frame, change_button, email, greeting, long_date as any_long_date, nairobi_time, thousands};

const SW: Language = Language::Sw;

pub(super) const FRAME: Frame = Frame {
    button_fallback: "Kitufe kisipofanya kazi, nakili kiungo hiki kwenye kivinjari chako:",
    footer: "Mtaani · tafuta huduma mtaani kwako",
};

/// Monday first, as `chrono::Weekday::num_days_from_monday`.
const WEEKDAYS: [&str; 7] = ["Jumatatu", "Jumanne", "Jumatano", "Alhamisi", "Ijumaa", "Jumamosi", "Jumapili"];
const MONTHS: [&str; 12] = [
    "Januari", "Februari", "Machi", "Aprili", "Mei", "Juni", "Julai", "Agosti", "Septemba", "Oktoba", "Novemba",
    "Desemba",
];
const MONTHS_SHORT: [&str; 12] = ["Jan", "Feb", "Mac", "Apr", "Mei", "Jun", "Jul", "Ago", "Sep", "Okt", "Nov", "Des"];

fn weekday(d: NaiveDate) -> &'static str {
    WEEKDAYS[d.weekday().num_days_from_monday() as usize]
}

/// "Jumamosi, 21 Novemba 2026".
pub(super) fn long_date(d: NaiveDate) -> String {
    format!("{}, {} {} {}", weekday(d), d.day(), MONTHS[d.month0() as usize], d.year())
}

/// "Jumamosi, 21 Nov 2026".
pub(super) fn medium_date(d: NaiveDate) -> String {
    format!("{}, {} {} {}", weekday(d), d.day(), MONTHS_SHORT[d.month0() as usize], d.year())
}

/// "Jumamosi 21 Nov" (an SMS's).
pub(super) fn short_date(d: NaiveDate) -> String {
    format!("{} {} {}", weekday(d), d.day(), MONTHS_SHORT[d.month0() as usize])
}

fn date(text: &str) -> String {
    any_long_date(SW, text)
}

/// "Jumamosi, 21 Novemba 2026 saa 10:30 AM (saa za Nairobi)". The slot labels stay as the booking
/// shows them (12-hour clock, as Kenyans write times in text).
fn when(b: &BookingDetails) -> String {
    format!("{} saa {} (saa za Nairobi)", date(&b.date), b.time)
}

const CHANGE: &str = "Badilisha au ghairi";
const MY_ACCOUNT: &str = "Fungua Akaunti Yangu";

fn with_invite(e: Email, b: &BookingDetails, cancelled: bool) -> Email {
    super::with_invite(SW, e, b, cancelled)
}

pub(super) fn render(to_name: &str, kind: &Kind) -> Email {
    let hello = greeting(SW, to_name);
    match kind {
        Kind::PasswordReset(r) => email(
            SW,
            "password_reset",
            "Weka upya nenosiri lako la Mtaani".into(),
            &hello,
            vec![
                "Tumepokea ombi la kuweka upya nenosiri la akaunti yako ya Mtaani.".into(),
                format!(
                    "Kiungo kinafanya kazi mara moja tu, hadi {} (saa za Nairobi).",
                    nairobi_time(SW, r.expires_at)
                ),
                "Kama hukuomba hili, puuza barua pepe hii: nenosiri lako litabaki kama lilivyo.".into(),
            ],
            Some(("Weka nenosiri jipya", &r.reset_url)),
        ),
        Kind::NewBooking(b) => {
            let mut lines = vec![
                format!("{} ameomba miadi ya {} siku ya {}.", b.customer_name, b.service_name, when(b)),
                format!("Barua pepe: {}", b.customer_email),
            ];
            if !b.customer_phone.is_empty() {
                lines.push(format!("Simu: {}", b.customer_phone));
            }
            if !b.message.is_empty() {
                lines.push(format!("Ujumbe wake: {}", b.message));
            }
            lines.push("Ithibitishe au uikatae kutoka Akaunti Yangu.".into());
            let e = email(
                SW,
                "new_booking",
                format!("Ombi jipya la miadi: {}", b.service_name),
                &hello,
                lines,
                Some((MY_ACCOUNT, &b.manage_url)),
            );
            with_invite(e, b, false)
        }
        Kind::BookingConfirmed(b) => with_invite(
            email(
                SW,
                "booking_confirmed",
                format!("Miadi imethibitishwa: {}", b.service_name),
                &hello,
                vec![
                    format!("Habari njema: miadi yako ya {} siku ya {} imethibitishwa.", b.service_name, when(b)),
                    "Mwaliko wa kalenda umeambatishwa. Unahitaji saa nyingine, au hutaweza kufika? Badilisha au \
                     ghairi kupitia kiungo kilicho hapa chini ili mtoa huduma ampe mtu mwingine nafasi hiyo."
                        .into(),
                ],
                change_button(CHANGE, b),
            ),
            b,
            false,
        ),
        Kind::ListingHidden(h) => email(
            SW,
            "listing_hidden",
            format!("Tangazo lako limeondolewa: {}", h.listing_name),
            &hello,
            vec![
                format!("Timu yetu imeondoa tangazo lako \"{}\". Wageni hawalioni tena.", h.listing_name),
                format!("Sababu: {}", h.reason),
                "Kama unaona ni kosa, jibu barua pepe hii au tuandikie kupitia ukurasa wa mawasiliano.".into(),
            ],
            Some((MY_ACCOUNT, &h.account_url)),
        ),
        Kind::AccountSuspension(a) if a.suspended => email(
            SW,
            "account_suspended",
            "Akaunti yako ya muuzaji ya Mtaani imesimamishwa".into(),
            &hello,
            vec![
                "Timu yetu imesimamisha akaunti yako ya muuzaji: matangazo yako yamefichwa na huwezi kuchapisha \
                 mapya."
                    .into(),
                format!("Sababu: {}", a.reason),
                "Ili kulizungumzia, tuandikie kupitia ukurasa wa mawasiliano.".into(),
            ],
            Some((MY_ACCOUNT, &a.account_url)),
        ),
        Kind::AccountSuspension(a) => email(
            SW,
            "account_unsuspended",
            "Akaunti yako ya muuzaji ya Mtaani inatumika tena".into(),
            &hello,
            vec![
                "Akaunti yako ya muuzaji haijasimamishwa tena: matangazo yako yamerudi na unaweza kuchapisha tena."
                    .into(),
            ],
            Some((MY_ACCOUNT, &a.account_url)),
        ),
        Kind::ReviewInvitation(r) => email(
            SW,
            "review_invitation",
            format!("{} ilikuwaje?", r.service_name),
            &hello,
            vec![
                format!(
                    "Uliweka miadi ya {} na {} siku ya {} saa {}. Ilikwendaje?",
                    r.service_name,
                    r.provider_name,
                    date(&r.date),
                    r.time
                ),
                "Maoni yako yanawasaidia majirani zako kuchagua, na ni wateja walioweka miadi pekee wanaoweza kutoa \
                 maoni. Inachukua dakika moja; kiungo kinafanya kazi mara moja tu, kwa siku 30."
                    .into(),
            ],
            Some(("Andika maoni yako", &r.review_url)),
        ),
        Kind::ReviewReply(r) => email(
            SW,
            "review_reply",
            format!("{} wamejibu maoni yako", r.service_name),
            &hello,
            vec![format!("{} wamejibu maoni yako:", r.service_name), format!("\u{201c}{}\u{201d}", r.reply)],
            Some(("Yaone kwenye Mtaani", &r.service_url)),
        ),
        Kind::BookingRequested(b) => email(
            SW,
            "booking_requested",
            format!("Ombi la miadi limetumwa: {}", b.service_name),
            &hello,
            vec![
                format!("Ombi lako la miadi ya {} siku ya {} limemfikia mtoa huduma.", b.service_name, when(b)),
                "Tutakutumia barua pepe atakapoithibitisha. Unahitaji saa nyingine, au hutaweza kufika? Badilisha \
                 au ghairi kupitia kiungo kilicho hapa chini."
                    .into(),
            ],
            change_button(CHANGE, b),
        ),
        Kind::BookingReminder(b) => with_invite(
            email(
                SW,
                "booking_reminder",
                format!("Kumbusho: {} kesho saa {}", b.service_name, b.time),
                &hello,
                vec![
                    format!("Tunakukumbusha miadi yako ya {} siku ya {}.", b.service_name, when(b)),
                    if b.location.is_empty() { String::new() } else { format!("Mahali: {}", b.location) },
                    "Hutaweza kufika? Badilisha au ghairi kupitia kiungo kilicho hapa chini wakati bado unaweza."
                        .into(),
                ]
                .into_iter()
                .filter(|l| !l.is_empty())
                .collect(),
                change_button(CHANGE, b),
            ),
            b,
            false,
        ),
        Kind::ProviderAgenda(a) => {
            let count = if a.bookings.len() == 1 { "moja".to_owned() } else { a.bookings.len().to_string() };
            let mut lines = vec![format!("Una miadi {count} siku ya {}.", date(&a.date))];
            for b in &a.bookings {
                let mut line =
                    format!("{}: {} ya {} (dakika {})", b.time, b.service_name, b.customer_name, b.duration_minutes);
                if !b.customer_phone.is_empty() {
                    line.push_str(&format!(", {}", b.customer_phone));
                }
                lines.push(line);
            }
            lines.push("Thibitisha yoyote ambayo bado inasubiri jibu lako katika Akaunti Yangu.".into());
            email(
                SW,
                "provider_agenda",
                format!("Leo kwenye Mtaani: miadi {}", a.bookings.len()),
                &hello,
                lines,
                Some((MY_ACCOUNT, &a.manage_url)),
            )
        }
        Kind::BookingRescheduled(b) => with_invite(
            email(
                SW,
                "booking_rescheduled",
                format!("Miadi imehamishwa: {}", b.service_name),
                &hello,
                vec![
                    format!(
                        "{} amehamisha miadi yake ya {} kutoka {} saa {} hadi {}.",
                        b.customer_name,
                        b.service_name,
                        date(&b.previous_date),
                        b.previous_time,
                        when(b)
                    ),
                    "Saa ya awali iko wazi tena.".into(),
                ],
                Some((MY_ACCOUNT, &b.manage_url)),
            ),
            b,
            false,
        ),
        Kind::BookingMoved(b) => with_invite(
            email(
                SW,
                "booking_moved",
                format!("Miadi yako imehamishwa: {}", b.service_name),
                &hello,
                vec![
                    format!("Miadi yako ya {} sasa ni siku ya {}.", b.service_name, when(b)),
                    "Mwaliko wa kalenda uliosasishwa umeambatishwa; mtoa huduma amejulishwa.".into(),
                ],
                change_button(CHANGE, b),
            ),
            b,
            false,
        ),
        Kind::BookingProviderLeft(b) => with_invite(
            email(
                SW,
                "booking_provider_left",
                format!("Miadi imeghairiwa: {}", b.service_name),
                &hello,
                vec![
                    format!(
                        "Samahani: mtoa huduma wa {} amefunga akaunti yake ya Mtaani, kwa hivyo miadi yako ya siku ya \
                         {} imeghairiwa.",
                        b.service_name,
                        when(b)
                    ),
                    "Unaweza kupata mtoa huduma mwingine karibu nawe kwenye Mtaani.".into(),
                ],
                None,
            ),
            b,
            true,
        ),
        Kind::BookingDeclined(b) => email(
            SW,
            "booking_declined",
            format!("Miadi haipatikani: {}", b.service_name),
            &hello,
            vec![
                format!("Samahani: mtoa huduma hakuweza kupokea miadi yako ya {} siku ya {}.", b.service_name, when(b)),
                "Unaweza kuchagua saa nyingine kwenye Mtaani.".into(),
            ],
            None,
        ),
        Kind::BookingCancelled(b) => with_invite(
            email(
                SW,
                "booking_cancelled",
                format!("Miadi imeghairiwa: {}", b.service_name),
                &hello,
                vec![format!(
                    "{} ameghairi miadi ya {} siku ya {}. Nafasi hiyo iko wazi tena.",
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
            SW,
            "subscription_reminder",
            format!("Kifurushi chako cha Mtaani cha {} kinaisha hivi karibuni", s.package_name),
            &hello,
            vec![
                format!("Kifurushi chako cha {} kimelipiwa hadi {}.", s.package_name, nairobi_time(SW, s.paid_until)),
                format!(
                    "Kilipie tena kwa Ksh {} kutoka Akaunti Yangu ili matangazo yako yaendelee kuonekana.",
                    thousands(s.amount)
                ),
            ],
            Some(("Lipia sasa", &s.account_url)),
        ),
        Kind::ContactAcknowledgement(c) => email(
            SW,
            "contact_acknowledgement",
            "Tumepokea ujumbe wako".into(),
            &hello,
            vec![
                format!("Asante kwa kuwasiliana na Mtaani kuhusu \"{}\".", c.subject),
                "Tutakujibu hivi karibuni.".into(),
            ],
            None,
        ),
    }
}
