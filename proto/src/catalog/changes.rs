//! The client's side of catalog-svc's change stream (`WatchChanges`), for the caches of other
//! processes: the gateway's catalog answers, booking-svc's listings. The stream's first message is the current
//! state and each later one a change; a cache is right only while subscribed, so the caller hears
//! `true` at every message (from the first on: live, and whatever it kept is stale) and `false` when
//! the stream breaks (off until subscribed again).

use std::time::Duration;

use super::v1::{WatchChangesRequest, catalog_service_client::CatalogServiceClient};
use tonic::{
    body::Body,
    client::GrpcService,
    codegen::{Bytes, StdError},
};

/// Follows the stream for as long as the process runs, subscribing again (after a short, growing
/// pause) whenever it breaks. `client`'s channel must carry no deadline of its own: the stream lives
/// as long as the process.
pub fn follow<T>(
    client: CatalogServiceClient<T>,
    on_message: impl Fn(bool) + Send + 'static,
) -> tokio::task::JoinHandle<()>
where
    T: GrpcService<Body> + Clone + Send + 'static,
    T::Future: Send,
    T::Error: Into<StdError>,
    T::ResponseBody: tonic::codegen::Body<Data = Bytes> + Send + 'static,
    <T::ResponseBody as tonic::codegen::Body>::Error: Into<StdError> + Send,
{
    tokio::spawn(async move {
        let mut pause = Duration::from_millis(100);
        loop {
            match client.clone().watch_changes(WatchChangesRequest {}).await {
                Ok(stream) => {
                    let mut stream = stream.into_inner();
                    loop {
                        match stream.message().await {
                            Ok(Some(_change)) => {
                                on_message(true);
                                pause = Duration::from_millis(100);
                            }
                            Ok(None) => break,
                            Err(status) => {
                                tracing::debug!(%status, "catalog changes: stream ended");
                                break;
                            }
                        }
                    }
                }
                Err(status) => tracing::debug!(%status, "catalog changes: cannot subscribe"),
            }
            on_message(false);
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(Duration::from_secs(2));
        }
    })
}
