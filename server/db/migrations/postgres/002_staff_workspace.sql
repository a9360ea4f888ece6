-- The staff workspace: people and their passkeys, sessions, invitations, the statuses a lead is worked
-- through, notes, and the audit log that is each lead's timeline. Times are milliseconds since the epoch.

-- Leads arrive as 'new' (or 'spam' when the honeypot caught them) and are worked to a conclusion.
ALTER TABLE enquiries DROP CONSTRAINT enquiries_status_check;
UPDATE enquiries SET status = 'new' WHERE status = 'received';
ALTER TABLE enquiries ALTER COLUMN status SET DEFAULT 'new';
ALTER TABLE enquiries ADD CONSTRAINT enquiries_status_check
  CHECK (status IN ('new', 'contacted', 'quoted', 'won', 'lost', 'spam'));
-- When the current status was set, when anyone last did anything with the lead, when it was first opened.
ALTER TABLE enquiries ADD COLUMN status_changed_at BIGINT;
ALTER TABLE enquiries ADD COLUMN last_activity_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE enquiries ADD COLUMN opened_at BIGINT;
UPDATE enquiries SET last_activity_at = created_at;
CREATE INDEX enquiries_created ON enquiries (created_at);

ALTER TABLE applications DROP CONSTRAINT applications_status_check;
UPDATE applications SET status = 'new' WHERE status = 'received';
ALTER TABLE applications ALTER COLUMN status SET DEFAULT 'new';
ALTER TABLE applications ADD CONSTRAINT applications_status_check
  CHECK (status IN ('new', 'contacted', 'interview', 'hired', 'unsuccessful', 'spam'));
ALTER TABLE applications ADD COLUMN status_changed_at BIGINT;
ALTER TABLE applications ADD COLUMN last_activity_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE applications ADD COLUMN opened_at BIGINT;
-- When the applicant agreed to be kept on file for future roles (null: they did not).
ALTER TABLE applications ADD COLUMN keep_consent_at BIGINT;
UPDATE applications SET last_activity_at = created_at;
CREATE INDEX applications_created ON applications (created_at);

CREATE TABLE staff (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  is_admin SMALLINT NOT NULL DEFAULT 0,
  -- The WebAuthn user handle: random, so a passkey reveals nothing about the person.
  user_handle TEXT NOT NULL UNIQUE,
  created_at BIGINT NOT NULL,
  revoked_at BIGINT
);

CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  public_key BYTEA NOT NULL,
  counter BIGINT NOT NULL,
  transports TEXT NOT NULL DEFAULT '[]',
  created_at BIGINT NOT NULL,
  last_used_at BIGINT
);
CREATE INDEX passkeys_staff ON passkeys (staff_id);

-- Only a hash of each token is kept: a copy of the database cannot be used to sign in.
CREATE TABLE invitations (
  token_hash TEXT PRIMARY KEY,
  staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  invited_by BIGINT REFERENCES staff (id),
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);

CREATE TABLE webauthn_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in', 'confirm')),
  -- The invitation (register) or session (confirm) the challenge was issued for.
  subject TEXT,
  expires_at BIGINT NOT NULL
);

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL,
  -- The last time the person proved it was them with their passkey (sign-in or confirmation).
  confirmed_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_staff ON sessions (staff_id);

CREATE TABLE notes (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference TEXT NOT NULL,
  staff_id BIGINT NOT NULL REFERENCES staff (id),
  body TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX notes_reference ON notes (reference, created_at);

-- Who saw or did what, and when. `reference` is null for events about no single lead (an export, a
-- change to the team). `detail` is short and never holds a person's data.
CREATE TABLE audit_log (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference TEXT,
  action TEXT NOT NULL,
  staff_id BIGINT REFERENCES staff (id),
  detail TEXT NOT NULL DEFAULT '',
  created_at BIGINT NOT NULL
);
CREATE INDEX audit_log_reference ON audit_log (reference, created_at);
INSERT INTO audit_log (reference, action, created_at) SELECT reference, 'received', created_at FROM enquiries;
INSERT INTO audit_log (reference, action, created_at) SELECT reference, 'received', created_at FROM applications;
