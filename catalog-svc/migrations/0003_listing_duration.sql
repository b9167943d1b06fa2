-- How long one booking of a listing takes (issue 17): 30 to 240 minutes in steps of 30; listings
-- posted before it take an hour.
ALTER TABLE listings ADD COLUMN duration_minutes BIGINT NOT NULL DEFAULT 60;
