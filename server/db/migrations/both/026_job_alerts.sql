-- Job alerts: people who asked to hear of new vacancies, with the consent they gave, and which
-- vacancies each has been sent (never the same one twice).
--
-- id: random, carried (signed) in the links of every alert e-mail. services / employment_types: the
-- choices, comma-separated ('' for any). place: a town or postcode district ('' for anywhere).
-- frequency: 'immediate' (as soon as a job is published), 'daily' or 'weekly'. status: 'pending' until
-- the person opens the confirmation link (an unconfirmed sign-up is deleted after 7 days), then
-- 'active'. consent / consent_how: the words they agreed to and how (the form, confirmed by e-mail);
-- confirmed_at / renewed_at: when they confirmed, and last said they still want the alerts (the purge
-- deletes an alert not renewed within the privacy notice's period; renewal_asked_at: the renewal e-mail
-- went, at most once a period). last_period: the day or week ('2027-03-01', '2027-W09') last sent, so a
-- period's e-mail goes at most once across processes. Times are ms since the epoch.
CREATE TABLE job_alerts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  services TEXT NOT NULL,
  employment_types TEXT NOT NULL,
  place TEXT NOT NULL,
  frequency TEXT NOT NULL CHECK (frequency IN ('immediate', 'daily', 'weekly')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'active')),
  consent TEXT NOT NULL,
  consent_how TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  confirmed_at BIGINT,
  renewed_at BIGINT,
  renewal_asked_at BIGINT,
  last_period TEXT,
  last_sent_at BIGINT
);
CREATE UNIQUE INDEX job_alerts_email ON job_alerts (LOWER(email));
CREATE INDEX job_alerts_due ON job_alerts (status, frequency);

CREATE TABLE job_alert_sent (
  alert_id TEXT NOT NULL REFERENCES job_alerts (id) ON DELETE CASCADE,
  vacancy_reference TEXT NOT NULL,
  sent_at BIGINT NOT NULL,
  PRIMARY KEY (alert_id, vacancy_reference)
);

-- When a vacancy's published content (its words, pay, place, hours, dates) last changed: the sitemap's
-- and the feed's honest lastmod, which a view or a status nobody sees never moves.
ALTER TABLE vacancies ADD COLUMN content_changed_at BIGINT;
UPDATE vacancies SET content_changed_at = COALESCE(published_at, updated_at);

-- Extra headers an e-mail carries (JSON object), such as an alert's List-Unsubscribe and
-- List-Unsubscribe-Post (RFC 8058); forgotten with the words once it is sent.
ALTER TABLE outbox ADD COLUMN headers TEXT;
