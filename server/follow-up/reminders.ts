/**
 * The reply clock's e-mails: one reminder a set time before a lead is due (to its owner, or to everyone
 * who receives its kind of lead), and one escalation once it is overdue (to the administrators). Each
 * is queued at most once per lead: the lead's `reminded_at` / `escalated_at` is set by one conditional
 * UPDATE in the transaction that queues the e-mail, so two processes (or a restart) cannot queue it
 * twice. Never for spam, nor once the lead is answered.
 */
import type { Accreditation } from "#core/config/accreditations.ts";
import { site } from "#core/config/site.ts";
import { formatDateTime, kindLabel, type LeadKind, leadKinds, serviceLabel } from "#core/leads/model.ts";
import { promiseMs, reminderBeforeMs } from "#core/leads/reply-promise.ts";
import { leadPath } from "#core/staff/paths.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { QueuedMail } from "../delivery/emails.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { recipientsOfLead } from "../leads/routing.ts";
import {
  type ClockLead,
  claimEscalation,
  claimReminder,
  dueForEscalation,
  dueForReminder,
} from "../tables/leads/clock.ts";
import { administratorEmails, currentEmailOf } from "../tables/staff.ts";

/** Where the clock's e-mails go when nobody on the team is chosen, and the site's address for links. */
export type ClockRouting = {
  enquiriesTo: string;
  applicationsTo: string;
  publicUrl: string;
  /** The accreditations the site shows now (published in Site content); the shipped list when not given. */
  accreditations?: () => readonly Accreditation[];
};

/** The lead's page in the workspace. */
export function leadUrl(publicUrl: string, reference: string): string {
  return `${publicUrl}${leadPath(reference)}`;
}

/** The owner, if still on the team; otherwise everyone who receives the lead; otherwise the company's inbox. */
async function reminderRecipients(
  tx: Queryable,
  kind: LeadKind,
  lead: ClockLead,
  routing: ClockRouting,
): Promise<string[]> {
  if (lead.owner_id !== null) {
    const owner = await currentEmailOf(tx, Number(lead.owner_id));
    if (owner !== null) return [owner];
  }
  const people = await recipientsOfLead(tx, kind, lead.service);
  if (people.length > 0) return people.map((person) => person.email);
  return [kind === "enquiry" ? routing.enquiriesTo : routing.applicationsTo];
}

/** Every administrator still on the team; otherwise the company's inbox. */
async function administrators(tx: Queryable, kind: LeadKind, routing: ClockRouting): Promise<string[]> {
  const emails = await administratorEmails(tx);
  if (emails.length > 0) return emails;
  return [kind === "enquiry" ? routing.enquiriesTo : routing.applicationsTo];
}

function leadInWords(kind: LeadKind, lead: ClockLead): string {
  const what =
    kind === "enquiry" ? `${kindLabel(kind)} about ${serviceLabel(lead.service)}` : "Job application";
  return `${what}, received ${formatDateTime(Number(lead.created_at))}`;
}

function reminderMail(
  kind: LeadKind,
  lead: ClockLead,
  due: number,
  to: string,
  routing: ClockRouting,
): QueuedMail {
  const hours = site.replyClock.reminderHours;
  return {
    purpose: "reminder",
    to,
    replyTo: null,
    subject: `Reply due within ${hours} ${hours === 1 ? "hour" : "hours"}: ${lead.reference}`,
    body: [
      `${lead.reference} has not been answered yet.`,
      "",
      leadInWords(kind, lead),
      `We promised a reply within ${site.claims.replyWithin}, so it is due by ${formatDateTime(due)} (UK time).`,
      "",
      "Reply from the workspace, or move its status on once you have answered it another way:",
      leadUrl(routing.publicUrl, lead.reference),
    ].join("\n"),
  };
}

function escalationMail(
  kind: LeadKind,
  lead: ClockLead,
  due: number,
  to: string,
  routing: ClockRouting,
): QueuedMail {
  return {
    purpose: "escalation",
    to,
    replyTo: null,
    subject: `Overdue: ${lead.reference} has waited more than ${site.claims.replyWithin}`,
    body: [
      `${lead.reference} was due for a reply by ${formatDateTime(due)} (UK time) and has not been answered.`,
      "",
      leadInWords(kind, lead),
      "",
      "Please make sure someone takes it now:",
      leadUrl(routing.publicUrl, lead.reference),
    ].join("\n"),
  };
}

/**
 * Queues the reminders and escalations due at `now`; resolves to how many e-mails were queued.
 * A lead first seen after its due time (the server was down) gets its escalation, not a late reminder.
 */
export async function queueClockMails(db: Database, routing: ClockRouting, now: number): Promise<number> {
  let queued = 0;
  for (const { value: kind } of leadKinds) {
    const promise = promiseMs(kind);
    if (promise === null) continue;
    const reminders = await dueForReminder(db, kind, now - promise + reminderBeforeMs, now - promise);
    for (const lead of reminders) {
      queued += await db.transaction(async (tx) => {
        if (!(await claimReminder(tx, kind, lead.reference, now))) return 0;
        const due = Number(lead.created_at) + promise;
        const to = await reminderRecipients(tx, kind, lead, routing);
        for (const address of to) {
          await enqueueEmail(tx, lead.reference, reminderMail(kind, lead, due, address, routing), now);
        }
        return to.length;
      });
    }

    const overdue = await dueForEscalation(db, kind, now - promise);
    for (const lead of overdue) {
      queued += await db.transaction(async (tx) => {
        if (!(await claimEscalation(tx, kind, lead.reference, now))) return 0;
        const due = Number(lead.created_at) + promise;
        const to = await administrators(tx, kind, routing);
        for (const address of to) {
          await enqueueEmail(tx, lead.reference, escalationMail(kind, lead, due, address, routing), now);
        }
        return to.length;
      });
    }
  }
  return queued;
}
