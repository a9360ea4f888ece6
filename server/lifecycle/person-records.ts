/**
 * What an access request's archive says, in words the person reads: records.json (every lead, readable
 * names, ISO dates, nothing left out), the place of each file in the archive, and its README.txt.
 */
import { site } from "#core/config/site.ts";
import { addressLineOf, type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import {
  type AuditAction,
  actorOf,
  describeEvent,
  formatDate,
  type MailPurpose,
  mailStateLabels,
  statusLabels,
} from "#core/leads/model.ts";
import type { LeadFile, PersonLead, PersonRecords } from "./person.ts";

/** A time as the archive writes it: ISO 8601, in UTC. */
export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A file's name inside the archive: its own name, made safe, under its application's folder. */
export function archivePath(lead: PersonLead, file: LeadFile, index: number): string {
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
  "bounce-notice": "A notice to our team that an e-mail to you could not be delivered",
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
export function exportLead(lead: PersonLead) {
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

/** The archive's README.txt: what it holds, file by file, and how to reach us. */
export function readme(
  email: string,
  preparedAt: number,
  counts: PersonRecords["counts"],
  company: CompanyFacts = shippedCompany,
): string {
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
${company.email} · ${company.phone.display} · ${addressLineOf(company)}
`;
}
