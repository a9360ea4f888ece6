-- Interviews staff invite applicants to, and the talent pool's renewal of consent.
--
-- uid: the iCalendar UID, the same in the invitation, every update and the cancellation; sequence: the
-- iCalendar SEQUENCE, raised on each change. starts_at: ms since the epoch (the form's Europe/London
-- wall time, converted once). place_kind: the office, another address, a phone call or a video link;
-- place: that address, number or link. answer: the applicant's, from their link ('attending' or
-- 'another-time', with their message). reminder_sent_at: when the reminder the day before was queued
-- (at most once, by one conditional UPDATE in the transaction that queues it). Deleted with the lead.
CREATE TABLE interviews (
  uid TEXT PRIMARY KEY,
  reference TEXT NOT NULL,
  starts_at BIGINT NOT NULL,
  minutes INTEGER NOT NULL,
  place_kind TEXT NOT NULL CHECK (place_kind IN ('office', 'address', 'phone', 'video')),
  place TEXT NOT NULL,
  meet_with TEXT NOT NULL,
  note TEXT NOT NULL,
  sequence INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
  answer TEXT CHECK (answer IN ('attending', 'another-time')),
  answer_message TEXT,
  answered_at BIGINT,
  reminder_sent_at BIGINT,
  staff_id INTEGER REFERENCES staff (id),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX interviews_reference ON interviews (reference);
CREATE INDEX interviews_coming ON interviews (status, starts_at);

-- When the talent pool's renewal e-mail was queued for the consent now held (null: not yet). Set at
-- most once per consent by a conditional UPDATE; cleared when the applicant renews.
ALTER TABLE applications ADD COLUMN pool_asked_at BIGINT;
CREATE INDEX applications_pool ON applications (keep_consent_at) WHERE keep_consent_at IS NOT NULL;
