//! Fixed-window counters against brute force and spam (failed sign-ins, resets, registrations).
//! Counters live in Redis when `REDIS_URL` is set, so every gateway replica shares them; if Redis is
//! unreachable the gateway keeps serving with in-process counters and says so in the log.

use std::{
    collections::HashMap,
    sync::{
        Arc, Mutex, Weak,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use redis::aio::ConnectionManager;
use tokio::sync::RwLock;

/// How long a Redis call may take before the in-process counters answer instead.
const REDIS_TIMEOUT: Duration = Duration::from_millis(250);
/// While Redis is down, how often it is tried again (by a background probe and by one request).
const REDIS_RETRY: Duration = Duration::from_secs(1);

#[derive(Clone, Default)]
pub struct RateLimiter {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    redis: RwLock<Option<ConnectionManager>>,
    /// Set while Redis answers; cleared by a failed call until Redis answers again.
    redis_up: AtomicBool,
    /// While Redis is down, requests skip it until then instead of each waiting for a timeout.
    next_try: Mutex<Option<Instant>>,
    memory: Mutex<HashMap<String, (u64, Instant)>>,
    last_warning: Mutex<Option<Instant>>,
}

impl std::fmt::Debug for RateLimiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RateLimiter").finish_non_exhaustive()
    }
}

/// The Redis client for `REDIS_URL`: `redis://` in the clear, `rediss://` over TLS with the public
/// roots or, when `ca_file` is given, only the CA it holds.
pub fn redis_client(url: &str, ca_file: Option<&std::path::Path>) -> anyhow::Result<redis::Client> {
    let invalid = |e: redis::RedisError| anyhow::anyhow!("configuration: REDIS_URL is not valid: {e}");
    match ca_file {
        None => redis::Client::open(url).map_err(invalid),
        Some(path) => {
            if !url.starts_with("rediss://") {
                anyhow::bail!("configuration: REDIS_CA_FILE is set but REDIS_URL is not rediss:// (TLS)");
            }
            let pem = std::fs::read(path)
                .map_err(|e| anyhow::anyhow!("configuration: REDIS_CA_FILE: cannot read {}: {e}", path.display()))?;
            let certs = redis::TlsCertificates { client_tls: None, root_cert: Some(pem) };
            redis::Client::build_with_tls(url, certs).map_err(invalid)
        }
    }
}

/// Connects to Redis once at start-up. A refused TLS handshake (an unknown CA, a certificate for
/// another host, a server without TLS) is a configuration error and stops start-up with a message
/// naming it; a Redis that is simply down is only logged: the limits count in process until it is back.
pub async fn check_redis(client: &redis::Client) -> anyhow::Result<()> {
    let attempt = tokio::time::timeout(Duration::from_secs(3), client.get_multiplexed_async_connection()).await;
    let error = match attempt {
        Ok(Ok(mut conn)) => match redis::cmd("PING").query_async::<String>(&mut conn).await {
            Ok(_) => return Ok(()),
            Err(e) => e,
        },
        Ok(Err(e)) => e,
        Err(_) => {
            tracing::warn!("rate limits: Redis did not answer at start-up within 3 s; counting in process meanwhile");
            return Ok(());
        }
    };
    if mtaani_runtime::tls::is_tls_failure(&error) {
        anyhow::bail!(
            "configuration: REDIS_URL: the TLS connection to Redis was refused: {error} (check the host name, \
             REDIS_CA_FILE, and that the server speaks TLS for rediss://)"
        );
    }
    tracing::warn!(error = %error, "rate limits: Redis unreachable at start-up; counting in process meanwhile");
    Ok(())
}

impl RateLimiter {
    /// In-process counters only.
    pub fn in_process() -> Self {
        Self::default()
    }

    /// Counters in Redis at `url`; connects in the background and keeps trying while Redis is down.
    /// When Redis goes away later the counters fall back to the process (with a warning) and return
    /// to Redis within about a second of it answering again.
    pub fn with_redis(url: &str) -> Result<Self, redis::RedisError> {
        Ok(Self::from_client(redis::Client::open(url)?))
    }

