/**
 * The owner of the lead tables, `enquiries` and `applications`: one row per lead as its sender sent it,
 * with where it stands (status, owner, first answer, last activity). Their words tables,
 * `enquiries_words` and `applications_words`, are kept by triggers and read by the inbox's search alone.
 * This file holds what both kinds share: which table holds a kind, the one reader of a lead's own row,
 * and what staff change on any lead. The rest of the owner, one file per use:
 *   intake.ts          new leads, and the earlier submission a repeat answers with
 *   applications.ts    what only applications have (the applicant's page, stages, consent, NI number)
 *   pool.ts            the talent pool and its renewal question
 *   clock.ts           the reply clock's reminders and escalations, and the morning summary's leads
 *   lifecycle.ts       retention facts, the leads of an address, and a lead's deletion
 *   reports.ts         the analytics' reply times and outcomes by source
 *   search.ts          the inbox's page and counts (search-source.ts, search-index.ts), and the spam caught
 *   search-export.ts   every lead a search matches, for the CSV export
 */
import type { QuoteAnswers } from "#core/config/quote-questions.ts";
import type { SpamSignal } from "#core/forms/form-token.ts";
import type { Sender } from "#core/leads/fields.ts";
import { kindOfReference, type LeadKind, type LeadStatus } from "#core/leads/model.ts";
import type { Queryable, Transaction } from "../../db/database.ts";
import type { SqlDialect } from "../../db/dialect.ts";

/** A table that holds leads. */
export type LeadTable = "enquiries" | "applications";

const tables: Record<LeadKind, LeadTable> = {
  enquiry: "enquiries",
  application: "applications",
};

/** The table that holds leads of this kind. */
export function tableOf(kind: LeadKind): LeadTable {
  return tables[kind];
}

/** The table that holds the lead a reference names; throws for anything that cannot be a reference. */
export function tableOfReference(reference: string): LeadTable {
  const kind = kindOfReference(reference);
  if (!kind) throw new Error(`Not a lead's reference: ${reference}`);
  return tables[kind];
}

type CommonRow = {
  id: number;
  reference: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  status: LeadStatus;
  created_at: number;
  status_changed_at: number | null;
  last_activity_at: number;
  opened_at: number | null;
  spam_signal: SpamSignal | null;
  form_age_ms: number | null;
  user_agent: string;
  ip_hash: string;
};

type EnquiryRow = CommonRow & {
  company: string;
  service: string;
  message: string;
  site_details: string | null;
};

type ApplicationRow = CommonRow & {
  address: string;
  has_car: string;
  has_uk_licence: string;
  right_to_work: string;
  ni_number_encrypted: string;
  keep_consent_at: number | null;
  vacancy_reference: string | null;
  vacancy_closed: unknown;
};

/** What a lead of either kind holds of its own, as the model names it. */
export type LeadRecord = Sender & {
  reference: string;
  status: LeadStatus;
  createdAt: number;
  statusChangedAt: number | null;
  lastActivityAt: number;
  openedAt: number | null;
  spamSignal: SpamSignal | null;
  formAgeMs: number | null;
  /** The browser it came from, and a one-way fingerprint of the internet address (never the address). */
  sentWith: { browser: string; addressFingerprint: string };
};

/** An enquiry's own row: what was sent, and its answers about the site (null when none). */
export type EnquiryRecord = LeadRecord & {
  kind: "enquiry";
  company: string;
  service: string;
  message: string;
  siteDetails: QuoteAnswers | null;
};

/** An application's own row; its National Insurance number as stored (encrypted). */
export type ApplicationRecord = LeadRecord & {
  kind: "application";
  /** The row's id, which its documents name. */
  id: number;
  address: string;
  hasCar: string;
  hasUkLicence: string;
  rightToWork: string;
  niNumberEncrypted: string;
  keepConsentAt: number | null;
  vacancyReference: string | null;
  vacancyClosed: boolean;
};

/** The stored answers about the site: a JSON object, or null when none was answered. */
export function readSiteDetails(stored: string | null): QuoteAnswers | null {
  if (!stored) return null;
  const parsed: unknown = JSON.parse(stored);
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? (parsed as QuoteAnswers)
    : null;
}

