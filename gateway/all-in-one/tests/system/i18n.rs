//! The API in Kiswahili (issue 21): every message the services and the gateway can answer a person
//! with is in the dictionary (read from the sources, as `tests/openapi.rs` reads the routes); error
//! answers follow `Accept-Language`; a seller chooses the language of their e-mails and SMS; and a
//! booking made in Kiswahili brings its customer's e-mails and SMS in Kiswahili, and its provider's
//! in the provider's language. Against the real services on loopback, on SQLite and PostgreSQL.

use std::{
    collections::{BTreeMap, BTreeSet, HashMap},
    path::{Path, PathBuf},
    time::Duration,
};

use axum::{
    Router,
    body::Body,
    http::{Request, StatusCode, header},
};
use gateway::i18n::{Dictionary, Language};
use mtaani_runtime::testing::{TestDb, eventually};
use serde_json::{Value, json};

use crate::common;

use common::{Services, call, files_in, request, sign_in, sms_files};

// ---------------------------------------------------------------------------------------------
// Every message in the dictionary

/// Messages found by the scan that never reach a person: calls between the services (a
/// notification's recipient, the SMS opt-out callback of Africa's Talking, the data-rights calls the
/// gateway makes with ids it holds) and a name.
const NOT_SHOWN: &[&str] = &[
    "A valid recipient e-mail address is required",
    "A valid recipient phone number is required",
    "At most 100 notifications at once",
    "The idempotency key is too long",
    "The kind of notification is required",
    "email is required",
    "customer_id is required",
    "seller_id is required",
    "member_id is required",
    "user_id is required",
    "booking_id and customer_email are required",
    "customer_id or email is required",
    "phoneNumber must be a phone number",
    "Mtaani Support",
];

/// The crates whose messages reach the API's answers.
const SOURCES: &[&str] = &[
    "gateway/src",
    "accounts-svc/src",
    "catalog-svc/src",
    "booking-svc/src",
    "messaging-svc/src",
    "proto/src",
    "proto/runtime/src",
];

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    Str(String),
    Punct(char),
}

/// Rust source as identifiers, string literals (escapes and line continuations undone, raw and
/// byte strings included) and punctuation; comments, char literals and lifetimes left out.
fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '\'' {
            // A char literal ('a', '\n', '\u{201c}') or a lifetime ('static).
            if next == Some('\\') {
                // Past the quote, the backslash and the escaped character, to the closing quote.
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
        } else if c == '"' {
            let (text, end) = string(&chars, i + 1);
            out.push(Token::Str(text));
            i = end;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let at = chars.get(i).copied();
            let hashes = chars[i..].iter().take_while(|c| **c == '#').count();
            // `r#"…"#` is a raw string, `r#type` a raw identifier.
            if (word == "r" || word == "br") && chars.get(i + hashes) == Some(&'"') {
                let open = i + hashes + 1;
                let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                let rest: String = chars[open..].iter().collect();
                let len = rest.find(&close).expect("a raw string ends");
                out.push(Token::Str(rest[..len].to_owned()));
                i = open + rest[..len].chars().count() + close.chars().count();
            } else if word == "b" && at == Some('"') {
                let (text, end) = string(&chars, i + 1);
                out.push(Token::Str(text));
                i = end;
            } else {
                out.push(Token::Ident(word));
            }
        } else {
            out.push(Token::Punct(c));
            i += 1;
        }
    }
    out
}

/// The string literal starting after its opening quote at `i`: its text, and where it ends.
fn string(chars: &[char], mut i: usize) -> (String, usize) {
    let mut text = String::new();
    while i < chars.len() && chars[i] != '"' {
        if chars[i] == '\\' {
            i += 1;
            match chars.get(i) {
                Some('n') => text.push('\n'),
                Some('t') => text.push('\t'),
                Some('r') => text.push('\r'),
                Some('0') => text.push('\0'),
                Some('\n') => {
                    while chars.get(i + 1).is_some_and(|c| c.is_whitespace()) {
                        i += 1;
                    }
                }
                Some('u') => {
                    let close = chars[i..].iter().position(|c| *c == '}').unwrap() + i;
                    let hex: String = chars[i + 2..close].iter().collect();
                    text.extend(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()));
                    i = close;
                }
                Some('x') => {
                    let hex: String = chars[i + 1..i + 3].iter().collect();
                    text.push(u8::from_str_radix(&hex, 16).unwrap() as char);
                    i += 2;
                }
                Some(other) => text.push(*other),
                None => {}
            }
        } else {
            text.push(chars[i]);
        }
        i += 1;
    }
    (text, i + 1)
}

