/**
 * The one reader of a lead: everything staff may see of it, for the workspace's lead page and for a
 * person's access request alike, so both show the same lead. How the National Insurance number is shown
 * (masked, or in full for the person's archive) is the caller's choice, passed in.
 */
import type { QuoteAnswers } from "#core/config/quote-questions.ts";
import type { SentApplication, SentEnquiry } from "#core/leads/fields.ts";
import { kindOfReference, maskNiNumber, unreadableNiNumber } from "#core/leads/model.ts";
import type { Queryable } from "../db/database.ts";
import { documentsOf, type StoredDocument } from "../tables/documents.ts";
import { applicationByReference, enquiryByReference, type LeadRecord } from "../tables/leads/records.ts";
import { type LeadNote, leadNotes } from "../tables/notes.ts";
import { type LeadMessage, messagesOf } from "../tables/outbox.ts";
import { type LeadReply, leadReplies } from "../tables/replies.ts";
import { leadTimeline, type TimelineEvent } from "../tables/timeline.ts";
import { decryptNiNumber, type NiKeys } from "./protect.ts";

export type { StoredDocument };

type Common = LeadRecord & {
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
    const enquiry = await enquiryByReference(db, reference);
    if (!enquiry) return null;
    const { kind: _kind, company, service, message, siteDetails, ...own } = enquiry;
    return { ...(await common(db, own)), kind, company, service, message, siteDetails };
  }
  if (kind === "application") {
    const application = await applicationByReference(db, reference);
    if (!application) return null;
    const {
      kind: _kind,
      id,
      address,
      hasCar,
      hasUkLicence,
      rightToWork,
      niNumberEncrypted,
      keepConsentAt,
      vacancyReference,
      vacancyClosed,
      ...own
    } = application;
    return {
      ...(await common(db, own)),
      kind,
      address,
      hasCar,
      hasUkLicence,
      rightToWork,
      niNumber: niNumber(niNumberEncrypted),
      keepConsentAt,
      vacancyReference,
      vacancyClosed,
      documents: await documentsOf(db, id),
    };
  }
  return null;
}

/** What both kinds of lead have, with what was said and done about it. */
async function common(db: Queryable, lead: LeadRecord): Promise<Common> {
  const { reference } = lead;
  return {
    ...lead,
    mails: await messagesOf(db, reference),
    notes: await leadNotes(db, reference),
    timeline: await leadTimeline(db, reference),
    replies: await leadReplies(db, reference),
  };
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
