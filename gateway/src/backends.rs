//! One long-lived gRPC client per service, opened lazily so the gateway starts (and recovers) whether
//! or not a service is up; every call carries a deadline.

use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};

use mtaani_proto::{
    accounts::v1::accounts_service_client::AccountsServiceClient,
    booking::v1::booking_service_client::BookingServiceClient,
    catalog::v1::catalog_service_client::CatalogServiceClient,
    messaging::v1::messaging_service_client::MessagingServiceClient,
};
use tonic::{
    Code, Request, Status,
    transport::{Channel, Endpoint},
};
use tonic_health::pb::{HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient};

use crate::config::BackendAddrs;

#[derive(Debug, Clone)]
pub struct Backends {
    pub accounts: AccountsServiceClient<Resend>,
    pub catalog: CatalogServiceClient<Resend>,
    pub booking: BookingServiceClient<Resend>,
    pub messaging: MessagingServiceClient<Resend>,
    /// catalog-svc on a channel of its own without the calls' deadline: its change stream (which
    /// lives as long as the gateway), and photo uploads, which carry a longer deadline of their own.
    pub catalog_long: CatalogServiceClient<Resend>,
    health: Vec<(&'static str, &'static str, HealthClient<Channel>)>,
    timeout: Duration,
}

fn channel(addr: &str, timeout: Option<Duration>) -> Result<Channel, tonic::transport::Error> {
    let endpoint = Endpoint::from_shared(format!("http://{addr}"))?.connect_timeout(Duration::from_millis(500));
    let endpoint = match timeout {
        Some(t) => endpoint.timeout(t),
        None => endpoint,
    };
    Ok(endpoint
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(30))
        .keep_alive_timeout(Duration::from_secs(10))
        .keep_alive_while_idle(true)
        .connect_lazy())
}

impl Backends {
    pub fn new(addrs: &BackendAddrs, timeout: Duration) -> Result<Self, tonic::transport::Error> {
        let accounts = channel(&addrs.accounts, Some(timeout))?;
        let catalog = channel(&addrs.catalog, Some(timeout))?;
        let booking = channel(&addrs.booking, Some(timeout))?;
        let messaging = channel(&addrs.messaging, Some(timeout))?;
        Ok(Self {
            health: vec![
                ("accounts", "accounts.v1.AccountsService", HealthClient::new(accounts.clone())),
                ("catalog", "catalog.v1.CatalogService", HealthClient::new(catalog.clone())),
                ("booking", "booking.v1.BookingService", HealthClient::new(booking.clone())),
                ("messaging", "messaging.v1.MessagingService", HealthClient::new(messaging.clone())),
            ],
            accounts: AccountsServiceClient::new(Resend(accounts)),
            catalog: CatalogServiceClient::new(Resend(catalog)).max_decoding_message_size(32 << 20),
            booking: BookingServiceClient::new(Resend(booking)),
            messaging: MessagingServiceClient::new(Resend(messaging)),
            catalog_long: CatalogServiceClient::new(Resend(channel(&addrs.catalog, None)?))
                .max_decoding_message_size(32 << 20),
            timeout,
        })
    }

    /// A request carrying the gateway's deadline (sent as `grpc-timeout`, enforced on both sides).
    pub fn request<T>(&self, message: T) -> Request<T> {
        let mut r = Request::new(message);
        r.set_timeout(self.timeout);
        r
    }

    /// A request with photos to decode and re-encode: the usual deadline per photo, plus the usual
    /// one (a listing with three large photos, or queued behind another upload, takes seconds).
    pub fn upload_request<T>(&self, message: T, photos: usize) -> Request<T> {
        let mut r = Request::new(message);
        r.set_timeout(self.timeout * (1 + photos as u32).min(8));
        r
    }

