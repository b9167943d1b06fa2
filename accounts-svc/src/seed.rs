//! Demo seller accounts for the demo marketplace (`mtaani_proto::demo::SELLERS`, whose listings
//! catalog-svc seeds).
//! They sign in with their e-mail and the password in [`DEMO_PASSWORD`].

use mtaani_proto::demo::SELLERS;
use mtaani_runtime::{
    audit::{Actor, Event},
    db::AnyPool,
};

use crate::{error::Result, password, store};

/// Shared by every demo account; documented in the README. Demo data only.
pub const DEMO_PASSWORD: &str = "mtaani-demo";

/// Creates the demo sellers when there are no users yet; their subscriptions run a year from now.
pub async fn run_if_empty(pool: &AnyPool) -> Result<usize> {
    if store::users::count(pool).await? > 0 {
        return Ok(0);
    }
    // One hash serves every demo account: hashing six times would only slow the first start.
    let phc = password::hash(DEMO_PASSWORD.to_owned()).await?;
    let now = crate::now();
    let mut tx = pool.begin().await?;
    for seller in SELLERS {
        let (id, name, email, phone, package) = (seller.id, seller.name, seller.email, seller.phone, seller.package);
        store::users::create_demo_seller(&mut tx, id, name, email, phone, &phc, now).await?;
        // A year paid: the demo marketplace stays visible however long a dev run lasts.
        store::subscriptions::create_active(&mut tx, id, package, now + 365 * 86_400, now).await?;
        // The operators' log starts as a real one would, with each seller's registration (a demo
        // package has no payment of its own to log).
        let event =
            Event { seller_id: id, ..Event::new(Actor::seller(id, name), "seller.register", ("seller", id, name)) };
        mtaani_runtime::audit::record(&mut tx, &event, now).await?;
    }
    tx.commit().await?;
    tracing::info!(sellers = SELLERS.len(), "demo seller accounts created");
    Ok(SELLERS.len())
}
