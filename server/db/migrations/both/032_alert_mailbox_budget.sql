-- A job alert's sign-up e-mail (its confirmation link, or the note to an address that already has
-- alerts) spends from the same daily budget per mailbox as a form's acknowledgement: its times join
-- sent_at, so the mail server writes to a stranger's mailbox at most a few times a day from any public
-- form. alert_sent_at lists, of those, the times (ms, comma-separated) of the confirmation links alone,
-- which have a smaller allowance of their own. The row is swept away with the others once its last
-- e-mail is a day old.
ALTER TABLE acknowledged_mailboxes ADD COLUMN alert_sent_at TEXT NOT NULL DEFAULT '';
