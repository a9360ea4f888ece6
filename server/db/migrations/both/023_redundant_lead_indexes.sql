-- Indexes that 022's inbox indexes made redundant: each is the first column of one of them, which serves
-- the same lookups (a range of created_at, for the purge and the reports; one owner's leads, for "Mine"
-- and for taking a leaver's leads off them), while every lead's INSERT still paid to keep it up to date.
-- Dropping an index changes no answer, so processes still running the previous release are unaffected
-- (decision 018); PostgreSQL holds the table for the moment the drop takes.
DROP INDEX IF EXISTS enquiries_created;
DROP INDEX IF EXISTS applications_created;
DROP INDEX IF EXISTS enquiries_owner;
DROP INDEX IF EXISTS applications_owner;
