/**
 * The owner of the `outbox` table, the delivery queue: one row is one message (an e-mail, or a post to
 * one of the company's webhooks) about a reference (a lead's, an alert's `ALERT-<id>`, or '' for none),
 * with its words, where its delivery stands, its attempts and the lease of the process sending it.
 */
import { type MailPurpose, type MailState, mailStateOf } from "#core/leads/model.ts";
import type { Database, Queryable, Transaction } from "../db/database.ts";
import type { SqlDialect } from "../db/dialect.ts";
import { deleteReceiptsOf } from "./bounce-receipts.ts";

/** How a message travels. */
export type Channel = "email" | "webhook";

/** An e-mail to queue. Every header value here must be on one line (queueing refuses a line break). */
export type NewEmail = {
  purpose: MailPurpose;
  /** Its Message-ID's own part, the same on every attempt. */
  messageId: string;
  to: string;
  replyTo: string | null;
  subject: string;
  body: string;
  /**
   * An iCalendar text (an interview's invitation, update or cancellation) sent with the words as the
   * invitation calendars read (`text/calendar` with its METHOD) and as an `.ics` attachment.
   */
  calendar?: string | null;
  /**
   * Extra headers (a job alert's List-Unsubscribe and List-Unsubscribe-Post), each value on one line:
   * queueing refuses a line break in a name or value.
   */
  headers?: Record<string, string> | null;
  /**
   * The one thing the e-mail asks its reader to do, drawn as a button in its HTML part; its link must
   * appear in the words, so the plain text carries it too. Absent, the e-mail has no button.
   */
  action?: MailAction | null;
};

/** An e-mail's button: its words and where it leads. */
export type MailAction = { label: string; url: string };

/** A post to one webhook to queue. */
export type NewWebhook = {
  messageId: string;
  /** The webhook's address as staff may see it. */
  display: string;
  /** The webhook's stored key (its full address is the server's configuration). */
  key: string;
  headline: string;
  /** The payload, as sent. */
  body: string;
};

/**
 * A message as a claim takes it, to be sent. Its attachment ids and headers are kept as stored, read by
 * attachmentIdsOf and headersOf when it is sent, so a bad value fails that send and not the claim.
 */
export type ClaimedMessage = {
  id: number;
  reference: string;
  purpose: string;
  channel: Channel;
  messageId: string;
  to: string;
  replyTo: string | null;
  subject: string;
  body: string;
  attachmentIds: string;
  target: string | null;
  attempts: number;
  leaseToken: string;
  calendar: string | null;
  headers: string | null;
  action: string | null;
};

/** One of a lead's messages, as staff and the person's archive see it. */
export type LeadMessage = {
  id: number;
  /** An e-mail, or a post to one of the company's webhooks (WEBHOOK_URLS). */
  channel: Channel;
  purpose: MailPurpose;
  to: string;
  subject: string;
  body: string;
  state: MailState;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  /** What a bounce read back said of it (null: none came), in the receiving server's words. */
  bounce: Bounce | null;
};

/** A bounce of one message: for good, for now, or a complaint; its reason and when it was read. */
export type Bounce = { kind: BounceKind; reason: string; at: number; handled: boolean };

/** What a bounce says: never delivered, not delivered yet, or reported as spam by the person. */
export type BounceKind = "hard" | "soft" | "complaint";

type ClaimedRow = {
  id: number;
  reference: string;
  purpose: string;
  channel: Channel;
  message_id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attachment_ids: string;
  target: string | null;
  attempts: number;
  lease_token: string;
  calendar: string | null;
  headers: string | null;
  action: string | null;
};

/** Held by the claim that took it: the condition every outcome is recorded under. */
const held = "id = ? AND lease_token = ? AND status = 'sending'";

/** A header name as RFC 5322 allows it: printable ASCII without a colon or a space. */
const headerName = /^[!-9;-~]+$/;

/**
 * An e-mail's extra headers as stored (JSON), or null. Refuses a name that is not one, or a line break in
 * a value: a header must never be able to start another.
 */
