/**
 * The bounce mailbox, read over IMAP (imapflow): lists what is waiting with each message's size, fetches
 * one message's bytes at a time, and removes a message once its effect is committed. Nothing larger than
 * `maxBytes` is downloaded (its size is asked first, RFC822.SIZE); a mail server that is down or slow
 * fails the run within the timeouts, and the next run tries again.
 */
import { ImapFlow } from "imapflow";

/** Where the bounce mailbox is: BOUNCE_IMAP_URL, taken apart. */
export type MailboxAddress = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  /** The folder bounces arrive in, INBOX unless the URL names another. */
  folder: string;
};

/** BOUNCE_IMAP_URL (`imaps://user:password@host:993/INBOX`, or `imap://` on loopback) taken apart. */
export function mailboxAddress(url: string): MailboxAddress {
  const parsed = new URL(url);
  const secure = parsed.protocol === "imaps:";
  const folder = decodeURIComponent(parsed.pathname.replace(/^\/+/, "")) || "INBOX";
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    folder,
  };
}

/**
 * A failure to reach or read the mailbox (refused, timed out, a password refused, a folder missing), told
 * apart from a failure of the database while a bounce is applied. It keeps the IMAP error's words and code
 * but not the error itself, so nothing mistakes a mail server that is down for a database that is.
 */
export class MailboxError extends Error {
  constructor(error: unknown) {
    const code = typeof error === "object" && error && "code" in error ? ` (${String(error.code)})` : "";
    super(`${error instanceof Error ? error.message : String(error)}${code}`);
    this.name = "MailboxError";
  }
}

/** Runs one IMAP step, its failure as a MailboxError. */
async function imap<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw error instanceof MailboxError ? error : new MailboxError(error);
  }
}

/** One message waiting in the mailbox: its IMAP UID and size in bytes. */
export type Waiting = { uid: number; size: number };

/** An open session with the bounce folder selected. */
export type MailboxSession = {
  /** The messages waiting, oldest first, at most `limit`. */
  waiting(limit: number): Promise<Waiting[]>;
  /** One message's bytes, or null when it has gone meanwhile (another reader removed it). */
  read(uid: number): Promise<Buffer | null>;
  /** Removes messages whose effect is committed (flagged \Deleted and expunged). */
  remove(uids: number[]): Promise<void>;
};

/** How long each step with the IMAP server may take, so a slow one never holds a run for long. */
export type MailboxTimeouts = { connectionMs: number; greetingMs: number; socketMs: number };

export const defaultMailboxTimeouts: MailboxTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
};

/**
 * Opens a session on the mailbox, runs `work` with the bounce folder locked, and logs out whatever
 * happens. Certificates are always checked (imaps://, or STARTTLS when the server offers it).
 */
export async function withMailbox<T>(
  address: MailboxAddress,
  timeouts: MailboxTimeouts,
  work: (session: MailboxSession) => Promise<T>,
): Promise<T> {
  const client = new ImapFlow({
    host: address.host,
    port: address.port,
    secure: address.secure,
    auth: { user: address.user, pass: address.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    tls: { rejectUnauthorized: true, minVersion: "TLSv1.2" },
  });
  // A connection that drops between commands is reported by the command that fails; this keeps the
  // event from being an uncaught error.
  client.on("error", () => {});
  await imap(() => client.connect());
  try {
    const lock = await imap(() => client.getMailboxLock(address.folder));
    try {
      return await work({
        async waiting(limit) {
          const status = client.mailbox;
          if (status && status.exists === 0) return [];
          const found = await imap(() => client.fetchAll("1:*", { uid: true, size: true }));
          return found
            .map((message) => ({ uid: message.uid, size: message.size ?? 0 }))
            .sort((a, b) => a.uid - b.uid)
            .slice(0, limit);
        },
        async read(uid) {
          const message = await imap(() =>
            client.fetchOne(String(uid), { uid: true, source: true }, { uid: true }),
          );
          if (!message) return null;
          return message.source ? Buffer.from(message.source) : null;
        },
        async remove(uids) {
          if (uids.length === 0) return;
          await imap(() => client.messageDelete(uids.join(","), { uid: true }));
        },
      });
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
