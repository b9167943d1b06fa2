//! booking-svc's neighbours faked at the contract: catalog-svc, accounts-svc and messaging-svc as
//! gRPC servers on loopback that answer the calls booking-svc makes (the contract's default answer,
//! UNIMPLEMENTED, for the rest), holding their data in memory. booking-svc talks to them with its
//! real clients; what it handed each one is kept for the tests to read. The system tests
//! (gateway/all-in-one/tests/system) run booking-svc with the real services instead.
#![allow(dead_code)] // each test file uses its own part of it

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use mtaani_proto::{
    accounts::v1::{self as acc, accounts_service_server::AccountsService},
    catalog::v1::{self as cat, catalog_service_server::CatalogService},
    messaging::v1::{self as msg, messaging_service_server::MessagingService},
};
use mtaani_runtime::testing::{Running, TestDb};
use tokio::sync::watch;
use tonic::{Request, Response, Status};

pub use booking_svc::testing::{self as calls, Client, Server, Svc};

/// The text a day's `reason` sends (its JSON).
pub fn reason(json: &str) -> mtaani_proto::text::Text {
    let read = serde_json::from_str(json).ok().and_then(|json| mtaani_proto::text::Text::from_json(&json));
    read.unwrap_or_else(|| panic!("a day's reason is a text's JSON: {json:?}"))
}

/// What the test listings say of the way in.
pub const DIRECTIONS: &str = "Upstairs above Naivas, 2nd floor, blue door";

/// catalog-svc: listings by id, the change stream, the review invitations it was handed.
#[derive(Default)]
pub struct Catalog {
    listings: Mutex<HashMap<String, cat::Listing>>,
    generation: Mutex<Option<watch::Sender<u64>>>,
    pub invited: Mutex<Vec<cat::InviteReviewRequest>>,
}

impl Catalog {
    fn changed(&self) {
        if let Some(tx) = self.generation.lock().unwrap().as_ref() {
            tx.send_modify(|g| *g += 1);
        }
    }

    /// Adds or replaces a listing, and tells the followers of the stream.
    pub fn put(&self, listing: cat::Listing) {
        self.listings.lock().unwrap().insert(listing.id.clone(), listing);
        self.changed();
    }

    /// A listing as kept.
    pub fn get(&self, id: &str) -> Option<cat::Listing> {
        self.listings.lock().unwrap().get(id).cloned()
    }

    /// Takes a listing down (hidden or deleted: not found from then on), and tells the followers.
    pub fn remove(&self, id: &str) -> Option<cat::Listing> {
        let gone = self.listings.lock().unwrap().remove(id);
        self.changed();
        gone
    }
}

#[tonic::async_trait]
impl CatalogService for Catalog {
    async fn get_listing(&self, request: Request<cat::GetListingRequest>) -> Result<Response<cat::Listing>, Status> {
        let id = request.into_inner().id;
        let found = self.listings.lock().unwrap().get(&id).cloned();
        found.map(Response::new).ok_or_else(|| Status::not_found("Service not found"))
    }

    async fn list_seller_listings(
        &self,
        request: Request<cat::ListSellerListingsRequest>,
    ) -> Result<Response<cat::ListListingsResponse>, Status> {
        let seller = request.into_inner().seller_id;
        let listings: Vec<cat::Listing> =
            self.listings.lock().unwrap().values().filter(|l| l.seller_id == seller).cloned().collect();
        Ok(Response::new(cat::ListListingsResponse { total: listings.len() as i64, listings, ..Default::default() }))
    }

    async fn watch_changes(
        &self,
        _request: Request<cat::WatchChangesRequest>,
    ) -> Result<Response<tonic::codegen::BoxStream<cat::CatalogChange>>, Status> {
        use futures_util::StreamExt;
        let rx = {
            let mut sender = self.generation.lock().unwrap();
            sender.get_or_insert_with(|| watch::channel(1).0).subscribe()
        };
        let stream = tokio_stream::wrappers::WatchStream::new(rx)
            .map(|generation| Ok(cat::CatalogChange { generation, epoch: "fake".into() }));
        Ok(Response::new(Box::pin(stream)))
    }

    async fn invite_review(
        &self,
        request: Request<cat::InviteReviewRequest>,
    ) -> Result<Response<cat::InviteReviewResponse>, Status> {
        self.invited.lock().unwrap().push(request.into_inner());
        Ok(Response::new(cat::InviteReviewResponse::default()))
    }
}

/// accounts-svc: the providers booking-svc asks about (others are not found, as a closed account).
#[derive(Default)]
pub struct Accounts {
    users: Mutex<HashMap<String, acc::User>>,
}

impl Accounts {
    /// A provider's account, e-mail `{id}@example.com`, in `language`.
    pub fn add_provider(&self, id: &str, language: &str) {
        let user = acc::User {
            id: id.into(),
            user_name: format!("Provider {id}"),
            email: format!("{id}@example.com"),
            phone_number: "+254712345678".into(),
            language: language.into(),
            ..Default::default()
        };
        self.users.lock().unwrap().insert(id.into(), user);
    }
}

#[tonic::async_trait]
impl AccountsService for Accounts {
    async fn get_me(&self, request: Request<acc::GetMeRequest>) -> Result<Response<acc::GetMeResponse>, Status> {
        let id = request.into_inner().user_id;
        let user = self.users.lock().unwrap().get(&id).cloned();
        let user = user.ok_or_else(|| Status::not_found("User not found"))?;
        Ok(Response::new(acc::GetMeResponse { user: Some(user), subscription: None }))
    }
}

