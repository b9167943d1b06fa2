//! Test support for the services: a fresh database on each backend (a SQLite file in a new folder,
//! and a new schema on the real PostgreSQL at 127.0.0.1:5432 or `TEST_DATABASE_URL`), and a server
//! started on a free loopback port with a handle to stop it.

use std::{
    future::Future,
    net::SocketAddr,
    path::PathBuf,
    time::{Duration, Instant},
};

use sqlx::Executor;
use tokio::{net::TcpListener, sync::oneshot, task::JoinHandle};

use crate::db::DbConfig;

/// The PostgreSQL the tests use.
pub fn postgres_url() -> String {
    crate::config::var("TEST_DATABASE_URL").unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// A database made for one test, removed by [`TestDb::cleanup`].
#[derive(Debug)]
pub struct TestDb {
    pub name: &'static str,
    pub config: DbConfig,
    pub data_dir: PathBuf,
}

fn unique() -> String {
    uuid::Uuid::new_v4().simple().to_string()[..12].to_owned()
}

impl TestDb {
    /// A SQLite file in a new temporary folder.
    pub fn sqlite(service: &'static str) -> Self {
        let data_dir = std::env::temp_dir().join(format!("mtaani-test-{service}-{}", unique()));
        Self {
            name: "sqlite",
            config: DbConfig {
                url: None,
                data_dir: data_dir.clone(),
                service,
                schema: service.into(),
                max_connections: 8,
                plan_each_call: false,
            },
            data_dir,
        }
    }

    /// A new schema on the real PostgreSQL.
    pub fn postgres(service: &'static str) -> Self {
        let data_dir = std::env::temp_dir().join(format!("mtaani-test-{service}-{}", unique()));
        Self {
            name: "postgres",
            config: DbConfig {
                url: Some(postgres_url()),
                data_dir: data_dir.clone(),
                service,
                schema: format!("test_{service}_{}", unique()),
                max_connections: 8,
                plan_each_call: false,
            },
            data_dir,
        }
    }

    /// Both backends: every service test runs on each.
    pub fn both(service: &'static str) -> [Self; 2] {
        [Self::sqlite(service), Self::postgres(service)]
    }

    /// Removes the folder and, on PostgreSQL, the schema.
    pub async fn cleanup(self) {
        let _ = std::fs::remove_dir_all(&self.data_dir);
        if let Some(url) = &self.config.url {
            sqlx::any::install_default_drivers();
            if let Ok(pool) = sqlx::AnyPool::connect(url).await {
                let _ = pool
                    .execute(sqlx::AssertSqlSafe(format!("DROP SCHEMA IF EXISTS \"{}\" CASCADE", self.config.schema)))
                    .await;
                pool.close().await;
            }
        }
    }
}

/// A listener on a free loopback port, bound at once: its address can be handed to other servers
/// before its own starts, and no other test (nor an outgoing connection) can take the port meanwhile,
/// as one picked by binding and closing a socket could be.
pub async fn loopback() -> TcpListener {
    TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await.expect("bind a loopback port")
}

/// A server running on a loopback port.
pub struct Running<E> {
    pub addr: SocketAddr,
    stop: oneshot::Sender<()>,
    handle: JoinHandle<Result<(), E>>,
}

impl<E: std::fmt::Debug> Running<E> {
    /// Starts `serve` on a free port (or `addr` when given) with a shutdown the test controls.
    pub async fn start<F, Fut>(addr: Option<SocketAddr>, serve: F) -> Self
    where
        F: FnOnce(TcpListener, std::pin::Pin<Box<dyn Future<Output = ()> + Send>>) -> Fut,
        Fut: Future<Output = Result<(), E>> + Send + 'static,
        E: Send + 'static,
    {
        let listener = TcpListener::bind(addr.unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], 0))))
            .await
            .expect("bind a loopback port");
        Self::on(listener, serve).await
    }

    /// Starts `serve` on `listener` (bound by [`loopback`] before its address was handed to the
    /// servers that call this one), with a shutdown the test controls.
    pub async fn on<F, Fut>(listener: TcpListener, serve: F) -> Self
    where
        F: FnOnce(TcpListener, std::pin::Pin<Box<dyn Future<Output = ()> + Send>>) -> Fut,
        Fut: Future<Output = Result<(), E>> + Send + 'static,
        E: Send + 'static,
    {
        let addr = listener.local_addr().expect("local address");
        let (stop, stopped) = oneshot::channel::<()>();
        let shutdown = Box::pin(async move {
            let _ = stopped.await;
        });
        let handle = tokio::spawn(serve(listener, shutdown));
        Self { addr, stop, handle }
    }

    /// `http://127.0.0.1:port`
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Asks the server to stop and waits until it has.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        self.handle.await.expect("server task").expect("server stopped cleanly");
    }
}

