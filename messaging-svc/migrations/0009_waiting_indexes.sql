-- The senders read the rows they are told of by primary key (`WHERE id IN (…) AND status =
-- 'pending'`) and sweep the waiting ones in order with these partial indexes. With the predicate
-- `status = 'pending'` alone, PostgreSQL also used the partial index for the reads by key (a
-- BitmapAnd with the primary key): after a burst its entries are mostly rows sent since the last
-- vacuum, so reading 20 rows by key scanned 25,000 index entries (1.5 ms instead of 0.1) and those
-- reads were the largest part of the database's work under a burst of bookings. A predicate that
-- only the sweeps imply (their `next_attempt_at <= $1` implies `next_attempt_at IS NOT NULL`, which
-- a read by key does not) keeps the indexes to the sweeps.
DROP INDEX outbox_pending;
CREATE INDEX outbox_pending ON outbox (created_at) WHERE status = 'pending' AND next_attempt_at IS NOT NULL;
DROP INDEX sms_outbox_pending;
CREATE INDEX sms_outbox_pending ON sms_outbox (created_at) WHERE status = 'pending' AND next_attempt_at IS NOT NULL;