function storedHeaders(headers: Record<string, string> | null | undefined): string | null {
  if (!headers || Object.keys(headers).length === 0) return null;
  for (const [name, value] of Object.entries(headers)) {
    if (!headerName.test(name) || /[\r\n]/.test(value)) {
      throw new Error(`The e-mail header ${JSON.stringify(name)} must be one line`);
    }
  }
  return JSON.stringify(headers);
}

/**
 * An e-mail's button as stored (JSON), or null. Refuses one whose link is not in the words, so the plain
 * text always carries the link the HTML's button leads to, and one whose link is not http(s).
 */
function storedAction(action: MailAction | null | undefined, body: string): string | null {
  if (!action) return null;
  if (!/^https?:\/\//.test(action.url) || !body.includes(action.url)) {
    throw new Error("An e-mail's button must lead to an http(s) link that its words also give");
  }
  return JSON.stringify({ label: action.label, url: action.url });
}

/** A claimed e-mail's button, or null. */
export function actionOf(message: Pick<ClaimedMessage, "action">): MailAction | null {
  return message.action ? (JSON.parse(message.action) as MailAction) : null;
}

/** The documents a claimed e-mail carries, by id. */
export function attachmentIdsOf(message: Pick<ClaimedMessage, "attachmentIds">): number[] {
  return JSON.parse(message.attachmentIds) as number[];
}

/** A claimed e-mail's extra headers, or null. */
export function headersOf(message: Pick<ClaimedMessage, "headers">): Record<string, string> | null {
  return message.headers ? (JSON.parse(message.headers) as Record<string, string>) : null;
}

/**
 * Queues e-mails about one reference, each with its attachments (documents by id), in one INSERT sent
 * with the transaction's last statements.
 */
