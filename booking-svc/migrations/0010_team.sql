-- A provider's team (issue 42). Each member is one person serving one customer at a time: their
-- bookings hold time_holds rows under the member's own seat (100 and up, past any capacity seat), so
-- the same primary key that keeps a provider's capacity keeps a member from being booked twice.
-- A member removed keeps their row (removed_at) so the bookings they served still name them.
CREATE TABLE team_members (
    id TEXT PRIMARY KEY,
    seller_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    -- JSON (booking-svc's team::Body): their name, phone, the listing ids they do, and their own
    -- week and days off (none: the provider's hours).
    body TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    removed_at BIGINT,
    UNIQUE (seller_id, seat)
);

-- Who serves a booking, what of the listing's menu it is for (JSON: id, name, price, length as
-- booked) and what that costs in all.
ALTER TABLE appointments ADD COLUMN member_id TEXT;
ALTER TABLE appointments ADD COLUMN member_name TEXT NOT NULL DEFAULT '';
ALTER TABLE appointments ADD COLUMN options TEXT NOT NULL DEFAULT '';
ALTER TABLE appointments ADD COLUMN total_ksh BIGINT NOT NULL DEFAULT 0;
CREATE INDEX appointments_member ON appointments (member_id, starts_at);
