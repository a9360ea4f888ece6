/**
 * The inbox's CSV export as the owner of the lead tables (records.ts) reads it: every lead a search and
 * filters match, over every page, as the model names its fields.
 */
import type { QuoteAnswers } from "#core/config/quote-questions.ts";
import type { InboxQuery } from "#core/leads/inbox-query.ts";
import type { LeadKind, LeadStatus } from "#core/leads/model.ts";
import type { Database } from "../../db/database.ts";
import { readSiteDetails } from "./records.ts";
import { type SourceRow, source, type Viewer, where } from "./search-source.ts";

/** One lead as the CSV export lists it: what was sent, and where it stands. What a kind lacks is empty. */
export type ExportedLead = {
  kind: LeadKind;
  reference: string;
  receivedAt: number;
  status: LeadStatus;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  message: string;
  /** An enquiry's answers about its site; null for none and for applications. */
  siteDetails: QuoteAnswers | null;
  address: string;
  hasCar: string;
  hasUkLicence: string;
  rightToWork: string;
  keepConsentAt: number | null;
  lastActivityAt: number;
};

/** Every lead the search and filters match (all pages), newest first. */
export async function leadsToExport(
  db: Database,
  query: InboxQuery,
  viewer: Viewer,
): Promise<ExportedLead[]> {
  const filtered = where(db.sql, query, true, viewer);
  const rows = await db.all<SourceRow>(
    `SELECT * FROM (${source(query.kind)}) leads ${filtered.sql} ORDER BY created_at DESC, reference DESC`,
    filtered.params,
  );
  return rows.map((row) => ({
    kind: row.kind,
    reference: row.reference,
    receivedAt: Number(row.created_at),
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    service: row.service,
    message: row.message,
    siteDetails: readSiteDetails(row.site_details),
    address: row.address,
    hasCar: row.has_car,
    hasUkLicence: row.has_uk_licence,
    rightToWork: row.right_to_work,
    keepConsentAt: row.keep_consent_at === null ? null : Number(row.keep_consent_at),
    lastActivityAt: Number(row.last_activity_at),
  }));
}
