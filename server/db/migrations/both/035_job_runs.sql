-- When each of the site's routine jobs last finished well, one row per job: the nightly backup (written
-- by npm run data -- backup once its file is sealed and in place) and the retention purge (by whichever
-- process held its lease). Kept in the database so every process, on every machine, reports the same
-- time to /metrics and to the workspace's Health page.
CREATE TABLE job_runs (
  job TEXT PRIMARY KEY CHECK (job IN ('backup', 'purge')),
  succeeded_at BIGINT NOT NULL
);
