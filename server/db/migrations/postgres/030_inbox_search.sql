-- The inbox's search by index (docs/decisions/025-inbox-search-by-index.md): a trigram index (pg_trgm,
-- GIN) over each kind of lead's searched fields, which answers ILIKE '%word%' for any word of three or
-- more characters. An expression index, so it lives in the lead's own indexes: written in the lead's
-- transaction, gone with the lead's row. The expression must stay exactly as the search writes it
-- (server/workspace/inbox/search-index.ts): the searched fields, the phone also without its spaces, one
-- space between fields (a searched word never holds a space, so none is found across two fields).
-- pg_trgm is a trusted extension: the database's owner (README, "PostgreSQL") may create it. It goes in
-- public, outside the site's own schema, so every schema of a database shares one copy and dropping a
-- schema never takes it with it; the lock keeps two schemas migrating at once from both creating it.
SELECT pg_advisory_xact_lock(hashtext('create extension pg_trgm'));
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
-- Built in the migration's transaction (the migrator runs each file in one, so not CONCURRENTLY).
CREATE INDEX IF NOT EXISTS enquiries_search ON enquiries USING gin ((reference || ' ' || first_name || ' '
  || last_name || ' ' || email || ' ' || phone || ' ' || replace(phone, ' ', '') || ' ' || company || ' '
  || message) public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS applications_search ON applications USING gin ((reference || ' ' || first_name
  || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || replace(phone, ' ', '')) public.gin_trgm_ops);
