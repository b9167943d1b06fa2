-- Seller payments by M-Pesa (STK push), and what the subscription checks remember.
CREATE TABLE payments (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- registration | renewal | upgrade
    purpose TEXT NOT NULL,
    package_id TEXT NOT NULL,
    amount BIGINT NOT NULL,
    phone_number TEXT NOT NULL,
    -- pending | succeeded | failed
    status TEXT NOT NULL,
    -- daraja | simulated
    provider TEXT NOT NULL,
    merchant_request_id TEXT,
    -- Daraja's id for the push; callbacks are matched on it
    checkout_request_id TEXT UNIQUE,
    result_code BIGINT,
    message TEXT NOT NULL DEFAULT '',
    -- one receipt credits one payment
    mpesa_receipt TEXT UNIQUE,
    idempotency_key TEXT UNIQUE,
    created_at BIGINT NOT NULL,
    completed_at BIGINT,
    -- when to ask Daraja's STK query if no callback came
    next_query_at BIGINT,
    query_attempts BIGINT NOT NULL DEFAULT 0
);

CREATE INDEX payments_user ON payments (user_id, created_at);
CREATE INDEX payments_pending ON payments (status, next_query_at);

-- The paid_until a renewal reminder was sent for, and whether catalog-svc shows the seller's listings.
ALTER TABLE subscriptions ADD COLUMN reminded_for BIGINT NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN listings_visible BIGINT NOT NULL DEFAULT 1;
