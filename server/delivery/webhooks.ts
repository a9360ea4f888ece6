import { createHash } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describeAnswers, type QuoteAnswers } from "#core/config/quote-questions.ts";
import type { LeadKind } from "#core/leads/model.ts";
import { leadPath } from "#core/staff/paths.ts";

/**
 * Webhooks: each new lead is announced to every address in WEBHOOK_URLS through the delivery queue.
 * Slack and Microsoft Teams get a message in their own shape; any other receiver gets JSON signed
 * per the Standard Webhooks specification. A webhook says that a lead arrived and links to it in the
 * staff workspace; it never carries who the person is or their message, only, for an enquiry, the
 * answers about the site (its size, its hours) that let a channel see at once what is asked for.
 */

export type WebhookKind = "slack" | "teams" | "standard";

/** Which shape an address takes: Slack and Teams incoming webhooks by host, anything else signed JSON. */
export function webhookKind(url: string): WebhookKind {
  const host = new URL(url).hostname.toLowerCase();
  if (host === "hooks.slack.com") return "slack";
  if (/(^|\.)(webhook\.office\.com|logic\.azure\.com|powerautomate\.com|powerplatform\.com)$/.test(host)) {
    return "teams";
  }
  return "standard";
}

/**
 * What the queue stores in place of an address: Slack's and Teams' addresses are themselves the
 * secret that lets anyone post, so only this hash, and the scheme and host for display, are kept.
 */
export function webhookTarget(url: string): { key: string; display: string } {
  const parsed = new URL(url);
  return {
    key: createHash("sha256").update(url).digest("hex").slice(0, 32),
    display: `${parsed.protocol}//${parsed.host}/…`,
  };
}

/** The event a webhook announces, as queued; the same for every receiver. */
export type LeadEvent = {
  type: "lead.received";
  /** When the lead was stored, ISO 8601. */
  timestamp: string;
  data: {
    reference: string;
    kind: LeadKind;
    /** The service an enquiry is about; null for a job application or when none was chosen. */
    service: { id: string; name: string } | null;
    /**
     * An enquiry's answers to its service's questions: as stored (question key to value) and in words,
     * in the questions' order; absent when none was answered.
     */
    details?: { values: QuoteAnswers; inWords: { question: string; answer: string }[] };
    /** The lead in the staff workspace. */
    url: string;
  };
};

/** Builds the event for a newly stored lead. */
export function leadEvent(
  lead: Omit<LeadEvent["data"], "url" | "details"> & { details?: QuoteAnswers | null },
  publicUrl: string,
  storedAt: number,
): LeadEvent {
  const { details, ...rest } = lead;
  const inWords = details ? describeAnswers(rest.service?.id ?? "", details) : [];
  return {
    type: "lead.received",
    timestamp: new Date(storedAt).toISOString(),
    data: {
      ...rest,
      // Only when there are answers: an event without them is the same as it always was.
      ...(details && inWords.length > 0 ? { details: { values: details, inWords } } : {}),
      url: `${publicUrl}${leadPath(lead.reference)}`,
    },
  };
}

/** The event's answers about the site in words ("Number of officers: 4 officers"), one per line. */
function detailLines(event: LeadEvent): string[] {
  return (event.data.details?.inWords ?? []).map(({ question, answer }) => `${question}: ${answer}`);
}

/** One line naming the lead, for chat messages and the queue's subject column. */
export function leadHeadline(event: LeadEvent): string {
  const { kind, reference, service } = event.data;
  if (kind === "application") return `New job application ${reference}`;
  return service ? `New enquiry ${reference} about ${service.name}` : `New enquiry ${reference}`;
}

// Slack reads &, < and > as markup in message text.
function slackText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The HTTP request one delivery makes: JSON body and headers, shaped for the receiver. */
export function webhookRequest(
  url: string,
  event: LeadEvent,
  { id, secret, now }: { id: string; secret: string | undefined; now: Date },
): { body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const kind = webhookKind(url);
  const link = event.data.url;
  if (kind === "slack") {
    const lines = detailLines(event).map((line) => `\n• ${slackText(line)}`);
    const body = {
      text: `${slackText(leadHeadline(event))}: <${link}|open it in the staff workspace>${lines.join("")}`,
    };
    return { body: JSON.stringify(body), headers };
  }
  if (kind === "teams") {
    const facts = [{ title: "Reference", value: event.data.reference }];
    if (event.data.service) facts.push({ title: "Service", value: event.data.service.name });
    for (const { question, answer } of event.data.details?.inWords ?? []) {
      facts.push({ title: question, value: answer });
    }
    const body = {
      type: "message",
      attachments: [
        {
          contentType: "application/vnd.microsoft.card.adaptive",
          contentUrl: null,
          content: {
            $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
            type: "AdaptiveCard",
            version: "1.4",
            body: [
              { type: "TextBlock", text: leadHeadline(event), weight: "Bolder", size: "Medium", wrap: true },
              { type: "FactSet", facts },
            ],
            actions: [{ type: "Action.OpenUrl", title: "Open in the staff workspace", url: link }],
          },
        },
      ],
    };
    return { body: JSON.stringify(body), headers };
  }
  if (!secret) throw new Error("WEBHOOK_SECRET is not set, so this webhook cannot be signed");
  // Standard Webhooks: the same webhook-id on every attempt, so the receiver can drop a repeat;
  // the timestamp is this attempt's, and the signature covers id, timestamp and body.
  const body = JSON.stringify(event);
  const signature = new Webhook(secret).sign(id, now, body);
  return {
    body,
    headers: {
      ...headers,
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signature,
    },
  };
}

export type WebhookDelivery = { url: string; event: LeadEvent; id: string; signal: AbortSignal };
export type SendWebhook = (delivery: WebhookDelivery) => Promise<void>;

/**
 * The only code that posts webhooks; the delivery queue is its only caller. Any answer but 2xx
 * is a failed attempt (the queue retries it); redirects are not followed.
 */
export function createSendWebhook({ secret }: { secret: string | undefined }): SendWebhook {
  return async ({ url, event, id, signal }) => {
    const { body, headers } = webhookRequest(url, event, { id, secret, now: new Date() });
    const response = await fetch(url, { method: "POST", headers, body, redirect: "manual", signal });
    await response.body?.cancel().catch(() => {});
    if (response.status < 200 || response.status > 299) {
      throw new Error(`The webhook receiver answered HTTP ${response.status}`);
    }
  };
}
