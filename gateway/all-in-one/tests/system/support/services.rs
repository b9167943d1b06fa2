//! The four services on loopback, each on a free port chosen first, so that every service is told
//! where the others are (accounts-svc hides an unpaid seller's listings in catalog-svc, booking-svc
//! asks accounts-svc for a provider's e-mail, …), on SQLite or on the real PostgreSQL.

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use axum::Router;
use gateway::{AppState, Backends, config::BackendAddrs, limits::RateLimiter};
use mtaani_runtime::testing::{Running, TestDb, loopback};

pub type Server = Running<tonic::transport::Error>;

pub const JWT_SECRET: &[u8] = b"test-secret-test-secret-test-secret!";

pub struct Services {
    pub accounts: Server,
    pub catalog: Server,
    pub booking: Server,
    pub messaging: Server,
    /// To start catalog-svc again (on the same address or another).
    pub catalog_config: catalog_svc::Config,
    /// Where messaging-svc writes its e-mails.
    pub mail_dir: PathBuf,
    /// Where messaging-svc writes its SMS.
    pub sms_dir: PathBuf,
    /// booking-svc's worker clock (`booking_svc::clock`): the seconds written here move it.
    pub clock_file: PathBuf,
    pub dbs: Vec<TestDb>,
}

impl Services {
    /// `db`: `TestDb::sqlite` or `TestDb::postgres`. `admin_totp_required`: operators need their
    /// authenticator code as well as their password.
    pub async fn start(db: fn(&'static str) -> TestDb, admin_totp_required: bool) -> Self {
        // The demo photos are encoded once for every test of this binary.
        catalog_svc::seed::keep_demo_photos();
        let (a, c, b, m) = (db("accounts"), db("catalog"), db("booking"), db("messaging"));
        // Each service's port is held from now on: the others are told it before it serves.
        let (al, cl, bl, ml) = (loopback().await, loopback().await, loopback().await, loopback().await);
        let addr = |l: &tokio::net::TcpListener| l.local_addr().unwrap();
        let (aa, ca, ba, ma) = (addr(&al), addr(&cl), addr(&bl), addr(&ml));
        let messaging = messaging_svc::start(&messaging_svc::Config::embedded(ma, m.config.clone())).await.unwrap();
        let messaging = Running::on(ml, |l, s| messaging_svc::serve(messaging, l, s)).await;
        let mut catalog_config = catalog_svc::Config::embedded(ca, c.config.clone(), c.data_dir.join("media"));
        catalog_config.messaging_addr = ma.to_string();
        let catalog = catalog_svc::start(&catalog_config).await.expect("catalog starts");
        let catalog = Running::on(cl, |l, stop| catalog_svc::serve(catalog, l, stop)).await;
        let mut accounts_config = accounts_svc::Config::embedded(aa, a.config.clone(), ma.to_string());
        accounts_config.catalog_addr = ca.to_string();
        accounts_config.booking_addr = ba.to_string();
        accounts_config.admin_totp_required = admin_totp_required;
        let accounts = accounts_svc::start(&accounts_config).await.unwrap();
        let accounts = Running::on(al, |l, s| accounts_svc::serve(accounts, l, s)).await;
        let mut booking_config =
            booking_svc::Config::embedded(ba, b.config.clone(), &ca.to_string(), &aa.to_string(), &ma.to_string());
        std::fs::create_dir_all(&b.data_dir).unwrap();
        let clock_file = b.data_dir.join("clock");
        booking_config.test_clock_file = Some(clock_file.clone());
        let booking = booking_svc::start(&booking_config).await.unwrap();
        let booking = Running::on(bl, |l, s| booking_svc::serve(booking, l, s)).await;
        Self {
            accounts,
            catalog,
            booking,
            messaging,
            catalog_config,
            mail_dir: m.data_dir.join("mail"),
            sms_dir: m.data_dir.join("sms"),
            clock_file,
            dbs: vec![a, c, b, m],
        }
    }

    /// catalog-svc on `config`, at `addr` (None: any free port).
    pub async fn start_catalog(config: &catalog_svc::Config, addr: Option<SocketAddr>) -> Server {
        catalog_svc::seed::keep_demo_photos();
        let catalog = catalog_svc::start(config).await.expect("catalog starts");
        Running::start(addr, |l, stop| catalog_svc::serve(catalog, l, stop)).await
    }

    /// messaging-svc on the database of this one, at `addr` (None: any free port).
    pub async fn start_messaging(&self, addr: Option<SocketAddr>) -> Server {
        let config = messaging_svc::Config::embedded(
            addr.unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], 0))),
            self.db("messaging").config.clone(),
        );
        let messaging = messaging_svc::start(&config).await.unwrap();
        Running::start(addr, |l, s| messaging_svc::serve(messaging, l, s)).await
    }

    /// Where each service is now.
    pub fn addrs(&self) -> BackendAddrs {
        BackendAddrs {
            accounts: self.accounts.addr.to_string(),
            catalog: self.catalog.addr.to_string(),
            booking: self.booking.addr.to_string(),
            messaging: self.messaging.addr.to_string(),
        }
    }

    /// The gateway's state on these services: calls with `deadline`, `limiter`'s counters, and
    /// nginx's `X-Real-IP` trusted or not.
    pub fn state(&self, deadline: Duration, limiter: RateLimiter, trust_proxy: bool) -> AppState {
        let backends = Backends::new(&self.addrs(), deadline).unwrap();
        AppState::new(backends, JWT_SECRET.to_vec(), limiter, trust_proxy)
    }

    /// The test database of `service` ("accounts", "catalog", "booking", "messaging").
    pub fn db(&self, service: &str) -> &TestDb {
        self.dbs.iter().find(|d| d.config.service == service).unwrap()
    }

    pub async fn stop(self) {
        for s in [self.accounts, self.catalog, self.booking, self.messaging] {
            s.stop().await;
        }
        for db in self.dbs {
            db.cleanup().await;
        }
    }
}

/// The gateway with every service unreachable (nothing listens on the discard port): for what it
/// answers on its own (its documents, its limits) and how it answers a service that is down.
pub fn gateway_without_services(deadline: Duration, limiter: RateLimiter) -> Router {
    let nowhere = "127.0.0.1:9".to_owned();
    let addrs = BackendAddrs {
        accounts: nowhere.clone(),
        catalog: nowhere.clone(),
        booking: nowhere.clone(),
        messaging: nowhere,
    };
    let backends = Backends::new(&addrs, deadline).unwrap();
    gateway::app(AppState::new(backends, JWT_SECRET.to_vec(), limiter, false), None)
}
