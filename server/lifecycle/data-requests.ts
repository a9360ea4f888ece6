import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { describeAnswers } from "#core/config/quote-questions.ts";
import { type RetentionConfig, retention } from "#core/config/retention.ts";
import { addressLine, site } from "#core/config/site.ts";
import { normaliseEmail } from "#core/email.ts";
import { sentDetails } from "#core/leads/fields.ts";
import {
  type AuditAction,
  actorOf,
  describeEvent,
  documentLabel,
  formatDate,
  type LeadKind,
  type LeadStatus,
  type MailPurpose,
  mailStateLabels,
  spacedNiNumber,
  statusLabels,
} from "#core/leads/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import { maskedNiNumber, readLead, type StoredLead } from "../leads/lead.ts";
import { decryptNiNumber, type NiKeys } from "../leads/protect.ts";
import type { LeadMessage, LeadNote, LeadReply, TimelineEvent } from "../leads/read.ts";
import { recordEvent } from "../leads/timeline.ts";
import { alertsOf, type PersonAlert } from "./alerts.ts";
import { type DeletionCounts, type ErasureResult, eraseByEmail, leadsOf } from "./erase.ts";
import type { ErasureLedger } from "./ledger.ts";
import { leadFacts } from "./purge.ts";
import { type RetentionDecision, retentionOf } from "./rules.ts";
import { reclaimSpace } from "./storage.ts";

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

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A file's name inside the archive: its own name, made safe, under its application's folder. */
function archivePath(lead: PersonLead, file: LeadFile, index: number): string {
  const safe = file.fileName.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_").replace(/^\.+/, "_") || "document";
  return `files/${lead.reference}/${index + 1} ${safe}`;
}

const purposes: Record<MailPurpose, string> = {
  acknowledgement: "Our reply confirming we had received it",
  notification: "The copy sent to our team",
  reply: "A reply from our team",
  reminder: "A reminder to our team that a reply was due",
  escalation: "A warning to our managers that a reply was overdue",
  summary: "A summary for our team",
  stage: "Our e-mail about your application's stage",
  interview: "An interview invitation, change or cancellation",
  "interview-reminder": "A reminder of your interview",
  "applicant-link": "A new link to your application, which you asked for",
  "pool-renewal": "Our question whether to keep you on file",
  withdrawal: "Our team's notice that you withdrew your application",
  "job-alert": "A job alert: new vacancies you asked to hear about",
  "alert-confirm": "Our e-mail asking you to confirm your job alerts",
  "alert-renewal": "Our question whether to keep your job alerts",
  "staff-security": "A security notice to our team",
};

/** The agreement to be kept on file for future roles, in the words the person reads, by its timeline event. */
const consentEvents: Partial<Record<AuditAction, string>> = {
  "consent-recorded": "You agreed to be kept on file for future roles",
  "consent-renewed": "You renewed your agreement to be kept on file",
  "consent-withdrawn": "Your agreement to be kept on file was withdrawn",
};

/**
 * The history of the agreement to be kept on file (UK GDPR Article 7(1): we must be able to show the
 * consent was given): when it was given, renewed or withdrawn, and how, from the lead's timeline.
 */
function consentHistory(lead: PersonLead) {
  return lead.timeline.flatMap((entry) => {
    const what = consentEvents[entry.action];
    if (!what) return [];
    const how = entry.who
      ? `Recorded by ${entry.who} of our team`
      : entry.detail === "from their link"
        ? "By you, on your application's own page (from the link in our e-mails)"
        : `By ${actorOf(entry.action, null)}`;
    return [{ when: iso(entry.at), what, how }];
  });
}

