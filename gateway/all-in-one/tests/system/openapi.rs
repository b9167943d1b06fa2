//! `GET /api/openapi.json` describes what the router serves: both come from the same registrations
//! (utoipa-axum's `routes!` in each route module reads a handler's method and path from its
//! `#[utoipa::path]`), so here every documented operation is answered by its handler (not by the
//! router's "no such route"), the document is OpenAPI 3.1 JSON with every reference resolved and
//! every error answer described, and docs/openapi.json is the served document. (schemathesis, run by
//! `deploy/local/schemathesis.sh`, validates it fully and tests the API against it.)

use std::{
    collections::{BTreeMap, BTreeSet},
    time::Duration,
};

use axum::{
    Router,
    body::Body,
    http::{Method, Request, StatusCode},
};
use gateway::limits::RateLimiter;
use serde_json::Value;

use crate::support::{call, gateway_without_services, get};

/// The gateway with every service unreachable: the document needs none, and each handler still
/// answers (401, 400, 503…) in its own words.
fn app() -> Router {
    gateway_without_services(Duration::from_millis(300), RateLimiter::in_process())
}

async fn document(app: &Router) -> Value {
    let answer = get(app, "/api/openapi.json").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("content-type"), "application/json");
    answer.json()
}

/// `(METHOD, path)` of every operation in the document.
fn documented(doc: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().unwrap().keys() {
            if ["get", "put", "post", "delete", "patch", "head", "options", "trace"].contains(&method.as_str()) {
                ops.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    ops
}

#[tokio::test]
async fn every_documented_operation_is_served_by_its_handler() {
    let app = app();
    let doc = document(&app).await;
    let documented = documented(&doc);
    assert!(documented.len() >= 55, "only {} operations documented", documented.len());

    // Every documented operation reaches its handler: the router's own answers to an unknown path
    // or method never come back.
    for (method, path) in &documented {
        let uri = path.replace("{category_id}", "hair").replace("{id}", "x").replace("{key}", "a/b.webp");
        let request = Request::builder().method(Method::from_bytes(method.as_bytes()).unwrap()).uri(&uri);
        let answer = call(&app, request.body(Body::empty()).unwrap()).await;
        assert_ne!(answer.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
        assert_ne!(answer.json_or_null()["message"], "Not found", "{method} {uri} is not routed");
        if !answer.status.is_success() {
            assert_eq!(answer.header("content-type"), "application/json", "{method} {uri}: {}", answer.status);
        }
    }
    // A method a route does not take: 405 in the same JSON shape, with the methods it does take.
    let patch = call(&app, Request::builder().method("PATCH").uri("/api/services").body(Body::empty()).unwrap()).await;
    assert_eq!((patch.status, patch.header("content-type")), (StatusCode::METHOD_NOT_ALLOWED, "application/json"));
    assert!(patch.json()["message"].is_string());
    let allow = call(&app, Request::delete("/api/services").body(Body::empty()).unwrap()).await;
    assert_eq!(allow.header("allow"), "GET,HEAD,POST");

    let documented_count = documented.len();
    eprintln!("openapi: {documented_count} operations documented, each served by its handler");
}

/// Follows a local `$ref` (`#/components/…`).
fn resolve<'d>(doc: &'d Value, reference: &str) -> Option<&'d Value> {
    reference.strip_prefix("#/")?.split('/').try_fold(doc, |node, part| node.get(part))
}

fn refs(node: &Value, out: &mut Vec<String>) {
    match node {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref") {
                out.push(r.clone());
            }
            map.values().for_each(|v| refs(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

#[tokio::test]
async fn the_document_is_valid_openapi_with_every_error_described() {
    let doc = document(&app()).await;
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(doc["info"]["title"], "Mtaani API");

    let mut all = Vec::new();
    refs(&doc, &mut all);
    for r in &all {
        assert!(resolve(&doc, r).is_some(), "dangling reference {r}");
    }
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
    let error = &doc["components"]["schemas"]["ApiError"];
    assert_eq!(error["required"], serde_json::json!(["message", "code"]));
    let codes: Vec<&str> = mtaani_proto::status::ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(error["properties"]["code"]["enum"], serde_json::json!(codes), "every code, as an enum");
    assert_eq!(error["properties"]["errors"]["additionalProperties"]["type"], "string");

    let mut ids = BTreeMap::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let name = format!("{} {path}", method.to_uppercase());
            let id = op["operationId"].as_str().unwrap_or_else(|| panic!("{name}: no operationId"));
            assert!(ids.insert(id.to_owned(), name.clone()).is_none(), "operationId {id} twice");
            let responses = op["responses"].as_object().unwrap();
            assert!(responses.keys().any(|s| s.starts_with('2')), "{name}: no success answer");
            for (status, response) in responses {
                if status.starts_with('4') || status.starts_with('5') {
                    let r = response["$ref"].as_str().unwrap_or_else(|| panic!("{name} {status}: not a shared error"));
                    let described = resolve(&doc, r).unwrap();
                    let schema = &described["content"]["application/json"]["schema"]["$ref"];
                    assert_eq!(schema, "#/components/schemas/ApiError", "{name} {status}");
                }
            }
            if op.get("requestBody").is_some() && path != "/api/payments/mpesa/callback" {
                for status in ["400", "413", "415"] {
                    assert!(responses.contains_key(status), "{name}: takes JSON but {status} is not documented");
                }
            }
            if op.get("security").is_some() {
                assert!(responses.contains_key("401"), "{name}: needs a session but 401 is not documented");
            }
        }
    }
}

/// The committed copy of the document, `docs/openapi.json`, is the source the web app's API types
/// are generated from (web/scripts/api-types.mjs, checked in `make test`): it must be the document
/// the gateway serves. `UPDATE_OPENAPI=1 cargo test -p mtaani --test system openapi::` rewrites it.
#[test]
fn the_committed_document_is_the_served_one() {
    let served: Value = serde_json::from_slice(gateway::routes::openapi::document_json()).unwrap();
    let text = serde_json::to_string_pretty(&served).unwrap() + "\n";
    let path = crate::repo().join("docs/openapi.json");
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "docs/openapi.json is not the gateway's document: run `UPDATE_OPENAPI=1 cargo test -p mtaani --test system openapi::`, \
         then `cd web && npm run api-types`, and commit both"
    );
}
