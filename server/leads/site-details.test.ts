import { randomBytes } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { quoteFieldName } from "#core/forms/quote-fields.ts";
import {
  type Dialect,
  type Harness,
  postEnquiry,
  startHarness,
  TestSmtp,
  TestWebhookReceiver,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { readZip } from "../../tests/support/read-zip.ts";
import { personArchive } from "../lifecycle/person-archive.ts";
import { invite } from "../workspace/team.ts";
import type { StaffMember } from "../workspace/workspace.ts";

/**
 * The answers to a service's questions (core/config/quote-questions.ts), from the post to every place
 * staff and the person read them: stored as structured values, and shown in words on the lead's page,
 * in the staff e-mail, the webhook, the CSV export and the access ZIP, markup always as text.
 */

const dialects: Dialect[] = ["sqlite", "postgres"];

function referenceIn(message: string): string {
  const match = /ENQ-[0-9A-Z]{6}/.exec(message);
  if (!match) throw new Error(`No reference in: ${message}`);
  return match[0];
}

type Event = { data: { reference: string; details: unknown } };

const markup = '<img src=x onerror="alert(1)"> & nights';

describe.each(dialects)("a quote request's site details on %s", (dialect) => {
  const smtp = new TestSmtp();
  const receiver = new TestWebhookReceiver();
  let h: Harness;
  let me: StaffMember;

  beforeAll(async () => {
    await smtp.start();
    await receiver.start();
    h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Cottonopolis Facilities <website@cottonopolis.example>",
      ENQUIRIES_TO: "sales@cottonopolis.example",
      APPLICATIONS_TO: "jobs@cottonopolis.example",
      WEBHOOK_URLS: receiver.url("/leads"),
      WEBHOOK_SECRET: receiver.secret,
      PUBLIC_URL: "https://www.cottonopolis.example",
    });
    const email = `priya.${randomBytes(3).toString("hex")}@cottonopolis.example`;
    const { staffId } = await invite(h.services.db, { email, name: "Priya Shah" }, Date.now());
    me = { id: staffId, email, name: "Priya Shah", isAdmin: false, sessionHash: "", confirmedAt: Date.now() };
  });
  afterAll(async () => {
    await h?.close();
    await smtp.stop();
    await receiver.stop();
  });

  /** The webhook announcing a lead, once it has arrived. */
  async function webhookFor(reference: string) {
    const find = () =>
      receiver.received.find((delivery) => (delivery.body as Event).data.reference === reference);
    await expect.poll(find).toBeDefined();
    const delivery = find();
    if (!delivery) throw new Error(`No webhook for ${reference}`);
    return delivery;
  }

  it("are stored as structured values and shown in words in all five outputs, markup as text", async () => {
    const email = `dev.${randomBytes(3).toString("hex")}@example.co.uk`;
    const response = await postEnquiry(
      h.url,
      validEnquiry({
        email,
        service: "security",
        details: { officers: 4, hours: markup, licence: "door-supervision", premises: "ignored" },
      }),
    );
    expect(response.status).toBe(200);
    const reference = referenceIn(((await response.json()) as { message: string }).message);

    const [row] = await h.services.db.all<{ site_details: string }>(
      "SELECT site_details FROM enquiries WHERE reference = ?",
      [reference],
    );
    expect(JSON.parse(row?.site_details ?? "null")).toEqual({
      officers: 4,
      hours: markup,
      licence: "door-supervision",
    });
    const words = [
      { question: "Number of officers", answer: "4 officers" },
      { question: "Hours and days", answer: markup },
      { question: "SIA licence type needed", answer: "Door supervision" },
    ];

    // The lead's page.
    const lead = await h.services.app.workspace.inbox.open(reference, me);
    expect(lead?.kind === "enquiry" && lead.siteDetails).toEqual(JSON.parse(row?.site_details ?? ""));

    // The staff e-mail, plain text.
    const mails = await smtp.waitFor(2);
    const notification = mails.find((mail) => mail.envelopeTo.includes("sales@cottonopolis.example"));
    expect(notification?.parsed.text).toContain(
      ["Site details:", ...words.map(({ question, answer }) => `${question}: ${answer}`)].join("\n"),
    );
    expect(notification?.parsed.html).toBeFalsy();

    // The webhook: the values and the words.
    const delivery = await webhookFor(reference);
    expect(delivery.verified).toBe(true);
    expect((delivery.body as Event).data.details).toEqual({
      values: { officers: 4, hours: markup, licence: "door-supervision" },
      inWords: words,
    });

    // The CSV export: one column, formulas neutralised like every other.
    const { csv } = await h.services.app.workspace.inbox.export({ q: reference }, me);
    const [record] = parse(csv.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    expect(record?.["Site details"]).toBe(
      `Number of officers: 4 officers; Hours and days: ${markup}; SIA licence type needed: Door supervision`,
    );

    // The access ZIP's records.
    const archive = await personArchive(h.services.db, email, {
      niKey: h.services.secrets.niKey,
      now: Date.now(),
      staffId: me.id,
    });
    if (!archive) throw new Error("No archive");
    const files = await readZip(Buffer.from(await new Response(archive.body).arrayBuffer()));
    const records = JSON.parse(files.get("records.json")?.toString() ?? "{}");
    expect(records.enquiries[0].aboutYourSite).toEqual(
      Object.fromEntries(words.map(({ question, answer }) => [question, answer])),
    );
  });

  it("neutralise a formula in an answer in the CSV export", async () => {
    const response = await postEnquiry(
      h.url,
      validEnquiry({ service: "cleaning", details: { hours: '=HYPERLINK("https://evil.example")' } }),
    );
    const reference = referenceIn(((await response.json()) as { message: string }).message);
    const { csv } = await h.services.app.workspace.inbox.export({ q: reference }, me);
    const [record] = parse(csv.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    // The cell starts with the question, so nothing in it can be read as a formula.
    expect(record?.["Site details"]).toBe('Preferred hours: =HYPERLINK("https://evil.example")');
  });

  it("store nothing when none is answered, and the webhook is as it always was", async () => {
    const response = await postEnquiry(h.url, validEnquiry({ service: "cleaning" }));
    const reference = referenceIn(((await response.json()) as { message: string }).message);
    const [row] = await h.services.db.all<{ site_details: string | null }>(
      "SELECT site_details FROM enquiries WHERE reference = ?",
      [reference],
    );
    expect(row?.site_details).toBeNull();
    expect((await webhookFor(reference)).body as Event).not.toHaveProperty("data.details");
  });

  it("refuse a bad answer with 400, naming the question, and store nothing", async () => {
    const before = await h.services.db.all("SELECT reference FROM enquiries");
    const response = await postEnquiry(
      h.url,
      validEnquiry({ service: "security", details: { officers: 0 } }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      message: "Number of officers must be a whole number from 1 to 500.",
      errors: {
        [quoteFieldName("security", "officers")]: "Number of officers must be a whole number from 1 to 500.",
      },
    });
    const notObject = await postEnquiry(h.url, validEnquiry({ details: "lots" }));
    expect(notObject.status).toBe(400);
    expect(await h.services.db.all("SELECT reference FROM enquiries")).toHaveLength(before.length);
  });

  it("take the form posted without JavaScript: the chosen service's answers only, a bad one by its field", async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${h.url}/contact-handler.php`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams(fields),
      });
    const base = Object.fromEntries(
      Object.entries(validEnquiry({ service: "steward" })).map(([key, value]) => [key, String(value)]),
    );
    const good = await post({
      ...base,
      website: "",
      [quoteFieldName("steward", "date")]: "2026-08-15",
      [quoteFieldName("steward", "attendance")]: "2500",
      [quoteFieldName("security", "officers")]: "not this service's",
    });
    expect(good.status).toBe(200);
    const reference = referenceIn(((await good.json()) as { message: string }).message);
    const [row] = await h.services.db.all<{ site_details: string }>(
      "SELECT site_details FROM enquiries WHERE reference = ?",
      [reference],
    );
    expect(JSON.parse(row?.site_details ?? "null")).toEqual({ date: "2026-08-15", attendance: 2500 });

    const bad = await post({ ...base, [quoteFieldName("steward", "date")]: "2026-02-30" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({
      [quoteFieldName("steward", "date")]:
        "Event date must be a real date, such as 14 May 2026 (2026-05-14).",
    });
  });

  it("read the page's time token from the X-Form-Token header, and still from an older page's body", async () => {
    const token = () => issueFormToken("contact", h.services.secrets.resultSecret, Date.now() - 30_000);
    const signalOf = async (response: Response) => {
      const reference = referenceIn(((await response.json()) as { message: string }).message);
      const [row] = await h.services.db.all<{ spam_signal: string | null }>(
        "SELECT spam_signal FROM enquiries WHERE reference = ?",
        [reference],
      );
      return row?.spam_signal;
    };
    expect(await signalOf(await postEnquiry(h.url, validEnquiry(), { "X-Form-Token": token() }))).toBeNull();
    expect(await signalOf(await postEnquiry(h.url, validEnquiry({ formToken: token() })))).toBeNull();
    expect(await signalOf(await postEnquiry(h.url, validEnquiry(), { "X-Form-Token": "forged.token" }))).toBe(
      "bad-token",
    );
    expect(await signalOf(await postEnquiry(h.url, validEnquiry()))).toBe("no-token");
  });
});