/// messaging-svc: every notification handed to it, once per idempotency key (as it keeps them).
#[derive(Default)]
pub struct Messaging {
    pub received: Mutex<Vec<msg::SendNotificationRequest>>,
}

impl Messaging {
    /// Keeps `n` unless its key came before; answers its id (the key's first notification's).
    fn take(&self, n: msg::SendNotificationRequest) -> String {
        let mut received = self.received.lock().unwrap();
        let id = format!("n-{}", n.idempotency_key);
        if n.idempotency_key.is_empty() || !received.iter().any(|r| r.idempotency_key == n.idempotency_key) {
            received.push(n);
        }
        id
    }

    /// The notifications to `to` (an e-mail address or a phone number) so far.
    pub fn to(&self, to: &str) -> Vec<msg::SendNotificationRequest> {
        self.received.lock().unwrap().iter().filter(|n| n.to_email == to || n.to_phone == to).cloned().collect()
    }
}

#[tonic::async_trait]
impl MessagingService for Messaging {
    async fn send_notification(
        &self,
        request: Request<msg::SendNotificationRequest>,
    ) -> Result<Response<msg::SendNotificationResponse>, Status> {
        let id = self.take(request.into_inner());
        Ok(Response::new(msg::SendNotificationResponse { id }))
    }

    async fn send_notifications(
        &self,
        request: Request<msg::SendNotificationsRequest>,
    ) -> Result<Response<msg::SendNotificationsResponse>, Status> {
        let ids: Vec<String> = request.into_inner().notifications.into_iter().map(|n| self.take(n)).collect();
        let errors = vec![String::new(); ids.len()];
        Ok(Response::new(msg::SendNotificationsResponse { ids, errors }))
    }
}

/// The three fakes, each serving on a loopback port of its own.
pub struct Others {
    pub catalog: Arc<Catalog>,
    pub accounts: Arc<Accounts>,
    pub messaging: Arc<Messaging>,
    servers: Vec<Server>,
    addrs: [String; 3],
}

async fn serve<S>(service: S) -> Server
where
    S: tower::Service<
            http::Request<tonic::body::Body>,
            Response = http::Response<tonic::body::Body>,
            Error = std::convert::Infallible,
        > + tonic::server::NamedService
        + Clone
        + Send
        + Sync
        + 'static,
    S::Future: Send + 'static,
{
    Running::start(None, |listener, stop| {
        tonic::transport::Server::builder()
            .add_service(service)
            .serve_with_incoming_shutdown(tokio_stream::wrappers::TcpListenerStream::new(listener), stop)
    })
    .await
}

pub async fn start_others() -> Others {
    use mtaani_proto::{
        accounts::v1::accounts_service_server::AccountsServiceServer,
        catalog::v1::catalog_service_server::CatalogServiceServer,
        messaging::v1::messaging_service_server::MessagingServiceServer,
    };
    let (catalog, accounts, messaging) = <(Arc<Catalog>, Arc<Accounts>, Arc<Messaging>)>::default();
    let servers = vec![
        serve(CatalogServiceServer::from_arc(catalog.clone())).await,
        serve(AccountsServiceServer::from_arc(accounts.clone())).await,
        serve(MessagingServiceServer::from_arc(messaging.clone())).await,
    ];
    let addrs = [0, 1, 2].map(|i| servers[i].addr.to_string());
    Others { catalog, accounts, messaging, servers, addrs }
}

impl Others {
    pub async fn stop(self) {
        // The change stream ends (its sender dropped), so catalog-svc's fake can stop gracefully
        // while a booking-svc still follows it.
        self.catalog.generation.lock().unwrap().take();
        for s in self.servers {
            s.stop().await;
        }
    }
}

/// A listing of `seller` lasting `minutes`, as catalog-svc answers it; its id.
pub async fn listing(others: &Others, seller: &str, minutes: i32) -> String {
    let id = format!("listing-{}", uuid::Uuid::new_v4());
    others.catalog.put(cat::Listing {
        id: id.clone(),
        name: format!("Braids of {minutes} minutes"),
        min_price: 1500,
        max_price: 4500,
        location: "Kilimani, Nairobi".into(),
        phone_number: "+254712345678".into(),
        category: "hair".into(),
        subcategory: "braiding".into(),
        description: "Neat knotless braids that last, gentle on your edges.".into(),
        seller_id: seller.into(),
        visible: true,
        duration_minutes: minutes,
        directions: DIRECTIONS.into(),
        ..Default::default()
    });
    id
}

/// A salon listing of `seller` with a menu: a wash (30 minutes, Ksh 500) and knotless
/// braids (3 hours, Ksh 4,000); its id.
pub async fn menu_listing(others: &Others, seller: &str) -> String {
    let id = listing(others, seller, 60).await;
    let mut l = others.catalog.get(&id).unwrap();
    l.options = vec![
        cat::ListingOption {
            id: "wash".into(),
            name: "Wash and blow-dry".into(),
            price_ksh: 500,
            duration_minutes: 30,
        },
        cat::ListingOption {
            id: "knotless".into(),
            name: "Knotless, shoulder length".into(),
            price_ksh: 4000,
            duration_minutes: 180,
        },
    ];
    others.catalog.put(l);
    id
}

/// booking-svc on `db`, its neighbours these fakes.
pub async fn start_booking(others: &Others, db: &TestDb) -> Svc {
    let [catalog, accounts, messaging] = &others.addrs;
    calls::start_booking_with([catalog, accounts, messaging], db).await
}
