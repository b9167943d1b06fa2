//! Generates the Rust side of the contract from the .proto files with a vendored protoc, so a machine
//! without protoc builds it, and the category tree and locations from their data file (which the web
//! app reads too), the seller packages from theirs (read by the web app's terms and help too), a
//! listing's rules from theirs (read by the web app's listing form too), and the texts people are
//! answered with from the dictionaries `i18n/<language>.json` (which the web app's build reads too).

use std::fmt::Write as _;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protoc = protoc_bin_vendored::protoc_bin_path()?;
    // SAFETY: build scripts are single-threaded; nothing else reads the environment concurrently.
    unsafe { std::env::set_var("PROTOC", protoc) };
    let protos = [
        "accounts/v1/accounts.proto",
        "catalog/v1/catalog.proto",
        "booking/v1/booking.proto",
        "messaging/v1/messaging.proto",
    ];
    for p in protos {
        println!("cargo:rerun-if-changed={p}");
    }
    // Default stubs (UNIMPLEMENTED) let a service's tests fake a neighbour with only the calls that
    // service makes; each service implements every call of its own (its tests and the system tests
    // in gateway/all-in-one call each one).
    tonic_prost_build::configure()
        .build_client(true)
        .build_server(true)
        .generate_default_stubs(true)
        .compile_protos(&protos, &["."])?;
    categories()?;
    packages()?;
    listing_rules()?;
    demo_sellers()?;
    texts()
}

/// The placeholders of a text in the order they appear: "{n} of {total}" -> ["n", "total"].
fn placeholders(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(len) if len > 0 && after[..len].chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                if !names.iter().any(|n| n == &after[..len]) {
                    names.push(after[..len].to_owned());
                }
                rest = &after[len + 1..];
            }
            _ => rest = after,
        }
    }
    names
}

/// The texts people are answered with, `i18n/<language>.json` (code -> text), as `$OUT_DIR/texts.rs`:
/// the enum `Key` of every code, each language's template, and in `said` one function per code whose
/// arguments are its placeholders, so a text asked for with the wrong values does not compile. Every
/// language must have every code with the same placeholders.
fn texts() -> Result<(), Box<dyn std::error::Error>> {
    const LANGUAGES: [&str; 2] = ["en", "sw"];
    let mut dictionaries = Vec::new();
    for language in LANGUAGES {
        let file = format!("i18n/{language}.json");
        println!("cargo:rerun-if-changed={file}");
        let texts: std::collections::BTreeMap<String, String> = serde_json::from_str(&std::fs::read_to_string(&file)?)
            .map_err(|e| format!("{file}: not a JSON object of code -> text: {e}"))?;
        dictionaries.push((file, texts));
    }
    let (_, english) = &dictionaries[0];
    for (file, texts) in &dictionaries {
        for (code, text) in texts {
            let template = english.get(code).ok_or_else(|| format!("{file}: \"{code}\" is not in i18n/en.json"))?;
            if text.trim().is_empty() {
                return Err(format!("{file}: \"{code}\" has no text").into());
            }
            let (mut theirs, mut ours) = (placeholders(template), placeholders(text));
            theirs.sort();
            ours.sort();
            if theirs != ours {
                return Err(format!("{file}: \"{code}\" has the placeholders {ours:?}, English {theirs:?}").into());
            }
        }
        if let Some(code) = english.keys().find(|code| !texts.contains_key(*code)) {
            return Err(format!("{file}: no text for \"{code}\"").into());
        }
    }
    let variant = |code: &str| -> String { code.split('_').map(|w| w[..1].to_ascii_uppercase() + &w[1..]).collect() };
    let mut out = String::from(
        "/// Every text's code (`i18n/en.json`'s keys).\n#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\npub enum Key {\n",
    );
    for (code, text) in english {
        if !code.starts_with(|c: char| c.is_ascii_lowercase())
            || !code.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            return Err(format!("i18n/en.json: the code \"{code}\" is not snake_case").into());
        }
        writeln!(out, "    /// {text:?}\n    {},", variant(code))?;
    }
    out.push_str("}\n\nimpl Key {\n    pub const ALL: &[Key] = &[");
    for code in english.keys() {
        write!(out, "Key::{}, ", variant(code))?;
    }
    out.push_str("];\n\n    /// The code as it is written in the dictionaries and sent.\n    pub const fn code(self) -> &'static str {\n        match self {\n");
    for code in english.keys() {
        writeln!(out, "            Key::{} => {code:?},", variant(code))?;
    }
    out.push_str("        }\n    }\n\n    pub fn parse(code: &str) -> Option<Key> {\n        match code {\n");
    for code in english.keys() {
        writeln!(out, "            {code:?} => Some(Key::{}),", variant(code))?;
    }
    out.push_str("            _ => None,\n        }\n    }\n\n    /// Its placeholders, in the order the English names them.\n    pub const fn placeholders(self) -> &'static [&'static str] {\n        match self {\n");
    for (code, text) in english {
        writeln!(out, "            Key::{} => &{:?},", variant(code), placeholders(text))?;
    }
    out.push_str("        }\n    }\n\n    /// Its template in `language`.\n    pub const fn template(self, language: crate::language::Language) -> &'static str {\n        match language {\n");
    for (file, texts) in &dictionaries {
        let language = file.trim_start_matches("i18n/").trim_end_matches(".json");
        let name = variant(language);
        writeln!(out, "            crate::language::Language::{name} => match self {{")?;
        for (code, text) in texts {
            writeln!(out, "                Key::{} => {text:?},", variant(code))?;
        }
        out.push_str("            },\n");
    }
    out.push_str("        }\n    }\n}\n\n/// One function per text: its values in, the text out.\npub mod said {\n    use super::{Key, Param, Text};\n\n");
    for (code, text) in english {
        let names = placeholders(text);
        let args: Vec<String> = names.iter().map(|n| format!("{n}: impl Into<Param>")).collect();
        let values: Vec<String> = names.iter().map(|n| format!("({n:?}, {n}.into())")).collect();
        writeln!(
            out,
            "    /// {text:?}\n    pub fn {code}({}) -> Text {{\n        Text::with(Key::{}, vec![{}])\n    }}\n",
            args.join(", "),
            variant(code),
            values.join(", ")
        )?;
    }
    out.push_str("}\n");
    std::fs::write(std::path::Path::new(&std::env::var("OUT_DIR")?).join("texts.rs"), out)?;
    Ok(())
}

