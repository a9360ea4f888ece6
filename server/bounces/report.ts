/**
 * Reads one message from the bounce mailbox: a delivery-status report (RFC 3464, as Gmail, Microsoft 365,
 * Postfix and Exim send), a complaint from a feedback loop (RFC 5965), or one of the common bounces
 * without either (older Exim, qmail, a postmaster's plain words). Says whether the mail bounced for good
 * or for now, in the receiving server's own words, and gives the text to find our return address in.
 * It never throws for what a message holds: a message it cannot read is null, and left to the caller.
 */
import { createHash } from "node:crypto";
import { type Attachment, simpleParser } from "mailparser";
import { withoutAddresses } from "../delivery/smtp.ts";
import type { BounceKind } from "../tables/outbox.ts";

export type BounceReport = {
  kind: BounceKind;
  /** The enhanced status code (RFC 3463), such as "5.1.1", when the report gives one. */
  status: string | null;
  /** The receiving server's words, without any address in them, at most 300 characters. */
  reason: string;
  /** Everything our return address can be found in: the report's headers and each part, decoded. */
  searchable: string;
  /** A hash of the report itself, the same whenever it is read, so it is applied once. */
  key: string;
};

/** The longest reason kept: enough for a server's sentence, never a whole message. */
const reasonMax = 300;

/** Statuses that say "not now": a full mailbox, a message too large for it today. */
const softStatuses = new Set(["5.2.2", "5.2.3"]);

/** Plain words, one line, no addresses, at most `reasonMax` characters. */
function plainReason(text: string): string {
  const line = withoutAddresses(text)
    // Nothing that could turn text around or start a line of its own reaches the workspace.
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > reasonMax ? `${line.slice(0, reasonMax - 1)}…` : line;
}