/// A call being read: the path called (`Status::not_found`, `format!`, `.check`, `#error`) and
/// which argument the reader is in.
#[derive(Debug, Default)]
struct Call {
    callee: String,
    arg: usize,
}

/// The `Status` codes whose message the gateway answers with; the others (internal, unavailable…)
/// become its own generic messages.
const SHOWN_CODES: &[&str] = &[
    "invalid_argument",
    "out_of_range",
    "unauthenticated",
    "permission_denied",
    "not_found",
    "already_exists",
    "aborted",
    "failed_precondition",
    "resource_exhausted",
];

/// Whether argument `arg` of a call to `callee` is a message a person reads.
fn is_message(callee: &str, arg: usize, file: &str) -> bool {
    let mut segments = callee.rsplit("::");
    let last = segments.next().unwrap_or_default();
    let qualifier = segments.next().unwrap_or_default();
    let message_arg = match last {
        _ if qualifier == "Status" => SHOWN_CODES.contains(&last).then_some(0),
        "new" if qualifier == "ApiError" => Some(1),
        "coded" if qualifier == "ApiError" => Some(2),
        "bad_request" | "not_found" if qualifier == "ApiError" => Some(0),
        "too_many"
        | "require_seller"
        | "Forbidden"
        | "invalid_argument"
        | "unauthenticated_totp"
        | "malformed"
        | "closed" => Some(0),
        // mtaani_proto::status's: (gRPC code, error code, message, …).
        "coded" | "with_field" | "with_fields" => Some(2),
        "invalid" | "outside_hours" => Some(1),
        ".check" => Some(2),
        "written" => Some(3),
        // The services' error enums (error.rs): what their `Display` says is what `Status` carries.
        "#error" if file.ends_with("/error.rs") => Some(0),
        _ => None,
    };
    message_arg == Some(arg)
}

/// Reads like a sentence: a capital first, a space, and a lowercase letter in the first word
/// (`M-Pesa is…` is one, `SELECT id…` is not).
fn is_sentence(text: &str) -> bool {
    let first_word = text.split(' ').next().unwrap_or_default();
    text.starts_with(|c: char| c.is_uppercase()) && text.contains(' ') && first_word.chars().any(char::is_lowercase)
}

