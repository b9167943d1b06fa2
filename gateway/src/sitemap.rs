//! For search engines: `/sitemap.xml` lists every visible listing, provider, category,
//! subcategory and location page (the five towns', and every place with a listing and the areas it
//! lies in) with its `lastmod` (the latest change of a listing on it), and
//! `/robots.txt` names it. Past 50,000 addresses (the protocol's limit per file) `/sitemap.xml` is an
//! index of `/sitemaps/pages.xml` and `/sitemaps/listings-{n}.xml`. Kept in the catalog cache, so a
//! hidden listing leaves it with the catalog's next change.

use mtaani_proto::text::said;
use std::collections::{BTreeMap, HashMap};

use axum::{
    Router,
    extract::{OriginalUri, Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use mtaani_proto::{
    catalog::v1 as pb,
    categories, naming,
    places::{Kind, PLACES},
};

use crate::{
    AppState,
    cache::{Cached, cached},
    error::{ApiError, ApiResult},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/sitemap.xml", get(sitemap))
        .route("/sitemaps/{file}", get(sitemap_part))
        .route("/robots.txt", get(robots))
}

/// The protocol's limit of addresses per sitemap file.
pub const PER_FILE: usize = 50_000;
/// Listings asked of catalog-svc per call.
const PAGE: i32 = 10_000;

/// A percent-encoded path segment (RFC 3986 unreserved characters as they are).
fn segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// `YYYY-MM-DD` of unix seconds (UTC), W3C's date.
fn day(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0).unwrap_or_default().format("%Y-%m-%d").to_string()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Every visible listing, a page of catalog-svc's at a time.
async fn listings(state: &AppState) -> ApiResult<Vec<pb::SitemapListing>> {
    let b = &state.backends;
    let mut all = Vec::new();
    loop {
        let after_id = all.last().map_or_else(String::new, |l: &pb::SitemapListing| l.id.clone());
        let request = pb::ListSitemapRequest { after_id, limit: PAGE };
        let page = b.read(&b.catalog, request, |mut c, r| async move { c.list_sitemap(r).await }).await?.listings;
        let done = page.len() < PAGE as usize;
        all.extend(page);
        if done {
            return Ok(all);
        }
    }
}

/// The pages other than the listings' own, each with the latest change among its listings: home, all
/// services, the categories, subcategories and towns with a listing, and the providers.
fn pages(origin: &str, listings: &[pb::SitemapListing]) -> Vec<(String, Option<i64>)> {
    let latest = listings.iter().map(|l| l.updated_at).max();
    let mut by_category: BTreeMap<&str, i64> = BTreeMap::new();
    let mut by_subcategory: BTreeMap<(&str, &str), i64> = BTreeMap::new();
    let mut by_provider: BTreeMap<&str, i64> = BTreeMap::new();
    // A place's page and those of the areas it lies in, by their names: worked out once per place.
    let mut pages_of_place: HashMap<&str, Vec<String>> = HashMap::new();
    let mut by_place: BTreeMap<String, i64> = BTreeMap::new();
    for l in listings {
        let newer = |at: &mut i64| *at = (*at).max(l.updated_at);
        newer(by_category.entry(&l.category).or_default());
        newer(by_subcategory.entry((&l.category, &l.subcategory)).or_default());
        newer(by_provider.entry(&l.seller_id).or_default());
        let location = l.location.to_lowercase();
        for town in categories::LOCATIONS.iter().filter(|t| location.contains(&t.name.to_lowercase())) {
            newer(by_place.entry(town.name.to_owned()).or_default());
        }
        for name in pages_of_place.entry(&l.place_id).or_insert_with(|| place_pages(&l.place_id)).iter() {
            newer(by_place.entry(name.clone()).or_default());
        }
    }
    let mut out = vec![(format!("{origin}/"), latest), (format!("{origin}/all-services"), latest)];
    for c in categories::CATEGORIES {
        let Some(&at) = by_category.get(c.id) else { continue };
        // As the web app writes a category's address: its title, lowercased, spaces as dashes.
        let name = c.title.trim().to_lowercase().split_whitespace().collect::<Vec<_>>().join("-");
        out.push((format!("{origin}/category/{}", segment(&name)), Some(at)));
        for s in c.subcategories {
            if let Some(&at) = by_subcategory.get(&(c.id, s.slug)) {
                out.push((format!("{origin}/services/{}/{}", segment(c.id), segment(s.slug)), Some(at)));
            }
        }
    }
    for (name, at) in by_place {
        out.push((format!("{origin}/services/location/{}", segment(&name)), Some(at)));
    }
    for (seller, at) in by_provider {
        out.push((format!("{origin}/provider/{}", segment(seller)), Some(at)));
    }
    out
}

/// The names of the place pages (`/services/location/{name}`) a listing placed at `place_id` is on:
/// its place's, and those of the ward, sub-county and county it lies in.
fn place_pages(place_id: &str) -> Vec<String> {
    let Some(place) = PLACES.get(place_id) else { return Vec::new() };
    PLACES
        .all()
        .iter()
        .filter(|area| area.id == place.id || area.kind != Kind::Estate && place.lies_in(area))
        .filter_map(|area| PLACES.page_name(area, naming::names_service))
        .collect()
}

fn listing_urls(origin: &str, listings: &[pb::SitemapListing]) -> Vec<(String, Option<i64>)> {
    listings.iter().map(|l| (format!("{origin}/service/{}", segment(&l.id)), Some(l.updated_at))).collect()
}

/// A sitemap document: `root` (`urlset` or `sitemapindex`) of `entry` elements (`url` or `sitemap`),
/// each its address and, when known, its lastmod.
fn document(root: &str, entry: &str, entries: &[(String, Option<i64>)]) -> String {
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<{root} xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    );
    for (loc, at) in entries {
        xml.push_str(&format!("<{entry}><loc>{}</loc>", escape(loc)));
        if let Some(at) = at {
            xml.push_str(&format!("<lastmod>{}</lastmod>", day(*at)));
        }
        xml.push_str(&format!("</{entry}>\n"));
    }
    xml.push_str(&format!("</{root}>\n"));
    xml
}

fn urlset(urls: &[(String, Option<i64>)]) -> String {
    document("urlset", "url", urls)
}

fn index(files: &[(String, Option<i64>)]) -> String {
    document("sitemapindex", "sitemap", files)
}

/// Which file is asked for: the whole sitemap (or its index), its other pages, or a part of listings.
enum File {
    Root,
    Pages,
    Listings(usize),
}

async fn build(state: &AppState, file: File) -> ApiResult<Cached> {
    let listings = listings(state).await?;
    let xml = render(state.public_base_url.trim_end_matches('/'), &listings, &file)
        .ok_or_else(|| ApiError::not_found(said::not_found()))?;
    Ok(Cached::new(xml.into(), None))
}

/// The file's XML; None for a file there is not (a part of a sitemap that needs none).
fn render(origin: &str, listings: &[pb::SitemapListing], file: &File) -> Option<String> {
    let pages = pages(origin, listings);
    let parts = listings.len().div_ceil(PER_FILE);
    Some(match *file {
        File::Root if pages.len() + listings.len() <= PER_FILE => {
            urlset(&[pages, listing_urls(origin, listings)].concat())
        }
        File::Root => {
            let latest = listings.iter().map(|l| l.updated_at).max();
            let mut files = vec![(format!("{origin}/sitemaps/pages.xml"), latest)];
            for (n, chunk) in listings.chunks(PER_FILE).enumerate() {
                let at = chunk.iter().map(|l| l.updated_at).max();
                files.push((format!("{origin}/sitemaps/listings-{}.xml", n + 1), at));
            }
            index(&files)
        }
        File::Pages if pages.len() + listings.len() > PER_FILE => urlset(&pages),
        File::Listings(n) if pages.len() + listings.len() > PER_FILE && (1..=parts).contains(&n) => {
            urlset(&listing_urls(origin, &listings[(n - 1) * PER_FILE..(n * PER_FILE).min(listings.len())]))
        }
        _ => return None,
    })
}

/// The cached answer as XML.
fn xml(response: Response) -> Response {
    let mut response = response;
    if response.status() == StatusCode::OK {
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/xml; charset=utf-8"));
    }
    response
}

async fn sitemap(State(state): State<AppState>, uri: OriginalUri, headers: HeaderMap) -> ApiResult<Response> {
    Ok(xml(cached(&state, &uri, &headers, build(&state, File::Root)).await?))
}

async fn sitemap_part(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    Path(file): Path<String>,
) -> ApiResult<Response> {
    let file = match file.as_str() {
        "pages.xml" => File::Pages,
        other => match other.strip_prefix("listings-").and_then(|n| n.strip_suffix(".xml")).map(str::parse) {
            Some(Ok(n)) => File::Listings(n),
            _ => return Err(ApiError::not_found(said::not_found())),
        },
    };
    Ok(xml(cached(&state, &uri, &headers, build(&state, file)).await?))
}

/// The crawl rules: everything public, not a visitor's own pages nor the API; and where the sitemap is.
async fn robots(State(state): State<AppState>) -> impl IntoResponse {
    let origin = state.public_base_url.trim_end_matches('/');
    let body = format!(
        "# Mtaani: the listings, lists and information pages are for everyone; a visitor's own pages and the\n\
         # API are not for crawlers.\n\
         User-agent: *\nAllow: /\nDisallow: /account\nDisallow: /appointments/cancel\n\
         Disallow: /review\nDisallow: /reset-password\nDisallow: /admin\nDisallow: /api/\n\n\
         Sitemap: {origin}/sitemap.xml\n"
    );
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8"), (header::CACHE_CONTROL, "public, max-age=3600")], body)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(
        id: &str,
        seller: &str,
        category: &str,
        subcategory: &str,
        location: &str,
        at: i64,
    ) -> pb::SitemapListing {
        let place_id = mtaani_proto::places::PLACES.named_in(location).map(|p| p.id.clone()).unwrap_or_default();
        pb::SitemapListing {
            id: id.into(),
            seller_id: seller.into(),
            category: category.into(),
            subcategory: subcategory.into(),
            location: location.into(),
            updated_at: at,
            place_id,
        }
    }

    #[test]
    fn pages_carry_the_latest_change_of_their_listings() {
        let day1 = 1_764_000_000; // 2025-11-24
        let listings = [
            listing("a", "s1", "flowers-gifts", "personalized", "Kilimani, Nairobi", day1),
            listing("b", "s1", "hair", "braiding", "Nakuru", day1 + 3 * 86_400),
        ];
        let pages = pages("https://m.example", &listings);
        let find = |loc: &str| pages.iter().find(|(l, _)| l == loc).map(|(_, at)| at.map(day));
        assert_eq!(find("https://m.example/"), Some(Some("2025-11-27".into())));
        assert_eq!(find("https://m.example/category/flowers-%26-gifts"), Some(Some("2025-11-24".into())));
        assert_eq!(find("https://m.example/services/hair/braiding"), Some(Some("2025-11-27".into())));
        assert_eq!(find("https://m.example/services/location/Nairobi"), Some(Some("2025-11-24".into())));
        assert_eq!(find("https://m.example/provider/s1"), Some(Some("2025-11-27".into())));
        // Nothing listed there: no page in the sitemap.
        assert_eq!(find("https://m.example/category/beauty"), None);
        assert_eq!(find("https://m.example/services/location/Kisumu"), None);
        // The place pages of where each listing is placed: its ward, sub-county and county.
        assert_eq!(find("https://m.example/services/location/Kilimani"), Some(Some("2025-11-24".into())));
        assert_eq!(find("https://m.example/services/location/Dagoretti%20North"), Some(Some("2025-11-24".into())));
        let location_pages: Vec<&str> =
            pages.iter().filter_map(|(l, _)| l.strip_prefix("https://m.example/services/location/")).collect();
        assert!(location_pages.contains(&"Nakuru") && location_pages.len() >= 4, "{location_pages:?}");
    }

    #[test]
    fn past_50000_addresses_the_sitemap_is_an_index_of_parts() {
        let many: Vec<_> =
            (0..PER_FILE + 10).map(|i| listing(&format!("l{i:06}"), "s1", "hair", "braiding", "Thika", 0)).collect();
        let root = render("https://m.example", &many, &File::Root).unwrap();
        assert!(root.contains("<sitemapindex"), "{}", &root[..200]);
        for part in ["pages.xml", "listings-1.xml", "listings-2.xml"] {
            assert!(root.contains(&format!("<loc>https://m.example/sitemaps/{part}</loc>")), "{part}");
        }
        let first = render("https://m.example", &many, &File::Listings(1)).unwrap();
        assert_eq!(first.matches("<url>").count(), PER_FILE);
        let second = render("https://m.example", &many, &File::Listings(2)).unwrap();
        assert_eq!(second.matches("<url>").count(), 10);
        assert!(render("https://m.example", &many, &File::Listings(3)).is_none());
        let pages = render("https://m.example", &many, &File::Pages).unwrap();
        assert!(pages.contains("/provider/s1</loc>") && !pages.contains("/service/"));
        // Below the limit: one file, no parts.
        assert!(render("https://m.example", &many[..10], &File::Root).unwrap().contains("<urlset"));
        assert!(render("https://m.example", &many[..10], &File::Pages).is_none());
    }

    #[test]
    fn addresses_are_encoded_and_escaped() {
        assert_eq!(segment("Flowers & Gifts"), "Flowers%20%26%20Gifts");
        let xml = urlset(&[("https://m.example/a?b&c".into(), Some(0))]);
        assert!(xml.contains("<loc>https://m.example/a?b&amp;c</loc><lastmod>1970-01-01</lastmod>"), "{xml}");
    }
}
