/**
 * Replies written in the workspace: sent from the company's address through the delivery queue, with
 * Reply-To the company's inbox, so the answer and what follows stay with the company, and the lead's
 * timeline shows who replied and when. The words are kept in `replies` (the queue forgets a message's
 * words once it is sent) and deleted with the lead.
 */
import { site } from "#core/config/site.ts";
import { type StaffLimitsConfig, staffLimits } from "#core/config/staff-limits.ts";
import { kindOfReference, type LeadKind, replyLimits } from "#core/leads/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { lockLead, markReplied } from "../tables/leads/records.ts";
import { countRepliesBy, countRepliesToLead, storeReply } from "../tables/replies.ts";
import { administratorEmails, lockMember } from "../tables/staff.ts";
import { type Cap, claimCapAlert } from "../tables/staff-cap-alerts.ts";
import { recordEvent } from "../tables/timeline.ts";
import { noLead, type Outcome } from "./inbox/commands.ts";

/**
 * Queues a reply to the person who sent the lead. A New lead moves to Contacted and counts as answered;
 * the reply (and the status change) are on the timeline in the name of the member of staff.
 */
export async function sendReply(
  db: Database,
  input: {
    reference: string;
    subject: string;
    body: string;
    staffId: number;
    now: number;
    /** The company's inbox for each kind of lead: the reply's Reply-To. */
    replyTo: Record<LeadKind, string>;
    /** The caps; tests lower them. */
    limits?: StaffLimitsConfig;
    /** The team page's address, for the administrators' e-mail when a cap is reached. */
    teamUrl?: string | undefined;
  },
): Promise<ReplyOutcome> {
  const { reference, staffId, now } = input;
  const kind = kindOfReference(reference);
  if (!kind) return noLead;
  // A subject is one line: line breaks would be header injection, and are never meant.
  const typed = input.subject
    .normalize("NFC")
    .replace(/[\r\n\t]+/g, " ")
    .trim();
  const body = input.body.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  if (!typed) return { ok: false, problem: "Write a subject for the reply." };
  if (typed.length > replyLimits.subject) {
    return { ok: false, problem: `Subjects can be up to ${replyLimits.subject} characters long.` };
  }
  // Every reply names its lead in the subject, so whoever reads it (or a mail provider asked about it)
  // can tie it to the lead, and the company's address cannot be made to send an unmarked message.
  const subject = typed.toUpperCase().includes(reference.toUpperCase()) ? typed : `${typed} (${reference})`;
  const limits = input.limits ?? staffLimits;
  if (!body) return { ok: false, problem: "Write the reply before sending it." };
  if (body.length > replyLimits.body) {
    return { ok: false, problem: `Replies can be up to ${replyLimits.body} characters long.` };
  }
  return db.transaction(async (tx) => {
    // The lead's row and the sender's are locked until the reply is stored, so replies sent at once, from
    // any process, are counted one after another and no cap is passed by a race.
    const lead = await lockLead(tx, db.sql, kind, reference);
    if (!lead) return noLead;
    if (lead.status === "spam") {
      return {
        ok: false,
        problem:
          "This lead is marked as spam, and spam is never mailed. Change its status first if it is genuine.",
      };
    }
    const me = await lockMember(tx, db.sql, staffId);
    const capped = await reachedCap(tx, { reference, staffId, now, limits });
    if (capped) {
      const staff = { id: staffId, name: me?.name ?? "", email: me?.email ?? "" };
      const alerted = await alertAdministrators(tx, {
        cap: capped,
        staff,
        reference,
        now,
        limits,
        teamUrl: input.teamUrl,
      });
      return { ok: false, limited: true, alerted, problem: capProblem(capped, limits) };
    }
    const signature = `\n\n--\n${me?.name ?? site.brand}, ${site.brand}\n${site.phone.display} · ${input.replyTo[kind]}`;
    const mailId = await enqueueEmail(
      tx,
      reference,
      { purpose: "reply", to: lead.email, replyTo: input.replyTo[kind], subject, body: body + signature },
      now,
    );
    await storeReply(tx, { reference, staffId, outboxId: mailId, subject, body, now });
    await recordEvent(tx, { reference, action: "reply-sent", staffId, now });
    const contacted = lead.status === "new";
    await markReplied(tx, kind, reference, now);
    if (contacted) {
      await recordEvent(tx, { reference, action: "status-changed", staffId, detail: "new → contacted", now });
    }
    return { ok: true, value: { contacted } };
  });
}

