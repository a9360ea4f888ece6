/**
 * The owner of the `notes` table: one row is one note a member of staff wrote on a lead (its
 * reference), with who wrote it and when.
 */
import { formerStaff } from "#core/leads/model.ts";
import type { Queryable } from "../db/database.ts";

/** A note as the lead's page and the person's archive read it, with its author's name. */
export type LeadNote = { id: number; author: string; body: string; createdAt: number };

/** A lead's notes, with their authors' names (kept after a member of staff is removed). */
export async function leadNotes(db: Queryable, reference: string): Promise<LeadNote[]> {
  const rows = await db.all<{ id: number; name: string | null; body: string; created_at: number }>(
    `SELECT n.id, s.name, n.body, n.created_at FROM notes n LEFT JOIN staff s ON s.id = n.staff_id
     WHERE n.reference = ? ORDER BY n.created_at, n.id`,
    [reference],
  );
  return rows.map((note) => ({
    id: Number(note.id),
    author: note.name ?? formerStaff,
    body: note.body,
    createdAt: Number(note.created_at),
  }));
}

/** Adds a note to a lead in a member of staff's name, inside the caller's transaction. */
export async function saveNote(
  tx: Queryable,
  note: { reference: string; staffId: number; body: string; now: number },
): Promise<void> {
  await tx.run("INSERT INTO notes (reference, staff_id, body, created_at) VALUES (?, ?, ?, ?)", [
    note.reference,
    note.staffId,
    note.body,
    note.now,
  ]);
}

/** Deletes a lead's notes, inside the deletion's transaction; resolves to how many there were. */
export async function deleteNotesOf(tx: Queryable, reference: string): Promise<number> {
  return tx.run("DELETE FROM notes WHERE reference = ?", [reference]);
}
