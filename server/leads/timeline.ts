import type { AuditAction } from "../../app/lib/leads/model.ts";
import type { Queryable } from "../db/database.ts";

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
