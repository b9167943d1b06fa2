//! Dates in Kiswahili: weekday and month names, as the e-mails and SMS write a booking's day (their
//! words are in `proto/i18n/sw.json`, by code).

use chrono::{Datelike, NaiveDate};

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
