-- The provider's week (issue 17): working plans, bookings that hold the provider's time, reminders.
--
-- A provider's plan, as JSON (booking-svc's plan::Plan); a seller without a row has the default plan.
CREATE TABLE provider_plans (
    seller_id TEXT PRIMARY KEY,
    plan TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- A booking holds every half hour it covers, one seat each, shared by all of the provider's
-- listings: at most `capacity` seats per cell are ever taken, because the primary key refuses a
-- second holder of a seat and a booking only tries seats below the provider's capacity. Declined,
-- cancelled and moved bookings give their rows back in the transaction that changes them.
CREATE TABLE time_holds (
    seller_id TEXT NOT NULL,
    cell BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    appointment_id TEXT NOT NULL,
    PRIMARY KEY (seller_id, cell, seat)
);
CREATE INDEX time_holds_appointment ON time_holds (appointment_id);

-- When the booking starts (unix seconds), how long it lasts, who booked it while signed in, and when
-- the customer's reminder went (or was judged not needed).
ALTER TABLE appointments ADD COLUMN starts_at BIGINT;
ALTER TABLE appointments ADD COLUMN duration_minutes BIGINT NOT NULL DEFAULT 30;
ALTER TABLE appointments ADD COLUMN customer_id TEXT;
ALTER TABLE appointments ADD COLUMN reminded_at BIGINT;
CREATE INDEX appointments_customer ON appointments (customer_id, starts_at);
CREATE INDEX appointments_starts ON appointments (starts_at);

-- Notices to providers wait here until accounts-svc tells their address: a booking never loses its
-- provider's e-mail because accounts-svc was down (the worker hands them to the outbox).
CREATE TABLE provider_notices (
    id TEXT PRIMARY KEY,
    seller_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);
CREATE INDEX provider_notices_due ON provider_notices (sent_at, created_at);

-- One morning list per provider and day.
CREATE TABLE provider_agendas (
    seller_id TEXT NOT NULL,
    date TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (seller_id, date)
);
