-- A notification's e-mail is stored as it was asked for (the request, protobuf in base64: about half
-- a kilobyte) and rendered when it is sent, not rendered at once and stored as its text and HTML
-- (several kilobytes, compressed out of line by PostgreSQL at every insert, read back and copied
-- again when the row is marked sent): under a burst of bookings the bodies were a third of the
-- database's work for this service. Rows with a request leave text_body and html_body empty; the
-- contact inbox's e-mails (acknowledgement, copy, reply) are still stored rendered.
ALTER TABLE outbox ADD COLUMN request TEXT;
