/**
 * Finding a person (UK GDPR Article 15): everything held about an e-mail address, each lead read by the
 * one reader of a lead (server/leads/lead.ts) with its retention decision, and their job alerts.
 */
import { describeAnswers } from "#core/config/quote-questions.ts";
import { type RetentionConfig, retention } from "#core/config/retention.ts";
import { normaliseEmail } from "#core/email.ts";
import { sentDetails } from "#core/leads/fields.ts";
import { documentLabel, type LeadKind, type LeadStatus } from "#core/leads/model.ts";
import type { Queryable } from "../db/database.ts";
import { readLead, type StoredLead } from "../leads/lead.ts";
import type { LeadNote } from "../tables/notes.ts";
import type { LeadMessage } from "../tables/outbox.ts";
import type { LeadReply } from "../tables/replies.ts";
import type { TimelineEvent } from "../tables/timeline.ts";
import { alertsOf, type PersonAlert } from "./alerts.ts";
import { type DeletionCounts, leadsOf } from "./erase.ts";
import { leadFacts } from "./purge.ts";
import { type RetentionDecision, retentionOf } from "./rules.ts";

/** One detail of a lead as the page lists it. */
export type PersonDetail = { label: string; value: string };

export type LeadFile = {
  id: number;
  field: string;
  kind: string;
  fileName: string;
  contentType: string;
  size: number;
  /** What the virus scanner found, when it removed the file's bytes; null for a file we hold. */
  removedFor: string | null;
};

/** Everything held about one enquiry or application. */
export type PersonLead = {
  kind: LeadKind;
  reference: string;
  status: LeadStatus;
  receivedAt: number;
  statusChangedAt: number | null;
  lastActivityAt: number;
  keepConsentAt: number | null;
  /** What the person sent, as the page shows it (the NI number masked). */
  details: PersonDetail[];
  /** An enquiry's answers about the site, question and answer in words; none for an application. */
  siteDetails: PersonDetail[];
  /** The browser it came from, and a one-way fingerprint of the internet address (never the address). */
  sentWith: { browser: string; addressFingerprint: string };
  files: LeadFile[];
  notes: LeadNote[];
  emails: LeadMessage[];
  /** Replies our team wrote to them from the workspace, with their words. */
  replies: LeadReply[];
  timeline: TimelineEvent[];
  retention: RetentionDecision;
};

/** Everything held about an e-mail address. */
export type PersonRecords = {
  email: string;
  leads: PersonLead[];
  /** Their job alerts, with the consent record of each. */
  alerts: PersonAlert[];
  /** What an erasure of the address would delete (its timeline entries aside, which stay, cleared). */
  counts: Omit<DeletionCounts, "timeline">;
};

/** One lead as the person's own records show it, read by the one reader of a lead (server/leads/lead.ts). */
function personLead(lead: StoredLead, decision: RetentionDecision): PersonLead {
  return {
    kind: lead.kind,
    reference: lead.reference,
    status: lead.status,
    receivedAt: lead.createdAt,
    statusChangedAt: lead.statusChangedAt,
    lastActivityAt: lead.lastActivityAt,
    keepConsentAt: lead.kind === "application" ? lead.keepConsentAt : null,
    details: sentDetails(lead, "person").map(({ label, value }) => ({ label, value })),
    siteDetails:
      lead.kind === "enquiry"
        ? describeAnswers(lead.service, lead.siteDetails).map(({ question, answer }) => ({
            label: question,
            value: answer,
          }))
        : [],
    sentWith: lead.sentWith,
    files:
      lead.kind === "application"
        ? lead.documents.map((file) => ({
            id: file.id,
            field: file.field,
            kind: documentLabel(file.field),
            fileName: file.fileName,
            contentType: file.contentType,
            size: file.size,
            removedFor: file.scan === "infected" ? (file.scanResult ?? "malware") : null,
          }))
        : [],
    notes: lead.notes,
    emails: lead.mails,
    replies: lead.replies,
    timeline: lead.timeline,
    retention: decision,
  };
}

/**
 * Everything held about an e-mail address (UK GDPR Article 15): every enquiry and application sent
 * from it, their files, notes, mail and timeline. `niNumber` decides how an NI number is shown.
 */
export async function findPerson(
  db: Queryable,
  email: string,
  niNumber: (stored: string) => string,
  config: RetentionConfig = retention,
): Promise<PersonRecords> {
  const leads: PersonLead[] = [];
  for (const { kind, reference } of await leadsOf(db, email)) {
    const lead = await readLead(db, reference, niNumber);
    const facts = await leadFacts(db, kind, reference);
    // Deleted while it was being read (the purge, or someone else's erasure): nothing to show.
    if (lead && facts) leads.push(personLead(lead, retentionOf(facts, config)));
  }
  const sum = (pick: (lead: PersonLead) => number) => leads.reduce((total, lead) => total + pick(lead), 0);
  return {
    email: normaliseEmail(email),
    leads,
    alerts: await alertsOf(db, email),
    counts: {
      records: leads.length,
      enquiries: sum((lead) => (lead.kind === "enquiry" ? 1 : 0)),
      applications: sum((lead) => (lead.kind === "application" ? 1 : 0)),
      files: sum((lead) => lead.files.length),
      notes: sum((lead) => lead.notes.length),
      emails: sum((lead) => lead.emails.length),
    },
  };
}
