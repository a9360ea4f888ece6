/** Each lead's owner: set by routing when one person receives it, and changed on the lead's page. */
import { kindOfReference } from "#core/leads/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ownerIdOf, ownerOfLead, setOwner } from "../tables/leads/records.ts";
import { currentNameOf } from "../tables/staff.ts";
import { recordEvent } from "../tables/timeline.ts";
import { noLead, type Outcome } from "./inbox/commands.ts";

export { possibleOwners } from "../tables/staff.ts";

/** A lead's owner, by id and name (null: nobody), and when it was first answered. */
export async function ownerOf(
  db: Queryable,
  reference: string,
): Promise<{ ownerId: number | null; ownerName: string | null; answeredAt: number | null } | null> {
  const kind = kindOfReference(reference);
  if (!kind) return null;
  return ownerOfLead(db, kind, reference);
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
      name = await currentNameOf(tx, ownerId);
      if (name === null) return { ok: false, problem: "Choose someone on the team, or Nobody." };
    }
    const owner = await ownerIdOf(tx, kind, reference);
    if (!owner) return noLead;
    if (owner.ownerId === ownerId) return { ok: true, value: { name, changed: false } };
    // Not activity that keeps the lead longer (received, status, notes and mail do): only who owns it.
    await setOwner(tx, kind, reference, ownerId);
    await recordEvent(tx, { reference, action: "owner-changed", staffId, detail: name ?? "", now });
    return { ok: true, value: { name, changed: true } };
  });
}
