/**
 * What a lead is, and the words staff read about it: its kinds and references, its statuses, its
 * service, the National Insurance number's masked and spaced forms, what can happen to it (the
 * timeline's actions) and its messages. Written once here and imported by the server and by the
 * workspace's pages alike, so it stays pure: no zod, no `node:` module, no form module (the workspace's
 * pages must share no script with the public forms).
 */
import { serviceOptions } from "../config/service-list.ts";
// A type only: it leaves no script behind, so the workspace's pages still share none with the forms.
import type { CareersFileField } from "../forms/careers-fields.ts";

export type LeadKind = "enquiry" | "application";

export const leadKinds = [
  { value: "enquiry", label: "Enquiry", plural: "Enquiries" },
  { value: "application", label: "Application", plural: "Applications" },
] as const satisfies readonly { value: LeadKind; label: string; plural: string }[];

/** A kind of lead as staff read it: "Enquiry", "Application". */
export function kindLabel(kind: LeadKind): string {
  return kind === "enquiry" ? "Enquiry" : "Application";
}

/** The start of each kind's references: "ENQ-7K3Q9M", "APP-4M8R2T". */
export const referencePrefixes = { enquiry: "ENQ", application: "APP" } as const satisfies Record<
  LeadKind,
  string
>;

export type ReferencePrefix = (typeof referencePrefixes)[LeadKind];

/** A reference as the website gives them out: its kind's prefix, a hyphen, six letters and digits. */
export const referencePattern = /^(ENQ|APP)-[0-9A-Z]{6}$/;

/** Why a lead was deleted: its retention period ended, or the person asked for their data to be erased. */
export type DeletionReason = "retention" | "erasure request";

/** What is kept of a deleted lead: its kind, when it came, when it went and why. No personal data. */
export type Tombstone = {
  reference: string;
  kind: LeadKind;
  receivedAt: number;
  deletedAt: number;
  reason: DeletionReason;
};

/** What the workspace says of a deleted lead, from its tombstone: nothing about the person. */
export type DeletedLead = { reference: string; kind: string; received: string; deleted: string; why: string };

/** A tombstone (kind, dates, why) in the words the workspace shows. */
export function describeDeleted(tombstone: Tombstone): DeletedLead {
  return {
    reference: tombstone.reference,
    kind: kindLabel(tombstone.kind),
    received: formatDate(tombstone.receivedAt),
    deleted: formatDate(tombstone.deletedAt),
    why:
      tombstone.reason === "erasure request"
        ? "at the person's request"
        : "at the end of the time we keep leads (see the privacy notice)",
  };
}

/** Which kind of lead a reference belongs to, from its prefix; null when it cannot be one. */
export function kindOfReference(reference: string): LeadKind | null {
  const prefix = referencePattern.exec(reference)?.[1];
  if (prefix === referencePrefixes.enquiry) return "enquiry";
  if (prefix === referencePrefixes.application) return "application";
  return null;
}

/** The statuses an enquiry is worked through, in order. */
export const enquiryStatuses = ["new", "contacted", "quoted", "won", "lost", "spam"] as const;
/** The statuses an application is worked through, in order. */
export const applicationStatuses = [
  "new",
  "contacted",
  "interview",
  "hired",
  "unsuccessful",
  // Set by the applicant from their link (or by staff when they are told by phone).
  "withdrawn",
  "spam",
] as const;

export type EnquiryStatus = (typeof enquiryStatuses)[number];
export type ApplicationStatus = (typeof applicationStatuses)[number];
export type LeadStatus = EnquiryStatus | ApplicationStatus;

/** Every status, in the order the inbox lists their counts. */
export const allStatuses = [
  "new",
  "contacted",
  "quoted",
  "interview",
  "won",
  "hired",
  "lost",
  "unsuccessful",
  "withdrawn",
  "spam",
] as const satisfies readonly LeadStatus[];

export const statusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  interview: "Interview",
  won: "Won",
  hired: "Hired",
  lost: "Lost",
  unsuccessful: "Unsuccessful",
  withdrawn: "Withdrawn",
  spam: "Spam",
};