const optional = (value: number | null) => (value === null ? null : Number(value));

function leadRecord(row: CommonRow): LeadRecord {
  return {
    reference: row.reference,
    status: row.status,
    createdAt: Number(row.created_at),
    statusChangedAt: optional(row.status_changed_at),
    lastActivityAt: Number(row.last_activity_at),
    openedAt: optional(row.opened_at),
    spamSignal: row.spam_signal,
    formAgeMs: optional(row.form_age_ms),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    sentWith: { browser: row.user_agent, addressFingerprint: row.ip_hash },
  };
}

/** An enquiry's own row, or null when there is none with this reference. */
export async function enquiryByReference(db: Queryable, reference: string): Promise<EnquiryRecord | null> {
  const [row] = await db.all<EnquiryRow>("SELECT * FROM enquiries WHERE reference = ?", [reference]);
  if (!row) return null;
  return {
    ...leadRecord(row),
    kind: "enquiry",
    company: row.company,
    service: row.service,
    message: row.message,
    siteDetails: readSiteDetails(row.site_details),
  };
}

/** An application's own row, or null when there is none with this reference. */
export async function applicationByReference(
  db: Queryable,
  reference: string,
): Promise<ApplicationRecord | null> {
  const [row] = await db.all<ApplicationRow>("SELECT * FROM applications WHERE reference = ?", [reference]);
  if (!row) return null;
  return {
    ...leadRecord(row),
    kind: "application",
    id: Number(row.id),
    address: row.address,
    hasCar: row.has_car,
    hasUkLicence: row.has_uk_licence,
    rightToWork: row.right_to_work,
    niNumberEncrypted: row.ni_number_encrypted,
    keepConsentAt: optional(row.keep_consent_at),
    vacancyReference: row.vacancy_reference,
    vacancyClosed: Number(row.vacancy_closed) === 1,
  };
}

/** True when a lead of this kind has this reference. */
export async function leadExists(db: Queryable, kind: LeadKind, reference: string): Promise<boolean> {
  const [row] = await db.all(`SELECT 1 AS found FROM ${tableOf(kind)} WHERE reference = ?`, [reference]);
  return row !== undefined;
}

/** A lead's status, or null when there is no such lead. */
export async function statusOf(db: Queryable, kind: LeadKind, reference: string): Promise<LeadStatus | null> {
  const [row] = await db.all<{ status: LeadStatus }>(
    `SELECT status FROM ${tableOf(kind)} WHERE reference = ?`,
    [reference],
  );
  return row ? row.status : null;
}

/**
 * Moves a lead to another status, now, as activity on it; `answers` also sets its first answer, unless
 * it had one.
 */
export async function setStatus(
  db: Queryable,
  kind: LeadKind,
  input: { reference: string; status: LeadStatus; answers: boolean; now: number },
): Promise<void> {
  const { reference, status, answers, now } = input;
  await db.run(
    `UPDATE ${tableOf(kind)} SET status = ?, status_changed_at = ?, last_activity_at = ?${answers ? ", answered_at = COALESCE(answered_at, ?)" : ""}
       WHERE reference = ?`,
    answers ? [status, now, now, now, reference] : [status, now, now, reference],
  );
}

/** Marks a lead opened now, unless it was opened before; resolves to whether it was this time. */
export async function markOpened(
  db: Queryable,
  kind: LeadKind,
  reference: string,
  now: number,
): Promise<boolean> {
  const changed = await db.run(
    `UPDATE ${tableOf(kind)} SET opened_at = ? WHERE reference = ? AND opened_at IS NULL`,
    [now, reference],
  );
  return changed > 0;
}

/** Marks the lead as worked on now. */
export async function touchActivity(
  db: Queryable,
  kind: LeadKind,
  reference: string,
  now: number,
): Promise<void> {
  await db.run(`UPDATE ${tableOf(kind)} SET last_activity_at = ? WHERE reference = ?`, [now, reference]);
}

