-- The personal-data lifecycle: what is left of a deleted lead, the lease that lets one process purge at
-- a time, and the indexes that find a person's records by e-mail address and a lead's mail by reference.

-- All that is kept of a lead once it is deleted: enough to answer "what happened to APP-...?", and
-- nothing about the person who sent it.
CREATE TABLE tombstones (
  reference TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('enquiry', 'application')),
  received_at INTEGER NOT NULL,
  deleted_at INTEGER NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('retention', 'erasure request'))
);

-- A job only one process may run at a time (the purge): whoever holds the row until it expires.
CREATE TABLE leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE INDEX enquiries_email ON enquiries (LOWER(email));
CREATE INDEX applications_email ON applications (LOWER(email));
CREATE INDEX IF NOT EXISTS outbox_reference ON outbox (reference);
