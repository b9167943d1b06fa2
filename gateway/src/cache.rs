//! The public catalog answers (lists, search, one listing) kept as the bytes sent, with an ETag.
//!
//! Correct before fast: the cache is used only while the gateway is subscribed to catalog-svc's
//! change stream, and everything in it is dropped at each change it hears of, at each write this
//! gateway passes on, and whenever the subscription breaks. An answer is kept only if no change
//! arrived while it was being fetched, so nothing older than the last change heard is ever served.
//!
//! Concurrent misses of one key are fetched once: while an answer is being fetched, other requests
//! for it wait for that fetch instead of sending their own (after a change, the home page's list is
//! asked for by many visitors at once). A change also ends this sharing: a request arriving after it
//! starts a fetch of its own, never joining one that began before the change.
//!
//! The store is `quick_cache` (bounded by bytes, scan-resistant eviction, one loader per key through
//! its placeholders): a change clears it, placeholders included, so a fetch begun before the change
//! is not joined by later requests, and its answer, handed to the requests already waiting for it, is
//! refused by the cache (the placeholder it fills is gone).

use std::{
    hash::{Hash, Hasher},
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
};

use crate::{AppState, error::ApiResult};
use axum::{
    body::Bytes,
    extract::OriginalUri,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use mtaani_proto::catalog::v1::catalog_service_client::CatalogServiceClient;

/// At most this many bytes of answers (and their keys) are kept.
const MAX_BYTES: u64 = 16 << 20;
/// The answers the cache is sized for (a listing's answer is about 2 KiB, a page of 20 about 30).
const ESTIMATED_ANSWERS: usize = 2_000;
/// Longer keys (odd query strings) are not cached.
const MAX_KEY: usize = 512;

/// One cached answer.
#[derive(Debug, Clone)]
pub struct Cached {
    pub body: Bytes,
    pub etag: HeaderValue,
    /// `X-Total-Count` of a list.
    pub total: Option<i64>,
}

impl Cached {
    pub fn new(body: Bytes, total: Option<i64>) -> Self {
        let mut h = std::hash::DefaultHasher::new();
        body.hash(&mut h);
        let etag = HeaderValue::from_str(&format!("\"{:016x}{:x}\"", h.finish(), body.len()))
            .unwrap_or_else(|_| HeaderValue::from_static("\"0\""));
        Self { body, etag, total }
    }

    /// The JSON answer, or 304 when the client already holds these bytes. Browsers revalidate
    /// every time (`no-cache`): a listing deleted a second ago must not be shown from their cache.
    pub fn respond(&self, request: &HeaderMap) -> Response {
        let mut headers = HeaderMap::new();
        headers.insert(header::ETAG, self.etag.clone());
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        if let Some(total) = self.total {
            headers.insert("x-total-count", HeaderValue::from(total));
        }
        let matches = request
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|tag| {
                let tag = tag.trim();
                tag == "*" || tag.trim_start_matches("W/").as_bytes() == self.etag.as_bytes()
            });
        if matches {
            return (StatusCode::NOT_MODIFIED, headers).into_response();
        }
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        (headers, self.body.clone()).into_response()
    }
}

/// What is stored under a key: an answer, or (for an instant) word that the fetch others waited for
/// failed, so that each of them fetches for itself at once rather than one after the other.
type Entry = Option<Cached>;

/// Weighs an entry by its bytes and its key's.
#[derive(Debug, Clone, Copy)]
struct Bytesize;

impl quick_cache::Weighter<String, Entry> for Bytesize {
    fn weight(&self, key: &String, entry: &Entry) -> u64 {
        (key.len() + entry.as_ref().map_or(0, |c| c.body.len())).max(1) as u64
    }
}

type Store = quick_cache::sync::Cache<String, Entry, Bytesize>;
type Guard<'a> = quick_cache::sync::PlaceholderGuard<
    'a,
    String,
    Entry,
    Bytesize,
    quick_cache::DefaultHashBuilder,
    quick_cache::sync::DefaultLifecycle<String, Entry>,
>;

/// What a look-up found.
pub enum Lookup<'a> {
    Hit(Cached),
    /// Not cached: fetch it, then give it back with [`Fetch::done`] (`None`: the cache is off, or
    /// the fetch this request waited for failed).
    Miss(Option<Fetch<'a>>),
}

/// A request fetching an answer for the cache, which others may be waiting for. Dropped without
/// [`Fetch::done`] (the fetch failed, or the request was cancelled), it lets its waiters go to fetch
/// for themselves.
pub struct Fetch<'a> {
    store: &'a Store,
    key: String,
    guard: Option<Guard<'a>>,
}

impl Fetch<'_> {
    /// Hands `answer` to the waiters, and keeps it if nothing changed since the fetch began.
    pub fn done(mut self, answer: &Cached) {
        if let Some(guard) = self.guard.take() {
            // Refused when a change cleared the cache meanwhile: the waiters have it all the same.
            let _ = guard.insert(Some(answer.clone()));
        }
    }
}

