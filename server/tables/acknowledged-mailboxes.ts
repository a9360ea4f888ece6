/**
 * The owner of the `acknowledged_mailboxes` table: one row per mailbox (kept as a hash) that was sent
 * acknowledgements lately, with when (a comma-separated list of times) and the latest of them.
 */
import type { Queryable, Transaction } from "../db/database.ts";

/**
 * Takes the mailbox's row, adding it when new (on PostgreSQL, locked until the transaction commits);
 * resolves to the times it was sent acknowledgements lately (none for a new mailbox).
 */
export async function lockMailbox(tx: Queryable, mailbox: string, now: number): Promise<number[]> {
  const [row] = await tx.all<{ sent_at: string }>(
    `INSERT INTO acknowledged_mailboxes (mailbox, sent_at, last_sent_at) VALUES (?, '', ?)
     ON CONFLICT (mailbox) DO UPDATE SET mailbox = excluded.mailbox RETURNING sent_at`,
    [mailbox, now],
  );
  const sentAt = row?.sent_at ?? "";
  return sentAt ? sentAt.split(",").map(Number) : [];
}

/** Sets the mailbox's recent sending times and the latest of them, sent with the transaction's last statements. */
export function setSendingTimes(
  tx: Transaction,
  mailbox: string,
  sentAt: number[],
  lastSentAt: number,
): void {
  tx.send("UPDATE acknowledged_mailboxes SET sent_at = ?, last_sent_at = ? WHERE mailbox = ?", [
    sentAt.join(","),
    lastSentAt,
    mailbox,
  ]);
}

/** How many mailboxes were last sent an acknowledgement at or before `before` (for the purge's dry run). */
export async function countQuietMailboxes(db: Queryable, before: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    "SELECT COUNT(*) AS n FROM acknowledged_mailboxes WHERE last_sent_at <= ?",
    [before],
  );
  return Number(row?.n ?? 0);
}

/** Deletes the mailboxes last sent an acknowledgement at or before `before`; resolves with how many. */
export function deleteQuietMailboxes(db: Queryable, before: number): Promise<number> {
  return db.run("DELETE FROM acknowledged_mailboxes WHERE last_sent_at <= ?", [before]);
}
