-- Kiswahili (issue 21): the language the customer booked in ('en' or 'sw', from the request's
-- Accept-Language). Every e-mail and SMS to the customer about the booking is written in it; the
-- bookings made before it were made in English.
ALTER TABLE appointments ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
