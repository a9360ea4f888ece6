import nodemailer from "nodemailer";

/** SMTP settings, from SMTP_URL or SMTP_HOST and friends. */
export type SmtpConfig =
  | { url: string }
  | { host: string; port: number; secure: boolean; user?: string; password?: string };

/** A message ready to leave: attachments already loaded from the database. */
export type OutgoingMail = {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** The Message-ID header, the same on every attempt, so a repeat is recognisably the same message. */
  messageId: string;
  /** Aborting it closes the connection and fails the send. */
  signal: AbortSignal;
};

export type SendMail = (mail: OutgoingMail) => Promise<void>;

/** Anything with an @ inside it, between the marks that end an address in a mail server's reply. */
const addressLike = /[^\s<>"'(),;[\]]+@[^\s<>"'(),;[\]]+/g;

/**
 * A mail server's error without the addresses it names ("550 <jo@example.com>: no such user"), so it
 * can be logged and shown to staff: a recipient's address is personal data, and the lead keeps it.
 */
export function withoutAddresses(text: string): string {
  return text.replace(addressLike, "[address]");
}

/** How long each step of talking to the mail server may take, all well inside the queue's lease. */
export type SmtpTimeouts = { connectionMs: number; greetingMs: number; socketMs: number };

/** Timeouts for a lease: connection and greeting within a twelfth of it, silence within a sixth. */
export function smtpTimeouts(leaseMs: number): SmtpTimeouts {
  return {
    connectionMs: Math.min(10_000, Math.round(leaseMs / 12)),
    greetingMs: Math.min(10_000, Math.round(leaseMs / 12)),
    socketMs: Math.min(30_000, Math.round(leaseMs / 6)),
  };
}

/**
 * The only function that talks to the mail server; the delivery queue is its only caller.
 * Nodemailer encodes every header and the attachment names (RFC 2231), and our
 * validation has already refused line breaks in anything that reaches a header.
 */
export function createSendMail(config: SmtpConfig, timeouts: SmtpTimeouts): SendMail {
  // Nodemailer's own defaults wait up to ten minutes on a silent server, long past any lease.
  const limits = {
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    socketCloseTimeout: 1000,
  };
  const transport =
    "url" in config
      ? nodemailer.createTransport({ url: config.url, ...limits })
      : nodemailer.createTransport({
          host: config.host,
          port: config.port,
          secure: config.secure,
          ...(config.user ? { auth: { user: config.user, pass: config.password ?? "" } } : {}),
          ...limits,
        });
  return async (mail) => {
    await transport.sendMail({
      from: mail.from,
      to: mail.to,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
      attachments: mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        contentDisposition: "attachment" as const,
      })),
      // Attachments are only ever the stored documents: never let a value be read as a path or URL.
      disableFileAccess: true,
      disableUrlAccess: true,
      signal: mail.signal,
    });
  };
}
