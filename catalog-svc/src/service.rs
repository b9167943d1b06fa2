//! catalog-svc's state ([`Catalog`], cloned into each request and the background passes); its use
//! cases are `impl Catalog` blocks in the modules of each area (listings in grpc.rs, photos' link
//! previews in og.rs, moderation, reviews, favourites).

use crate::{changes::Changes, media::MediaStore};

#[derive(Debug, Clone)]
pub struct Catalog {
    pub(crate) pool: sqlx::AnyPool,
    pub(crate) store: MediaStore,
    pub(crate) index: crate::search::SearchIndex,
    pub(crate) changes: Changes,
    /// On PostgreSQL: the channel other replicas listen on for this catalog's writes.
    pub(crate) notify_channel: Option<String>,
    /// E-mails to sellers, stored with the change that causes them.
    pub(crate) outbox: mtaani_runtime::outbox::Outbox,
    pub(crate) public_base_url: String,
}
