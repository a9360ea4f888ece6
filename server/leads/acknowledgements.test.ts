// The acknowledgement e-mails go to whatever address a visitor typed, so they must not carry a
// stranger's words, nor go to one mailbox more than a few times a day. Through the real endpoints to a
// real SMTP server, on both databases.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  postEnquiry,
  startHarness,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { greeting } from "../delivery/emails.ts";
import { acknowledgementsPerDay, mailboxKey } from "./acknowledgements.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];
const enquiriesTo = "sales@cottonopolis.example";

describe("greeting", () => {
  it("greets by a first name that looks like one", () => {
    expect(greeting("Aisha")).toBe("Dear Aisha,");
    expect(greeting("  Zoë  ")).toBe("Dear Zoë,");
    expect(greeting("Jean-Luc")).toBe("Dear Jean-Luc,");
    expect(greeting("Siobhán O'Neill")).toBe("Dear Siobhán O'Neill,");
    expect(greeting("D’Arcy")).toBe("Dear D’Arcy,");
    expect(greeting("Mary Anne Louise")).toBe("Dear Mary Anne Louise,");
    expect(greeting("Łukasz")).toBe("Dear Łukasz,");
  });

  it('says "Hello," to anything else', () => {
    for (const name of [
      "https://cheap.example",
      "Visit cheap.example",
      "a".repeat(41),
      "Win a prize now",
      "Call 0800 123",
      "<b>Jo</b>",
      "-Jo",
      "",
    ]) {
      expect(greeting(name)).toBe("Hello,");
    }
  });
});

describe("mailboxKey", () => {
  it("is one mailbox whatever the case, a +tag or dots in the local part, at any domain", () => {
    const one = mailboxKey("jo.bloggs@example.com");
    expect(mailboxKey("Jo.Bloggs@EXAMPLE.com")).toBe(one);
    expect(mailboxKey("jo.bloggs+offer@example.com")).toBe(one);
    // Dots are folded everywhere: two spellings never buy two budgets.
    expect(mailboxKey("jobloggs@example.com")).toBe(one);
    expect(mailboxKey("jo.bloggs@example.org")).not.toBe(one);
    expect(mailboxKey("joe.bloggs@example.com")).not.toBe(one);
    expect(mailboxKey("j.o.bloggs+1@googlemail.com")).toBe(mailboxKey("jobloggs@gmail.com"));
    expect(one).not.toContain("jo");
  });
});

function referenceIn(message: string): string {
  const match = /(ENQ|APP)-[0-9A-Z]{6}/.exec(message);
  if (!match) throw new Error(`No reference in: ${message}`);
  return match[0];
}

function uniqueAddress(): string {
  return `visitor.${randomBytes(4).toString("hex")}@example.org`;
}

