/**
 * The owner of the `staff_mail` table: one row per e-mail a member of staff wrote to the person behind a
 * lead, whichever screen sent it, with who wrote it, to which lead and when. It keeps no words (those
 * are in `replies` or the outbox) and lives a day: the caps it counts look back no further.
 */
import type { Queryable } from "../db/database.ts";

/** What kind of e-mail a member of staff wrote: each counts the same against the caps. */
export type StaffMailKind = "reply" | "stage" | "not-this-time" | "interview";

/** Records one e-mail a member of staff wrote to the person behind `reference`. */
export async function recordStaffMail(
  db: Queryable,
  mail: { staffId: number; reference: string; kind: StaffMailKind; now: number },
): Promise<void> {
  await db.run("INSERT INTO staff_mail (staff_id, reference, kind, sent_at) VALUES (?, ?, ?, ?)", [
    mail.staffId,
    mail.reference,
    mail.kind,
    mail.now,
  ]);
}

/** How many e-mails staff have written to the person behind a lead since `since` (by every process). */
export async function countStaffMailTo(db: Queryable, reference: string, since: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    "SELECT COUNT(*) AS n FROM staff_mail WHERE reference = ? AND sent_at > ?",
    [reference, since],
  );
  return Number(row?.n ?? 0);
}

/** How many e-mails a member of staff has written since `since` (by every process). */
export async function countStaffMailBy(db: Queryable, staffId: number, since: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    "SELECT COUNT(*) AS n FROM staff_mail WHERE staff_id = ? AND sent_at > ?",
    [staffId, since],
  );
  return Number(row?.n ?? 0);
}

/** How many rows are older than `before`: what the purge would delete. */
export async function countOldStaffMail(db: Queryable, before: number): Promise<number> {
  const [row] = await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM staff_mail WHERE sent_at <= ?", [
    before,
  ]);
  return Number(row?.n ?? 0);
}

/** Deletes the rows older than `before`, which no cap counts any more; resolves to how many went. */
export function deleteOldStaffMail(db: Queryable, before: number): Promise<number> {
  return db.run("DELETE FROM staff_mail WHERE sent_at <= ?", [before]);
}
