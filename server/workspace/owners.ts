/** Each lead's owner: set by routing when one person receives it, and changed on the lead's page. */
import { kindOfReference } from "#core/leads/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import { tableOf } from "../leads/model.ts";
import { recordEvent } from "../leads/timeline.ts";
import { noLead, type Outcome } from "./inbox/commands.ts";

/** Everyone who can own a lead: the team, without people whose access was removed, by name. */
export async function possibleOwners(db: Queryable): Promise<{ id: number; name: string }[]> {
  const rows = await db.all<{ id: number; name: string }>(
    "SELECT id, name FROM staff WHERE revoked_at IS NULL ORDER BY name, id",
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** A lead's owner, by id and name (null: nobody), and when it was first answered. */
export async function ownerOf(
  db: Queryable,
  reference: string,
): Promise<{ ownerId: number | null; ownerName: string | null; answeredAt: number | null } | null> {
  const kind = kindOfReference(reference);
  if (!kind) return null;
  const [row] = await db.all<{ owner_id: number | null; name: string | null; answered_at: number | null }>(
    `SELECT t.owner_id, s.name, t.answered_at FROM ${tableOf(kind)} t LEFT JOIN staff s ON s.id = t.owner_id
     WHERE t.reference = ?`,
    [reference],
  );
  if (!row) return null;
  return {
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    ownerName: row.name,
    answeredAt: row.answered_at === null ? null : Number(row.answered_at),
  };
}

/**
 * Gives a lead to a member of staff, or to nobody (null). A change is on the timeline, in the name of
 * the person who made it; the same owner again changes nothing.
 */
export async function assignOwner(
  db: Database,
  input: { reference: string; ownerId: number | null; staffId: number; now: number },
): Promise<Outcome<{ name: string | null; changed: boolean }>> {
  const { reference, ownerId, staffId, now } = input;
  const kind = kindOfReference(reference);
  if (!kind) return noLead;
  return db.transaction(async (tx) => {
    let name: string | null = null;
    if (ownerId !== null) {
      const [person] = await tx.all<{ name: string }>(
        "SELECT name FROM staff WHERE id = ? AND revoked_at IS NULL",
        [ownerId],
      );
      if (!person) return { ok: false, problem: "Choose someone on the team, or Nobody." };
      name = person.name;
    }
    const [row] = await tx.all<{ owner_id: number | null }>(
      `SELECT owner_id FROM ${tableOf(kind)} WHERE reference = ?`,
      [reference],
    );
    if (!row) return noLead;
    const current = row.owner_id === null ? null : Number(row.owner_id);
    if (current === ownerId) return { ok: true, value: { name, changed: false } };
    // Not activity that keeps the lead longer (received, status, notes and mail do): only who owns it.
    await tx.run(`UPDATE ${tableOf(kind)} SET owner_id = ? WHERE reference = ?`, [ownerId, reference]);
    await recordEvent(tx, { reference, action: "owner-changed", staffId, detail: name ?? "", now });
    return { ok: true, value: { name, changed: true } };
  });
}
