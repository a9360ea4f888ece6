-- Applicants hear back. An application can now be Withdrawn (by the applicant, from their link), and the
-- delivery queue carries calendar invitations and the new kinds of e-mail to applicants.
--
-- SQLite cannot change a CHECK, so `applications` is rebuilt. `documents` refers to it with ON DELETE
-- CASCADE, and foreign keys stay on inside a migration's transaction, so dropping the old table would
-- delete every document: `documents` is rebuilt first, pointing at the new table, and the old tables are
-- dropped once nothing refers to them.
CREATE TABLE applications_new (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
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
  created_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'contacted', 'interview', 'hired', 'unsuccessful', 'withdrawn', 'spam')),
  status_changed_at INTEGER,
  last_activity_at INTEGER NOT NULL DEFAULT 0,
  opened_at INTEGER,
  keep_consent_at INTEGER,
  spam_signal TEXT CHECK (spam_signal IN ('honeypot', 'too-fast', 'no-token', 'bad-token')),
  form_age_ms BIGINT,
  vacancy_reference TEXT,
  vacancy_closed INTEGER NOT NULL DEFAULT 0,
  owner_id INTEGER REFERENCES staff (id),
  answered_at INTEGER,
  reminded_at INTEGER,
  escalated_at INTEGER
);
INSERT INTO applications_new (id, reference, idempotency_key, content_hash, first_name, last_name, email, phone,
  address, has_car, has_uk_licence, right_to_work, ni_number_encrypted, ip_hash, user_agent, created_at, status,
  status_changed_at, last_activity_at, opened_at, keep_consent_at, spam_signal, form_age_ms, vacancy_reference,
  vacancy_closed, owner_id, answered_at, reminded_at, escalated_at)
SELECT id, reference, idempotency_key, content_hash, first_name, last_name, email, phone,
  address, has_car, has_uk_licence, right_to_work, ni_number_encrypted, ip_hash, user_agent, created_at, status,
  status_changed_at, last_activity_at, opened_at, keep_consent_at, spam_signal, form_age_ms, vacancy_reference,
  vacancy_closed, owner_id, answered_at, reminded_at, escalated_at
FROM applications;

CREATE TABLE documents_new (
  id INTEGER PRIMARY KEY,
  application_id INTEGER NOT NULL REFERENCES applications_new (id) ON DELETE CASCADE,
  field TEXT NOT NULL CHECK (field IN ('resume', 'otherDocuments')),
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  content BLOB NOT NULL,
  scan_status TEXT NOT NULL DEFAULT 'not-scanned'
    CHECK (scan_status IN ('pending', 'clean', 'infected', 'not-scanned')),
  scanned_at BIGINT,
  scan_result TEXT,
  scan_lease_until BIGINT
);
INSERT INTO documents_new (id, application_id, field, file_name, content_type, size, content, scan_status,
  scanned_at, scan_result, scan_lease_until)
SELECT id, application_id, field, file_name, content_type, size, content, scan_status,
  scanned_at, scan_result, scan_lease_until
FROM documents;

DROP TABLE documents;
DROP TABLE applications;
-- Renaming the new table rewrites the reference in documents_new to "applications".
ALTER TABLE applications_new RENAME TO applications;
ALTER TABLE documents_new RENAME TO documents;

CREATE INDEX applications_duplicates ON applications (content_hash, created_at);
CREATE INDEX applications_email ON applications (LOWER(email));
CREATE INDEX applications_vacancy ON applications (vacancy_reference, created_at);
CREATE INDEX applications_unanswered ON applications (created_at) WHERE status = 'new' AND answered_at IS NULL;
CREATE INDEX applications_inbox ON applications (created_at, reference);
CREATE INDEX applications_inbox_status ON applications (status, created_at, reference);
CREATE INDEX applications_inbox_owner ON applications (owner_id, created_at, reference, status);
CREATE INDEX applications_status ON applications (status);
CREATE INDEX documents_application ON documents (application_id);
CREATE INDEX documents_scan_pending ON documents (id) WHERE scan_status = 'pending';

-- The queue's purposes are no longer a CHECK: only the server writes them, from one TypeScript type
-- (MailPurpose), and each new kind of e-mail would otherwise rebuild the queue. `calendar`: an
-- interview's iCalendar text, sent as the invitation; forgotten, like the words, once it is sent.
CREATE TABLE outbox_new (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL,
  purpose TEXT NOT NULL,
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
  sent_at INTEGER,
  channel TEXT NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'webhook')),
  message_id TEXT,
  target TEXT,
  lease_token TEXT,
  calendar TEXT
);
INSERT INTO outbox_new (id, reference, purpose, to_address, reply_to, subject, body, attachment_ids, status,
  attempts, next_attempt_at, lease_until, last_error, created_at, sent_at, channel, message_id, target, lease_token)
SELECT id, reference, purpose, to_address, reply_to, subject, body, attachment_ids, status,
  attempts, next_attempt_at, lease_until, last_error, created_at, sent_at, channel, message_id, target, lease_token
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_reference ON outbox (reference);
CREATE UNIQUE INDEX outbox_message_id ON outbox (message_id);
