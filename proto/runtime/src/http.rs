//! Outbound HTTPS for the services that call third parties (the photo bucket, M-Pesa's Daraja API):
//! one pooled hyper client with rustls and Mozilla's roots (no system OpenSSL), plain HTTP allowed
//! for in-cluster and loopback endpoints, and a deadline on every call.

use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::{Method, Request, StatusCode};
use hyper_util::{
    client::legacy::{Client, connect::HttpConnector},
    rt::TokioExecutor,
};

/// What went wrong talking to a third party.
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    #[error("{0} did not answer within {1:?}")]
    Timeout(String, Duration),
    #[error("cannot reach {0}: {1}")]
    Transport(String, String),
    #[error("bad request to {0}: {1}")]
    Request(String, String),
}

/// An answer: its status and whole body.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: hyper::HeaderMap,
    pub body: Bytes,
}

/// A shared client; cheap to clone.
#[derive(Clone)]
pub struct HttpClient {
    client: Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>,
    timeout: Duration,
}

impl std::fmt::Debug for HttpClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpClient").field("timeout", &self.timeout).finish_non_exhaustive()
    }
}

impl HttpClient {
    /// A client whose calls (connect, send and read the whole answer) each last at most `timeout`.
    pub fn new(timeout: Duration) -> Self {
        let mut http = HttpConnector::new();
        http.enforce_http(false);
        http.set_nodelay(true);
        http.set_connect_timeout(Some(timeout));
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_webpki_roots()
            .https_or_http()
            .enable_http1()
            .wrap_connector(http);
        let client = Client::builder(TokioExecutor::new()).pool_idle_timeout(Duration::from_secs(30)).build(https);
        Self { client, timeout }
    }

    /// Sends one request and reads the whole answer. `headers` are sent as given.
    pub async fn send(
        &self,
        method: Method,
        url: &str,
        headers: &[(&str, &str)],
        body: Bytes,
    ) -> Result<Answer, HttpError> {
        let host = url.split('/').nth(2).unwrap_or(url).to_owned();
        let mut request = Request::builder().method(method).uri(url);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request.body(Full::new(body)).map_err(|e| HttpError::Request(host.clone(), e.to_string()))?;
        let call = async {
            let response =
                self.client.request(request).await.map_err(|e| HttpError::Transport(host.clone(), e.to_string()))?;
            let status = response.status();
            let headers = response.headers().clone();
            let body = response
                .into_body()
                .collect()
                .await
                .map_err(|e| HttpError::Transport(host.clone(), e.to_string()))?
                .to_bytes();
            Ok(Answer { status, headers, body })
        };
        tokio::time::timeout(self.timeout, call).await.map_err(|_| HttpError::Timeout(host.clone(), self.timeout))?
    }
}
