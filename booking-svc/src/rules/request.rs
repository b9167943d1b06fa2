//! What a booking request must say (SPEC §5), on the server: required fields, a valid e-mail, a date
//! from today and a slot that has not passed, both in Africa/Nairobi time.

use chrono::{DateTime, Duration, FixedOffset, NaiveDate, Timelike, Utc};
use mtaani_proto::{booking::v1::CreateAppointmentRequest, email::is_email, phone, status::Violations, text::said};

use crate::rules::slots::{self, TimeSlot};

/// Kenya keeps East Africa Time all year (UTC+3, no daylight saving).
pub fn nairobi() -> FixedOffset {
    FixedOffset::east_opt(3 * 3600).expect("a valid offset")
}

/// A request that passed every rule, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedRequest {
    pub service_id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub date: NaiveDate,
    pub slot: TimeSlot,
    pub message: String,
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// `YYYY-MM-DD`, or a full ISO timestamp read as its date in Nairobi.
pub fn parse_date(raw: &str) -> Option<NaiveDate> {
    let raw = raw.trim();
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .ok()
        .or_else(|| DateTime::parse_from_rfc3339(raw).ok().map(|t| t.with_timezone(&nairobi()).date_naive()))
}

/// Checks a request at `now`: every broken rule under its field. Missing fields are reported
/// together with the spec's one message.
pub fn check(r: &CreateAppointmentRequest, now: DateTime<Utc>) -> Result<CheckedRequest, Violations> {
    let (name, email, message) = (r.name.trim(), r.email.trim(), r.message.trim());
    let mut missing = Violations::new();
    for (field, value) in [("serviceId", &r.service_id), ("date", &r.date), ("time", &r.time), ("name", &r.name)] {
        missing.check(!value.trim().is_empty(), field, said::fill_required_fields());
    }
    missing.check(!email.is_empty(), "email", said::fill_required_fields());
    if !missing.is_empty() {
        return Err(missing);
    }

    let mut v = Violations::new();
    v.check(is_email(email), "email", said::bad_email());
    v.check(chars(name) <= 100, "name", said::name_too_long());
    v.check(chars(message) <= 1000, "message", said::booking_message_too_long());
    v.check(!name.contains('\0') && !message.contains('\0'), "message", said::nul_characters());
    // The phone is optional; given, it is cleaned like every number entering the system (+2547…).
    let phone = match r.phone.trim() {
        "" => Some(String::new()),
        given => phone::clean(given),
    };
    v.check(phone.is_some(), "phone", said::bad_phone());
    let here = now.with_timezone(&nairobi());
    let today = here.date_naive();
    let date = parse_date(&r.date);
    let slot = slots::find(&r.time);
    match date {
        None => {
            v.check(false, "date", said::choose_valid_date());
        }
        Some(d) => {
            v.check(d >= today, "date", said::choose_date_from_today());
            v.check(d <= today + Duration::days(366), "date", said::date_too_far());
        }
    }
    match &slot {
        None => {
            v.check(false, "time", said::choose_available_slot());
        }
        Some(s) if date == Some(today) => {
            v.check(s.minutes > here.hour() * 60 + here.minute(), "time", said::slot_passed());
        }
        Some(_) => {}
    }
    if !v.is_empty() {
        return Err(v);
    }
    Ok(CheckedRequest {
        service_id: r.service_id.trim().to_owned(),
        name: name.to_owned(),
        email: email.to_owned(),
        phone: phone.unwrap_or_default(),
        date: date.expect("checked"),
        slot: slot.expect("checked"),
        message: message.to_owned(),
    })
}

/// The slots of `date` that are gone at `now` (all of them before today, none after).
pub fn past_slots(date: NaiveDate, now: DateTime<Utc>) -> Vec<String> {
    let here = now.with_timezone(&nairobi());
    let minute = here.hour() * 60 + here.minute();
    slots::all()
        .into_iter()
        .filter(|s| date < here.date_naive() || (date == here.date_naive() && s.minutes <= minute))
        .map(|s| s.label)
        .collect()
}

