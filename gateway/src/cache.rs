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

use std::{
    collections::HashMap,
    hash::{Hash, Hasher},
    sync::{Arc, Mutex},
    time::Duration,
};

use tokio::sync::watch;

use axum::{
    body::Bytes,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use mtaani_proto::catalog::v1::{WatchChangesRequest, catalog_service_client::CatalogServiceClient};

/// At most this many bytes of answers (and their keys) are kept; past it, an eighth is let go.
const MAX_BYTES: usize = 16 << 20;
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

/// What a look-up found.
pub enum Lookup {
    Hit(Cached),
    /// Being fetched by another request since the last change: wait for its answer.
    Wait(Waiter),
    /// Not cached: fetch it, then give it back with [`Fetch::done`] (`None`: the cache is off).
    Miss(Option<Fetch>),
}

/// A request fetching an answer for the cache, which others may be waiting for. Dropped without
/// [`Fetch::done`] (the fetch failed, or the request was cancelled), it lets its waiters go to fetch
/// for themselves.
pub struct Fetch {
    cache: CatalogCache,
    key: String,
    generation: u64,
    id: u64,
    answer: watch::Sender<Option<Cached>>,
}

impl Fetch {
    /// Keeps `answer` if nothing changed since the fetch began, and hands it to the waiters.
    pub fn done(self, answer: &Cached) {
        self.cache.store(self.generation, self.key.clone(), answer);
        self.answer.send_replace(Some(answer.clone()));
    }
}

impl Drop for Fetch {
    fn drop(&mut self) {
        let mut state = self.cache.lock();
        if state.fetching.get(&self.key).is_some_and(|(id, _)| *id == self.id) {
            state.fetching.remove(&self.key);
        }
    }
}

/// Waits for another request's fetch.
pub struct Waiter(watch::Receiver<Option<Cached>>);

impl Waiter {
    /// The answer fetched, or `None` when that fetch failed or was cancelled.
    pub async fn answer(mut self) -> Option<Cached> {
        self.0.wait_for(Option::is_some).await.ok().and_then(|answer| answer.clone())
    }
}

#[derive(Debug, Clone, Default)]
pub struct CatalogCache {
    inner: Arc<Mutex<State>>,
}

#[derive(Debug, Default)]
struct State {
    /// Subscribed to catalog-svc's changes right now.
    live: bool,
    /// Moves on at every change heard, every write passed on and every (re)subscription.
    generation: u64,
    entries: HashMap<String, Cached>,
    bytes: usize,
    /// The answers being fetched since the last change, by key: the fetch's id and its answer to come.
    fetching: HashMap<String, (u64, watch::Receiver<Option<Cached>>)>,
    /// Ids of fetches.
    fetches: u64,
}

impl State {
    fn invalidate(&mut self) {
        self.generation += 1;
        self.entries.clear();
        self.bytes = 0;
        // Fetches begun before the change keep their own requests, but nobody joins them any more.
        self.fetching.clear();
    }

    /// Frees room for `need` more bytes when the budget would be passed: entries go in the map's
    /// arbitrary order until an eighth of the budget is free. Cheap per answer kept (one pass frees
    /// room for many), and a hot answer (the home page's list) is let go now and then, not every time
    /// the cache fills, as it would be if it all went at once.
    fn make_room(&mut self, need: usize) {
        if self.bytes + need <= MAX_BYTES {
            return;
        }
        let target = (MAX_BYTES - MAX_BYTES / 8).saturating_sub(need);
        let mut bytes = self.bytes;
        self.entries.retain(|key, c| {
            if bytes <= target {
                return true;
            }
            bytes -= size(key, c);
            false
        });
        self.bytes = bytes;
    }
}

fn size(key: &str, c: &Cached) -> usize {
    key.len() + c.body.len()
}

impl CatalogCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub fn lookup(&self, key: &str) -> Lookup {
        let mut state = self.lock();
        if !state.live || key.len() > MAX_KEY {
            return Lookup::Miss(None);
        }
        if let Some(c) = state.entries.get(key) {
            return Lookup::Hit(c.clone());
        }
        if let Some((_, answer)) = state.fetching.get(key) {
            return Lookup::Wait(Waiter(answer.clone()));
        }
        state.fetches += 1;
        let (id, generation) = (state.fetches, state.generation);
        let (answer, waiting) = watch::channel(None);
        state.fetching.insert(key.to_owned(), (id, waiting));
        drop(state);
        Lookup::Miss(Some(Fetch { cache: self.clone(), key: key.to_owned(), generation, id, answer }))
    }

    /// Keeps `answer` if nothing changed since `generation` was current.
    fn store(&self, generation: u64, key: String, answer: &Cached) {
        let mut state = self.lock();
        if !state.live || state.generation != generation {
            return;
        }
        if let Some(old) = state.entries.remove(&key) {
            state.bytes -= size(&key, &old);
        }
        let need = size(&key, answer);
        if need > MAX_BYTES / 8 {
            return;
        }
        state.make_room(need);
        state.bytes += need;
        state.entries.insert(key, answer.clone());
    }

    /// A write went through this gateway: whatever was cached may be stale.
    pub fn invalidate(&self) {
        self.lock().invalidate();
    }

    fn set_live(&self, live: bool) {
        let mut state = self.lock();
        state.live = live;
        state.invalidate();
    }

    pub fn is_live(&self) -> bool {
        self.lock().live
    }

    /// Follows catalog-svc's change stream for as long as the gateway runs, re-subscribing (after a
    /// short, growing pause) whenever it breaks; the cache is off while not subscribed.
    pub fn spawn_watch(&self, client: CatalogServiceClient<crate::backends::Resend>) -> tokio::task::JoinHandle<()> {
        let cache = self.clone();
        tokio::spawn(async move {
            let mut pause = Duration::from_millis(100);
            loop {
                match client.clone().watch_changes(WatchChangesRequest {}).await {
                    Ok(stream) => {
                        let mut stream = stream.into_inner();
                        loop {
                            match stream.message().await {
                                Ok(Some(_change)) => {
                                    // The first message is the current state: from here on, live.
                                    cache.set_live(true);
                                    pause = Duration::from_millis(100);
                                }
                                Ok(None) => break,
                                Err(status) => {
                                    tracing::debug!(%status, "catalog changes: stream ended");
                                    break;
                                }
                            }
                        }
                    }
                    Err(status) => tracing::debug!(%status, "catalog changes: cannot subscribe"),
                }
                cache.set_live(false);
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(2));
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(s: &'static str) -> Cached {
        Cached::new(Bytes::from_static(s.as_bytes()), Some(1))
    }

    fn live() -> CatalogCache {
        let c = CatalogCache::default();
        c.set_live(true);
        c
    }

    #[test]
    fn off_until_subscribed() {
        let c = CatalogCache::default();
        assert!(matches!(c.lookup("k"), Lookup::Miss(None)));
        c.store(0, "k".into(), &answer("[]"));
        assert!(matches!(c.lookup("k"), Lookup::Miss(None)));
    }

    #[test]
    fn kept_until_a_change() {
        let c = live();
        let Lookup::Miss(Some(fetch)) = c.lookup("k") else { panic!() };
        fetch.done(&answer("[1]"));
        assert!(matches!(c.lookup("k"), Lookup::Hit(a) if a.body == "[1]"));
        c.invalidate();
        assert!(matches!(c.lookup("k"), Lookup::Miss(Some(_))));
    }

    #[test]
    fn an_answer_fetched_across_a_change_is_not_kept() {
        let c = live();
        let Lookup::Miss(Some(fetch)) = c.lookup("k") else { panic!() };
        c.invalidate();
        fetch.done(&answer("[1]"));
        assert!(matches!(c.lookup("k"), Lookup::Miss(Some(_))));
        let Lookup::Miss(Some(fetch)) = c.lookup("k") else { panic!() };
        c.set_live(false);
        c.set_live(true);
        fetch.done(&answer("[1]"));
        assert!(matches!(c.lookup("k"), Lookup::Miss(Some(_))), "a re-subscription is a change");
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

    #[test]
    fn memory_is_bounded_and_a_full_cache_keeps_most_answers() {
        let c = live();
        let body = Cached::new(Bytes::from(vec![b' '; MAX_BYTES / 100]), None);
        for i in 0..1000 {
            let key = format!("k{i}");
            let Lookup::Miss(Some(fetch)) = c.lookup(&key) else { panic!("{key} cached before it was stored") };
            fetch.done(&body);
            let state = c.lock();
            assert!(state.bytes <= MAX_BYTES, "{} bytes kept", state.bytes);
            assert_eq!(state.bytes, state.entries.iter().map(|(k, v)| size(k, v)).sum::<usize>());
            assert!(state.entries.contains_key(&key), "the answer just stored is kept");
            if i >= 100 {
                assert!(state.entries.len() >= 85, "only {} answers left after {i} stored", state.entries.len());
            }
        }
        // Storing the same key again replaces it without counting it twice.
        let before = c.lock().bytes;
        let generation = c.lock().generation;
        let Lookup::Hit(_) = c.lookup("k999") else { panic!("k999 not kept") };
        c.store(generation, "k999".into(), &body);
        assert_eq!(c.lock().bytes, before);
        // An answer larger than an eighth of the budget is not kept at all.
        let huge = Cached::new(Bytes::from(vec![b' '; MAX_BYTES / 4]), None);
        let Lookup::Miss(Some(fetch)) = c.lookup("huge") else { panic!() };
        fetch.done(&huge);
        assert!(matches!(c.lookup("huge"), Lookup::Miss(_)));
    }

    #[tokio::test]
    async fn concurrent_misses_wait_for_one_fetch() {
        let c = live();
        let Lookup::Miss(Some(fetch)) = c.lookup("k") else { panic!() };
        let Lookup::Wait(first) = c.lookup("k") else { panic!("a second miss fetches again") };
        let Lookup::Wait(second) = c.lookup("k") else { panic!("a third miss fetches again") };
        let waiting = tokio::spawn(async move { (first.answer().await, second.answer().await) });
        tokio::task::yield_now().await;
        fetch.done(&answer("[7]"));
        let (a, b) = waiting.await.unwrap();
        assert_eq!(a.unwrap().body, "[7]");
        assert_eq!(b.unwrap().body, "[7]");
        assert!(matches!(c.lookup("k"), Lookup::Hit(a) if a.body == "[7]"));
        assert!(c.lock().fetching.is_empty());
    }

    #[tokio::test]
    async fn a_failed_fetch_lets_its_waiters_fetch_for_themselves() {
        let c = live();
        let Lookup::Miss(Some(fetch)) = c.lookup("k") else { panic!() };
        let Lookup::Wait(waiter) = c.lookup("k") else { panic!() };
        drop(fetch);
        assert!(waiter.answer().await.is_none());
        assert!(matches!(c.lookup("k"), Lookup::Miss(Some(_))));
    }

    #[test]
    fn after_a_change_nobody_joins_a_fetch_begun_before_it() {
        let c = live();
        let Lookup::Miss(Some(old)) = c.lookup("k") else { panic!() };
        c.invalidate();
        let Lookup::Miss(Some(new)) = c.lookup("k") else { panic!("joined a fetch begun before the change") };
        // The old fetch ending neither fills the cache nor ends the new fetch's sharing.
        old.done(&answer("[old]"));
        assert!(matches!(c.lookup("k"), Lookup::Wait(_)));
        new.done(&answer("[new]"));
        assert!(matches!(c.lookup("k"), Lookup::Hit(a) if a.body == "[new]"));
    }
}
