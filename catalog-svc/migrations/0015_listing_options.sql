-- A listing's service menu (issue 42): each service with its price and how long it takes, in the
-- seller's order. A listing without rows is priced as one service, as before menus; with rows, its
-- min_price and max_price are the cheapest and the dearest of them (written with the listing).
CREATE TABLE listing_options (
    listing_id TEXT NOT NULL,
    id TEXT NOT NULL,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    price_ksh BIGINT NOT NULL,
    duration_minutes INTEGER NOT NULL,
    PRIMARY KEY (listing_id, id)
);