/** A status in words; anything that is not a status stays as it is. */
export function statusLabel(status: string): string {
  return status in statusLabels ? statusLabels[status as LeadStatus] : status;
}

/** The statuses a lead of this kind can have. */
export function statusesFor(kind: LeadKind): readonly LeadStatus[] {
  return kind === "enquiry" ? enquiryStatuses : applicationStatuses;
}

/** True when `status` is one a lead of this kind can have. */
export function isStatusOf(kind: LeadKind, status: string): status is LeadStatus {
  return (statusesFor(kind) as readonly string[]).includes(status);
}

/** The services an enquiry can name, as the contact form offers them (for the inbox's filter). */
export const serviceChoices: readonly { value: string; label: string }[] = serviceOptions;

/** The name of a service as the contact form offers it; "Not specified" for none. */
export function serviceLabel(value: string): string {
  return serviceOptions.find((option) => option.value === value)?.label ?? "Not specified";
}

/** The longest note the workspace keeps. */
export const noteMaxLength = 5000;

/** The longest subject and reply the workspace sends. */
export const replyLimits = { subject: 200, body: 20_000 } as const;

/** Where an interview takes place: our office (its address from the site config), another address, a call or a video link. */
export type InterviewPlaceKind = "office" | "address" | "phone" | "video";

/** The places an interview can be, as the invitation form offers them. */
export const interviewPlaceKinds = [
  { value: "office", label: "Our office" },
  { value: "address", label: "Another address" },
  { value: "phone", label: "Phone call" },
  { value: "video", label: "Video link" },
] as const satisfies readonly { value: InterviewPlaceKind; label: string }[];

/** The applicant's answer to an interview invitation, from their page. */
export type InterviewAnswer = "attending" | "another-time";

export const interviewAnswerLabels: Record<InterviewAnswer, string> = {
  attending: "Will be there",
  "another-time": "Needs another time",
};

/** The longest address (or number, or link), name and note an interview keeps. */
export const interviewLimits = { place: 500, meetWith: 120, note: 2000 } as const;

/** A National Insurance number as staff see it without a reveal: "AB •• •• •• C". */
export function maskNiNumber(normalised: string): string {
  const n = normalised.replace(/\s+/g, "");
  return `${n.slice(0, 2)} •• •• •• ${n.slice(-1)}`;
}

/** Shown in place of a National Insurance number this server's key cannot read. */
export const unreadableNiNumber = "Stored encrypted; this server's key cannot read it";

/** A National Insurance number in the spaced form people read: "AB 12 34 56 C". */
export function spacedNiNumber(normalised: string): string {
  const n = normalised.replace(/\s+/g, "");
  return [n.slice(0, 2), n.slice(2, 4), n.slice(4, 6), n.slice(6, 8), n.slice(8)].filter(Boolean).join(" ");
}

/** A form's "yes" and "no" in words; anything else (empty) stays as it is. */
export function yesNo(value: string): string {
  return value === "yes" ? "Yes" : value === "no" ? "No" : value;
}

