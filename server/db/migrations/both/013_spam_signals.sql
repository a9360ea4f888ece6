-- The spam layer that caught a lead, and how long after its page was served its form was sent.
-- 'honeypot': the hidden field only robots fill in (the lead is Spam); 'too-fast', 'no-token',
-- 'bad-token': the page's signed time token (the lead stays where it is, marked as suspected).
-- NULL: nothing caught it. The time is in milliseconds, NULL without a good token.
ALTER TABLE enquiries ADD COLUMN spam_signal TEXT
  CHECK (spam_signal IN ('honeypot', 'too-fast', 'no-token', 'bad-token'));
ALTER TABLE enquiries ADD COLUMN form_age_ms BIGINT;
ALTER TABLE applications ADD COLUMN spam_signal TEXT
  CHECK (spam_signal IN ('honeypot', 'too-fast', 'no-token', 'bad-token'));
ALTER TABLE applications ADD COLUMN form_age_ms BIGINT;
