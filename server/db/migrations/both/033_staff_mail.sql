-- Every e-mail a member of staff writes to the person behind a lead (a reply, an applicant's stage
-- e-mail, a vacancy's "not this time", an interview's invitation, move or cancellation), one row per
-- recipient, so one count holds all of them to the caps in core/config/staff-limits.ts. The purge
-- deletes rows once they are older than the longest cap's window (a day).
CREATE TABLE staff_mail (
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  reference TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('reply', 'stage', 'not-this-time', 'interview')),
  sent_at BIGINT NOT NULL
);
CREATE INDEX staff_mail_staff ON staff_mail (staff_id, sent_at);
CREATE INDEX staff_mail_reference ON staff_mail (reference, sent_at);
CREATE INDEX staff_mail_sent ON staff_mail (sent_at);
