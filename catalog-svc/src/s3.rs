//! An S3-compatible bucket for photos (AWS S3, MinIO, Cloudflare R2, …), for deployments where pods
//! keep no disk. Plain HTTP requests signed with AWS Signature Version 4; path-style addressing
//! (`{endpoint}/{bucket}/{key}`), which every S3-compatible store serves.

use std::time::Duration;

use bytes::Bytes;
use hyper::{Method, StatusCode};
use mtaani_runtime::http::HttpClient;
use sha2::{Digest, Sha256};

/// `MEDIA_S3_*`: where the bucket is and the credentials to write to it.
#[derive(Clone)]
pub struct S3Config {
    /// `MEDIA_S3_ENDPOINT`, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`.
    pub endpoint: String,
    /// `MEDIA_S3_BUCKET`.
    pub bucket: String,
    /// `MEDIA_S3_REGION` (default `us-east-1`).
    pub region: String,
    /// `MEDIA_S3_ACCESS_KEY_ID`.
    pub access_key_id: String,
    /// `MEDIA_S3_SECRET_ACCESS_KEY`.
    pub secret_access_key: String,
}

impl std::fmt::Debug for S3Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Config")
            .field("endpoint", &self.endpoint)
            .field("bucket", &self.bucket)
            .field("region", &self.region)
            .finish_non_exhaustive()
    }
}

#[derive(Clone)]
pub struct S3Bucket {
    config: S3Config,
    host: String,
    endpoint: String,
    client: HttpClient,
}

impl std::fmt::Debug for S3Bucket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Bucket").field("config", &self.config).finish_non_exhaustive()
    }
}

const TIMEOUT: Duration = Duration::from_secs(20);

fn io_error(message: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(message.to_string())
}

impl S3Bucket {
    pub fn new(config: S3Config) -> std::io::Result<Self> {
        let endpoint = config.endpoint.trim_end_matches('/').to_owned();
        let uri: hyper::Uri = endpoint.parse().map_err(|e| io_error(format!("MEDIA_S3_ENDPOINT: {e}")))?;
        let host =
            uri.authority().map(|a| a.as_str().to_owned()).ok_or_else(|| io_error("MEDIA_S3_ENDPOINT has no host"))?;
        let client = HttpClient::new(TIMEOUT);
        Ok(Self { endpoint, host, config, client })
    }

    async fn send(
        &self,
        method: Method,
        key: &str,
        body: Bytes,
        content_type: Option<&str>,
    ) -> std::io::Result<(StatusCode, Bytes)> {
        let path = format!(
            "/{}/{}",
            uri_encode(&self.config.bucket),
            key.split('/').map(uri_encode).collect::<Vec<_>>().join("/")
        );
        let url = format!("{}{path}", self.endpoint);
        let payload_hash = hex(&Sha256::digest(&body));
        let amz_date = chrono::Utc::now().format("%Y%m%dT%H%M%SZ").to_string();
        let mut headers = vec![
            ("host".to_owned(), self.host.clone()),
            ("x-amz-content-sha256".to_owned(), payload_hash.clone()),
            ("x-amz-date".to_owned(), amz_date.clone()),
        ];
        if let Some(ct) = content_type {
            headers.push(("content-type".to_owned(), ct.to_owned()));
        }
        let authorization = sign(&Signing {
            method: method.as_str(),
            path: &path,
            query: "",
            headers: &headers,
            payload_hash: &payload_hash,
            amz_date: &amz_date,
            region: &self.config.region,
            access_key_id: &self.config.access_key_id,
            secret_access_key: &self.config.secret_access_key,
        });
        let mut sent: Vec<(&str, &str)> =
            headers.iter().filter(|(n, _)| n != "host").map(|(n, v)| (n.as_str(), v.as_str())).collect();
        sent.push(("authorization", &authorization));
        let answer = self.client.send(method, &url, &sent, body).await.map_err(io_error)?;
        Ok((answer.status, answer.body))
    }

    fn failed(&self, what: &str, status: StatusCode, body: &[u8]) -> std::io::Error {
        let text = String::from_utf8_lossy(&body[..body.len().min(300)]).into_owned();
        io_error(format!("{what} in bucket {}: {status} {text}", self.config.bucket))
    }

    pub async fn put(&self, key: &str, bytes: &[u8], content_type: &str) -> std::io::Result<()> {
        let (status, body) = self.send(Method::PUT, key, Bytes::copy_from_slice(bytes), Some(content_type)).await?;
        if status.is_success() { Ok(()) } else { Err(self.failed("cannot store a photo", status, &body)) }
    }

