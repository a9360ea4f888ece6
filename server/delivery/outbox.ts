import { randomUUID } from "node:crypto";
import type { CompanyFacts } from "#core/content/company-facts.ts";
import { type Database, isUnavailable, type Queryable, type Transaction } from "../db/database.ts";
import { createPoller } from "../jobs/poller.ts";
import type { Logger } from "../observability/logger.ts";
import {
  actionOf,
  attachmentIdsOf,
  backlog,
  type Channel,
  type ClaimedMessage,
  claimNext,
  headersOf,
  markFailed,
  markForRetry,
  markSent,
  queuedNotificationsOf,
  queueEmail,
  queueEmails,
  queueWebhooks,
  replaceAttachments,
  statusOf,
} from "../tables/outbox.ts";
import type { QueuedMail } from "./emails.ts";
import { hasHtmlPart, mailHtml } from "./mail-html.ts";
import { type SendMail, withoutAddresses } from "./smtp.ts";
import { type LeadEvent, leadHeadline, type SendWebhook } from "./webhooks.ts";

/**
 * The delivery queue (the `outbox` table): every e-mail and webhook a submission causes is written
 * in the submission's own transaction, then delivered from here with retries and backoff. Each
 * message is claimed on its own, with a lease; its send is cut off well before the lease ends, and
 * it is recorded as sent only by the claim that still holds it. A message keeps one id across
 * attempts (its Message-ID, or its webhook-id), so a repeat after a crash is the same message to
 * the receiver. An outcome the database could not take (a failover between the send and its record)
 * is kept by the process and recorded before it claims anything more, so the message is not sent again.
 */

/** A document an e-mail carries, as the documents' owner gives it. */
export type Attachment = { fileName: string; contentType: string; content: Uint8Array };

export type OutboxOptions = {
  db: Database;
  /** Absent when no SMTP server is configured: mail then stays queued. */
  send: SendMail | null;
  /** Absent when no webhook is configured. */
  sendWebhook?: SendWebhook | null;
  /** The configured webhook addresses by their stored key (see webhookTarget). */
  webhookUrls?: ReadonlyMap<string, string>;
  from: string;
  /** The company's facts published now, for the details at the foot of each HTML part. */
  company?: () => CompanyFacts;
  logger: Logger;
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** How long a claimed message is reserved for this process before another may retry it. */
  leaseMs?: number;
  /** How many messages this process sends at once. */
  concurrency?: number;
  /**
   * Called inside the transaction that records an e-mail as sent or failed for good, so the lead's
   * timeline says so in the same commit (the leads feature provides it).
   */
  onEmailOutcome?: (tx: Queryable, outcome: EmailOutcome) => Promise<void>;
  /** Told of each e-mail the mail server accepted, once it is recorded as sent (/metrics counts them). */
  onEmailSent?: () => void;
  /**
   * A condition (SQL) on a message's reference column that holds an e-mail with attachments back while it
   * holds, added to the claim, which stays one statement (the composition root's: while a document it
   * carries may still await its virus scan). Absent, nothing holds an e-mail back.
   */
  holdWhile?: (referenceColumn: string) => string;
  /**
   * The document with this id, as an e-mail attaches it, or null when it is gone or its scan has not
   * cleared it (it is then left out). Absent, e-mails go without their attachments.
   */
  attachment?: (id: number) => Promise<Attachment | null>;
  /**
   * The envelope sender for a message, from its Message-ID's own part: its signed return address, so a
   * bounce names it (BOUNCE_ADDRESS). Absent, bounces go to the From address.
   */
  returnPath?: (messageId: string) => string;
  /**
   * Why an e-mail may not go to its address (it bounced for good, or its person complained), or null
   * when it may; asked just before each send, so whatever queued it, nothing reaches a blocked address.
   * A blocked e-mail is marked failed at once with these words, and `onBlocked` is told.
   */
  blocked?: (mail: { to: string; reference: string; purpose: string }) => Promise<string | null>;
  /** Told of an e-mail that was not sent because its address is blocked (the job alerts count them). */
  onBlocked?: (mail: { reference: string; purpose: string }) => Promise<void>;
};

/** What became of one e-mail about a lead. */
export type EmailOutcome = { reference: string; purpose: string; sent: boolean; now: number };

export type OutboxWorker = {
  start(): void;
  /**
   * Stops claiming and waits for the sends in hand. Any still running at `deadline` (a time in ms)
   * is cut off and put back in the queue for the next try.
   */
  stop(options?: { deadline?: number }): Promise<void>;
  /** Sends whatever is due now; resolves with how many messages were delivered. */
  runOnce(): Promise<number>;
  /** Asks for a run soon, e.g. right after a submission was committed. */
  wake(): void;
};

