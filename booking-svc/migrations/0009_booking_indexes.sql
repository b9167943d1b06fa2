-- A booking writes an entry into every index of appointments. Two of them were written for nothing:
-- appointments_service_date, which no query has used since bookings hold their time in time_holds,
-- and appointments_customer's entries of bookings made without signing in (customer_id NULL: most
-- of them), which the customer's list (`customer_id = $1`) never reads.
DROP INDEX appointments_service_date;
DROP INDEX appointments_customer;
CREATE INDEX appointments_customer ON appointments (customer_id, starts_at) WHERE customer_id IS NOT NULL;
