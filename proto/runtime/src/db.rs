//! One database per service: a SQLite file under the data folder by default, or PostgreSQL when
//! `DATABASE_URL` names one, with the service in its own schema. Migrations run at start; on
//! PostgreSQL sqlx holds an advisory lock while they run, so replicas starting together are safe.

use std::{path::Path, str::FromStr, time::Duration};

use sqlx::{
    Executor,
    any::{AnyConnectOptions, AnyPoolOptions},
    migrate::Migrator,
};

pub use sqlx::AnyPool;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Debug, Clone)]
pub struct DbConfig {
    /// `postgres://…` or `sqlite://…`; `None` means the embedded SQLite file.
    pub url: Option<String>,
    /// Where the embedded SQLite file lives.
    pub data_dir: std::path::PathBuf,
    /// The service's name: its SQLite file name and its default PostgreSQL schema.
    pub service: &'static str,
    /// PostgreSQL schema (`DATABASE_SCHEMA`), default the service's name.
    pub schema: String,
    pub max_connections: u32,
    /// PostgreSQL: plan every statement for the values of its call (`plan_cache_mode =
    /// force_custom_plan`) instead of keeping a generic plan per connection. For a service whose
    /// statements work through queues that grow from nothing in a burst (messaging-svc): a generic
    /// plan is made once, at a statement's sixth call, from the table's size then, and kept for the
    /// connection's life (until an autovacuum ANALYZE, at most once a minute). One made while a
    /// queue held a few hundred rows reads it whole (a sequential scan) once it holds thousands, where
    /// the primary key would answer 20 rows. Planning each call costs tens of microseconds, a batch's
    /// statements are few (docs/decisions/0003-how-queue-workers-find-their-rows.md).
    pub plan_each_call: bool,
}

impl DbConfig {
    /// Reads `DATABASE_URL`, `DATABASE_SCHEMA`, `DATABASE_MAX_CONNECTIONS` and `DATA_DIR`.
    pub fn from_env(service: &'static str) -> Result<Self, crate::config::ConfigError> {
        let schema = crate::config::var("DATABASE_SCHEMA").unwrap_or_else(|| service.replace('-', "_"));
        if !is_identifier(&schema) {
            return Err(crate::config::ConfigError::Invalid {
                name: "DATABASE_SCHEMA",
                value: schema,
                reason: "letters, digits and underscores only".into(),
            });
        }
        let url = crate::config::var("DATABASE_URL");
        if let Some(u) = &url
            && !(u.starts_with("postgres://") || u.starts_with("postgresql://") || u.starts_with("sqlite:"))
        {
            return Err(crate::config::ConfigError::Invalid {
                name: "DATABASE_URL",
                value: "(hidden)".into(),
                reason: "expected postgres://… or sqlite:…".into(),
            });
        }
        if let Some(u) = &url {
            check_tls_settings(u)?;
        }
        Ok(Self {
            url,
            data_dir: crate::config::data_dir(),
            service,
            schema,
            max_connections: crate::config::parse_or("DATABASE_MAX_CONNECTIONS", 8)?,
            plan_each_call: false,
        })
    }
}

/// The `sslmode` values libpq knows; sqlx reads them (and `sslrootcert`) from the URL itself.
const SSL_MODES: [&str; 6] = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"];

