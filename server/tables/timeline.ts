/**
 * The owner of the `audit_log` table, the timeline: one row is one thing that happened, to a lead (its
 * reference) or to the site (no reference), who did it (a member of staff, or none for the website),
 * a short detail free of personal data, and when.
 */
import { type AuditAction, formerStaff } from "#core/leads/model.ts";
import type { Queryable, Transaction } from "../db/database.ts";

export type AuditEntry = {
  reference?: string | null;
  action: AuditAction;
  staffId?: number | null;
  /** Short and free of personal data: a status name, a file's field, a count. */
  detail?: string;
  now: number;
};

/** Adds one line to the audit log; inside the caller's transaction when given one. */
export async function recordEvent(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.run(
    "INSERT INTO audit_log (reference, action, staff_id, detail, created_at) VALUES (?, ?, ?, ?, ?)",
    [entry.reference ?? null, entry.action, entry.staffId ?? null, entry.detail ?? "", entry.now],
  );
}

/** Adds one line to the audit log with the transaction's last statements, without waiting for it. */
export function sendEvent(tx: Transaction, entry: AuditEntry): void {
  tx.send("INSERT INTO audit_log (reference, action, staff_id, detail, created_at) VALUES (?, ?, ?, ?, ?)", [
    entry.reference ?? null,
    entry.action,
    entry.staffId ?? null,
    entry.detail ?? "",
    entry.now,
  ]);
}

/** Rows per INSERT of recordEvents, each a power of two, so only a few statement shapes are ever prepared. */
const batchSizes = [512, 256, 128, 64, 32, 16, 8, 4, 2, 1];

/**
 * Adds many lines to the audit log (an export's line on each lead it contained) in a few multi-row
 * statements; inside the caller's transaction when given one, so they are all kept or none is.
 */
export async function recordEvents(db: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  let next = 0;
  for (const size of batchSizes) {
    while (entries.length - next >= size) {
      const batch = entries.slice(next, next + size);
      next += size;
      await db.run(
        `INSERT INTO audit_log (reference, action, staff_id, detail, created_at) VALUES ${batch.map(() => "(?, ?, ?, ?, ?)").join(", ")}`,
        batch.flatMap((entry) => [
          entry.reference ?? null,
          entry.action,
          entry.staffId ?? null,
          entry.detail ?? "",
          entry.now,
        ]),
      );
    }
  }
}

/** One line of a lead's timeline: what happened, who did it (null: the website itself), when. */
export type TimelineEvent = {
  id: number;
  action: AuditAction;
  detail: string;
  who: string | null;
  at: number;
};

/** A lead's timeline, with who did each thing (null when the website did it on its own). */
export async function leadTimeline(db: Queryable, reference: string): Promise<TimelineEvent[]> {
  const rows = await db.all<{
    id: number;
    action: AuditAction;
    detail: string;
    name: string | null;
    staff_id: number | null;
    created_at: number;
  }>(
    `SELECT a.id, a.action, a.detail, s.name, a.staff_id, a.created_at FROM audit_log a
     LEFT JOIN staff s ON s.id = a.staff_id WHERE a.reference = ? ORDER BY a.created_at, a.id`,
    [reference],
  );
  return rows.map((event) => ({
    id: Number(event.id),
    action: event.action,
    detail: event.detail,
    who: event.name ?? (event.staff_id === null ? null : formerStaff),
    at: Number(event.created_at),
  }));
}

/**
 * When a stage e-mail with one of `details` (the stage it was for) was last sent to a lead, counting
 * only those sent at or after `since`; null when none was.
 */
export async function stageEmailSentSince(
  db: Queryable,
  reference: string,
  details: readonly string[],
  since: number,
): Promise<number | null> {
  const [sent] = await db.all<{ at: number | null }>(
    `SELECT MAX(created_at) AS at FROM audit_log
     WHERE reference = ? AND action = 'stage-email-sent' AND detail IN (${details.map(() => "?").join(", ")})
       AND created_at >= ?`,
    [reference, ...details, since],
  );
  return sent?.at === null || sent?.at === undefined ? null : Number(sent.at);
}

/**
 * Clears the detail of a deleted lead's timeline lines (their actions and dates stay), inside the
 * deletion's transaction; resolves to how many lines had one.
 */
export async function clearDetails(tx: Queryable, reference: string): Promise<number> {
  return tx.run("UPDATE audit_log SET detail = '' WHERE reference = ? AND detail <> ''", [reference]);
}
