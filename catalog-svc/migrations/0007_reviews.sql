-- Verified reviews (issue 20). booking-svc asks for an invitation once a confirmed booking's time has
-- passed: one per booking (the primary key). The link's secret is stored as its SHA-256 only, and
-- used by one conditional update; a review per booking (unique), one reply per review.
CREATE TABLE review_invites (
    booking_id TEXT PRIMARY KEY,
    listing_id TEXT NOT NULL,
    seller_id TEXT NOT NULL,
    customer_id TEXT,
    customer_name TEXT NOT NULL,
    customer_email TEXT NOT NULL,
    provider_name TEXT NOT NULL,
    date TEXT NOT NULL,
    time TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX review_invites_customer ON review_invites (customer_id);

CREATE TABLE reviews (
    id TEXT PRIMARY KEY,
    booking_id TEXT NOT NULL UNIQUE,
    listing_id TEXT NOT NULL,
    seller_id TEXT NOT NULL,
    customer_id TEXT,
    -- as shown: first name and last initial
    reviewer_name TEXT NOT NULL,
    -- where the provider's reply is sent; never shown
    reviewer_email TEXT NOT NULL,
    rating BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
    text TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    reply TEXT,
    replied_at BIGINT,
    -- taken down by an operator after a report
    hidden BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX reviews_listing ON reviews (listing_id, created_at);
CREATE INDEX reviews_seller ON reviews (seller_id, created_at);
CREATE INDEX reviews_customer ON reviews (customer_id);

-- Each listing's shown reviews, counted again at every change (reviews::recount): every listing
-- answer carries them and the lists sort by them.
ALTER TABLE listings ADD COLUMN rating_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN rating_sum BIGINT NOT NULL DEFAULT 0;
