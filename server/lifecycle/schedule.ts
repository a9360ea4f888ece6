import { type Database, isUnavailable } from "../db/database.ts";
import type { Logger } from "../observability/logger.ts";
import type { ErasureLedger } from "./ledger.ts";
import { type PurgeReport, purge } from "./purge.ts";

/** The server purges this often, besides once at start. */
export const purgeEveryMs = 60 * 60 * 1000;

export type Purging = {
  /** Runs a purge now (skipped when another process holds the lease); never throws. */
  runOnce(): Promise<PurgeReport | null>;
  stop(): void;
};

/**
 * Purges once now, before the server takes requests (so a database restored from a backup is purged
 * before anyone uses it), then every hour. `rateLimitWindowMs` is the longest rate-limit window in
 * use: a counter older than that no longer counts.
 */
export async function startPurging(options: {
  db: Database;
  logger: Logger;
  rateLimitWindowMs: number;
  /** How long a session may sit unused before it ends. */
  sessionIdleMs: number;
  everyMs?: number;
  clock?: () => number;
  /** The erasure ledger the purge's deletions are written to. */
  ledger?: ErasureLedger | undefined;
  /** Told of each run's report (null when it failed), for the metrics. */
  onReport?: (report: PurgeReport | null) => void;
}): Promise<Purging> {
  const { db, logger, everyMs = purgeEveryMs } = options;
  const clock = options.clock ?? Date.now;
  const { rateLimitWindowMs, sessionIdleMs } = options;
  let running: Promise<PurgeReport | null> | null = null;

  function runOnce(): Promise<PurgeReport | null> {
    running ??= purge(db, { asOf: clock(), clock, rateLimitWindowMs, sessionIdleMs, ledger: options.ledger })
      .then((report) => {
        if (report.stopped === "lease-lost") {
          logger.warn(
            { deleted: report.deleted, references: report.leads.map((lead) => lead.reference) },
            "retention purge stopped: its lease ran out and another process took it over",
          );
          return report;
        }
        if (
          report.ran &&
          (report.leads.length > 0 || Object.values(report.housekeeping).some((n) => n > 0))
        ) {
          logger.info(
            {
              deleted: report.deleted,
              references: report.leads.map((lead) => lead.reference),
              ...report.housekeeping,
            },
            "retention purge",
          );
        }
        return report;
      })
      .catch((error: unknown) => {
        // A database away for a failover is expected now and then: the purge simply waits for the next run.
        if (isUnavailable(error)) {
          logger.warn(
            { error: error instanceof Error ? error.message : String(error) },
            "retention purge skipped: the database is unavailable; the next run tries again",
          );
        } else {
          logger.error({ err: error }, "retention purge failed; the next run tries again");
        }
        return null;
      })
      .then((report) => {
        options.onReport?.(report);
        return report;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  await runOnce();
  const timer = setInterval(() => void runOnce(), everyMs);
  // The purge never keeps the process alive: shutting down simply stops it.
  timer.unref();
  return {
    runOnce,
    stop() {
      clearInterval(timer);
    },
  };
}