/// The end of the appointment's day in Nairobi, as unix seconds: cancel links last until then.
pub fn end_of_day(date: NaiveDate) -> i64 {
    let next = date.succ_opt().unwrap_or(date);
    next.and_hms_opt(0, 0, 0).and_then(|t| t.and_local_timezone(nairobi()).single()).map_or(0, |t| t.timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(rfc3339: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().with_timezone(&Utc)
    }

    fn request(date: &str, time: &str) -> CreateAppointmentRequest {
        CreateAppointmentRequest {
            service_id: "s1".into(),
            name: " Amina Wanjiku ".into(),
            email: "amina@example.co.ke".into(),
            date: date.into(),
            time: time.into(),
            ..Default::default()
        }
    }

    use mtaani_proto::text::Text;

    /// What the first broken rule says.
    fn message(r: Result<CheckedRequest, Violations>) -> String {
        r.unwrap_err().fields()[0].1.to_string()
    }

    fn says(text: Text) -> String {
        text.to_string()
    }

    #[test]
    fn required_fields_give_the_spec_message() {
        let now = at("2026-11-21T09:00:00+03:00");
        for blank in ["date", "time", "name", "email"] {
            let mut r = request("2026-11-22", "9:00 AM");
            match blank {
                "date" => r.date = " ".into(),
                "time" => r.time.clear(),
                "name" => r.name.clear(),
                _ => r.email.clear(),
            }
            assert_eq!(message(check(&r, now)), says(said::fill_required_fields()), "{blank}");
        }
        let ok = check(&request("2026-11-22", "9:00 AM"), now).unwrap();
        assert_eq!((ok.name.as_str(), ok.slot.label.as_str()), ("Amina Wanjiku", "9:00 AM"));
    }

    #[test]
    fn dates_and_slots_are_read_in_nairobi_time() {
        // 23:30 UTC on the 20th is already 02:30 on the 21st in Nairobi.
        let now = at("2026-11-20T23:30:00Z");
        assert_eq!(message(check(&request("2026-11-20", "9:00 AM"), now)), says(said::choose_date_from_today()));
        assert!(check(&request("2026-11-21", "7:00 AM"), now).is_ok());
        assert_eq!(parse_date("2026-11-21T21:30:00Z"), NaiveDate::from_ymd_opt(2026, 11, 22), "read as Nairobi date");
        assert_eq!(parse_date("2026-11-21T00:00:00+03:00"), NaiveDate::from_ymd_opt(2026, 11, 21));
        assert_eq!(parse_date("21/11/2026"), None);

        let midday = at("2026-11-21T12:10:00+03:00");
        assert_eq!(message(check(&request("2026-11-21", "12:00 PM"), midday)), says(said::slot_passed()));
        assert!(check(&request("2026-11-21", "12:30 PM"), midday).is_ok());
        assert_eq!(message(check(&request("2026-11-21", "12:15 PM"), midday)), says(said::choose_available_slot()));
        assert_eq!(message(check(&request("2028-01-01", "9:00 AM"), midday)), says(said::date_too_far()));
    }

    /// The slots of a day that are gone, as both sides count them (web/src/features/booking/slots.test.ts
    /// reads the same table).
    #[test]
    fn past_slots_follow_the_shared_table() {
        let table: serde_json::Value =
            serde_json::from_str(include_str!("../../../proto/cases/slots.json")).expect("slots.json");
        let labels: Vec<&str> =
            table["slots"].as_array().unwrap().iter().map(|s| s["label"].as_str().unwrap()).collect();
        let cases = table["past"].as_array().expect("past");
        assert!(cases.len() >= 10, "the table is read");
        for case in cases {
            let date = NaiveDate::parse_from_str(case["date"].as_str().unwrap(), "%Y-%m-%d").unwrap();
            let count = usize::try_from(case["past"].as_u64().unwrap()).unwrap();
            assert_eq!(past_slots(date, at(case["now"].as_str().unwrap())), labels[..count].to_vec(), "{case}");
        }
    }

    #[test]
    fn text_is_checked() {
        let now = at("2026-11-21T09:00:00+03:00");
        let mut r = request("2026-11-22", "9:00 AM");
        r.email = "amina-at-example".into();
        assert_eq!(message(check(&r, now)), says(said::bad_email()));
        let mut r = request("2026-11-22", "9:00 AM");
        r.message = "x".repeat(1001);
        assert_eq!(message(check(&r, now)), says(said::booking_message_too_long()));
        r.message = "مرحبا 👋 <script>alert(1)</script>".into();
        assert!(check(&r, now).is_ok(), "any text is accepted and shown as text");
        r.phone = "0712 345 678".into();
        assert_eq!(check(&r, now).unwrap().phone, "+254712345678", "a phone is cleaned");
        r.phone = "call me".into();
        assert_eq!(message(check(&r, now)), says(said::bad_phone()));
    }

    #[test]
    fn cancel_links_last_until_the_end_of_the_day() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        assert_eq!(end_of_day(d), at("2026-11-23T00:00:00+03:00").timestamp());
    }
}
