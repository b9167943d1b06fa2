//! The accounts service's state: the database, the clients of the other services, the payment
//! provider and the settings every part of it reads. Its use cases are implemented beside the parts
//! they belong to (people.rs, lifecycle.rs, payments.rs, rights.rs, admin.rs), on the store's SQL
//! (store/), and grpc.rs answers with them; this module imports none of them.

use mtaani_runtime::outbox::Outbox;

use crate::{clock::Clock, mpesa::Provider};

#[derive(Clone)]
pub struct Accounts {
    pub(crate) pool: sqlx::AnyPool,
    pub(crate) jwt_secret: std::sync::Arc<Vec<u8>>,
    pub(crate) public_base_url: String,
    pub(crate) outbox: Outbox,
    /// Verified against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong
    /// password and answers cannot be told apart by timing.
    pub(crate) decoy_hash: String,
    pub(crate) clock: Clock,
    pub(crate) provider: Provider,
    pub(crate) catalog:
        mtaani_proto::catalog::v1::catalog_service_client::CatalogServiceClient<tonic::transport::Channel>,
    pub(crate) booking:
        mtaani_proto::booking::v1::booking_service_client::BookingServiceClient<tonic::transport::Channel>,
    pub(crate) messaging:
        mtaani_proto::messaging::v1::messaging_service_client::MessagingServiceClient<tonic::transport::Channel>,
    /// `ADMIN_TOTP_REQUIRED`.
    pub(crate) admin_totp_required: bool,
}

impl Accounts {
    /// The clock this service goes by (moved forward in tests).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }
}

impl std::fmt::Debug for Accounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Accounts").finish_non_exhaustive()
    }
}
