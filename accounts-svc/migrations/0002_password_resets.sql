-- Single-use password reset tokens (only their SHA-256 is stored) and the outbox of notifications
-- waiting to be handed to messaging-svc.
CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    created_at BIGINT NOT NULL
);

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