impl Drop for Fetch<'_> {
    fn drop(&mut self) {
        if let Some(guard) = self.guard.take()
            && guard.insert(None).is_ok()
        {
            self.store.remove(&self.key);
        }
    }
}

#[derive(Clone)]
pub struct CatalogCache {
    inner: Arc<Inner>,
}

struct Inner {
    /// Subscribed to catalog-svc's changes right now.
    live: AtomicBool,
    store: Store,
}

impl Default for CatalogCache {
    fn default() -> Self {
        let store = Store::with_weighter(ESTIMATED_ANSWERS, MAX_BYTES, Bytesize);
        Self { inner: Arc::new(Inner { live: AtomicBool::new(false), store }) }
    }
}

impl std::fmt::Debug for CatalogCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CatalogCache").field("live", &self.is_live()).field("answers", &self.inner.store.len()).finish()
    }
}

impl CatalogCache {
    /// The answer kept under `key`; or, when another request is fetching it since the last change,
    /// that request's answer once it has it; or the right to fetch it.
    pub async fn lookup(&self, key: &str) -> Lookup<'_> {
        if !self.is_live() || key.len() > MAX_KEY {
            return Lookup::Miss(None);
        }
        let store = &self.inner.store;
        match store.get_value_or_guard_async(key).await {
            Ok(Some(answer)) => Lookup::Hit(answer),
            Ok(None) => Lookup::Miss(None),
            Err(guard) => Lookup::Miss(Some(Fetch { store, key: key.to_owned(), guard: Some(guard) })),
        }
    }

    /// A write went through this gateway: whatever was cached may be stale.
    pub fn invalidate(&self) {
        self.inner.store.clear();
    }

    fn set_live(&self, live: bool) {
        self.inner.live.store(live, Ordering::SeqCst);
        self.invalidate();
    }

    pub fn is_live(&self) -> bool {
        self.inner.live.load(Ordering::SeqCst)
    }

    /// Follows catalog-svc's change stream for as long as the gateway runs; the cache is off while
    /// not subscribed, and emptied at each change.
    pub fn spawn_watch(&self, client: CatalogServiceClient<crate::backends::Resend>) -> tokio::task::JoinHandle<()> {
        let cache = self.clone();
        mtaani_proto::catalog::changes::follow(client, move |live| cache.set_live(live))
    }
}

