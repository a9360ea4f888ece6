import type { Database } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import { recordEvent } from "../workspace/audit.ts";
import type { SendMail } from "./send.ts";

type OutboxRow = {
  id: number;
  reference: string;
  purpose: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attachment_ids: string;
  attempts: number;
};

export type OutboxOptions = {
  db: Database;
  /** Absent when no SMTP server is configured: mail then stays queued. */
  send: SendMail | null;
  from: string;
  logger: Logger;
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** How long a claimed message is reserved for this process before another may retry it. */
  leaseMs?: number;
};

export type OutboxWorker = {
  start(): void;
  /** Stops polling and waits for the batch in hand to finish. */
  stop(): Promise<void>;
  /** Sends whatever is due now; resolves with how many messages were sent. */
  runOnce(): Promise<number>;
  /** Asks for a run soon, e.g. right after a submission was committed. */
  wake(): void;
};

/** Delay before the next try: base, 2 × base, 4 × base, ... capped at six hours. */
export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/**
 * Sends the queued mail. Each message is claimed with a lease, so several server
 * processes can run a worker on the same database without sending anything twice
 * (unless a process dies mid-send, when the lease lets another retry it).
 */
export function createOutboxWorker(options: OutboxOptions): OutboxWorker {
  const { db, send, from, logger, pollMs, maxAttempts, retryBaseMs, leaseMs = 120_000 } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  let again = false;

  async function claim(now: number): Promise<OutboxRow[]> {
    const skipLocked = db.dialect === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
    return db.all<OutboxRow>(
      `UPDATE outbox SET status = 'sending', lease_until = ?, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE (status = 'queued' AND next_attempt_at <= ?) OR (status = 'sending' AND lease_until < ?)
         ORDER BY id LIMIT 10 ${skipLocked}
       )
       AND ((status = 'queued' AND next_attempt_at <= ?) OR (status = 'sending' AND lease_until < ?))
       RETURNING id, reference, purpose, to_address, reply_to, subject, body, attachment_ids, attempts`,
      [now + leaseMs, now, now, now, now],
    );
  }

  async function deliver(row: OutboxRow, sendMail: SendMail) {
    const ids = JSON.parse(row.attachment_ids) as number[];
    const attachments = [];
    for (const id of ids) {
      const [doc] = await db.all<{ file_name: string; content_type: string; content: Uint8Array }>(
        "SELECT file_name, content_type, content FROM documents WHERE id = ?",
        [id],
      );
      if (doc) {
        attachments.push({
          filename: doc.file_name,
          contentType: doc.content_type,
          content: Buffer.from(doc.content),
        });
      }
    }
    await sendMail({
      from,
      to: row.to_address,
      replyTo: row.reply_to,
      subject: row.subject,
      text: row.body,
      attachments,
    });
  }

  async function runBatch(): Promise<number> {
    if (!send) return 0;
    let sent = 0;
    for (;;) {
      const rows = await claim(Date.now());
      if (rows.length === 0) return sent;
      for (const row of rows) {
        try {
          await deliver(row, send);
          // The lead's timeline shows each e-mail sent or failed, written with the row's new state.
          await db.transaction(async (tx) => {
            const now = Date.now();
            await tx.run(
              "UPDATE outbox SET status = 'sent', sent_at = ?, lease_until = NULL, last_error = NULL WHERE id = ?",
              [now, row.id],
            );
            await recordEvent(tx, {
              reference: row.reference,
              action: "mail-sent",
              detail: row.purpose,
              now,
            });
          });
          sent++;
          logger.info({ outboxId: row.id, reference: row.reference, purpose: row.purpose }, "mail sent");
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const attempts = Number(row.attempts);
          if (attempts >= maxAttempts) {
            await db.transaction(async (tx) => {
              await tx.run(
                "UPDATE outbox SET status = 'failed', lease_until = NULL, last_error = ? WHERE id = ?",
                [message.slice(0, 1000), row.id],
              );
              await recordEvent(tx, {
                reference: row.reference,
                action: "mail-failed",
                detail: row.purpose,
                now: Date.now(),
              });
            });
            logger.warn(
              { outboxId: row.id, reference: row.reference, purpose: row.purpose, attempts, error: message },
              "mail failed for good; the submission is safe in the database",
            );
          } else {
            await db.run(
              "UPDATE outbox SET status = 'queued', lease_until = NULL, next_attempt_at = ?, last_error = ? WHERE id = ?",
              [Date.now() + backoffMs(attempts, retryBaseMs), message.slice(0, 1000), row.id],
            );
            logger.info(
              { outboxId: row.id, reference: row.reference, attempts, error: message },
              "mail send failed; will retry",
            );
          }
        }
      }
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = runBatch()
      .catch((error: unknown) => {
        logger.error({ err: error }, "outbox run failed");
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, pollMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      if (!send) {
        logger.warn("no SMTP server configured: e-mails stay queued in the outbox until one is");
        return;
      }
      void runOnce();
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
    runOnce,
    wake() {
      if (!stopped && send) void runOnce();
    },
  };
}
