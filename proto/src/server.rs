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

/// Keeps the process's memory close to what it uses. glibc gives every thread that allocates its own
/// arena and raises its mmap threshold after large frees, so the 19 MiB of each argon2 hash and the
/// buffers of photo encoding stay resident long after use (hundreds of MB on an idle server). Two
/// arenas and a fixed threshold hand such blocks back to the system when they are freed.
pub fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes allocator parameters; called once at start-up before other threads.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}

/// Hands memory freed after a large, short-lived structure (a rebuilt search index) back to the
/// system instead of keeping the process at its peak.
pub fn trim_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory at the top of glibc's heaps; any thread may call it.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM (Kubernetes, `make` stopping).
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

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
