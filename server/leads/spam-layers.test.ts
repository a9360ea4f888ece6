import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFormToken, issueFormToken } from "#core/forms/form-token.server.ts";
import { formTokenField, minimumFormSeconds } from "#core/forms/form-token.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  postEnquiry,
  startHarness,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { getLead } from "../workspace/inbox/commands.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];

function referenceIn(message: string): string {
  const match = /(ENQ|APP)-[0-9A-Z]{6}/.exec(message);
  if (!match) throw new Error(`No reference in: ${message}`);
  return match[0];
}

describe.each(dialects)("the spam layers on %s", (dialect) => {
  let h: Harness;
  const secret = () => h.services.secrets.resultSecret;
  // A token as the page would have carried it, served this long ago.
  const servedAgo = (form: "contact" | "careers", ms: number) =>
    issueFormToken(form, secret(), Date.now() - ms);

  beforeAll(async () => {
    h = await startHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function sendEnquiry(extra: Record<string, string>) {
    const response = await postEnquiry(h.url, { ...validEnquiry(), ...extra });
    const reply = (await response.json()) as { success: boolean; message: string };
    expect(response.status).toBe(200);
    expect(reply.success).toBe(true);
    const reference = referenceIn(reply.message);
    const [row] = await h.services.db.all<{
      status: string;
      spam_signal: string | null;
      form_age_ms: unknown;
    }>("SELECT status, spam_signal, form_age_ms FROM enquiries WHERE reference = ?", [reference]);
    return { reference, row };
  }

  it("keeps and answers a bare JSON enquiry, the specification's contract, marked as sent without a token", async () => {
    const { reference, row } = await sendEnquiry({});
    expect(row).toMatchObject({ status: "new", spam_signal: "no-token", form_age_ms: null });
    // Still in the inbox, with its note, and on its own page.
    const page = await h.services.app.workspace.inbox.list({});
    expect(page.rows.find((lead) => lead.reference === reference)).toMatchObject({
      status: "new",
      spamSignal: "no-token",
    });
    const outbox = await h.services.db.all("SELECT purpose FROM outbox WHERE reference = ?", [reference]);
    expect(outbox.length).toBe(2);
  });

  it("marks a form sent within seconds of its page as too fast, and keeps it", async () => {
    const { reference, row } = await sendEnquiry({ [formTokenField]: servedAgo("contact", 1000) });
    expect(row).toMatchObject({ status: "new", spam_signal: "too-fast" });
    expect(Number(row?.form_age_ms)).toBeGreaterThanOrEqual(1000);
    expect(Number(row?.form_age_ms)).toBeLessThan(minimumFormSeconds * 1000);
    const lead = await getLead(h.services.db, h.services.secrets.niKey, reference);
    expect(lead).toMatchObject({ status: "new", spamSignal: "too-fast" });
  });

  it("does not mark a form sent at a person's pace", async () => {
    const { row } = await sendEnquiry({ [formTokenField]: servedAgo("contact", 45_000) });
    expect(row).toMatchObject({ status: "new", spam_signal: null });
    expect(Number(row?.form_age_ms)).toBeGreaterThanOrEqual(45_000);
  });

  it("marks a token the server did not sign, or signed for the other form", async () => {
    const good = servedAgo("contact", 45_000);
    const forged = `${good.slice(0, -2)}${good.endsWith("AA") ? "BB" : "AA"}`;
    expect((await sendEnquiry({ [formTokenField]: forged })).row?.spam_signal).toBe("bad-token");
    expect((await sendEnquiry({ [formTokenField]: servedAgo("careers", 45_000) })).row?.spam_signal).toBe(
      "bad-token",
    );
    expect((await sendEnquiry({ [formTokenField]: "not a token" })).row?.spam_signal).toBe("bad-token");
  });

  it("sends a honeypot catch to Spam, named as the honeypot's", async () => {
    const { row } = await sendEnquiry({
      website: "http://spam.example",
      [formTokenField]: servedAgo("contact", 1),
    });
    expect(row).toMatchObject({ status: "spam", spam_signal: "honeypot" });
  });

  it("reads the token from an application's multipart form as from the no-JavaScript post", async () => {
    const post = async (fields: Record<string, string>) => {
      const response = await postApplication(h.url, applicationForm(applicationFields(fields)));
      expect(response.status).toBe(200);
      const reference = referenceIn(((await response.json()) as { message: string }).message);
      const [row] = await h.services.db.all<{ status: string; spam_signal: string | null }>(
        "SELECT status, spam_signal FROM applications WHERE reference = ?",
        [reference],
      );
      return row;
    };
    expect(await post({ [formTokenField]: servedAgo("careers", 60_000) })).toEqual({
      status: "new",
      spam_signal: null,
    });
    expect(await post({})).toEqual({ status: "new", spam_signal: "no-token" });
    expect(await post({ [formTokenField]: servedAgo("careers", 0) })).toEqual({
      status: "new",
      spam_signal: "too-fast",
    });
  });

  it("counts what each layer caught in the last seven days, and nothing older", async () => {
    const before = await h.services.app.workspace.inbox.spamCaught();
    await sendEnquiry({});
    await sendEnquiry({ [formTokenField]: servedAgo("contact", 0) });
    const { reference } = await sendEnquiry({ website: "bot" });
    await sendEnquiry({ [formTokenField]: servedAgo("contact", 30_000) });
    const after = await h.services.app.workspace.inbox.spamCaught();
    expect(after).toEqual({
      honeypot: before.honeypot + 1,
      "too-fast": before["too-fast"] + 1,
      "no-token": before["no-token"] + 1,
      "bad-token": before["bad-token"],
    });
    // Eight days old: out of the week's counts.
    await h.services.db.run("UPDATE enquiries SET created_at = ? WHERE reference = ?", [
      Date.now() - 8 * 24 * 60 * 60 * 1000,
      reference,
    ]);
    expect((await h.services.app.workspace.inbox.spamCaught()).honeypot).toBe(before.honeypot);
  });

  it("hands a form reached within the site a token of its own, and refuses an unknown form", async () => {
    const response = await fetch(`${h.url}/api/form-token?form=careers`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { token } = (await response.json()) as { token: string };
    expect(checkFormToken(token, "careers", secret(), Date.now() + 10_000)).toMatchObject({
      spamSignal: null,
    });
    expect((await fetch(`${h.url}/api/form-token?form=other`)).status).toBe(400);
  });
});
