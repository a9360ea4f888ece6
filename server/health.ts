import { statfs } from "node:fs/promises";
import { type HealthCheck, type HealthFacts, healthChecks } from "#core/staff/health.ts";
import type { Queryable } from "./db/database.ts";
import { outboxBacklog } from "./delivery/outbox.ts";
import { type FormName, serverErrorMemoryMs } from "./metrics.ts";
import { lastJobRuns } from "./tables/job-runs.ts";

/** How full the disk holding `folder` is, in per cent, as the monitoring's disk alert reckons it. */
export async function diskPercentUsed(folder: string): Promise<number | null> {
  try {
    const disk = await statfs(folder);
    if (disk.blocks === 0) return null;
    return (1 - disk.bavail / disk.blocks) * 100;
  } catch {
    return null;
  }
}

/**
 * The workspace's Health page: the site's own state read where the site keeps it (the database for the
 * delivery queue, the backup and the purge; this process for the forms' errors; the data folder's disk),
 * put in words by core/staff/health.ts.
 */
export function createHealth(options: {
  db: Queryable;
  /** Whether a mail server is set. */
  mailConfigured: boolean;
  /** The folder the site writes to (DATA_DIR), whose disk is checked. */
  dataDir: string;
  /** Each form's server errors since a time, as this process counted them (metrics.ts). */
  formServerErrors: (since: number) => Record<FormName, number>;
  now?: () => number;
}) {
  const { db, mailConfigured, dataDir, formServerErrors } = options;
  const clock = options.now ?? Date.now;

  /** What the site knows of itself now. */
  async function facts(): Promise<HealthFacts> {
    const now = clock();
    const [backlog, runs, diskPercent] = await Promise.all([
      outboxBacklog(db, now),
      lastJobRuns(db),
      diskPercentUsed(dataDir),
    ]);
    return {
      now,
      backupAt: runs.backup,
      purgeAt: runs.purge,
      mail: {
        configured: mailConfigured,
        waiting: backlog.waiting,
        oldestWaitingSeconds: backlog.oldestWaitingSeconds,
        failed: backlog.failed,
      },
      // The last 24 hours, all this process remembers.
      formErrors: formServerErrors(now - serverErrorMemoryMs),
      diskPercent,
    };
  }

  return {
    /** Every check, those that need someone first. */
    async checks(): Promise<HealthCheck[]> {
      return healthChecks(await facts());
    },
  };
}

export type Health = ReturnType<typeof createHealth>;
