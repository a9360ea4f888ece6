import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { describeEvent } from "#core/leads/model.ts";
import { type Clamd, createClamd, eicarPdf, eicarSignature } from "../../tests/support/clamd.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  samples,
  startHarness,
  TestSmtp,
} from "../../tests/support/harness.ts";
import { invite } from "../workspace/team.ts";
import type { StaffMember } from "../workspace/workspace.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];

type File = { field: string; name: string; content: Buffer; type: string };
const cleanCv: File = {
  field: "resume",
  name: "Tomasz Nowak CV.pdf",
  content: samples.pdf,
  type: "application/pdf",
};
const infectedCv: File = {
  field: "resume",
  name: "Tomasz Nowak CV.pdf",
  content: eicarPdf,
  type: "application/pdf",
};
const licence: File = {
  field: "otherDocuments",
  name: "SIA licence.png",
  content: samples.png,
  type: "image/png",
};

async function apply(h: Harness, files: File[]): Promise<{ reference: string; email: string }> {
  const fields = applicationFields();
  const response = await postApplication(h.url, applicationForm(fields, files));
  expect(response.status).toBe(200);
  const { message } = (await response.json()) as { message: string };
  const reference = /APP-[0-9A-Z]{6}/.exec(message)?.[0];
  if (!reference) throw new Error(`No reference in: ${message}`);
  return { reference, email: fields.email ?? "" };
}

async function documents(h: Harness, reference: string) {
  return h.services.db.all<{
    id: number;
    field: string;
    scan_status: string;
    scan_result: string | null;
    content: Uint8Array;
  }>(
    `SELECT d.id, d.field, d.scan_status, d.scan_result, d.content FROM documents d
     JOIN applications a ON a.id = d.application_id WHERE a.reference = ? ORDER BY d.id`,
    [reference],
  );
}

async function notificationState(h: Harness, reference: string) {
  const [row] = await h.services.db.all<{ status: string; attempts: number }>(
    "SELECT status, attempts FROM outbox WHERE reference = ? AND purpose = 'notification' AND channel = 'email'",
    [reference],
  );
  return row ? { status: row.status, attempts: Number(row.attempts) } : null;
}

async function staffMember(h: Harness): Promise<StaffMember> {
  const email = `priya.${randomBytes(3).toString("hex")}@cottonopolis.example`;
  const { staffId } = await invite(h.services.db, { email, name: "Priya Shah" }, Date.now());
  return { id: staffId, email, name: "Priya Shah", isAdmin: false, sessionHash: "", confirmedAt: Date.now() };
}

const mailEnv = (smtp: TestSmtp) => ({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  APPLICATIONS_TO: "jobs@cottonopolis.example",
});

describe.each(dialects)("virus scanning of uploads on %s", (dialect) => {
  const smtp = new TestSmtp();
  let clamd: Clamd;
  let h: Harness;
  let me: StaffMember;

  beforeAll(async () => {
    clamd = createClamd();
    await clamd.start();
    await smtp.start();
    h = await startHarness(dialect, { ...mailEnv(smtp), CLAMD_SOCKET: clamd.socket });
    me = await staffMember(h);
  });
  afterAll(async () => {
    await h?.close();
    await smtp.stop();
    await clamd?.close();
  });
  afterEach(() => {
    smtp.messages = [];
  });

  it("removes an infected CV, keeps the application, says so on the timeline and mails the rest", async () => {
    const { reference } = await apply(h, [infectedCv, licence]);
    // Stored before any scan, and waiting for it.
    expect((await documents(h, reference)).map((d) => d.scan_status)).toEqual(["pending", "pending"]);

    expect(await h.services.scanning.runOnce()).toBe(2);
    const [cv, other] = await documents(h, reference);
    expect(cv).toMatchObject({ field: "resume", scan_status: "infected", scan_result: eicarSignature });
    expect(cv?.content.length).toBe(0);
    expect(other?.scan_status).toBe("clean");

    const lead = await h.services.app.workspace.inbox.open(reference, me);
    expect(lead?.status).toBe("new");
    const docs = lead?.kind === "application" ? lead.documents : [];
    expect(docs.map((d) => [d.fileName, d.scan, d.scanResult])).toEqual([
      ["Tomasz Nowak CV.pdf", "infected", eicarSignature],
      ["SIA licence.png", "clean", null],
    ]);
    const removal = lead?.timeline.find((event) => event.action === "document-infected");
    expect(removal).toBeDefined();
    expect(describeEvent("document-infected", `resume: ${eicarSignature}`)).toBe(
      `CV removed: the virus scanner found ${eicarSignature} in it`,
    );
    const download = await h.services.app.workspace.inbox.downloadDocument(reference, Number(cv?.id), me);
    expect(download).toMatchObject({ ok: false, problem: expect.stringContaining("removed") });

    const mails = await smtp.waitFor(2);
    const notification = mails.find((m) => m.envelopeTo.includes("jobs@cottonopolis.example"));
    expect(notification?.parsed.attachments.map((a) => a.filename)).toEqual(["SIA licence.png"]);
    expect(notification?.parsed.text).toContain("The virus scanner removed one of the files");
    expect(notification?.parsed.text).toContain(`Tomasz Nowak CV.pdf (found: ${eicarSignature})`);
    expect(notification?.raw).not.toContain("EICAR");
  });

  it("marks a clean PDF clean, attaches it and lets staff download it", async () => {
    const { reference } = await apply(h, [cleanCv]);
    expect(await h.services.scanning.runOnce()).toBe(1);
    const [cv] = await documents(h, reference);
    expect(cv?.scan_status).toBe("clean");
    const mails = await smtp.waitFor(2);
    const notification = mails.find((m) => m.envelopeTo.includes("jobs@cottonopolis.example"));
    expect(notification?.parsed.attachments[0]?.content.equals(samples.pdf)).toBe(true);
    expect(notification?.parsed.text).not.toContain("virus scanner");
    const download = await h.services.app.workspace.inbox.downloadDocument(reference, Number(cv?.id), me);
    expect(download?.ok && download.value.content.equals(samples.pdf)).toBe(true);
  });
});

