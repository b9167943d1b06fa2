//! The e-mails' words in Kiswahili (issue 21), text for text as the English ones in `templates.rs`
//! (which writes each e-mail's structure once for both languages), and the Kiswahili dates. The terms
//! are the web app's Kiswahili (docs/i18n/README.md): miadi (booking), mtoa huduma (provider),
//! huduma (service), tangazo (listing), kifurushi (package), maoni (review), Akaunti Yangu (My
//! Account), "Badilisha au ghairi" (Change or cancel). Short, polite, the "wewe" form.

use chrono::{Datelike, NaiveDate};

use super::Texts;

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

pub(super) const TEXTS: Texts = Texts {
    hello: |name| name.map_or_else(|| "Habari,".to_owned(), |n| format!("Habari {n},")),
    button_fallback: "Kitufe kisipofanya kazi, nakili kiungo hiki kwenye kivinjari chako:",
    footer: "Mtaani · tafuta huduma mtaani kwako",
    // "Jumamosi, 21 Novemba 2026, 18:30 (saa za Nairobi)": the time on the 24-hour clock (`clock`) and
    // no "saa" before it, which would read as Swahili time ("saa 12:00" is six o'clock there).
    when: |date, time| format!("{date}, {time} (saa za Nairobi)"),
    open_my_account: "Fungua Akaunti Yangu",
    change_or_cancel: "Badilisha au ghairi",
    invite: |service| format!("Miadi ya {service} kwenye Mtaani."),
    why: |reason| format!("Sababu: {reason}"),

    reset_subject: "Weka upya nenosiri lako la Mtaani",
    reset_asked: "Tumepokea ombi la kuweka upya nenosiri la akaunti yako ya Mtaani.",
    reset_until: |until| format!("Kiungo kinafanya kazi mara moja tu, hadi {until} (saa za Nairobi)."),
    reset_not_you: "Kama hukuomba hili, puuza barua pepe hii: nenosiri lako litabaki kama lilivyo.",
    reset_button: "Weka nenosiri jipya",

    new_booking_subject: |service| format!("Ombi jipya la miadi: {service}"),
    new_booking: |customer, service, when| format!("{customer} ameomba miadi ya {service} siku ya {when}."),
    new_booking_email: |email| format!("Barua pepe: {email}"),
    new_booking_phone: |phone| format!("Simu: {phone}"),
    new_booking_message: |message| format!("Ujumbe wake: {message}"),
    new_booking_answer: "Ithibitishe au uikatae kutoka Akaunti Yangu.",
    instant_subject: |service| format!("Miadi mpya: {service}"),
    instant: |customer, service, when| {
        format!("{customer} amepanga miadi ya {service} siku ya {when}. Imethibitishwa.")
    },
    instant_answer: "Iko kwenye miadi yako katika Akaunti Yangu; mwaliko wa kalenda umeambatishwa.",

    confirmed_subject: |service| format!("Miadi imethibitishwa: {service}"),
    confirmed: |service, when| format!("Habari njema: miadi yako ya {service} siku ya {when} imethibitishwa."),
    confirmed_invite: "Mwaliko wa kalenda umeambatishwa. Unahitaji saa nyingine, au hutaweza kufika? Badilisha au \
                       ghairi kupitia kiungo kilicho hapa chini ili mtoa huduma ampe mtu mwingine nafasi hiyo.",

    hidden_subject: |listing| format!("Tangazo lako limeondolewa: {listing}"),
    hidden: |listing| format!("Timu yetu imeondoa tangazo lako \"{listing}\". Wageni hawalioni tena."),
    hidden_mistake: "Kama unaona ni kosa, jibu barua pepe hii au tuandikie kupitia ukurasa wa mawasiliano.",

    suspended_subject: "Akaunti yako ya muuzaji ya Mtaani imesimamishwa",
    suspended: "Timu yetu imesimamisha akaunti yako ya muuzaji: matangazo yako yamefichwa na huwezi kuchapisha \
                mapya.",
    suspended_talk: "Ili kulizungumzia, tuandikie kupitia ukurasa wa mawasiliano.",
    unsuspended_subject: "Akaunti yako ya muuzaji ya Mtaani inatumika tena",
    unsuspended: "Akaunti yako ya muuzaji haijasimamishwa tena: matangazo yako yamerudi na unaweza kuchapisha tena.",

    invitation_subject: |service| format!("{service} ilikuwaje?"),
    invitation: |service, provider, date, time| {
        format!("Uliweka miadi ya {service} na {provider} siku ya {date}, {time}. Ilikwendaje?")
    },
    invitation_why: "Maoni yako yanawasaidia majirani zako kuchagua, na ni wateja walioweka miadi pekee wanaoweza \
                     kutoa maoni. Inachukua dakika moja; kiungo kinafanya kazi mara moja tu, kwa siku 30.",
    invitation_button: "Andika maoni yako",

    reply_subject: |service| format!("{service} wamejibu maoni yako"),
    reply: |service| format!("{service} wamejibu maoni yako:"),
    reply_button: "Yaone kwenye Mtaani",

    requested_subject: |service| format!("Ombi la miadi limetumwa: {service}"),
    requested: |service, when| format!("Ombi lako la miadi ya {service} siku ya {when} limemfikia mtoa huduma."),
    requested_next: "Tutakutumia barua pepe atakapoithibitisha. Unahitaji saa nyingine, au hutaweza kufika? \
                     Badilisha au ghairi kupitia kiungo kilicho hapa chini.",

    reminder_subject: |service, time| format!("Kumbusho: {service} kesho, {time}"),
    reminder: |service, when| format!("Tunakukumbusha miadi yako ya {service} siku ya {when}."),
    reminder_where: |location| format!("Mahali: {location}"),
    directions: |directions| format!("Maelekezo: {directions}"),
    price: |range| format!("Bei: {range}"),
    takes: |length| format!("Inachukua takriban {length}."),
    with_member: |member| format!("Atakayekuhudumia: {member}"),
    services: |services| format!("Huduma: {services}"),
    contact: |whatsapp, phone| format!("Maswali, au njia ya kufika: WhatsApp {whatsapp} au piga simu {phone}."),
    minutes: |n| format!("dakika {n}"),
    hours: |n| format!("saa {n}"),
    hours_and_minutes: |h, m| format!("{h} na {m}"),
    reminder_change: "Hutaweza kufika? Badilisha au ghairi kupitia kiungo kilicho hapa chini wakati bado unaweza.",

    agenda_subject: |n| format!("Leo kwenye Mtaani: miadi {n}"),
    agenda_one: "moja",
    agenda: |date, count| format!("Una miadi {count} siku ya {date}."),
    agenda_booking: |time, service, customer, minutes| format!("{time}: {service} ya {customer} (dakika {minutes})"),
    agenda_confirm: "Thibitisha yoyote ambayo bado inasubiri jibu lako katika Akaunti Yangu.",

    rescheduled_subject: |service| format!("Miadi imehamishwa: {service}"),
    rescheduled: |customer, service, previous_date, previous_time, when| {
        format!("{customer} amehamisha miadi yake ya {service} kutoka {previous_date}, {previous_time} hadi {when}.")
    },
    rescheduled_free: "Saa ya awali iko wazi tena.",

    moved_subject: |service| format!("Miadi yako imehamishwa: {service}"),
    moved: |service, when| format!("Miadi yako ya {service} sasa ni siku ya {when}."),
    moved_invite: "Mwaliko wa kalenda uliosasishwa umeambatishwa; mtoa huduma amejulishwa.",

    member_changed_subject: |service| format!("Mhudumu mpya wa miadi yako: {service}"),
    member_changed: |member, service, when| format!("{member} sasa atakuhudumia kwa {service}, {when}."),
    member_changed_same: "Saa yako haibadiliki; mtoa huduma amepanga hivyo.",

    provider_left_subject: |service| format!("Miadi imeghairiwa: {service}"),
    provider_left: |service, when| {
        format!(
            "Samahani: mtoa huduma wa {service} amefunga akaunti yake ya Mtaani, kwa hivyo miadi yako ya siku ya \
             {when} imeghairiwa."
        )
    },
    provider_left_find: "Unaweza kupata mtoa huduma mwingine karibu nawe kwenye Mtaani.",

    declined_subject: |service| format!("Miadi haipatikani: {service}"),
    declined: |service, when| format!("Samahani: mtoa huduma hakuweza kupokea miadi yako ya {service} siku ya {when}."),
    declined_choose: "Unaweza kuchagua saa nyingine kwenye Mtaani.",

    cancelled_subject: |service| format!("Miadi imeghairiwa: {service}"),
    cancelled: |customer, service, when| {
        format!("{customer} ameghairi miadi ya {service} siku ya {when}. Nafasi hiyo iko wazi tena.")
    },

    subscription_subject: |package| format!("Kifurushi chako cha Mtaani cha {package} kinaisha hivi karibuni"),
    subscription_paid: |package, until| format!("Kifurushi chako cha {package} kimelipiwa hadi {until}."),
    subscription_renew: |amount| {
        format!("Kilipie tena kwa Ksh {amount} kutoka Akaunti Yangu ili matangazo yako yaendelee kuonekana.")
    },
    subscription_button: "Lipia sasa",

    contact_subject: "Tumepokea ujumbe wako",
    contact_thanks: |subject| format!("Asante kwa kuwasiliana na Mtaani kuhusu \"{subject}\"."),
    contact_soon: "Tutakujibu hivi karibuni.",
    contact_you_wrote: |subject| format!("Ulituandikia kuhusu \"{subject}\":"),
};
