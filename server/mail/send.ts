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
};

export type SendMail = (mail: OutgoingMail) => Promise<void>;

/**
 * The only function that talks to the mail server; the outbox worker is its only caller.
 * Nodemailer encodes every header and the attachment names (RFC 2231), and our
 * validation has already refused line breaks in anything that reaches a header.
 */
export function createSendMail(config: SmtpConfig): SendMail {
  const transport =
    "url" in config
      ? nodemailer.createTransport(config.url)
      : nodemailer.createTransport({
          host: config.host,
          port: config.port,
          secure: config.secure,
          ...(config.user ? { auth: { user: config.user, pass: config.password ?? "" } } : {}),
        });
  return async (mail) => {
    await transport.sendMail({
      from: mail.from,
      to: mail.to,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        contentDisposition: "attachment" as const,
      })),
      // Attachments are only ever the stored documents: never let a value be read as a path or URL.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  };
}
