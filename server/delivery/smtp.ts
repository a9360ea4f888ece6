import net from "node:net";
import nodemailer from "nodemailer";
import { withoutInvisibleFormatting } from "#core/forms/fields.ts";

/**
 * SMTP settings, from SMTP_URL or SMTP_HOST and friends. `requireTls: false` (SMTP_REQUIRE_TLS=false)
 * lets mail go unencrypted to a server on another machine that offers no STARTTLS; unset, it may not.
 */
export type SmtpConfig = (
  | { url: string }
  | { host: string; port: number; secure: boolean; user?: string; password?: string }
) & { requireTls?: boolean };

/**
 * How the connection to the mail server is protected: TLS from the first byte (smtps://, SMTP_SECURE=1),
 * STARTTLS or nothing leaves, or STARTTLS when the server offers it. Only a relay on this machine (a
 * loopback address, as a local Postfix is), or SMTP_REQUIRE_TLS=false, gets the last: anywhere else,
 * someone on the path could strip the offer and read the password, the leads and the CVs.
 */
export function tlsPolicy(config: SmtpConfig): "implicit" | "required" | "offered" {
  const server = connectionOf(config);
  if (server.secure) return "implicit";
  if (isLoopback(server.host) || config.requireTls === false) return "offered";
  return "required";
}

/** Where the mail server is and how to sign in to it, in the one shape the policy and the transport both read. */
type Connection = { host: string; port: number; secure: boolean; user?: string; password?: string };

/**
 * Reads the settings into host, port, TLS from the start and sign-in. An SMTP_URL is taken apart here
 * and never handed to nodemailer whole: nodemailer would read settings from its query string over ours
 * (`?ignoreTLS=true`, `?secure=false`, `?tls.rejectUnauthorized=false`), so what tlsPolicy reports would
 * no longer be what is used. The environment refuses such a URL at start; this refuses it again.
 */
