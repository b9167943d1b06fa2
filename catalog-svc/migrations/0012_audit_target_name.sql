-- The name of the record an operator acted on (a seller's, a listing's), kept beside its id as it
-- was then, so the console shows who or what without asking another service (issue 39 §6).
-- Entries written before it have none.
ALTER TABLE admin_audit ADD COLUMN target_name TEXT;
