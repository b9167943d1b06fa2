-- Kiswahili (issue 21): the language Mtaani writes to each user in (e-mails, SMS): 'en' or 'sw', set at
-- registration from the request's Accept-Language and changed with PUT /api/me/language.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