function connectionOf(config: SmtpConfig): Connection {
  if (!("url" in config)) return config;
  const url = new URL(config.url);
  if (/[?#]/.test(config.url)) {
    throw new Error(
      "SMTP_URL must not have anything after a ? or #: settings there would override the TLS policy",
    );
  }
  const secure = url.protocol === "smtps:";
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    // Nodemailer's own defaults for each scheme.
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { user: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
}

/** A loopback address, or localhost: the mail never leaves the machine. */
function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (net.isIPv4(name)) return name.startsWith("127.");
  return net.isIPv6(name) && (name === "::1" || /^::ffff:127\./.test(name));
}

/**
 * The start of the error a message keeps while the mail server cannot be reached securely: the
 * workspace's notice and /readyz look for it (delivery/counts.ts).
 */
export const insecureMailServer = "Not sent: the connection to the mail server is not secure";

/** Certificate problems Node reports when a mail server's certificate cannot be trusted. */
const certificateCodes =
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS_CERT_ALTNAME_INVALID/;

/** A failure to secure the connection, said plainly; null for any other failure. */
export function insecurityOf(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const code = String((error as NodeJS.ErrnoException).code ?? "");
  const text = error.message;
  if (code === "ETLS" && /upgrading connection with STARTTLS/i.test(text))
    return `${insecureMailServer}: it does not offer STARTTLS, so nothing is sent to it in clear. Ask for STARTTLS on the mail server, use its smtps:// port, or set SMTP_REQUIRE_TLS=false only for a relay on a network you trust.`;
  if (certificateCodes.test(code) || /certificate/i.test(text))
    return `${insecureMailServer}: its certificate could not be verified (${text.replace(/^Error initiating TLS - /, "")}). It needs a certificate for its name from a recognised authority.`;
  if (code === "ETLS") return `${insecureMailServer}: ${text}`;
  return null;
}

/** A message ready to leave: attachments already loaded from the database. */
export type OutgoingMail = {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  /** The same words as HTML (mail-html.ts), sent beside the text as multipart/alternative; or null. */
  html?: string | null;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** An iCalendar text to send as a calendar invitation (and as an `.ics` attachment), or null. */
  calendar?: string | null;
  /** Extra headers (List-Unsubscribe ...), or null. */
  headers?: Record<string, string> | null;
  /** The Message-ID header, the same on every attempt, so a repeat is recognisably the same message. */
  messageId: string;
  /**
   * The envelope's sender (MAIL FROM, which the receiver writes as Return-Path), where a bounce goes: the
   * message's own signed return address when BOUNCE_ADDRESS is set; absent, the From address.
   */
  returnPath?: string | null;
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

/** The company's DKIM key: every message is signed for `domainName` with the key at `keySelector`. */
export type DkimKey = { domainName: string; keySelector: string; privateKey: string };

/** Timeouts for a lease: connection and greeting within a twelfth of it, silence within a sixth. */
export function smtpTimeouts(leaseMs: number): SmtpTimeouts {
  return {
    connectionMs: Math.min(10_000, Math.round(leaseMs / 12)),
    greetingMs: Math.min(10_000, Math.round(leaseMs / 12)),
    socketMs: Math.min(30_000, Math.round(leaseMs / 6)),
  };
}

/**
 * The headers DKIM signs: those that say who a message is from and what it is, so none can be changed on
 * the way without the signature failing, and none a relay is known to rewrite.
 */
const dkimHeaders =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:List-Unsubscribe:List-Unsubscribe-Post";

/** The METHOD of an iCalendar text (REQUEST, CANCEL ...), which its MIME part must repeat. */
export function calendarMethod(calendar: string): string {
  return /^METHOD:([A-Z-]+)\r?$/m.exec(calendar)?.[1] ?? "PUBLISH";
}

/**
 * The only function that talks to the mail server; the delivery queue is its only caller.
 * Nodemailer encodes every header and the attachment names (RFC 2231), and our
 * validation has already refused line breaks in anything that reaches a header.
 */
export function createSendMail(
  config: SmtpConfig,
  timeouts: SmtpTimeouts,
  dkim: DkimKey | null = null,
): SendMail {
  // Nodemailer's own defaults wait up to ten minutes on a silent server, long past any lease.
  const limits = {
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    socketCloseTimeout: 1000,
  };
  // Certificates are always verified; STARTTLS is insisted on unless the policy allows plain
  // (tlsPolicy), which reads the very settings given here.
  const server = connectionOf(config);
  const security = {
    requireTLS: tlsPolicy(config) === "required",
    ignoreTLS: false,
    tls: { rejectUnauthorized: true, minVersion: "TLSv1.2" as const },
  };
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    ...(server.user ? { auth: { user: server.user, pass: server.password ?? "" } } : {}),
    ...limits,
    ...security,
    // Signed as the message leaves, after every header is final, so the signature covers what is sent.
    ...(dkim ? { dkim: { ...dkim, headerFieldNames: dkimHeaders } } : {}),
  });
  return async (mail) => {
    const calendar = mail.calendar ? { content: mail.calendar, method: calendarMethod(mail.calendar) } : null;
    try {
      await send(mail, calendar);
    } catch (error) {
      const insecure = insecurityOf(error);
      throw insecure ? new Error(insecure, { cause: error }) : error;
    }
  };

  async function send(mail: OutgoingMail, calendar: { content: string; method: string } | null) {
    await transport.sendMail({
      from: mail.from,
      to: mail.to,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      // Whatever a subject was built from, nothing in it may turn the text around (core/forms/fields.ts).
      subject: withoutInvisibleFormatting(mail.subject),
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      messageId: mail.messageId,
      // Bounces go to the message's own return address; the recipients stay those of the header.
      ...(mail.returnPath ? { envelope: { from: mail.returnPath, to: mail.to } } : {}),
      // Checked when queued; a line break is taken out again here so no value can start a header of its own.
      ...(mail.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(mail.headers).map(([name, value]) => [name, value.replace(/[\r\n]+/g, " ")]),
            ),
          }
        : {}),
      attachments: [
        ...mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          contentDisposition: "attachment" as const,
        })),
        // Some mail programs offer only the attachment, others only the calendar part: send both.
        ...(calendar
          ? [{ filename: "invitation.ics", contentType: "application/ics", content: calendar.content }]
          : []),
      ],
      // The calendar part (text/calendar with its METHOD) that Google Calendar, Outlook and Apple
      // Calendar read as an invitation.
      ...(calendar ? { icalEvent: { method: calendar.method, content: calendar.content } } : {}),
      // Attachments are only ever the stored documents: never let a value be read as a path or URL.
      disableFileAccess: true,
      disableUrlAccess: true,
      signal: mail.signal,
    });
  }
}
