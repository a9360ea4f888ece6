/**
 * The owner of the `claim_confirmations` table: the absolute claims a person confirmed, with evidence,
 * on the Ready to launch page (who, when, and their note).
 */
import type { Queryable } from "../db/database.ts";
import { nameOf } from "./staff.ts";

/** A confirmation as the page shows it. */
export type ClaimConfirmation = {
  claim: string;
  confirmedBy: number;
  /** Who confirmed it, by name (null: no longer on the team). */
  confirmedByName: string | null;
  confirmedAt: number;
  note: string;
};

type Row = { claim: string; confirmed_by: number; confirmed_at: number; note: string };

/** Every confirmation, the latest first. */
export async function allConfirmations(db: Queryable): Promise<ClaimConfirmation[]> {
  const rows = await db.all<Row>(
    "SELECT claim, confirmed_by, confirmed_at, note FROM claim_confirmations ORDER BY confirmed_at DESC, claim",
  );
  // A handful of rows, confirmed by one or two people: each name read once.
  const names = new Map<number, string | null>();
  for (const id of new Set(rows.map((row) => Number(row.confirmed_by)))) names.set(id, await nameOf(db, id));
  return rows.map((row) => ({
    claim: row.claim,
    confirmedBy: Number(row.confirmed_by),
    confirmedByName: names.get(Number(row.confirmed_by)) ?? null,
    confirmedAt: Number(row.confirmed_at),
    note: row.note,
  }));
}

/** Records that `claim` was confirmed (again, replacing an earlier confirmation of the same words). */
export async function keepConfirmation(
  db: Queryable,
  entry: { claim: string; by: number; note: string; now: number },
): Promise<void> {
  await db.run(
    `INSERT INTO claim_confirmations (claim, confirmed_by, confirmed_at, note) VALUES (?, ?, ?, ?)
     ON CONFLICT (claim) DO UPDATE SET confirmed_by = excluded.confirmed_by,
       confirmed_at = excluded.confirmed_at, note = excluded.note`,
    [entry.claim, entry.by, entry.now, entry.note],
  );
}
