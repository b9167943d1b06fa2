//! catalog-svc settings, all from the environment.

use std::{net::SocketAddr, path::PathBuf};

use mtaani_runtime::{config, db::DbConfig};

use crate::media::S3Config;

#[derive(Debug, Clone)]
pub struct Config {
    /// `CATALOG_LISTEN` (default 127.0.0.1:50052).
    pub listen: SocketAddr,
    pub db: DbConfig,
    /// `MEDIA_DIR` (default `$DATA_DIR/media`): where photos are kept.
    pub media_dir: PathBuf,
    /// `SEED_DEMO` (default true): load the demo marketplace when the catalog is empty.
    pub seed_demo: bool,
    /// `MEDIA_S3_BUCKET` and the rest of `MEDIA_S3_*`: photos in a bucket instead of `media_dir`.
    pub s3: Option<S3Config>,
    /// `PHOTO_SWEEP_AFTER_SECS` (default 3600): photo files of a post that never stored its listing
    /// are deleted once this old (see `photos`).
    pub photo_sweep_after: std::time::Duration,
    /// `MESSAGING_ADDR` (default 127.0.0.1:50054): e-mails to sellers (a listing taken down).
    pub messaging_addr: String,
    /// `PUBLIC_BASE_URL`: where links in those e-mails point.
    pub public_base_url: String,
    /// `LINK_PREVIEWS` (default true): make each listing's link-preview picture in the background
    /// (`og`). The benchmark's generated catalogs turn it off: there every start would be a backfill
    /// of 100,000 pictures competing with what is measured.
    pub link_previews: bool,
}

impl Config {
    /// The embedded defaults: photos in `media_dir`, the demo marketplace loaded.
    pub fn embedded(listen: SocketAddr, db: DbConfig, media_dir: PathBuf) -> Self {
        Self {
            listen,
            db,
            media_dir,
            seed_demo: true,
            s3: None,
            photo_sweep_after: std::time::Duration::from_secs(3600),
            messaging_addr: format!("127.0.0.1:{}", mtaani_proto::ports::MESSAGING),
            public_base_url: "http://127.0.0.1:8080".into(),
            link_previews: true,
        }
    }

    pub fn from_env() -> Result<Self, config::ConfigError> {
        let data_dir = config::data_dir();
        let s3 = match config::var("MEDIA_S3_BUCKET") {
            None => None,
            Some(bucket) => {
                let required = |name: &'static str| {
                    config::var(name).ok_or_else(|| config::ConfigError::Missing {
                        name,
                        reason: "MEDIA_S3_BUCKET is set, so photos go to a bucket".into(),
                    })
                };
                Some(S3Config {
                    bucket,
                    endpoint: required("MEDIA_S3_ENDPOINT")?,
                    region: config::var("MEDIA_S3_REGION").unwrap_or_else(|| "us-east-1".into()),
                    access_key_id: required("MEDIA_S3_ACCESS_KEY_ID")?,
                    secret_access_key: required("MEDIA_S3_SECRET_ACCESS_KEY")?,
                })
            }
        };
        Ok(Self {
            listen: config::socket_addr_or(
                "CATALOG_LISTEN",
                SocketAddr::from(([127, 0, 0, 1], mtaani_proto::ports::CATALOG)),
            )?,
            db: DbConfig::from_env("catalog")?,
            media_dir: config::var("MEDIA_DIR").map_or_else(|| data_dir.join("media"), PathBuf::from),
            seed_demo: config::flag_or("SEED_DEMO", true)?,
            s3,
            photo_sweep_after: std::time::Duration::from_secs(config::parse_or("PHOTO_SWEEP_AFTER_SECS", 3600)?),
            messaging_addr: config::var("MESSAGING_ADDR")
                .unwrap_or_else(|| format!("127.0.0.1:{}", mtaani_proto::ports::MESSAGING)),
            public_base_url: config::public_base_url()?,
            link_previews: config::flag_or("LINK_PREVIEWS", true)?,
        })
    }
}
