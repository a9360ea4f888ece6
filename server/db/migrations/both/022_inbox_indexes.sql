-- Indexes for the staff inbox (server/workspace/inbox.ts, listLeads), which reads each kind of lead in
-- its own table, newest first, with ORDER BY created_at DESC, reference DESC LIMIT n, and counts each
-- status for the same filters. Only new indexes: safe while older processes still run (decision 018).
-- Built in the migration's transaction (the migrator runs each file in one, so not CONCURRENTLY): new
-- leads wait while they build, about 0.35 s in all for 100,000 leads on PostgreSQL, well within the
-- 5 s statement timeout (the retention rules keep about a year of leads).
-- Newest first, ties broken by reference: the first page with no filter, or a filter most leads meet.
CREATE INDEX IF NOT EXISTS enquiries_inbox ON enquiries (created_at, reference);
CREATE INDEX IF NOT EXISTS applications_inbox ON applications (created_at, reference);
-- One status (its page, newest first) and the counts per status (read from the index alone).
CREATE INDEX IF NOT EXISTS enquiries_inbox_status ON enquiries (status, created_at, reference);
CREATE INDEX IF NOT EXISTS applications_inbox_status ON applications (status, created_at, reference);
-- A service's enquiries, and Mine and Unassigned: newest first, with the status in the index so the
-- counts per status need no row.
CREATE INDEX IF NOT EXISTS enquiries_inbox_service ON enquiries (service, created_at, reference, status);
CREATE INDEX IF NOT EXISTS enquiries_inbox_owner ON enquiries (owner_id, created_at, reference, status);
CREATE INDEX IF NOT EXISTS applications_inbox_owner ON applications (owner_id, created_at, reference, status);
-- The counts per status with no filter, from the smallest index there can be for them (PostgreSQL keeps
-- each status once in it, with the rows that have it).
CREATE INDEX IF NOT EXISTS enquiries_status ON enquiries (status);
CREATE INDEX IF NOT EXISTS applications_status ON applications (status);
