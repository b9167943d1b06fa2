//! Serving a tonic service the same way everywhere: `grpc.health.v1` reporting SERVING, request
//! logs, TCP_NODELAY, and graceful shutdown that lets in-flight calls finish.

use std::{
    convert::Infallible,
    future::Future,
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

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

/// How long a stopping server goes on taking new calls after it reports NOT_SERVING, in
/// milliseconds (0: it stops taking them at once). See [`set_linger`].
static LINGER_MS: AtomicU64 = AtomicU64::new(0);

/// Sets how long, after the shutdown signal, this process's gRPC servers still take new calls while
/// they report NOT_SERVING (the service binaries: `SHUTDOWN_LINGER_MS`, `config::linger`). A caller
/// that has already accepted a request (the gateway reading a photo upload, say) may pass it on a
/// moment after the signal: while the server lingers the call is served, where a closed listener
/// would refuse it and the customer would get a 503 for a request that was theirs in time. It also
/// covers the seconds Kubernetes takes to drop a terminating pod from its Service, which a preStop
/// sleep would cover if distroless had a shell. The all-in-one run and the tests leave it at 0:
/// there the gateway drains first.
pub fn set_linger(linger: Duration) {
    LINGER_MS.store(linger.as_millis() as u64, Ordering::Relaxed);
}

/// Waits for `shutdown`, marks `S` NOT_SERVING so load balancers stop sending new calls, and keeps
/// taking calls for the linger (see [`set_linger`]) before the server stops taking them.
async fn drain_on<S: NamedService>(reporter: HealthReporter, shutdown: impl Future<Output = ()>) {
    shutdown.await;
    reporter.set_not_serving::<S>().await;
    let linger = LINGER_MS.load(Ordering::Relaxed);
    if linger > 0 {
        tracing::info!(service = S::NAME, linger_ms = linger, "stopping: NOT_SERVING, still taking calls for a moment");
        tokio::time::sleep(Duration::from_millis(linger)).await;
    }
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