/** One lead as the archive's records.json holds it: readable names, ISO dates, nothing left out. */
function exportLead(lead: PersonLead) {
  return {
    reference: lead.reference,
    type: lead.kind === "enquiry" ? "Enquiry" : "Job application",
    status: statusLabels[lead.status],
    received: iso(lead.receivedAt),
    statusLastChanged: iso(lead.statusChangedAt),
    lastActivity: iso(lead.lastActivityAt),
    ...(lead.kind === "application"
      ? {
          agreedToBeKeptForFutureRoles: iso(lead.keepConsentAt),
          agreementToBeKeptOnFile: consentHistory(lead),
        }
      : {}),
    whatYouSent: Object.fromEntries(lead.details.map((detail) => [detail.label, detail.value])),
    ...(lead.siteDetails.length > 0
      ? { aboutYourSite: Object.fromEntries(lead.siteDetails.map((detail) => [detail.label, detail.value])) }
      : {}),
    sentWith: {
      browser: lead.sentWith.browser,
      internetAddressFingerprint: lead.sentWith.addressFingerprint,
    },
    ...(lead.kind === "application"
      ? {
          documents: lead.files.map((file, index) =>
            file.removedFor === null
              ? {
                  kind: file.kind,
                  fileName: file.fileName,
                  type: file.contentType,
                  sizeInBytes: file.size,
                  inThisArchive: archivePath(lead, file, index),
                }
              : {
                  kind: file.kind,
                  fileName: file.fileName,
                  type: file.contentType,
                  removed: `Our virus scanner found ${file.removedFor} in this file when it arrived, so it was deleted and we do not hold it.`,
                },
          ),
        }
      : {}),
    notesByOurTeam: lead.notes.map((note) => ({
      written: iso(note.createdAt),
      by: note.author,
      text: note.body,
    })),
    emails: lead.emails.map((mail) => ({
      purpose: purposes[mail.purpose] ?? mail.purpose,
      to: mail.to,
      subject: mail.subject,
      body: mail.body,
      status: mailStateLabels[mail.state],
      queued: iso(mail.createdAt),
      sent: iso(mail.sentAt),
    })),
    repliesFromOurTeam: lead.replies.map((reply) => ({
      written: iso(reply.createdAt),
      by: reply.author,
      subject: reply.subject,
      text: reply.body,
      status: reply.state ? mailStateLabels[reply.state] : "",
    })),
    timeline: lead.timeline.map((entry) => ({
      when: iso(entry.at),
      what: describeEvent(entry.action, entry.detail),
      by: actorOf(entry.action, entry.who),
      ...(entry.detail ? { detail: entry.detail } : {}),
    })),
    dueForDeletion: { on: iso(lead.retention.deleteAt), because: lead.retention.because },
  };
}

function readme(email: string, preparedAt: number, counts: PersonRecords["counts"]): string {
  return `Your personal data from ${site.legalName}
Prepared on ${formatDate(preparedAt)} for the e-mail address ${email}.

This archive holds everything we hold about you that we found by your e-mail
address: ${counts.enquiries} ${counts.enquiries === 1 ? "enquiry" : "enquiries"} and ${counts.applications} job application${counts.applications === 1 ? "" : "s"}, with ${counts.files} file${counts.files === 1 ? "" : "s"}.

records.json  Every enquiry and job application you sent us, as we store it:
              your details (your National Insurance number in full), the
              browser you used and a one-way fingerprint of your internet
              address (we never store the address itself), our team's notes,
              the replies our team wrote to you, the e-mails we sent or were
              about to send, a timeline of what our team did and when, when
              and how you agreed to be kept on file for future roles (and
              each renewal), and the date each record is due to be deleted.
              Dates and times are in UTC.

files/        The CV and other documents you sent, one folder per
              application, exactly as you uploaded them.

README.txt    This note.

If anything is wrong, or you would like us to delete it, contact us:
${site.email} · ${site.phone.display} · ${addressLine}
`;
}

export type PersonArchive = {
  fileName: string;
  counts: PersonRecords["counts"];
  /** The ZIP, streamed: files are read from the database one at a time as it is sent. */
  body: ReadableStream<Uint8Array>;
};

/**
 * The ZIP a person receives for an access request: records.json (every record, NI numbers in full),
 * every file they sent, and a README.txt. Recorded in the audit log with who asked and how many
 * records, never the address. Resolves to null when nothing is held about the address.
 */
