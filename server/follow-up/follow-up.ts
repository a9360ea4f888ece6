import type { Database } from "../db/database.ts";
import { acquireLease, newHolder, releaseLease } from "../jobs/lease.ts";
import { createPoller } from "../jobs/poller.ts";
import type { Logger } from "../observability/logger.ts";
import { type ClockRouting, queueClockMails } from "./reminders.ts";
import { queueSummaries } from "./summaries.ts";

/** How often the reply clock and the morning summaries look for what is due. */
export const followUpPollMs = 60_000;
const leaseName = "follow-up";

export type FollowUp = {
  start(): void;
  /** Stops; resolves when the run in hand (if any) has finished. */
  stop(): Promise<void>;
  /** Queues whatever is due now; resolves with how many e-mails it queued (0 when another process holds the lease). */
  runOnce(): Promise<number>;
};

/**
 * The reply clock's reminders and escalations and the morning summaries, run every minute in each
 * process. One process at a time does the work (the "follow-up" lease); each e-mail is in any case
 * queued at most once, by a conditional update in the transaction that queues it.
 */
export function createFollowUp(options: {
  db: Database;
  logger: Logger;
  routing: ClockRouting;
  pollMs?: number;
  /** The clock; tests move it. */
  clock?: () => number;
  /** Called when e-mails were queued, so the delivery queue sends them at once. */
  onQueued?: () => void;
}): FollowUp {
  const { db, logger, routing, pollMs = followUpPollMs, onQueued } = options;
  const clock = options.clock ?? Date.now;
  const holder = newHolder();

  async function run(): Promise<number> {
    const now = clock();
    if (!(await acquireLease(db, leaseName, holder, now, Math.max(pollMs, 60_000)))) return 0;
    try {
      const queued = (await queueClockMails(db, routing, now)) + (await queueSummaries(db, routing, now));
      if (queued > 0) {
        logger.info({ queued }, "reply clock and summaries queued e-mails");
        onQueued?.();
      }
      return queued;
    } finally {
      await releaseLease(db, leaseName, holder);
    }
  }

  const poller = createPoller({
    run,
    pollMs,
    logger,
    failure: "reply clock run failed; the next run tries again",
  });
  return {
    start: () => poller.start(),
    async stop() {
      await poller.stop();
    },
    runOnce: poller.runOnce,
  };
}
