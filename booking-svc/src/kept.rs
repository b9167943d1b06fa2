//! What booking-svc keeps of what changes rarely and is read at every tap of the booking dialog and
//! at every booking: the listings it follows (listings.rs) and the providers' setups (setups.rs).
//! Kept under a change generation: a change heard moves it on and empties the store, so what was
//! read across a change is never found again; while changes cannot be heard, nothing is kept.

use std::sync::{
    Arc,
    atomic::{AtomicBool, AtomicU64, Ordering},
};

pub struct Kept<V> {
    inner: Arc<Inner<V>>,
}

impl<V> Clone for Kept<V> {
    fn clone(&self) -> Self {
        Self { inner: self.inner.clone() }
    }
}

struct Inner<V> {
    /// Changes are heard right now.
    live: AtomicBool,
    /// Moves on at every change heard and whenever hearing them stops.
    generation: AtomicU64,
    store: quick_cache::sync::Cache<(u64, String), V>,
}

impl<V: Clone> std::fmt::Debug for Kept<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kept").field("generation", &self.generation()).finish_non_exhaustive()
    }
}

impl<V: Clone> Kept<V> {
    /// At most `capacity` kept, nothing until changes are heard ([`Kept::changed`]`(true)`).
    pub fn new(capacity: usize) -> Self {
        let store = quick_cache::sync::Cache::new(capacity);
        Self { inner: Arc::new(Inner { live: AtomicBool::new(false), generation: AtomicU64::new(0), store }) }
    }

    /// A change heard (`live`), or hearing them stopped: what was kept is stale.
    pub fn changed(&self, live: bool) {
        let inner = &self.inner;
        if !live {
            inner.live.store(false, Ordering::SeqCst);
        }
        self.bump();
        if live {
            inner.live.store(true, Ordering::SeqCst);
        }
    }

    /// A change made here: what was kept is stale (whether changes are heard stays as it was).
    pub fn bump(&self) {
        self.inner.generation.fetch_add(1, Ordering::SeqCst);
        self.inner.store.clear();
    }

    /// The generation to read and keep under (taken before reading), or `None` while changes go unheard.
    pub fn generation(&self) -> Option<u64> {
        self.inner.live.load(Ordering::SeqCst).then(|| self.inner.generation.load(Ordering::SeqCst))
    }

    pub fn get(&self, generation: u64, id: &str) -> Option<V> {
        self.inner.store.get(&(generation, id.to_owned()))
    }

    /// Keeps `value`, read under `generation`, as `id`'s; found only while that generation is current.
    pub fn keep(&self, generation: u64, id: &str, value: V) {
        if self.generation() == Some(generation) {
            self.inner.store.insert((generation, id.to_owned()), value);
        }
    }

    /// `id`'s value: kept, or what `read` answers (kept unless a change came meanwhile).
    pub async fn get_or_read<E>(&self, id: &str, read: impl Future<Output = Result<V, E>>) -> Result<V, E> {
        let generation = self.generation();
        if let Some(kept) = generation.and_then(|g| self.get(g, id)) {
            return Ok(kept);
        }
        let value = read.await?;
        if let Some(g) = generation {
            self.keep(g, id, value.clone());
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_until_changes_are_heard_and_emptied_at_each() {
        let k = Kept::new(8);
        assert_eq!(k.generation(), None);
        k.changed(true);
        let g = k.generation().unwrap();
        k.keep(g, "a", 1);
        assert_eq!(k.get(g, "a"), Some(1));
        k.changed(true);
        let now = k.generation().unwrap();
        assert_eq!(k.get(now, "a"), None, "kept across a change");
        k.changed(false);
        assert_eq!(k.generation(), None);
        k.bump();
        assert_eq!(k.generation(), None, "a change made here does not mean others are heard");
    }

    #[tokio::test]
    async fn read_once_then_kept_until_a_change() {
        let k = Kept::new(8);
        k.changed(true);
        let read = |v: u32| async move { Ok::<_, ()>(v) };
        assert_eq!(k.get_or_read("a", read(1)).await, Ok(1));
        assert_eq!(k.get_or_read("a", read(2)).await, Ok(1), "kept");
        k.bump();
        assert_eq!(k.get_or_read("a", read(3)).await, Ok(3), "read again after a change");
        k.changed(false);
        assert_eq!(k.get_or_read("a", read(4)).await, Ok(4));
        assert_eq!(k.get_or_read("a", read(5)).await, Ok(5), "nothing kept while changes go unheard");
        assert_eq!(k.get_or_read("b", async { Err::<u32, _>(()) }).await, Err(()));
    }

    #[test]
    fn what_was_read_across_a_change_is_not_kept() {
        let k = Kept::new(8);
        k.changed(true);
        let before = k.generation().unwrap();
        k.changed(true);
        k.keep(before, "a", 1);
        assert_eq!(k.get(before, "a"), None);
        assert_eq!(k.get(k.generation().unwrap(), "a"), None);
    }
}