/// Every message the API can answer with, and the files saying it: the arguments of the calls that
/// make errors (a text, `format!`'s text, or a constant by name); every text constant that reads
/// as a sentence; and every `format!` sentence of the services (the messages built with values).
/// The e-mails' and SMS' words (messaging-svc's templates) are not the API's.
fn messages() -> BTreeMap<String, BTreeSet<String>> {
    let root = crate::repo();
    let mut files = Vec::new();
    for dir in SOURCES {
        collect_rust(&root.join(dir), &mut files);
    }
    let mut consts: HashMap<String, Vec<String>> = HashMap::new();
    let mut found: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut named: Vec<(String, String)> = Vec::new();
    let mut aliases: Vec<(String, String)> = Vec::new();
    for path in files {
        let file = path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        let source = std::fs::read_to_string(&path).unwrap();
        let code = source.split("#[cfg(test)]\nmod ").next().unwrap();
        let emails = file.starts_with("messaging-svc/src/templates") || file == "messaging-svc/src/sms.rs";
        let service = !file.starts_with("proto/") && !emails;
        let toks = tokens(code);
        // `const NAME: &str = path::OTHER;`: a text written once elsewhere (mtaani_proto's).
        for i in 0..toks.len().saturating_sub(6) {
            if let [
                Token::Ident(k),
                Token::Ident(name),
                Token::Punct(':'),
                Token::Punct('&'),
                Token::Ident(ty),
                Token::Punct('='),
                Token::Ident(_),
            ] = &toks[i..i + 7]
                && k == "const"
                && ty == "str"
            {
                let path = toks[i + 6..].iter().take_while(|t| **t != Token::Punct(';'));
                if let Some(Token::Ident(target)) = path.last() {
                    aliases.push((name.clone(), target.clone()));
                }
            }
        }
        let mut calls: Vec<Call> = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            let back = |n: usize| i.checked_sub(n).and_then(|j| toks.get(j));
            match t {
                Token::Punct('(') => {
                    let callee = match (back(3), back(2), back(1)) {
                        (_, Some(Token::Ident(name)), Some(Token::Punct('!'))) => format!("{name}!"),
                        (Some(Token::Punct('#')), Some(Token::Punct('[')), Some(Token::Ident(name))) => {
                            format!("#{name}")
                        }
                        (_, Some(Token::Punct('.')), Some(Token::Ident(name))) => format!(".{name}"),
                        (_, _, Some(Token::Ident(name))) => {
                            let mut path = name.clone();
                            let mut j = i - 1;
                            while j >= 3
                                && toks[j - 1] == Token::Punct(':')
                                && toks[j - 2] == Token::Punct(':')
                                && matches!(toks[j - 3], Token::Ident(_))
                            {
                                if let Token::Ident(q) = &toks[j - 3] {
                                    path = format!("{q}::{path}");
                                }
                                j -= 3;
                            }
                            path
                        }
                        _ => String::new(),
                    };
                    calls.push(Call { callee, arg: 0 });
                }
                Token::Punct('[') | Token::Punct('{') => calls.push(Call::default()),
                Token::Punct(')') | Token::Punct(']') | Token::Punct('}') => {
                    calls.pop();
                }
                Token::Punct(',') => {
                    if let Some(c) = calls.last_mut() {
                        c.arg += 1;
                    }
                }
                Token::Str(text) => {
                    let in_format = calls.last().is_some_and(|c| c.callee == "format!" && c.arg == 0);
                    let call = if in_format { calls.iter().rev().nth(1) } else { calls.last() };
                    let shown = call.is_some_and(|c| is_message(&c.callee, c.arg, &file));
                    let constant = matches!(back(1), Some(Token::Punct('=')))
                        && matches!(back(2), Some(Token::Ident(s)) if s == "str")
                        && matches!(back(5), Some(Token::Ident(_)))
                        && matches!(back(6), Some(Token::Ident(k)) if k == "const");
                    if constant && let Some(Token::Ident(name)) = back(5) {
                        consts.entry(name.clone()).or_default().push(text.clone());
                    }
                    let sentence = service && is_sentence(text) && (constant || (in_format && text.ends_with('.')));
                    let from_error_enum = call.is_some_and(|c| c.callee == "#error");
                    if (shown && !(from_error_enum && text.contains('{'))) || sentence {
                        found.entry(text.clone()).or_default().insert(file.clone());
                    }
                }
                // A constant (SCREAMING_CASE) where a message goes.
                Token::Ident(name)
                    if name.len() > 1
                        && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
                        && name.chars().any(|c| c.is_ascii_uppercase())
                        && calls.last().is_some_and(|c| is_message(&c.callee, c.arg, &file)) =>
                {
                    named.push((name.clone(), file.clone()));
                }
                _ => {}
            }
        }
    }
    for (alias, target) in aliases {
        let values = consts.get(&target).cloned().unwrap_or_default();
        consts.entry(alias).or_default().extend(values);
    }
    for (name, file) in named {
        let values = consts.get(&name).unwrap_or_else(|| panic!("{file}: the constant {name} is not a text"));
        for value in values {
            found.entry(value.clone()).or_default().insert(file.clone());
        }
    }
    found
}

