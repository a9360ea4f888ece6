/**
 * Replies written in the workspace: sent from the company's address through the delivery queue, with
 * Reply-To the company's inbox, so the answer and what follows stay with the company, and the lead's
 * timeline shows who replied and when. The words are kept in `replies` (the queue forgets a message's
 * words once it is sent) and deleted with the lead.
 */
import { site } from "../../core/config/site.ts";
import { kindOfReference, type LeadKind, replyLimits } from "../../core/leads/model.ts";
import type { Database } from "../db/database.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { tableOf } from "../leads/model.ts";
import { recordEvent } from "../leads/timeline.ts";
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
  },
): Promise<Outcome<{ contacted: boolean }>> {
  const { reference, staffId, now } = input;
  const kind = kindOfReference(reference);
  if (!kind) return noLead;
  // A subject is one line: line breaks would be header injection, and are never meant.
  const subject = input.subject
    .normalize("NFC")
    .replace(/[\r\n\t]+/g, " ")
    .trim();
  const body = input.body.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  if (!subject) return { ok: false, problem: "Write a subject for the reply." };
  if (subject.length > replyLimits.subject) {
    return { ok: false, problem: `Subjects can be up to ${replyLimits.subject} characters long.` };
  }
  if (!body) return { ok: false, problem: "Write the reply before sending it." };
  if (body.length > replyLimits.body) {
    return { ok: false, problem: `Replies can be up to ${replyLimits.body} characters long.` };
  }
  const table = tableOf(kind);
  return db.transaction(async (tx) => {
    const [lead] = await tx.all<{ email: string; status: string }>(
      `SELECT email, status FROM ${table} WHERE reference = ?`,
      [reference],
    );
    if (!lead) return noLead;
    if (lead.status === "spam") {
      return {
        ok: false,
        problem:
          "This lead is marked as spam, and spam is never mailed. Change its status first if it is genuine.",
      };
    }
    const [me] = await tx.all<{ name: string }>("SELECT name FROM staff WHERE id = ?", [staffId]);
    const signature = `\n\n--\n${me?.name ?? site.brand}, ${site.brand}\n${site.phone.display} · ${input.replyTo[kind]}`;
    const mailId = await enqueueEmail(
      tx,
      reference,
      { purpose: "reply", to: lead.email, replyTo: input.replyTo[kind], subject, body: body + signature },
      now,
    );
    await tx.run(
      "INSERT INTO replies (reference, staff_id, outbox_id, subject, body, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      [reference, staffId, mailId, subject, body, now],
    );
    await recordEvent(tx, { reference, action: "reply-sent", staffId, now });
    const contacted = lead.status === "new";
    await tx.run(
      `UPDATE ${table} SET last_activity_at = ?, answered_at = COALESCE(answered_at, ?),
         status = CASE WHEN status = 'new' THEN 'contacted' ELSE status END,
         status_changed_at = CASE WHEN status = 'new' THEN ? ELSE status_changed_at END
       WHERE reference = ?`,
      [now, now, now, reference],
    );
    if (contacted) {
      await recordEvent(tx, { reference, action: "status-changed", staffId, detail: "new → contacted", now });
    }
    return { ok: true, value: { contacted } };
  });
}
