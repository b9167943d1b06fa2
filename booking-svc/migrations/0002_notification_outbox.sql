-- Notifications to providers and customers, stored with the change that caused them and handed to
-- messaging-svc by the forwarder (mtaani_proto::outbox).
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
