-- The staff workspace: people and their passkeys, sessions, invitations, the statuses a lead is worked
-- through, notes, and the audit log that is each lead's timeline. Times are milliseconds since the epoch.

-- Leads arrive as 'new' (or 'spam' when the honeypot caught them) and are worked to a conclusion.
ALTER TABLE enquiries ADD COLUMN stage TEXT NOT NULL DEFAULT 'new'
  CHECK (stage IN ('new', 'contacted', 'quoted', 'won', 'lost', 'spam'));
UPDATE enquiries SET stage = 'spam' WHERE status = 'spam';
ALTER TABLE enquiries DROP COLUMN status;
ALTER TABLE enquiries RENAME COLUMN stage TO status;
-- When the current status was set, when anyone last did anything with the lead, when it was first opened.
ALTER TABLE enquiries ADD COLUMN status_changed_at INTEGER;
ALTER TABLE enquiries ADD COLUMN last_activity_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE enquiries ADD COLUMN opened_at INTEGER;
UPDATE enquiries SET last_activity_at = created_at;
CREATE INDEX enquiries_created ON enquiries (created_at);

ALTER TABLE applications ADD COLUMN stage TEXT NOT NULL DEFAULT 'new'
  CHECK (stage IN ('new', 'contacted', 'interview', 'hired', 'unsuccessful', 'spam'));
UPDATE applications SET stage = 'spam' WHERE status = 'spam';
ALTER TABLE applications DROP COLUMN status;
ALTER TABLE applications RENAME COLUMN stage TO status;
ALTER TABLE applications ADD COLUMN status_changed_at INTEGER;
ALTER TABLE applications ADD COLUMN last_activity_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE applications ADD COLUMN opened_at INTEGER;
-- When the applicant agreed to be kept on file for future roles (null: they did not).
ALTER TABLE applications ADD COLUMN keep_consent_at INTEGER;
UPDATE applications SET last_activity_at = created_at;
CREATE INDEX applications_created ON applications (created_at);

CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  is_admin INTEGER NOT NULL DEFAULT 0,
  -- The WebAuthn user handle: random, so a passkey reveals nothing about the person.
  user_handle TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);

CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_staff ON passkeys (staff_id);

-- Only a hash of each token is kept: a copy of the database cannot be used to sign in.
CREATE TABLE invitations (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  invited_by INTEGER REFERENCES staff (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

CREATE TABLE webauthn_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in', 'confirm')),
  -- The invitation (register) or session (confirm) the challenge was issued for.
  subject TEXT,
  expires_at INTEGER NOT NULL
);

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  -- The last time the person proved it was them with their passkey (sign-in or confirmation).
  confirmed_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_staff ON sessions (staff_id);

CREATE TABLE notes (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL,
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX notes_reference ON notes (reference, created_at);

-- Who saw or did what, and when. `reference` is null for events about no single lead (an export, a
-- change to the team). `detail` is short and never holds a person's data.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  reference TEXT,
  action TEXT NOT NULL,
  staff_id INTEGER REFERENCES staff (id),
  detail TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX audit_log_reference ON audit_log (reference, created_at);
INSERT INTO audit_log (reference, action, created_at) SELECT reference, 'received', created_at FROM enquiries;
INSERT INTO audit_log (reference, action, created_at) SELECT reference, 'received', created_at FROM applications;