    /// As [`Self::with_redis`], with a client already made (see [`redis_client`]).
    pub fn from_client(client: redis::Client) -> Self {
        let limiter = Self::default();
        let weak = Arc::downgrade(&limiter.inner);
        tokio::spawn(async move {
            // The manager reconnects by itself after a lost connection, but its default backoff grows
            // to a minute; the probe below asks again every second instead.
            let config = redis::aio::ConnectionManagerConfig::new()
                .set_connection_timeout(Duration::from_secs(2))
                .set_response_timeout(REDIS_TIMEOUT)
                .set_number_of_retries(1)
                .set_max_delay(REDIS_RETRY.as_millis() as u64);
            loop {
                match ConnectionManager::new_with_config(client.clone(), config.clone()).await {
                    Ok(manager) => {
                        let Some(inner) = weak.upgrade() else { return };
                        tracing::info!("rate limits: counters in Redis");
                        *inner.redis.write().await = Some(manager);
                        inner.redis_up.store(true, Ordering::SeqCst);
                        break;
                    }
                    Err(e) => {
                        if weak.strong_count() == 0 {
                            return;
                        }
                        tracing::warn!(error = %e, "rate limits: Redis unreachable, counting in process; retrying");
                        tokio::time::sleep(REDIS_RETRY * 2).await;
                    }
                }
            }
            probe(weak).await;
        });
        limiter
    }

    /// True while the counters live in Redis.
    pub async fn uses_redis(&self) -> bool {
        self.inner.redis_up.load(Ordering::SeqCst) && self.inner.redis.read().await.is_some()
    }

    /// The Redis connection when it should be tried now: while Redis is up, or (once a second) to see
    /// whether it is back.
    async fn redis(&self) -> Option<ConnectionManager> {
        let conn = self.inner.redis.read().await.clone()?;
        if self.inner.redis_up.load(Ordering::SeqCst) {
            return Some(conn);
        }
        let mut next = self.inner.next_try.lock().expect("lock");
        let now = Instant::now();
        if next.is_some_and(|t| t > now) {
            return None;
        }
        *next = Some(now + REDIS_RETRY);
        Some(conn)
    }

    /// Runs `cmd` on Redis within the timeout; None (and the fallback noted) when Redis did not answer.
    async fn call<T: redis::FromRedisValue>(&self, mut conn: ConnectionManager, cmd: &redis::Pipeline) -> Option<T> {
        match tokio::time::timeout(REDIS_TIMEOUT, cmd.query_async::<T>(&mut conn)).await {
            Ok(Ok(value)) => {
                self.inner.redis_ok();
                Some(value)
            }
            Ok(Err(e)) => {
                self.inner.redis_failed(&e);
                None
            }
            Err(e) => {
                self.inner.redis_failed(&e);
                None
            }
        }
    }

    /// The count in `key`'s current window.
    pub async fn peek(&self, key: &str) -> u64 {
        if let Some(conn) = self.redis().await {
            let mut pipe = redis::pipe();
            pipe.cmd("GET").arg(format!("rl:{key}"));
            if let Some((n,)) = self.call::<(Option<u64>,)>(conn, &pipe).await {
                return n.unwrap_or(0);
            }
        }
        let memory = self.inner.memory.lock().expect("lock");
        memory.get(key).filter(|(_, reset)| *reset > Instant::now()).map_or(0, |(n, _)| *n)
    }

    /// Adds one to `key` in a window of `window`; answers the new count.
    pub async fn hit(&self, key: &str, window: Duration) -> u64 {
        self.hit_all(&[(key.to_owned(), Limit { limit: u64::MAX, window })]).await[0]
    }

    /// [`RateLimiter::hit`] in this process's memory, while Redis is away.
    fn hit_in_process(&self, key: &str, window: Duration) -> u64 {
        let now = Instant::now();
        let mut memory = self.inner.memory.lock().expect("lock");
        if memory.len() > 100_000 {
            memory.retain(|_, (_, reset)| *reset > now);
        }
        let entry = memory.entry(key.to_owned()).or_insert((0, now + window));
        if entry.1 <= now {
            *entry = (0, now + window);
        }
        entry.0 += 1;
        entry.0
    }