export async function personArchive(
  db: Database,
  email: string,
  options: { niKey: NiKeys; now: number; staffId: number | null; config?: RetentionConfig },
): Promise<PersonArchive | null> {
  const person = await findPerson(
    db,
    email,
    (stored) => spacedNiNumber(decryptNiNumber(stored, options.niKey)),
    options.config,
  );
  if (person.leads.length === 0 && person.alerts.length === 0) return null;
  const records = {
    about: `Everything ${site.legalName} holds about the e-mail address ${person.email}, found by that address.`,
    emailAddress: person.email,
    prepared: iso(options.now),
    enquiries: person.leads.filter((lead) => lead.kind === "enquiry").map(exportLead),
    applications: person.leads.filter((lead) => lead.kind === "application").map(exportLead),
    jobAlerts: person.alerts.map((alert) => ({
      ...alert,
      signedUpAt: iso(alert.signedUpAt),
      confirmedAt: alert.confirmedAt === null ? null : iso(alert.confirmedAt),
      renewedAt: alert.renewedAt === null ? null : iso(alert.renewedAt),
    })),
  };

  const zip = new ZipFile();
  const mtime = new Date(options.now);
  zip.addBuffer(Buffer.from(readme(person.email, options.now, person.counts)), "README.txt", { mtime });
  zip.addBuffer(Buffer.from(`${JSON.stringify(records, null, 2)}\n`), "records.json", { mtime });
  for (const lead of person.leads) {
    lead.files.forEach((file, index) => {
      // A file the virus scanner removed has no bytes left to give (records.json says why).
      if (file.removedFor !== null) return;
      // Deflated like the rest, though most gain little: stored entries after a stream need a data
      // descriptor that some unzip tools cannot read. `size` is checked against what is written.
      zip.addReadStreamLazy(archivePath(lead, file, index), { mtime, size: file.size }, (callback) => {
        db.all<{ content: Uint8Array }>("SELECT content FROM documents WHERE id = ?", [file.id]).then(
          ([doc]) => {
            if (!doc)
              callback(
                new Error(`${lead.reference}: a document was deleted while the archive was made`),
                Readable.from([]),
              );
            else callback(null, Readable.from([Buffer.from(doc.content)]));
          },
          (error: unknown) => callback(error, Readable.from([])),
        );
      });
    });
  }
  zip.end();

  await recordEvent(db, {
    action: "access-request",
    staffId: options.staffId,
    detail: `${person.counts.records} record${person.counts.records === 1 ? "" : "s"} and ${person.counts.files} file${person.counts.files === 1 ? "" : "s"} downloaded: ${person.leads.map((lead) => lead.reference).join(", ")}`,
    now: options.now,
  });
  const day = new Date(options.now).toISOString().slice(0, 10);
  return {
    fileName: `personal-data-${day}.zip`,
    counts: person.counts,
    body: Readable.toWeb(Readable.from(zip.outputStream)) as ReadableStream<Uint8Array>,
  };
}

/** Erasing someone's data asks for a passkey confirmation at most this old (a download: the workspace's own window, passed in). */
export const erasureConfirmationWindowMs = 5 * 60 * 1000;

/** The people service the workspace hands to routes: find, download and erase by e-mail address. */
export function createDataRequests(options: {
  db: Database;
  niKey: NiKeys;
  now: () => number;
  /** How long a passkey confirmation lasts for a download (the workspace's setting). */
  confirmationWindowMs: number;
  /** Each erasure is also written here, for restored backups (ledger.ts). */
  ledger?: ErasureLedger;
}) {
  const { db, niKey, now, ledger, confirmationWindowMs } = options;
  return {
    /** Minutes a passkey confirmation lasts for an erasure, as the page tells staff. */
    erasureWindowMinutes: erasureConfirmationWindowMs / 60_000,
    /**
     * True when this member of staff must confirm with their passkey before the action: a download
     * within the export window, an erasure within the last few minutes.
     */
    needsConfirmation: (me: { confirmedAt: number }, action: "download" | "erase"): boolean =>
      now() - me.confirmedAt > (action === "erase" ? erasureConfirmationWindowMs : confirmationWindowMs),
    /** Everything held about an address, NI numbers masked. */
    // An unreadable number is named as such, so the page still shows everything else; the download
    // refuses until the key is right.
    find: (email: string): Promise<PersonRecords> => findPerson(db, email, maskedNiNumber(niKey)),
    /** The access-request ZIP for an address, or null when nothing is held. */
    download: (email: string, staffId: number): Promise<PersonArchive | null> =>
      personArchive(db, email, { niKey, now: now(), staffId }),
    /**
     * Erases every record for an address, then reclaims the space so nothing is left in the file.
     * `staffId` is null when the person did it themselves, from their application's link.
     */
    async erase(email: string, staffId: number | null): Promise<ErasureResult> {
      const result = await eraseByEmail(db, email, { now: now(), staffId, ledger });
      if (result.records > 0 || result.emails > 0) await reclaimSpace(db);
      return result;
    },
  };
}

export type People = ReturnType<typeof createDataRequests>;
