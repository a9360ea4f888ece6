/**
 * What staff do to one lead from its page: open it (and read it), change its status, add a note, reveal
 * the National Insurance number, record the applicant's consent, send a failed e-mail again and download
 * a document. Each is on the lead's timeline.
 */
import { characterProblem } from "#core/characters.ts";
import {
  isStatusOf,
  kindOfReference,
  type LeadStatus,
  noteMaxLength,
  spacedNiNumber,
} from "#core/leads/model.ts";
import type { Database, Queryable } from "../../db/database.ts";
import {
  maskedNiNumber,
  readLead,
  type StoredApplication,
  type StoredDocument,
  type StoredEnquiry,
} from "../../leads/lead.ts";
import { decryptNiNumber, type NiKeys } from "../../leads/protect.ts";
import { documentOfApplication } from "../../tables/documents.ts";
import { keepConsentOf, niNumberOf, setKeepConsentAt } from "../../tables/leads/applications.ts";
import { leadExists, markOpened, setStatus, statusOf, touchActivity } from "../../tables/leads/records.ts";
import { saveNote } from "../../tables/notes.ts";
import { requeueFailed } from "../../tables/outbox.ts";
import { recordEvent } from "../../tables/timeline.ts";

/** A document as the lead's page lists it: its content type only matters to the person's archive. */
export type LeadDocument = Omit<StoredDocument, "contentType">;

/** What the lead's page never shows, or reads on its own (the replies). */
type NotOnThePage = "sentWith" | "replies";

/** Everything the workspace shows about one lead; the NI number masked, the number itself only through a reveal. */
export type LeadDetail =
  | Omit<StoredEnquiry, NotOnThePage>
  | (Omit<StoredApplication, NotOnThePage | "niNumber" | "documents"> & {
      /** "AB •• •• •• C". */
      niNumberMasked: string;
      documents: LeadDocument[];
    });

/** A refusal with words for the person, for a 4xx; `missing` when the lead or thing does not exist. */
export type Outcome<T = null> = { ok: true; value: T } | { ok: false; missing?: boolean; problem: string };

/** The refusal for a reference no lead has, or no longer has. */
export const noLead = { ok: false, missing: true, problem: "There is no lead with that reference." } as const;

/**
 * Everything the lead's page shows about one lead, the NI number masked, or null when there is none
 * with this reference. Read by the one reader of a lead (server/leads/lead.ts); its replies and the
 * browser it came from are left out, as the page reads the replies on their own and never shows the rest.
 */
export async function getLead(db: Queryable, niKey: NiKeys, reference: string): Promise<LeadDetail | null> {
  const lead = await readLead(db, reference, maskedNiNumber(niKey));
  if (!lead) return null;
  if (lead.kind === "enquiry") {
    const { sentWith: _sentWith, replies: _replies, ...enquiry } = lead;
    return enquiry;
  }
  const { sentWith: _sentWith, replies: _replies, niNumber, documents, ...application } = lead;
  return {
    ...application,
    niNumberMasked: niNumber,
    documents: documents.map(({ contentType: _contentType, ...document }) => document),
  };
}

/** Marks a lead opened the first time anyone in the workspace opens it, and records that. */
export async function openLead(db: Database, reference: string, staffId: number, now: number): Promise<void> {
  const kind = kindOfReference(reference);
  if (!kind) return;
  await db.transaction(async (tx) => {
    if (await markOpened(tx, kind, reference, now))
      await recordEvent(tx, { reference, action: "opened", staffId, now });
  });
}

/**
 * Moves a lead to another status. The status, when it changed, the lead's last activity and the
 * timeline's line are written in one transaction: all of them or none.
 */
export async function changeStatus(
  db: Database,
  input: { reference: string; status: string; staffId: number; now: number },
): Promise<Outcome<{ from: LeadStatus; to: LeadStatus }>> {
  const { reference, staffId, now } = input;
  const kind = kindOfReference(reference);
  if (!kind) return noLead;
  const status = input.status;
  if (!isStatusOf(kind, status)) {
    return {
      ok: false,
      problem: `Choose one of the statuses an ${kind} can have.`,
    };
  }
  return db.transaction(async (tx) => {
    const from = await statusOf(tx, kind, reference);
    if (from === null) return noLead;
    if (from === status) return { ok: true, value: { from, to: status } };
    // Moving on from New answers the lead for the reply clock (Spam only stops the clock).
    const answers = from === "new" && status !== "spam";
    await setStatus(tx, kind, { reference, status, answers, now });
    await recordEvent(tx, {
      reference,
      action: "status-changed",
      staffId,
      detail: `${from} → ${status}`,
      now,
    });
    return { ok: true, value: { from, to: status } };
  });
}