    /// Forgets `key` (a successful sign-in clears the account's failures).
    pub async fn clear(&self, key: &str) {
        if let Some(conn) = self.redis().await {
            let mut pipe = redis::pipe();
            pipe.cmd("DEL").arg(format!("rl:{key}")).ignore();
            if self.call::<()>(conn, &pipe).await.is_some() {
                return;
            }
        }
        self.inner.memory.lock().expect("lock").remove(key);
    }
}

impl Inner {
    fn redis_ok(&self) {
        if !self.redis_up.swap(true, Ordering::SeqCst) {
            tracing::info!("rate limits: Redis answers again, counters back in Redis");
            *self.last_warning.lock().expect("lock") = None;
        }
    }

    fn redis_failed(&self, e: &dyn std::fmt::Display) {
        self.redis_up.store(false, Ordering::SeqCst);
        *self.next_try.lock().expect("lock") = Some(Instant::now() + REDIS_RETRY);
        let mut last = self.last_warning.lock().expect("lock");
        if last.is_none_or(|t| t.elapsed() > Duration::from_secs(30)) {
            tracing::warn!(error = %e, "rate limits: Redis unavailable, counting in process");
            *last = Some(Instant::now());
        }
    }
}

/// While Redis is down, asks it every second whether it is back, so the counters return to it
/// without waiting for traffic. Ends with the limiter.
async fn probe(weak: Weak<Inner>) {
    loop {
        tokio::time::sleep(REDIS_RETRY).await;
        let Some(inner) = weak.upgrade() else { return };
        if inner.redis_up.load(Ordering::SeqCst) {
            continue;
        }
        let limiter = RateLimiter { inner };
        let Some(conn) = limiter.inner.redis.read().await.clone() else { continue };
        let mut pipe = redis::pipe();
        pipe.cmd("PING");
        let _ = limiter.call::<(String,)>(conn, &pipe).await;
    }
}

/// A rule: at most `limit` in `window`.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub limit: u64,
    pub window: Duration,
}

const fn per(limit: u64, minutes: u64) -> Limit {
    Limit { limit, window: Duration::from_secs(minutes * 60) }
}

// The policy (docs/SECURITY.md, "Rate limits"). On Kenyan mobile networks many phones share one
// public address (carrier-grade NAT), so a limit per address alone blocks strangers behind it: each
// write is limited first per identity (the e-mail or phone in the request, the account), and the
// address only has a ceiling sized for a busy shared address (tens of different people a minute).
// A request refused by validation spends nobody's quota (see `Quota::settle`).

/// Failed sign-ins per account (the e-mail tried), and per address (many people behind one address
/// mistype passwords too).
pub const LOGIN_FAILURES: Limit = per(10, 15);
/// What a sign-in past [`LOGIN_FAILURES`] is answered (and an account's closing, which asks for the password).
pub const LOGIN_FAILURES_PER_ADDRESS: Limit = per(100, 15);
/// Password reset requests per e-mail address asked for, and per client address.
pub const RESETS_PER_EMAIL: Limit = per(5, 60);
pub const RESETS_PER_ADDRESS: Limit = per(60, 15);
/// Registrations per e-mail and per phone number given, and per client address.
pub const REGISTRATIONS_PER_EMAIL: Limit = per(10, 60);
pub const REGISTRATIONS_PER_PHONE: Limit = per(10, 60);
pub const REGISTRATIONS_PER_ADDRESS: Limit = per(120, 10);
/// Contact messages per sender's e-mail, and per client address.
pub const CONTACT_PER_EMAIL: Limit = per(5, 60);
pub const CONTACT_PER_ADDRESS: Limit = per(120, 10);
/// Appointment requests per customer's e-mail (a family books a few; a script books every slot),
/// and per client address.
pub const BOOKINGS_PER_EMAIL: Limit = per(20, 60);
pub const BOOKINGS_PER_ADDRESS: Limit = per(300, 10);
/// Reports of listings per client address, of one listing by anyone (enough for the team to act),
/// and of one listing from one address.
pub const REPORTS_PER_ADDRESS: Limit = per(30, 10);
pub const REPORTS_PER_LISTING: Limit = per(50, 60);
pub const REPORTS_PER_LISTING_AND_ADDRESS: Limit = per(3, 60);

