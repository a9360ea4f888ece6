/**
 * What the delivery queue holds, counted for the workspace's notices: messages that failed for good, and
 * e-mails still waiting while no SMTP server is set.
 */
import type { Queryable } from "../db/database.ts";
import { insecureMailServer } from "./smtp.ts";

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

/**
 * E-mails held back because the mail server could not be reached securely (no STARTTLS, a certificate
 * that cannot be trusted), with the reason their last attempt gave; null when none is. Read from the
 * queue, so every server process and the workspace see the same: it clears once they have gone.
 */
export async function insecureMailServerNotice(
  db: Queryable,
): Promise<{ waiting: number; reason: string } | null> {
  const rows = await db.all<{ last_error: string }>(
    `SELECT last_error FROM outbox
     WHERE channel = 'email' AND status IN ('queued', 'sending') AND last_error LIKE ?
     ORDER BY id DESC`,
    [`${insecureMailServer}%`],
  );
  const latest = rows[0];
  if (!latest) return null;
  return { waiting: rows.length, reason: latest.last_error.slice(insecureMailServer.length + 2) };
}
