-- Link previews (issue 22): each listing's first photo as a 1200 x 630 JPEG for og:image, made by a
-- background pass after the photo is stored (and once for listings stored before), kept while the
-- first photo is the one it was made from (source_key). og_key is '' when the photo could not be read.
CREATE TABLE listing_og (
    listing_id TEXT PRIMARY KEY,
    source_key TEXT NOT NULL,
    og_key TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
