//! Serving a tonic service the same way everywhere: `grpc.health.v1` reporting SERVING, request
//! logs, TCP_NODELAY, and graceful shutdown that lets in-flight calls finish.

use std::{convert::Infallible, future::Future, time::Duration};

use tokio::net::TcpListener;
use tonic::{
    body::Body,
    codegen::{Service, http},
    server::NamedService,
    transport::Server,
};
use tonic_health::server::HealthReporter;

pub use tonic_health::ServingStatus;

/// A server builder with the settings every Mtaani service uses.
pub fn builder() -> Server {
    Server::builder()
        .tcp_nodelay(true)
        .http2_keepalive_interval(Some(Duration::from_secs(30)))
        .timeout(Duration::from_secs(30))
}

/// The health service, already reporting `S` as SERVING.
async fn health<S: NamedService>()
-> (HealthReporter, tonic_health::pb::health_server::HealthServer<impl tonic_health::pb::health_server::Health>) {
    let (reporter, service) = tonic_health::server::health_reporter();
    reporter.set_serving::<S>().await;
    (reporter, service)
}

/// Accepts connections from `listener` with TCP_NODELAY set.
fn incoming(listener: TcpListener) -> tonic::transport::server::TcpIncoming {
    tonic::transport::server::TcpIncoming::from(listener).with_nodelay(Some(true))
}

/// Waits for `shutdown`, then marks `S` NOT_SERVING so load balancers stop sending new calls.
async fn drain_on<S: NamedService>(reporter: HealthReporter, shutdown: impl Future<Output = ()>) {
    shutdown.await;
    reporter.set_not_serving::<S>().await;
}

/// Serves `service` and `grpc.health.v1` on `listener` until `shutdown`, then stops taking calls and
/// lets the ones in flight finish.
pub async fn serve<S>(
    service: S,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), tonic::transport::Error>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>, Error = Infallible>
        + NamedService
        + Clone
        + Send
        + Sync
        + 'static,
    S::Future: Send + 'static,
{
    let (reporter, health) = health::<S>().await;
    tracing::info!(service = S::NAME, addr = ?listener.local_addr().ok(), "gRPC server listening");
    builder()
        .add_service(health)
        .add_service(service)
        .serve_with_incoming_shutdown(incoming(listener), drain_on::<S>(reporter, shutdown))
        .await
}
