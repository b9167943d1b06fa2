-- The data saver (issue 21): a fourth size of each photo, 320 px on the long edge (WebP), and the
-- photo's average colour ('#rrggbb'), which a card shows in the photo's place until it is tapped.
-- Made at upload; for photos stored before, a background pass makes both from the stored card photo
-- (catalog-svc/src/small_photos.rs). small_key is '' when that photo could not be read.
ALTER TABLE listing_media ADD COLUMN small_key TEXT;
ALTER TABLE listing_media ADD COLUMN color TEXT;
-- What that pass still has to do, found without reading every photo's row.
CREATE INDEX listing_media_small_due ON listing_media (listing_id, position) WHERE small_key IS NULL;
