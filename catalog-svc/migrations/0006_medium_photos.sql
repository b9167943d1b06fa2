-- A third size of each photo, 720 px on the long edge, for the listing page on phones (a 1280 px
-- gallery photo is twice what a phone's screen shows, on a prepaid bundle). NULL for photos stored
-- before it existed and for photos no larger than it: the gallery size serves them.
ALTER TABLE listing_media ADD COLUMN medium_key TEXT;
