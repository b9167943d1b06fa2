-- Kiswahili (issue 21): the language a contact message was written in ('en' or 'sw', from the form's
-- request): its acknowledgement, and later the operator's reply, are framed in it.
ALTER TABLE contact_messages ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
