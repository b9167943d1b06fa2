-- Verified reviews (issue 20): when catalog-svc took the invitation to review a confirmed booking
-- whose time has passed (or it was judged not needed: a provider's own booking, a closed account).
ALTER TABLE appointments ADD COLUMN review_invited_at BIGINT;
-- The worker's pass reads only the confirmed bookings still waiting for theirs.
CREATE INDEX appointments_review_due ON appointments (starts_at) WHERE status = 'confirmed' AND review_invited_at IS NULL;
