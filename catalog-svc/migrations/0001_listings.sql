-- Listings and their photos. Portable SQL: runs on SQLite and PostgreSQL (flags and times are BIGINT).
CREATE TABLE listings (
    id TEXT PRIMARY KEY,
    seller_id TEXT NOT NULL,
    name TEXT NOT NULL,
    min_price BIGINT NOT NULL,
    max_price BIGINT NOT NULL,
    location TEXT NOT NULL,
    phone_number TEXT NOT NULL,
    category TEXT NOT NULL,
    subcategory TEXT NOT NULL,
    description TEXT NOT NULL,
    featured BIGINT NOT NULL DEFAULT 0,
    visible BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    idempotency_key TEXT UNIQUE
);

-- The public lists: visible listings, featured first, newest next.
CREATE INDEX listings_public ON listings (visible, featured DESC, created_at DESC, id);
CREATE INDEX listings_category ON listings (category, subcategory);
CREATE INDEX listings_seller ON listings (seller_id);

CREATE TABLE listing_media (
    listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    kind TEXT NOT NULL,
    gallery_key TEXT NOT NULL,
    thumbnail_key TEXT NOT NULL,
    width BIGINT NOT NULL,
    height BIGINT NOT NULL,
    PRIMARY KEY (listing_id, position)
);