/// A `DATABASE_URL`'s TLS parameters, checked before the first connection so that a typo stops
/// start-up with a message naming it, instead of a connection that silently falls back to no TLS or
/// fails later with a handshake error.
fn check_tls_settings(url: &str) -> Result<(), crate::config::ConfigError> {
    let invalid =
        |reason: String| crate::config::ConfigError::Invalid { name: "DATABASE_URL", value: "(hidden)".into(), reason };
    let query = url.split_once('?').map_or("", |(_, q)| q);
    let mut mode = None;
    for (key, value) in query.split('&').filter_map(|kv| kv.split_once('=')) {
        match key {
            "sslmode" => {
                if !SSL_MODES.contains(&value) {
                    return Err(invalid(format!("sslmode={value} is not one of {}", SSL_MODES.join(", "))));
                }
                mode = Some(value);
            }
            "sslrootcert" | "sslcert" | "sslkey" => {
                let path = percent_decode(value);
                if std::fs::metadata(&path).is_err() {
                    return Err(invalid(format!("{key}: cannot read {path}")));
                }
            }
            _ => {}
        }
    }
    if matches!(mode, Some("verify-ca" | "verify-full")) && !query.split('&').any(|kv| kv.starts_with("sslrootcert=")) {
        tracing::info!(
            "DATABASE_URL: sslmode={} with the bundled public roots (no sslrootcert)",
            mode.unwrap_or_default()
        );
    }
    Ok(())
}

/// `%2F` and friends in a URL's query value (a certificate's path written URL-encoded).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok())) {
            (b'%', Some(hex)) if u8::from_str_radix(hex, 16).is_ok() => {
                out.push(u8::from_str_radix(hex, 16).unwrap_or_default());
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_identifier(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("cannot create the data folder {path}: {source}")]
    DataDir { path: String, source: std::io::Error },
    #[error("cannot connect to the database: {0}")]
    Connect(#[source] sqlx::Error),
    #[error(
        "cannot connect to the database over TLS: {0} (check DATABASE_URL: sslmode, sslrootcert, and that its host \
         name is one the server's certificate names)"
    )]
    Tls(#[source] sqlx::Error),
    #[error("database migrations failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// A connected, migrated database.
#[derive(Debug, Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
}

pub async fn connect(config: &DbConfig, migrator: &Migrator) -> Result<Db, DbError> {
    sqlx::any::install_default_drivers();
    let (url, backend) = match &config.url {
        Some(u) if u.starts_with("sqlite:") => (u.clone(), Backend::Sqlite),
        Some(u) => (u.clone(), Backend::Postgres),
        None => {
            std::fs::create_dir_all(&config.data_dir)
                .map_err(|source| DbError::DataDir { path: config.data_dir.display().to_string(), source })?;
            let file = config.data_dir.join(format!("{}.db", config.service));
            (sqlite_url(&file), Backend::Sqlite)
        }
    };
    let options = AnyConnectOptions::from_str(&url).map_err(connect_error)?;
    let pool = match backend {
        Backend::Sqlite => {
            AnyPoolOptions::new()
                .max_connections(config.max_connections.max(1))
                .acquire_timeout(Duration::from_secs(10))
                .test_before_acquire(false)
                .before_acquire(ping_if_idle)
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        // WAL lets readers run beside the writer; busy_timeout queues writers
                        // instead of failing them with SQLITE_BUSY.
                        conn.execute(
                            "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 10000; \
                             PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
                        )
                        .await?;
                        Ok(())
                    })
                })
                .connect_with(options)
                .await
        }
        Backend::Postgres => {
            let (schema, plan_each_call) = (config.schema.clone(), config.plan_each_call);
            // The schema must exist before any connection can point its search_path at it.
            let bootstrap = AnyPoolOptions::new()
                .max_connections(1)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options.clone())
                .await
                .map_err(connect_error)?;
            // CREATE SCHEMA needs the CREATE privilege on the database even when the schema exists,
            // so it is only attempted when missing. Replicas starting together may still race there:
            // losing to a concurrent CREATE with a unique violation means the schema exists. The
            // migrations that follow are serialised by sqlx's advisory lock.
            let exists = sqlx::query("SELECT 1 FROM pg_namespace WHERE nspname = $1")
                .bind(schema.clone())
                .fetch_optional(&bootstrap)
                .await
                .map_err(connect_error)?
                .is_some();
            if !exists {
                let create = format!("CREATE SCHEMA IF NOT EXISTS \"{schema}\"");
                match bootstrap.execute(sqlx::AssertSqlSafe(create)).await {
                    Err(e) if !is_unique_violation(&e) => return Err(connect_error(e)),
                    _ => {}
                }
            }
            bootstrap.close().await;
            AnyPoolOptions::new()
                .max_connections(config.max_connections.max(1))
                .acquire_timeout(Duration::from_secs(5))
                .test_before_acquire(false)
                .before_acquire(ping_if_idle)
                .after_connect(move |conn, _| {
                    // The schema name was checked to be a plain identifier.
                    let mut set = format!("SET search_path TO \"{schema}\"");
                    if plan_each_call {
                        set.push_str("; SET plan_cache_mode = force_custom_plan");
                    }
                    Box::pin(async move {
                        conn.execute(sqlx::AssertSqlSafe(set)).await?;
                        Ok(())
                    })
                })
                .connect_with(options)
                .await
        }
    }
    .map_err(connect_error)?;
    migrator.run(&pool).await?;
    Ok(Db { pool, backend })
}