describe.each(dialects)("acknowledgements on %s", (dialect) => {
  const smtp = new TestSmtp();
  let h: Harness;

  beforeAll(async () => {
    await smtp.start();
    h = await startHarness(dialect, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ENQUIRIES_TO: enquiriesTo });
  });
  afterAll(async () => {
    await h?.close();
    await smtp.stop();
  });
  afterEach(() => {
    smtp.messages = [];
  });

  async function send(fields: Record<string, unknown>): Promise<string> {
    const response = await postEnquiry(h.url, validEnquiry(fields));
    expect(response.status).toBe(200);
    return referenceIn(((await response.json()) as { message: string }).message);
  }

  /** What the outbox queued for a lead, by purpose. */
  async function queued(reference: string): Promise<string[]> {
    const rows = await h.services.db.all<{ purpose: string }>(
      "SELECT purpose FROM outbox WHERE reference = ? AND channel = 'email' ORDER BY id",
      [reference],
    );
    return rows.map((row) => row.purpose);
  }

  /** Waits until every e-mail queued so far has been delivered. */
  async function allSent(): Promise<void> {
    await expect
      .poll(
        async () =>
          Number(
            (
              await h.services.db.all<{ n: number }>(
                "SELECT COUNT(*) AS n FROM outbox WHERE channel = 'email' AND status <> 'sent'",
              )
            )[0]?.n,
          ),
        { timeout: 10_000 },
      )
      .toBe(0);
  }

  const to = (address: string) => smtp.messages.filter((mail) => mail.envelopeTo.includes(address));

  it('greets a first name that is a link, or 100 characters long, with "Hello,"', async () => {
    const linked = uniqueAddress();
    const long = uniqueAddress();
    const plain = uniqueAddress();
    await send({ firstName: "https://cheap-pills.example/buy", email: linked });
    await send({ firstName: "Click here ".repeat(10).slice(0, 100), email: long });
    await send({ firstName: "Siobhán", email: plain });
    await smtp.waitFor(6);
    for (const address of [linked, long]) {
      const [acknowledgement] = to(address);
      expect(acknowledgement?.parsed.text?.startsWith("Hello,\n")).toBe(true);
      expect(acknowledgement?.parsed.text).not.toMatch(/cheap-pills|Click here/);
    }
    expect(to(plain)[0]?.parsed.text?.startsWith("Dear Siobhán,\n")).toBe(true);
    // The company's copy shows the name as it was sent.
    const notifications = to(enquiriesTo).map((mail) => mail.parsed.text ?? "");
    expect(notifications.some((text) => text.includes("https://cheap-pills.example/buy"))).toBe(true);
  });

  it("quotes none of the message, nor a link in it", async () => {
    const address = uniqueAddress();
    const message = "Cheap watches at https://watches.example/now and www.replicas.example — buy today";
    await send({ email: address, message, company: "https://company.example" });
    await smtp.waitFor(2);
    const [acknowledgement] = to(address);
    const text = `${acknowledgement?.parsed.subject} ${acknowledgement?.parsed.text}`;
    expect(text).not.toMatch(/watches|replicas|company\.example|buy today/);
    expect(text).not.toMatch(/https?:\/\/(?!www\.cottonopolis)/);
    expect(to(enquiriesTo)[0]?.parsed.text).toContain(message);
  });

  it(`acknowledges one mailbox at most ${acknowledgementsPerDay} times a day; the company still hears of every enquiry`, async () => {
    const address = uniqueAddress();
    const references = [];
    for (let i = 0; i < acknowledgementsPerDay; i++) references.push(await send({ email: address }));
    // The same mailbox spelled another way.
    const fourth = await send({ email: address.toUpperCase().replace("@", "+again@") });
    expect(await queued(references[0] ?? "")).toEqual(["notification", "acknowledgement"]);
    expect(await queued(fourth)).toEqual(["notification"]);
    await allSent();
    expect(to(address)).toHaveLength(acknowledgementsPerDay);
    expect(to(enquiriesTo)).toHaveLength(acknowledgementsPerDay + 1);
    expect(to(enquiriesTo).some((mail) => mail.parsed.subject?.includes(fourth))).toBe(true);

    // An application to the same mailbox counts too.
    const response = await postApplication(h.url, applicationForm(applicationFields({ email: address })));
    expect(response.status).toBe(200);
    expect(await queued(referenceIn(((await response.json()) as { message: string }).message))).toEqual([
      "notification",
    ]);
  });

  it("holds to the cap when many enquiries from one address arrive at once", async () => {
    const address = uniqueAddress();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => postEnquiry(h.url, validEnquiry({ email: address }))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    const rows = await h.services.db.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM outbox WHERE purpose = 'acknowledgement' AND to_address = ?",
      [address],
    );
    expect(Number(rows[0]?.n)).toBe(acknowledgementsPerDay);
  });

  it("acknowledges again once a day has passed", async () => {
    const address = uniqueAddress();
    for (let i = 0; i < acknowledgementsPerDay; i++) await send({ email: address });
    // A day on: the mailbox's acknowledgements are moved back, as the clock would have moved on.
    await h.services.db.run(
      "UPDATE acknowledged_mailboxes SET sent_at = ?, last_sent_at = ? WHERE mailbox = ?",
      [String(Date.now() - 25 * 60 * 60 * 1000), Date.now() - 25 * 60 * 60 * 1000, mailboxKey(address)],
    );
    expect(await queued(await send({ email: address }))).toEqual(["notification", "acknowledgement"]);
  });

  it("queues nothing at all for spam: no acknowledgement, no notification", async () => {
    const address = uniqueAddress();
    const reference = await send({ email: address, website: "https://spam.example" });
    expect(await queued(reference)).toEqual([]);
    const [row] = await h.services.db.all<{ status: string }>(
      "SELECT status FROM enquiries WHERE reference = ?",
      [reference],
    );
    expect(row?.status).toBe("spam");
    // Nor does spam use up the mailbox's share.
    expect(await queued(await send({ email: address }))).toEqual(["notification", "acknowledgement"]);
  });
});