/** What sending a reply did; `limited` when a cap refused it (`alerted`: the administrators were e-mailed now). */
export type ReplyOutcome =
  | Outcome<{ contacted: boolean }>
  | { ok: false; limited: true; alerted: boolean; missing?: undefined; problem: string };

const hourMs = 60 * 60 * 1000;
const capWindowMs: Record<Cap, number> = { lead: 24 * hourMs, person: hourMs };

/** The cap one more reply would pass, counted from the replies stored (by every process), or null. */
async function reachedCap(
  tx: Queryable,
  input: { reference: string; staffId: number; now: number; limits: StaffLimitsConfig },
): Promise<Cap | null> {
  const toLead = await countRepliesToLead(tx, input.reference, input.now - capWindowMs.lead);
  if (toLead >= input.limits.repliesPerLeadPerDay) return "lead";
  const byPerson = await countRepliesBy(tx, input.staffId, input.now - capWindowMs.person);
  if (byPerson >= input.limits.repliesPerPersonPerHour) return "person";
  return null;
}

function capProblem(cap: Cap, limits: StaffLimitsConfig): string {
  return cap === "lead"
    ? `This lead has had ${limits.repliesPerLeadPerDay} replies in the last 24 hours, the most we send one person in a day, so this reply was not sent. Please telephone them, or reply tomorrow.`
    : `You have sent ${limits.repliesPerPersonPerHour} replies in the last hour, the most one person may send, so this reply was not sent. Please try again later; the administrators have been told.`;
}

/**
 * E-mails every administrator, through the delivery queue, that someone reached a cap: once per person,
 * cap and window (the first refusal's row in staff_cap_alerts decides, whichever process made it).
 * Resolves to true when the e-mail was queued now.
 */
async function alertAdministrators(
  tx: Queryable,
  input: {
    cap: Cap;
    staff: { id: number; name: string; email: string };
    reference: string;
    now: number;
    limits: StaffLimitsConfig;
    teamUrl: string | undefined;
  },
): Promise<boolean> {
  const windowMs = capWindowMs[input.cap];
  const claimed = await claimCapAlert(tx, {
    staffId: input.staff.id,
    cap: input.cap,
    windowStart: Math.floor(input.now / windowMs) * windowMs,
    now: input.now,
  });
  if (!claimed) return false;
  const admins = await administratorEmails(tx);
  const who = `${input.staff.name} (${input.staff.email})`;
  const what =
    input.cap === "lead"
      ? `tried to send a reply to ${input.reference} after it had had ${input.limits.repliesPerLeadPerDay} in the last 24 hours`
      : `reached the limit of ${input.limits.repliesPerPersonPerHour} replies in an hour (the last one refused was to ${input.reference})`;
  const body = [
    `${who} ${what}, so the reply was not sent.`,
    "",
    "If that was them and expected, there is nothing to do: replies can be sent again once the time has passed.",
    `If it was not, their account may be in someone else's hands: revoke their access on the Team page of the staff workspace${input.teamUrl ? ` (${input.teamUrl})` : ""}, which signs them out everywhere at once, then invite them again.`,
    "",
    `You will not hear of ${input.staff.name} reaching this limit again until the ${input.cap === "lead" ? "day" : "hour"} is over.`,
  ].join("\n");
  for (const admin of admins) {
    await enqueueEmail(
      tx,
      "",
      {
        purpose: "staff-security",
        to: admin,
        replyTo: null,
        subject: `${site.brand} workspace: ${input.staff.name} reached a replies limit`,
        body,
      },
      input.now,
    );
  }
  return admins.length > 0;
}
