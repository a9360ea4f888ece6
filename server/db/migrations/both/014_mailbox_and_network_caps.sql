-- When each mailbox was last sent an acknowledgement of a form, so the forms cannot be used to mail a
-- stranger more than a few times a day. A mailbox is kept as a hash of its normalised address, never the
-- address; sent_at lists the times (ms, comma-separated) of its acknowledgements in the last 24 hours.
-- A row whose last acknowledgement is more than a day old counts for nothing and is swept away by later
-- submissions.
CREATE TABLE acknowledged_mailboxes (
  mailbox TEXT PRIMARY KEY,
  sent_at TEXT NOT NULL,
  last_sent_at BIGINT NOT NULL
);

CREATE INDEX acknowledged_mailboxes_last_sent ON acknowledged_mailboxes (last_sent_at);

-- Today's new visitors by network (the day's salted hash of an address's network, IPv6 by /64), so one
-- address cannot add rows of figures without bound by sending views with ever new browsers and sources.
-- Deleted with the day's salt, like the visitor hashes.
CREATE TABLE analytics_networks (
  day TEXT NOT NULL,
  network TEXT NOT NULL,
  visitors INTEGER NOT NULL,
  PRIMARY KEY (day, network)
);
