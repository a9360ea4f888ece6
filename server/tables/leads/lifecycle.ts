/**
 * The lead tables (`enquiries`, `applications`; see records.ts) as the retention rules and erasure read
 * and delete them: each lead's retention facts, the leads sent from an address, and the deletion of a
 * lead's row.
 */
import type { LeadKind } from "#core/leads/model.ts";
import type { Queryable } from "../../db/database.ts";
import { tableOf } from "./records.ts";

/**
 * A lead's facts for the retention rules, with the latest of its notes and of its sent e-mails (read
 * from `notes` and `outbox` in the same statement).
 */
export type RetentionRow = {
  reference: string;
  status: string;
  created_at: number;
  status_changed_at: number | null;
  last_activity_at: number;
  keep_consent_at: number | null;
  last_note_at: number | null;
  last_mail_at: number | null;
};

// The talent pool's question before an agreement runs out is no activity: were it one, asking would keep
// the person for another period, and a member who never answers would never be deleted on time.
function retentionQuery(kind: LeadKind, where = ""): string {
  const consent = kind === "application" ? "t.keep_consent_at" : "NULL AS keep_consent_at";
  return `SELECT t.reference, t.status, t.created_at, t.status_changed_at, t.last_activity_at, ${consent},
      (SELECT MAX(n.created_at) FROM notes n WHERE n.reference = t.reference) AS last_note_at,
      (SELECT MAX(o.sent_at) FROM outbox o WHERE o.reference = t.reference AND o.purpose <> 'pool-renewal') AS last_mail_at
    FROM ${tableOf(kind)} t ${where}`;
}

/** One lead's retention facts, or null when it no longer exists. */
export async function retentionRowOf(
  db: Queryable,
  kind: LeadKind,
  reference: string,
): Promise<RetentionRow | null> {
  const [row] = await db.all<RetentionRow>(retentionQuery(kind, "WHERE t.reference = ?"), [reference]);
  return row ?? null;
}

/** Every lead of a kind, with its retention facts. */
export function retentionRows(db: Queryable, kind: LeadKind): Promise<RetentionRow[]> {
  return db.all<RetentionRow>(retentionQuery(kind));
}

/** Deletes a lead's row; resolves to when it was received, or null when it was already gone. */
export async function removeLead(db: Queryable, kind: LeadKind, reference: string): Promise<number | null> {
  const [gone] = await db.all<{ created_at: number }>(
    `DELETE FROM ${tableOf(kind)} WHERE reference = ? RETURNING created_at`,
    [reference],
  );
  return gone ? Number(gone.created_at) : null;
}

/** Every lead sent from an address (normalised: lower case), oldest first. */
export async function leadsFrom(
  db: Queryable,
  address: string,
): Promise<{ kind: LeadKind; reference: string; created_at: number }[]> {
  const enquiries = await db.all<{ reference: string; created_at: number }>(
    "SELECT reference, created_at FROM enquiries WHERE LOWER(email) = ?",
    [address],
  );
  const applications = await db.all<{ reference: string; created_at: number }>(
    "SELECT reference, created_at FROM applications WHERE LOWER(email) = ?",
    [address],
  );
  return [
    ...enquiries.map((row) => ({ kind: "enquiry" as const, ...row })),
    ...applications.map((row) => ({ kind: "application" as const, ...row })),
  ].sort((a, b) => Number(a.created_at) - Number(b.created_at));
}

/** Every lead of a kind: its reference, the address it came from and when it arrived. */
export function everyLeadOf(
  db: Queryable,
  kind: LeadKind,
): Promise<{ reference: string; email: string; created_at: number }[]> {
  return db.all<{ reference: string; email: string; created_at: number }>(
    `SELECT reference, email, created_at FROM ${tableOf(kind)}`,
  );
}
