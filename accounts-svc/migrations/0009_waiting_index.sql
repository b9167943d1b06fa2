-- As booking-svc's migration 0008: the forwarder reads the rows it is told of by primary key, and
-- only its sweep (`next_attempt_at <= $1`, which implies `next_attempt_at IS NOT NULL`) should use
-- the partial index of waiting rows; with `sent_at IS NULL` alone PostgreSQL also used it for the
-- reads by key, scanning every entry left by rows handed over since the last vacuum.
DROP INDEX notification_outbox_waiting;
CREATE INDEX notification_outbox_waiting ON notification_outbox (created_at)
    WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL;
