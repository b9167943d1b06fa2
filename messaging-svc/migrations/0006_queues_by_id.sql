-- The senders read the e-mails they are told of by primary key and sweep with outbox_pending
-- (mtaani_runtime::outbox::Hints); this index served the scans of before and is written on every
-- insert and every status change: gone.
DROP INDEX outbox_due;
