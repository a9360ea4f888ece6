import type { Database } from "../db/database.ts";
import { createLeasedJob, type LeasedJob } from "../jobs/leased-job.ts";
import type { Logger } from "../observability/logger.ts";
import { type ClockRouting, queueClockMails } from "./reminders.ts";
import { queueSummaries } from "./summaries.ts";

/** How often the reply clock and the morning summaries look for what is due. */
export const followUpPollMs = 60_000;

/** The follow-up job: started and stopped with the server; `runOnce` resolves with how many e-mails it queued. */
export type FollowUp = LeasedJob;

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
  const { db, logger, routing, pollMs = followUpPollMs, clock, onQueued } = options;
  return createLeasedJob({
    db,
    logger,
    name: "follow-up",
    pollMs,
    clock,
    onQueued,
    work: async (now) => (await queueClockMails(db, routing, now)) + (await queueSummaries(db, routing, now)),
    failure: "reply clock run failed; the next run tries again",
    logMessage: "reply clock and summaries queued e-mails",
  });
}
