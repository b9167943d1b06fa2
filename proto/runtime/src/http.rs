//! Outbound HTTP(S) for the calls to third parties (the photo bucket, M-Pesa's Daraja API) and to the
//! page renderer: one pooled `reqwest` client with rustls and Mozilla's roots (no system OpenSSL),
//! plain HTTP allowed for in-cluster and loopback endpoints, and a deadline on every call (connect,
//! send and read the whole answer).

use std::time::Duration;

use bytes::Bytes;
pub use reqwest::{Method, StatusCode, header::HeaderMap};

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
    pub headers: HeaderMap,
    pub body: Bytes,
}

/// A shared client; cheap to clone.
#[derive(Debug, Clone)]
pub struct HttpClient {
    client: reqwest::Client,
    timeout: Duration,
}

impl HttpClient {
    /// A client whose calls (connect, send and read the whole answer) each last at most `timeout`.
    pub fn new(timeout: Duration) -> Self {
        let client = reqwest::Client::builder()
            .connect_timeout(timeout)
            .timeout(timeout)
            .tcp_nodelay(true)
            .pool_idle_timeout(Duration::from_secs(30))
            // Answers are read as they come: no redirect is followed, no proxy from the environment.
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .build()
            .expect("the TLS roots are built in");
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
        let mut request = self.client.request(method, url);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request.body(body).build().map_err(|e| HttpError::Request(host.clone(), e.to_string()))?;
        let failed = |e: reqwest::Error| {
            if e.is_timeout() {
                HttpError::Timeout(host.clone(), self.timeout)
            } else {
                HttpError::Transport(host.clone(), error_chain(&e))
            }
        };
        let response = self.client.execute(request).await.map_err(failed)?;
        let status = response.status();
        let headers = response.headers().clone();
        let body = response.bytes().await.map_err(failed)?;
        Ok(Answer { status, headers, body })
    }
}

/// The error with its causes ("error sending request: … connection refused"), as hyper's said.
fn error_chain(e: &reqwest::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A loopback server that accepts one connection and never answers: the deadline ends the call.
    #[tokio::test]
    async fn a_call_that_gets_no_answer_ends_at_its_deadline() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/slow", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            let (socket, _) = listener.accept().await.unwrap();
            tokio::time::sleep(Duration::from_secs(5)).await;
            drop(socket);
        });
        let client = HttpClient::new(Duration::from_millis(300));
        let started = std::time::Instant::now();
        let error = client.send(Method::GET, &url, &[], Bytes::new()).await.unwrap_err();
        assert!(matches!(error, HttpError::Timeout(..)), "{error}");
        assert!(started.elapsed() < Duration::from_secs(2));
        server.abort();
    }

    #[tokio::test]
    async fn an_answer_is_read_whole_with_its_status_and_headers() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/x", listener.local_addr().unwrap());
        tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut buf = [0u8; 1024];
            let _ = socket.read(&mut buf).await.unwrap();
            let answer = "HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX-Seen: yes\r\n\r\nhello";
            socket.write_all(answer.as_bytes()).await.unwrap();
        });
        let answer = HttpClient::new(Duration::from_secs(2))
            .send(Method::POST, &url, &[("content-type", "text/plain")], Bytes::from_static(b"hi"))
            .await
            .unwrap();
        assert_eq!(answer.status, StatusCode::CREATED);
        assert_eq!(answer.headers["x-seen"], "yes");
        assert_eq!(&answer.body[..], b"hello");
    }

    #[tokio::test]
    async fn nobody_listening_is_a_transport_error() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/", listener.local_addr().unwrap());
        drop(listener);
        let error =
            HttpClient::new(Duration::from_secs(2)).send(Method::GET, &url, &[], Bytes::new()).await.unwrap_err();
        assert!(matches!(error, HttpError::Transport(..)), "{error}");
    }
}
