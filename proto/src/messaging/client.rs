//! The caller's side of messaging-svc's protocol: a notification as the services store it until it
//! is handed over (its protobuf in base64), and the hand-over itself (one batch call, or one call
//! each to a messaging-svc from before the batch call, during a rolling update).

use std::time::Duration;

use base64::Engine;
use prost::Message;
use tonic::transport::Channel;

use super::v1::{SendNotificationRequest, SendNotificationsRequest, messaging_service_client::MessagingServiceClient};

/// A notification as the services store it (an outbox's payload, a provider notice, a stored
/// e-mail's request): its protobuf in base64.
pub fn encode(notification: &SendNotificationRequest) -> String {
    base64::engine::general_purpose::STANDARD.encode(notification.encode_to_vec())
}

/// A notification stored with [`encode`]; None when unreadable.
pub fn decode(stored: &str) -> Option<SendNotificationRequest> {
    let bytes = base64::engine::general_purpose::STANDARD.decode(stored).ok()?;
    SendNotificationRequest::decode(bytes.as_slice()).ok()
}

/// What became of a hand-over.
#[derive(Debug, Default)]
pub struct HandOver {
    /// Stored by messaging-svc (now or before, under the same key).
    pub delivered: Vec<String>,
    /// Refused for what they are (id, why): retrying cannot help.
    pub refused: Vec<(String, String)>,
    /// Not taken now (id, attempts counted, why): messaging-svc did not answer.
    pub failed: Vec<(String, i64, String)>,
}

/// Hands `pending` (an id of the caller's, attempts so far, notification) over in one call. A
/// messaging-svc from before the batch call (a rolling update) gets them one at a time.
pub async fn hand_over(
    client: &MessagingServiceClient<Channel>,
    pending: Vec<(String, i64, SendNotificationRequest)>,
) -> HandOver {
    let notifications = pending.iter().map(|(_, _, n)| n.clone()).collect();
    let mut request = tonic::Request::new(SendNotificationsRequest { notifications });
    request.set_timeout(Duration::from_secs(5));
    let mut done = HandOver { delivered: Vec::with_capacity(pending.len()), ..HandOver::default() };
    match client.clone().send_notifications(request).await {
        Ok(answer) => {
            let errors = answer.into_inner().errors;
            for (i, (id, _, _)) in pending.into_iter().enumerate() {
                match errors.get(i).filter(|e| !e.is_empty()) {
                    None => done.delivered.push(id),
                    Some(e) => done.refused.push((id, e.clone())),
                }
            }
        }
        Err(status) if status.code() == tonic::Code::Unimplemented => {
            let mut sends = tokio::task::JoinSet::new();
            for (id, attempts, notification) in pending {
                let mut request = tonic::Request::new(notification);
                request.set_timeout(Duration::from_secs(5));
                let mut client = client.clone();
                sends.spawn(async move { (id, attempts, client.send_notification(request).await.err()) });
            }
            while let Some(sent) = sends.join_next().await {
                match sent {
                    Ok((id, _, None)) => done.delivered.push(id),
                    Ok((id, _, Some(status))) if status.code() == tonic::Code::InvalidArgument => {
                        done.refused.push((id, status.message().to_owned()))
                    }
                    Ok((id, attempts, Some(status))) => {
                        done.failed.push((id, attempts + 1, status.message().to_owned()))
                    }
                    Err(e) => tracing::error!(error = %e, "notification outbox: a hand-over task failed"),
                }
            }
        }
        Err(status) => {
            let message = format!("{:?}: {}", status.code(), status.message());
            done.failed.extend(pending.into_iter().map(|(id, attempts, _)| (id, attempts + 1, message.clone())));
        }
    }
    done
}
