-- The sender reads the pending e-mails oldest first (`WHERE status = 'pending' ... ORDER BY
-- created_at LIMIT 20`). With only the (status, next_attempt_at) index it sorted every pending row
-- at each pass: thousands after a burst of bookings, so the sender fell further behind the more it
-- had to do. This index hands them over in order and stops at 20.
CREATE INDEX outbox_pending ON outbox (created_at) WHERE status = 'pending';
