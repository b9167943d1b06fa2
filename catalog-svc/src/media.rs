//! Where photos live: one storage interface on the `object_store` crate, a folder under the data
//! folder by default, an S3-compatible bucket when configured (Kubernetes pods keep no disk): AWS S3,
//! MinIO, Cloudflare R2, … addressed path-style (`{endpoint}/{bucket}/{key}`), which every
//! S3-compatible store serves.

use std::{path::PathBuf, sync::Arc, time::Duration};

use object_store::{
    Attribute, AttributeValue, Attributes, ClientOptions, ObjectStore, PutOptions, PutPayload, RetryConfig,
    aws::AmazonS3Builder, local::LocalFileSystem, path::Path,
};

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

/// How long one call to the bucket may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// Storage for photo bytes under opaque keys such as `ab/abcdef…-480.webp`; cheap to clone.
#[derive(Debug, Clone)]
pub struct MediaStore(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    /// The store; a folder's is opened on first use (its folder must exist first).
    store: tokio::sync::OnceCell<Arc<dyn ObjectStore>>,
    /// The folder to open, for the folder store.
    folder: Option<PathBuf>,
}

fn io_error(e: object_store::Error) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

impl MediaStore {
    /// Photos as files under `root` (made when first written to). Writes are atomic, a temporary file
    /// then a rename: a reader never sees half a photo.
    pub fn folder(root: impl Into<PathBuf>) -> Self {
        Self(Arc::new(Inner { store: tokio::sync::OnceCell::new(), folder: Some(root.into()) }))
    }

    pub fn bucket(config: S3Config) -> std::io::Result<Self> {
        let store = AmazonS3Builder::new()
            .with_endpoint(config.endpoint.trim_end_matches('/'))
            .with_bucket_name(&config.bucket)
            .with_region(&config.region)
            .with_access_key_id(&config.access_key_id)
            .with_secret_access_key(&config.secret_access_key)
            .with_virtual_hosted_style_request(false)
            // Plain HTTP too, for an in-cluster store (MinIO) and the tests' server on loopback.
            .with_client_options(
                ClientOptions::new().with_allow_http(true).with_timeout(TIMEOUT).with_connect_timeout(TIMEOUT),
            )
            // A photo is written while its seller waits: two more tries at most, within one deadline.
            .with_retry(RetryConfig { max_retries: 2, retry_timeout: TIMEOUT, ..RetryConfig::default() })
            .build()
            .map_err(|e| std::io::Error::other(format!("MEDIA_S3_*: {e}")))?;
        let opened: Arc<dyn ObjectStore> = Arc::new(store);
        Ok(Self(Arc::new(Inner { store: tokio::sync::OnceCell::new_with(Some(opened)), folder: None })))
    }

    async fn store(&self) -> std::io::Result<&Arc<dyn ObjectStore>> {
        self.0
            .store
            .get_or_try_init(|| async {
                let root = self.0.folder.as_ref().ok_or_else(|| std::io::Error::other("no media store"))?;
                tokio::fs::create_dir_all(root).await?;
                let folder = LocalFileSystem::new_with_prefix(root).map_err(io_error)?;
                Ok::<Arc<dyn ObjectStore>, std::io::Error>(Arc::new(folder))
            })
            .await
    }

    /// Stores `bytes` under `key`; a reader never sees half a photo.
    pub async fn put(&self, key: &str, bytes: &[u8]) -> std::io::Result<()> {
        let path = checked(key)?;
        let mut options = PutOptions::default();
        if self.0.folder.is_none() {
            // A bucket serves it with its type; the folder's files are served by their extension.
            options.attributes =
                Attributes::from_iter([(Attribute::ContentType, AttributeValue::from(content_type(key)))]);
        }
        self.store().await?.put_opts(&path, PutPayload::from(bytes.to_vec()), options).await.map_err(io_error)?;
        if let Some(root) = &self.0.folder {
            remove_cut_off(&root.join(key)).await?;
        }
        Ok(())
    }

    /// The bytes under `key`, or `None` when there are none.
    pub async fn get(&self, key: &str) -> std::io::Result<Option<Vec<u8>>> {
        let Ok(path) = checked(key) else { return Ok(None) };
        match self.store().await?.get(&path).await {
            Ok(found) => Ok(Some(found.bytes().await.map_err(io_error)?.to_vec())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(io_error(e)),
        }
    }

    /// Deletes what is under `key`; nothing there is not an error.
    pub async fn delete(&self, key: &str) -> std::io::Result<()> {
        let path = checked(key)?;
        match self.store().await?.delete(&path).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
            Err(e) => return Err(io_error(e)),
        }
        if let Some(root) = &self.0.folder {
            remove_staged(&root.join(key)).await?;
        }
        Ok(())
    }
}

