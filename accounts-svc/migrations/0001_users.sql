-- People and their seller subscriptions. Portable SQL for SQLite and PostgreSQL.
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    user_name TEXT NOT NULL,
    email TEXT NOT NULL,
    -- lower-cased e-mail: one account per address, compared case-insensitively
    email_key TEXT NOT NULL UNIQUE,
    phone_number TEXT NOT NULL,
    account_type TEXT NOT NULL CHECK (account_type IN ('buyer', 'seller')),
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE subscriptions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    package_id TEXT NOT NULL,
    status TEXT NOT NULL,
    paid_until BIGINT NOT NULL DEFAULT 0,
    pending_package_id TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
