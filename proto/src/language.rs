//! The languages Mtaani speaks to people: English, the default, and Kiswahili. How a
//! request says which it prefers (`Accept-Language`, RFC 9110 §12.5.4) and how the contract names
//! them in its messages: `language` fields holding `"en"` or `"sw"` (empty: English).

/// A language Mtaani writes in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Language {
    #[default]
    En,
    Sw,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::En, Language::Sw];

    /// The code the contract and the database carry, and `Content-Language` says.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Sw => "sw",
        }
    }

    /// A language a person chose: exactly one of the codes (any case, spaces around ignored).
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| code.trim().eq_ignore_ascii_case(l.code()))
    }

    /// The language a message's `language` field names; empty or unknown (a caller from before the
    /// field existed) is English.
    pub fn of(code: &str) -> Self {
        Self::from_code(code).unwrap_or_default()
    }

    /// The language an `Accept-Language` header prefers among ours: the highest quality, the first
    /// listed on a tie; a tag counts by its primary subtag (`sw-KE` is Kiswahili), `q=0` refuses it.
    /// Nothing we speak, or a header that cannot be read: English.
    pub fn from_accept_language(header: &str) -> Self {
        let mut best: Option<(u16, Language)> = None;
        for item in header.split(',').take(32) {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or_default().trim();
            let primary = tag.split(['-', '_']).next().unwrap_or_default();
            let Some(language) = Self::from_code(primary) else { continue };
            let quality = parts.find_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")));
            let quality = match quality {
                None => 1000,
                Some(q) => match parse_quality(q) {
                    Some(q) => q,
                    None => continue,
                },
            };
            if quality > 0 && best.is_none_or(|(q, _)| quality > q) {
                best = Some((quality, language));
            }
        }
        best.map(|(_, language)| language).unwrap_or_default()
    }
}

/// A quality value (`0`, `0.5`, `1.000`) in thousandths.
fn parse_quality(q: &str) -> Option<u16> {
    let (whole, fraction) = q.trim().split_once('.').unwrap_or((q.trim(), ""));
    if fraction.len() > 3 || !fraction.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let thousandths: u16 = format!("{fraction:0<3}").parse().ok()?;
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_prefers_the_best_quality_of_ours() {
        use Language::*;
        for (header, expected) in [
            ("sw", Sw),
            ("sw-KE", Sw),
            ("SW_ke", Sw),
            ("en", En),
            ("", En),
            ("fr, de", En),
            ("fr, sw;q=0.5", Sw),
            ("en;q=0.4, sw;q=0.8", Sw),
            ("sw;q=0, en", En),
            ("sw;q=0", En),
            ("sw, en", Sw),
            ("en, sw", En),
            ("sw;q=0.9, en;q=0.9", Sw),
            ("en-GB;q=0.8, sw-KE;q=0.9, *;q=0.1", Sw),
            ("sw;q=2", En),
            ("sw;q=abc", En),
            ("sw;q=0.0001", En),
            (";;;,,,", En),
        ] {
            assert_eq!(Language::from_accept_language(header), expected, "{header:?}");
        }
    }

    #[test]
    fn codes() {
        assert_eq!(Language::from_code(" SW "), Some(Language::Sw));
        assert_eq!(Language::from_code("sw-KE"), None, "a chosen language is one of the codes");
        assert_eq!(Language::of(""), Language::En);
        assert_eq!(Language::of("fr"), Language::En);
        assert_eq!(Language::Sw.to_string(), "sw");
    }
}
