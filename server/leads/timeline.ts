import type { Queryable } from "../db/database.ts";

/** What can happen to a lead, or in the workspace, and is kept in the audit log. */
export type AuditAction =
  | "received"
  | "opened"
  | "mail-sent"
  | "mail-failed"
  | "mail-retried"
  | "status-changed"
  | "note-added"
  | "ni-revealed"
  | "document-downloaded"
  | "exported"
  | "consent-recorded"
  | "consent-withdrawn"
  | "staff-invited"
  | "staff-revoked"
  | "signed-in"
  // The personal-data lifecycle: a lead deleted (detail: the reason), a person's data downloaded or
  // erased (detail: how many records), and a purge run that deleted something (detail: counts).
  | "deleted"
  | "access-request"
  | "erasure-request"
  | "purged";

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
