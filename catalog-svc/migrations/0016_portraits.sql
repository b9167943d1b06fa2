-- Team members' photos (issue 42): each file's key and the seller whose team shows it. booking-svc
-- keeps which member shows which; a photo no member shows is deleted (KeepPortraits), with the
-- seller's listings when their account is closed.
CREATE TABLE portraits (
    media_key TEXT PRIMARY KEY,
    seller_id TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX portraits_seller ON portraits (seller_id);
