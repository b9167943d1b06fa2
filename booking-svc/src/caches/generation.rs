//! A cache under a change generation, for what booking-svc reads at every tap of the booking dialog
//! and at every booking and changes far less often: the listings it follows (listings.rs), the
//! providers' setups (setups.rs) and, on SQLite, the seats held on providers' days (day_seats.rs).
//!
//! Each value is kept under a stamp taken before its read: the change generation (a change heard
//! moves it on and empties the cache) plus the count of changes of the entry's owner
//! ([`GenerationCache::owner_changed`], a provider whose seats were taken or given back). What was
//! read across either is never found again; while changes cannot be heard, nothing is kept.

use std::{
    hash::{BuildHasher, Hash},
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
};

/// Owners' change counts: owners whose ids hash alike share one, so a change of one also makes the
/// others' entries read again (never kept stale).
const OWNER_COUNTS: usize = 1024;

/// A key of what is kept, and whose it is (what [`GenerationCache::owner_changed`] names).
pub trait OwnedKey: Hash + Eq + Clone + Send + Sync + 'static {
    fn owner(&self) -> &str;
}

impl OwnedKey for String {
    fn owner(&self) -> &str {
        self
    }
}

/// A provider's day: their id and the day's first second.
impl OwnedKey for (String, i64) {
    fn owner(&self) -> &str {
        &self.0
    }
}

/// Values of `K`s, kept while changes are heard and dropped at each change (see the module's doc).
pub struct GenerationCache<V, K = String> {
    inner: Arc<Inner<V, K>>,
}

impl<V, K> Clone for GenerationCache<V, K> {
    fn clone(&self) -> Self {
        Self { inner: self.inner.clone() }
    }
}

struct Inner<V, K> {
    /// Changes are heard right now.
    listening: AtomicBool,
    /// Moves on at every change heard and whenever hearing them stops.
    generation: AtomicU64,
    /// Move on at each change of one owner's.
    owner_counts: Box<[AtomicU64]>,
    hasher: std::hash::RandomState,
    /// Each value with the stamp it was read under.
    entries: quick_cache::sync::Cache<K, (u64, V)>,
}