/** Delay before the next try: base, 2 × base, 4 × base, ... capped at six hours. */
export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/** A new message id: random, and the same on every attempt at the message. */
export function newMessageId(): string {
  return randomUUID();
}

/** The domain of a From address, for Message-IDs: "Brand <web@cottonopolis.example>" gives the part after @. */
function domainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

/**
 * Queues e-mails about a lead inside the caller's transaction (the submission's own), so a lead is
 * never stored without its mail or its mail without the lead. The notification carries the documents.
 * One INSERT for them all, sent with the transaction's last statements. A header with a line break is refused.
 */
export function enqueueEmails(
  tx: Transaction,
  reference: string,
  mails: QueuedMail[],
  attachmentIds: number[],
  now: number,
): void {
  queueEmails(
    tx,
    reference,
    mails.map((mail) => ({
      ...mail,
      messageId: newMessageId(),
      attachmentIds: mail.purpose === "notification" ? attachmentIds : [],
    })),
    now,
  );
}

/**
 * Queues one e-mail that carries no document (a reply from the workspace, a reminder, a summary, an
 * interview's invitation with its calendar) inside the caller's transaction; resolves to its id in the queue.
 */
export function enqueueEmail(
  tx: Queryable,
  reference: string,
  mail: QueuedMail,
  now: number,
): Promise<number> {
  return queueEmail(tx, reference, { ...mail, messageId: newMessageId() }, now);
}

/**
 * Takes a removed document off its lead's notification while it is still queued, and adds `note` to
 * the notification's words: the virus scanner's removal, inside the caller's transaction.
 */
export async function withholdAttachment(
  tx: Queryable,
  removed: { reference: string; documentId: number; note: string },
): Promise<void> {
  for (const queued of await queuedNotificationsOf(tx, removed.reference)) {
    const ids = queued.attachmentIds.filter((id) => id !== removed.documentId);
    await replaceAttachments(tx, queued.id, ids, `\n\n${removed.note}`);
  }
}

/** Queues one webhook per configured address, telling of the lead without any of its details: one INSERT. */
export function enqueueWebhooks(
  tx: Transaction,
  event: LeadEvent,
  webhooks: readonly { key: string; display: string }[],
  now: number,
): void {
  queueWebhooks(
    tx,
    event.data.reference,
    webhooks.map((webhook) => ({
      messageId: newMessageId(),
      display: webhook.display,
      key: webhook.key,
      headline: leadHeadline(event),
      body: JSON.stringify(event),
    })),
    now,
  );
}

/** How much is waiting to be delivered, and since when: for /readyz. */
export async function outboxBacklog(
  db: Queryable,
  now: number,
): Promise<{ waiting: number; oldestWaitingSeconds: number | null; failed: number }> {
  const { waiting, oldestWaitingAt: oldest, failed } = await backlog(db);
  return {
    waiting,
    oldestWaitingSeconds: oldest === null ? null : Math.max(0, Math.round((now - oldest) / 1000)),
    failed,
  };
}

/**
 * Delivers the queue. Several server processes can run a worker on the same database: each
 * message is claimed by one of them at a time (PostgreSQL: FOR UPDATE SKIP LOCKED).
 */
