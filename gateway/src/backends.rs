//! One long-lived gRPC client per service, opened lazily so the gateway starts (and recovers) whether
//! or not a service is up; every call carries a deadline.

use std::{future::Future, time::Duration};

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
    pub accounts: AccountsServiceClient<Channel>,
    pub catalog: CatalogServiceClient<Channel>,
    pub booking: BookingServiceClient<Channel>,
    pub messaging: MessagingServiceClient<Channel>,
    health: Vec<(&'static str, &'static str, HealthClient<Channel>)>,
    timeout: Duration,
}

fn channel(addr: &str, timeout: Duration) -> Result<Channel, tonic::transport::Error> {
    Ok(Endpoint::from_shared(format!("http://{addr}"))?
        .connect_timeout(Duration::from_millis(500))
        .timeout(timeout)
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(30))
        .keep_alive_timeout(Duration::from_secs(10))
        .keep_alive_while_idle(true)
        .connect_lazy())
}

impl Backends {
    pub fn new(addrs: &BackendAddrs, timeout: Duration) -> Result<Self, tonic::transport::Error> {
        let accounts = channel(&addrs.accounts, timeout)?;
        let catalog = channel(&addrs.catalog, timeout)?;
        let booking = channel(&addrs.booking, timeout)?;
        let messaging = channel(&addrs.messaging, timeout)?;
        Ok(Self {
            health: vec![
                ("accounts", "accounts.v1.AccountsService", HealthClient::new(accounts.clone())),
                ("catalog", "catalog.v1.CatalogService", HealthClient::new(catalog.clone())),
                ("booking", "booking.v1.BookingService", HealthClient::new(booking.clone())),
                ("messaging", "messaging.v1.MessagingService", HealthClient::new(messaging.clone())),
            ],
            accounts: AccountsServiceClient::new(accounts),
            catalog: CatalogServiceClient::new(catalog).max_decoding_message_size(32 << 20),
            booking: BookingServiceClient::new(booking),
            messaging: MessagingServiceClient::new(messaging),
            timeout,
        })
    }

    /// A request carrying the gateway's deadline (sent as `grpc-timeout`, enforced on both sides).
    pub fn request<T>(&self, message: T) -> Request<T> {
        let mut r = Request::new(message);
        r.set_timeout(self.timeout);
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