/// The counter key of one identity for one kind of request: a SHA-256 prefix of the value as the
/// person typed it (trimmed, lower-cased), so Redis holds no e-mail addresses or phone numbers.
pub fn identity_key(kind: &str, value: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(value.trim().to_lowercase().as_bytes());
    let hex: String = digest.iter().take(12).map(|b| format!("{b:02x}")).collect();
    format!("{kind}:{hex}")
}

/// The counters one request was charged to. Settle it with the request's outcome.
#[must_use = "settle the quota with the request's outcome"]
#[derive(Debug)]
pub struct Quota {
    limiter: RateLimiter,
    keys: Vec<String>,
}

impl RateLimiter {
    /// Charges one request to every `(key, limit)` at once. When any is over its limit, nothing is
    /// kept (a refused request spends no quota) and `Err` names the first rule broken.
    pub async fn take(&self, rules: &[(String, Limit)]) -> Result<Quota, usize> {
        let counts = self.hit_all(rules).await;
        let quota = Quota { limiter: self.clone(), keys: rules.iter().map(|(key, _)| key.clone()).collect() };
        match rules.iter().zip(&counts).position(|((_, limit), n)| *n > limit.limit) {
            None => Ok(quota),
            Some(i) => {
                quota.refund().await;
                Err(i)
            }
        }
    }

    /// Adds one to every rule's key, in one round trip to Redis (a booking's two counters cost one
    /// call, not two); answers the new counts in the rules' order.
    async fn hit_all(&self, rules: &[(String, Limit)]) -> Vec<u64> {
        if let Some(conn) = self.redis().await {
            let mut pipe = redis::pipe();
            for (key, limit) in rules {
                let k = format!("rl:{key}");
                pipe.cmd("SET").arg(&k).arg(0).arg("EX").arg(limit.window.as_secs().max(1)).arg("NX").ignore();
                pipe.cmd("INCR").arg(&k);
            }
            if let Some(counts) = self.call::<Vec<u64>>(conn, &pipe).await
                && counts.len() == rules.len()
            {
                return counts;
            }
        }
        rules.iter().map(|(key, limit)| self.hit_in_process(key, limit.window)).collect()
    }

    /// Takes one back from `key` (never below zero, never extending its window).
    pub async fn unhit(&self, key: &str) {
        if let Some(conn) = self.redis().await {
            let mut pipe = redis::pipe();
            pipe.cmd("EVAL")
                .arg(
                    "if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then \
                      return redis.call('DECR', KEYS[1]) end return 0",
                )
                .arg(1)
                .arg(format!("rl:{key}"));
            if self.call::<(i64,)>(conn, &pipe).await.is_some() {
                return;
            }
        }
        let now = Instant::now();
        let mut memory = self.inner.memory.lock().expect("lock");
        if let Some(entry) = memory.get_mut(key).filter(|(n, reset)| *reset > now && *n > 0) {
            entry.0 -= 1;
        }
    }
}

impl Quota {
    /// Keeps the charge when the request was accepted or refused for what it asked (a taken slot, a
    /// duplicate); takes it back when it was refused as invalid (400: a typo, a closed day), so
    /// fixing a form costs nothing.
    pub async fn settle<T>(self, outcome: crate::error::ApiResult<T>) -> crate::error::ApiResult<T> {
        if let Err(e) = &outcome
            && e.status == axum::http::StatusCode::BAD_REQUEST
        {
            self.refund().await;
        }
        outcome
    }

    async fn refund(self) {
        for key in &self.keys {
            self.limiter.unhit(key).await;
        }
    }
}
