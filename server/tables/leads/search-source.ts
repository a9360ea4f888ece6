/**
 * Both kinds of lead as the inbox reads them, part of the owner of the lead tables (records.ts): one list
 * with the same columns from `enquiries` and `applications`, what one kind lacks left empty, and the
 * conditions a search and filters put on it. The page (search.ts) and the CSV export (search-export.ts)
 * read the same list with the same conditions.
 */
import type { SpamSignal } from "#core/forms/form-token.ts";
import { type InboxQuery, searchLimits } from "#core/leads/inbox-query.ts";
import type { LeadKind, LeadStatus } from "#core/leads/model.ts";
import { promiseMs } from "#core/leads/reply-promise.ts";
import type { Database, Value } from "../../db/database.ts";
import { containing } from "./search-index.ts";

/** A kind's due time as SQL: its reply promise (a whole number of ms from the site config) after it arrived. */
function dueColumn(kind: LeadKind): string {
  const ms = promiseMs(kind);
  return ms === null ? "CAST(NULL AS BIGINT) AS due_at" : `created_at + ${Math.trunc(ms)} AS due_at`;
}

// Both kinds of lead as one list with the same columns; what one kind does not have is empty.
const enquiriesSource = `SELECT 'enquiry' AS kind, reference, first_name, last_name, email, phone, company, service,
    message, '' AS address, '' AS has_car, '' AS has_uk_licence, '' AS right_to_work, status, created_at,
    status_changed_at, last_activity_at, opened_at, NULL AS keep_consent_at, spam_signal, form_age_ms,
    NULL AS vacancy_reference, owner_id, answered_at, site_details, ${dueColumn("enquiry")}
  FROM enquiries`;
const applicationsSource = `SELECT 'application' AS kind, reference, first_name, last_name, email, phone,
    '' AS company, '' AS service, '' AS message, address, has_car, has_uk_licence, right_to_work, status,
    created_at, status_changed_at, last_activity_at, opened_at, keep_consent_at, spam_signal, form_age_ms,
    vacancy_reference, owner_id, answered_at, CAST(NULL AS TEXT) AS site_details, ${dueColumn("application")}
  FROM applications`;

/** A lead still waiting for its first answer, with a clock running. */
export const awaitingAnswer = "(status = 'new' AND answered_at IS NULL AND due_at IS NOT NULL)";

/** Who is looking, and when: for the "Mine" and "Overdue" filters. */
export type Viewer = { me: number | null; now: number };

/** One kind's leads, or both kinds' (no kind given), as one list with the same columns. */
export function source(kind: LeadKind | undefined): string {
  if (kind === "enquiry") return enquiriesSource;
  if (kind === "application") return applicationsSource;
  return `${enquiriesSource} UNION ALL ${applicationsSource}`;
}

const searched = ["reference", "first_name", "last_name", "email", "phone", "company", "message"];

/** The words of a search that count, in lower case. */
export function searchWords(query: InboxQuery): string[] {
  return (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, searchLimits.words);
}

/**
 * The WHERE clause for a search and filters. Every word of the search must appear, in any case, in one
 * of the searched fields; a phone number also matches without its spaces. Spam shows only when asked for.
 * Case is ignored in the way each database does best (its likeIgnoringCase). Given the one kind of lead
 * it reads, the Overdue filter compares the arrival time itself, so its index can answer it.
 */
export function where(
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

/** One lead as `source` lists it. */
export type SourceRow = {
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
  /** An enquiry's answers about its site, as stored (JSON); null for none and for applications. */
  site_details: string | null;
};
