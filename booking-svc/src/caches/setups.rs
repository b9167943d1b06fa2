//! Providers' setups (their working plan and their team), kept: the booking dialog reads one at every
//! tap and every booking needs one, and a provider changes theirs rarely. Keeping them leaves a day's
//! read one index range of `time_holds` and a booking without a team one statement, where reading
//! them would mean asking the database for the plan and the team and parsing both again each time.
//!
//! Every change of a plan or a team moves the cache's generation on (see [`crate::caches::generation`]):
//! a change made here right after its commit; on PostgreSQL, other replicas' changes when their
//! `NOTIFY` arrives (`mtaani_runtime::changes`, a few milliseconds), and nothing is kept while the
//! listening connection is down. A booking without a team checks in its own statement that the kept
//! plan is still the stored one and that the provider still has no team (`store::book_at_once`), so
//! it is never booked on a stale setup; a team's booking takes the team as last heard of (a member's
//! seat is the database's to keep either way); the other writes read the setup afresh.

use std::sync::Arc;

use sqlx::AnyPool;

use crate::{
    caches::generation::GenerationCache,
    rules::{members::Member, plan::Plan},
    store,
};

/// Providers whose setups are kept (a plan is a few hundred bytes, a member as much again).
const KEPT_SETUPS: usize = 20_000;

/// A provider's setup as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub plan: Plan,
    /// The plan's row as stored (`None`: the default plan, no row), what `store::book_at_once` compares.
    pub stored_plan: Option<String>,
    /// Their team's members who were not removed, in the team's order.
    pub team: Vec<Member>,
}

#[derive(Clone, Debug)]
/// Providers' setups, kept while their changes are heard.
pub struct Setups {
    cache: GenerationCache<Arc<Setup>>,
    /// PostgreSQL: the channel the replicas tell each other about changes on.
    channel: Option<String>,
}

impl Setups {
    /// Setups of one process on its own database (SQLite): its own changes are all there are.
    pub fn alone() -> Self {
        let cache = GenerationCache::new(KEPT_SETUPS);
        cache.change_heard(true);
        Self { cache, channel: None }
    }

    /// Setups of a replica among others on PostgreSQL at `url`, schema `schema`: kept while it hears
    /// their changes.
    pub fn shared(url: &str, schema: &str) -> Self {
        let cache = GenerationCache::new(KEPT_SETUPS);
        let channel = mtaani_runtime::changes::channel("booking", schema);
        let heard = cache.clone();
        mtaani_runtime::changes::spawn_listener(url.to_owned(), channel.clone(), move |live| heard.change_heard(live));
        Self { cache, channel: Some(channel) }
    }

    /// `seller_id`'s setup: kept, or read (and kept).
    pub async fn get(&self, pool: &AnyPool, seller_id: &str) -> Result<Arc<Setup>, sqlx::Error> {
        self.cache.get_or_read(seller_id.to_owned(), Self::read(pool, seller_id)).await
    }

    /// `seller_id`'s setup as stored now.
    pub async fn read(pool: &AnyPool, seller_id: &str) -> Result<Arc<Setup>, sqlx::Error> {
        let (plan, stored_plan) = store::stored_plan(pool, seller_id).await?;
        let team = store::team(pool, seller_id).await?;
        Ok(Arc::new(Setup { plan, stored_plan, team }))
    }

    /// A plan or a team was changed here (committed): nothing kept here or in the other replicas
    /// outlives it.
    pub async fn changed(&self, pool: &AnyPool) {
        self.cache.changed_here();
        if let Some(channel) = &self.channel
            && let Err(e) = mtaani_runtime::changes::notify(pool, channel).await
        {
            tracing::warn!(error = %e, "setups: cannot tell the other replicas of a change");
        }
    }
}
