-- The queues' workers read the rows they are told of by primary key and sweep in created_at order
-- (mtaani_runtime::outbox::Hints). These indexes served the scans of before and are written on every
-- insert and every hand-over (sent_at is in them, so no update of a row could be HOT): gone. The
-- sweep of provider notices uses a partial index of the waiting ones, as the outbox's does.
DROP INDEX notification_outbox_due;
DROP INDEX provider_notices_due;
CREATE INDEX provider_notices_waiting ON provider_notices (created_at) WHERE sent_at IS NULL;
