//! The answers a page's first screen needs, sent inside its document: the web app draws the listing
//! pages before React has loaded (web/src/app/first-paint.ts) from the very API answers it would ask
//! for (web/src/lib/first-screen-answers.ts), so a first visit waits for no API call.
//!
//! `web/dist/first-paint.html` carries [`INCLUDE`], an nginx SSI command: nginx asks
//! `/_first-screen{the page's URI}` here and puts the answer in its place (deploy/nginx); without
//! nginx, web.rs does the same. The answer is a `<script type="application/json">` element holding the
//! answers of the page's public GETs by their URL, made by calling this gateway's own API router, so
//! they are the API's bytes, caches included. Nothing (an empty answer) when the page needs none or
//! they take too long; the page then asks as it always did.

use std::{fmt::Write, time::Duration};

use axum::{
    Router,
    body::{Body, to_bytes},
    extract::{Request, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use serde_json::Value;
use tower::ServiceExt;

/// The SSI command in first-paint.html that this module's answer replaces.
pub const INCLUDE: &str = r#"<!--# include virtual="/_first-screen$request_uri" -->"#;

/// How long the answers may take before the document goes without them.
const DEADLINE: Duration = Duration::from_millis(1500);

/// The largest answer taken in (a page of 48 listings is about 40 KB).
const MAX_ANSWER: usize = 1024 * 1024;

/// The categories of the home page, in the menu's order (web/src/config/categories.ts); one of them
/// missing here only means the page asks for it itself.
const HOME_CATEGORIES: [&str; 9] =
    ["beauty", "hair", "health", "fitness", "fashion", "bridal", "flowers-gifts", "home", "photography"];

/// A page the web app draws before React has loaded.
#[derive(Debug, PartialEq, Eq)]
pub enum Page<'a> {
    Home,
    AllServices,
    /// A listing's page, with the id as it is in the path (percent-encoded).
    Service(&'a str),
    /// `/signin`, and `/post-service` (a visitor's sign-in form): drawn without any answer.
    SignIn,
}

impl<'a> Page<'a> {
    /// The page at `path`, in any case and with a trailing slash, as the app's router matches it
    /// (web/src/app/first-screen.ts) and deploy/nginx's locations do.
    pub fn of(path: &'a str) -> Option<Self> {
        let path = path.strip_prefix('/').unwrap_or(path);
        let segments: Vec<&str> = path.strip_suffix('/').unwrap_or(path).split('/').collect();
        match segments.as_slice() {
            [""] => Some(Self::Home),
            [page] if page.eq_ignore_ascii_case("all-services") => Some(Self::AllServices),
            [page] if page.eq_ignore_ascii_case("signin") || page.eq_ignore_ascii_case("post-service") => {
                Some(Self::SignIn)
            }
            [page, id] if page.eq_ignore_ascii_case("service") && !id.is_empty() => Some(Self::Service(id)),
            _ => None,
        }
    }

    /// The URLs the page's first screen GETs, written as the app writes them (lib/api-client.ts).
    fn urls(&self) -> Vec<String> {
        match self {
            Self::Home => HOME_CATEGORIES.iter().map(|id| format!("/api/services/{id}?limit=4")).collect(),
            Self::AllServices => vec!["/api/services?limit=48&offset=0".into()],
            // An id the app would write differently (encodeURIComponent of the decoded, trimmed id)
            // is left to the app.
            Self::Service(id) if id.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.~".contains(&b)) => {
                vec![format!("/api/service/{id}")]
            }
            Self::Service(_) | Self::SignIn => Vec::new(),
        }
    }
}

/// `/_first-screen/{page's path}`: the answers' element for nginx's include.
pub fn router(api: Router) -> Router {
    Router::new()
        .route("/_first-screen", get(include))
        .route("/_first-screen/", get(include))
        .route("/_first-screen/{*path}", get(include))
        .with_state(api)
}

async fn include(State(api): State<Router>, request: Request) -> Response {
    let path = request.uri().path().strip_prefix("/_first-screen").unwrap_or_default();
    let element = answers(&api, if path.is_empty() { "/" } else { path }).await;
    let mut response = element.into_response();
    // Inserted into a document as it is (nginx asks for it without Accept-Encoding), never cached
    // on its own.
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The `<script type="application/json" id="first-screen-answers">` element for the page at `path`;
/// empty when it needs no answer or they could not all be had in time.
pub async fn answers(api: &Router, path: &str) -> String {
    let Some(page) = Page::of(path) else { return String::new() };
    let urls = page.urls();
    if urls.is_empty() {
        return String::new();
    }
    let calls = futures_util::future::join_all(urls.iter().map(|url| answer(api, url)));
    let Ok(answers) = tokio::time::timeout(DEADLINE, calls).await else {
        tracing::warn!(path, "the first screen's answers took too long; the page asks for them itself");
        return String::new();
    };
    // {"url": {"status": 200, "body": …}, …}, each body spliced in as the API wrote it.
    let mut json = String::from("{");
    for (url, (status, body)) in urls.iter().zip(answers).filter_map(|(url, answer)| Some((url, answer?))) {
        if json.len() > 1 {
            json.push(',');
        }
        let _ = write!(json, r#"{}:{{"status":{},"body":{}}}"#, Value::from(url.as_str()), status.as_u16(), body);
    }
    if json.len() == 1 {
        return String::new();
    }
    json.push('}');
    // JSON inside <script>: no '<' (a "</script>" in a listing's text would end the element early;
    // '<' is only ever inside a string in JSON, where \u003c reads the same).
    let json = json.replace('<', "\\u003c");
    format!(r#"<script type="application/json" id="first-screen-answers">{json}</script>"#)
}

/// One GET through the API router: its status and JSON body, for an answer the page reads as it is
/// (200, and 404 for a listing that is not there); None for anything else, which the page asks again.
async fn answer(api: &Router, url: &str) -> Option<(StatusCode, String)> {
    let request = Request::get(url).body(Body::empty()).ok()?;
    let response = api.clone().oneshot(request).await.ok()?;
    let status = response.status();
    if status != StatusCode::OK && status != StatusCode::NOT_FOUND {
        return None;
    }
    let body = to_bytes(response.into_body(), MAX_ANSWER).await.ok()?;
    // Checked to be one JSON value, without building it: it goes into the page as the API wrote it.
    serde_json::from_slice::<serde::de::IgnoredAny>(&body).ok()?;
    String::from_utf8(body.to_vec()).ok().map(|body| (status, body))
}

#[cfg(test)]
mod tests {
    use axum::{Router, http::StatusCode, routing::get};
    use serde_json::{Value, json};

    use super::{Page, answers};

    #[test]
    fn pages_are_matched_as_the_router_matches_them() {
        assert_eq!(Page::of("/"), Some(Page::Home));
        assert_eq!(Page::of("/All-Services/"), Some(Page::AllServices));
        assert_eq!(Page::of("/SERVICE/abc/"), Some(Page::Service("abc")));
        assert_eq!(Page::of("/service/a%20b"), Some(Page::Service("a%20b")));
        assert_eq!(Page::of("/signin"), Some(Page::SignIn));
        assert_eq!(Page::of("/post-service/"), Some(Page::SignIn));
        for path in ["/signup", "/service", "/service/", "/service/a/b", "/all-services/x", "/assets/x.js", "/account"]
        {
            assert_eq!(Page::of(path), None, "{path}");
        }
    }

    #[test]
    fn the_urls_are_written_as_the_app_writes_them() {
        assert_eq!(Page::Home.urls().len(), 9);
        assert_eq!(Page::Home.urls()[6], "/api/services/flowers-gifts?limit=4");
        assert_eq!(Page::AllServices.urls(), ["/api/services?limit=48&offset=0"]);
        assert_eq!(Page::Service("9f1c-AB_2").urls(), ["/api/service/9f1c-AB_2"]);
        assert!(Page::Service("a%20b").urls().is_empty());
        assert!(Page::SignIn.urls().is_empty());
    }

    #[tokio::test]
    async fn answers_are_the_apis_json_with_no_way_out_of_the_script_element() {
        let api = Router::new()
            .route("/api/service/sly", get(|| async { r#"{"name":"A </script><b>"}"# }))
            .route("/api/service/gone", get(|| async { (StatusCode::NOT_FOUND, r#"{"message":"Service not found"}"#) }))
            .route("/api/service/broken", get(|| async { "not json" }));

        let element = answers(&api, "/service/sly").await;
        let json = element
            .strip_prefix(r#"<script type="application/json" id="first-screen-answers">"#)
            .and_then(|rest| rest.strip_suffix("</script>"))
            .expect("one script element");
        assert!(!json.contains('<'), "{json}");
        let answers_by_url: Value = serde_json::from_str(json).unwrap();
        assert_eq!(answers_by_url, json!({"/api/service/sly": {"status": 200, "body": {"name": "A </script><b>"}}}));

        let gone: Value = serde_json::from_str(
            answers(&api, "/service/gone").await.trim_start_matches(|c| c != '{').trim_end_matches("</script>"),
        )
        .unwrap();
        assert_eq!(gone["/api/service/gone"], json!({"status": 404, "body": {"message": "Service not found"}}));
        // A body that is not JSON is left to the page, which asks for it itself.
        assert_eq!(answers(&api, "/service/broken").await, "");
    }
}
