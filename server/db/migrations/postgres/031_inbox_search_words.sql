-- The inbox counts a search's leads per status (docs/decisions/025-inbox-search-by-index.md). A trigram
-- index leaves every lead it finds to be checked against the pattern, so for a word found in thousands of
-- leads the counts read each one's row in the wide lead table, where a page holds a dozen enquiries. Each
-- kind of lead gets a narrow table of its own, `enquiries_words` and `applications_words`: a lead's id,
-- its status and its `search_text` (migration 030's lower-cased searched fields) under a trigram index of
-- its own, thirty to a page. A search with no other filter is counted from it alone; the lead tables keep
-- their own index for the page and for a search with other filters, whose own indexes narrow it first.
-- Kept by triggers in the lead's own transaction, for every writer, old code included: a lead's row is
-- written when it arrives and again when its status or a searched field changes, and it goes with the
-- lead (the foreign key's ON DELETE CASCADE), so erasure and the purge empty it as they empty the lead.
-- Only new tables, functions and triggers: safe while older processes still run (decision 018).
CREATE TABLE enquiries_words (
  id bigint PRIMARY KEY REFERENCES enquiries (id) ON DELETE CASCADE ON UPDATE CASCADE,
  status text NOT NULL,
  search_text text NOT NULL
);
CREATE TABLE applications_words (
  id bigint PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE ON UPDATE CASCADE,
  status text NOT NULL,
  search_text text NOT NULL
);

-- An AFTER trigger sees the generated column's new value.
CREATE FUNCTION enquiries_words_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enquiries_words (id, status, search_text) VALUES (NEW.id, NEW.status, NEW.search_text)
    ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, search_text = EXCLUDED.search_text;
  RETURN NULL;
END $$;
CREATE TRIGGER enquiries_words_insert AFTER INSERT ON enquiries
  FOR EACH ROW EXECUTE FUNCTION enquiries_words_write();
CREATE TRIGGER enquiries_words_update AFTER UPDATE OF status, reference, first_name, last_name, email, phone,
  company, message ON enquiries FOR EACH ROW EXECUTE FUNCTION enquiries_words_write();

CREATE FUNCTION applications_words_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO applications_words (id, status, search_text) VALUES (NEW.id, NEW.status, NEW.search_text)
    ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, search_text = EXCLUDED.search_text;
  RETURN NULL;
END $$;
CREATE TRIGGER applications_words_insert AFTER INSERT ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_words_write();
CREATE TRIGGER applications_words_update AFTER UPDATE OF status, reference, first_name, last_name, email,
  phone ON applications FOR EACH ROW EXECUTE FUNCTION applications_words_write();

-- The leads already held, then the indexes (built in the migration's transaction), then statistics, so
-- the planner weighs the new tables rightly before autovacuum first comes by.
INSERT INTO enquiries_words (id, status, search_text) SELECT id, status, search_text FROM enquiries;
INSERT INTO applications_words (id, status, search_text) SELECT id, status, search_text FROM applications;
CREATE INDEX enquiries_words_text ON enquiries_words USING gin (search_text public.gin_trgm_ops);
CREATE INDEX applications_words_text ON applications_words USING gin (search_text public.gin_trgm_ops);
ANALYZE enquiries_words;
ANALYZE applications_words;