/** What can happen to a lead, or in the workspace, and is kept in the audit log. */
export type AuditAction =
  | "received"
  | "opened"
  | "mail-sent"
  | "mail-failed"
  | "mail-retried"
  | "status-changed"
  | "note-added"
  | "ni-revealed"
  | "document-downloaded"
  // The virus scanner found malware in a document and removed it (detail: "resume: what it found").
  | "document-infected"
  | "exported"
  | "consent-recorded"
  | "consent-withdrawn"
  | "staff-invited"
  | "staff-revoked"
  // An administrator changed someone's role or vacancies permission (detail: which, and to what).
  | "staff-permissions-changed"
  | "passkey-removed"
  | "signed-in"
  // The personal-data lifecycle: a lead deleted (detail: the reason), a person's data downloaded or
  // erased (detail: how many records), and a purge run that deleted something (detail: counts).
  | "deleted"
  | "access-request"
  | "erasure-request"
  | "purged"
  // A vacancy's own timeline (its reference is VAC-…): saved as a draft, published, edited (detail: the
  // fields changed) or closed.
  | "vacancy-saved"
  | "vacancy-published"
  | "vacancy-edited"
  | "vacancy-closed"
  // Site content (no reference; detail: "accreditation sia-approved-contractor-scheme v3"): a version
  // saved, sent for approval, approved and published, published where no approval is needed, or made
  // again from an earlier one.
  | "content-saved"
  | "content-approval-asked"
  | "content-approved"
  | "content-published"
  | "content-restored"
  // Ready to launch: an administrator confirmed an absolute claim with evidence (detail: the claim's words).
  | "claim-confirmed"
  // The picture library (no reference; detail: the picture's id, and for an upload its size and type).
  | "picture-uploaded"
  | "picture-edited"
  | "picture-deleted"
  // Site content on a schedule (detail: the item, the version and the UK time): a publication or a
  // take-down scheduled, a schedule cancelled, and an item taken down (at its time, or by hand). A publication at its
  // time is "content-published", its detail saying so.
  | "content-publish-scheduled"
  | "content-take-down-scheduled"
  | "content-schedule-cancelled"
  | "content-taken-down"
  // Case studies: one made, one taken off the site, a quote taken down when its person withdrew their
  // permission, and a person's words erased from every version on their request (detail: counts only).
  | "content-created"
  | "content-permission-withdrawn"
  | "content-erased"
  // Routing and replies: the lead's owner set or cleared (detail: the new owner's name, "" for nobody),
  // and a reply sent from the workspace (its words are kept with the lead, not here).
  | "owner-changed"
  | "reply-sent"
  // Applicants hear back. Staff wrote and queued the e-mail for a stage (detail: the stage), or the
  // "not this time" e-mail when a vacancy closed; invited to, moved or cancelled an interview (detail:
  // when, in words); the applicant answered it (detail: "attending" or "another-time: their message").
  | "stage-email-sent"
  | "interview-invited"
  | "interview-moved"
  | "interview-cancelled"
  | "interview-answered"
  // What the applicant did from their link: withdrew, replaced their CV, renewed their place in the
  // talent pool (consent-recorded / consent-withdrawn say when they joined or left it), asked for a
  // fresh link (sent to the address on file).
  | "applicant-withdrew"
  | "cv-replaced"
  | "consent-renewed"
  | "link-sent"
  // Mail that did not arrive: a bounce read back from the bounce mailbox (detail: "purpose: the receiving
  // server's words"), and what staff did about it: corrected the lead's address, or unblocked it.
  | "mail-bounced"
  | "email-corrected"
  | "address-unblocked";

/**
 * Where a document stands with the virus scanner: waiting for it (neither attached nor downloadable),
 * clean, infected (removed), or not scanned because no scanner was configured when it arrived.
 */
export type ScanStatus = "pending" | "clean" | "infected" | "not-scanned";

/** What each file sent with an application is called, wherever it is named. */
export const documentLabels: Record<CareersFileField, string> = {
  resume: "CV",
  otherDocuments: "Other document",
};

/** A document's field in words: "CV"; any field but the CV's reads as "Other document". */
export function documentLabel(field: string): string {
  return field === "resume" ? documentLabels.resume : documentLabels.otherDocuments;
}

export const scanStatusLabels: Record<ScanStatus, string> = {
  pending: "Not yet scanned for viruses",
  clean: "Scanned: no virus found",
  infected: "Removed by the virus scanner",
  "not-scanned": "Not scanned",
};

/** Why a message was sent: the company's copy of the lead, or the reply to the person who sent it. */
export type MailPurpose =
  | "notification"
  | "acknowledgement"
  // A reply written in the workspace; the reply clock's reminder (to the owner) and escalation (to the
  // administrators); a person's morning summary (about no single lead).
  | "reply"
  | "reminder"
  | "escalation"
  | "summary"
  // To an applicant: a stage's e-mail written by staff; an interview's invitation, update or
  // cancellation (with its calendar invitation); the reminder the day before; a fresh link to their
  // page; the talent pool's question before their consent runs out. To the team: an applicant withdrew.
  | "stage"
  | "interview"
  | "interview-reminder"
  | "applicant-link"
  | "pool-renewal"
  | "withdrawal"
  // To a job seeker who asked for them: the new vacancies that match their job alert.
  | "job-alert"
  // To a job seeker: the link to confirm their job alerts (or a note that the address has them already),
  // and the one question before their alerts lapse.
  | "alert-confirm"
  | "alert-renewal"
  // To the administrators or one member of staff: someone reached a replies cap; a passkey was added.
  | "staff-security"
  // To the lead's owner (or the team): an e-mail to the lead's person could not be delivered.
  | "bounce-notice";

