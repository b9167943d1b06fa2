-- Moderation (issue 16). A listing is shown to the public (visible) when its seller's subscription
-- lets it (seller_visible, set by accounts-svc) and no operator took it down (admin_hidden): the two
-- are kept apart so that a renewed subscription never brings back a listing an operator hid, and a
-- restore never shows a listing of a lapsed or suspended seller.
ALTER TABLE listings ADD COLUMN seller_visible BIGINT NOT NULL DEFAULT 1;
UPDATE listings SET seller_visible = visible;
ALTER TABLE listings ADD COLUMN admin_hidden BIGINT NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN hidden_reason TEXT;
ALTER TABLE listings ADD COLUMN hidden_at BIGINT;

-- Reports by anyone; an operator closes each one by hiding the listing or dismissing the report.
CREATE TABLE reports (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    target_id TEXT NOT NULL,
    reason TEXT NOT NULL,
    details TEXT NOT NULL,
    status TEXT NOT NULL,
    resolution TEXT,
    created_at BIGINT NOT NULL,
    closed_at BIGINT
);
CREATE INDEX reports_status ON reports (status, created_at);
CREATE INDEX reports_target ON reports (kind, target_id, status);

-- Every operator action, in the same transaction as the action (append-only).
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

-- The e-mails catalog-svc sends (a seller told why a listing was taken down), stored with the change
-- and handed to messaging-svc by mtaani_proto::outbox.
CREATE TABLE notification_outbox (
    id TEXT PRIMARY KEY,
    payload TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    sent_at BIGINT,
    last_error TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX notification_outbox_due ON notification_outbox (sent_at, next_attempt_at);
