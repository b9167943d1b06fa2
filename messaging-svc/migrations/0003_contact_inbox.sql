-- The operators' contact inbox (issue 16): each message is new until an operator answers it; the reply
-- is kept with it. Every operator action is written to an append-only audit log in the same
-- transaction as the action.
ALTER TABLE contact_messages ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
ALTER TABLE contact_messages ADD COLUMN reply TEXT;
ALTER TABLE contact_messages ADD COLUMN replied_at BIGINT;
ALTER TABLE contact_messages ADD COLUMN replied_by TEXT;
CREATE INDEX contact_messages_inbox ON contact_messages (status, created_at);
CREATE INDEX contact_messages_email ON contact_messages (email);

CREATE TABLE admin_audit (
    id TEXT PRIMARY KEY,
    at BIGINT NOT NULL,
    admin_id TEXT NOT NULL,
    admin_name TEXT NOT NULL,
    action TEXT NOT NULL,
    target_kind TEXT NOT NULL,
    target_id TEXT NOT NULL,
    reason TEXT NOT NULL
);
CREATE INDEX admin_audit_at ON admin_audit (at);