/// A write cut off mid-way (the process killed) leaves the folder store's temporary file beside the
/// photo, named `<file>#<n>` by object_store: deleting the key (the sweeper does, for a post that never
/// stored its listing) removes those too.
async fn remove_staged(file: &std::path::Path) -> std::io::Result<()> {
    let (Some(dir), Some(name)) = (file.parent(), file.file_name().and_then(|n| n.to_str())) else { return Ok(()) };
    let prefix = format!("{name}#");
    let mut entries = match tokio::fs::read_dir(dir).await {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    while let Some(entry) = entries.next_entry().await? {
        if entry.file_name().to_str().is_some_and(|n| n.starts_with(&prefix)) {
            match tokio::fs::remove_file(entry.path()).await {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
    }
    Ok(())
}

/// After a write of `file` that succeeded: what earlier writes of the same key left when they were cut
/// off (a link preview's picture is made again under the same key after a kill; its file is then
/// named, and never deleted with its leftovers). object_store stages each write as `<file>#<n>`, the
/// lowest `n` free, so leftovers sit below the one just renamed; a few unlinks, not a read of a folder
/// that holds a picture per listing.
async fn remove_cut_off(file: &std::path::Path) -> std::io::Result<()> {
    for n in 1..=STAGED_LOOKED_AT {
        let mut staged = file.as_os_str().to_owned();
        staged.push(format!("#{n}"));
        match tokio::fs::remove_file(&staged).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

/// How many staged names [`remove_cut_off`] looks at.
const STAGED_LOOKED_AT: u32 = 4;

/// Keys are generated by us, but `get` serves keys from URLs: refuse anything that could leave the
/// folder or the bucket prefix.
fn checked(key: &str) -> std::io::Result<Path> {
    let ok = !key.is_empty()
        && key.len() <= 200
        && key.split('/').all(|part| !part.is_empty() && part != "." && part != ".." && part.chars().all(valid_char));
    let path = ok.then(|| Path::parse(key).ok()).flatten();
    path.ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "bad media key"))
}

fn valid_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')
}

/// The content type for a key, by its extension.
pub fn content_type(key: &str) -> &'static str {
    match key.rsplit('.').next() {
        Some("webp") => "image/webp",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn keys_cannot_escape_the_folder() {
        let dir = std::env::temp_dir().join(format!("mtaani-media-{}", uuid::Uuid::new_v4()));
        let store = MediaStore::folder(&dir);
        store.put("ab/photo-480.webp", b"RIFF").await.unwrap();
        assert_eq!(store.get("ab/photo-480.webp").await.unwrap().as_deref(), Some(&b"RIFF"[..]));
        for bad in ["../etc/passwd", "/etc/passwd", "ab/../../x", "", "ab//c", "a b"] {
            assert_eq!(store.get(bad).await.unwrap(), None, "{bad}");
        }
        // What a write killed mid-way leaves beside the photo goes with it.
        std::fs::write(dir.join("ab/photo-480.webp#7"), b"RI").unwrap();
        store.delete("ab/photo-480.webp").await.unwrap();
        assert_eq!(store.get("ab/photo-480.webp").await.unwrap(), None);
        assert_eq!(std::fs::read_dir(dir.join("ab")).unwrap().count(), 0, "nothing is left in the folder");
        store.delete("ab/never-stored.webp").await.unwrap();
        // A key written again after a write of it was cut off (a link preview's picture): the new
        // file stays, the leftover goes.
        std::fs::create_dir_all(dir.join("og")).unwrap();
        std::fs::write(dir.join("og/l1-0a1b2c3d.jpg#1"), b"\xff\xd8").unwrap();
        store.put("og/l1-0a1b2c3d.jpg", b"JPEG").await.unwrap();
        assert_eq!(store.get("og/l1-0a1b2c3d.jpg").await.unwrap().as_deref(), Some(&b"JPEG"[..]));
        let left: Vec<_> = std::fs::read_dir(dir.join("og")).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, ["l1-0a1b2c3d.jpg"], "the cut-off write's file is gone");
        let _ = std::fs::remove_dir_all(dir);
    }
}
