-- E-mails to applicants, buyers and job seekers go as HTML beside the plain text. The HTML is made as each
-- message is sent, from its words (body) and its one button: outbox.action, the button's words and link as
-- JSON ({"label": ..., "url": ...}), or NULL for a message without one. Like the words, it is forgotten
-- once the message is sent.
ALTER TABLE outbox ADD COLUMN action TEXT;