export function queueEmails(
  tx: Transaction,
  reference: string,
  emails: (NewEmail & { attachmentIds: number[] })[],
  now: number,
): void {
  if (emails.length === 0) return;
  tx.send(
    `INSERT INTO outbox (reference, purpose, channel, message_id, to_address, reply_to, subject, body,
       attachment_ids, headers, action, next_attempt_at, created_at)
     VALUES ${emails.map(() => "(?, ?, 'email', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
    emails.flatMap((mail) => [
      reference,
      mail.purpose,
      mail.messageId,
      mail.to,
      mail.replyTo,
      mail.subject,
      mail.body,
      JSON.stringify(mail.attachmentIds),
      storedHeaders(mail.headers),
      storedAction(mail.action, mail.body),
      now,
      now,
    ]),
  );
}

/** Queues one e-mail without attachments inside the caller's transaction; resolves to its id. */
export async function queueEmail(
  tx: Queryable,
  reference: string,
  mail: NewEmail,
  now: number,
): Promise<number> {
  const [row] = await tx.all<{ id: number }>(
    `INSERT INTO outbox (reference, purpose, channel, message_id, to_address, reply_to, subject, body,
       attachment_ids, calendar, headers, action, next_attempt_at, created_at)
     VALUES (?, ?, 'email', ?, ?, ?, ?, ?, '[]', ?, ?, ?, ?, ?) RETURNING id`,
    [
      reference,
      mail.purpose,
      mail.messageId,
      mail.to,
      mail.replyTo,
      mail.subject,
      mail.body,
      mail.calendar ?? null,
      storedHeaders(mail.headers),
      storedAction(mail.action, mail.body),
      now,
      now,
    ],
  );
  if (!row) throw new Error("Queueing an e-mail returned no id");
  return Number(row.id);
}

/** Queues posts to webhooks about one reference, in one INSERT sent with the transaction's last statements. */
export function queueWebhooks(tx: Transaction, reference: string, posts: NewWebhook[], now: number): void {
  if (posts.length === 0) return;
  tx.send(
    `INSERT INTO outbox (reference, purpose, channel, message_id, to_address, target, subject, body,
       next_attempt_at, created_at)
     VALUES ${posts.map(() => "(?, 'notification', 'webhook', ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
    posts.flatMap((post) => [
      reference,
      post.messageId,
      post.display,
      post.key,
      post.headline,
      post.body,
      now,
      now,
    ]),
  );
}

/** The notifications about a reference still waiting in the queue, with the documents each carries. */
export async function queuedNotificationsOf(
  tx: Queryable,
  reference: string,
): Promise<{ id: number; attachmentIds: number[] }[]> {
  const rows = await tx.all<{ id: number; attachment_ids: string }>(
    `SELECT id, attachment_ids FROM outbox
     WHERE reference = ? AND channel = 'email' AND purpose = 'notification' AND status = 'queued'`,
    [reference],
  );
  return rows.map((row) => ({ id: row.id, attachmentIds: JSON.parse(row.attachment_ids) as number[] }));
}

/** Replaces the documents a queued e-mail carries, and adds `words` to the end of its body. */
export async function replaceAttachments(
  tx: Queryable,
  id: number,
  attachmentIds: number[],
  words: string,
): Promise<void> {
  await tx.run("UPDATE outbox SET attachment_ids = ?, body = body || ? WHERE id = ?", [
    JSON.stringify(attachmentIds),
    words,
    id,
  ]);
}

/**
 * Puts a message about `reference` that failed for good back in the queue, due at `now`, with its attempts
 * reset, inside the caller's transaction. Resolves to its purpose, or null when it is not (or no longer)
 * failed or is about another reference.
 */
export async function requeueFailed(
  tx: Queryable,
  message: { id: number; reference: string },
  now: number,
): Promise<{ purpose: string } | null> {
  const [row] = await tx.all<{ purpose: string }>(
    `UPDATE outbox SET status = 'queued', attempts = 0, next_attempt_at = ?, lease_until = NULL, lease_token = NULL
     WHERE id = ? AND reference = ? AND status = 'failed' RETURNING purpose`,
    [now, message.id, message.reference],
  );
  return row ?? null;
}

/**
 * Claims the next message due on one of `channels` at `now` (queued and due, or held by a lease that has
 * run out), with a lease until `leaseUntil` under `leaseToken`: one statement, so two processes never
 * claim the same message (PostgreSQL: FOR UPDATE SKIP LOCKED). An e-mail with attachments waits while
 * `holdWhile` (a condition on the message's reference column) holds. Null when nothing is due.
 */
export async function claimNext(
  db: Database,
  claim: {
    channels: Channel[];
    now: number;
    leaseUntil: number;
    leaseToken: string;
    holdWhile?: ((referenceColumn: string) => string) | undefined;
  },
): Promise<ClaimedMessage | null> {
  const { channels, now } = claim;
  const hold = claim.holdWhile
    ? `\n      AND (attachment_ids = '[]' OR NOT ${claim.holdWhile("outbox.reference")})`
    : "";
  const due = `channel IN (${channels.map(() => "?").join(", ")})
      AND ((status = 'queued' AND next_attempt_at <= ?) OR (status = 'sending' AND lease_until < ?))${hold}`;
  const [row] = await db.all<ClaimedRow>(
    `UPDATE outbox SET status = 'sending', lease_until = ?, lease_token = ?, attempts = attempts + 1
       WHERE id = (SELECT id FROM outbox WHERE ${due} ORDER BY id LIMIT 1 ${db.sql.lockRowsSkippingLocked})
       AND ${due}
       RETURNING id, reference, purpose, channel, message_id, to_address, reply_to, subject, body,
         attachment_ids, target, attempts, lease_token, calendar, headers, action`,
    [claim.leaseUntil, claim.leaseToken, ...channels, now, now, ...channels, now, now],
  );
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference,
    purpose: row.purpose,
    channel: row.channel,
    messageId: row.message_id,
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    body: row.body,
    attachmentIds: row.attachment_ids,
    target: row.target,
    attempts: row.attempts,
    leaseToken: row.lease_token,
    calendar: row.calendar,
    headers: row.headers,
    action: row.action,
  };
}

/**
 * Records a claimed message as sent at `now`, only while its claim still holds it; resolves to the rows
 * changed (1, or 0 when the claim had been lost). Sent, an e-mail's words (names, messages, addresses)
 * are no longer kept here: the lead holds them for as long as it is kept, and the outbox only that and
 * when it was sent. (A webhook carries no personal data, and keeps its payload.)
 */
export function markSent(
  tx: Queryable,
  message: Pick<ClaimedMessage, "id" | "leaseToken" | "channel">,
  now: number,
): Promise<number> {
  const forget =
    message.channel === "email"
      ? ", subject = '', body = '', reply_to = NULL, calendar = NULL, headers = NULL, action = NULL"
      : "";
  return tx.run(
    `UPDATE outbox SET status = 'sent', sent_at = ?, lease_until = NULL, lease_token = NULL, last_error = NULL${forget}
           WHERE ${held}`,
    [now, message.id, message.leaseToken],
  );
}

/** Records a claimed message as failed for good, only while its claim still holds it; resolves to the rows changed. */
export function markFailed(
  tx: Queryable,
  message: Pick<ClaimedMessage, "id" | "leaseToken">,
  error: string,
): Promise<number> {
  return tx.run(
    `UPDATE outbox SET status = 'failed', lease_until = NULL, lease_token = NULL, last_error = ? WHERE ${held}`,
    [error, message.id, message.leaseToken],
  );
}

/** Puts a claimed message back in the queue, due at `at`, only while its claim still holds it; resolves to the rows changed. */
export function markForRetry(
  db: Queryable,
  message: Pick<ClaimedMessage, "id" | "leaseToken">,
  retry: { at: number; error: string },
): Promise<number> {
  return db.run(
    `UPDATE outbox SET status = 'queued', lease_until = NULL, lease_token = NULL, next_attempt_at = ?, last_error = ?
       WHERE ${held}`,
    [retry.at, retry.error, message.id, message.leaseToken],
  );
}

/** A message's status ('queued', 'sending', 'sent' or 'failed'), or null when it has gone. */
export async function statusOf(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db.all<{ status: string }>("SELECT status FROM outbox WHERE id = ?", [id]);
  return row ? row.status : null;
}

/** What the queue holds: messages waiting (queued or being sent) and since when, and messages failed for good. */
export async function backlog(
  db: Queryable,
): Promise<{ waiting: number; oldestWaitingAt: number | null; failed: number }> {
  const [row] = await db.all<{ waiting: number; oldest: number | null; failed: number }>(
    `SELECT
       SUM(CASE WHEN status IN ('queued', 'sending') THEN 1 ELSE 0 END) AS waiting,
       MIN(CASE WHEN status IN ('queued', 'sending') THEN created_at END) AS oldest,
       SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failed
     FROM outbox WHERE status <> 'sent'`,
  );
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestWaitingAt: row?.oldest == null ? null : Number(row.oldest),
    failed: Number(row?.failed ?? 0),
  };
}

