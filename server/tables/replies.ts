/**
 * The owner of the `replies` table: one row per e-mail staff wrote to the person behind a lead (a reply
 * from the workspace, or an applicant's stage e-mail), with its words (the delivery queue forgets a
 * message's words once it is sent), who wrote it, the queued message's id, and when. Deleted with the
 * lead.
 */
import { formerStaff, type MailState, mailStateOf } from "#core/leads/model.ts";
import type { Queryable } from "../db/database.ts";

/** One reply as the lead's page shows it, with where its e-mail stands in the queue. */
export type LeadReply = {
  id: number;
  author: string;
  subject: string;
  body: string;
  createdAt: number;
  /** The e-mail in the queue (for Send again), and its state; null once the lead's mail was cleared. */
  mailId: number | null;
  state: MailState | null;
  attempts: number;
  lastError: string | null;
  sentAt: number | null;
};

/** Keeps the words of an e-mail a member of staff wrote about a lead, with the queued message's id. */
export async function storeReply(
  db: Queryable,
  reply: { reference: string; staffId: number; outboxId: number; subject: string; body: string; now: number },
): Promise<void> {
  await db.run(
    "INSERT INTO replies (reference, staff_id, outbox_id, subject, body, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    [reply.reference, reply.staffId, reply.outboxId, reply.subject, reply.body, reply.now],
  );
}

/** A lead's replies, oldest first, with who wrote each and where its e-mail stands. */
export async function leadReplies(db: Queryable, reference: string): Promise<LeadReply[]> {
  const rows = await db.all<{
    id: number;
    name: string | null;
    staff_id: number | null;
    subject: string;
    body: string;
    created_at: number;
    outbox_id: number | null;
    status: string | null;
    attempts: number | null;
    last_error: string | null;
    sent_at: number | null;
  }>(
    `SELECT r.id, s.name, r.staff_id, r.subject, r.body, r.created_at, o.id AS outbox_id, o.status, o.attempts,
       o.last_error, o.sent_at
     FROM replies r LEFT JOIN staff s ON s.id = r.staff_id LEFT JOIN outbox o ON o.id = r.outbox_id
     WHERE r.reference = ? ORDER BY r.created_at, r.id`,
    [reference],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    author: row.name ?? formerStaff,
    subject: row.subject,
    body: row.body,
    createdAt: Number(row.created_at),
    mailId: row.outbox_id === null ? null : Number(row.outbox_id),
    state: row.status === null ? null : mailStateOf(row.status),
    attempts: Number(row.attempts ?? 0),
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
  }));
}

/** Deletes a lead's replies (the lead is being erased). */
export async function deleteRepliesTo(db: Queryable, reference: string): Promise<void> {
  await db.run("DELETE FROM replies WHERE reference = ?", [reference]);
}
