-- Where the provider is (issue 41): a ward's or an estate's id in mtaani_proto::places, and how far
-- they travel to customers. NULL: not placed yet (a listing from before places): catalog-svc reads
-- its location text at start (db::place_listings) and stores the one place it names, or '' for none.
ALTER TABLE listings ADD COLUMN place_id TEXT;
ALTER TABLE listings ADD COLUMN serves_radius_km INTEGER NOT NULL DEFAULT 0;