/** How many messages (e-mails and webhooks) failed for good. */
export async function failedCount(db: Queryable): Promise<number> {
  const [total] = await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE status = 'failed'");
  return Number(total?.n ?? 0);
}

/** The references with a message that failed for good, the latest failure first; up to `limit`. */
export async function referencesWithFailures(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db.all<{ reference: string }>(
    // A morning summary (reference '') is about no lead, so there is no lead to link to.
    "SELECT reference, MAX(id) AS latest FROM outbox WHERE status = 'failed' AND reference <> '' GROUP BY reference ORDER BY latest DESC LIMIT ?",
    [limit],
  );
  return rows.map((row) => row.reference);
}

/** How many e-mails wait to be sent (queued, or being sent now). */
export async function waitingEmailCount(db: Queryable): Promise<number> {
  const [row] = await db.all<{ n: unknown }>(
    "SELECT COUNT(*) AS n FROM outbox WHERE channel = 'email' AND status IN ('queued', 'sending')",
  );
  return Number(row?.n ?? 0);
}

/** The last errors of the e-mails waiting to be sent whose last error starts with `start`, newest first. */
export async function waitingEmailErrors(db: Queryable, start: string): Promise<string[]> {
  const rows = await db.all<{ last_error: string }>(
    `SELECT last_error FROM outbox
     WHERE channel = 'email' AND status IN ('queued', 'sending') AND last_error LIKE ?
     ORDER BY id DESC`,
    [`${start}%`],
  );
  return rows.map((row) => row.last_error);
}