/**
 * Where a message stands: waiting (queued, or being sent now), sent, failed for good, or not delivered
 * (the mail server took it, and a bounce came back saying it never arrived).
 */
export type MailState = "waiting" | "sent" | "failed" | "not-delivered";

export const mailPurposeLabels: Record<MailPurpose, string> = {
  notification: "Our copy of the lead",
  acknowledgement: "Acknowledgement to the sender",
  reply: "Reply from the workspace",
  reminder: "Reminder: the reply is nearly due",
  escalation: "Overdue: sent to the administrators",
  summary: "Morning summary",
  stage: "E-mail about their application's stage",
  interview: "Interview invitation",
  "interview-reminder": "Interview reminder, the day before",
  "applicant-link": "A fresh link to their application",
  "pool-renewal": "Talent pool: asked whether to stay",
  withdrawal: "Withdrawn: sent to the team",
  "job-alert": "Job alert: new vacancies that match",
  "alert-confirm": "Job alerts: the link to confirm them",
  "alert-renewal": "Job alerts: asked whether to keep them",
  "staff-security": "Security notice to the team",
  "bounce-notice": "Not delivered: notice to the owner",
};

export const mailStateLabels: Record<MailState, string> = {
  waiting: "Waiting to be sent",
  sent: "Sent",
  failed: "Failed",
  "not-delivered": "Not delivered",
};

/** Where a message stands in words, with its attempts: "Failed after 8 attempts: Connection refused". */
export function mailProgress(mail: { state: MailState; attempts: number; lastError: string | null }): string {
  const error = mail.lastError ? `: ${mail.lastError}` : "";
  if (mail.state === "sent") return mailStateLabels.sent;
  if (mail.state === "not-delivered") return mailStateLabels["not-delivered"];
  if (mail.state === "failed") {
    return `${mailStateLabels.failed} after ${mail.attempts} ${mail.attempts === 1 ? "attempt" : "attempts"}${error}`;
  }
  return mail.attempts > 0
    ? `${mailStateLabels.waiting} (tried ${mail.attempts} ${mail.attempts === 1 ? "time" : "times"}${error})`
    : mailStateLabels.waiting;
}

/** The outbox's own states, as the workspace shows them; a hard bounce or a complaint reads as not delivered. */
export function mailStateOf(status: string, bounce: string | null = null): MailState {
  if (status === "sent" && (bounce === "hard" || bounce === "complaint")) return "not-delivered";
  return status === "sent" ? "sent" : status === "failed" ? "failed" : "waiting";
}

/** What a bounce said of a message, as staff read it: "could not be delivered: 550 5.1.1 No such user". */
export function bounceWords(bounce: { kind: string; reason: string }): string {
  if (bounce.kind === "complaint") return "reported as spam by the recipient: nothing more is sent to them";
  if (bounce.kind === "soft") return `delayed, the receiving server will try again: ${bounce.reason}`;
  return `could not be delivered: ${bounce.reason}`;
}

const mailNames: Record<MailPurpose, string> = {
  notification: "Our copy of the lead (e-mail to the team)",
  acknowledgement: "The acknowledgement e-mail to the sender",
  reply: "The reply from the workspace",
  reminder: "The reminder that a reply is nearly due",
  escalation: "The overdue warning to the administrators",
  summary: "The morning summary",
  stage: "The e-mail about the application's stage",
  interview: "The interview invitation",
  "interview-reminder": "The interview reminder",
  "applicant-link": "The e-mail with a fresh link to the application",
  "pool-renewal": "The talent pool's renewal e-mail",
  withdrawal: "The team's notice of the withdrawal",
  "job-alert": "The job alert e-mail",
  "alert-confirm": "The e-mail to confirm job alerts",
  "alert-renewal": "The job alerts' renewal e-mail",
  "staff-security": "The security notice to the team",
  "bounce-notice": "The notice that an e-mail was not delivered",
};

