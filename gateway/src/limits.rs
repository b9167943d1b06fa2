//! Fixed-window counters against brute force and spam (failed sign-ins, resets, registrations).
//! Counters live in Redis when `REDIS_URL` is set, so every gateway replica shares them; if Redis is
//! unreachable the gateway keeps serving with in-process counters and says so in the log.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use redis::aio::ConnectionManager;
use tokio::sync::RwLock;

/// How long a Redis call may take before the in-process counters answer instead.
const REDIS_TIMEOUT: Duration = Duration::from_millis(250);

#[derive(Clone, Default)]
pub struct RateLimiter {
    redis: Arc<RwLock<Option<ConnectionManager>>>,
    memory: Arc<Mutex<HashMap<String, (u64, Instant)>>>,
    last_warning: Arc<Mutex<Option<Instant>>>,
}

impl std::fmt::Debug for RateLimiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RateLimiter").finish_non_exhaustive()
    }
}

impl RateLimiter {
    /// In-process counters only.
    pub fn in_process() -> Self {
        Self::default()
    }

    /// Counters in Redis at `url`; connects in the background and keeps trying while Redis is down.
    pub fn with_redis(url: &str) -> Result<Self, redis::RedisError> {
        let client = redis::Client::open(url)?;
        let limiter = Self::default();
        let slot = limiter.redis.clone();
        tokio::spawn(async move {
            loop {
                let config = redis::aio::ConnectionManagerConfig::new()
                    .set_connection_timeout(Duration::from_secs(2))
                    .set_response_timeout(REDIS_TIMEOUT);
                match ConnectionManager::new_with_config(client.clone(), config).await {
                    Ok(manager) => {
                        tracing::info!("rate limits: counters in Redis");
                        *slot.write().await = Some(manager);
                        return;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "rate limits: Redis unreachable, counting in process; retrying");
                        tokio::time::sleep(Duration::from_secs(5)).await;
                    }
                }
            }
        });
        Ok(limiter)
    }

    fn warn_fallback(&self, e: &dyn std::fmt::Display) {
        let mut last = self.last_warning.lock().expect("lock");
        if last.is_none_or(|t| t.elapsed() > Duration::from_secs(30)) {
            tracing::warn!(error = %e, "rate limits: Redis unavailable, counting in process");
            *last = Some(Instant::now());
        }
    }

    /// True once the counters live in Redis.
    pub async fn uses_redis(&self) -> bool {
        self.redis.read().await.is_some()
    }

    async fn redis(&self) -> Option<ConnectionManager> {
        self.redis.read().await.clone()
    }

    /// The count in `key`'s current window.
    pub async fn peek(&self, key: &str) -> u64 {
        if let Some(mut conn) = self.redis().await {
            let mut cmd = redis::cmd("GET");
            cmd.arg(format!("rl:{key}"));
            let call = cmd.query_async::<Option<u64>>(&mut conn);
            match tokio::time::timeout(REDIS_TIMEOUT, call).await {
                Ok(Ok(n)) => return n.unwrap_or(0),
                Ok(Err(e)) => self.warn_fallback(&e),
                Err(e) => self.warn_fallback(&e),
            }
        }
        let memory = self.memory.lock().expect("lock");
        memory.get(key).filter(|(_, reset)| *reset > Instant::now()).map_or(0, |(n, _)| *n)
    }

    /// Adds one to `key` in a window of `window`; answers the new count.
    pub async fn hit(&self, key: &str, window: Duration) -> u64 {
        if let Some(mut conn) = self.redis().await {
            let k = format!("rl:{key}");
            let mut pipe = redis::pipe();
            pipe.cmd("SET")
                .arg(&k)
                .arg(0)
                .arg("EX")
                .arg(window.as_secs().max(1))
                .arg("NX")
                .ignore()
                .cmd("INCR")
                .arg(&k);
            let call = pipe.query_async::<(u64,)>(&mut conn);
            match tokio::time::timeout(REDIS_TIMEOUT, call).await {
                Ok(Ok((n,))) => return n,
                Ok(Err(e)) => self.warn_fallback(&e),
                Err(e) => self.warn_fallback(&e),
            }
        }
        let now = Instant::now();
        let mut memory = self.memory.lock().expect("lock");
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
        if let Some(mut conn) = self.redis().await {
            let mut cmd = redis::cmd("DEL");
            cmd.arg(format!("rl:{key}"));
            let call = cmd.query_async::<()>(&mut conn);
            if let Ok(Ok(())) = tokio::time::timeout(REDIS_TIMEOUT, call).await {
                return;
            }
        }
        self.memory.lock().expect("lock").remove(key);
    }
}

/// A rule: at most `limit` in `window`.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub limit: u64,
    pub window: Duration,
}

/// Failed sign-ins per account and per address.
pub const LOGIN_FAILURES: Limit = Limit { limit: 10, window: Duration::from_secs(15 * 60) };
/// Password reset requests per address.
pub const RESET_REQUESTS: Limit = Limit { limit: 5, window: Duration::from_secs(15 * 60) };
/// Registrations per address.
pub const REGISTRATIONS: Limit = Limit { limit: 10, window: Duration::from_secs(60 * 60) };
/// Contact messages per address.
pub const CONTACT_MESSAGES: Limit = Limit { limit: 5, window: Duration::from_secs(10 * 60) };
/// Appointment requests per address (a family books a few; a script books every slot).
pub const BOOKINGS: Limit = Limit { limit: 30, window: Duration::from_secs(10 * 60) };
