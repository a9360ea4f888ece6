-- Routing, owners, the reply clock, replies from the workspace and the morning summary.
-- Times are milliseconds since the epoch.

-- Which new leads each person receives: 'enquiry:<service value>', 'enquiry:none' (no service chosen)
-- or 'application'. Nobody chosen for a lead: its e-mail goes to ENQUIRIES_TO / APPLICATIONS_TO.
CREATE TABLE staff_notifications (
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  route TEXT NOT NULL,
  PRIMARY KEY (staff_id, route)
);
CREATE INDEX staff_notifications_route ON staff_notifications (route);

-- The morning summary: asked for or not, the UK day it last went (so it goes once a day whichever
-- process sends it), and the moment from which the next one counts new leads.
ALTER TABLE staff ADD COLUMN daily_summary INTEGER NOT NULL DEFAULT 0;
ALTER TABLE staff ADD COLUMN summary_sent_on TEXT;
ALTER TABLE staff ADD COLUMN summary_since INTEGER;

-- Each lead's owner (null: unassigned); when it was first answered (a reply from the workspace, or its
-- status moving on from New); when its reminder and its escalation were queued (each at most once).
ALTER TABLE enquiries ADD COLUMN owner_id INTEGER REFERENCES staff (id);
ALTER TABLE enquiries ADD COLUMN answered_at INTEGER;
ALTER TABLE enquiries ADD COLUMN reminded_at INTEGER;
ALTER TABLE enquiries ADD COLUMN escalated_at INTEGER;
ALTER TABLE applications ADD COLUMN owner_id INTEGER REFERENCES staff (id);
ALTER TABLE applications ADD COLUMN answered_at INTEGER;
ALTER TABLE applications ADD COLUMN reminded_at INTEGER;
ALTER TABLE applications ADD COLUMN escalated_at INTEGER;
-- Leads from before the clock: answered when they have moved on, and never reminded or escalated (a
-- first start must not mail the team about every old lead at once).
UPDATE enquiries SET answered_at = COALESCE(status_changed_at, created_at) WHERE status <> 'new';
UPDATE applications SET answered_at = COALESCE(status_changed_at, created_at) WHERE status <> 'new';
UPDATE enquiries SET reminded_at = created_at, escalated_at = created_at;
UPDATE applications SET reminded_at = created_at, escalated_at = created_at;
CREATE INDEX enquiries_unanswered ON enquiries (created_at) WHERE status = 'new' AND answered_at IS NULL;
CREATE INDEX applications_unanswered ON applications (created_at) WHERE status = 'new' AND answered_at IS NULL;
CREATE INDEX enquiries_owner ON enquiries (owner_id);
CREATE INDEX applications_owner ON applications (owner_id);

-- Replies sent from the workspace: their words, kept here (the outbox forgets a message's words once it
-- is sent) and deleted with the lead.
CREATE TABLE replies (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL,
  staff_id INTEGER REFERENCES staff (id),
  outbox_id INTEGER,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX replies_reference ON replies (reference, created_at);

-- The outbox carries four more kinds of e-mail. SQLite cannot change a CHECK, so the table is rebuilt.
CREATE TABLE outbox_new (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL,
  purpose TEXT NOT NULL
    CHECK (purpose IN ('notification', 'acknowledgement', 'reply', 'reminder', 'escalation', 'summary')),
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
  lease_token TEXT
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