    pub async fn get(&self, key: &str) -> std::io::Result<Option<Vec<u8>>> {
        let (status, body) = self.send(Method::GET, key, Bytes::new(), None).await?;
        match status {
            s if s.is_success() => Ok(Some(body.to_vec())),
            StatusCode::NOT_FOUND => Ok(None),
            s => Err(self.failed("cannot read a photo", s, &body)),
        }
    }

    pub async fn delete(&self, key: &str) -> std::io::Result<()> {
        let (status, body) = self.send(Method::DELETE, key, Bytes::new(), None).await?;
        if status.is_success() || status == StatusCode::NOT_FOUND {
            Ok(())
        } else {
            Err(self.failed("cannot delete a photo", status, &body))
        }
    }
}

/// What a request signature covers.
pub struct Signing<'a> {
    pub method: &'a str,
    /// The URI-encoded path.
    pub path: &'a str,
    /// The canonical query string (empty for object calls).
    pub query: &'a str,
    /// Lower-case names; all are signed.
    pub headers: &'a [(String, String)],
    pub payload_hash: &'a str,
    /// `YYYYMMDDTHHMMSSZ`
    pub amz_date: &'a str,
    pub region: &'a str,
    pub access_key_id: &'a str,
    pub secret_access_key: &'a str,
}

/// The `Authorization` header of AWS Signature Version 4 for service `s3`.
pub fn sign(s: &Signing<'_>) -> String {
    let mut headers: Vec<(String, String)> =
        s.headers.iter().map(|(n, v)| (n.to_lowercase(), v.split_whitespace().collect::<Vec<_>>().join(" "))).collect();
    headers.sort();
    let canonical_headers: String = headers.iter().map(|(n, v)| format!("{n}:{v}\n")).collect();
    let signed_headers = headers.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(";");
    let canonical_request =
        format!("{}\n{}\n{}\n{canonical_headers}\n{signed_headers}\n{}", s.method, s.path, s.query, s.payload_hash);
    let date = &s.amz_date[..8];
    let scope = format!("{date}/{}/s3/aws4_request", s.region);
    let string_to_sign =
        format!("AWS4-HMAC-SHA256\n{}\n{scope}\n{}", s.amz_date, hex(&Sha256::digest(canonical_request.as_bytes())));
    let mut key = hmac(format!("AWS4{}", s.secret_access_key).as_bytes(), date.as_bytes());
    for part in [s.region, "s3", "aws4_request"] {
        key = hmac(&key, part.as_bytes());
    }
    let signature = hex(&hmac(&key, string_to_sign.as_bytes()));
    format!(
        "AWS4-HMAC-SHA256 Credential={}/{scope}, SignedHeaders={signed_headers}, Signature={signature}",
        s.access_key_id
    )
}

/// HMAC-SHA256 (RFC 2104), on the SHA-256 we already have.
fn hmac(key: &[u8], message: &[u8]) -> Vec<u8> {
    const BLOCK: usize = 64;
    let mut k = if key.len() > BLOCK { Sha256::digest(key).to_vec() } else { key.to_vec() };
    k.resize(BLOCK, 0);
    let inner: Vec<u8> = k.iter().map(|b| b ^ 0x36).collect();
    let outer: Vec<u8> = k.iter().map(|b| b ^ 0x5c).collect();
    let inner_hash = Sha256::new().chain_update(&inner).chain_update(message).finalize();
    Sha256::new().chain_update(&outer).chain_update(inner_hash).finalize().to_vec()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// URI-encodes one path segment as SigV4 wants it (unreserved characters kept).
fn uri_encode(segment: &str) -> String {
    segment
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example "GET Object" of the AWS S3 Signature Version 4 documentation.
    #[test]
    fn signs_the_aws_documentation_example() {
        let headers = [
            ("Host", "examplebucket.s3.amazonaws.com"),
            ("Range", "bytes=0-9"),
            ("x-amz-content-sha256", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("x-amz-date", "20130524T000000Z"),
        ]
        .map(|(n, v)| (n.to_owned(), v.to_owned()));
        let authorization = sign(&Signing {
            method: "GET",
            path: "/test.txt",
            query: "",
            headers: &headers,
            payload_hash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            amz_date: "20130524T000000Z",
            region: "us-east-1",
            access_key_id: "AKIAIOSFODNN7EXAMPLE",
            secret_access_key: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        });
        assert_eq!(
            authorization,
            "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, \
             SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, \
             Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        );
    }

    #[test]
    fn hmac_matches_rfc_4231() {
        // Test case 2.
        assert_eq!(
            hex(&hmac(b"Jefe", b"what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn path_segments_are_encoded() {
        assert_eq!(uri_encode("ab-1_2.webp"), "ab-1_2.webp");
        assert_eq!(uri_encode("a b+c"), "a%20b%2Bc");
    }
}
