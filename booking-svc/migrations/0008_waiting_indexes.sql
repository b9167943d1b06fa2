-- The workers read the rows they are told of by primary key (`WHERE id IN (…) AND sent_at IS NULL`)
-- and sweep the waiting ones in order with these partial indexes. With the predicate `sent_at IS
-- NULL` alone, PostgreSQL also used the partial index for the reads and claims by key (a BitmapAnd
-- with the primary key): after a burst its entries are mostly rows handed over since the last
-- vacuum, so each read of a pass scanned thousands of index entries. A predicate that only the
-- sweeps imply keeps the indexes to them: the outbox's sweep says `next_attempt_at <= $1` (which
-- implies `next_attempt_at IS NOT NULL`), the notices' sweep says `created_at IS NOT NULL`.
DROP INDEX notification_outbox_waiting;
CREATE INDEX notification_outbox_waiting ON notification_outbox (created_at)
    WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL;
DROP INDEX provider_notices_waiting;
CREATE INDEX provider_notices_waiting ON provider_notices (created_at) WHERE sent_at IS NULL AND created_at IS NOT NULL;
