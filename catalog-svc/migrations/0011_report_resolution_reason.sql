-- Why an operator closed a report (issue 39 §6: a closed report shows its dismissal reason): the
-- reason given when dismissing it, or when hiding the listing or review it was about. Reports
-- closed before it have none (the reason is in the audit log).
ALTER TABLE reports ADD COLUMN resolution_reason TEXT;
