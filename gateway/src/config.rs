//! Gateway settings, all from the environment.

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use mtaani_proto::ports;
use mtaani_runtime::config;

#[derive(Clone)]
pub struct Config {
    /// `GATEWAY_LISTEN`, else `127.0.0.1:$PORT` (`PORT` default 8080).
    pub listen: SocketAddr,
    /// `ACCOUNTS_ADDR`, `CATALOG_ADDR`, `BOOKING_ADDR`, `MESSAGING_ADDR`: host:port of each service.
    pub backends: BackendAddrs,
    /// `GRPC_TIMEOUT_MS` (default 3000): the deadline of every call to a service.
    pub grpc_timeout: Duration,
    /// `WEB_DIST` (default `web/dist`): the built web app, served when present.
    pub web_dist: Option<PathBuf>,
    /// `JWT_SECRET`, or the embedded run's generated one: verifies session tokens.
    pub jwt_secret: Vec<u8>,
    /// `REDIS_URL` (e.g. `redis://127.0.0.1:6379`): shared rate-limit counters. Unset: in process.
    pub redis_url: Option<String>,
    /// `REDIS_CA_FILE`: a PEM certificate authority to trust for a `rediss://` server instead of the
    /// public ones (a managed Redis with a private CA).
    pub redis_ca_file: Option<PathBuf>,
    /// `TRUST_PROXY` (default false): take the client's address from nginx's `X-Real-IP`.
    pub trust_proxy: bool,
    /// `RENDERER_URL` (e.g. `http://127.0.0.1:8090`): the page renderer (web/src/server), asked for
    /// the documents of the web app's pages. Unset: every page renders in the browser (the all-in-one
    /// run starts one itself).
    pub renderer_url: Option<String>,
    /// `RENDER_DEADLINE_MS` (default 2000): how long a page's document may take at the renderer
    /// before the page goes to the browser instead.
    pub render_deadline: Duration,
    /// `PUBLIC_BASE_URL` (default `http://127.0.0.1:$PORT`): the address visitors use, for the
    /// sitemap's and robots.txt's absolute URLs.
    pub public_base_url: String,
    /// `SMS_CALLBACK_KEY`: the key in the URL of Africa's Talking's SMS opt-out callback
    /// (`/api/sms/opt-out?key=…`); unset, the callback is not served.
    pub sms_callback_key: Option<String>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("listen", &self.listen)
            .field("backends", &self.backends)
            .field("grpc_timeout", &self.grpc_timeout)
            .field("web_dist", &self.web_dist)
            .field("trust_proxy", &self.trust_proxy)
            .field("renderer_url", &self.renderer_url)
            .field("public_base_url", &self.public_base_url)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, Clone)]
pub struct BackendAddrs {
    pub accounts: String,
    pub catalog: String,
    pub booking: String,
    pub messaging: String,
}

impl BackendAddrs {
    /// Every service on loopback at its default port.
    pub fn local() -> Self {
        Self {
            accounts: format!("127.0.0.1:{}", ports::ACCOUNTS),
            catalog: format!("127.0.0.1:{}", ports::CATALOG),
            booking: format!("127.0.0.1:{}", ports::BOOKING),
            messaging: format!("127.0.0.1:{}", ports::MESSAGING),
        }
    }
}

fn addr(name: &'static str, default: String) -> Result<String, config::ConfigError> {
    let value = config::var(name).unwrap_or(default);
    let value = value.trim_start_matches("http://").to_owned();
    match value.rsplit_once(':') {
        Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => Ok(value),
        _ => Err(config::ConfigError::Invalid { name, value, reason: "expected host:port".into() }),
    }
}

impl Config {
    pub fn from_env() -> Result<Self, config::ConfigError> {
        let port: u16 = config::parse_or("PORT", 8080)?;
        let local = BackendAddrs::local();
        let web_dist = config::var("WEB_DIST").map_or_else(|| PathBuf::from("web/dist"), PathBuf::from);
        Ok(Self {
            listen: config::socket_addr_or("GATEWAY_LISTEN", SocketAddr::from(([127, 0, 0, 1], port)))?,
            backends: BackendAddrs {
                accounts: addr("ACCOUNTS_ADDR", local.accounts)?,
                catalog: addr("CATALOG_ADDR", local.catalog)?,
                booking: addr("BOOKING_ADDR", local.booking)?,
                messaging: addr("MESSAGING_ADDR", local.messaging)?,
            },
            grpc_timeout: Duration::from_millis(config::parse_or("GRPC_TIMEOUT_MS", 3000)?),
            web_dist: web_dist.join("index.html").is_file().then_some(web_dist),
            jwt_secret: config::jwt_secret()?,
            redis_url: config::var("REDIS_URL"),
            redis_ca_file: config::var("REDIS_CA_FILE").map(PathBuf::from),
            trust_proxy: config::flag_or("TRUST_PROXY", false)?,
            renderer_url: config::var("RENDERER_URL"),
            render_deadline: Duration::from_millis(config::parse_or("RENDER_DEADLINE_MS", 2000)?),
            public_base_url: config::public_base_url()?,
            sms_callback_key: match config::var("SMS_CALLBACK_KEY") {
                Some(key) if key.len() < 16 => {
                    return Err(config::ConfigError::Invalid {
                        name: "SMS_CALLBACK_KEY",
                        value: "(hidden)".into(),
                        reason: "use at least 16 random characters".into(),
                    });
                }
                key => key,
            },
        })
    }

    /// The web app to serve, if built: its files and, with `RENDERER_URL`, its renderer.
    pub fn web(&self) -> Option<(&std::path::Path, Option<crate::web::Renderer>)> {
        let renderer = self.renderer_url.as_deref().map(|url| crate::web::Renderer::new(url, self.render_deadline));
        self.web_dist.as_deref().map(|dist| (dist, renderer))
    }
}