/** Adds a note to a lead, in the name of the member of staff; the lead counts as worked on now. */
export async function addNote(
  db: Database,
  input: { reference: string; body: string; staffId: number; now: number },
): Promise<Outcome> {
  const { reference, staffId, now } = input;
  const kind = kindOfReference(reference);
  if (!kind) return noLead;
  const body = input.body.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  if (!body) return { ok: false, problem: "Write the note before adding it." };
  if (body.length > noteMaxLength) {
    return { ok: false, problem: `Notes can be up to ${noteMaxLength} characters long.` };
  }
  // The one rule for the characters of all free text (core/characters.ts).
  const problem = characterProblem(body, "The note", "lines");
  if (problem) return { ok: false, problem };
  return db.transaction(async (tx) => {
    if (!(await leadExists(tx, kind, reference))) return noLead;
    await saveNote(tx, { reference, staffId, body, now });
    await touchActivity(tx, kind, reference, now);
    await recordEvent(tx, { reference, action: "note-added", staffId, now });
    return { ok: true, value: null };
  });
}

/**
 * An applicant's National Insurance number, decrypted for one member of staff. The reveal is on the
 * timeline before the number is handed back.
 */
export async function revealNiNumber(
  db: Database,
  niKey: NiKeys,
  input: { reference: string; staffId: number; now: number },
): Promise<Outcome<string>> {
  const { reference, staffId, now } = input;
  if (kindOfReference(reference) !== "application") return noLead;
  const stored = await niNumberOf(db, reference);
  if (stored === null) return noLead;
  let plain: string;
  try {
    plain = decryptNiNumber(stored, niKey);
  } catch {
    return { ok: false, problem: "This number cannot be read with the server's current key." };
  }
  await recordEvent(db, { reference, action: "ni-revealed", staffId, now });
  return { ok: true, value: spacedNiNumber(plain) };
}

/**
 * Records whether the applicant agreed to be kept on file for future roles (the date they agreed is
 * kept), or takes that agreement back. Changes are on the timeline.
 */
export async function setKeepConsent(
  db: Database,
  input: { reference: string; agreed: boolean; staffId: number; now: number },
): Promise<Outcome<{ keepConsentAt: number | null }>> {
  const { reference, agreed, staffId, now } = input;
  if (kindOfReference(reference) !== "application") return noLead;
  return db.transaction(async (tx) => {
    const consent = await keepConsentOf(tx, reference);
    if (!consent) return noLead;
    const current = consent.keepConsentAt;
    if ((current !== null) === agreed) return { ok: true, value: { keepConsentAt: current } };
    const next = agreed ? now : null;
    await setKeepConsentAt(tx, reference, next, now);
    await recordEvent(tx, {
      reference,
      action: agreed ? "consent-recorded" : "consent-withdrawn",
      staffId,
      now,
    });
    return { ok: true, value: { keepConsentAt: next } };
  });
}

/** Puts a lead's failed e-mail back in the queue to be sent now, from a first attempt again. */
export async function retryMail(
  db: Database,
  input: { reference: string; mailId: number; staffId: number; now: number },
): Promise<Outcome> {
  const { reference, mailId, staffId, now } = input;
  return db.transaction(async (tx) => {
    const row = await requeueFailed(tx, { id: mailId, reference }, now);
    if (!row) {
      return {
        ok: false,
        problem: "That e-mail is not waiting to be sent again: it may have been sent already.",
      };
    }
    await recordEvent(tx, { reference, action: "mail-retried", staffId, detail: row.purpose, now });
    return { ok: true, value: null };
  });
}

/**
 * A document to download, once its download is on the lead's timeline; null when the lead has no such
 * document. One the virus scanner has not yet read, or has removed, is refused with words saying so.
 */
export async function downloadDocument(
  db: Database,
  input: { reference: string; documentId: number; staffId: number; now: number },
): Promise<Outcome<{ fileName: string; contentType: string; content: Buffer }> | null> {
  const { reference, documentId, staffId, now } = input;
  if (kindOfReference(reference) !== "application") return null;
  const doc = await documentOfApplication(db, reference, documentId);
  if (!doc) return null;
  if (doc.scan === "pending") {
    return {
      ok: false,
      problem:
        "This file has not yet been scanned for viruses. It can be downloaded once the scan has found it clean.",
    };
  }
  if (doc.scan === "infected") {
    return {
      ok: false,
      problem: `This file was removed: the virus scanner found ${doc.scanResult ?? "malware"} in it. The rest of the application is kept.`,
    };
  }
  await recordEvent(db, { reference, action: "document-downloaded", staffId, detail: doc.field, now });
  return {
    ok: true,
    value: { fileName: doc.fileName, contentType: doc.contentType, content: Buffer.from(doc.content) },
  };
}
