-- Favourites (issue 20): the listings a signed-in user saved. catalog-svc keeps them beside the
-- listings, so the list answers the listings themselves and names those hidden or deleted since as
-- no longer available (the name is kept as it was when saved). Gone with the account (ForgetReviewer).
CREATE TABLE favourites (
    user_id TEXT NOT NULL,
    listing_id TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, listing_id)
);
