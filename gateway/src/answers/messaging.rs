//! messaging-svc's records: a message to Mtaani's team.

use mtaani_proto::messaging::v1 as pb;
use serde::Serialize;

use super::iso8601;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContactMessage)]
pub struct ContactMessageJson {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub subject: String,
    pub message: String,
    /// `new` or `answered`.
    #[schema(value_type = crate::routes::doc::MessageStatus)]
    pub status: String,
    pub created_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replied_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replied_by: Option<String>,
}

impl From<pb::ContactMessage> for ContactMessageJson {
    fn from(m: pb::ContactMessage) -> Self {
        Self {
            id: m.id,
            name: m.name,
            email: m.email,
            phone: m.phone,
            subject: m.subject,
            message: m.message,
            status: m.status,
            created_at: iso8601(m.created_at),
            reply: (!m.reply.is_empty()).then_some(m.reply),
            replied_at: (m.replied_at > 0).then(|| iso8601(m.replied_at)),
            replied_by: (!m.replied_by.is_empty()).then_some(m.replied_by),
        }
    }
}
