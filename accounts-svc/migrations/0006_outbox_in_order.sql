-- The forwarder reads the waiting notifications oldest first (`WHERE sent_at IS NULL ... ORDER BY
-- created_at LIMIT 20`). With only the (sent_at, next_attempt_at) index it sorted every waiting row
-- at each pass: thousands after a burst of sign-ups and payments, so the forwarder fell further behind the more
-- it had to do. This index hands them over in order and stops at 20.
CREATE INDEX notification_outbox_waiting ON notification_outbox (created_at) WHERE sent_at IS NULL;