/** A reference's messages, in the order they were queued. */
export async function messagesOf(db: Queryable, reference: string): Promise<LeadMessage[]> {
  const rows = await db.all<
    {
      id: number;
      channel: Channel;
      purpose: MailPurpose;
      to_address: string;
      subject: string;
      body: string;
      status: string;
      attempts: number;
      last_error: string | null;
      created_at: number;
      sent_at: number | null;
    } & BounceColumns
  >(
    `SELECT id, channel, purpose, to_address, subject, body, status, attempts, last_error, created_at, sent_at,
       bounce, bounce_reason, bounced_at, bounce_handled_at
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
    state: mailStateOf(mail.status, mail.bounce),
    attempts: Number(mail.attempts),
    lastError: mail.last_error,
    createdAt: Number(mail.created_at),
    sentAt: mail.sent_at === null ? null : Number(mail.sent_at),
    bounce: bounceOf(mail),
  }));
}

type BounceColumns = {
  bounce: BounceKind | null;
  bounce_reason: string | null;
  bounced_at: number | null;
  bounce_handled_at: number | null;
};

function bounceOf(row: BounceColumns): Bounce | null {
  if (row.bounce === null) return null;
  return {
    kind: row.bounce,
    reason: row.bounce_reason ?? "",
    at: Number(row.bounced_at ?? 0),
    handled: row.bounce_handled_at !== null,
  };
}

/** A message a bounce names, found by its return address's id: what it was, to whom, where it stands. */
export type BouncedMessage = {
  id: number;
  reference: string;
  purpose: string;
  channel: Channel;
  to: string;
  status: string;
  bounce: BounceKind | null;
};

/**
 * The message whose Message-ID's own part is `messageId` (as queued, or written without its hyphens, as
 * a return address carries it), or null when it has gone (its lead deleted).
 */
export async function messageByMessageId(db: Queryable, messageId: string): Promise<BouncedMessage | null> {
  const plain = messageId.toLowerCase();
  const hyphenated = /^[0-9a-f]{32}$/.test(plain)
    ? `${plain.slice(0, 8)}-${plain.slice(8, 12)}-${plain.slice(12, 16)}-${plain.slice(16, 20)}-${plain.slice(20)}`
    : plain;
  const [row] = await db.all<{
    id: number;
    reference: string;
    purpose: string;
    channel: Channel;
    to_address: string;
    status: string;
    bounce: BounceKind | null;
  }>(
    "SELECT id, reference, purpose, channel, to_address, status, bounce FROM outbox WHERE message_id IN (?, ?)",
    [plain, hyphenated],
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    reference: row.reference,
    purpose: row.purpose,
    channel: row.channel,
    to: row.to_address,
    status: row.status,
    bounce: row.bounce,
  };
}

/**
 * Records what a bounce said of a message, inside the caller's transaction: a hard bounce or a complaint
 * is never overwritten by a later soft one. Resolves to 1, or 0 when nothing changed.
 */
export function markBounced(
  tx: Queryable,
  id: number,
  bounce: { kind: BounceKind; reason: string; now: number },
): Promise<number> {
  return tx.run(
    `UPDATE outbox SET bounce = ?, bounce_reason = ?, bounced_at = ?, bounce_handled_at = NULL
     WHERE id = ? AND (bounce IS NULL OR bounce = 'soft' OR ? <> 'soft')`,
    [bounce.kind, bounce.reason, bounce.now, id, bounce.kind],
  );
}

/**
 * Marks the hard bounces and complaints of a reference's e-mails to `address` (lower case) as dealt with
 * (the address corrected or unblocked), so the inbox no longer flags the lead; resolves with how many.
 */
export function markBouncesHandled(
  tx: Queryable,
  handled: { reference: string | null; address: string; now: number },
): Promise<number> {
  const which = handled.reference === null ? "" : "reference = ? AND ";
  return tx.run(
    `UPDATE outbox SET bounce_handled_at = ?
     WHERE ${which}LOWER(to_address) = ? AND bounce IN ('hard', 'complaint') AND bounce_handled_at IS NULL`,
    [handled.now, ...(handled.reference === null ? [] : [handled.reference]), handled.address],
  );
}

/** The hard bounces read since `since`, oldest first: for the morning summary. */
export async function hardBouncesSince(
  db: Queryable,
  since: number,
): Promise<{ reference: string; purpose: string; reason: string; at: number }[]> {
  const rows = await db.all<{
    reference: string;
    purpose: string;
    bounce_reason: string;
    bounced_at: number;
  }>(
    `SELECT reference, purpose, bounce_reason, bounced_at FROM outbox
     WHERE bounce = 'hard' AND bounced_at >= ? AND reference <> '' ORDER BY bounced_at`,
    [since],
  );
  return rows.map((row) => ({
    reference: row.reference,
    purpose: row.purpose,
    reason: row.bounce_reason ?? "",
    at: Number(row.bounced_at),
  }));
}

/**
 * A person's messages (about any of `references`, or to or from `address`, given in lower case), with
 * where each stands and its lease. On PostgreSQL they are locked until the transaction ends, so no worker
 * can claim one meanwhile (the claim skips locked rows).
 */
export async function lockMessagesOf(
  tx: Queryable,
  sql: SqlDialect,
  person: { references: string[]; address: string },
): Promise<{ status: string; leaseUntil: number | null }[]> {
  const { references, address } = person;
  const marks = references.map(() => "?").join(", ");
  const rows = await tx.all<{ status: string; lease_until: number | null }>(
    `SELECT status, lease_until FROM outbox
     WHERE ${references.length ? `reference IN (${marks}) OR ` : ""}LOWER(to_address) = ? OR LOWER(reply_to) = ?
     ${sql.lockRows}`,
    [...references, address, address],
  );
  return rows.map((row) => ({ status: row.status, leaseUntil: row.lease_until }));
}

/** Every message's id, addresses and time of queueing: for repeating the erasure ledger after a restore. */
export async function messageAddresses(
  db: Queryable,
): Promise<{ id: number; to: string; replyTo: string | null; createdAt: number }[]> {
  const rows = await db.all<{ id: number; to_address: string; reply_to: string | null; created_at: number }>(
    "SELECT id, to_address, reply_to, created_at FROM outbox",
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    replyTo: row.reply_to,
    createdAt: Number(row.created_at),
  }));
}

/**
 * Deletes every message about a reference, sent or not, with the receipts of the bounces read about
 * them; resolves with how many messages.
 */
export async function deleteMessagesOf(tx: Queryable, reference: string): Promise<number> {
  await deleteReceiptsOf(tx, reference);
  return tx.run("DELETE FROM outbox WHERE reference = ?", [reference]);
}

/** Deletes every message to or from an address (given in lower case, matched in any case); resolves with how many. */
export function deleteMessagesTo(tx: Queryable, address: string): Promise<number> {
  return tx.run("DELETE FROM outbox WHERE LOWER(to_address) = ? OR LOWER(reply_to) = ?", [address, address]);
}

/** Deletes one message; resolves with 1, or 0 when it had gone. */
export function deleteMessage(db: Queryable, id: number): Promise<number> {
  return db.run("DELETE FROM outbox WHERE id = ?", [id]);
}
