import { stringify } from "csv-stringify/sync";
import { type SpamSignal, spamSignals } from "../../core/forms/form-token.ts";
import { type InboxQuery, inboxPageSize, searchLimits } from "../../core/leads/inbox-query.ts";
import {
  allStatuses,
  formatDateTime,
  isStatusOf,
  kindLabel,
  kindOfReference,
  type LeadKind,
  type LeadStatus,
  maskNiNumber,
  type ScanStatus,
  serviceLabel,
  spacedNiNumber,
  statusLabels,
  unreadableNiNumber,
  yesNo,
} from "../../core/leads/model.ts";
import { promiseMs } from "../../core/leads/reply-promise.ts";
import type { Database, Queryable, Value } from "../db/database.ts";
import { requeueFailed } from "../delivery/outbox.ts";
import { tableOf } from "../leads/model.ts";
import { decryptNiNumber, type NiKeys } from "../leads/protect.ts";
import {
  type LeadMessage,
  type LeadNote,
  leadMessages,
  leadNotes,
  leadTimeline,
  type TimelineEvent,
} from "../leads/read.ts";
import { recordEvent, recordEvents } from "../leads/timeline.ts";

/** One lead as a row of the inbox. */
export type InboxRow = {
  kind: LeadKind;
  reference: string;
  name: string;
  email: string;
  /** The enquiry's service value ("" for applications and enquiries that named none). */
  service: string;
  status: LeadStatus;
  createdAt: number;
  /** False until someone in the workspace opens the lead. */
  opened: boolean;
  /** The spam layer that caught it, if any (see core/forms/form-token.ts). */
  spamSignal: SpamSignal | null;
  /** How long after its page was served the form was sent, when known. */
  formAgeMs: number | null;
  /** The lead's owner (null: unassigned). */
  ownerId: number | null;
  ownerName: string | null;
  /** When it was first answered (null: not yet). */
  answeredAt: number | null;
};

/** One page of the inbox, with the counts per status for the same search (any status). */
export type InboxPage = {
  rows: InboxRow[];
  /** Leads the search and filters match, over every page. */
  total: number;
  page: number;
  pages: number;
  counts: Record<LeadStatus, number>;
  /** Leads that are not spam, for the search and kind/service filters. */
  open: number;
};

/** A document sent with an application, without its bytes, and where it stands with the virus scanner. */
export type LeadDocument = {
  id: number;
  field: "resume" | "otherDocuments";
  fileName: string;
  size: number;
  scan: ScanStatus;
  /** What the scanner found, for a removed document. */
  scanResult: string | null;
};

type Common = {
  reference: string;
  status: LeadStatus;
  createdAt: number;
  statusChangedAt: number | null;
  lastActivityAt: number;
  openedAt: number | null;
  spamSignal: SpamSignal | null;
  formAgeMs: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  mails: LeadMessage[];
  notes: LeadNote[];
  timeline: TimelineEvent[];
};

/** Everything the workspace shows about one lead. */
export type LeadDetail =
  | (Common & { kind: "enquiry"; company: string; service: string; message: string })
  | (Common & {
      kind: "application";
      address: string;
      hasCar: string;
      hasUkLicence: string;
      rightToWork: string;
      /** "AB •• •• •• C": the number itself only through a reveal. */
      niNumberMasked: string;
      keepConsentAt: number | null;
      documents: LeadDocument[];
      /** The vacancy the application was made for (its reference), and whether it had closed by then. */
      vacancyReference: string | null;
      vacancyClosed: boolean;
    });

/** A refusal with words for the person, for a 4xx; `missing` when the lead or thing does not exist. */
export type Outcome<T = null> = { ok: true; value: T } | { ok: false; missing?: boolean; problem: string };

/** The longest note the workspace keeps. */
export const noteMaxLength = 5000;

/** A kind's due time as SQL: its reply promise (a whole number of ms from the site config) after it arrived. */
function dueColumn(kind: LeadKind): string {
  const ms = promiseMs(kind);
  return ms === null ? "CAST(NULL AS BIGINT) AS due_at" : `created_at + ${Math.trunc(ms)} AS due_at`;
}

