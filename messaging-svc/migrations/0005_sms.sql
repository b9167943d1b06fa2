-- SMS beside e-mail (issue 22): each SMS is stored with the e-mail it goes with and sent by its own
-- sender through Africa's Talking (or written to a folder in the embedded run). A row is claimed
-- ('sending') before the call and marked 'sent' right after it, so two senders never send it twice.
-- link_code is the short link the text carries (/s/{code}); link_path is where it leads.
CREATE TABLE sms_outbox (
    id TEXT PRIMARY KEY,
    idempotency_key TEXT UNIQUE,
    kind TEXT NOT NULL,
    to_phone TEXT NOT NULL,
    body TEXT NOT NULL,
    link_code TEXT UNIQUE,
    link_path TEXT,
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    claimed_at BIGINT,
    last_error TEXT,
    provider_message_id TEXT,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);
CREATE INDEX sms_outbox_pending ON sms_outbox (created_at) WHERE status = 'pending';
CREATE INDEX sms_outbox_sending ON sms_outbox (claimed_at) WHERE status = 'sending';

-- Numbers that replied STOP: no SMS goes to them again.
CREATE TABLE sms_optouts (
    phone TEXT PRIMARY KEY,
    at BIGINT NOT NULL
);