/** What an e-mail was, as a sentence starts it: "The interview invitation". */
export function mailNameOf(purpose: string): string {
  return purpose in mailNames ? mailNames[purpose as MailPurpose] : "An e-mail";
}

/** One event of a lead's life (or of the workspace's) in plain words. */
export function describeEvent(action: AuditAction, detail: string): string {
  switch (action) {
    case "received":
      return "Received from the website";
    case "opened":
      return "Opened for the first time";
    case "mail-sent":
      return `${mailNameOf(detail)} was sent`;
    case "mail-failed":
      return `${mailNameOf(detail)} could not be sent`;
    case "mail-retried":
      return `${mailNameOf(detail)} was queued to be sent again`;
    case "status-changed": {
      const [from = "", to = ""] = detail.split(" → ");
      return `Status changed from ${statusLabel(from)} to ${statusLabel(to)}`;
    }
    case "note-added":
      return "Note added";
    case "ni-revealed":
      return "National Insurance number revealed";
    case "document-downloaded":
      return `${documentLabel(detail)} downloaded`;
    case "document-infected": {
      const [field = "", ...found] = detail.split(": ");
      return `${documentLabel(field)} removed: the virus scanner found ${found.join(": ") || "malware"} in it`;
    }
    // The detail says how, when it was not staff: "from their link" (the applicant's own page).
    case "consent-recorded":
      return `Recorded that the applicant agreed to be kept on file for future roles${detail ? ` (${detail})` : ""}`;
    case "consent-withdrawn":
      return `Removed the applicant's agreement to be kept on file${detail ? ` (${detail})` : ""}`;
    case "exported": {
      const count = Number(detail);
      if (!detail || !Number.isInteger(count)) return "Included in a CSV export";
      return `Included in a CSV export of ${count} ${count === 1 ? "lead" : "leads"}`;
    }
    case "staff-invited":
      return "Member of staff invited";
    case "staff-revoked":
      return "Member of staff's access removed";
    case "staff-permissions-changed":
      return detail
        ? `Member of staff's permissions changed: ${detail}`
        : "Member of staff's permissions changed";
    case "passkey-removed":
      return "Passkey removed; the sessions it opened ended";
    case "signed-in":
      return "Signed in to the workspace";
    case "deleted":
      return detail ? `Deleted (${detail})` : "Deleted";
    case "access-request":
      return detail ? `Personal data downloaded for the person (${detail})` : "Personal data downloaded";
    case "erasure-request":
      return detail ? `Personal data erased at the person's request (${detail})` : "Personal data erased";
    case "purged":
      return detail ? `Retention rules applied (${detail})` : "Retention rules applied";
    case "vacancy-saved":
      return detail ? `Draft saved (${detail})` : "Draft saved";
    case "vacancy-published":
      return detail ? `Published (${detail})` : "Published";
    case "vacancy-edited":
      return detail ? `Edited (${detail})` : "Edited";
    case "vacancy-closed":
      return "Closed: no longer listed or taking applications";
    case "content-saved":
      return `Site content saved as a draft (${detail})`;
    case "content-approval-asked":
      return `Site content sent for approval (${detail})`;
    case "content-approved":
      return `Site content approved and published (${detail})`;
    case "content-published":
      return `Site content published (${detail})`;
    case "content-restored":
      return `Site content restored from an earlier version (${detail})`;
    case "claim-confirmed":
      return `Claim confirmed with evidence before launch (${detail})`;
    case "picture-uploaded":
      return `Picture uploaded (${detail})`;
    case "picture-edited":
      return `Picture's words or focal point changed (${detail})`;
    case "picture-deleted":
      return `Picture deleted (${detail})`;
    case "content-publish-scheduled":
      return `Site content scheduled to be published (${detail})`;
    case "content-take-down-scheduled":
      return `Site content scheduled to be taken down (${detail})`;
    case "content-schedule-cancelled":
      return `A scheduled change to site content cancelled (${detail})`;
    case "content-taken-down":
      return `Site content taken down from the site (${detail})`;
    case "content-created":
      return `Site content made, as a draft (${detail})`;
    case "content-permission-withdrawn":
      return `A quote taken down: its person withdrew their permission (${detail})`;
    case "content-erased":
      return `Erasure request: ${detail}`;
    case "owner-changed":
      return detail ? `Owner set to ${detail}` : "Owner removed: nobody has it now";
    case "reply-sent":
      return "Reply written and queued to be sent";
    case "stage-email-sent":
      if (detail === "vacancy-filled") {
        return "The vacancy's “not this time” e-mail written and queued to be sent";
      }
      return detail
        ? `E-mail about the ${statusLabel(detail)} stage written and queued to be sent`
        : "E-mail about the application's stage written and queued to be sent";
    case "interview-invited":
      return detail ? `Invited to an interview: ${detail}` : "Invited to an interview";
    case "interview-moved":
      return detail ? `Interview moved: ${detail}` : "Interview moved";
    case "interview-cancelled":
      return detail ? `Interview cancelled: ${detail}` : "Interview cancelled";
    case "interview-answered": {
      const [answer = "", ...message] = detail.split(": ");
      const words = message.join(": ");
      return answer === "attending"
        ? "The applicant will be at the interview"
        : `The applicant needs another time for the interview${words ? `: "${words}"` : ""}`;
    }
    case "applicant-withdrew":
      return "The applicant withdrew their application";
    case "cv-replaced":
      return "The applicant replaced their CV; the old file was deleted";
    case "consent-renewed":
      return `The applicant renewed their place in the talent pool${detail ? ` (${detail})` : ""}`;
    case "link-sent":
      return "A fresh link to the application was e-mailed to the address on file";
    case "mail-bounced": {
      const [purpose = "", ...words] = detail.split(": ");
      return `${mailNameOf(purpose)} could not be delivered: ${words.join(": ") || "the receiving server refused it"}`;
    }
    case "email-corrected":
      return detail
        ? `E-mail address corrected after a bounce; ${detail}`
        : "E-mail address corrected after a bounce";
    case "address-unblocked":
      return "E-mail address unblocked: mail is sent to it again";
  }
}

