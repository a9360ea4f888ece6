/**
 * After a restore: the erasure ledger's deletions repeated on the restored database, so nobody erased
 * since the backup comes back (docs/decisions/010-personal-data-lifecycle.md).
 */

import { type DeletionReason, type LeadKind, leadKinds } from "#core/leads/model.ts";
import type { Database } from "../db/database.ts";
import { everyAlert } from "../tables/job-alerts.ts";
import { everyLeadOf } from "../tables/leads/lifecycle.ts";
import { deleteMessage, messageAddresses } from "../tables/outbox.ts";
import { deleteAlertRows } from "./alerts.ts";
import { addCounts, type DeletionCounts, deleteLead, noDeletions } from "./erase.ts";
import type { ErasureLedger } from "./ledger.ts";

/**
 * Repeats every deletion in the ledger on a database restored from a backup: each lead named by
 * reference, each job alert named by id, and each lead or alert from an erased address made before its
 * erasure (matched by the keyed hash of its address). Whatever is gone already is skipped, so it is safe
 * to run again, and the server does so at every start. A torn ledger line is skipped and passed to
 * `onSkipped`.
 */
export async function replayLedger(
  db: Database,
  ledger: ErasureLedger,
  now: number,
  onSkipped?: (line: number) => void,
): Promise<DeletionCounts & { references: string[] }> {
  const entries = ledger.read(onSkipped);
  if (entries.length === 0) return { ...noDeletions, references: [] };
  const erasedAt = new Map<string, number>();
  const references = new Map<string, DeletionReason>();
  const alerts = new Set<string>();
  for (const entry of entries) {
    if ("reference" in entry) references.set(entry.reference, entry.reason);
    else if ("alert" in entry) alerts.add(entry.alert);
    else erasedAt.set(entry.email, Math.max(erasedAt.get(entry.email) ?? 0, entry.at));
  }
  const due: { kind: LeadKind; reference: string; reason: DeletionReason }[] = [];
  for (const { value: kind } of leadKinds) {
    for (const row of await everyLeadOf(db, kind)) {
      const reason = references.get(row.reference);
      const erased = erasedAt.get(ledger.emailHash(row.email));
      if (reason) due.push({ kind, reference: row.reference, reason });
      else if (erased !== undefined && Number(row.created_at) <= erased)
        due.push({ kind, reference: row.reference, reason: "erasure request" });
    }
  }
  let counts = noDeletions;
  const deleted: string[] = [];
  for (const lead of due) {
    const result = await db.transaction((tx) => deleteLead(tx, lead, lead.reason, now));
    if (result) {
      counts = addCounts(counts, result);
      deleted.push(lead.reference);
    }
  }
  // Job alerts their people left (or that lapsed), and those of an erased address made before its erasure.
  let alertEmails = 0;
  for (const row of await everyAlert(db)) {
    const erased = erasedAt.get(ledger.emailHash(row.email));
    if (alerts.has(row.id) || (erased !== undefined && row.createdAt <= erased)) {
      alertEmails += await db.transaction((tx) => deleteAlertRows(tx, row.id));
    }
  }
  // Mail to or from an erased address that belongs to no lead (the erasure deletes those too).
  let strays = 0;
  if (erasedAt.size > 0) {
    for (const row of await messageAddresses(db)) {
      const erased = [row.to, row.replyTo]
        .filter((address): address is string => Boolean(address))
        .map((address) => erasedAt.get(ledger.emailHash(address)))
        .find((at) => at !== undefined);
      if (erased !== undefined && row.createdAt <= erased) strays += await deleteMessage(db, row.id);
    }
  }
  return { ...counts, emails: counts.emails + strays + alertEmails, references: deleted };
}
