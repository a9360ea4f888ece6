import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { leadEvent, webhookKind, webhookRequest, webhookTarget } from "./webhooks.ts";

const enquiry = leadEvent(
  { reference: "ENQ-7K3Q9M", kind: "enquiry", service: { id: "cleaning", name: "Professional cleaning" } },
  "https://www.cottonopolis.example",
  Date.UTC(2026, 0, 5, 9, 30),
);
const secret = `whsec_${Buffer.alloc(32, 3).toString("base64")}`;
const now = new Date(Date.UTC(2026, 0, 5, 9, 31));

describe("webhookKind", () => {
  it.each([
    ["https://hooks.slack.com/services/T000/B000/XXXX", "slack"],
    ["https://contoso.webhook.office.com/webhookb2/abc/IncomingWebhook/def", "teams"],
    ["https://prod-12.uksouth.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke", "teams"],
    ["https://default123.environment.api.powerplatform.com/powerautomate/automations/direct/abc", "teams"],
    ["https://eu.powerautomate.com/hooks/abc", "teams"],
    ["https://crm.example.com/hooks/leads", "standard"],
    ["https://hooks.slack.com.evil.example/x", "standard"],
  ])("%s is %s", (url, kind) => {
    expect(webhookKind(url)).toBe(kind);
  });
});

describe("webhookRequest", () => {
  it("signs other receivers' JSON per Standard Webhooks, verifiable with the secret", () => {
    const { body, headers } = webhookRequest("https://crm.example.com/hooks", enquiry, {
      id: "abc-123",
      secret,
      now,
    });
    expect(JSON.parse(body)).toEqual({
      type: "lead.received",
      timestamp: "2026-01-05T09:30:00.000Z",
      data: {
        reference: "ENQ-7K3Q9M",
        kind: "enquiry",
        service: { id: "cleaning", name: "Professional cleaning" },
        url: "https://www.cottonopolis.example/staff/leads/ENQ-7K3Q9M",
      },
    });
    expect(headers).toMatchObject({
      "webhook-id": "abc-123",
      "webhook-timestamp": String(now.getTime() / 1000),
    });
    const verify = () => new Webhook(secret).verify(body, headers);
    // The library refuses old timestamps, so check at the time it was signed.
    const realNow = Date.now;
    Date.now = () => now.getTime();
    try {
      expect(verify()).toEqual(JSON.parse(body));
      expect(() => new Webhook(secret).verify(body.replace("ENQ-7K3Q9M", "ENQ-222222"), headers)).toThrow();
    } finally {
      Date.now = realNow;
    }
  });

  it("gives Slack a text message with the link", () => {
    const { body, headers } = webhookRequest("https://hooks.slack.com/services/T/B/x", enquiry, {
      id: "i",
      secret,
      now,
    });
    expect(JSON.parse(body)).toEqual({
      text: "New enquiry ENQ-7K3Q9M about Professional cleaning: <https://www.cottonopolis.example/staff/leads/ENQ-7K3Q9M|open it in the staff workspace>",
    });
    expect(headers["webhook-signature"]).toBeUndefined();
  });

  it("gives Teams an Adaptive Card with the reference, service and a button to the lead", () => {
    const application = leadEvent(
      { reference: "APP-2345AB", kind: "application", service: null },
      "https://x.example",
      0,
    );
    const { body } = webhookRequest("https://contoso.webhook.office.com/webhookb2/a", application, {
      id: "i",
      secret: undefined,
      now,
    });
    const card = JSON.parse(body).attachments[0];
    expect(card.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(card.content.body[0].text).toBe("New job application APP-2345AB");
    expect(card.content.body[1].facts).toEqual([{ title: "Reference", value: "APP-2345AB" }]);
    expect(card.content.actions).toEqual([
      {
        type: "Action.OpenUrl",
        title: "Open in the staff workspace",
        url: "https://x.example/staff/leads/APP-2345AB",
      },
    ]);
  });

  it("refuses to send an unsigned webhook to a receiver that expects a signature", () => {
    expect(() =>
      webhookRequest("https://crm.example.com/", enquiry, { id: "i", secret: undefined, now }),
    ).toThrow(/WEBHOOK_SECRET/);
  });
});

describe("webhookTarget", () => {
  it("keeps a stable key and the host for display, never the secret path", () => {
    const target = webhookTarget("https://hooks.slack.com/services/T000/B000/SECRETTOKEN");
    expect(target.key).toBe(webhookTarget("https://hooks.slack.com/services/T000/B000/SECRETTOKEN").key);
    expect(target.key).not.toBe(webhookTarget("https://hooks.slack.com/services/T000/B000/OTHER").key);
    expect(target.display).toBe("https://hooks.slack.com/…");
    expect(JSON.stringify(target)).not.toContain("SECRETTOKEN");
  });
});
