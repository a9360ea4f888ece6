-- Each document's virus scan (see docs/decisions/014-upload-scanning.md).
-- scan_status: 'pending' until the scanner has read it (it is then neither attached nor downloadable),
-- 'clean', 'infected' (its bytes removed, the row kept with its name and what was found), or
-- 'not-scanned' when no scanner was configured as it arrived (as every document before this one was).
-- scan_result: what the scanner said (the name of what it found). scan_lease_until: no process takes
-- the document before this time, as one is scanning it or the scanner's last answer was an error.

ALTER TABLE documents ADD COLUMN scan_status TEXT NOT NULL DEFAULT 'not-scanned'
  CHECK (scan_status IN ('pending', 'clean', 'infected', 'not-scanned'));
ALTER TABLE documents ADD COLUMN scanned_at BIGINT;
ALTER TABLE documents ADD COLUMN scan_result TEXT;
ALTER TABLE documents ADD COLUMN scan_lease_until BIGINT;
CREATE INDEX documents_scan_pending ON documents (id) WHERE scan_status = 'pending';
