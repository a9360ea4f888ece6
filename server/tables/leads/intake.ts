/**
 * New leads: the INSERT of an enquiry or an application (`enquiries`, `applications`; see records.ts),
 * which stores nothing when it repeats an earlier submission, and the search for that earlier one.
 */
import type { QuoteAnswers } from "#core/config/quote-questions.ts";
import type { SpamSignal } from "#core/forms/form-token.ts";
import type { Sender } from "#core/leads/fields.ts";
import type { LeadKind } from "#core/leads/model.ts";
import type { Queryable, Value } from "../../db/database.ts";
import { tableOf } from "./records.ts";

/**
 * What makes a submission the same as an earlier one: the same idempotency key, or the same content from
 * the same sender (by the hash of their address) since `since`.
 */
export type RepeatOf = { idempotencyKey: string | null; contentHash: string; ipHash: string; since: number };

/** What both kinds of new lead store about who sent it and how. */
type NewLead = Sender & {
  reference: string;
  /** Caught by the honeypot: stored as spam. */
  status: "new" | "spam";
  idempotencyKey: string | null;
  contentHash: string;
  ipHash: string;
  userAgent: string;
  receivedAt: number;
  spamSignal: SpamSignal | null;
  formAgeMs: number | null;
};

/** A new enquiry, as the contact form sent it. */
export type NewEnquiry = NewLead & {
  company: string;
  service: string;
  message: string;
  siteDetails: QuoteAnswers | null;
};

/** A new application, as the careers form sent it, its National Insurance number already encrypted. */
export type NewApplication = NewLead & {
  address: string;
  hasCar: string;
  hasUkLicence: string;
  rightToWork: string;
  niNumberEncrypted: string;
  /** The vacancy it was made for, and whether that had closed as it arrived. */
  vacancyReference: string | null;
  vacancyClosed: boolean;
  /** What the applicant's links are signed over besides the reference (server/protection/applicant-link.ts). */
  linkNonce: string;
};

/** The reference of an earlier identical submission: same idempotency key, or same content and sender lately. */
export async function findRepeat(db: Queryable, kind: LeadKind, repeat: RepeatOf): Promise<string | null> {
  const table = tableOf(kind);
  if (repeat.idempotencyKey) {
    const rows = await db.all<{ reference: string }>(
      `SELECT reference FROM ${table} WHERE idempotency_key = ?`,
      [repeat.idempotencyKey],
    );
    if (rows[0]) return rows[0].reference;
  }
  const rows = await db.all<{ reference: string }>(
    `SELECT reference FROM ${table} WHERE content_hash = ? AND ip_hash = ? AND created_at > ? ORDER BY id LIMIT 1`,
    [repeat.contentHash, repeat.ipHash, repeat.since],
  );
  return rows[0]?.reference ?? null;
}

/**
 * The condition that makes a lead's INSERT ... SELECT store nothing when it repeats an earlier one
 * (the same idempotency key, or the same content from the same sender lately), with its values: the
 * duplicate check and the INSERT are one statement.
 */
function notARepeat(kind: LeadKind, repeat: RepeatOf): { sql: string; params: Value[] } {
  const table = tableOf(kind);
  return {
    sql: `WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE idempotency_key = ?)
       AND NOT EXISTS (SELECT 1 FROM ${table} WHERE content_hash = ? AND ip_hash = ? AND created_at > ?)`,
    params: [repeat.idempotencyKey, repeat.contentHash, repeat.ipHash, repeat.since],
  };
}

/**
 * Stores an enquiry unless it repeats an earlier submission (`repeatSince`: how far back the same
 * content from the same sender counts); resolves to its row's id, or null when it was a repeat and
 * nothing was stored. The statement is sent at once, so a caller may send others before waiting for it.
 */
export function insertEnquiry(
  tx: Queryable,
  lead: NewEnquiry,
  repeatSince: number,
): Promise<{ id: number } | null> {
  const unlessRepeat = notARepeat("enquiry", { ...lead, since: repeatSince });
  return tx
    .all<{ id: number }>(
      `INSERT INTO enquiries (reference, status, idempotency_key, content_hash, first_name, last_name, email, phone,
         company, service, message, ip_hash, user_agent, created_at, last_activity_at, spam_signal, form_age_ms,
         site_details)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS BIGINT), CAST(? AS BIGINT), ?, CAST(? AS BIGINT), ?
       ${unlessRepeat.sql} RETURNING id`,
      [
        lead.reference,
        lead.status,
        lead.idempotencyKey,
        lead.contentHash,
        lead.firstName,
        lead.lastName,
        lead.email,
        lead.phone,
        lead.company,
        lead.service,
        lead.message,
        lead.ipHash,
        lead.userAgent,
        lead.receivedAt,
        lead.receivedAt,
        lead.spamSignal,
        lead.formAgeMs,
        lead.siteDetails ? JSON.stringify(lead.siteDetails) : null,
        ...unlessRepeat.params,
      ],
    )
    .then(([row]) => row ?? null);
}

/**
 * Stores an application unless it repeats an earlier submission, as insertEnquiry does; resolves to its
 * id (which its documents name), or null when nothing was stored.
 */
export function insertApplication(
  tx: Queryable,
  lead: NewApplication,
  repeatSince: number,
): Promise<{ id: number } | null> {
  const unlessRepeat = notARepeat("application", { ...lead, since: repeatSince });
  return tx
    .all<{ id: number }>(
      `INSERT INTO applications (reference, status, idempotency_key, content_hash, first_name, last_name, email,
         phone, address, has_car, has_uk_licence, right_to_work, ni_number_encrypted, ip_hash, user_agent, created_at, last_activity_at,
         spam_signal, form_age_ms, vacancy_reference, vacancy_closed, link_nonce)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS BIGINT), CAST(? AS BIGINT), ?, CAST(? AS BIGINT), ?,
         CAST(? AS INTEGER), ?
       ${unlessRepeat.sql} RETURNING id`,
      [
        lead.reference,
        lead.status,
        lead.idempotencyKey,
        lead.contentHash,
        lead.firstName,
        lead.lastName,
        lead.email,
        lead.phone,
        lead.address,
        lead.hasCar,
        lead.hasUkLicence,
        lead.rightToWork,
        lead.niNumberEncrypted,
        lead.ipHash,
        lead.userAgent,
        lead.receivedAt,
        lead.receivedAt,
        lead.spamSignal,
        lead.formAgeMs,
        lead.vacancyReference,
        lead.vacancyClosed ? 1 : 0,
        lead.linkNonce,
        ...unlessRepeat.params,
      ],
    )
    .then(([row]) => row ?? null);
}
