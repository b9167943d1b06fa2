-- Appointment requests. One booking per service, date and slot is guaranteed by the database.
CREATE TABLE appointments (
    id TEXT PRIMARY KEY,
    service_id TEXT NOT NULL,
    service_name TEXT NOT NULL,
    seller_id TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL,
    time TEXT NOT NULL,
    message TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL,
    -- the slot while the booking holds it; NULL once declined or cancelled, so the slot is free again
    slot_key TEXT UNIQUE,
    idempotency_key TEXT UNIQUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX appointments_service_date ON appointments (service_id, date);
CREATE INDEX appointments_seller ON appointments (seller_id, created_at);
