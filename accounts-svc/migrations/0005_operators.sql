-- The operators (issue 16). An admin is a user with a row here: users.account_type keeps its
-- original CHECK (buyer, seller), which SQLite cannot alter in place, and the role is read from this
-- table wherever a user is loaded. Admins are created from the command line only.
CREATE TABLE admins (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    -- RFC 6238 shared secret, base32 (the authenticator app holds the same)
    totp_secret TEXT NOT NULL,
    -- the last 30-second step a code was accepted for: a code works once
    totp_last_step BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

-- A suspended seller's listings are hidden and they cannot post until an operator lifts it.
ALTER TABLE users ADD COLUMN suspended_at BIGINT;
ALTER TABLE users ADD COLUMN suspended_reason TEXT;
-- A closed account: the row stays (payments still point at it) with no name, e-mail or phone.
ALTER TABLE users ADD COLUMN deleted_at BIGINT;

-- Every operator action here, written in the same transaction as the action (append-only).
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

-- A closed account's data in the other services (listings and photos, bookings, contact messages),
-- removed in steps (a bit each) and retried until every step is done; the e-mail is kept only until
-- then, to find the contact messages sent with it.
CREATE TABLE account_deletions (
    user_id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    seller BIGINT NOT NULL,
    steps_done BIGINT NOT NULL DEFAULT 0,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    done_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX account_deletions_due ON account_deletions (done_at, next_attempt_at);
