//! The one rule for phone numbers entering the system (SPEC §5, made Kenyan-aware).
//!
//! Keep digits and plus; turn a Kenyan local number into international form (`07…`/`01…` → `+2547…`,
//! `254…` → `+254…`); prepend a plus; then it must be a plus and 10 to 15 digits.

/// The cleaned number, or `None` when it does not fit the rule.
pub fn clean(raw: &str) -> Option<String> {
    let kept: String = raw.chars().filter(|c| c.is_ascii_digit() || *c == '+').collect();
    let digits: String = kept.chars().filter(char::is_ascii_digit).collect();
    // A plus anywhere but the front is not a phone number.
    if kept.rfind('+').is_some_and(|i| i > 0) {
        return None;
    }
    let had_plus = kept.starts_with('+');
    let international = if !had_plus && digits.len() == 10 && (digits.starts_with("07") || digits.starts_with("01")) {
        format!("254{}", &digits[1..])
    } else if !had_plus && digits.len() == 9 && (digits.starts_with('7') || digits.starts_with('1')) {
        format!("254{digits}")
    } else {
        digits
    };
    let len = international.len();
    ((10..=15).contains(&len) && !international.starts_with('0')).then(|| format!("+{international}"))
}

/// The digits only, for wa.me links and M-Pesa (`2547…`).
pub fn digits(cleaned: &str) -> String {
    cleaned.chars().filter(char::is_ascii_digit).collect()
}

/// `+254712***678`: enough to recognise a number in a log, not enough to call it.
pub fn redact(number: &str) -> String {
    let chars: Vec<char> = number.chars().collect();
    if chars.len() <= 7 {
        return "***".into();
    }
    let head: String = chars[..chars.len() - 6].iter().collect();
    let tail: String = chars[chars.len() - 3..].iter().collect();
    format!("{head}***{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cases both sides check (web/src/lib/phone.test.ts reads the same file).
    #[test]
    fn every_case_of_the_shared_table() {
        let table: serde_json::Value = serde_json::from_str(include_str!("../cases/phone.json")).unwrap();
        let cases = table["cases"].as_array().expect("cases");
        assert!(cases.len() >= 20, "the table is read");
        for case in cases {
            let (input, expected) = (case["input"].as_str().unwrap(), case["expected"].as_str());
            assert_eq!(clean(input).as_deref(), expected, "{input:?}: {}", case["why"]);
            if let Some(cleaned) = expected {
                assert_eq!(clean(cleaned).as_deref(), Some(cleaned), "a cleaned number cleans to itself");
            }
        }
    }

    #[test]
    fn redaction_hides_the_middle() {
        assert_eq!(redact("+254712345678"), "+254712***678");
        assert_eq!(digits("+254712345678"), "254712345678");
    }
}
