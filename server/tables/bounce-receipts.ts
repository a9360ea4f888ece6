/**
 * The owner of the `bounce_receipts` table: one row per bounce read from the bounce mailbox and applied,
 * keyed by a hash of the bounce, with the reference of the message it was about and when it was read.
 * It holds no address or words: only enough to apply each bounce once.
 */
import type { Queryable } from "../db/database.ts";

/**
 * Records a bounce as applied, inside the transaction that applies it; resolves to false when it had
 * been applied already (by this process before a restart, or by another), and nothing more should be done.
 */
export async function recordReceipt(
  tx: Queryable,
  receipt: { key: string; reference: string; now: number },
): Promise<boolean> {
  const rows = await tx.all<{ receipt: string }>(
    `INSERT INTO bounce_receipts (receipt, reference, received_at) VALUES (?, ?, ?)
     ON CONFLICT (receipt) DO NOTHING RETURNING receipt`,
    [receipt.key, receipt.reference, receipt.now],
  );
  return rows.length === 1;
}

/** True when this bounce was applied already. */
export async function hasReceipt(db: Queryable, key: string): Promise<boolean> {
  const rows = await db.all<{ receipt: string }>("SELECT receipt FROM bounce_receipts WHERE receipt = ?", [
    key,
  ]);
  return rows.length === 1;
}

/** Deletes the receipts of the bounces about a reference (its lead or alert is being deleted). */
export function deleteReceiptsOf(tx: Queryable, reference: string): Promise<number> {
  return tx.run("DELETE FROM bounce_receipts WHERE reference = ?", [reference]);
}

/** Deletes the receipts read before `before`: by then each bounce has long left the mailbox. */
export function deleteReceiptsBefore(db: Queryable, before: number): Promise<number> {
  return db.run("DELETE FROM bounce_receipts WHERE received_at < ?", [before]);
}
