/**
 * The shape shared by the jobs that queue e-mails on a timer (the reply clock, the interview reminders,
 * the talent pool's question): each runs in every process, but each run first takes the job's lease, so
 * one process at a time does the work and the others skip that turn. The lease only saves work: each
 * e-mail is still queued at most once by its own conditional UPDATE, in the transaction that queues it,
 * so a lease that expires mid-run or a restart cannot send anything twice.
 */
import type { Queryable } from "../db/database.ts";
import type { Logger } from "../observability/logger.ts";
import { acquireLease, newHolder, releaseLease } from "./lease.ts";
import { createPoller } from "./poller.ts";

/** A started-and-stopped job that queues e-mails under a lease. */
export type LeasedJob = {
  start(): void;
  /** Stops; resolves when the run in hand (if any) has finished. */
  stop(): Promise<void>;
  /** Queues whatever is due now; resolves with how many e-mails it queued (0 when another process holds the lease). */
  runOnce(): Promise<number>;
  /** Asks for a run soon (when started), as when something it waits for has just happened. */
  wake(): void;
};

/** A poller whose every run holds the named lease while it does `work`, and logs what it queued. */
export function createLeasedJob(options: {
  db: Queryable;
  logger: Logger;
  /** The lease's name: one process at a time holds it. */
  name: string;
  pollMs: number;
  /** The clock; tests move it. */
  clock?: () => number;
  /** Queues what is due at `now`; resolves with how many e-mails it queued. */
  work: (now: number) => Promise<number>;
  /** The log message when a run fails (the next one tries again). */
  failure: string;
  /** The log message when a run queued e-mails. */
  logMessage: string;
  /** Called when e-mails were queued, so the delivery queue sends them at once. */
  onQueued?: () => void;
}): LeasedJob {
  const { db, logger, name, pollMs, work, failure, logMessage, onQueued } = options;
  const clock = options.clock ?? Date.now;
  const holder = newHolder();

  async function run(): Promise<number> {
    const now = clock();
    if (!(await acquireLease(db, name, holder, now, Math.max(pollMs, 60_000)))) return 0;
    try {
      const queued = await work(now);
      if (queued > 0) {
        logger.info({ queued }, logMessage);
        onQueued?.();
      }
      return queued;
    } finally {
      await releaseLease(db, name, holder);
    }
  }

  const poller = createPoller({ run, pollMs, logger, failure });
  return {
    start: () => poller.start(),
    async stop() {
      await poller.stop();
    },
    runOnce: poller.runOnce,
    wake: () => poller.wake(),
  };
}
