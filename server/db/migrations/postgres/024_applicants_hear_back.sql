-- Applicants hear back. An application can now be Withdrawn (by the applicant, from their link), and the
-- delivery queue carries calendar invitations and the new kinds of e-mail to applicants.
ALTER TABLE applications DROP CONSTRAINT applications_status_check;
ALTER TABLE applications ADD CONSTRAINT applications_status_check
  CHECK (status IN ('new', 'contacted', 'interview', 'hired', 'unsuccessful', 'withdrawn', 'spam'));

-- The queue's purposes are no longer a CHECK: only the server writes them, from one TypeScript type
-- (MailPurpose), and each new kind of e-mail would otherwise change the queue. `calendar`: an
-- interview's iCalendar text, sent as the invitation; forgotten, like the words, once it is sent.
ALTER TABLE outbox DROP CONSTRAINT outbox_purpose_check;
ALTER TABLE outbox ADD COLUMN calendar TEXT;
