-- Limits on what one staff account can do.
--
-- can_manage_vacancies: publishing, editing and closing vacancies, a permission administrators grant on
-- the team page (administrators have it whatever this says).
ALTER TABLE staff ADD COLUMN can_manage_vacancies INTEGER NOT NULL DEFAULT 0;

-- What an invitation changes about someone already on the team, applied only when it is accepted (a
-- passkey is made with it), so an invitation alone never promotes, demotes or restores anyone.
-- make_admin: 1 or 0, or null to keep the role they have; grant_vacancies: 1 to give the vacancies
-- permission, null to keep it; name: their name from then on, or null to keep it.
ALTER TABLE invitations ADD COLUMN make_admin INTEGER;
ALTER TABLE invitations ADD COLUMN grant_vacancies INTEGER;
ALTER TABLE invitations ADD COLUMN name TEXT;

-- The replies cap counts each person's replies over the last hour.
CREATE INDEX replies_staff ON replies (staff_id, created_at);

-- Who reached a replies cap, and in which window: the administrators are e-mailed once per person, cap
-- and window, whichever process refused the reply first (the primary key decides).
CREATE TABLE staff_cap_alerts (
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  cap TEXT NOT NULL CHECK (cap IN ('lead', 'person')),
  window_start BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (staff_id, cap, window_start)
);
