-- Mail that arrives. Each e-mail now leaves with a return address of its own (its message id, signed),
-- so a bounce read back from the bounce mailbox is tied to the one message it is about.
-- outbox.bounce: what the bounce said: 'hard' (never delivered: no such user or domain), 'soft' (not
-- yet: a full mailbox, greylisting) or 'complaint' (the person reported it as spam); bounce_reason: the
-- receiving server's own words, without addresses; bounce_handled_at: when staff corrected the address
-- or unblocked it, so the inbox stops flagging the lead.
ALTER TABLE outbox ADD COLUMN bounce TEXT CHECK (bounce IN ('hard', 'soft', 'complaint'));
ALTER TABLE outbox ADD COLUMN bounce_reason TEXT;
ALTER TABLE outbox ADD COLUMN bounced_at BIGINT;
ALTER TABLE outbox ADD COLUMN bounce_handled_at BIGINT;

-- An interview whose invitation bounced says so on the Interviews page and the application's card, with
-- the reason, until an invitation is sent again.
ALTER TABLE interviews ADD COLUMN not_delivered TEXT;

-- A job alert's bounces (and sends refused because its address is blocked): past the number in
-- core/config/job-alerts.ts the alert ends.
ALTER TABLE job_alerts ADD COLUMN bounces INTEGER NOT NULL DEFAULT 0;

-- Addresses nothing more is sent to: one hard bounce, or one complaint, blocks an address (in lower
-- case) until staff correct the lead's address or unblock it. An erasure deletes the row with the rest.
CREATE TABLE suppressed_addresses (
  address TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('bounce', 'complaint')),
  reason TEXT NOT NULL,
  created_at BIGINT NOT NULL
);

-- One row per bounce read from the mailbox and applied, keyed by a hash of the bounce itself, so a
-- bounce read twice (a process that stopped between its commit and removing it from the mailbox, or
-- two processes at once) is applied once. It names the reference of the message it was about, and
-- goes with that lead; the purge deletes rows older than a month.
CREATE TABLE bounce_receipts (
  receipt TEXT PRIMARY KEY,
  reference TEXT NOT NULL,
  received_at BIGINT NOT NULL
);
CREATE INDEX bounce_receipts_reference ON bounce_receipts (reference);
CREATE INDEX bounce_receipts_received ON bounce_receipts (received_at);
