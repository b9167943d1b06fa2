//! The bookable time slots of SPEC §9: 30-minute steps from 7:00 AM to 10:30 PM, grouped by period.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Morning,
    Afternoon,
    Evening,
}

/// One slot: its label exactly as the dialog shows it, and when it starts (minutes after midnight).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeSlot {
    pub label: String,
    pub period: Period,
    pub minutes: u32,
}

/// Every slot of a day, in order.
pub fn all() -> Vec<TimeSlot> {
    (7 * 60..=22 * 60 + 30)
        .step_by(30)
        .map(|minutes| TimeSlot {
            label: label(minutes),
            period: match minutes {
                m if m < 12 * 60 => Period::Morning,
                m if m < 16 * 60 => Period::Afternoon,
                _ => Period::Evening,
            },
            minutes,
        })
        .collect()
}

/// The slot with this label, if it is one.
pub fn find(label: &str) -> Option<TimeSlot> {
    let label = label.trim();
    all().into_iter().find(|s| s.label == label)
}

pub fn label(minutes: u32) -> String {
    let (h, m) = (minutes / 60, minutes % 60);
    let (h12, ampm) = match h {
        0 => (12, "AM"),
        1..=11 => (h, "AM"),
        12 => (12, "PM"),
        _ => (h - 12, "PM"),
    };
    format!("{h12}:{m:02} {ampm}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_follow_the_spec() {
        let slots = all();
        // The table both sides check (web/src/features/booking/slots.test.ts reads the same file).
        let table: serde_json::Value =
            serde_json::from_str(include_str!("../../../proto/cases/slots.json")).expect("slots.json");
        let want: Vec<(String, String, u64)> = table["slots"]
            .as_array()
            .expect("slots")
            .iter()
            .map(|s| {
                (
                    s["label"].as_str().unwrap().into(),
                    s["period"].as_str().unwrap().into(),
                    s["minutes"].as_u64().unwrap(),
                )
            })
            .collect();
        let got: Vec<(String, String, u64)> =
            slots.iter().map(|s| (s.label.clone(), format!("{:?}", s.period), u64::from(s.minutes))).collect();
        assert_eq!(got, want);
        assert_eq!(slots.len(), 32);
        assert_eq!(slots[0].label, "7:00 AM");
        assert_eq!(slots.last().unwrap().label, "10:30 PM");
        let by = |p| slots.iter().filter(|s| s.period == p).map(|s| s.label.as_str()).collect::<Vec<_>>();
        assert_eq!(by(Period::Morning).first().copied(), Some("7:00 AM"));
        assert_eq!(by(Period::Morning).last().copied(), Some("11:30 AM"));
        assert_eq!(
            by(Period::Afternoon),
            ["12:00 PM", "12:30 PM", "1:00 PM", "1:30 PM", "2:00 PM", "2:30 PM", "3:00 PM", "3:30 PM"]
        );
        assert_eq!(by(Period::Evening).first().copied(), Some("4:00 PM"));
        assert_eq!(
            find(" 12:30 PM"),
            Some(TimeSlot { label: "12:30 PM".into(), period: Period::Afternoon, minutes: 750 })
        );
        assert_eq!(find("6:30 AM"), None);
        assert_eq!(find("7:15 AM"), None);
    }
}
