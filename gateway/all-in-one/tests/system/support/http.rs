//! Requests to the gateway's router and its answers, read whole.

use axum::{
    Router,
    body::Body,
    http::{HeaderMap, Request, StatusCode, header},
};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// A request in `language` (`None`: no Accept-Language), with a JSON body and a session when given.
pub fn request(
    method: &str,
    uri: &str,
    language: Option<&str>,
    token: Option<&str>,
    body: Option<Value>,
) -> Request<Body> {
    let mut r = Request::builder().method(method).uri(uri);
    if let Some(l) = language {
        r = r.header(header::ACCEPT_LANGUAGE, l);
    }
    if let Some(t) = token {
        r = r.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    match body {
        Some(b) => r.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())).unwrap(),
        None => r.body(Body::empty()).unwrap(),
    }
}

/// What the gateway answered a request: its status, headers and body as they came.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as JSON; a body that is not JSON fails the test and shows it.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&self.body)))
    }

    /// The body as JSON, or null when it is not JSON (for tests that judge such an answer).
    pub fn json_or_null(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }

    /// The status and the body as JSON (null when it is not), to compare both at once.
    pub fn status_and_json(&self) -> (StatusCode, Value) {
        (self.status, self.json_or_null())
    }

    /// The body as text, for the messages of failed assertions.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The (first) value of the header `name`, "" when there is none.
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", |v| v.to_str().unwrap())
    }

    /// Every value of the header `name` (several layers may each add a `Vary`), joined with ", ".
    pub fn header_values(&self, name: &str) -> String {
        self.headers.get_all(name).iter().map(|v| v.to_str().unwrap()).collect::<Vec<_>>().join(", ")
    }
}

/// Sends `request` to `app` and reads the whole answer.
pub async fn call(app: &Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let body = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    Answer { status, headers, body }
}

/// `GET uri` on `app`, without a session.
pub async fn get(app: &Router, uri: &str) -> Answer {
    call(app, request("GET", uri, None, None, None)).await
}
