//! Calendar invites (RFC 5545) for booking e-mails, in Nairobi time. A small writer of our own: an
//! invite is one VEVENT and the one VTIMEZONE Kenya needs (EAT, UTC+3 all year, no daylight saving),
//! and the crates we looked at (`icalendar`) do not write VTIMEZONE blocks, which calendar apps need
//! to show a TZID-qualified time correctly. What RFC 5545 asks of a writer is done here and tested:
//! CRLF line ends, text escaping (`\`, `;`, `,`, newlines), and lines folded at 75 octets without
//! splitting a UTF-8 character.

use chrono::{DateTime, Duration, FixedOffset};

/// The Nairobi time zone as calendar apps read it.
const VTIMEZONE: &[&str] = &[
    "BEGIN:VTIMEZONE",
    "TZID:Africa/Nairobi",
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    "TZOFFSETFROM:+0300",
    "TZOFFSETTO:+0300",
    "TZNAME:EAT",
    "END:STANDARD",
    "END:VTIMEZONE",
];

/// One booking as a calendar event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Stable across updates of the same booking (a moved booking replaces its old event).
    pub uid: String,
    /// Bumped by every update (the booking's `updated_at` works).
    pub sequence: i64,
    pub starts_at: i64,
    pub minutes: i64,
    pub summary: String,
    pub location: String,
    pub description: String,
    pub url: String,
    /// When the invite is written (unix seconds).
    pub stamp: i64,
    /// A cancelled booking's invite removes the event.
    pub cancelled: bool,
}

fn nairobi() -> FixedOffset {
    FixedOffset::east_opt(3 * 3600).expect("UTC+3 is a valid offset")
}

fn local(secs: i64) -> String {
    DateTime::from_timestamp(secs, 0).unwrap_or_default().with_timezone(&nairobi()).format("%Y%m%dT%H%M%S").to_string()
}

fn utc(secs: i64) -> String {
    DateTime::from_timestamp(secs, 0).unwrap_or_default().format("%Y%m%dT%H%M%SZ").to_string()
}

/// TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 §3.3.11).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A content line folded at 75 octets (RFC 5545 §3.1): continuation lines start with one space.
pub fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3);
    let mut width = 0;
    for c in line.chars() {
        let len = c.len_utf8();
        if width + len > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += len;
    }
    out.push_str("\r\n");
    out
}

/// The invite as a `text/calendar` document.
pub fn write(e: &Event) -> String {
    let method = if e.cancelled { "CANCEL" } else { "PUBLISH" };
    let mut lines: Vec<String> = vec![
        "BEGIN:VCALENDAR".into(),
        "VERSION:2.0".into(),
        "PRODID:-//Mtaani//Bookings//EN".into(),
        "CALSCALE:GREGORIAN".into(),
        format!("METHOD:{method}"),
    ];
    lines.extend(VTIMEZONE.iter().map(|l| (*l).to_owned()));
    let end = e.starts_at + Duration::minutes(e.minutes).num_seconds();
    lines.extend([
        "BEGIN:VEVENT".into(),
        format!("UID:{}", escape(&e.uid)),
        format!("SEQUENCE:{}", e.sequence.max(0)),
        format!("DTSTAMP:{}", utc(e.stamp)),
        format!("DTSTART;TZID=Africa/Nairobi:{}", local(e.starts_at)),
        format!("DTEND;TZID=Africa/Nairobi:{}", local(end)),
        format!("SUMMARY:{}", escape(&e.summary)),
    ]);
    if !e.location.is_empty() {
        lines.push(format!("LOCATION:{}", escape(&e.location)));
    }
    if !e.description.is_empty() {
        lines.push(format!("DESCRIPTION:{}", escape(&e.description)));
    }
    if !e.url.is_empty() {
        lines.push(format!("URL:{}", e.url));
    }
    lines.push(format!("STATUS:{}", if e.cancelled { "CANCELLED" } else { "CONFIRMED" }));
    lines.extend(["END:VEVENT".into(), "END:VCALENDAR".into()]);
    lines.iter().map(|l| fold(l)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event() -> Event {
        Event {
            uid: "0193a000-0000-7000-8000-000000000101@mtaani.co.ke".into(),
            sequence: 2,
            starts_at: DateTime::parse_from_rfc3339("2026-12-01T11:00:00+03:00").unwrap().timestamp(),
            minutes: 90,
            summary: "Knotless braids, waist length; with Wanjiru".into(),
            location: "Kilimani, Nairobi".into(),
            description: "Change or cancel: https://mtaani.co.ke/appointments/cancel?token=abc\nSee you!".into(),
            url: "https://mtaani.co.ke/appointments/cancel?token=abc".into(),
            stamp: DateTime::parse_from_rfc3339("2026-11-24T09:00:00Z").unwrap().timestamp(),
            cancelled: false,
        }
    }

    #[test]
    fn an_invite_is_in_nairobi_time_with_its_zone() {
        let ics = write(&event());
        assert!(ics.ends_with("END:VCALENDAR\r\n"));
        assert!(ics.lines().all(|l| !l.is_empty()), "every line ends in CRLF, none blank");
        assert!(!ics.replace("\r\n", "").contains('\n'), "no bare LF");
        assert!(ics.contains("DTSTART;TZID=Africa/Nairobi:20261201T110000\r\n"));
        assert!(ics.contains("DTEND;TZID=Africa/Nairobi:20261201T123000\r\n"), "90 minutes later");
        assert!(ics.contains("BEGIN:VTIMEZONE\r\nTZID:Africa/Nairobi\r\n"));
        assert!(ics.contains("TZOFFSETTO:+0300\r\n"));
        assert!(ics.contains("DTSTAMP:20261124T090000Z\r\n"));
        assert!(ics.contains("SUMMARY:Knotless braids\\, waist length\\; with Wanjiru\r\n"));
        assert!(ics.contains("SEQUENCE:2\r\n") && ics.contains("METHOD:PUBLISH\r\n"));
        let cancel = write(&Event { cancelled: true, ..event() });
        assert!(cancel.contains("METHOD:CANCEL\r\n") && cancel.contains("STATUS:CANCELLED\r\n"));
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_a_character() {
        let line = format!("DESCRIPTION:{}", "Karibu sana — ".repeat(12));
        let folded = fold(&line);
        for part in folded.split("\r\n").filter(|p| !p.is_empty()) {
            assert!(part.len() <= 75, "{} octets: {part}", part.len());
        }
        let unfolded = folded.trim_end_matches("\r\n").replace("\r\n ", "");
        assert_eq!(unfolded, line);
        assert_eq!(escape("a\\b\r\nc"), "a\\\\b\\nc");
    }
}
