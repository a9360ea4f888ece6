/**
 * The owner of the `job_runs` table: when each routine job (the backup, the retention purge) last
 * finished well, one row per job, read by /metrics and the workspace's Health page.
 */
import type { Queryable } from "../db/database.ts";

/** The routine jobs whose last success is kept. */
export type RoutineJob = "backup" | "purge";

/** Records that `job` finished well at `at` (ms); a later time never goes back to an earlier one. */
export async function recordJobRun(db: Queryable, job: RoutineJob, at: number): Promise<void> {
  await db.run(
    `INSERT INTO job_runs (job, succeeded_at) VALUES (?, ?)
     ON CONFLICT (job) DO UPDATE SET succeeded_at = excluded.succeeded_at
     WHERE job_runs.succeeded_at < excluded.succeeded_at`,
    [job, at],
  );
}

/** When each job last finished well (ms), or null for one that never has. */
export async function lastJobRuns(db: Queryable): Promise<Record<RoutineJob, number | null>> {
  const rows = await db.all<{ job: RoutineJob; succeeded_at: number }>(
    "SELECT job, succeeded_at FROM job_runs",
  );
  const at = (job: RoutineJob) => {
    const row = rows.find((candidate) => candidate.job === job);
    return row ? Number(row.succeeded_at) : null;
  };
  return { backup: at("backup"), purge: at("purge") };
}
