-- The alerts job pages through the active alerts of one frequency in id order: an index in that order
-- lets each page start where the last ended instead of sorting every matching alert on each run. It
-- makes the (status, frequency) index redundant.
CREATE INDEX job_alerts_paging ON job_alerts (status, frequency, id);
DROP INDEX IF EXISTS job_alerts_due;
