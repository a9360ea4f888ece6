import { normaliseEmail } from "#core/email.ts";
import type { DeletionReason, LeadKind } from "#core/leads/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import { deleteDocumentsOf } from "../tables/documents.ts";
import { deleteInterviewsOf } from "../tables/interviews.ts";
import { deleteLeadSource } from "../tables/lead-sources.ts";
import { leadsFrom, removeLead } from "../tables/leads/lifecycle.ts";
import { deleteNotesOf } from "../tables/notes.ts";
import { deleteMessagesOf, deleteMessagesTo, lockMessagesOf } from "../tables/outbox.ts";
import { deleteRepliesTo } from "../tables/replies.ts";
import { liftSuppression } from "../tables/suppressions.ts";
import { clearDetails, recordEvent } from "../tables/timeline.ts";
import { leaveTombstone } from "../tables/tombstones.ts";
import { eraseAlertsOf } from "./alerts.ts";
import type { ErasureLedger } from "./ledger.ts";

/** What one deletion (or several, added up) removed. */
export type DeletionCounts = {
  /** Enquiries and applications. */
  records: number;
  enquiries: number;
  applications: number;
  /** CVs and other documents. */
  files: number;
  notes: number;
  /** Outbox rows, sent or not. */
  emails: number;
  /** Timeline entries whose detail was cleared (the entries themselves stay, with their dates). */
  timeline: number;
};

export const noDeletions: DeletionCounts = {
  records: 0,
  enquiries: 0,
  applications: 0,
  files: 0,
  notes: 0,
  emails: 0,
  timeline: 0,
};

/** Adds two sets of counts. */
export function addCounts(a: DeletionCounts, b: DeletionCounts): DeletionCounts {
  return {
    records: a.records + b.records,
    enquiries: a.enquiries + b.enquiries,
    applications: a.applications + b.applications,
    files: a.files + b.files,
    notes: a.notes + b.notes,
    emails: a.emails + b.emails,
    timeline: a.timeline + b.timeline,
  };
}

