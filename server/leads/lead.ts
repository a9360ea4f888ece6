/**
 * The one reader of a lead: everything staff may see of it, for the workspace's lead page and for a
 * person's access request alike, so both show the same lead. How the National Insurance number is shown
 * (masked, or in full for the person's archive) is the caller's choice, passed in.
 */
import type { QuoteAnswers } from "#core/config/quote-questions.ts";
import type { CareersFileField } from "#core/forms/careers-fields.ts";
import type { SpamSignal } from "#core/forms/form-token.ts";
import type { Sender, SentApplication, SentEnquiry } from "#core/leads/fields.ts";
import {
  kindOfReference,
  type LeadStatus,
  maskNiNumber,
  type ScanStatus,
  unreadableNiNumber,
} from "#core/leads/model.ts";
import type { Queryable } from "../db/database.ts";
import { tableOf } from "./model.ts";
import { decryptNiNumber, type NiKeys } from "./protect.ts";
import {
  type LeadMessage,
  type LeadNote,
  type LeadReply,
  leadMessages,
  leadNotes,
  leadReplies,
  leadTimeline,
  type TimelineEvent,
} from "./read.ts";

/** A document sent with an application, without its bytes, and where it stands with the virus scanner. */
export type StoredDocument = {
  id: number;
  field: CareersFileField;
  fileName: string;
  contentType: string;
  size: number;
  scan: ScanStatus;
  /** What the scanner found, for a removed document. */
  scanResult: string | null;
};

type Common = Sender & {
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
  mails: LeadMessage[];
  notes: LeadNote[];
  timeline: TimelineEvent[];
  /** Replies our team wrote from the workspace, with their words. */
  replies: LeadReply[];
};

/** An enquiry with everything staff may see of it, and its answers about the site (null when none). */
export type StoredEnquiry = Common & SentEnquiry & { siteDetails: QuoteAnswers | null };

/** An application with everything staff may see of it; its NI number as the caller chose to show it. */
export type StoredApplication = Common &
  SentApplication & {
    keepConsentAt: number | null;
    documents: StoredDocument[];
    /** The vacancy the application was made for (its reference), and whether it had closed by then. */
    vacancyReference: string | null;
    vacancyClosed: boolean;
  };

/** Everything staff may see of one lead. Its sent fields fit `SentLead` (core/leads/fields.ts). */
export type StoredLead = StoredEnquiry | StoredApplication;

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

/** The stored answers about the site: a JSON object, or null when none was answered. */
export function readSiteDetails(stored: string | null): QuoteAnswers | null {
  if (!stored) return null;
  const parsed: unknown = JSON.parse(stored);
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? (parsed as QuoteAnswers)
    : null;
}

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

const optional = (value: number | null) => (value === null ? null : Number(value));

/**
 * Everything staff may see of one lead, or null when there is none with this reference. `niNumber`
 * turns the stored (encrypted) National Insurance number into what this reader may see.
 */
export async function readLead(
  db: Queryable,
  reference: string,
  niNumber: (stored: string) => string,
): Promise<StoredLead | null> {
  const kind = kindOfReference(reference);
  if (kind === "enquiry") {
    const [row] = await db.all<EnquiryRow>(`SELECT * FROM ${tableOf(kind)} WHERE reference = ?`, [reference]);
    if (!row) return null;
    return {
      ...(await common(db, row)),
      kind,
      company: row.company,
      service: row.service,
      message: row.message,
      siteDetails: readSiteDetails(row.site_details),
    };
  }
  if (kind === "application") {
    const [row] = await db.all<ApplicationRow>(`SELECT * FROM ${tableOf(kind)} WHERE reference = ?`, [
      reference,
    ]);
    if (!row) return null;
    return {
      ...(await common(db, row)),
      kind,
      address: row.address,
      hasCar: row.has_car,
      hasUkLicence: row.has_uk_licence,
      rightToWork: row.right_to_work,
      niNumber: niNumber(row.ni_number_encrypted),
      keepConsentAt: optional(row.keep_consent_at),
      vacancyReference: row.vacancy_reference,
      vacancyClosed: Number(row.vacancy_closed) === 1,
      documents: await leadDocuments(db, Number(row.id)),
    };
  }
  return null;
}

/** What both kinds of lead have, with what was said and done about it. */
async function common(db: Queryable, row: CommonRow): Promise<Common> {
  const { reference } = row;
  return {
    reference,
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
    mails: await leadMessages(db, reference),
    notes: await leadNotes(db, reference),
    timeline: await leadTimeline(db, reference),
    replies: await leadReplies(db, reference),
  };
}

/** An application's documents, in the order they were sent, without their bytes. */
async function leadDocuments(db: Queryable, applicationId: number): Promise<StoredDocument[]> {
  const rows = await db.all<{
    id: number;
    field: CareersFileField;
    file_name: string;
    content_type: string;
    size: number;
    scan_status: ScanStatus;
    scan_result: string | null;
  }>(
    "SELECT id, field, file_name, content_type, size, scan_status, scan_result FROM documents WHERE application_id = ? ORDER BY id",
    [applicationId],
  );
  return rows.map((doc) => ({
    id: Number(doc.id),
    field: doc.field,
    fileName: doc.file_name,
    contentType: doc.content_type,
    size: Number(doc.size),
    scan: doc.scan_status,
    scanResult: doc.scan_status === "infected" ? doc.scan_result : null,
  }));
}

/**
 * Shows a stored National Insurance number masked; the number itself never leaves this function. One
 * this server's key cannot read is named as such, so the rest of the lead can still be shown.
 */
export function maskedNiNumber(niKey: NiKeys): (stored: string) => string {
  return (stored) => {
    try {
      return maskNiNumber(decryptNiNumber(stored, niKey));
    } catch {
      return unreadableNiNumber;
    }
  };
}
