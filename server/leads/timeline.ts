import type { AuditAction } from "#core/leads/model.ts";
import type { Queryable, Transaction } from "../db/database.ts";

export type { AuditAction };

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
