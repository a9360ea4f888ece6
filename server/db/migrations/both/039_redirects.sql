-- Addresses that never break (core/redirects.ts).
--
-- redirects: an old address (a path, with its query if it had one) and the page here that answers for it
-- now; chains are collapsed before they are kept, so each answers in one step. created_by: the member
-- of staff who added it (null: the site itself, as when an address changed).
CREATE TABLE redirects (
  from_path TEXT PRIMARY KEY,
  to_path TEXT NOT NULL,
  created_by BIGINT,
  created_at BIGINT NOT NULL
);

-- One row: a number every change to the redirects raises, which every server process reads every few
-- seconds to know when to read the redirects again.
CREATE TABLE redirect_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation BIGINT NOT NULL
);
INSERT INTO redirect_generation (id, generation) VALUES (1, 0);

-- Addresses that answered 404, counted by day (a London calendar day, YYYY-MM-DD): the path and how
-- often, nothing about who asked. Kept 30 days, so staff can redirect what people still look for.
CREATE TABLE missing_paths (
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  hits BIGINT NOT NULL,
  PRIMARY KEY (day, path)
);
