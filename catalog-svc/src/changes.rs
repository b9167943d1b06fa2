//! The catalog's change generation, and the cache of answers kept under it.
//!
//! Every committed write to the listings bumps the generation: writes made here right after their
//! commit, writes of another replica (PostgreSQL) when their `NOTIFY` arrives
//! (`mtaani_runtime::changes`). A cached answer is stored with the generation read *before* the
//! database was read and only if it is still current when stored, so the cache never holds anything
//! older than the last change it heard of.

use std::sync::Arc;

use mtaani_proto::catalog::v1 as pb;
use tokio::sync::watch;

/// Entries kept per kind (quick_cache's eviction: scan-resistant, a hot entry stays).
const MAX_LISTINGS: usize = 5_000;
const MAX_PAGES: usize = 256;

/// Answers by generation and key: a change moves the generation on, so what was kept under an
/// older one is never found again (and is let go as new answers come in).
type Store<V> = quick_cache::sync::Cache<(u64, String), V>;

#[derive(Clone)]
pub struct Changes {
    generation: Arc<watch::Sender<u64>>,
    /// Identifies this run of the service, so subscribers can tell a restart from a change.
    epoch: Arc<str>,
    listings: Arc<Store<pb::Listing>>,
    pages: Arc<Store<pb::ListListingsResponse>>,
    /// Set when the server shuts down: the change streams end, so a graceful stop does not wait for
    /// subscribers that would never leave.
    closing: Arc<watch::Sender<bool>>,
}

impl std::fmt::Debug for Changes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Changes").field("generation", &self.current()).field("epoch", &self.epoch).finish()
    }
}

impl Default for Changes {
    fn default() -> Self {
        Self {
            generation: Arc::new(watch::Sender::new(1)),
            epoch: uuid::Uuid::new_v4().to_string().into(),
            listings: Arc::new(Store::new(MAX_LISTINGS)),
            pages: Arc::new(Store::new(MAX_PAGES)),
            closing: Arc::new(watch::Sender::new(false)),
        }
    }
}

impl Changes {
    pub fn current(&self) -> u64 {
        *self.generation.borrow()
    }

    pub fn epoch(&self) -> &str {
        &self.epoch
    }

    /// After a committed change: everything cached so far is stale.
    pub fn bump(&self) {
        self.generation.send_modify(|g| *g += 1);
    }

    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.generation.subscribe()
    }

    /// Ends every change stream (the server is stopping).
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Resolves once [`Changes::close`] was called.
    pub fn closed(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut rx = self.closing.subscribe();
        async move {
            let _ = rx.wait_for(|closing| *closing).await;
        }
    }

    pub fn listing(&self, id: &str) -> Option<pb::Listing> {
        self.listings.get(&(self.current(), id.to_owned()))
    }

    /// Keeps `listing` if nothing changed since `generation` was read.
    pub fn keep_listing(&self, generation: u64, listing: &pb::Listing) {
        if generation == self.current() {
            self.listings.insert((generation, listing.id.clone()), listing.clone());
        }
    }

    pub fn page(&self, key: &str) -> Option<pb::ListListingsResponse> {
        self.pages.get(&(self.current(), key.to_owned()))
    }

    /// Keeps a page of a list or a search if nothing changed since `generation` was read.
    pub fn keep_page(&self, generation: u64, key: String, page: &pb::ListListingsResponse) {
        if generation == self.current() {
            self.pages.insert((generation, key), page.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(id: &str) -> pb::Listing {
        pb::Listing { id: id.into(), ..Default::default() }
    }

    #[test]
    fn a_full_cache_is_bounded_and_keeps_a_hot_listing() {
        let c = Changes::default();
        let g = c.current();
        c.keep_listing(g, &listing("hot"));
        for i in 0..MAX_LISTINGS * 3 {
            c.keep_listing(g, &listing(&format!("l{i}")));
            assert!(c.listings.len() <= MAX_LISTINGS + MAX_LISTINGS / 8, "{} listings kept", c.listings.len());
            if i % 100 == 0 {
                assert!(c.listing("hot").is_some(), "the hot listing was let go after {i}");
            }
        }
        assert!(c.listings.len() >= MAX_LISTINGS * 3 / 4, "only {} listings kept", c.listings.len());
    }

    #[test]
    fn a_change_empties_the_cache() {
        let c = Changes::default();
        let g = c.current();
        c.keep_listing(g, &listing("a"));
        assert!(c.listing("a").is_some());
        c.bump();
        assert!(c.listing("a").is_none());
    }

    #[test]
    fn an_answer_read_before_a_change_is_not_kept() {
        let c = Changes::default();
        let g = c.current();
        c.bump();
        c.keep_listing(g, &listing("a"));
        c.keep_page(g, "p".into(), &pb::ListListingsResponse::default());
        assert!(c.listing("a").is_none());
        assert!(c.page("p").is_none());
    }

    #[tokio::test]
    async fn subscribers_hear_every_bump() {
        let c = Changes::default();
        let mut rx = c.subscribe();
        let first = *rx.borrow_and_update();
        c.bump();
        rx.changed().await.unwrap();
        assert_eq!(*rx.borrow(), first + 1);
    }
}