    /// Runs an idempotent read on a clone of `client`, retrying once after a short random pause when
    /// the service was unreachable (a restarting pod, a connection gone stale).
    pub async fn read<C, M, T, F, Fut>(&self, client: &C, message: M, call: F) -> Result<T, Status>
    where
        C: Clone,
        M: Clone,
        F: Fn(C, Request<M>) -> Fut,
        Fut: Future<Output = Result<tonic::Response<T>, Status>>,
    {
        match call(client.clone(), self.request(message.clone())).await {
            Err(s) if s.code() == Code::Unavailable => {
                let pause = 20 + rand::random::<u64>() % 40;
                tokio::time::sleep(Duration::from_millis(pause)).await;
                call(client.clone(), self.request(message)).await.map(tonic::Response::into_inner)
            }
            other => other.map(tonic::Response::into_inner),
        }
    }

    /// Each service's `grpc.health.v1` state, checked concurrently with a short deadline.
    pub async fn health(&self) -> Vec<(&'static str, &'static str)> {
        let checks = self.health.iter().map(|(name, service, client)| {
            let mut client = client.clone();
            async move {
                let mut req = Request::new(HealthCheckRequest { service: (*service).to_owned() });
                req.set_timeout(Duration::from_millis(800));
                let state = match tokio::time::timeout(Duration::from_millis(900), client.check(req)).await {
                    Ok(Ok(r)) if r.get_ref().status == ServingStatus::Serving as i32 => "serving",
                    Ok(Ok(_)) => "not_serving",
                    _ => "unavailable",
                };
                (*name, state)
            }
        });
        futures_util::future::join_all(checks).await
    }
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The channel the calls go through: a call that never reached its service is sent once more on a
/// fresh connection. That is a call whose connection could not be made (a service restarting), or
/// one cancelled before it was written because its connection was closing: a service stopping
/// gracefully sends GOAWAY, and a call racing it is dropped unsent. Repeating such a call is safe
/// whatever it does, write or read; a call that may have reached the service is never repeated here.
#[derive(Debug, Clone)]
pub struct Resend(Channel);

impl tower::Service<http::Request<tonic::body::Body>> for Resend {
    type Response = http::Response<tonic::body::Body>;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, BoxError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        tower::Service::poll_ready(&mut self.0, cx).map_err(Into::into)
    }

    fn call(&mut self, request: http::Request<tonic::body::Body>) -> Self::Future {
        // The channel made ready serves this call; a clone (made ready again) a second one.
        let fresh = self.0.clone();
        let mut ready = std::mem::replace(&mut self.0, fresh);
        Box::pin(async move {
            use http_body_util::BodyExt;
            use tower::ServiceExt;
            // A unary call's body is one encoded message: kept, to be sent again if need be.
            let (parts, body) = request.into_parts();
            let bytes = body.collect().await?.to_bytes();
            let copy = || {
                http::Request::from_parts(
                    parts.clone(),
                    tonic::body::Body::new(http_body_util::Full::new(bytes.clone())),
                )
            };
            let first = tower::Service::call(&mut ready, copy()).await;
            match first {
                Err(e) if never_sent(&e) => {
                    tracing::info!(error = %e, "a call did not reach its service; sending it again");
                    if is_connect_error(&e) {
                        tokio::time::sleep(Duration::from_millis(20 + rand::random::<u64>() % 40)).await;
                    }
                    let again = ready.ready().await?;
                    Ok(tower::Service::call(again, copy()).await?)
                }
                other => Ok(other?),
            }
        })
    }
}

/// The errors in `e`'s chain of sources.
fn chain<'a>(e: &'a (dyn std::error::Error + 'static)) -> impl Iterator<Item = &'a (dyn std::error::Error + 'static)> {
    std::iter::successors(Some(e), |e| e.source())
}

fn is_connect_error(e: &tonic::transport::Error) -> bool {
    chain(e).any(|e| e.is::<tonic::ConnectError>())
}

/// True when the call was never written to a connection: the connection failed, or hyper dropped
/// the call unsent ("operation was canceled") because its connection closed first.
fn never_sent(e: &tonic::transport::Error) -> bool {
    is_connect_error(e) || chain(e).any(|e| e.downcast_ref::<hyper::Error>().is_some_and(hyper::Error::is_canceled))
}
