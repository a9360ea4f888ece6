/**
 * What the delivery queue holds, counted for the workspace's notices: messages that failed for good, and
 * e-mails still waiting while no SMTP server is set.
 */
import type { Queryable } from "../db/database.ts";
import {
  failedCount,
  referencesWithFailures,
  waitingEmailCount,
  waitingEmailErrors,
} from "../tables/outbox.ts";
import { insecureMailServer } from "./smtp.ts";

/** Messages (e-mails and webhooks) that failed for good, newest first: the workspace shows a notice. */
export async function failedDeliveries(
  db: Queryable,
  limit = 5,
): Promise<{ count: number; references: string[] }> {
  const count = await failedCount(db);
  return { count, references: await referencesWithFailures(db, limit) };
}

/** E-mails waiting in the delivery queue (not yet sent, not failed): shown while no SMTP server is set. */
export function waitingEmails(db: Queryable): Promise<number> {
  return waitingEmailCount(db);
}

/**
 * E-mails held back because the mail server could not be reached securely (no STARTTLS, a certificate
 * that cannot be trusted), with the reason their last attempt gave; null when none is. Read from the
 * queue, so every server process and the workspace see the same: it clears once they have gone.
 */
export async function insecureMailServerNotice(
  db: Queryable,
): Promise<{ waiting: number; reason: string } | null> {
  const errors = await waitingEmailErrors(db, insecureMailServer);
  const latest = errors[0];
  if (latest === undefined) return null;
  return { waiting: errors.length, reason: latest.slice(insecureMailServer.length + 2) };
}