/// `demo/sellers.json` as the Rust constant `SELLERS` in `$OUT_DIR/demo_sellers.rs`.
fn demo_sellers() -> Result<(), Box<dyn std::error::Error>> {
    const FILE: &str = "demo/sellers.json";
    println!("cargo:rerun-if-changed={FILE}");
    let sellers: Vec<std::collections::BTreeMap<String, String>> =
        serde_json::from_str(&std::fs::read_to_string(FILE)?)?;
    let mut out = String::from("pub const SELLERS: &[Seller] = &[\n");
    for s in &sellers {
        let field = |key: &str| s.get(key).map(|v| format!("{v:?}")).ok_or_else(|| format!("{FILE}: no \"{key}\""));
        writeln!(
            out,
            "    Seller {{ id: {}, name: {}, email: {}, phone: {}, package: {} }},",
            field("id")?,
            field("name")?,
            field("email")?,
            field("phone")?,
            field("package")?,
        )?;
    }
    out.push_str("];\n");
    std::fs::write(std::path::Path::new(&std::env::var("OUT_DIR")?).join("demo_sellers.rs"), out)?;
    Ok(())
}

/// `accounts/v1/packages.json` as the Rust constant `PACKAGES` in `$OUT_DIR/packages.rs`.
fn packages() -> Result<(), Box<dyn std::error::Error>> {
    const FILE: &str = "accounts/v1/packages.json";
    println!("cargo:rerun-if-changed={FILE}");
    let packages: Vec<serde_json::Value> = serde_json::from_str(&std::fs::read_to_string(FILE)?)?;
    let field = |p: &serde_json::Value, key: &str| -> Result<String, String> {
        match &p[key] {
            serde_json::Value::String(s) => Ok(format!("{s:?}")),
            v @ (serde_json::Value::Number(_) | serde_json::Value::Bool(_)) => Ok(v.to_string()),
            serde_json::Value::Array(items) => {
                let items: Vec<String> = items.iter().filter_map(|i| i.as_str()).map(|i| format!("{i:?}")).collect();
                Ok(format!("&[{}]", items.join(", ")))
            }
            _ => Err(format!("{FILE}: \"{key}\" missing in {p}")),
        }
    };
    let mut out = String::from("pub const PACKAGES: &[Package] = &[\n");
    for p in &packages {
        writeln!(
            out,
            "    Package {{ id: {}, name: {}, price: {}, recommended: {}, featured: {}, photo_uploads: {}, \
             video_uploads: {}, features: {} }},",
            field(p, "id")?,
            field(p, "name")?,
            field(p, "priceKsh")?,
            field(p, "recommended")?,
            field(p, "featured")?,
            field(p, "photoUploads")?,
            field(p, "videoUploads")?,
            field(p, "features")?,
        )?;
    }
    out.push_str("];\n");
    std::fs::write(std::path::Path::new(&std::env::var("OUT_DIR")?).join("packages.rs"), out)?;
    Ok(())
}