/// The `grpc.health.v1` status `server` reports for `service` (e.g. "catalog.v1.CatalogService").
pub async fn health_status(url: &str, service: &str) -> i32 {
    let channel = tonic::transport::Channel::from_shared(url.to_owned())
        .expect("a valid url")
        .connect()
        .await
        .expect("connect to the server");
    tonic_health::pb::health_client::HealthClient::new(channel)
        .check(tonic_health::pb::HealthCheckRequest { service: service.into() })
        .await
        .expect("health check answers")
        .into_inner()
        .status
}

/// `ServingStatus::Serving` as it travels.
pub const SERVING: i32 = tonic_health::pb::health_check_response::ServingStatus::Serving as i32;

/// What a condition of [`eventually`] answers: `true`, `Some(value)` or `Ok(value)` once it holds.
pub trait Settled {
    type Value;
    /// The value once the condition holds; otherwise why not yet, for the failure's message.
    fn settled(self) -> Result<Self::Value, String>;
}

impl Settled for bool {
    type Value = ();
    fn settled(self) -> Result<(), String> {
        if self { Ok(()) } else { Err("false".into()) }
    }
}

impl<T> Settled for Option<T> {
    type Value = T;
    fn settled(self) -> Result<T, String> {
        self.ok_or_else(|| "None".into())
    }
}

impl<T, E: std::fmt::Debug> Settled for Result<T, E> {
    type Value = T;
    fn settled(self) -> Result<T, String> {
        self.map_err(|e| format!("{e:?}"))
    }
}

/// Asks `condition` again and again (every 20 ms, growing to 200 ms) until it holds, and answers its
/// value; past `deadline` the test fails with `what` and the condition's last answer. Tests wait for
/// what they expect with this, never by sleeping a while to be sure.
pub async fn eventually<S: Settled>(what: &str, deadline: Duration, mut condition: impl AsyncFnMut() -> S) -> S::Value {
    let until = Instant::now() + deadline;
    let mut pause = Duration::from_millis(20);
    loop {
        match condition().await.settled() {
            Ok(value) => return value,
            Err(last) if Instant::now() >= until => panic!("{what}: not so after {deadline:?} (last: {last})"),
            Err(_) => {}
        }
        tokio::time::sleep(pause.min(until.saturating_duration_since(Instant::now()))).await;
        pause = (pause * 2).min(Duration::from_millis(200));
    }
}

/// The text after `marker` (a link's token) in the first e-mail under `mail_dir` that has it, waiting
/// up to ten seconds for the outbox to deliver. Quoted-printable soft breaks are undone first.
pub async fn mailed_link(mail_dir: &std::path::Path, marker: &str) -> String {
    let what = format!("an e-mail with {marker} in {}", mail_dir.display());
    eventually(&what, Duration::from_secs(10), async || {
        std::fs::read_dir(mail_dir).into_iter().flatten().flatten().find_map(|entry| {
            let raw = std::fs::read_to_string(entry.path())
                .unwrap_or_default()
                .replace("=\r\n", "")
                .replace("=\n", "")
                .replace("=3D", "=");
            let rest = &raw[raw.find(marker)? + marker.len()..];
            Some(rest.chars().take_while(|c| c.is_ascii_alphanumeric() || "-_.".contains(*c)).collect::<String>())
        })
    })
    .await
}

/// PostgreSQL: fills `table` with 2,000 rows from `select` (a SELECT over `generate_series(1, 2000) g`
/// whose every 50th row waits), analyses it, and answers the plans of `queries` with sequential scans
/// off, so a test can check which index each query reads (a waiting-rows partial index must serve
/// the sweeps, and never the reads by id).
pub async fn plans(pool: &sqlx::AnyPool, table: &str, select: &str, queries: &[&str]) -> Vec<String> {
    let mut conn = pool.acquire().await.expect("a connection");
    conn.execute(sqlx::AssertSqlSafe(format!("INSERT INTO {table} {select}"))).await.expect("rows");
    conn.execute(sqlx::AssertSqlSafe(format!("ANALYZE {table}"))).await.expect("analyse");
    conn.execute("SET enable_seqscan = off").await.expect("set");
    let mut plans = Vec::with_capacity(queries.len());
    for q in queries {
        let lines: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("EXPLAIN {q}")))
            .fetch_all(&mut *conn)
            .await
            .expect("a plan");
        plans.push(lines.join("\n"));
    }
    conn.execute("RESET enable_seqscan").await.expect("reset");
    plans
}