// Both kinds of lead as one list with the same columns; what one kind does not have is empty.
const enquiriesSource = `SELECT 'enquiry' AS kind, reference, first_name, last_name, email, phone, company, service,
    message, '' AS address, '' AS has_car, '' AS has_uk_licence, '' AS right_to_work, status, created_at,
    status_changed_at, last_activity_at, opened_at, NULL AS keep_consent_at, spam_signal, form_age_ms,
    NULL AS vacancy_reference, owner_id, answered_at, ${dueColumn("enquiry")}
  FROM enquiries`;
const applicationsSource = `SELECT 'application' AS kind, reference, first_name, last_name, email, phone,
    '' AS company, '' AS service, '' AS message, address, has_car, has_uk_licence, right_to_work, status,
    created_at, status_changed_at, last_activity_at, opened_at, keep_consent_at, spam_signal, form_age_ms,
    vacancy_reference, owner_id, answered_at, ${dueColumn("application")}
  FROM applications`;

/** A lead still waiting for its first answer, with a clock running. */
const awaitingAnswer = "(status = 'new' AND answered_at IS NULL AND due_at IS NOT NULL)";

/** Who is looking, and when: for the "Mine" and "Overdue" filters. */
export type Viewer = { me: number | null; now: number };

function source(kind: LeadKind | undefined): string {
  if (kind === "enquiry") return enquiriesSource;
  if (kind === "application") return applicationsSource;
  return `${enquiriesSource} UNION ALL ${applicationsSource}`;
}

/** A LIKE pattern that finds `term` anywhere, with the pattern characters in it taken literally. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, "\\$&")}%`;
}

const searched = ["reference", "first_name", "last_name", "email", "phone", "company", "message"];

/** The words of a search that count, in lower case. */
function searchWords(query: InboxQuery): string[] {
  return (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, searchLimits.words);
}

/**
 * The WHERE clause for a search and filters. Every word of the search must appear, in any case, in one
 * of the searched fields; a phone number also matches without its spaces. Spam shows only when asked for.
 * Case is ignored in the way each database does best (its likeIgnoringCase). Given the one kind of lead
 * it reads, the Overdue filter compares the arrival time itself, so its index can answer it.
 */
