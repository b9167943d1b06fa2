//! The built web app, when no nginx is in front: files from `web/dist`, hashed assets cached for a
//! year; every other path is a page, whose document the renderer answers (web/src/server: the public
//! pages rendered from the app's components, the others the app's `index.html`), as deploy/nginx
//! passes them. Without a renderer, or when it fails or is slow, the page gets `index.html`, which
//! renders it in the browser: never an error.
//!
//! A page comes in the visitor's language (web/src/lib/i18n.ts): the renderer chooses it
//! from the `mtaani_lang` cookie and `Accept-Language`, which are passed on to it; without the
//! renderer, the same choice picks that language's `index.html` (`dist/sw/index.html`). Its photos
//! follow the data saver (web/src/lib/data-saver.ts): the `mtaani_data` cookie, else `Save-Data`,
//! passed on too.

use std::{path::Path, sync::Arc, time::Duration};

use axum::{
    Router,
    body::{Body, Bytes},
    extract::Request,
    http::{HeaderMap, HeaderValue, Method, StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
};
use mtaani_runtime::http::HttpClient;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// The page renderer (web/src/server/main.ts) at an origin such as `http://127.0.0.1:8090`.
#[derive(Debug, Clone)]
pub struct Renderer {
    origin: Arc<str>,
    client: HttpClient,
}

impl Renderer {
    /// `timeout`: how long a document may take before the page goes to the browser instead.
    pub fn new(origin: &str, timeout: Duration) -> Self {
        Self { origin: origin.trim_end_matches('/').into(), client: HttpClient::new(timeout) }
    }

    /// The renderer's document for `path_and_query` (a 404 is a page it rendered as not there: an
    /// unknown listing); None when it cannot give one now.
    async fn document(
        &self,
        path_and_query: &str,
        language: &'static str,
        data: DataSaver,
        area: Option<&str>,
    ) -> Option<Response> {
        let url = format!("{}{path_and_query}", self.origin);
        // The language chosen here, as the renderer would choose it from the visitor's headers; the data
        // saver's choice and hint as they came.
        let mut cookie = format!("mtaani_lang={language}");
        if let Some(choice) = data.choice {
            cookie.push_str("; mtaani_data=");
            cookie.push_str(choice);
        }
        if let Some(area) = area {
            cookie.push_str("; mtaani_area=");
            cookie.push_str(area);
        }
        let mut headers = vec![("accept", "text/html"), ("cookie", cookie.as_str())];
        if data.hint {
            headers.push(("save-data", "on"));
        }
        let answer = match self.client.send(Method::GET, &url, &headers, Bytes::new()).await {
            Ok(answer)
                if answer.status == StatusCode::OK
                    || (answer.status == StatusCode::NOT_FOUND && answer.headers.contains_key("x-rendered")) =>
            {
                answer
            }
            Ok(answer) => {
                tracing::warn!(status = %answer.status, "the renderer failed a page; the browser renders it");
                return None;
            }
            Err(error) => {
                tracing::warn!(%error, "the renderer did not answer; the browser renders the page");
                return None;
            }
        };
        let mut response = Response::new(Body::from(answer.body));
        *response.status_mut() = answer.status;
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
        for name in ["x-rendered", "content-language", "vary"] {
            if let Some(value) = answer.headers.get(name) {
                headers.insert(name, value.clone());
            }
        }
        Some(response)
    }
}

/// The web app in `dist`, its pages' documents from `renderer` when there is one.
pub fn router(dist: &Path, renderer: Option<Renderer>) -> Router {
    let spa =
        ServeDir::new(dist).precompressed_gzip().fallback(ServeFile::new(dist.join("index.html")).precompressed_gzip());
    // Shared, not copied, by every request that passes through (assets included).
    let dist: Arc<Path> = dist.into();
    Router::new()
        .fallback_service(spa)
        .layer(middleware::from_fn(move |request, next| page(dist.clone(), renderer.clone(), request, next)))
        .layer(middleware::from_fn(cache_headers))
}

/// A page's document in the visitor's language: the renderer's, else that language's `index.html`; a
/// file of the app passes on.
async fn page(dist: Arc<Path>, renderer: Option<Renderer>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let is_page = matches!(*request.method(), Method::GET | Method::HEAD)
        && !path.starts_with("/assets/")
        && !is_file(&dist, path).await;
    if !is_page {
        return next.run(request).await;
    }
    let language = language(request.headers());
    if let Some(renderer) = renderer {
        let path_and_query = request.uri().path_and_query().map_or("/", |p| p.as_str()).to_owned();
        let data = DataSaver::of(request.headers());
        let area = area(request.headers());
        if let Some(document) = renderer.document(&path_and_query, language, data, area.as_deref()).await {
            return document;
        }
    }
    let index = dist.join(language).join("index.html");
    if language != "en" && tokio::fs::metadata(&index).await.is_ok() {
        let mut response = ServeFile::new(index).precompressed_gzip().oneshot(request).await.into_response();
        response.headers_mut().insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(language));
        // What a document depends on besides its address, as the renderer says (and nginx's `$mtaani_vary`).
        response.headers_mut().insert(header::VARY, HeaderValue::from_static("Cookie, Accept-Language, Save-Data"));
        return response;
    }
    next.run(request).await
}

