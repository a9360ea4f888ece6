/**
 * What is said and done about one lead, read the same way for the lead's page and for the People page:
 * its notes, its timeline, its messages (e-mails and webhook posts) and the replies written in the
 * workspace, oldest first.
 */
import type { AuditAction, MailPurpose, MailState } from "#core/leads/model.ts";
import { mailStateOf } from "#core/leads/model.ts";
import type { Queryable } from "../db/database.ts";

/** Who wrote a note, or did something, when their account has since been removed. */
export const formerStaff = "A former member of staff";

export type LeadNote = { id: number; author: string; body: string; createdAt: number };

/** One line of a lead's timeline: what happened, who did it (null: the website itself), when. */
export type TimelineEvent = {
  id: number;
  action: AuditAction;
  detail: string;
  who: string | null;
  at: number;
};

/** One of a lead's messages, as the outbox has it. */
export type LeadMessage = {
  id: number;
  /** An e-mail, or a post to one of the company's webhooks (WEBHOOK_URLS). */
  channel: "email" | "webhook";
  purpose: MailPurpose;
  to: string;
  subject: string;
  body: string;
  state: MailState;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
};

const optional = (value: number | null) => (value === null ? null : Number(value));

/** A lead's notes, with their authors' names (kept after a member of staff is removed). */
export async function leadNotes(db: Queryable, reference: string): Promise<LeadNote[]> {
  const rows = await db.all<{ id: number; name: string | null; body: string; created_at: number }>(
    `SELECT n.id, s.name, n.body, n.created_at FROM notes n LEFT JOIN staff s ON s.id = n.staff_id
     WHERE n.reference = ? ORDER BY n.created_at, n.id`,
    [reference],
  );
  return rows.map((note) => ({
    id: Number(note.id),
    author: note.name ?? formerStaff,
    body: note.body,
    createdAt: Number(note.created_at),
  }));
}

/** A lead's timeline, with who did each thing (null when the website did it on its own). */
export async function leadTimeline(db: Queryable, reference: string): Promise<TimelineEvent[]> {
  const rows = await db.all<{
    id: number;
    action: AuditAction;
    detail: string;
    name: string | null;
    staff_id: number | null;
    created_at: number;
  }>(
    `SELECT a.id, a.action, a.detail, s.name, a.staff_id, a.created_at FROM audit_log a
     LEFT JOIN staff s ON s.id = a.staff_id WHERE a.reference = ? ORDER BY a.created_at, a.id`,
    [reference],
  );
  return rows.map((event) => ({
    id: Number(event.id),
    action: event.action,
    detail: event.detail,
    who: event.name ?? (event.staff_id === null ? null : formerStaff),
    at: Number(event.created_at),
  }));
}

/** A lead's messages, in the order they were queued. */
export async function leadMessages(db: Queryable, reference: string): Promise<LeadMessage[]> {
  const rows = await db.all<{
    id: number;
    channel: LeadMessage["channel"];
    purpose: MailPurpose;
    to_address: string;
    subject: string;
    body: string;
    status: string;
    attempts: number;
    last_error: string | null;
    created_at: number;
    sent_at: number | null;
  }>(
    `SELECT id, channel, purpose, to_address, subject, body, status, attempts, last_error, created_at, sent_at
     FROM outbox WHERE reference = ? ORDER BY id`,
    [reference],
  );
  return rows.map((mail) => ({
    id: Number(mail.id),
    channel: mail.channel,
    purpose: mail.purpose,
    to: mail.to_address,
    subject: mail.subject,
    body: mail.body,
    state: mailStateOf(mail.status),
    attempts: Number(mail.attempts),
    lastError: mail.last_error,
    createdAt: Number(mail.created_at),
    sentAt: optional(mail.sent_at),
  }));
}

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