describe.each(dialects)("uploads while the virus scanner is unreachable on %s", (dialect) => {
  const smtp = new TestSmtp();
  let clamd: Clamd;
  let h: Harness;

  beforeAll(async () => {
    // Configured, but not running yet.
    clamd = createClamd();
    await smtp.start();
    h = await startHarness(dialect, { ...mailEnv(smtp), CLAMD_SOCKET: clamd.socket });
  });
  afterAll(async () => {
    await h?.close();
    await smtp.stop();
    await clamd?.close();
  });

  it("keeps files waiting, unattached and not downloadable, then scans them when it is back", async () => {
    const me = await staffMember(h);
    const { reference, email } = await apply(h, [cleanCv]);
    expect(await h.services.scanning.runOnce()).toBe(0);
    const [cv] = await documents(h, reference);
    expect(cv?.scan_status).toBe("pending");
    expect(
      h.logs.some((line) => line.msg === "virus scanner unreachable; uploaded documents wait for it"),
    ).toBe(true);

    // The acknowledgement goes; the notification, whose attachment is not yet scanned, waits untried.
    await smtp.waitFor(1);
    await h.services.delivery.runOnce();
    expect(smtp.messages.map((m) => m.envelopeTo)).toEqual([[email]]);
    expect(await notificationState(h, reference)).toEqual({ status: "queued", attempts: 0 });

    const lead = await h.services.app.workspace.inbox.open(reference, me);
    const docs = lead?.kind === "application" ? lead.documents : [];
    expect(docs.map((d) => d.scan)).toEqual(["pending"]);
    const download = await h.services.app.workspace.inbox.downloadDocument(reference, Number(cv?.id), me);
    expect(download).toMatchObject({ ok: false, problem: expect.stringContaining("not yet been scanned") });

    await clamd.start();
    expect(await h.services.scanning.runOnce()).toBe(1);
    expect((await documents(h, reference))[0]?.scan_status).toBe("clean");
    const mails = await smtp.waitFor(2);
    const notification = mails.find((m) => m.envelopeTo.includes("jobs@cottonopolis.example"));
    expect(notification?.parsed.attachments.map((a) => a.filename)).toEqual(["Tomasz Nowak CV.pdf"]);
  });
});

describe.each(dialects)("uploads with no virus scanner configured on %s", (dialect) => {
  const smtp = new TestSmtp();
  let h: Harness;

  beforeAll(async () => {
    await smtp.start();
    h = await startHarness(dialect, mailEnv(smtp));
  });
  afterAll(async () => {
    await h?.close();
    await smtp.stop();
  });

  it("marks files not scanned, attaches them and lets staff download them", async () => {
    const me = await staffMember(h);
    const { reference } = await apply(h, [cleanCv]);
    expect(h.services.scanning.enabled).toBe(false);
    const [cv] = await documents(h, reference);
    expect(cv?.scan_status).toBe("not-scanned");
    const mails = await smtp.waitFor(2);
    const notification = mails.find((m) => m.envelopeTo.includes("jobs@cottonopolis.example"));
    expect(notification?.parsed.attachments.map((a) => a.filename)).toEqual(["Tomasz Nowak CV.pdf"]);
    const lead = await h.services.app.workspace.inbox.open(reference, me);
    expect(lead?.kind === "application" ? lead.documents.map((d) => d.scan) : []).toEqual(["not-scanned"]);
    const download = await h.services.app.workspace.inbox.downloadDocument(reference, Number(cv?.id), me);
    expect(download?.ok).toBe(true);
  });

  it("lets documents left waiting by a scanner since removed go on, marked not scanned", async () => {
    const { reference } = await apply(h, [cleanCv]);
    await h.services.db.run(
      "UPDATE documents SET scan_status = 'pending' WHERE application_id = (SELECT id FROM applications WHERE reference = ?)",
      [reference],
    );
    expect(await h.services.scanning.runOnce()).toBe(1);
    expect((await documents(h, reference))[0]?.scan_status).toBe("not-scanned");
  });
});