fn collect_rust(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_rust(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// A message built with values (`{}`, `{days}`) as it reads once built.
fn filled(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        out.push_str(&rest[..open]);
        out.push('2');
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

#[test]
fn every_message_the_api_can_answer_is_in_the_kiswahili_dictionary() {
    let found = messages();
    // The scan sees what it should: texts, constants by name (also through a module path), format!
    // sentences built with values, and the services' error enums.
    for (expected, file) in [
        ("Service not found", "catalog-svc/src/error.rs"),
        ("This booking is already cancelled.", "booking-svc/src/errors.rs"),
        ("That time is outside the provider's working hours.", "booking-svc/src/schedule.rs"),
        ("Please book at least {} ahead.", "booking-svc/src/schedule.rs"),
        ("Please enter a valid email address", "messaging-svc/src/contact.rs"),
        ("Invalid email or password", "accounts-svc/src/error.rs"),
        ("Only sellers have bookings to manage", "gateway/src/routes/booking.rs"),
        ("Please give a reason", "proto/runtime/src/audit.rs"),
        ("Your session has expired. Please sign in again.", "gateway/src/auth.rs"),
        ("The request body has a field of the wrong type: {}", "gateway/src/extract.rs"),
        ("Thank you. Our team will review this listing.", "gateway/src/routes/rights.rs"),
    ] {
        assert!(found.get(expected).is_some_and(|f| f.contains(file)), "the scan missed {expected:?} in {file}");
    }
    assert!(found.len() > 150, "only {} messages found", found.len());
    // Internal errors are logged, never answered: not messages.
    for internal in ["database: {0}", "Accounts are busy. Please try again.", "The catalog is busy. Please try again."]
    {
        assert!(!found.contains_key(internal), "{internal:?}");
    }

    let dictionary = gateway::i18n::dictionary(Language::Sw).expect("the Kiswahili dictionary");
    let missing: Vec<String> = found
        .iter()
        .filter(|(m, _)| !NOT_SHOWN.contains(&m.as_str()))
        .filter(|(m, _)| dictionary.translate(&filled(m)).is_none())
        .map(|(m, files)| format!("{m:?} ({})", files.iter().cloned().collect::<Vec<_>>().join(", ")))
        .collect();
    assert!(missing.is_empty(), "not in proto/i18n/sw.json:\n{}", missing.join("\n"));
    for internal in NOT_SHOWN {
        assert!(found.contains_key(*internal), "{internal:?} is no longer said: take it out of NOT_SHOWN");
    }
    // What the messages are built with is translated too.
    for (english, kiswahili) in [
        ("Please book at least 2 hours ahead.", "Tafadhali weka miadi angalau saa 2 mapema."),
        ("Please book at least 30 minutes ahead.", "Tafadhali weka miadi angalau dakika 30 mapema."),
        ("Please book at least 1 day ahead.", "Tafadhali weka miadi angalau siku 1 mapema."),
        ("The provider takes bookings up to 60 days ahead.", "Mtoa huduma hupokea miadi ya hadi siku 60 zijazo."),
        ("This booking is already confirmed.", "Miadi hii tayari imethibitishwa."),
        ("This booking was declined.", "Miadi hii imekataliwa."),
        ("Your Basic package allows only 1 photo(s).", "Kifurushi chako cha Basic kinaruhusu picha 1 tu."),
        ("File my braids.png is larger than 5 MB.", "Faili my braids.png ni kubwa kuliko MB 5."),
    ] {
        assert_eq!(dictionary.translate(english).as_deref(), Some(kiswahili));
    }
}

#[test]
fn the_dictionary_is_one_file_of_whole_translations() {
    let dictionary = Dictionary::parse(gateway::i18n::SW_JSON).expect("sw.json reads");
    let raw: serde_json::Map<String, Value> = serde_json::from_str(gateway::i18n::SW_JSON).unwrap();
    assert_eq!(dictionary.keys().count(), raw.len());
    for (english, kiswahili) in &raw {
        let kiswahili = kiswahili.as_str().unwrap();
        assert_ne!(english, kiswahili, "not translated");
        assert_eq!(kiswahili.trim(), kiswahili, "{english:?}");
        // A sentence ends as its English does.
        for end in ['.', '?', '!'] {
            assert_eq!(english.ends_with(end), kiswahili.ends_with(end), "{english:?} → {kiswahili:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Through the gateway

fn app(services: &Services) -> Router {
    gateway::app(services.state(Duration::from_secs(3), gateway::limits::RateLimiter::in_process(), false), None)
}

#[tokio::test]
async fn error_answers_follow_accept_language() {
    let services = Services::start(TestDb::sqlite, false).await;
    let app = app(&services);
    let unknown = "/api/service/0193a000-0000-7000-8000-999999999999";

    // A 404 from catalog-svc.
    let sw = call(&app, request("GET", unknown, Some("sw-KE, en;q=0.5"), None, None)).await;
    assert_eq!(sw.status, StatusCode::NOT_FOUND);
    assert_eq!(sw.json()["message"], "Huduma haipatikani");
    assert_eq!(sw.header_values("content-language"), "sw");
    assert!(sw.header_values("vary").contains("Accept-Language"), "{}", sw.header_values("vary"));
    let en = call(&app, request("GET", unknown, None, None, None)).await;
    assert_eq!((en.status, en.json()["message"].clone()), (StatusCode::NOT_FOUND, json!("Service not found")));
    assert_eq!(en.header_values("content-language"), "en");
    assert!(en.header_values("vary").contains("Accept-Language"));
    let preferred = call(&app, request("GET", unknown, Some("en;q=0.9, sw;q=0.4"), None, None)).await;
    assert_eq!(preferred.json()["message"], "Service not found", "English is preferred there");
    // The gateway's own 404.
    let nowhere = call(&app, request("GET", "/api/nowhere", Some("sw"), None, None)).await;
    assert_eq!((nowhere.status, nowhere.json()["message"].clone()), (StatusCode::NOT_FOUND, json!("Haipatikani")));

    // A validation error from messaging-svc: the message and each field's.
    let bad = json!({"name": "A", "email": "amina", "phone": "0712", "subject": "Hi", "message": "Short"});
    let sw = call(&app, request("POST", "/api/contact", Some("sw"), None, Some(bad.clone()))).await;
    assert_eq!(sw.status, StatusCode::BAD_REQUEST);
    let body = sw.json();
    assert_eq!(body["message"], "Jina lazima liwe na angalau herufi 2");
    assert_eq!(body["errors"]["email"], "Tafadhali weka anwani sahihi ya barua pepe");
    assert_eq!(body["errors"]["phone"], "Tafadhali weka nambari sahihi ya simu");
    assert_eq!(body["errors"]["subject"], "Mada lazima iwe na angalau herufi 5");
    assert_eq!(body["errors"]["message"], "Ujumbe lazima uwe na angalau herufi 10");
    assert_eq!(sw.header_values("content-language"), "sw");
    let en = call(&app, request("POST", "/api/contact", Some("fr"), None, Some(bad))).await;
    assert_eq!(en.json()["message"], "Name must be at least 2 characters");
    assert_eq!(en.json()["errors"]["email"], "Please enter a valid email address");
    // The gateway's own rejections, and a 401.
    let malformed = Request::post("/api/login")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT_LANGUAGE, "sw")
        .body(Body::from("{\"email\": "))
        .unwrap();
    assert_eq!(call(&app, malformed).await.json()["message"], "Maudhui ya ombi si JSON sahihi.");
    let me = call(&app, request("GET", "/api/me", Some("sw"), None, None)).await;
    assert_eq!(
        (me.status, me.json()["message"].clone()),
        (StatusCode::UNAUTHORIZED, json!("Tafadhali ingia ili uendelee."))
    );
    // A message built with values: 60 days ahead is beyond a demo provider's horizon.
    let listings = call(&app, request("GET", "/api/services?limit=100", None, None, None)).await.json();
    let id = listings[0]["_id"].as_str().unwrap();
    let far = (chrono::Utc::now() + chrono::Duration::days(300)).format("%Y-%m-%d");
    let uri = format!("/api/appointments/availability?serviceId={id}&date={far}");
    let day = call(&app, request("GET", &uri, Some("sw"), None, None)).await;
    assert_eq!(day.status, StatusCode::OK);
    let reason = day.json()["reason"].as_str().unwrap_or_default().to_owned();
    assert!(reason.starts_with("Mtoa huduma hupokea miadi ya hadi siku ") && reason.ends_with(" zijazo."), "{reason}");
    assert_eq!(day.header_values("content-language"), "sw");
    let past = format!("/api/appointments/availability?serviceId={id}&date=2020-01-01");
    assert_eq!(call(&app, request("GET", &past, Some("sw"), None, None)).await.json()["reason"], "Siku hii imepita.");
    assert_eq!(call(&app, request("GET", &past, None, None, None)).await.json()["reason"], "This day has passed.");

    // Confirmations, and the e-mails they bring, in the request's language.
    let reset = json!({"email": "njeri@demo.mtaani.co.ke"});
    let asked = call(&app, request("POST", "/api/password-reset/request", Some("sw"), None, Some(reset))).await;
    assert_eq!(
        asked.json()["message"],
        "Ikiwa kuna akaunti ya barua pepe hiyo, tumetuma kiungo cha kuweka upya nenosiri lako."
    );
    let message = json!({"name": "Amina Wanjiru", "email": "amina@example.com", "phone": "0712345678",
        "subject": "Kuorodhesha saluni", "message": "Nawezaje kuorodhesha saluni yangu?"});
    let sent = call(&app, request("POST", "/api/contact", Some("sw"), None, Some(message))).await;
    assert_eq!(sent.json()["message"], "Ujumbe umetumwa! Tutakujibu hivi karibuni.");
    wait_for_mail(&services.mail_dir, &["Subject: Weka upya nenosiri lako la Mtaani", "njeri@demo.mtaani.co.ke"]).await;
    let ack = wait_for_mail(&services.mail_dir, &["Subject: Tumepokea ujumbe wako", "amina@example.com"]).await;
    assert!(ack.contains("Habari Amina,"), "{ack}");
    services.stop().await;
}

#[tokio::test]
async fn sellers_choose_the_language_of_their_messages() {
    let services = Services::start(TestDb::sqlite, false).await;
    let app = app(&services);
    let set = |token: Option<&str>, language: Option<&str>, body: Value| {
        request("PUT", "/api/me/language", language, token, Some(body))
    };
    let signed_out = call(&app, set(None, None, json!({"language": "sw"}))).await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
    let token = sign_in(&app, "achieng@demo.mtaani.co.ke").await;
    let me = call(&app, request("GET", "/api/me", None, Some(&token), None)).await.json();
    assert_eq!(me["user"]["language"], "en", "the demo sellers are written to in English");
    for wrong in [json!({"language": "fr"}), json!({"language": ""}), json!({"language": "sw-KE"}), json!({})] {
        let r = call(&app, set(Some(&token), None, wrong.clone())).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{wrong}");
        assert_eq!(r.json()["errors"]["language"], "Please choose a language: en (English) or sw (Kiswahili)");
    }
    let in_sw = call(&app, set(Some(&token), Some("sw"), json!({"language": "xx"}))).await;
    assert_eq!(in_sw.json()["message"], "Tafadhali chagua lugha: en (Kiingereza) au sw (Kiswahili)");
    let typed = call(&app, set(Some(&token), None, json!({"language": 5}))).await;
    assert_eq!(typed.status, StatusCode::BAD_REQUEST);
    let done = call(&app, set(Some(&token), None, json!({"language": "sw"}))).await;
    assert_eq!(done.status, StatusCode::NO_CONTENT, "{}", String::from_utf8_lossy(&done.body));
    let me = call(&app, request("GET", "/api/me", None, Some(&token), None)).await.json();
    assert_eq!(me["user"]["language"], "sw");
    let signed_in = call(
        &app,
        request(
            "POST",
            "/api/login",
            None,
            None,
            Some(json!({"email": "achieng@demo.mtaani.co.ke", "password": "mtaani-demo"})),
        ),
    )
    .await
    .json();
    assert_eq!(signed_in["user"]["language"], "sw", "the session's user says it too");
    assert_eq!(call(&app, set(Some(&token), None, json!({"language": "EN"}))).await.status, StatusCode::NO_CONTENT);
    let me = call(&app, request("GET", "/api/me", None, Some(&token), None)).await.json();
    assert_eq!(me["user"]["language"], "en");

    // Registration keeps the language the request prefers.
    let person = |email: &str| {
        json!({"userName": "Neema Auma", "email": email, "phoneNumber": "0712 345 999", "password": "mandazi-moto",
            "accountType": "buyer"})
    };
    let r = call(&app, request("POST", "/api/register", Some("sw"), None, Some(person("neema@example.com")))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.json()["message"], "Akaunti imefunguliwa! Tafadhali ingia ili uendelee.");
    assert_eq!(r.json()["user"]["language"], "sw");
    let r = call(&app, request("POST", "/api/register", None, None, Some(person("baraka@example.com")))).await;
    assert_eq!(
        (r.json()["user"]["language"].clone(), r.json()["message"].clone()),
        (json!("en"), json!("Account created successfully! Please log in to continue."))
    );
    services.stop().await;
}

/// The e-mails of the embedded run, their quoted-printable and folded headers undone.
fn mails(dir: &Path) -> Vec<String> {
    files_in(dir, "eml")
        .into_iter()
        .map(|m| {
            m.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=").replace("\r\n ", " ").replace("\n ", " ")
        })
        .collect()
}

/// The first e-mail holding every one of `needles`, waiting up to 15 s for it.
async fn wait_for_mail(dir: &Path, needles: &[&str]) -> String {
    let what = format!("an e-mail with {needles:?} in {}", dir.display());
    eventually(&what, Duration::from_secs(15), async || {
        mails(dir).into_iter().find(|m| needles.iter().all(|n| m.contains(n)))
    })
    .await
}

/// The texts of the SMS of the embedded run to `to`, waiting up to 15 s for `n` of them.
async fn texts_to(dir: &Path, to: &str, n: usize) -> Vec<String> {
    sms_files(dir, Some(to), n).await.into_iter().map(|(_, text)| text).collect()
}

/// A booking made in Kiswahili: its customer's e-mails and SMS are in Kiswahili (the request, then
/// the confirmation), and its provider, who chose Kiswahili, gets the new booking in Kiswahili; a
/// booking made without Accept-Language stays English for its customer. On SQLite and PostgreSQL.
#[tokio::test]
async fn a_booking_in_kiswahili_brings_kiswahili_emails_and_sms_on_both_backends() {
    for db in [TestDb::sqlite as fn(&'static str) -> TestDb, TestDb::postgres] {
        let services = Services::start(db, false).await;
        let app = app(&services);
        let backend = services.db("booking").name;
        let sms_dir = services.db("messaging").data_dir.join("sms");
        let wanjiru = sign_in(&app, "wanjiru@demo.mtaani.co.ke").await;
        let chosen =
            call(&app, request("PUT", "/api/me/language", None, Some(&wanjiru), Some(json!({"language": "sw"})))).await;
        assert_eq!(chosen.status, StatusCode::NO_CONTENT);
        // She confirms each request herself: the request's messages, then the confirmation's.
        common::confirm_each_booking(&app, &wanjiru).await;

        let all = call(&app, request("GET", "/api/services?limit=100", None, None, None)).await.json();
        let listing =
            all.as_array().unwrap().iter().find(|s| s["sellerId"].as_str().unwrap().ends_with("0001")).unwrap();
        let (id, name) = (listing["_id"].as_str().unwrap(), listing["name"].as_str().unwrap());
        let mut starts = Vec::new();
        for days in 1..30 {
            let date =
                (chrono::Utc::now() + chrono::Duration::hours(3) + chrono::Duration::days(days)).format("%Y-%m-%d");
            let uri = format!("/api/appointments/availability?serviceId={id}&date={date}");
            let day = call(&app, request("GET", &uri, None, None, None)).await.json();
            for slot in day["slots"].as_array().unwrap() {
                starts.push((date.to_string(), slot.as_str().unwrap().to_owned()));
            }
            if starts.len() >= 8 {
                break;
            }
        }
        assert!(starts.len() >= 2, "two bookable times in 30 days");
        let book = |language: Option<&'static str>, (date, time): (String, String), who: &str, phone: &str| {
            let body = json!({"serviceId": id, "name": format!("{who} Achieng"), "email": format!("{}@example.co.ke", who.to_lowercase()),
                "phone": phone, "date": date, "time": time});
            request("POST", "/api/appointments", language, None, Some(body))
        };
        let booked =
            call(&app, book(Some("sw-KE,sw;q=0.9,en;q=0.5"), starts[0].clone(), "Zawadi", "0712 000 777")).await;
        assert_eq!(booked.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&booked.body));
        let booking = booked.json();

        // The provider chose Kiswahili: her SMS and e-mail about the new booking.
        let provider = texts_to(&sms_dir, "+254712345601", 1).await;
        assert!(provider[0].starts_with("Mtaani: Zawadi ameomba miadi ya "), "{backend}: {}", provider[0]);
        assert!(provider[0].contains("Thibitisha au kataa: ") && provider[0].ends_with("/account"), "{}", provider[0]);
        let short: String = name.chars().take(12).collect();
        let mail =
            wait_for_mail(&services.mail_dir, &["Subject: Ombi jipya la miadi:", "wanjiru@demo.mtaani.co.ke"]).await;
        assert!(mail.contains(&short) && mail.contains("Habari Wanjiru,"), "{mail}");
        // The customer's e-mail that the request is in.
        let requested =
            wait_for_mail(&services.mail_dir, &["Subject: Ombi la miadi limetumwa:", "zawadi@example.co.ke"]).await;
        assert!(requested.contains("Badilisha au ghairi") && requested.contains("(saa za Nairobi)"), "{requested}");

        // Confirmed by the provider: the customer's SMS and e-mail in Kiswahili.
        let confirm = format!("/api/account/appointments/{}/confirm", booking["id"].as_str().unwrap());
        assert_eq!(call(&app, request("POST", &confirm, None, Some(&wanjiru), None)).await.status, StatusCode::OK);
        let customer = texts_to(&sms_dir, "+254712000777", 1).await;
        let text = &customer[0];
        assert!(
            text.starts_with("Mtaani: miadi yako ya ")
                && text.contains(", imethibitishwa. Mahali: ")
                && text.contains(". Badilisha au ghairi: "),
            "{text}"
        );
        assert!(text.contains("/s/") && text.len() <= 160, "{text}");
        let confirmed =
            wait_for_mail(&services.mail_dir, &["Subject: Miadi imethibitishwa:", "zawadi@example.co.ke"]).await;
        assert!(confirmed.contains("Habari Zawadi,") && confirmed.contains("text/calendar"), "{confirmed}");

        // Booked without Accept-Language: the customer's e-mail is English; the provider's is still
        // in hers.
        let english = call(&app, book(None, starts[1].clone(), "Baraka", "0712 000 888")).await;
        assert_eq!(english.status, StatusCode::CREATED, "{}", String::from_utf8_lossy(&english.body));
        wait_for_mail(&services.mail_dir, &["Subject: Booking request sent:", "baraka@example.co.ke"]).await;
        let provider = texts_to(&sms_dir, "+254712345601", 2).await;
        assert!(provider.iter().any(|t| t.starts_with("Mtaani: Baraka ameomba miadi ya ")), "{provider:?}");
        let confirm = format!("/api/account/appointments/{}/confirm", english.json()["id"].as_str().unwrap());
        assert_eq!(call(&app, request("POST", &confirm, None, Some(&wanjiru), None)).await.status, StatusCode::OK);
        let text = &texts_to(&sms_dir, "+254712000888", 1).await[0];
        assert!(text.starts_with("Mtaani: your booking for ") && text.contains("is confirmed."), "{text}");
        services.stop().await;
    }
}