impl<V, K> std::fmt::Debug for GenerationCache<V, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GenerationCache")
            .field("generation", &self.inner.generation.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

impl<V: Clone, K: OwnedKey> GenerationCache<V, K> {
    /// At most `capacity` kept, nothing until changes are heard ([`Self::change_heard`]`(true)`).
    pub fn new(capacity: usize) -> Self {
        let inner = Inner {
            listening: AtomicBool::new(false),
            generation: AtomicU64::new(0),
            owner_counts: (0..OWNER_COUNTS).map(|_| AtomicU64::new(0)).collect(),
            hasher: std::hash::RandomState::new(),
            entries: quick_cache::sync::Cache::new(capacity),
        };
        Self { inner: Arc::new(inner) }
    }

    /// A change heard while listening (`listening`), or listening stopped: what was kept is stale.
    pub fn change_heard(&self, listening: bool) {
        let inner = &self.inner;
        if !listening {
            inner.listening.store(false, Ordering::SeqCst);
        }
        self.changed_here();
        if listening {
            inner.listening.store(true, Ordering::SeqCst);
        }
    }

    /// A change made here: what was kept is stale (whether changes are heard stays as it was).
    pub fn changed_here(&self) {
        self.inner.generation.fetch_add(1, Ordering::SeqCst);
        self.inner.entries.clear();
    }

    /// A change of `owner`'s, made here and committed: what was kept of theirs is stale.
    pub fn owner_changed(&self, owner: &str) {
        self.owner_count(owner).fetch_add(1, Ordering::SeqCst);
    }

    fn owner_count(&self, owner: &str) -> &AtomicU64 {
        let i = self.inner.hasher.hash_one(owner) as usize % OWNER_COUNTS;
        &self.inner.owner_counts[i]
    }

    /// The stamp to read `owner`'s under (taken before reading), or `None` while changes go unheard.
    /// Both counts only grow, so any change of either gives another sum.
    fn stamp(&self, owner: &str) -> Option<u64> {
        let inner = &self.inner;
        let generation = inner.generation.load(Ordering::SeqCst);
        let own = self.owner_count(owner).load(Ordering::SeqCst);
        inner.listening.load(Ordering::SeqCst).then(|| generation + own)
    }

    /// `key`'s value: kept, or what `read` answers (kept unless a change came meanwhile).
    pub async fn get_or_read<E>(&self, key: K, read: impl Future<Output = Result<V, E>>) -> Result<V, E> {
        let stamp = self.stamp(key.owner());
        if let Some(stamp) = stamp
            && let Some((at, kept)) = self.inner.entries.get(&key)
            && at == stamp
        {
            return Ok(kept);
        }
        let value = read.await?;
        if let Some(stamp) = stamp
            && self.stamp(key.owner()) == Some(stamp)
        {
            self.inner.entries.insert(key, (stamp, value.clone()));
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn read(k: &GenerationCache<u32>, id: &str, v: u32) -> u32 {
        k.get_or_read(id.to_owned(), async move { Ok::<_, ()>(v) }).await.unwrap()
    }

    #[tokio::test]
    async fn read_once_then_kept_until_a_change() {
        let k = GenerationCache::new(8);
        assert_eq!(read(&k, "a", 1).await, 1);
        assert_eq!(read(&k, "a", 2).await, 2, "nothing kept until changes are heard");
        k.change_heard(true);
        assert_eq!(read(&k, "a", 3).await, 3);
        assert_eq!(read(&k, "a", 4).await, 3, "kept");
        k.changed_here();
        assert_eq!(read(&k, "a", 5).await, 5, "read again after a change");
        k.change_heard(false);
        assert_eq!(read(&k, "a", 6).await, 6);
        assert_eq!(read(&k, "a", 7).await, 7, "nothing kept while changes go unheard");
        k.changed_here();
        assert_eq!(read(&k, "a", 8).await, 8, "a change made here does not mean others are heard");
        let failed = k.get_or_read("b".to_owned(), async { Err::<u32, _>(()) }).await;
        assert_eq!(failed, Err(()));
    }

    #[tokio::test]
    async fn an_owner_forgotten_is_read_again_and_the_others_stay_kept() {
        let k: GenerationCache<u32, (String, i64)> = GenerationCache::new(64);
        k.change_heard(true);
        let day = |owner: &str, d: i64| (owner.to_owned(), d);
        let read = |key: (String, i64), v: u32| k.get_or_read(key, async move { Ok::<_, ()>(v) });
        assert_eq!(read(day("a", 1), 1).await, Ok(1));
        assert_eq!(read(day("a", 2), 2).await, Ok(2));
        // An owner whose count no other shares (1,024 counts, ids hashed).
        let other =
            (0..).map(|i| format!("b{i}")).find(|b| !std::ptr::eq(k.owner_count(b), k.owner_count("a"))).unwrap();
        assert_eq!(read(day(&other, 1), 3).await, Ok(3));
        k.owner_changed("a");
        assert_eq!(read(day("a", 1), 4).await, Ok(4), "each of the owner's days is read again");
        assert_eq!(read(day("a", 2), 5).await, Ok(5));
        assert_eq!(read(day("a", 1), 6).await, Ok(4), "and kept again");
        assert_eq!(read(day(&other, 1), 7).await, Ok(3), "another owner's stays kept");
    }

    #[tokio::test]
    async fn what_was_read_across_a_change_is_not_kept() {
        let k: GenerationCache<u32> = GenerationCache::new(8);
        k.change_heard(true);
        // The change comes while the value is being read: what was read is not found again.
        let during = k.get_or_read("a".to_owned(), async {
            k.owner_changed("a");
            Ok::<_, ()>(1)
        });
        assert_eq!(during.await, Ok(1));
        assert_eq!(read(&k, "a", 2).await, 2);
        assert_eq!(read(&k, "a", 3).await, 2, "kept");
        let during = k.get_or_read("b".to_owned(), async {
            k.change_heard(true);
            Ok::<_, ()>(4)
        });
        assert_eq!(during.await, Ok(4));
        assert_eq!(read(&k, "b", 5).await, 5);
        assert_eq!(read(&k, "b", 6).await, 5);
    }
}
