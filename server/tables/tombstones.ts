/**
 * The owner of the `tombstones` table: one row is what is kept of a deleted lead (its reference, kind,
 * when it came, when it went and why), so staff can still answer "what happened to APP-…?". Written by
 * deleteLead (server/lifecycle/erase.ts) and read by the workspace, which the composition root hands
 * `tombstoneOf`, as features do not import one another.
 */
import type { DeletionReason, LeadKind, Tombstone } from "#core/leads/model.ts";
import type { Queryable } from "../db/database.ts";

/** Leaves a deleted lead's tombstone, inside the deletion's transaction; a second one for it is ignored. */
export async function leaveTombstone(tx: Queryable, tombstone: Tombstone): Promise<void> {
  await tx.run(
    `INSERT INTO tombstones (reference, kind, received_at, deleted_at, reason) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (reference) DO NOTHING`,
    [tombstone.reference, tombstone.kind, tombstone.receivedAt, tombstone.deletedAt, tombstone.reason],
  );
}

/** The tombstone of a deleted lead, to answer "what happened to APP-...?"; null when none was deleted. */
export async function tombstoneOf(db: Queryable, reference: string): Promise<Tombstone | null> {
  const [row] = await db.all<{
    reference: string;
    kind: LeadKind;
    received_at: number;
    deleted_at: number;
    reason: DeletionReason;
  }>("SELECT reference, kind, received_at, deleted_at, reason FROM tombstones WHERE reference = ?", [
    reference,
  ]);
  if (!row) return null;
  return {
    reference: row.reference,
    kind: row.kind,
    receivedAt: Number(row.received_at),
    deletedAt: Number(row.deleted_at),
    reason: row.reason,
  };
}