/// `catalog/v1/listing-rules.json` as the Rust constant `RULES` in `$OUT_DIR/listing_rules.rs`.
fn listing_rules() -> Result<(), Box<dyn std::error::Error>> {
    const FILE: &str = "catalog/v1/listing-rules.json";
    println!("cargo:rerun-if-changed={FILE}");
    let rules: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(FILE)?)?;
    // A whole number at a JSON pointer ("/name/min"); a rule missing or not a whole number stops the build.
    let int = |pointer: &str| -> Result<i64, String> {
        rules
            .pointer(pointer)
            .and_then(serde_json::Value::as_i64)
            .ok_or_else(|| format!("{FILE}: no whole number at {pointer}"))
    };
    let length = |key: &str| -> Result<String, String> {
        Ok(format!("Length {{ min: {}, max: {} }}", int(&format!("{key}/min"))?, int(&format!("{key}/max"))?))
    };
    let steps = |key: &str| -> Result<String, String> {
        Ok(format!(
            "Steps {{ min: {}, max: {}, step: {} }}",
            int(&format!("{key}/min"))?,
            int(&format!("{key}/max"))?,
            int(&format!("{key}/step"))?
        ))
    };
    let radii = rules["servesRadiusKm"]
        .as_array()
        .ok_or_else(|| format!("{FILE}: no \"servesRadiusKm\" list"))?
        .iter()
        .map(|km| km.as_i64().map(|km| km.to_string()).ok_or_else(|| format!("{FILE}: {km} is no whole number of km")))
        .collect::<Result<Vec<_>, _>>()?;
    let out = format!(
        "pub const RULES: ListingRules = ListingRules {{\n    \
         name: {name},\n    location: {location},\n    min_phone_number: {phone},\n    description: {description},\n    \
         max_directions: {directions},\n    price_ksh: Prices {{ min: {min_price}, max: {max_price} }},\n    \
         min_photos: {photos},\n    duration_minutes: {duration},\n    default_duration_minutes: {default_duration},\n    \
         serves_radius_km: &[{radii}],\n    max_options: {max_options},\n    option_name: {option_name},\n    \
         option_duration_minutes: {option_duration},\n}};\n",
        name = length("/name")?,
        location = length("/location")?,
        phone = int("/phoneNumber/min")?,
        description = length("/description")?,
        directions = int("/directions/max")?,
        min_price = int("/priceKsh/min")?,
        max_price = int("/priceKsh/max")?,
        photos = int("/photos/min")?,
        duration = steps("/durationMinutes")?,
        default_duration = int("/durationMinutes/defaultMinutes")?,
        radii = radii.join(", "),
        max_options = int("/menu/maxOptions")?,
        option_name = length("/menu/optionName")?,
        option_duration = steps("/menu/optionDurationMinutes")?,
    );
    std::fs::write(std::path::Path::new(&std::env::var("OUT_DIR")?).join("listing_rules.rs"), out)?;
    Ok(())
}

/// `categories.json` as Rust constants (`CATEGORIES`, `LOCATIONS`) in `$OUT_DIR/categories.rs`, each
/// title with its Kiswahili from `categories.sw.json` (which the web app's build reads too).
fn categories() -> Result<(), Box<dyn std::error::Error>> {
    const FILE: &str = "catalog/v1/categories.json";
    const SW: &str = "catalog/v1/categories.sw.json";
    println!("cargo:rerun-if-changed={FILE}");
    println!("cargo:rerun-if-changed={SW}");
    let tree: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(FILE)?)?;
    let sw: std::collections::HashMap<String, String> = serde_json::from_str(&std::fs::read_to_string(SW)?)?;
    let text = |v: &serde_json::Value, key: &str| -> Result<String, String> {
        v[key].as_str().map(|s| format!("{s:?}")).ok_or_else(|| format!("{FILE}: \"{key}\" missing in {v}"))
    };
    let sw_of = |v: &serde_json::Value| -> Result<String, String> {
        let title = v["title"].as_str().unwrap_or_default();
        sw.get(title).map(|s| format!("{s:?}")).ok_or_else(|| format!("{SW}: no \"{title}\""))
    };
    let list = |key: &str| tree[key].as_array().ok_or_else(|| format!("{FILE}: no \"{key}\" list"));
    let mut out = String::from("pub const CATEGORIES: &[Category] = &[\n");
    for c in list("categories")? {
        let (id, title, sw) = (text(c, "id")?, text(c, "title")?, sw_of(c)?);
        writeln!(out, "    Category {{ id: {id}, title: {title}, sw: {sw}, subcategories: &[")?;
        for s in c["subcategories"].as_array().ok_or_else(|| format!("{FILE}: {id} has no subcategories"))? {
            let (slug, title, sw) = (text(s, "slug")?, text(s, "title")?, sw_of(s)?);
            writeln!(out, "        Subcategory {{ slug: {slug}, title: {title}, sw: {sw} }},")?;
        }
        out.push_str("    ] },\n");
    }
    out.push_str("];\npub const LOCATIONS: &[Location] = &[\n");
    for l in list("locations")? {
        writeln!(out, "    Location {{ id: {}, name: {} }},", text(l, "id")?, text(l, "name")?)?;
    }
    out.push_str("];\n");
    std::fs::write(std::path::Path::new(&std::env::var("OUT_DIR")?).join("categories.rs"), out)?;
    Ok(())
}
