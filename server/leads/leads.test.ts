import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { site } from "#core/config/site.ts";
import { readResultToken } from "#core/forms/result-token.server.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  postEnquiry,
  postgresUrl,
  samples,
  startHarness,
  TestSmtp,
  TestWebhookReceiver,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { decryptNiNumber } from "./protect.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];

async function count(h: Harness, table: string, where = "1 = 1", params: (string | number)[] = []) {
  const [row] = await h.services.db.all<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`,
    params,
  );
  return Number(row?.n ?? 0);
}

/** Counts a reference's rows over a connection of its own, which sees only committed data. */
async function committedRows(h: Harness, table: string, reference: string): Promise<number> {
  const sql = `SELECT COUNT(*) AS n FROM ${table} WHERE reference = `;
  if (h.dialect === "sqlite") {
    const other = new DatabaseSync(h.store.databaseUrl, { readOnly: true });
    try {
      return Number(other.prepare(`${sql}?`).get(reference)?.n);
    } finally {
      other.close();
    }
  }
  const other = new pg.Client({ connectionString: postgresUrl, options: `-c search_path=${h.store.schema}` });
  await other.connect();
  try {
    return Number((await other.query(`${sql}$1`, [reference])).rows[0]?.n);
  } finally {
    await other.end();
  }
}

/** Makes every insert into the outbox fail, as a full disk or a broken table would. */
async function breakOutbox(h: Harness): Promise<void> {
  if (h.dialect === "sqlite") {
    await h.services.db.exec(
      "CREATE TRIGGER outbox_down BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox unavailable'); END",
    );
    return;
  }
  await h.services.db.exec(
    `CREATE FUNCTION outbox_down() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$;
     CREATE TRIGGER outbox_down BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_down();`,
  );
}

function referenceIn(message: string): string {
  const match = /(ENQ|APP)-[0-9A-Z]{6}/.exec(message);
  if (!match) throw new Error(`No reference in: ${message}`);
  return match[0];
}

describe.each(dialects)("lead capture on %s", (dialect) => {
  const smtp = new TestSmtp();
  let h: Harness;

  beforeAll(async () => {
    await smtp.start();
    h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Cottonopolis Facilities <website@cottonopolis.example>",
      ENQUIRIES_TO: "sales@cottonopolis.example",
      APPLICATIONS_TO: "jobs@cottonopolis.example",
    });
  });
  afterAll(async () => {
    await h?.close();
    await smtp.stop();
  });
  afterEach(() => {
    smtp.messages = [];
  });

  it("stores an enquiry and e-mails the company and the visitor, both quoting the reference", async () => {
    // "Zoe" and a combining diaeresis: stored, and mailed, as the one character "ë" (NFC).
    const enquiry = validEnquiry({ firstName: "Zoe\u0308" });
    const response = await postEnquiry(h.url, enquiry, { "User-Agent": "integration-test" });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { success: boolean; message: string };
    expect(reply.success).toBe(true);
    const reference = referenceIn(reply.message);
    expect(reply.message).toContain("within 24 hours");
    // Committed before the reply: another connection sees the enquiry and its two e-mails at once.
    expect(await committedRows(h, "enquiries", reference)).toBe(1);
    expect(await committedRows(h, "outbox", reference)).toBe(2);

    const [row] = await h.services.db.all<Record<string, unknown>>(
      "SELECT * FROM enquiries WHERE reference = ?",
      [reference],
    );
    expect(row).toMatchObject({
      first_name: "Zoë",
      email: enquiry.email,
      message: enquiry.message,
      status: "new",
    });
    expect(row?.user_agent).toBe("integration-test");
    expect(String(row?.ip_hash)).not.toContain("127.0.0.1");
    expect(String(row?.ip_hash)).toMatch(/^[\w-]{32}$/);
    // The address is kept nowhere, only its salted hash: not in the row, not in the rate limit's keys.
    expect(JSON.stringify(row)).not.toContain("127.0.0.1");
    const keys = await h.services.db.all<{ key: string }>("SELECT key FROM rate_limits");
    expect(keys.map((k) => k.key)).toContain(`contact:${row?.ip_hash}`);
    expect(keys.every((k) => !k.key.includes("127.0.0.1"))).toBe(true);

    const mails = await smtp.waitFor(2);
    const notification = mails.find((m) => m.envelopeTo.includes("sales@cottonopolis.example"));
    const acknowledgement = mails.find((m) => m.envelopeTo.includes(String(enquiry.email)));
    expect(notification?.parsed.subject).toBe(`New enquiry ${reference} from Zoë Khan`);
    expect(notification?.parsed.replyTo?.text).toContain(String(enquiry.email));
    expect(notification?.parsed.text).toContain(String(enquiry.message));
    expect(notification?.parsed.text).toContain("Professional cleaning");
    expect(notification?.parsed.from?.text).toContain("website@cottonopolis.example");
    expect(acknowledgement?.parsed.subject).toBe(`We have your enquiry (${reference})`);
    expect(acknowledgement?.parsed.text).toContain("within 24 hours");
    expect(acknowledgement?.parsed.text).toContain(reference);
    await expect.poll(() => count(h, "outbox", "reference = ? AND status = 'sent'", [reference])).toBe(2);

    // Delivered, the messages' words are gone from the outbox: the lead alone holds them.
    const sent = await h.services.db.all<Record<string, unknown>>(
      "SELECT subject, body, reply_to FROM outbox WHERE reference = ?",
      [reference],
    );
    for (const outboxRow of sent) {
      const kept = JSON.stringify(outboxRow);
      for (const personal of ["Zoë", "Khan", String(enquiry.email), String(enquiry.message).slice(0, 20)]) {
        expect(kept).not.toContain(personal);
      }
    }
    // Each delivery is on the lead's timeline.
    expect(await count(h, "audit_log", "reference = ? AND action = 'mail-sent'", [reference])).toBe(2);
  });

  it("stores an application with its documents, NI number encrypted, and mails the CV as an attachment", async () => {
    const fields = applicationFields({ niNumber: "ab 12 34 56 c" });
    const form = applicationForm(fields, [
      { field: "resume", name: 'C:\\Users\\tom\\..\\My "CV"\r\n.pdf', content: samples.pdf },
      { field: "otherDocuments", name: "SIA licence.png", content: samples.png },
    ]);
    const response = await postApplication(h.url, form);
    const reply = (await response.json()) as {
      success: boolean;
      message: string;
      receipt?: { reference: string; email: string; page?: string };
    };
    expect(response.status).toBe(200);
    expect(reply.success).toBe(true);
    const reference = referenceIn(reply.message);
    // The confirmation's receipt: the reference, where the acknowledgement went, and the applicant's own
    // page, by the link their e-mail carries.
    expect(reply.receipt).toMatchObject({ reference, email: fields.email });
    expect(reply.receipt?.page).toMatch(/^\/your-application\?link=/);
    expect(await committedRows(h, "applications", reference)).toBe(1);
    expect(await committedRows(h, "outbox", reference)).toBe(2);

    const [row] = await h.services.db.all<Record<string, unknown>>(
      "SELECT * FROM applications WHERE reference = ?",
      [reference],
    );
    expect(row).toMatchObject({
      first_name: "Tomasz",
      has_car: "yes",
      has_uk_licence: "no",
      right_to_work: "yes",
    });
    const stored = String(row?.ni_number_encrypted);
    expect(stored).not.toContain("AB123456C");
    expect(decryptNiNumber(stored, h.services.secrets.niKey)).toBe("AB123456C");

    const docs = await h.services.db.all<{
      field: string;
      file_name: string;
      content: Uint8Array;
      size: number;
    }>("SELECT field, file_name, content, size FROM documents WHERE application_id = ? ORDER BY id", [
      Number(row?.id),
    ]);
    expect(docs.map((d) => d.field)).toEqual(["resume", "otherDocuments"]);
    const cvName = docs[0]?.file_name ?? "";
    // Reduced to a display name: no folders, quotes or line breaks, the extension kept.
    expect(cvName).toMatch(/^My .*CV.*\.pdf$/);
    expect(cvName).not.toMatch(/[\\/"\r\n]|Users|\.\./);
    expect(docs[1]?.file_name).toBe("SIA licence.png");
    expect(Buffer.from(docs[0]?.content ?? []).equals(samples.pdf)).toBe(true);

    const mails = await smtp.waitFor(2);
    const notification = mails.find((m) => m.envelopeTo.includes("jobs@cottonopolis.example"));
    expect(notification?.parsed.subject).toBe(`New job application ${reference} from Tomasz Nowak`);
    expect(notification?.parsed.replyTo?.text).toContain(fields.email);
    expect(notification?.parsed.text).toContain("AB •• •• •• C");
    expect(notification?.raw).not.toContain("AB123456C");
    expect(notification?.raw).not.toMatch(/12 ?34 ?56/);
    const attachments = notification?.parsed.attachments ?? [];
    expect(attachments.map((a) => a.filename)).toEqual([cvName, "SIA licence.png"]);
    expect(attachments[0]?.content.equals(samples.pdf)).toBe(true);
    expect(attachments[1]?.contentType).toBe("image/png");
    const acknowledgement = mails.find((m) => m.envelopeTo.includes(fields.email ?? ""));
    expect(acknowledgement?.parsed.text).toContain(reference);
    expect(acknowledgement?.parsed.attachments).toHaveLength(0);
  });

  it("accepts a valid NI number in lower case with spaces and refuses HMRC's example QQ 12 34 56 C", async () => {
    const good = await postApplication(
      h.url,
      applicationForm(applicationFields({ niNumber: "ce 98 76 54 a" })),
    );
    expect(good.status).toBe(200);
    const bad = await postApplication(
      h.url,
      applicationForm(applicationFields({ niNumber: "QQ 12 34 56 C" })),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/valid National Insurance number/);
  });

  it("refuses a renamed executable and an image posing as a PDF, storing nothing", async () => {
    const before = await count(h, "applications");
    for (const content of [samples.exe, samples.png]) {
      const response = await postApplication(
        h.url,
        applicationForm(applicationFields(), [{ field: "resume", name: "cv.pdf", content }]),
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /does not look like a real PDF/,
      );
    }
    expect(await count(h, "applications")).toBe(before);
  });

  it("refuses a file one byte over the form's stated limit (5 MB) with 413 and accepts one of exactly that", async () => {
    // The limit the careers form shows is the one the server enforces.
    const limit = site.limits.maxUploadMb * 1024 * 1024;
    const pdfOf = (size: number) =>
      Buffer.concat([samples.pdf, Buffer.alloc(size - samples.pdf.length, 0x20)]);
    const before = await count(h, "documents");
    const tooBig = await postApplication(
      h.url,
      applicationForm(applicationFields(), [{ field: "resume", name: "cv.pdf", content: pdfOf(limit + 1) }]),
    );
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toMatch(/larger than 5MB/);
    expect(await count(h, "documents")).toBe(before);
    const justRight = await postApplication(
      h.url,
      applicationForm(applicationFields(), [{ field: "resume", name: "cv.pdf", content: pdfOf(limit) }]),
    );
    expect(justRight.status).toBe(200);
  });

  it("stores a double submit once: same Idempotency-Key, or the same content again", async () => {
    const enquiry = validEnquiry();
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      postEnquiry(h.url, enquiry, { "Idempotency-Key": key }),
      postEnquiry(h.url, enquiry, { "Idempotency-Key": key }),
    ]);
    const first = referenceIn(((await a.json()) as { message: string }).message);
    const second = referenceIn(((await b.json()) as { message: string }).message);
    expect(second).toBe(first);
    // A browser retry without the header, moments later, with the same content.
    const again = await postEnquiry(h.url, enquiry);
    expect(referenceIn(((await again.json()) as { message: string }).message)).toBe(first);
    expect(await count(h, "enquiries", "message = ?", [String(enquiry.message)])).toBe(1);
    expect(await count(h, "outbox", "reference = ?", [first])).toBe(2);

    const form = () => applicationForm(applicationFields({ email: "same.person@example.com" }));
    const appKey = crypto.randomUUID();
    const replies = await Promise.all([
      postApplication(h.url, form(), { "Idempotency-Key": appKey }),
      postApplication(h.url, form(), { "Idempotency-Key": appKey }),
    ]);
    const refs = await Promise.all(
      replies.map(async (r) => referenceIn(((await r.json()) as { message: string }).message)),
    );
    expect(refs[1]).toBe(refs[0]);
    expect(await count(h, "applications", "email = ?", ["same.person@example.com"])).toBe(1);
  });

  it("accepts posts from the site itself: its own host, or its public address behind a proxy", async () => {
    const own = await postEnquiry(h.url, validEnquiry(), { Origin: h.url, "Sec-Fetch-Site": "same-origin" });
    expect(own.status).toBe(200);
    const proxied = await postEnquiry(h.url, validEnquiry(), { Origin: new URL(site.siteUrl).origin });
    expect(proxied.status).toBe(200);
  });

  it("takes a filled honeypot with a success-looking reply, stores it as spam and sends nothing", async () => {
    const response = await postEnquiry(h.url, validEnquiry({ website: "https://spam.example" }));
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { success: boolean; message: string };
    expect(reply.success).toBe(true);
    const reference = referenceIn(reply.message);
    expect(await count(h, "enquiries", "reference = ? AND status = 'spam'", [reference])).toBe(1);
    expect(await count(h, "outbox", "reference = ?", [reference])).toBe(0);

    const form = applicationForm(applicationFields({ website: "buy now" }));
    const app = await postApplication(h.url, form);
    const appReference = referenceIn(((await app.json()) as { message: string }).message);
    expect(await count(h, "applications", "reference = ? AND status = 'spam'", [appReference])).toBe(1);
    expect(await count(h, "outbox", "reference = ?", [appReference])).toBe(0);
  });

  it("answers a post made without JavaScript with a 303 back to the page and a signed result", async () => {
    const body = new URLSearchParams({ ...(validEnquiry() as Record<string, string>), website: "" });
    const response = await fetch(`${h.url}/contact-handler.php`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "text/html,application/xhtml+xml",
        "Sec-Fetch-Mode": "navigate",
      },
      body,
    });
    expect(response.status).toBe(303);
    const location = new URL(String(response.headers.get("location")), h.url);
    expect(location.pathname).toBe("/contact");
    expect(location.hash).toBe("#contact-form");
    const result = readResultToken(
      location.searchParams.get("result") ?? "",
      "contact",
      h.services.secrets.resultSecret,
    );
    expect(result?.type).toBe("success");
    expect(result?.message).toMatch(/Your reference is ENQ-/);
    // A forged or edited token shows nothing.
    expect(
      readResultToken(`${location.searchParams.get("result")}x`, "contact", h.services.secrets.resultSecret),
    ).toBeNull();

    // The careers form without JavaScript sends the empty optional file input too.
    const form = applicationForm(applicationFields(), [
      { field: "resume", name: "cv.pdf", content: samples.pdf },
      { field: "otherDocuments", name: "", content: Buffer.alloc(0) },
    ]);
    form.append("website", "");
    const careers = await fetch(`${h.url}/careers-handler.php`, {
      method: "POST",
      redirect: "manual",
      headers: { Accept: "text/html", "Sec-Fetch-Mode": "navigate" },
      body: form,
    });
    expect(careers.status).toBe(303);
    const careersLocation = new URL(String(careers.headers.get("location")), h.url);
    expect(careersLocation.hash).toBe("#application-form");
    const careersResult = readResultToken(
      careersLocation.searchParams.get("result") ?? "",
      "careers",
      h.services.secrets.resultSecret,
    );
    expect(careersResult?.message).toMatch(/Your reference is APP-/);

    // A refused post comes back as the form's page instead: refused-form.test.ts.
  });
});

describe.each(dialects)("what the server logs on %s", (dialect) => {
  it("logs each submission by reference, never what the visitor wrote or their NI number", async () => {
    const h = await startHarness(dialect);
    try {
      const enquiry = validEnquiry({
        firstName: "Philippa",
        email: "philippa.logcheck@example.co.uk",
        phone: "0161 496 0123",
        message: "Our private message about the Salford office",
      });
      const stored = await postEnquiry(h.url, enquiry);
      const enquiryReference = referenceIn(((await stored.json()) as { message: string }).message);
      const fields = applicationFields({ niNumber: "ce 98 76 54 a", address: "7 Secret Lane, Manchester" });
      const applied = await postApplication(h.url, applicationForm(fields));
      const applicationReference = referenceIn(((await applied.json()) as { message: string }).message);
      const refused = await postApplication(
        h.url,
        applicationForm(applicationFields({ niNumber: "QQ 12 34 56 C", email: "refused@example.com" })),
      );
      expect(refused.status).toBe(400);

      const logged = JSON.stringify(h.logs);
      expect(h.logs).toContainEqual(
        expect.objectContaining({ level: "info", reference: enquiryReference, msg: "submission stored" }),
      );
      expect(h.logs).toContainEqual(
        expect.objectContaining({ level: "info", reference: applicationReference, msg: "submission stored" }),
      );
      for (const secret of [
        "Philippa",
        "philippa.logcheck",
        "496 0123",
        "Salford office",
        "Tomasz",
        String(fields.email),
        "Secret Lane",
        "07700",
        "CE987654A",
        "ce 98 76 54 a",
        "QQ 12 34 56 C",
        "QQ123456C",
        "refused@example.com",
        "Tomasz Nowak CV",
      ]) {
        expect(logged).not.toContain(secret);
      }
    } finally {
      await h.close();
    }
  });
});

describe.each(dialects)("one transaction on %s", (dialect) => {
  it("stores nothing and answers 500 when the e-mails cannot be queued with the submission", async () => {
    const h = await startHarness(dialect);
    try {
      await breakOutbox(h);
      const enquiry = validEnquiry({ message: "Please quote for a deep clean of our Ancoats unit" });
      const response = await postEnquiry(h.url, enquiry);
      expect(response.status).toBe(500);
      const reply = (await response.json()) as { success: boolean; message: string };
      expect(reply.success).toBe(false);
      expect(reply.message).toMatch(/your message was not saved/);
      expect(reply.message).not.toMatch(/outbox|Error:/);
      expect(await count(h, "enquiries")).toBe(0);
      expect(await count(h, "applications")).toBe(0);
      const application = await postApplication(h.url, applicationForm());
      expect(application.status).toBe(500);
      expect(await count(h, "applications")).toBe(0);
      expect(await count(h, "documents")).toBe(0);
      expect(h.logs).toContainEqual(
        expect.objectContaining({ level: "error", form: "contact", msg: "submission failed" }),
      );
      expect(JSON.stringify(h.logs)).not.toContain("deep clean");

      // The same enquiry goes through once the outbox takes rows again.
      await h.services.db.exec(
        dialect === "postgres" ? "DROP TRIGGER outbox_down ON outbox" : "DROP TRIGGER outbox_down",
      );
      expect((await postEnquiry(h.url, enquiry)).status).toBe(200);
      expect(await count(h, "enquiries")).toBe(1);
    } finally {
      await h.close();
    }
  });
});

describe.each(dialects)("the outbox on %s", (dialect) => {
  it("keeps mail while the SMTP server is down and delivers it once it is back", async () => {
    const smtp = new TestSmtp();
    // Down: it turns every connection away, keeping its port so that no other server takes it meanwhile.
    smtp.refusing = true;
    await smtp.start();
    const h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OUTBOX_RETRY_BASE_MS: "100",
    });
    try {
      const response = await postEnquiry(h.url, validEnquiry());
      expect(response.status).toBe(200);
      const reference = referenceIn(((await response.json()) as { message: string }).message);
      await expect
        .poll(() =>
          count(h, "outbox", "reference = ? AND attempts >= 1 AND last_error IS NOT NULL", [reference]),
        )
        .toBe(2);
      expect(await count(h, "outbox", "reference = ? AND status = 'sent'", [reference])).toBe(0);
      smtp.refusing = false;
      const mails = await smtp.waitFor(2, 15_000);
      expect(mails.map((m) => m.parsed.subject).join(" ")).toContain(reference);
      await expect.poll(() => count(h, "outbox", "reference = ? AND status = 'sent'", [reference])).toBe(2);
    } finally {
      await h.close();
      await smtp.stop();
    }
  });

  it("with an SMTP server slower than the lease to answer DATA, sends each message once, under one Message-ID", async () => {
    const smtp = new TestSmtp();
    // The first copy of each message is answered only after the whole lease has run out.
    smtp.answerDelayMs = (_mail, copies) => (copies === 1 ? 2500 : 0);
    await smtp.start();
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Cottonopolis Facilities <website@cottonopolis.example>",
      OUTBOX_LEASE_MS: "2000",
      OUTBOX_RETRY_BASE_MS: "100",
    };
    // Two processes on one database: neither may send a message the other still holds.
    const first = await startHarness(dialect, env);
    const second = await startHarness(dialect, env, { sharing: first });
    try {
      const references: string[] = [];
      for (const h of [first, second, first]) {
        const response = await postEnquiry(h.url, validEnquiry());
        references.push(referenceIn(((await response.json()) as { message: string }).message));
      }
      await expect
        .poll(() => count(first, "outbox", "status = 'sent'"), { timeout: 20_000 })
        .toBe(references.length * 2);
      const rows = await first.services.db.all<{ message_id: string; attempts: number }>(
        "SELECT message_id, attempts FROM outbox",
      );
      // The first attempt gave up (the socket timeout is a sixth of the lease) and a later one succeeded.
      expect(rows.every((row) => Number(row.attempts) >= 2)).toBe(true);

      // Whatever copies the server kept, each message is one Message-ID: the mailbox shows it once.
      const ids = rows.map((row) => `<${row.message_id}@cottonopolis.example>`).sort();
      expect([...new Set(smtp.messages.map((m) => m.parsed.messageId))].sort()).toEqual(ids);
      for (const id of ids) {
        const copies = smtp.messages.filter((m) => m.parsed.messageId === id);
        expect(new Set(copies.map((m) => `${m.parsed.subject}\n${m.parsed.text}`)).size).toBe(1);
        // Never two sends of one message at once: each copy came after the last one's connection closed.
        for (let i = 1; i < copies.length; i++) {
          const previous = copies[i - 1] as (typeof copies)[number];
          expect(smtp.closedAt.get(previous.session)).toBeLessThanOrEqual(
            (copies[i] as (typeof copies)[number]).receivedAt,
          );
        }
      }
      // One "mail sent" per message across both processes.
      const sent = [...first.logs, ...second.logs].filter((l) => l.msg === "mail sent");
      expect(sent).toHaveLength(rows.length);
    } finally {
      await second.close();
      await first.close();
      await smtp.stop();
    }
  }, 30_000);

  it("gives up after the last attempt, keeping the error, while the submission stays stored", async () => {
    const smtp = new TestSmtp();
    await smtp.start();
    await smtp.stop();
    const h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OUTBOX_RETRY_BASE_MS: "50",
      OUTBOX_MAX_ATTEMPTS: "2",
    });
    try {
      const response = await postEnquiry(h.url, validEnquiry());
      const reference = referenceIn(((await response.json()) as { message: string }).message);
      await expect.poll(() => count(h, "outbox", "reference = ? AND status = 'failed'", [reference])).toBe(2);
      const rows = await h.services.db.all<{ attempts: number; last_error: string }>(
        "SELECT attempts, last_error FROM outbox WHERE reference = ?",
        [reference],
      );
      expect(rows.every((r) => Number(r.attempts) === 2 && /ECONNREFUSED|connect/i.test(r.last_error))).toBe(
        true,
      );
      expect(await count(h, "enquiries", "reference = ?", [reference])).toBe(1);
      expect(h.logs.filter((l) => l.level === "warn" && l.reference === reference)).toHaveLength(2);
      expect(h.logs).toContainEqual(
        expect.objectContaining({
          level: "warn",
          reference,
          attempts: 2,
          msg: "mail failed for good; the submission is safe in the database",
        }),
      );
    } finally {
      await h.close();
    }
  });

  it("with no SMTP server configured, accepts submissions and keeps their mail queued", async () => {
    const h = await startHarness(dialect);
    try {
      const response = await postEnquiry(h.url, validEnquiry());
      expect(response.status).toBe(200);
      const reference = referenceIn(((await response.json()) as { message: string }).message);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(
        await count(h, "outbox", "reference = ? AND status = 'queued' AND attempts = 0", [reference]),
      ).toBe(2);
      // Said once at start, and again for each submission whose mail now waits.
      expect(h.logs).toContainEqual(
        expect.objectContaining({
          level: "warn",
          msg: "no SMTP server configured: e-mails stay queued in the outbox until one is",
        }),
      );
      expect(h.logs).toContainEqual(
        expect.objectContaining({
          level: "info",
          reference,
          msg: "mail queued; no SMTP server configured yet",
        }),
      );
    } finally {
      await h.close();
    }
  });
});

describe.each(dialects)("the rate limit on %s", (dialect) => {
  it("answers 429 with Retry-After once an address has used its allowance, per endpoint", async () => {
    const h = await startHarness(dialect, { CONTACT_RATE_LIMIT: "3", CAREERS_RATE_LIMIT: "1" });
    try {
      for (let i = 0; i < 3; i++) expect((await postEnquiry(h.url, validEnquiry())).status).toBe(200);
      const limited = await postEnquiry(h.url, validEnquiry());
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await limited.json()) as { success: boolean }).success).toBe(false);
      expect(await count(h, "enquiries")).toBe(3);
      // The other endpoint keeps its own count.
      expect((await postApplication(h.url, applicationForm())).status).toBe(200);
      expect((await postApplication(h.url, applicationForm())).status).toBe(429);
    } finally {
      await h.close();
    }
  });

  it("lets exactly the allowance through when sixty posts arrive at once", async () => {
    const h = await startHarness(dialect, { CONTACT_RATE_LIMIT: "20" });
    try {
      const replies = await Promise.all(Array.from({ length: 60 }, () => postEnquiry(h.url, validEnquiry())));
      const statuses = replies.map((reply) => reply.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(20);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40);
      expect(await count(h, "enquiries")).toBe(20);
    } finally {
      await h.close();
    }
  });

  it("answers a repeat with the first reference while the allowance lasts; a repeat uses it too", async () => {
    const h = await startHarness(dialect, { CONTACT_RATE_LIMIT: "2" });
    try {
      const enquiry = validEnquiry();
      const key = crypto.randomUUID();
      const first = await postEnquiry(h.url, enquiry, { "Idempotency-Key": key });
      const again = await postEnquiry(h.url, enquiry, { "Idempotency-Key": key });
      const message = async (r: Response) => ((await r.json()) as { message: string }).message;
      expect(referenceIn(await message(again))).toBe(referenceIn(await message(first)));
      expect((await postEnquiry(h.url, enquiry, { "Idempotency-Key": key })).status).toBe(429);
      expect(await count(h, "enquiries")).toBe(1);
    } finally {
      await h.close();
    }
  });

  it("is shared through the database by every server process", async () => {
    const first = await startHarness(dialect, { CONTACT_RATE_LIMIT: "2" });
    const second = await startHarness(dialect, { CONTACT_RATE_LIMIT: "2" }, { sharing: first });
    try {
      expect((await postEnquiry(first.url, validEnquiry())).status).toBe(200);
      expect((await postEnquiry(second.url, validEnquiry())).status).toBe(200);
      // Each process has seen one request; together they have used the allowance.
      expect((await postEnquiry(first.url, validEnquiry())).status).toBe(429);
      expect((await postEnquiry(second.url, validEnquiry())).status).toBe(429);
      expect(await count(first, "enquiries")).toBe(2);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe.each(dialects)("webhooks on %s", (dialect) => {
  it("retries a refused webhook with backoff under the same webhook-id until the receiver takes it", async () => {
    const receiver = new TestWebhookReceiver();
    receiver.answer = () => (receiver.received.length === 1 ? 500 : 204);
    await receiver.start();
    const h = await startHarness(dialect, {
      WEBHOOK_URLS: receiver.url("/leads"),
      WEBHOOK_SECRET: receiver.secret,
      OUTBOX_RETRY_BASE_MS: "100",
    });
    try {
      const response = await postEnquiry(h.url, validEnquiry());
      const reference = referenceIn(((await response.json()) as { message: string }).message);
      await expect.poll(() => count(h, "outbox", "channel = 'webhook' AND status = 'sent'")).toBe(1);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received.every((d) => d.verified)).toBe(true);
      const [first, second] = receiver.received;
      expect(second?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
      expect(Number(second?.headers["webhook-timestamp"])).toBeGreaterThanOrEqual(
        Number(first?.headers["webhook-timestamp"]),
      );
      const [row] = await h.services.db.all<Record<string, unknown>>(
        "SELECT reference, purpose, to_address, subject, attempts, message_id, last_error FROM outbox WHERE channel = 'webhook'",
      );
      expect(row).toMatchObject({
        reference,
        purpose: "notification",
        to_address: `http://127.0.0.1:${receiver.port}/…`,
        subject: `New enquiry ${reference} about Professional cleaning`,
        message_id: first?.headers["webhook-id"],
        last_error: null,
      });
      expect(Number(row?.attempts)).toBe(2);
    } finally {
      await h.close();
      await receiver.stop();
    }
  }, 20_000);

  it("marks a webhook failed for good after the last attempt, and the workspace's Send again sends it", async () => {
    const receiver = new TestWebhookReceiver();
    let down = true;
    receiver.answer = () => (down ? 503 : 204);
    await receiver.start();
    const h = await startHarness(dialect, {
      WEBHOOK_URLS: receiver.url("/leads"),
      WEBHOOK_SECRET: receiver.secret,
      OUTBOX_RETRY_BASE_MS: "50",
      OUTBOX_MAX_ATTEMPTS: "2",
    });
    try {
      const response = await postApplication(h.url, applicationForm());
      const reference = referenceIn(((await response.json()) as { message: string }).message);
      await expect.poll(() => count(h, "outbox", "channel = 'webhook' AND status = 'failed'")).toBe(1);
      const [row] = await h.services.db.all<{ id: number; last_error: string; attempts: number }>(
        "SELECT id, last_error, attempts FROM outbox WHERE channel = 'webhook'",
      );
      expect(row?.last_error).toBe("The webhook receiver answered HTTP 503");
      expect(Number(row?.attempts)).toBe(2);
      expect(h.logs).toContainEqual(
        expect.objectContaining({
          level: "warn",
          reference,
          channel: "webhook",
          msg: "webhook failed for good; the submission is safe in the database",
        }),
      );
      // The staff workspace's "Send again": queued at once with its attempts reset, and sent.
      down = false;
      const { workspace } = h.services.app;
      const { staffId } = await workspace.invite({ email: "sam.ali@cottonopolis.example", name: "Sam Ali" });
      const me = {
        id: staffId,
        email: "sam.ali@cottonopolis.example",
        name: "Sam Ali",
        isAdmin: false,
        sessionHash: "",
        confirmedAt: Date.now(),
      };
      expect(await workspace.inbox.retryMail(reference, Number(row?.id), me)).toEqual({
        ok: true,
        value: null,
      });
      const [queued] = await h.services.db.all<{ status: string; attempts: number }>(
        "SELECT status, attempts FROM outbox WHERE id = ?",
        [Number(row?.id)],
      );
      expect(queued?.status === "queued" || queued?.status === "sending" || queued?.status === "sent").toBe(
        true,
      );
      await expect.poll(() => count(h, "outbox", "channel = 'webhook' AND status = 'sent'")).toBe(1);
      expect(receiver.received.at(-1)?.headers["webhook-id"]).toBe(
        receiver.received[0]?.headers["webhook-id"],
      );
      // Only a failed message can be sent again.
      expect(await workspace.inbox.retryMail(reference, Number(row?.id), me)).toMatchObject({ ok: false });
    } finally {
      await h.close();
      await receiver.stop();
    }
  }, 20_000);
});