/** The fields of a delivery-status report, one group per recipient after the message's own. */
function statusGroups(text: string): Map<string, string>[] {
  const unfolded = text.replace(/\r?\n[ \t]+/g, " ");
  return unfolded
    .split(/\r?\n\s*\r?\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split(/\r?\n/)) {
        const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
        if (match?.[1]) fields.set(match[1].toLowerCase(), (match[2] ?? "").trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** The enhanced status code in a text ("5.1.1"), or null. */
function statusIn(text: string): string | null {
  return /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(text)?.[1] ?? null;
}

/** Hard or soft, from an enhanced status code and the report's Action. */
function kindOf(status: string | null, action: string): BounceKind {
  if (action === "delayed") return "soft";
  if (status?.startsWith("4.")) return "soft";
  if (status && softStatuses.has(status)) return "soft";
  return "hard";
}

/** A delivery-status report's verdict, or null when it reports no failure or delay. */
function fromStatusReport(text: string): Omit<BounceReport, "searchable" | "key"> | null {
  for (const fields of statusGroups(text)) {
    const action = (fields.get("action") ?? "").toLowerCase();
    if (action !== "failed" && action !== "delayed") continue;
    const status = statusIn(fields.get("status") ?? "");
    const diagnostic = (fields.get("diagnostic-code") ?? "").replace(/^smtp\s*;\s*/i, "");
    const words =
      diagnostic || `${action === "delayed" ? "Delayed" : "Failed"}${status ? ` (${status})` : ""}`;
    return { kind: kindOf(status ?? statusIn(diagnostic), action), status, reason: plainReason(words) };
  }
  return null;
}

/** A feedback-loop complaint, or null. */
function fromFeedbackReport(text: string): Omit<BounceReport, "searchable" | "key"> | null {
  const type = /^Feedback-Type:\s*([A-Za-z-]+)/im.exec(text)?.[1]?.toLowerCase();
  if (!type) return null;
  return { kind: "complaint", status: null, reason: plainReason(`Reported as ${type} by the recipient`) };
}

/** Words that mark a message as a bounce when it has no report: its sender or its subject. */
const bounceSender = /mailer-daemon|postmaster|mail delivery (subsystem|system)/i;
const bounceSubject =
  /undeliver|undelivered|delivery (status notification|failure|has failed)|returned mail|failure notice|could not be delivered|mail delivery failed|delivery incomplete|non[- ]?delivery/i;

/** Lines that carry a server's verdict in a bounce without a report. */
const verdictLine =
  /unrouteable address|non-existent host|\b[45]\d\d[ -]|\b[45]\.\d{1,3}\.\d{1,3}\b|#[45]\.\d\.\d|no such (user|mailbox|domain)|user unknown|mailbox (is )?full|over quota|does not exist|greylist/i;

/** The verdict of a bounce without a report (Exim's, qmail's, a postmaster's words), or null. */
function fromPlainBounce(
  from: string,
  subject: string,
  text: string,
): Omit<BounceReport, "searchable" | "key"> | null {
  if (!bounceSender.test(from) && !bounceSubject.test(subject)) return null;
  const line = text.split(/\r?\n/).find((candidate) => verdictLine.test(candidate)) ?? "";
  const status = statusIn(line) ?? statusIn(text);
  const code = /\b([45])\d\d\b/.exec(line)?.[1];
  const temporary =
    /temporar|delay|not yet been delivered|will (be )?retr|greylist|try again later|mailbox (is )?full|over quota/i.test(
      `${line}\n${text}`,
    ) && !/permanent error/i.test(text);
  const kind: BounceKind = temporary
    ? "soft"
    : status
      ? kindOf(status, "failed")
      : code === "4"
        ? "soft"
        : "hard";
  return { kind, status, reason: plainReason(line || subject || "Returned as undeliverable") };
}

/** The decoded text of a part, read as UTF-8 where it is (a report's parts are ASCII), else byte by byte. */
function partText(part: Attachment): string {
  const text = part.content.toString("utf8");
  return text.includes("\uFFFD") ? part.content.toString("latin1") : text;
}

/**
 * Reads one message of the bounce mailbox; null when it is no bounce (an out-of-office, a person's
 * reply) or cannot be read at all.
 */
export async function readBounce(raw: Buffer): Promise<BounceReport | null> {
  // The raw bytes, read byte by byte: our return address is ASCII wherever it is, whatever the charset.
  const bytes = raw.toString("latin1");
  let parts: { type: string; text: string }[] = [];
  let from = "";
  let subject = "";
  let body = "";
  let messageId: string | null = null;
  try {
    const parsed = await simpleParser(raw, {
      keepDeliveryStatus: true,
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
    });
    parts = parsed.attachments.map((part) => ({
      type: part.contentType.toLowerCase(),
      text: partText(part),
    }));
    from = parsed.from?.text ?? "";
    subject = parsed.subject ?? "";
    body = parsed.text ?? "";
    messageId = parsed.messageId ?? null;
  } catch {
    // A structure mailparser cannot follow (a charset it does not know, a broken boundary): the raw
    // text still holds a report's plain ASCII fields, read below as they are.
    body = bytes;
    from = /^From:(.*)$/im.exec(bytes)?.[1] ?? "";
    subject = /^Subject:(.*)$/im.exec(bytes)?.[1] ?? "";
  }
  const searchable = [bytes, ...parts.map((part) => part.text)].join("\n");
  const key = createHash("sha256")
    .update(messageId ? `message-id:${messageId}` : raw)
    .digest("hex");
  const statusPart = parts.find((part) => part.type === "message/delivery-status");
  const feedbackPart = parts.find((part) => part.type === "message/feedback-report");
  const verdict =
    (feedbackPart ? fromFeedbackReport(feedbackPart.text) : null) ??
    (statusPart ? fromStatusReport(statusPart.text) : null) ??
    // A report mailparser could not take apart still has its fields in the raw text.
    (/^Content-Type:\s*message\/feedback-report/im.test(bytes) ? fromFeedbackReport(bytes) : null) ??
    (/^Content-Type:\s*message\/delivery-status/im.test(bytes) ? fromStatusReport(bytes) : null) ??
    (statusPart || feedbackPart ? null : fromPlainBounce(from, subject, body));
  return verdict ? { ...verdict, searchable, key } : null;
}
