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

    #[test]
    fn kenyan_local_numbers_become_international() {
        assert_eq!(clean("0712 345 678").as_deref(), Some("+254712345678"));
        assert_eq!(clean("0112-345-678").as_deref(), Some("+254112345678"));
        assert_eq!(clean("254712345678").as_deref(), Some("+254712345678"));
        assert_eq!(clean("+254 712 345 678").as_deref(), Some("+254712345678"));
        assert_eq!(clean("712345678").as_deref(), Some("+254712345678"));
    }

    #[test]
    fn foreign_numbers_keep_their_digits() {
        assert_eq!(clean("+44 20 7946 0958").as_deref(), Some("+442079460958"));
        assert_eq!(clean("(256) 772-123456").as_deref(), Some("+256772123456"));
    }

    #[test]
    fn bad_numbers_are_refused() {
        assert_eq!(clean(""), None);
        assert_eq!(clean("12345"), None);
        assert_eq!(clean("0812345678"), None, "a leading zero that is not Kenyan mobile");
        assert_eq!(clean("+1234567890123456"), None, "16 digits");
        assert_eq!(clean("0712+345678"), None);
        assert_eq!(clean("abc"), None);
    }

    #[test]
    fn redaction_hides_the_middle() {
        assert_eq!(redact("+254712345678"), "+254712***678");
        assert_eq!(digits("+254712345678"), "254712345678");
    }
}