/** Counts as staff read them: "2 records (1 enquiry, 1 application), 1 file, 3 notes and 4 e-mails". */
export function describeCounts(counts: DeletionCounts): string {
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const kinds = [
    counts.enquiries ? plural(counts.enquiries, "enquiry", "enquiries") : "",
    counts.applications ? plural(counts.applications, "application") : "",
  ].filter(Boolean);
  const parts = [
    `${plural(counts.records, "record")}${kinds.length ? ` (${kinds.join(", ")})` : ""}`,
    plural(counts.files, "file"),
    plural(counts.notes, "note"),
    plural(counts.emails, "e-mail"),
  ];
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * Deletes one lead inside the caller's transaction: its row, its files, its notes, its outbox rows
 * (sent or not, so an unsent e-mail about the person is never sent), and the detail of its timeline
 * entries (their actions and dates stay). Leaves a tombstone and a 'deleted' entry on the timeline.
 * Resolves to null when the lead is already gone, as when another process deleted it first.
 */
export async function deleteLead(
  tx: Queryable,
  lead: { kind: LeadKind; reference: string },
  reason: DeletionReason,
  now: number,
  staffId: number | null = null,
): Promise<DeletionCounts | null> {
  let files = 0;
  if (lead.kind === "application") {
    files = await deleteDocumentsOf(tx, lead.reference);
  }
  const receivedAt = await removeLead(tx, lead.kind, lead.reference);
  if (receivedAt === null) return null;
  const notes = await deleteNotesOf(tx, lead.reference);
  const emails = await deleteMessagesOf(tx, lead.reference);
  await deleteLeadSource(tx, lead.reference);
  // The words of the replies sent from the workspace go with the lead's e-mails, and its interviews
  // (who, where, the applicant's answer) with it.
  await deleteRepliesTo(tx, lead.reference);
  await deleteInterviewsOf(tx, lead.reference);
  const timeline = await clearDetails(tx, lead.reference);
  await leaveTombstone(tx, {
    reference: lead.reference,
    kind: lead.kind,
    receivedAt,
    deletedAt: now,
    reason,
  });
  await recordEvent(tx, { reference: lead.reference, action: "deleted", staffId, detail: reason, now });
  return {
    records: 1,
    enquiries: lead.kind === "enquiry" ? 1 : 0,
    applications: lead.kind === "application" ? 1 : 0,
    files,
    notes,
    emails,
    timeline,
  };
}

/** Every lead sent from an address (any case), oldest first. */
export async function leadsOf(
  db: Queryable,
  email: string,
): Promise<{ kind: LeadKind; reference: string; created_at: number }[]> {
  return leadsFrom(db, normaliseEmail(email));
}

export type ErasureResult = DeletionCounts & {
  references: string[];
  /**
   * E-mails a mail worker had already taken to send when the erasure ran, and was still sending after
   * the erasure had waited for it: they may still arrive. Normally 0.
   */
  stillSending: number;
};

/** How long an erasure waits for e-mails a mail worker is sending at that moment to be sent or given back. */
export const inFlightWaitMs = 10_000;

/**
 * The person's e-mails a mail worker has taken to send and holds now (status 'sending', lease not
 * expired). On PostgreSQL the rows are locked too, so no worker can take one until this transaction ends
 * (the worker skips locked rows); on SQLite the transaction already keeps every other writer out.
 */
async function mailInFlight(
  tx: Queryable,
  sql: Database["sql"],
  address: string,
  references: string[],
  now: number,
): Promise<number> {
  const rows = await lockMessagesOf(tx, sql, { references, address });
  return rows.filter((row) => row.status === "sending" && Number(row.leaseUntil) > now).length;
}

/**
 * Erases everything held about an e-mail address (UK GDPR Article 17), in one transaction: every
 * enquiry and application sent from it, as deleteLead does, and any e-mail still addressed to it.
 * An e-mail a mail worker is sending at that very moment is waited for (up to inFlightWaitMs), so once
 * this resolves nothing more about the person is sent. The request is recorded with who made it, when
 * and how many records went, never the address.
 */
export async function eraseByEmail(
  db: Database,
  email: string,
  options: {
    now: number;
    staffId: number | null;
    clock?: () => number;
    waitMs?: number;
    /** Written to before the erasure commits, so a restored backup can repeat it (ledger.ts). */
    ledger?: ErasureLedger | undefined;
  },
): Promise<ErasureResult> {
  const address = normaliseEmail(email);
  const clock = options.clock ?? Date.now;
  const started = clock();
  for (;;) {
    const waiting = clock() - started < (options.waitMs ?? inFlightWaitMs);
    const result = await db.transaction(async (tx): Promise<ErasureResult | null> => {
      const leads = await leadsOf(tx, address);
      const inFlight = await mailInFlight(
        tx,
        db.sql,
        address,
        leads.map((lead) => lead.reference),
        clock(),
      );
      // Nothing has changed yet: ending here lets the worker finish, and the next try erases.
      if (inFlight > 0 && waiting) return null;
      let counts = noDeletions;
      const references: string[] = [];
      for (const lead of leads) {
        const deleted = await deleteLead(tx, lead, "erasure request", options.now, options.staffId);
        if (!deleted) continue;
        counts = addCounts(counts, deleted);
        references.push(lead.reference);
      }
      // Their job alerts, with everything queued or sent for them.
      const alertMail = await eraseAlertsOf(tx, address);
      // Mail to or from the address that belongs to no lead of theirs (none is expected; a safety net).
      const strays = await deleteMessagesTo(tx, address);
      // The block on their address, if it bounced: it is their address too, and goes with the rest.
      await liftSuppression(tx, address);
      counts = { ...counts, emails: counts.emails + alertMail + strays };
      const reason = "erasure request" as const;
      options.ledger?.record([
        { at: options.now, reason, email: options.ledger.emailHash(address) },
        ...references.map((reference) => ({ at: options.now, reason, reference })),
      ]);
      await recordEvent(tx, {
        action: "erasure-request",
        staffId: options.staffId,
        detail: `${describeCounts(counts)} erased${references.length ? `: ${references.join(", ")}` : ""}`,
        now: options.now,
      });
      return { ...counts, references, stillSending: inFlight };
    });
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
