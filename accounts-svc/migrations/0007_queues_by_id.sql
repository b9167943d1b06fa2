-- The outbox's forwarder reads the rows it is told of by primary key and sweeps with
-- notification_outbox_waiting (mtaani_runtime::outbox::Hints); this index served the scans of
-- before and is written on every insert and every hand-over: gone.
DROP INDEX notification_outbox_due;
