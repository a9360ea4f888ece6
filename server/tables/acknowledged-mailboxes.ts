/**
 * The owner of the `acknowledged_mailboxes` table: one row per mailbox (kept as a hash) that was sent
 * acknowledgements or job alert sign-up e-mails lately, with when (a comma-separated list of times),
 * which of those were job alert confirmations, and the latest of them.
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

/** A mailbox as a job alert sign-up takes it: every recent e-mail to it, and of those the alert confirmations. */
export type AlertMailbox = { sentAt: number[]; alertSentAt: number[] };

const times = (value: string | undefined) => (value ? value.split(",").map(Number) : []);

/**
 * Takes the mailbox's row for a job alert sign-up, as lockMailbox does for an acknowledgement (added
 * when new; on PostgreSQL locked until the transaction commits), so sign-ups and submissions at once
 * spend its budget one after another.
 */
export async function lockAlertMailbox(tx: Queryable, mailbox: string, now: number): Promise<AlertMailbox> {
  const [row] = await tx.all<{ sent_at: string; alert_sent_at: string }>(
    `INSERT INTO acknowledged_mailboxes (mailbox, sent_at, last_sent_at) VALUES (?, '', ?)
     ON CONFLICT (mailbox) DO UPDATE SET mailbox = excluded.mailbox RETURNING sent_at, alert_sent_at`,
    [mailbox, now],
  );
  return { sentAt: times(row?.sent_at), alertSentAt: times(row?.alert_sent_at) };
}

/** Sets the mailbox's recent sending times, its alert confirmations' and the latest of all. */
export async function setAlertSendingTimes(
  tx: Queryable,
  mailbox: string,
  sent: AlertMailbox,
  lastSentAt: number,
): Promise<void> {
  await tx.run(
    "UPDATE acknowledged_mailboxes SET sent_at = ?, alert_sent_at = ?, last_sent_at = ? WHERE mailbox = ?",
    [sent.sentAt.join(","), sent.alertSentAt.join(","), lastSentAt, mailbox],
  );
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
