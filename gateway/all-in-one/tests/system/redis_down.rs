//! Redis going away under the gateway's rate limits and coming back: the counters fall back to the
//! process with a warning in the log, the limits still hold, and the counters return to Redis on
//! their own once it answers again. Runs a redis-server of its own on a free loopback port.

use std::{
    fmt::Debug,
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::http::StatusCode;
use gateway::limits::{CONTACT_PER_EMAIL, RateLimiter};
use mtaani_runtime::testing::eventually;

use crate::support::{call, gateway_without_services, request};

/// A redis-server on `port`, without persistence, killed when dropped.
struct RedisServer(Child);

impl RedisServer {
    async fn start(port: u16) -> Self {
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server is installed (Debian's redis-server package)");
        let server = Self(child);
        let what = format!("redis-server listening on port {port}");
        eventually(&what, Duration::from_secs(10), async || tokio::net::TcpStream::connect(("127.0.0.1", port)).await)
            .await;
        server
    }

    fn stop(mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

async fn stored(port: u16, key: &str) -> Option<u64> {
    let client = redis::Client::open(format!("redis://127.0.0.1:{port}")).unwrap();
    let mut conn = client.get_multiplexed_async_connection().await.unwrap();
    redis::cmd("GET").arg(format!("rl:{key}")).query_async(&mut conn).await.unwrap()
}

/// Keeps the level and message of every event, to read the warnings back.
struct Capture(Arc<Mutex<Vec<String>>>);

impl tracing::Subscriber for Capture {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, _: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        struct Message(String);
        impl tracing::field::Visit for Message {
            fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn Debug) {
                if field.name() == "message" {
                    self.0 = format!("{value:?}");
                }
            }
        }
        let mut message = Message(String::new());
        event.record(&mut message);
        self.0.lock().unwrap().push(format!("{} {}", event.metadata().level(), message.0));
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

/// A contact message through the gateway (no services behind it: the limit answers first).
async fn contact(app: &axum::Router) -> StatusCode {
    let body = serde_json::json!({"name": "Amina Njoroge", "email": "amina@example.com", "phone": "0712345678",
        "subject": "A question", "message": "How do I post a listing?"});
    call(app, request("POST", "/api/contact", None, None, Some(body))).await.status
}

#[tokio::test]
async fn rate_limits_fall_back_to_the_process_while_redis_is_down_and_return_to_it() {
    let logs = Arc::new(Mutex::new(Vec::new()));
    let _logging = tracing::subscriber::set_default(Capture(logs.clone()));
    let port = free_port();
    let redis = RedisServer::start(port).await;
    let limiter = RateLimiter::with_redis(&format!("redis://127.0.0.1:{port}")).unwrap();
    eventually("the limiter connected to Redis", Duration::from_secs(5), async || limiter.uses_redis().await).await;

    // Counted in Redis, where every gateway replica sees the same numbers.
    let window = Duration::from_secs(600);
    for n in 1..=3 {
        assert_eq!(limiter.hit("test:before", window).await, n);
    }
    assert_eq!(stored(port, "test:before").await, Some(3));
    // A refunded request (refused as invalid) takes its count back, never below zero.
    limiter.unhit("test:before").await;
    assert_eq!(stored(port, "test:before").await, Some(2));
    limiter.unhit("test:never-hit").await;
    assert_eq!(stored(port, "test:never-hit").await, None, "no counter made by a refund");

    // Redis goes away: the limiter keeps answering at once, counting in process, and says so.
    redis.stop();
    let started = Instant::now();
    let mut counts = Vec::new();
    for _ in 0..=CONTACT_PER_EMAIL.limit {
        counts.push(limiter.hit("test:while-down", window).await);
    }
    let expected: Vec<u64> = (1..=CONTACT_PER_EMAIL.limit + 1).collect();
    assert_eq!(counts, expected, "counted in process while Redis is down");
    assert!(started.elapsed() < Duration::from_secs(1), "calls waited for Redis: {:?}", started.elapsed());
    assert!(!limiter.uses_redis().await);
    assert!(
        logs.lock()
            .unwrap()
            .iter()
            .any(|l| l.starts_with("WARN") && l.contains("Redis unavailable, counting in process")),
        "no warning in the log: {:?}",
        logs.lock().unwrap()
    );

    // Through the API the limit still holds: five messages go through to the (absent) service,
    // the sixth is refused by the limit before any service is asked.
    let app = gateway_without_services(Duration::from_secs(1), limiter.clone());
    for _ in 0..CONTACT_PER_EMAIL.limit {
        assert_eq!(contact(&app).await, StatusCode::SERVICE_UNAVAILABLE);
    }
    assert_eq!(contact(&app).await, StatusCode::TOO_MANY_REQUESTS);

    // Redis returns on the same address: the counters go back to it without any request asking.
    let redis = RedisServer::start(port).await;
    eventually("the limiter back on Redis", Duration::from_secs(5), async || limiter.uses_redis().await).await;
    assert_eq!(limiter.hit("test:after", window).await, 1);
    assert_eq!(stored(port, "test:after").await, Some(1));
    assert!(logs.lock().unwrap().iter().any(|l| l.starts_with("INFO") && l.contains("counters back in Redis")));
    drop(redis);
}