export function createOutboxWorker(options: OutboxOptions): OutboxWorker {
  const {
    db,
    send,
    sendWebhook = null,
    webhookUrls = new Map<string, string>(),
    from,
    logger,
    pollMs,
    maxAttempts,
    retryBaseMs,
    leaseMs = 120_000,
    concurrency = 4,
    onEmailOutcome,
    onEmailSent,
    holdWhile,
    attachment,
    returnPath,
    blocked,
    onBlocked,
  } = options;
  const channels: Channel[] = [];
  if (send) channels.push("email");
  if (sendWebhook) channels.push("webhook");
  const messageDomain = domainOf(from);
  // A send may take at most half the lease, so it ends long before another process may claim it.
  const sendDeadlineMs = Math.floor(leaseMs / 2);
  // Set by stop(): lanes finish the message in hand and claim no more.
  let halted = false;
  // Aborted to cut off the sends in hand when a stop runs out of time.
  let cutOff = new AbortController();
  // Outcomes the database did not take (it became unavailable between a send and its record), by
  // message. The claim still holds each message (its lease_token), so nothing else sends it before its
  // lease ends; each run records these first, and claims nothing until they are, so this process does
  // not send them again either.
  const unrecorded = new Map<number, { row: ClaimedMessage; failure: unknown }>();

  /** Claims the next due message (or one whose lease ran out), for this process only. */
  function claim(now: number): Promise<ClaimedMessage | null> {
    return claimNext(db, { channels, now, leaseUntil: now + leaseMs, leaseToken: randomUUID(), holdWhile });
  }

  async function deliverEmail(row: ClaimedMessage, sendMail: SendMail, signal: AbortSignal) {
    const ids = attachmentIdsOf(row);
    const attachments = [];
    for (const id of ids) {
      const doc = attachment ? await attachment(id) : null;
      if (doc) {
        attachments.push({
          filename: doc.fileName,
          contentType: doc.contentType,
          content: Buffer.from(doc.content),
        });
      }
    }
    await sendMail({
      from,
      to: row.to,
      replyTo: row.replyTo,
      subject: row.subject,
      text: row.body,
      // Made from the stored words and button on each attempt, so a retry sends the same message.
      html: hasHtmlPart(row.purpose)
        ? await mailHtml({
            subject: row.subject,
            text: row.body,
            action: actionOf(row),
            ...(options.company ? { company: options.company() } : {}),
          })
        : null,
      attachments,
      calendar: row.calendar,
      headers: headersOf(row),
      messageId: `<${row.messageId}@${messageDomain}>`,
      returnPath: returnPath ? returnPath(row.messageId) : null,
      signal,
    });
  }

  async function deliverWebhook(row: ClaimedMessage, post: SendWebhook, signal: AbortSignal) {
    const url = row.target ? webhookUrls.get(row.target) : undefined;
    if (!url) throw new Error(`${row.to} is no longer among this server's WEBHOOK_URLS`);
    await post({ url, event: JSON.parse(row.body) as LeadEvent, id: row.messageId, signal });
  }

  /**
   * Marks an e-mail to a blocked address failed at once, without a send or a retry; true when it was
   * blocked (and settled here), false when it may go.
   */
  async function refuseBlocked(row: ClaimedMessage): Promise<boolean> {
    if (row.channel !== "email" || !blocked) return false;
    const why = await blocked({ to: row.to, reference: row.reference, purpose: row.purpose });
    if (why === null) return false;
    const changed = await db.transaction(async (tx) => {
      const done = await markFailed(tx, row, why);
      if (done === 1) {
        await onEmailOutcome?.(tx, {
          reference: row.reference,
          purpose: row.purpose,
          sent: false,
          now: Date.now(),
        });
      }
      return done;
    });
    if (changed === 1) {
      logger.info(
        { outboxId: row.id, reference: row.reference, purpose: row.purpose },
        "mail not sent: its address is blocked after a bounce or a complaint",
      );
      await onBlocked?.({ reference: row.reference, purpose: row.purpose });
    }
    return true;
  }

  /** Records the outcome, only while this claim still holds the message; false when it had been lost. */
  async function settle(row: ClaimedMessage, error: unknown): Promise<boolean> {
    const now = Date.now();
    const what = row.channel === "email" ? "mail" : "webhook";
    const context = {
      outboxId: row.id,
      reference: row.reference,
      purpose: row.purpose,
      channel: row.channel,
      attempts: Number(row.attempts),
    };
    if (error === null) {
      const changed = await db.transaction(async (tx) => {
        // Delivered, an e-mail's words are no longer kept in the queue (markSent says why).
        const done = await markSent(tx, row, now);
        if (done === 1 && row.channel === "email") {
          await onEmailOutcome?.(tx, { reference: row.reference, purpose: row.purpose, sent: true, now });
        }
        return done;
      });
      if (changed === 1) {
        logger.info(context, `${what} sent`);
        if (row.channel === "email") onEmailSent?.();
      }
      return changed === 1;
    }
    // Logged and shown to staff: a mail server's reply often names the recipient, who stays unnamed here.
    const message = withoutAddresses(error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const attempts = Number(row.attempts);
    if (attempts >= maxAttempts) {
      const changed = await db.transaction(async (tx) => {
        const done = await markFailed(tx, row, message);
        if (done === 1 && row.channel === "email") {
          await onEmailOutcome?.(tx, { reference: row.reference, purpose: row.purpose, sent: false, now });
        }
        return done;
      });
      if (changed === 1) {
        logger.warn(
          { ...context, error: message },
          `${what} failed for good; the submission is safe in the database`,
        );
      }
      return changed === 1;
    }
    // Cut off by a stop: due again at once, for whichever process is still running.
    const retryAt = cutOff.signal.aborted ? now : now + backoffMs(attempts, retryBaseMs);
    const changed = await markForRetry(db, row, { at: retryAt, error: message });
    if (changed === 1) logger.info({ ...context, error: message }, `${what} send failed; will retry`);
    return changed === 1;
  }

  /** Delivers `first`, then claims and delivers messages one at a time until none is due or the worker stops. */
  async function lane(first: ClaimedMessage | null): Promise<number> {
    let delivered = 0;
    let row = first;
    for (;;) {
      if (!row && !halted) row = await claim(Date.now());
      if (!row) return delivered;
      if (await refuseBlocked(row)) {
        row = null;
        continue;
      }
      const signal = AbortSignal.any([AbortSignal.timeout(sendDeadlineMs), cutOff.signal]);
      let failure: unknown = null;
      try {
        if (row.channel === "email" && send) await deliverEmail(row, send, signal);
        else if (row.channel === "webhook" && sendWebhook) await deliverWebhook(row, sendWebhook, signal);
        else throw new Error(`No ${row.channel} sender is configured in this process`);
      } catch (error) {
        failure = signal.aborted && signal.reason instanceof Error ? signal.reason : error;
      }
      let held: boolean;
      try {
        held = await settle(row, failure);
      } catch (error) {
        // The send is done: only its record is missing. Kept for the next run; this one ends here.
        if (isUnavailable(error)) unrecorded.set(row.id, { row, failure });
        throw error;
      }
      if (!held) {
        logger.warn(
          { outboxId: row.id, reference: row.reference, channel: row.channel },
          "the lease on this message had passed to another process; its outcome here was not recorded",
        );
      }
      if (held && failure === null) delivered++;
      row = null;
    }
  }

  /**
   * Records the outcomes a failover kept from the database; throws (and the run ends, claiming
   * nothing) while it is still unavailable. Resolves with how many of them were deliveries.
   */
  async function recordUnrecorded(): Promise<number> {
    let delivered = 0;
    for (const [id, { row, failure }] of unrecorded) {
      const held = await settle(row, failure);
      unrecorded.delete(id);
      if (held) {
        if (failure === null) delivered++;
        continue;
      }
      // Not held: the first record was committed after all (its answer lost), or the lease ran out and
      // another process took the message over.
      if ((await statusOf(db, id)) !== "sent") {
        logger.warn(
          { outboxId: row.id, reference: row.reference, channel: row.channel },
          "the lease on this message had passed to another process; its outcome here was not recorded",
        );
      }
    }
    return delivered;
  }

  async function runLanes(): Promise<number> {
    if (channels.length === 0) return 0;
    const recorded = unrecorded.size > 0 ? await recordUnrecorded() : 0;
    // One claim first, so an idle queue costs one query a poll; only with work in hand do the other lanes start.
    const first = await claim(Date.now());
    if (!first) return recorded;
    // Every lane finishes its message (and keeps an outcome it could not record) before the run ends.
    const lanes = await Promise.allSettled(
      Array.from({ length: concurrency }, (_, i) => lane(i === 0 ? first : null)),
    );
    let delivered = recorded;
    for (const done of lanes) {
      if (done.status === "rejected") throw done.reason;
      delivered += done.value;
    }
    return delivered;
  }

  const poller = createPoller({ run: runLanes, pollMs, logger, failure: "delivery queue run failed" });

  /** A last try at the outcomes still unrecorded; those it cannot record are sent again after their lease. */
  async function recordBeforeStopping(): Promise<void> {
    if (unrecorded.size === 0) return;
    await recordUnrecorded().catch((error: unknown) =>
      logger.warn(
        { waiting: unrecorded.size, error: error instanceof Error ? error.message : String(error) },
        "delivery outcomes not recorded at shutdown: the database is unavailable; those messages go again once their lease ends",
      ),
    );
  }

  return {
    start() {
      if (!poller.stopped) return;
      halted = false;
      cutOff = new AbortController();
      if (!send) logger.warn("no SMTP server configured: e-mails stay queued in the outbox until one is");
      if (channels.length === 0) return;
      poller.start();
    },
    async stop({ deadline }: { deadline?: number } = {}) {
      halted = true;
      const inHand = poller.stop();
      if (!inHand) {
        await recordBeforeStopping();
        return;
      }
      if (deadline === undefined) {
        await inHand;
        await recordBeforeStopping();
        return;
      }
      const late = setTimeout(
        () => cutOff.abort(new Error("Cut off by a server shutdown")),
        deadline - Date.now(),
      );
      try {
        await inHand;
      } finally {
        clearTimeout(late);
      }
      await recordBeforeStopping();
    },
    runOnce: poller.runOnce,
    wake() {
      if (channels.length > 0) poller.wake();
    },
  };
}
