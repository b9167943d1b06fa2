-- How to find the provider once in the area (the floor, the door, a landmark), given by the provider
-- beside the location and carried into the booking e-mails; listings posted before it have none.
ALTER TABLE listings ADD COLUMN directions TEXT NOT NULL DEFAULT '';