/// The value of the cookie `name` (its first known value among `known`), as the page's document
/// depends on it.
fn cookie(headers: &HeaderMap, name: &str, known: &[&'static str]) -> Option<&'static str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .find_map(|cookie| {
            let value = cookie.trim().strip_prefix(name)?.strip_prefix('=')?;
            known.iter().find(|k| **k == value).copied()
        })
}

/// The visitor's area as kept (the `mtaani_area` cookie, web/src/lib/area.ts: lists come nearest first),
/// passed on as it came when it is a cookie value the renderer can read (percent-encoded text).
fn area(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .find_map(|cookie| cookie.trim().strip_prefix("mtaani_area=").map(str::to_owned))
        .filter(|v| {
            !v.is_empty()
                && v.len() <= 300
                && v.bytes().all(|b| b.is_ascii_alphanumeric() || b"%._~-!*'()_".contains(&b))
        })
}

/// The language of a page (web/src/server/language.ts): the `mtaani_lang` cookie, else whichever of
/// English and Kiswahili `Accept-Language` ranks higher, else English.
fn language(headers: &HeaderMap) -> &'static str {
    let chosen = cookie(headers, "mtaani_lang", &["sw", "en"]);
    // Else the request's preference, read as the API reads it (crate::i18n).
    chosen.unwrap_or_else(|| crate::i18n::of_request(headers).code())
}

/// The data saver as a request asks for it (web/src/server/data-saver.ts decides): the visitor's
/// choice (the `mtaani_data` cookie, `saver` or `full`) and the browser's hint (`Save-Data: on`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DataSaver {
    choice: Option<&'static str>,
    hint: bool,
}

impl DataSaver {
    fn of(headers: &HeaderMap) -> Self {
        let hint = headers
            .get_all("save-data")
            .iter()
            .any(|value| value.to_str().is_ok_and(|v| v.trim().eq_ignore_ascii_case("on")));
        Self { choice: cookie(headers, "mtaani_data", &["saver", "full"]), hint }
    }
}

/// Whether `path` names a file of the built app (favicon.svg, robots.txt, images/…).
async fn is_file(dist: &Path, path: &str) -> bool {
    let relative = path.trim_start_matches('/');
    if relative.is_empty() || relative.split('/').any(|segment| segment == "..") {
        return false;
    }
    tokio::fs::metadata(dist.join(relative)).await.is_ok_and(|metadata| metadata.is_file())
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let hashed = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value = if hashed && response.status().is_success() {
        "public, max-age=31536000, immutable"
    } else if response.status().is_success() {
        "no-cache"
    } else {
        "no-store"
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(cookie: Option<&str>, accept: Option<&str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        if let Some(cookie) = cookie {
            headers.insert(header::COOKIE, HeaderValue::from_str(cookie).unwrap());
        }
        if let Some(accept) = accept {
            headers.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_str(accept).unwrap());
        }
        headers
    }

    #[test]
    fn a_page_is_in_the_language_chosen_else_the_one_the_browser_prefers() {
        assert_eq!(language(&headers(Some("a=1; mtaani_lang=sw"), Some("en"))), "sw");
        assert_eq!(language(&headers(Some("mtaani_lang=en"), Some("sw"))), "en");
        assert_eq!(language(&headers(Some("mtaani_lang=fr"), Some("sw-KE,sw;q=0.9,en;q=0.8"))), "sw");
        assert_eq!(language(&headers(None, Some("en-US,en;q=0.9,sw;q=0.8"))), "en");
        assert_eq!(language(&headers(None, Some("fr,sw;q=0.5"))), "sw");
        assert_eq!(language(&headers(None, Some("sw;q=0"))), "en");
        assert_eq!(language(&headers(None, Some("sw;q=x"))), "en");
        assert_eq!(language(&headers(None, None)), "en");
    }

    #[test]
    fn the_data_saver_choice_and_hint_are_read_for_the_renderer() {
        let mut hinted = headers(Some("mtaani_lang=sw; mtaani_data=full"), None);
        hinted.insert("save-data", HeaderValue::from_static("On"));
        assert_eq!(DataSaver::of(&hinted), DataSaver { choice: Some("full"), hint: true });
        assert_eq!(
            DataSaver::of(&headers(Some("mtaani_data=saver"), None)),
            DataSaver { choice: Some("saver"), hint: false }
        );
        assert_eq!(
            DataSaver::of(&headers(Some("mtaani_data=x; mtaani_datax=saver"), None)),
            DataSaver { choice: None, hint: false }
        );
        assert_eq!(language(&headers(Some("mtaani_langx=sw"), Some("en"))), "en");
    }
}