/// A public catalog read: from the cache when it holds the answer, else fetched (and kept when
/// nothing changed meanwhile). Either way with an ETag, and 304 when the client has it already.
pub async fn cached<Fut>(state: &AppState, uri: &OriginalUri, headers: &HeaderMap, fetch: Fut) -> ApiResult<Response>
where
    Fut: std::future::Future<Output = ApiResult<Cached>>,
{
    let key = uri.path_and_query().map_or_else(|| uri.path().to_owned(), |p| p.as_str().to_owned());
    let ticket = match state.cache.lookup(&key).await {
        Lookup::Hit(answer) => return Ok(answer.respond(headers)),
        // Not kept, or the fetch this request waited for failed: fetched here.
        Lookup::Miss(ticket) => ticket,
    };
    let answer = fetch.await?;
    if let Some(ticket) = ticket {
        ticket.done(&answer);
    }
    Ok(answer.respond(headers))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn answer(s: &'static str) -> Cached {
        Cached::new(Bytes::from_static(s.as_bytes()), Some(1))
    }

    fn live() -> CatalogCache {
        let c = CatalogCache::default();
        c.set_live(true);
        c
    }

    async fn hit(c: &CatalogCache, key: &str) -> Option<Bytes> {
        match c.lookup(key).await {
            Lookup::Hit(a) => Some(a.body),
            Lookup::Miss(_) => None,
        }
    }

    /// Stores `a` under `key` through a fetch, as a request would.
    async fn fetched(c: &CatalogCache, key: &str, a: &Cached) {
        let Lookup::Miss(Some(fetch)) = c.lookup(key).await else { panic!("{key}: no fetch") };
        fetch.done(a);
    }

    #[tokio::test]
    async fn off_until_subscribed() {
        let c = CatalogCache::default();
        assert!(matches!(c.lookup("k").await, Lookup::Miss(None)));
        c.set_live(true);
        fetched(&c, "k", &answer("[]")).await;
        assert_eq!(hit(&c, "k").await.unwrap(), "[]");
        c.set_live(false);
        assert!(matches!(c.lookup("k").await, Lookup::Miss(None)));
        c.set_live(true);
        assert!(hit(&c, "k").await.is_none(), "a re-subscription is a change");
    }

    #[tokio::test]
    async fn kept_until_a_change() {
        let c = live();
        fetched(&c, "k", &answer("[1]")).await;
        assert_eq!(hit(&c, "k").await.unwrap(), "[1]");
        c.invalidate();
        assert!(matches!(c.lookup("k").await, Lookup::Miss(Some(_))));
    }

    #[tokio::test]
    async fn an_answer_fetched_across_a_change_is_not_kept() {
        let c = live();
        let Lookup::Miss(Some(fetch)) = c.lookup("k").await else { panic!() };
        c.invalidate();
        fetch.done(&answer("[1]"));
        assert!(hit(&c, "k").await.is_none());
        let Lookup::Miss(Some(fetch)) = c.lookup("k").await else { panic!() };
        c.set_live(false);
        c.set_live(true);
        fetch.done(&answer("[1]"));
        assert!(hit(&c, "k").await.is_none(), "a re-subscription is a change");
    }

    #[test]
    fn etags_answer_304() {
        let a = answer("[1,2]");
        let mut h = HeaderMap::new();
        assert_eq!(a.respond(&h).status(), StatusCode::OK);
        h.insert(header::IF_NONE_MATCH, a.etag.clone());
        assert_eq!(a.respond(&h).status(), StatusCode::NOT_MODIFIED);
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_static("\"other\", W/\"x\""));
        assert_eq!(a.respond(&h).status(), StatusCode::OK);
        assert_ne!(a.etag, answer("[1,3]").etag);
    }

    #[tokio::test]
    async fn memory_is_bounded_and_a_full_cache_keeps_most_answers() {
        let c = live();
        let store = &c.inner.store;
        // Answers of 8 KiB (a page of listings is 2 to 30): the budget holds about 2,000.
        let body = Cached::new(Bytes::from(vec![b' '; 8 << 10]), None);
        let fit = (MAX_BYTES / (8 << 10)) as usize;
        for i in 0..fit * 3 {
            fetched(&c, &format!("k{i}"), &body).await;
            assert!(store.weight() <= MAX_BYTES, "{} bytes kept", store.weight());
            if i >= fit {
                assert!(store.len() >= fit * 3 / 4, "only {} answers left after {i} stored", store.len());
            }
        }
        // A hot answer stays while others come and go.
        fetched(&c, "home", &body).await;
        for i in fit * 3..fit * 6 {
            assert!(hit(&c, "home").await.is_some(), "the home page's answer was let go after {i}");
            fetched(&c, &format!("k{i}"), &body).await;
        }
        // An answer larger than a shard's share of the budget is not kept at all.
        let huge = Cached::new(Bytes::from(vec![b' '; MAX_BYTES as usize / 2]), None);
        fetched(&c, "huge", &huge).await;
        assert!(hit(&c, "huge").await.is_none());
    }

    #[tokio::test]
    async fn concurrent_misses_wait_for_one_fetch() {
        let c = live();
        let Lookup::Miss(Some(fetch)) = c.lookup("k").await else { panic!() };
        let waiting = {
            let c = c.clone();
            tokio::spawn(async move { (hit(&c, "k").await, hit(&c, "k").await) })
        };
        let other = {
            let c = c.clone();
            tokio::spawn(async move { hit(&c, "k").await })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting.is_finished() && !other.is_finished(), "a second miss fetched again");
        fetch.done(&answer("[7]"));
        let (a, b) = waiting.await.unwrap();
        assert_eq!(a.unwrap(), "[7]");
        assert_eq!(b.unwrap(), "[7]");
        assert_eq!(other.await.unwrap().unwrap(), "[7]");
    }

    #[tokio::test]
    async fn a_failed_fetch_lets_its_waiters_fetch_for_themselves() {
        let c = live();
        let Lookup::Miss(Some(fetch)) = c.lookup("k").await else { panic!() };
        let waiters: Vec<_> = (0..3)
            .map(|_| {
                let c = c.clone();
                tokio::spawn(async move { matches!(c.lookup("k").await, Lookup::Miss(None)) })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(fetch);
        for w in waiters {
            // All at once, each on its own: none is left waiting for another's second try.
            assert!(tokio::time::timeout(Duration::from_secs(1), w).await.unwrap().unwrap());
        }
        assert!(matches!(c.lookup("k").await, Lookup::Miss(Some(_))), "the failure is not kept");
    }

    #[tokio::test]
    async fn after_a_change_nobody_joins_a_fetch_begun_before_it() {
        let c = live();
        let Lookup::Miss(Some(old)) = c.lookup("k").await else { panic!() };
        c.invalidate();
        let Lookup::Miss(Some(new)) = c.lookup("k").await else { panic!("joined a fetch begun before the change") };
        // The old fetch ending neither fills the cache nor ends the new fetch's sharing.
        old.done(&answer("[old]"));
        let waiter = {
            let c = c.clone();
            tokio::spawn(async move { hit(&c, "k").await })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiter.is_finished(), "the old fetch's answer was served after the change");
        new.done(&answer("[new]"));
        assert_eq!(waiter.await.unwrap().unwrap(), "[new]");
        assert_eq!(hit(&c, "k").await.unwrap(), "[new]");
    }
}