/** Moves the last activity of the lead a reference names on to `now`, unless it is as late already. */
export async function advanceActivity(db: Queryable, reference: string, now: number): Promise<void> {
  await db.run(
    `UPDATE ${tableOfReference(reference)} SET last_activity_at = ? WHERE reference = ? AND last_activity_at < ?`,
    [now, reference, now],
  );
}

/**
 * Locks a lead's row until the transaction ends, and reads the address it came from and its status;
 * null when there is no such lead.
 */
export async function lockLead(
  tx: Queryable,
  sql: SqlDialect,
  kind: LeadKind,
  reference: string,
): Promise<{ email: string; status: string } | null> {
  const [lead] = await tx.all<{ email: string; status: string }>(
    `SELECT email, status FROM ${tableOf(kind)} WHERE reference = ? ${sql.lockRows}`,
    [reference],
  );
  return lead ?? null;
}

/** A reply was sent now: activity, the first answer (unless it had one), and New moves to Contacted. */
export async function markReplied(
  tx: Queryable,
  kind: LeadKind,
  reference: string,
  now: number,
): Promise<void> {
  await tx.run(
    `UPDATE ${tableOf(kind)} SET last_activity_at = ?, answered_at = COALESCE(answered_at, ?),
         status = CASE WHEN status = 'new' THEN 'contacted' ELSE status END,
         status_changed_at = CASE WHEN status = 'new' THEN ? ELSE status_changed_at END
       WHERE reference = ?`,
    [now, now, now, reference],
  );
}

/**
 * A lead's owner, by id and name (null: nobody), and when it was first answered; null when there is no
 * such lead. The owner's name is read from `staff` in the same statement.
 */
export async function ownerOfLead(
  db: Queryable,
  kind: LeadKind,
  reference: string,
): Promise<{ ownerId: number | null; ownerName: string | null; answeredAt: number | null } | null> {
  const [row] = await db.all<{ owner_id: number | null; name: string | null; answered_at: number | null }>(
    `SELECT t.owner_id, s.name, t.answered_at FROM ${tableOf(kind)} t LEFT JOIN staff s ON s.id = t.owner_id
     WHERE t.reference = ?`,
    [reference],
  );
  if (!row) return null;
  return {
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    ownerName: row.name,
    answeredAt: row.answered_at === null ? null : Number(row.answered_at),
  };
}

/** The id of a lead's owner (null: nobody), or null when there is no such lead. */
export async function ownerIdOf(
  db: Queryable,
  kind: LeadKind,
  reference: string,
): Promise<{ ownerId: number | null } | null> {
  const [row] = await db.all<{ owner_id: number | null }>(
    `SELECT owner_id FROM ${tableOf(kind)} WHERE reference = ?`,
    [reference],
  );
  if (!row) return null;
  return { ownerId: row.owner_id === null ? null : Number(row.owner_id) };
}

/** Gives a lead to a member of staff, or to nobody (null). */
export async function setOwner(
  db: Queryable,
  kind: LeadKind,
  reference: string,
  ownerId: number | null,
): Promise<void> {
  await db.run(`UPDATE ${tableOf(kind)} SET owner_id = ? WHERE reference = ?`, [ownerId, reference]);
}

/** Gives a new lead to a member of staff, sent with the transaction's next statements (not waited for). */
export function sendOwner(tx: Transaction, kind: LeadKind, reference: string, ownerId: number): void {
  tx.send(`UPDATE ${tableOf(kind)} SET owner_id = ? WHERE reference = ?`, [ownerId, reference]);
}

/** A lead's e-mail address, or null when there is no such lead. */
export async function emailOfLead(db: Queryable, kind: LeadKind, reference: string): Promise<string | null> {
  const [row] = await db.all<{ email: string }>(`SELECT email FROM ${tableOf(kind)} WHERE reference = ?`, [
    reference,
  ]);
  return row ? row.email : null;
}

/** Replaces a lead's e-mail address (staff corrected it after a bounce); resolves with 1, or 0 when it has gone. */
export function setEmail(db: Queryable, kind: LeadKind, reference: string, email: string): Promise<number> {
  return db.run(`UPDATE ${tableOf(kind)} SET email = ? WHERE reference = ?`, [email, reference]);
}
