/**
 * What the delivery queue holds, counted for the workspace's notices: messages that failed for good, and
 * e-mails still waiting while no SMTP server is set.
 */
import type { Queryable } from "../db/database.ts";

/** Messages (e-mails and webhooks) that failed for good, newest first: the workspace shows a notice. */
export async function failedDeliveries(
  db: Queryable,
  limit = 5,
): Promise<{ count: number; references: string[] }> {
  const [total] = await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE status = 'failed'");
  const rows = await db.all<{ reference: string }>(
    // A morning summary (reference '') is about no lead, so there is no lead to link to.
    "SELECT reference, MAX(id) AS latest FROM outbox WHERE status = 'failed' AND reference <> '' GROUP BY reference ORDER BY latest DESC LIMIT ?",
    [limit],
  );
  return { count: Number(total?.n ?? 0), references: rows.map((row) => row.reference) };
}

/** E-mails waiting in the delivery queue (not yet sent, not failed): shown while no SMTP server is set. */
export async function waitingEmails(db: Queryable): Promise<number> {
  const [row] = await db.all<{ n: unknown }>(
    "SELECT COUNT(*) AS n FROM outbox WHERE channel = 'email' AND status IN ('queued', 'sending')",
  );
  return Number(row?.n ?? 0);
}
