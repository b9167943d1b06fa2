-- A registration sent again with the same Idempotency-Key (a retry after a lost answer, a double tap)
-- answers the account it created instead of "already exists". The key is stored with the e-mail
-- address it came with, so one address's key never finds another's account.
ALTER TABLE users ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX users_idempotency_key ON users (idempotency_key);