function where(
  sql: Database["sql"],
  query: InboxQuery,
  withStatus: boolean,
  viewer: Viewer,
  kind?: LeadKind,
): { sql: string; params: Value[] } {
  const clauses: string[] = [];
  const params: Value[] = [];
  if (query.service) {
    clauses.push("service = ?");
    params.push(query.service);
  }
  if (query.vacancy) {
    clauses.push("vacancy_reference = ?");
    params.push(query.vacancy);
  }
  if (query.owner === "mine") {
    clauses.push("owner_id = ?");
    params.push(viewer.me ?? -1);
  } else if (query.owner === "unassigned") {
    clauses.push("owner_id IS NULL");
  }
  if (query.overdue) {
    if (kind === undefined) {
      clauses.push(`${awaitingAnswer} AND due_at <= ?`);
      params.push(viewer.now);
    } else {
      // due_at <= now, as created_at + promise <= now: the same leads, found through created_at.
      const ms = promiseMs(kind);
      if (ms === null) clauses.push("1 = 0");
      else {
        clauses.push("status = 'new' AND answered_at IS NULL AND created_at <= ?");
        params.push(viewer.now - Math.trunc(ms));
      }
    }
  }
  if (withStatus) {
    if (query.status) {
      clauses.push("status = ?");
      params.push(query.status);
    } else {
      clauses.push("status <> 'spam'");
    }
  }
  for (const word of searchWords(query)) {
    const pattern = containing(word);
    const match = (column: string) => sql.likeIgnoringCase(column, word);
    const any = [...searched.map(match), "replace(phone, ' ', '') LIKE ? ESCAPE '\\'"];
    clauses.push(`(${any.join(" OR ")})`);
    params.push(...searched.map(() => pattern), pattern);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/**
 * The kinds of lead a search and filters can find: both, unless it names one, or filters on what only
 * one kind has (a service: enquiries; a vacancy: applications).
 */
function kindsFor(query: InboxQuery): LeadKind[] {
  if (query.kind) return [query.kind];
  if (query.service && query.vacancy) return [];
  if (query.service) return ["enquiry"];
  if (query.vacancy) return ["application"];
  return ["enquiry", "application"];
}

type SourceRow = {
  kind: LeadKind;
  reference: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  message: string;
  address: string;
  has_car: string;
  has_uk_licence: string;
  right_to_work: string;
  status: LeadStatus;
  created_at: number;
  status_changed_at: number | null;
  last_activity_at: number;
  opened_at: number | null;
  keep_consent_at: number | null;
  spam_signal: SpamSignal | null;
  form_age_ms: number | null;
  owner_id: number | null;
  answered_at: number | null;
};

/** Both kinds' leads, or one kind's, as one list with the same columns. */
function union(kinds: LeadKind[]): string {
  return kinds.map(source).join(" UNION ALL ");
}

/**
 * The parts of one kind's leads that are each in the page's order by an index: for newest first, all of
 * them; for due soonest first, those waiting for an answer and the rest, each by its due time, which is
 * its arrival time plus the kind's promise (a kind without a promise has no due times: newest first).
 * Within each part, `order` sorts its rows as the page's own order would.
 */
function pageParts(kind: LeadKind, sort: InboxQuery["sort"]): { also: string; order: string }[] {
  const newest = "created_at DESC, reference DESC";
  if (sort !== "due" || promiseMs(kind) === null) return [{ also: "1 = 1", order: newest }];
  const byDue = "created_at, reference DESC";
  return [
    { also: "(status = 'new' AND answered_at IS NULL)", order: byDue },
    { also: "(status <> 'new' OR answered_at IS NOT NULL)", order: byDue },
  ];
}

/**
 * One page of the inbox: newest first (or by due time), 50 to a page, with the counts per status.
 * Each kind of lead is counted, and its first rows up to the end of the page are read, in its own table
 * with its own ORDER BY ... LIMIT, which the indexes of migration 022 answer without reading the rest;
 * only those rows are merged and put in order. The same order is applied within each kind and across
 * both, so the page is the one a single ordered list of every lead would give.
 */
export async function listLeads(
  db: Database,
  query: InboxQuery,
  viewer: Viewer = { me: null, now: Date.now() },
): Promise<InboxPage> {
  const kinds = kindsFor(query);
  // A search reads every lead of its kinds (no index finds a word inside a field), fastest in table
  // order; without one, each kind is counted from its indexes alone.
  const searching = searchWords(query).length > 0;
  const counts = Object.fromEntries(allStatuses.map((status) => [status, 0])) as Record<LeadStatus, number>;
  if (kinds.length > 0) {
    const countParts = searching
      ? [{ ...where(db.sql, query, false, viewer), from: union(kinds) }]
      : kinds.map((kind) => ({ ...where(db.sql, query, false, viewer, kind), from: source(kind) }));
    const countRows = await db.all<{ status: LeadStatus; n: number }>(
      countParts
        .map((part) => `SELECT status, COUNT(*) AS n FROM (${part.from}) leads ${part.sql} GROUP BY status`)
        .join(" UNION ALL "),
      countParts.flatMap((part) => part.params),
    );
    for (const row of countRows) counts[row.status] += Number(row.n);
  }
  const open = allStatuses.reduce((sum, status) => (status === "spam" ? sum : sum + counts[status]), 0);
  const total = query.status ? counts[query.status] : open;
  const pages = Math.max(1, Math.ceil(total / inboxPageSize));
  const page = query.page ?? 1;
  const offset = (page - 1) * inboxPageSize;

  const order =
    query.sort === "due"
      ? `CASE WHEN ${awaitingAnswer} THEN 0 ELSE 1 END, due_at, created_at DESC, reference DESC`
      : "created_at DESC, reference DESC";
  const columns = `kind, reference, first_name, last_name, email, service, status, created_at, opened_at,
    spam_signal, form_age_ms, owner_id, answered_at, due_at`;
  const parts = searching
    ? [{ ...where(db.sql, query, true, viewer), from: union(kinds), order: null, limit: [] }]
    : kinds.flatMap((kind) =>
        pageParts(kind, query.sort).map((part) => {
          const filtered = where(db.sql, query, true, viewer, kind);
          return {
            sql: filtered.sql ? `${filtered.sql} AND ${part.also}` : `WHERE ${part.also}`,
            params: filtered.params,
            from: source(kind),
            order: part.order,
            limit: [offset + inboxPageSize],
          };
        }),
      );
  // Without a search, the rows of each part that could be on this page: its first offset + 50, read in
  // the page's order from an index.
  const rows =
    parts.length > 0 && offset < total
      ? await db.all<SourceRow & { owner_name: string | null }>(
          `SELECT leads.*, (SELECT o.name FROM staff o WHERE o.id = leads.owner_id) AS owner_name
           FROM (${parts
             .map((part, i) =>
               part.order === null
                 ? `SELECT ${columns} FROM (${part.from}) leads ${part.sql}`
                 : `SELECT * FROM (SELECT ${columns} FROM (${part.from}) leads ${part.sql}
                    ORDER BY ${part.order} LIMIT ?) part_${i}`,
             )
             .join(" UNION ALL ")}) leads
           ORDER BY ${order} LIMIT ? OFFSET ?`,
          [...parts.flatMap((part) => [...part.params, ...part.limit]), inboxPageSize, offset],
        )
      : [];
  return {
    rows: rows.map((row) => ({
      kind: row.kind,
      reference: row.reference,
      name: `${row.first_name} ${row.last_name}`,
      email: row.email,
      service: row.service,
      status: row.status,
      createdAt: Number(row.created_at),
      opened: row.opened_at !== null,
      spamSignal: row.spam_signal,
      formAgeMs: row.form_age_ms === null ? null : Number(row.form_age_ms),
      ownerId: row.owner_id === null ? null : Number(row.owner_id),
      ownerName: row.owner_name,
      answeredAt: row.answered_at === null ? null : Number(row.answered_at),
    })),
    total,
    page,
    pages,
    counts,
    open,
  };
}

const noLead = { ok: false, missing: true, problem: "There is no lead with that reference." } as const;

/** Everything about one lead, or null when there is none with this reference. */
export async function getLead(db: Queryable, niKey: NiKeys, reference: string): Promise<LeadDetail | null> {
  const kind = kindOfReference(reference);
  if (!kind) return null;
  const [row] = await db.all<
    SourceRow & {
      ni_number_encrypted?: string;
      id: number;
      vacancy_reference?: string | null;
      vacancy_closed?: unknown;
    }
  >(`SELECT * FROM ${tableOf(kind)} WHERE reference = ?`, [reference]);
  if (!row) return null;

  const common: Common = {
    reference: row.reference,
    status: row.status,
    createdAt: Number(row.created_at),
    statusChangedAt: row.status_changed_at === null ? null : Number(row.status_changed_at),
    lastActivityAt: Number(row.last_activity_at),
    openedAt: row.opened_at === null ? null : Number(row.opened_at),
    spamSignal: row.spam_signal,
    formAgeMs: row.form_age_ms === null ? null : Number(row.form_age_ms),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    mails: await leadMessages(db, reference),
    notes: await leadNotes(db, reference),
    timeline: await leadTimeline(db, reference),
  };
  if (kind === "enquiry") {
    return { ...common, kind, company: row.company, service: row.service, message: row.message };
  }
  const documents = await db.all<{
    id: number;
    field: LeadDocument["field"];
    file_name: string;
    size: number;
    scan_status: ScanStatus;
    scan_result: string | null;
  }>(
    "SELECT id, field, file_name, size, scan_status, scan_result FROM documents WHERE application_id = ? ORDER BY id",
    [Number(row.id)],
  );
  return {
    ...common,
    kind,
    address: row.address,
    hasCar: row.has_car,
    hasUkLicence: row.has_uk_licence,
    rightToWork: row.right_to_work,
    niNumberMasked: maskStored(row.ni_number_encrypted ?? "", niKey),
    keepConsentAt: row.keep_consent_at === null ? null : Number(row.keep_consent_at),
    vacancyReference: row.vacancy_reference ?? null,
    vacancyClosed: Number(row.vacancy_closed ?? 0) === 1,
    documents: documents.map((doc) => ({
      id: Number(doc.id),
      field: doc.field,
      fileName: doc.file_name,
      size: Number(doc.size),
      scan: doc.scan_status,
      scanResult: doc.scan_status === "infected" ? doc.scan_result : null,
    })),
  };
}

/** The masked number for display; the number itself never leaves this function. */
function maskStored(encrypted: string, niKey: NiKeys): string {
  try {
    return maskNiNumber(decryptNiNumber(encrypted, niKey));
  } catch {
    return unreadableNiNumber;
  }
}

/** Marks a lead opened the first time anyone in the workspace opens it, and records that. */
/** What is kept of a deleted lead: its kind, when it came, when it went and why. No personal data. */
export type Tombstone = {
  reference: string;
  kind: LeadKind;
  receivedAt: number;
  deletedAt: number;
  reason: "retention" | "erasure request";
};

/** The tombstone of a deleted lead, to answer "what happened to APP-...?"; null when none was deleted. */
export async function tombstoneOf(db: Queryable, reference: string): Promise<Tombstone | null> {
  const [row] = await db.all<{
    reference: string;
    kind: LeadKind;
    received_at: number;
    deleted_at: number;
    reason: Tombstone["reason"];
  }>("SELECT reference, kind, received_at, deleted_at, reason FROM tombstones WHERE reference = ?", [
    reference,
  ]);
  if (!row) return null;
  return {
    reference: row.reference,
    kind: row.kind,
    receivedAt: Number(row.received_at),
    deletedAt: Number(row.deleted_at),
    reason: row.reason,
  };
}

export async function openLead(db: Database, reference: string, staffId: number, now: number): Promise<void> {
  const kind = kindOfReference(reference);
  if (!kind) return;
  await db.transaction(async (tx) => {
    const changed = await tx.run(
      `UPDATE ${tableOf(kind)} SET opened_at = ? WHERE reference = ? AND opened_at IS NULL`,
      [now, reference],
    );
    if (changed > 0) await recordEvent(tx, { reference, action: "opened", staffId, now });
  });
}

/** Marks the lead as worked on now. */
async function touch(tx: Queryable, kind: LeadKind, reference: string, now: number): Promise<void> {
  await tx.run(`UPDATE ${tableOf(kind)} SET last_activity_at = ? WHERE reference = ?`, [now, reference]);
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
      problem: `Choose one of the statuses an ${kind === "enquiry" ? "enquiry" : "application"} can have.`,
    };
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.all<{ status: LeadStatus }>(
      `SELECT status FROM ${tableOf(kind)} WHERE reference = ?`,
      [reference],
    );
    if (!row) return noLead;
    if (row.status === status) return { ok: true, value: { from: row.status, to: status } };
    // Moving on from New answers the lead for the reply clock (Spam only stops the clock).
    const answers = row.status === "new" && status !== "spam";
    await tx.run(
      `UPDATE ${tableOf(kind)} SET status = ?, status_changed_at = ?, last_activity_at = ?${answers ? ", answered_at = COALESCE(answered_at, ?)" : ""}
       WHERE reference = ?`,
      answers ? [status, now, now, now, reference] : [status, now, now, reference],
    );
    await recordEvent(tx, {
      reference,
      action: "status-changed",
      staffId,
      detail: `${row.status} → ${status}`,
      now,
    });
    return { ok: true, value: { from: row.status, to: status } };
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
  return db.transaction(async (tx) => {
    const [row] = await tx.all(`SELECT 1 AS found FROM ${tableOf(kind)} WHERE reference = ?`, [reference]);
    if (!row) return noLead;
    await tx.run("INSERT INTO notes (reference, staff_id, body, created_at) VALUES (?, ?, ?, ?)", [
      reference,
      staffId,
      body,
      now,
    ]);
    await touch(tx, kind, reference, now);
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
  const [row] = await db.all<{ ni_number_encrypted: string }>(
    "SELECT ni_number_encrypted FROM applications WHERE reference = ?",
    [reference],
  );
  if (!row) return noLead;
  let plain: string;
  try {
    plain = decryptNiNumber(row.ni_number_encrypted, niKey);
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
    const [row] = await tx.all<{ keep_consent_at: number | null }>(
      "SELECT keep_consent_at FROM applications WHERE reference = ?",
      [reference],
    );
    if (!row) return noLead;
    const current = row.keep_consent_at === null ? null : Number(row.keep_consent_at);
    if ((current !== null) === agreed) return { ok: true, value: { keepConsentAt: current } };
    const next = agreed ? now : null;
    await tx.run("UPDATE applications SET keep_consent_at = ?, last_activity_at = ? WHERE reference = ?", [
      next,
      now,
      reference,
    ]);
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
  const [doc] = await db.all<{
    field: string;
    file_name: string;
    content_type: string;
    content: Uint8Array;
    scan_status: ScanStatus;
    scan_result: string | null;
  }>(
    `SELECT d.field, d.file_name, d.content_type, d.content, d.scan_status, d.scan_result FROM documents d
     JOIN applications a ON a.id = d.application_id WHERE a.reference = ? AND d.id = ?`,
    [reference, documentId],
  );
  if (!doc) return null;
  if (doc.scan_status === "pending") {
    return {
      ok: false,
      problem:
        "This file has not yet been scanned for viruses. It can be downloaded once the scan has found it clean.",
    };
  }
  if (doc.scan_status === "infected") {
    return {
      ok: false,
      problem: `This file was removed: the virus scanner found ${doc.scan_result ?? "malware"} in it. The rest of the application is kept.`,
    };
  }
  await recordEvent(db, { reference, action: "document-downloaded", staffId, detail: doc.field, now });
  return {
    ok: true,
    value: { fileName: doc.file_name, contentType: doc.content_type, content: Buffer.from(doc.content) },
  };
}

/** The export's columns, in order. Never the National Insurance number, never the documents. */
const exportColumns: { key: string; header: string }[] = [
  { key: "reference", header: "Reference" },
  { key: "kind", header: "Kind" },
  { key: "received", header: "Received (UK time)" },
  { key: "status", header: "Status" },
  { key: "firstName", header: "First name" },
  { key: "lastName", header: "Last name" },
  { key: "email", header: "Email" },
  { key: "phone", header: "Phone" },
  { key: "company", header: "Company" },
  { key: "service", header: "Service" },
  { key: "message", header: "Message" },
  { key: "address", header: "Address" },
  { key: "hasCar", header: "Has a car" },
  { key: "hasUkLicence", header: "UK driving licence" },
  { key: "rightToWork", header: "Right to work in the UK" },
  { key: "keptOnFile", header: "Agreed to be kept on file" },
  { key: "lastActivity", header: "Last activity (UK time)" },
];

/**
 * Everything the search and filters match (all pages) as CSV for a spreadsheet: UTF-8 with a byte-order
 * mark, one row per lead, and any cell a spreadsheet could take for a formula (= + - @, tab, carriage
 * return first, or their full-width forms) neutralised with a leading apostrophe. The export is recorded
 * on the timeline of each lead it contains and in the workspace's audit log.
 */
export async function exportLeads(
  db: Database,
  query: InboxQuery,
  input: { staffId: number; now: number },
): Promise<{ csv: string; count: number }> {
  const filtered = where(db.sql, query, true, { me: input.staffId, now: input.now });
  const rows = await db.all<SourceRow>(
    `SELECT * FROM (${source(query.kind)}) leads ${filtered.sql} ORDER BY created_at DESC, reference DESC`,
    filtered.params,
  );
  const records = rows.map((row) => {
    const enquiry = row.kind === "enquiry";
    return {
      reference: row.reference,
      kind: kindLabel(row.kind),
      received: formatDateTime(Number(row.created_at)),
      status: statusLabels[row.status],
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      company: row.company,
      service: enquiry ? serviceLabel(row.service) : "",
      message: row.message,
      address: row.address,
      hasCar: yesNo(row.has_car),
      hasUkLicence: yesNo(row.has_uk_licence),
      rightToWork: yesNo(row.right_to_work),
      keptOnFile: row.keep_consent_at === null ? "" : formatDateTime(Number(row.keep_consent_at)),
      lastActivity: formatDateTime(Number(row.last_activity_at)),
    };
  });
  const csv = stringify(records, {
    bom: true,
    header: true,
    columns: exportColumns,
    record_delimiter: "windows",
    escape_formulas: true,
  });
  // On the timeline of every lead in the file, and once for the workspace, all or none: a CSV is handed
  // over only when the record of who took it is kept.
  const detail = String(records.length);
  const event = { action: "exported", staffId: input.staffId, detail, now: input.now } as const;
  await db.transaction(async (tx) => {
    await recordEvents(
      tx,
      records.map((record) => ({ ...event, reference: record.reference })),
    );
    await recordEvent(tx, { ...event, reference: null });
  });
  return { csv, count: records.length };
}

/** How far back the workspace counts what each spam layer caught. */
export const spamCountDays = 7;

/**
 * How many submissions each spam layer caught in the last seven days: the honeypot (moved to Spam) and
 * the time token's three signals (kept in the inbox, marked as suspected). Counted from the leads still
 * held, whatever their status now.
 */
export async function spamCaught(db: Queryable, now: number): Promise<Record<SpamSignal, number>> {
  const since = now - spamCountDays * 24 * 60 * 60 * 1000;
  const rows = await db.all<{ spam_signal: SpamSignal; n: number }>(
    `SELECT spam_signal, COUNT(*) AS n FROM (
       SELECT spam_signal FROM enquiries WHERE spam_signal IS NOT NULL AND created_at >= ?
       UNION ALL
       SELECT spam_signal FROM applications WHERE spam_signal IS NOT NULL AND created_at >= ?
     ) caught GROUP BY spam_signal`,
    [since, since],
  );
  const counts = Object.fromEntries(spamSignals.map((signal) => [signal, 0])) as Record<SpamSignal, number>;
  for (const row of rows) counts[row.spam_signal] = Number(row.n);
  return counts;
}

/** Messages (e-mails and webhooks) that failed for good, newest first: the workspace shows a notice. */
export async function failedDeliveries(
  db: Queryable,
  limit = 5,
): Promise<{ count: number; references: string[] }> {
  const [total] = await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE status = 'failed'");
  const rows = await db.all<{ reference: string }>(
    // A morning summary (reference '') is about no lead, so there is no lead to link to.
    "SELECT reference, MAX(id) AS latest FROM outbox WHERE status = 'failed' AND reference <> '' GROUP BY reference ORDER BY latest DESC LIMIT ?",
    [limit],
  );
  return { count: Number(total?.n ?? 0), references: rows.map((row) => row.reference) };
}

/** E-mails waiting in the delivery queue (not yet sent, not failed): shown while no SMTP server is set. */
export async function waitingEmails(db: Queryable): Promise<number> {
  const [row] = await db.all<{ n: unknown }>(
    "SELECT COUNT(*) AS n FROM outbox WHERE channel = 'email' AND status IN ('queued', 'sending')",
  );
  return Number(row?.n ?? 0);
}
