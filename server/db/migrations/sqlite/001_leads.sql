-- Enquiries, applications with their documents, the mail outbox and the rate-limit counters.
-- Times are milliseconds since the epoch, as in the PostgreSQL schema.

CREATE TABLE enquiries (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('received', 'spam')),
  idempotency_key TEXT UNIQUE,
  content_hash TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  company TEXT NOT NULL,
  service TEXT NOT NULL,
  message TEXT NOT NULL,
  ip_hash TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX enquiries_duplicates ON enquiries (content_hash, created_at);

CREATE TABLE applications (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('received', 'spam')),
  idempotency_key TEXT UNIQUE,
  content_hash TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  address TEXT NOT NULL,
  has_car TEXT NOT NULL,
  has_uk_licence TEXT NOT NULL,
  right_to_work TEXT NOT NULL,
  ni_number_encrypted TEXT NOT NULL,
  ip_hash TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX applications_duplicates ON applications (content_hash, created_at);

CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  application_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  field TEXT NOT NULL CHECK (field IN ('resume', 'otherDocuments')),
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  content BLOB NOT NULL
);
CREATE INDEX documents_application ON documents (application_id);

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('notification', 'acknowledgement')),
  to_address TEXT NOT NULL,
  reply_to TEXT,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  attachment_ids TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  lease_until INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);
