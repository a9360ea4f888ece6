/**
 * Replies written in the workspace: sent from the company's address through the delivery queue, with
 * Reply-To the company's inbox, so the answer and what follows stay with the company, and the lead's
 * timeline shows who replied and when. The words are kept in `replies` (the queue forgets a message's
 * words once it is sent) and deleted with the lead.
 */
import { characterProblem } from "#core/characters.ts";
import { site } from "#core/config/site.ts";
import type { StaffLimitsConfig } from "#core/config/staff-limits.ts";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import { kindOfReference, type LeadKind, replyLimits } from "#core/leads/model.ts";
import type { Database } from "../db/database.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { type CapRefusal, countStaffMail, withReference } from "../leads/staff-mail.ts";
import { lockLead, markReplied } from "../tables/leads/records.ts";
import { storeReply } from "../tables/replies.ts";
import { nameOf } from "../tables/staff.ts";
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
    /** The company's facts published now, for the signature; the shipped ones when not given. */
    company?: CompanyFacts | undefined;
    /** The caps on every e-mail staff write (core/config/staff-limits.ts); tests lower them. */
    limits?: StaffLimitsConfig | undefined;
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
  const subject = withReference(typed, reference);
  if (!body) return { ok: false, problem: "Write the reply before sending it." };
  if (body.length > replyLimits.body) {
    return { ok: false, problem: `Replies can be up to ${replyLimits.body} characters long.` };
  }
  // The one rule for the characters of all free text (core/characters.ts).
  const problem =
    characterProblem(typed, "The subject", "one line") ?? characterProblem(body, "The reply", "lines");
  if (problem) return { ok: false, problem };
  return db.transaction(async (tx) => {
    // The lead's row (and, by the count below, the sender's) is locked until the reply is stored, so
    // e-mails sent at once, from any process, are counted one after another and no cap is passed by a race.
    const lead = await lockLead(tx, db.sql, kind, reference);
    if (!lead) return noLead;
    if (lead.status === "spam") {
      return {
        ok: false,
        problem:
          "This lead is marked as spam, and spam is never mailed. Change its status first if it is genuine.",
      };
    }
    // Counted with every other e-mail staff write, against the same caps.
    const capped = await countStaffMail(
      tx,
      db.sql,
      { reference, staffId, kind: "reply", now },
      { limits: input.limits, teamUrl: input.teamUrl },
    );
    if (capped) return capped;
    const name = await nameOf(tx, staffId);
    const signature = `\n\n--\n${name ?? site.brand}, ${site.brand}\n${(input.company ?? shippedCompany).phone.display} · ${input.replyTo[kind]}`;
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
export type ReplyOutcome = Outcome<{ contacted: boolean }> | CapRefusal;
