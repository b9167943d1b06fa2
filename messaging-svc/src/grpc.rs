//! The tonic implementation of `messaging.v1.MessagingService`.

use mtaani_proto::messaging::v1::{self as pb, messaging_service_server::MessagingService};
use tonic::{Request, Response, Status};

#[derive(Debug, Clone)]
pub struct Messaging {
    #[allow(dead_code)] // read by the calls that arrive with the Messaging issue
    pub(crate) pool: sqlx::AnyPool,
}

#[tonic::async_trait]
impl MessagingService for Messaging {
    async fn submit_contact_message(
        &self,
        _: Request<pb::SubmitContactMessageRequest>,
    ) -> Result<Response<pb::SubmitContactMessageResponse>, Status> {
        Err(Status::unimplemented(
            "The contact form is not available yet",
        ))
    }

    async fn send_notification(
        &self,
        _: Request<pb::SendNotificationRequest>,
    ) -> Result<Response<pb::SendNotificationResponse>, Status> {
        Err(Status::unimplemented("Notifications are not available yet"))
    }
}
