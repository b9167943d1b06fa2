//! The tonic implementation of `messaging.v1.MessagingService` on the use cases of service.rs.
//!
//! Each call's message is handed to its use case and the answer turned back into the contract's
//! message, a refusal into a status; the rules and the storing are the use cases' own.

use mtaani_proto::{
    messaging::v1::{self as pb, messaging_service_server::MessagingService},
    status::{self, ErrorCode},
};
use tonic::{Request, Response, Status};

use crate::{contact::ContactRow, error::Error, service::Messaging};

/// A refusal as the status the gateway reads: its code, and its text by code (the gateway writes it
/// in the reader's language); a fault of ours is logged here and answered without details.
impl From<Error> for Status {
    fn from(err: Error) -> Self {
        let (code, reason) = (err.grpc_code(), err.code());
        match err {
            Error::Invalid(v) => v.into_status(code, reason),
            Error::Unavailable(ref e) => {
                tracing::error!(error = %e, "messaging database unavailable");
                status::fixed(code, ErrorCode::Unavailable)
            }
            Error::Internal(ref e) => {
                tracing::error!(error = %e, "messaging database error");
                status::fixed(code, ErrorCode::Internal)
            }
            refused => status::refusal(code, reason, refused.text()),
        }
    }
}

impl From<ContactRow> for pb::ContactMessage {
    fn from(m: ContactRow) -> Self {
        Self {
            id: m.id,
            name: m.name,
            email: m.email,
            phone: m.phone,
            subject: m.subject,
            message: m.message,
            status: m.status,
            created_at: m.created_at,
            reply: m.reply.unwrap_or_default(),
            replied_at: m.replied_at.unwrap_or_default(),
            replied_by: m.replied_by.unwrap_or_default(),
        }
    }
}

#[tonic::async_trait]
impl MessagingService for Messaging {
    async fn submit_contact_message(
        &self,
        request: Request<pb::SubmitContactMessageRequest>,
    ) -> Result<Response<pb::SubmitContactMessageResponse>, Status> {
        let id = self.submit_contact(&request.into_inner()).await?;
        Ok(Response::new(pb::SubmitContactMessageResponse { id }))
    }

    async fn send_notification(
        &self,
        request: Request<pb::SendNotificationRequest>,
    ) -> Result<Response<pb::SendNotificationResponse>, Status> {
        let id = self.notify(&request.into_inner()).await?;
        Ok(Response::new(pb::SendNotificationResponse { id }))
    }

    async fn send_notifications(
        &self,
        request: Request<pb::SendNotificationsRequest>,
    ) -> Result<Response<pb::SendNotificationsResponse>, Status> {
        let answers = self.notify_all(&request.into_inner().notifications).await?;
        // The contract pairs the two lists by position: a refused notification has no id, a stored one no error.
        let (ids, errors) = answers
            .into_iter()
            .map(|answer| match answer {
                Ok(id) => (id, String::new()),
                Err(why) => (String::new(), why),
            })
            .unzip();
        Ok(Response::new(pb::SendNotificationsResponse { ids, errors }))
    }

    async fn list_contact_messages(
        &self,
        request: Request<pb::ListContactMessagesRequest>,
    ) -> Result<Response<pb::ListContactMessagesResponse>, Status> {
        let r = request.into_inner();
        let (messages, total) = self.contact_messages(&r.status, r.limit, r.offset).await?;
        Ok(Response::new(pb::ListContactMessagesResponse {
            messages: messages.into_iter().map(Into::into).collect(),
            total,
        }))
    }

    async fn reply_to_contact_message(
        &self,
        request: Request<pb::ReplyRequest>,
    ) -> Result<Response<pb::ContactMessage>, Status> {
        let r = request.into_inner();
        let answered = self.reply(&r.id, &r.message, (&r.admin_id, &r.admin_name)).await?;
        Ok(Response::new(answered.into()))
    }

    async fn list_audit(
        &self,
        request: Request<pb::ListAuditRequest>,
    ) -> Result<Response<pb::ListAuditResponse>, Status> {
        let r = request.into_inner();
        let filter = mtaani_runtime::audit::Filter { kind: r.kind, seller_id: r.seller_id };
        let (entries, total) = self.audit(&filter, r.limit, r.offset).await?;
        Ok(Response::new(pb::ListAuditResponse { entries: entries.into_iter().map(Into::into).collect(), total }))
    }

    async fn contact_messages_of(
        &self,
        request: Request<pb::ContactMessagesOfRequest>,
    ) -> Result<Response<pb::ListContactMessagesResponse>, Status> {
        let messages: Vec<pb::ContactMessage> =
            self.contact_messages_from(&request.into_inner().email).await?.into_iter().map(Into::into).collect();
        let total = messages.len() as i64;
        Ok(Response::new(pb::ListContactMessagesResponse { messages, total }))
    }

    async fn forget_contact_messages(
        &self,
        request: Request<pb::ContactMessagesOfRequest>,
    ) -> Result<Response<pb::ForgetContactMessagesResponse>, Status> {
        let forgotten = self.forget_messages_from(&request.into_inner().email).await?;
        Ok(Response::new(pb::ForgetContactMessagesResponse { forgotten: forgotten as i64 }))
    }

    async fn resolve_short_link(
        &self,
        request: Request<pb::ResolveShortLinkRequest>,
    ) -> Result<Response<pb::ResolveShortLinkResponse>, Status> {
        let path = self.short_link(&request.into_inner().code).await?;
        Ok(Response::new(pb::ResolveShortLinkResponse { path }))
    }

    async fn opt_out_sms(
        &self,
        request: Request<pb::OptOutSmsRequest>,
    ) -> Result<Response<pb::OptOutSmsResponse>, Status> {
        self.opt_out(&request.into_inner().phone).await?;
        Ok(Response::new(pb::OptOutSmsResponse { opted_out: true }))
    }

    async fn render_invite(
        &self,
        request: Request<pb::RenderInviteRequest>,
    ) -> Result<Response<pb::RenderInviteResponse>, Status> {
        let calendar = crate::service::calendar_invite(&request.into_inner())?;
        Ok(Response::new(pb::RenderInviteResponse { calendar }))
    }
}