/** Who wrote a note, or did something, when their account has since been removed. */
export const formerStaff = "A former member of staff";

/** Who did it: a member of staff by name, or the website (or its mail service) for what happened on its own. */
export function actorOf(action: AuditAction, who: string | null): string {
  if (who) return who;
  if (action === "mail-sent" || action === "mail-failed" || action === "mail-bounced")
    return "the mail service";
  if (action === "document-infected") return "the virus scanner";
  if (
    action === "applicant-withdrew" ||
    action === "cv-replaced" ||
    action === "consent-renewed" ||
    action === "interview-answered" ||
    // Staff record these in their own name; without one, the applicant chose it on their own page.
    action === "consent-recorded" ||
    action === "consent-withdrawn"
  ) {
    return "the applicant";
  }
  return "the website";
}

/** A file's size in words: "482 bytes", "12 KB", "1.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes === 1) return "1 byte";
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});

const dateOnly = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/** A moment as staff read it, in UK time: "3 Mar 2025, 14:05". */
export function formatDateTime(ms: number): string {
  return dateTime.format(ms);
}

/** A day as staff read it, in UK time: "3 March 2025". */
export function formatDate(ms: number): string {
  return dateOnly.format(ms);
}

/** A moment ready to show: machine-readable for `<time>`, and as staff read it. Made on the server, so the
 * page the browser hydrates says exactly what the server sent. */
export type Moment = { iso: string; text: string };

/** A time in ms since the epoch, as a Moment. */
export function moment(ms: number): Moment {
  return { iso: new Date(ms).toISOString(), text: formatDateTime(ms) };
}
