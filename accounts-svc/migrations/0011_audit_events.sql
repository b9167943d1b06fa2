-- The audit log names every operator-relevant event, not only operators' actions (issue 56): who
-- did it (an admin, the seller for their own events, a visitor for a report, the system), the
-- action's kind, and the seller and the listing it concerns, each filter with its index.
ALTER TABLE admin_audit ADD COLUMN actor_kind TEXT NOT NULL DEFAULT 'admin';
ALTER TABLE admin_audit ADD COLUMN kind TEXT NOT NULL DEFAULT '';
ALTER TABLE admin_audit ADD COLUMN seller_id TEXT NOT NULL DEFAULT '';
ALTER TABLE admin_audit ADD COLUMN listing_id TEXT NOT NULL DEFAULT '';
-- Entries written before: each action's kind is the word before its dot.
UPDATE admin_audit SET kind = CASE
    WHEN action LIKE 'listing.%' THEN 'listing'
    WHEN action LIKE 'review.%' THEN 'review'
    WHEN action LIKE 'report.%' THEN 'report'
    WHEN action LIKE 'seller.%' THEN 'seller'
    WHEN action LIKE 'payment.%' THEN 'payment'
    WHEN action LIKE 'admin.%' THEN 'admin'
    WHEN action LIKE 'contact.%' THEN 'contact'
    ELSE action END;
CREATE INDEX admin_audit_kind ON admin_audit (kind, at);
CREATE INDEX admin_audit_seller ON admin_audit (seller_id, at);
-- The command line and the demo data created admins before; a suspension names its seller.
UPDATE admin_audit SET actor_kind = 'system' WHERE admin_id IN ('cli', 'seed');
UPDATE admin_audit SET seller_id = target_id WHERE target_kind = 'seller';