describe.each(dialects)("/readyz on %s", (dialect) => {
  it("reports the delivery backlog and the age of the oldest waiting message", async () => {
    const h = await startHarness(dialect);
    try {
      const empty = await fetch(`${h.url}/readyz`);
      expect(empty.status).toBe(200);
      expect(await empty.json()).toEqual({
        status: "ready",
        database: "ok",
        outbox: { waiting: 0, oldestWaitingSeconds: null, failed: 0 },
      });
      await postEnquiry(h.url, validEnquiry());
      // No SMTP server here: both e-mails wait.
      await h.services.db.run("UPDATE outbox SET created_at = created_at - 90000");
      const waiting = (await (await fetch(`${h.url}/readyz`)).json()) as {
        outbox: { waiting: number; oldestWaitingSeconds: number };
      };
      expect(waiting.outbox.waiting).toBe(2);
      expect(waiting.outbox.oldestWaitingSeconds).toBeGreaterThanOrEqual(90);
      expect(waiting.outbox.oldestWaitingSeconds).toBeLessThan(120);
    } finally {
      await h.close();
    }
  });
});

describe.each(dialects)("the rate limit by network on %s", (dialect) => {
  it("counts every address of one IPv6 /64 together, and another /64 apart", async () => {
    const h = await startHarness(dialect, { CONTACT_RATE_LIMIT: "2" }, { trustProxy: true });
    try {
      const from = (ip: string) => postEnquiry(h.url, validEnquiry(), { "X-Forwarded-For": ip });
      expect((await from("2001:db8:1:2::1")).status).toBe(200);
      expect((await from("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).status).toBe(200);
      // A third address in the same /64 has nothing left.
      expect((await from("2001:db8:1:2::ffff")).status).toBe(429);
      expect((await from("2001:db8:1:3::1")).status).toBe(200);
      expect((await from("203.0.113.7")).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});

describe("many large applications at once", () => {
  it("stores every one of ten 5 MB applications sent together, some waiting their turn for memory", async () => {
    const h = await startHarness("sqlite");
    try {
      const limit = site.limits.maxUploadMb * 1024 * 1024;
      const cv = Buffer.concat([samples.pdf, Buffer.alloc(limit - samples.pdf.length, 0x20)]);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          postApplication(
            h.url,
            applicationForm(applicationFields(), [{ field: "resume", name: "cv.pdf", content: cv }]),
          ),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(await count(h, "documents", "size = ?", [limit])).toBe(10);
    } finally {
      await h.close();
    }
  }, 60_000);
});
