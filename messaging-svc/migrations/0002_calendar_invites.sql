-- An e-mail about a booking's time carries a calendar invite (text/calendar), sent as an attachment.
ALTER TABLE outbox ADD COLUMN calendar TEXT;