/// How long a pooled connection may have been idle and still be used without a ping first.
const IDLE_PING: Duration = Duration::from_secs(1);

/// sqlx pings a pooled connection before every use by default: a round trip to PostgreSQL before
/// each query or transaction, on top of the one it always makes when the connection comes back.
/// A connection used within the last second is alive; one idle longer (as after a database
/// restart) is pinged first, and a dead one is let go and another taken.
fn ping_if_idle(
    conn: &mut sqlx::AnyConnection,
    meta: sqlx::pool::PoolConnectionMetadata,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<bool, sqlx::Error>> + Send + '_>> {
    Box::pin(async move {
        use sqlx::Connection as _;
        Ok(meta.idle_for < IDLE_PING || conn.ping().await.is_ok())
    })
}

/// A failed connection, told apart when TLS refused it (unknown CA, wrong host name, no TLS offered).
fn connect_error(err: sqlx::Error) -> DbError {
    let tls = matches!(err, sqlx::Error::Tls(_)) || crate::tls::is_tls_failure(&err);
    if tls { DbError::Tls(err) } else { DbError::Connect(err) }
}

fn sqlite_url(file: &Path) -> String {
    format!("sqlite://{}?mode=rwc", file.display())
}

/// True when the error is a unique-constraint violation (on either backend).
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(db) => {
            db.is_unique_violation() || db.code().is_some_and(|c| c == "23505" || c == "2067" || c == "1555")
        }
        _ => false,
    }
}

/// True when the error says the database cannot be reached or used right now, not that the query
/// is wrong: a pool out of connections or closed, a broken connection, or PostgreSQL shutting down,
/// starting up, refusing connections or out of resources (SQLSTATE classes 08, 53 and 57). Such a
/// call may succeed if made again a moment later: services answer it with UNAVAILABLE (503), not 500.
pub fn is_unavailable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => db
            .code()
            .is_some_and(|c| c.len() == 5 && (c.starts_with("08") || c.starts_with("53") || c.starts_with("57"))),
        _ => false,
    }
}

/// Runs `sql`, an UPDATE whose `$1` is `now` and whose `{ids}` stands for an `IN` list, once for
/// all of `ids` (an outbox pass marking what it sent: one statement and one commit for the pass).
pub async fn update_ids(pool: &sqlx::AnyPool, sql: &str, now: i64, ids: &[String]) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    let sql = sql.replace("{ids}", &placeholders(2, ids.len()));
    let mut update = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now);
    for id in ids {
        update = update.bind(id);
    }
    update.execute(pool).await?;
    Ok(())
}

/// `$first, $first+1, …`: the placeholders of `n` values bound one after another, for an `IN (…)`
/// list; the same on PostgreSQL and SQLite (numbered in the order they appear).
pub fn placeholders(first: usize, n: usize) -> String {
    (first..first + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}
