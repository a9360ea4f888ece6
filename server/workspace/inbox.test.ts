import { randomBytes } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEvent } from "#core/leads/model.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  postEnquiry,
  samples,
  startHarness,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { tombstoneOf } from "../tables/tombstones.ts";
import { invite } from "./team.ts";
import { createWorkspace, type StaffMember, type Workspace } from "./workspace.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];

function referenceIn(message: string): string {
  const match = /(ENQ|APP)-[0-9A-Z]{6}/.exec(message);
  if (!match) throw new Error(`No reference in: ${message}`);
  return match[0];
}

/** A word no other test uses, to find just this test's leads. */
function tag(): string {
  return `tag${randomBytes(5).toString("hex")}`;
}

async function enquiry(h: Harness, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await postEnquiry(h.url, validEnquiry(overrides));
  expect(response.status).toBe(200);
  return referenceIn(((await response.json()) as { message: string }).message);
}

async function application(h: Harness, overrides: Record<string, string> = {}): Promise<string> {
  const response = await postApplication(h.url, applicationForm(applicationFields(overrides)));
  expect(response.status).toBe(200);
  return referenceIn(((await response.json()) as { message: string }).message);
}

async function auditRows(h: Harness, reference: string | null, action: string) {
  return h.services.db.all<{ staff_id: number | null; detail: string; created_at: number }>(
    reference === null
      ? "SELECT staff_id, detail, created_at FROM audit_log WHERE reference IS NULL AND action = ? ORDER BY id"
      : "SELECT staff_id, detail, created_at FROM audit_log WHERE reference = ? AND action = ? ORDER BY id",
    reference === null ? [action] : [reference, action],
  );
}

/** A member of staff as the workspace's methods receive them. */
async function staffMember(h: Harness, name: string): Promise<StaffMember> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${randomBytes(3).toString("hex")}@cottonopolis.example`;
  const { staffId } = await invite(h.services.db, { email, name }, Date.now());
  return { id: staffId, email, name, isAdmin: false, sessionHash: "", confirmedAt: Date.now() };
}

describe.each(dialects)("the leads inbox on %s", (dialect) => {
  let h: Harness;
  let workspace: Workspace;
  let me: StaffMember;
  let clock = Date.now();

  beforeAll(async () => {
    h = await startHarness(dialect, { PUBLIC_URL: "https://www.cottonopolis.example" });
    workspace = createWorkspace({
      db: h.services.db,
      niKey: h.services.secrets.niKey,
      ipSalt: h.services.secrets.ipSalt,
      clock: () => clock,
      tombstoneOf: (reference) => tombstoneOf(h.services.db, reference),
    });
    me = await staffMember(h, "Priya Shah");
  });

  afterAll(async () => {
    await h?.close();
  });

  it("finds leads by reference, name, e-mail, phone, company and message, in any case", async () => {
    const word = tag();
    const aisha = await enquiry(h, {
      firstName: "Łucja",
      lastName: "Żak",
      email: `Lucja.Zak.${word}@Example.co.uk`,
      phone: "0161 496 0777",
      company: `Ancoats ${word} Bakery`,
      message: `Evening cleaning for our ${word} kitchen, please.`,
    });
    const tomasz = await application(h, { firstName: "Tomasz", lastName: word, phone: "07700 900321" });

    const find = async (q: string) => (await workspace.inbox.list({ q })).rows.map((row) => row.reference);

    expect(await find(aisha.toLowerCase())).toEqual([aisha]);
    expect(await find(tomasz)).toEqual([tomasz]);
    // Letters beyond A to Z fold too, on both databases.
    expect(await find(`łucja ${word}`)).toEqual([aisha]);
    expect(await find(`ŻAK ${word}`)).toEqual([aisha]);
    expect(await find(`lucja.zak.${word}@example.co.uk`)).toEqual([aisha]);
    expect(await find(`ANCOATS ${word.toUpperCase()} bakery`)).toEqual([aisha]);
    expect(await find(`${word} KITCHEN`)).toEqual([aisha]);
    expect(await find(`tomasz ${word}`)).toEqual([tomasz]);
    // A phone number is found with or without its spaces.
    expect(await find("07700900321")).toContain(tomasz);
    expect(await find("0161 496 0777")).toContain(aisha);
    // Every word must match: these two do not belong to one lead.
    expect(await find(`${word} tomasz kitchen`)).toEqual([]);
    // Pattern characters are taken literally.
    expect(await find(`${word}%`)).toEqual([]);
    expect(await find(`${word.slice(0, 4)}_${word.slice(5)}`)).toEqual([]);
  });

  it("filters by kind, status and service, shows spam only under Spam, and counts each status", async () => {
    const word = tag();
    const cleaning = await enquiry(h, { message: `Office clean ${word}`, service: "cleaning" });
    const security = await enquiry(h, { message: `Guards ${word}`, service: "security" });
    const spam = await enquiry(h, { message: `Cheap pills ${word}`, website: "https://spam.example" });
    const applicant = await application(h, { lastName: word });
    const spamApplicant = await application(h, { lastName: word, website: "buy now" });
    await workspace.inbox.changeStatus(security, "quoted", me);

    const all = await workspace.inbox.list({ q: word });
    expect(new Set(all.rows.map((row) => row.reference))).toEqual(new Set([cleaning, security, applicant]));
    expect(all.total).toBe(3);
    expect(all.open).toBe(3);
    expect(all.counts).toMatchObject({ new: 2, quoted: 1, spam: 2, contacted: 0 });
    expect(all.rows.every((row) => !row.opened)).toBe(true);

    const spamOnly = await workspace.inbox.list({ q: word, status: "spam" });
    expect(new Set(spamOnly.rows.map((row) => row.reference))).toEqual(new Set([spam, spamApplicant]));
    expect(spamOnly.total).toBe(2);

    const enquiries = await workspace.inbox.list({ q: word, kind: "enquiry" });
    expect(new Set(enquiries.rows.map((row) => row.reference))).toEqual(new Set([cleaning, security]));
    expect(enquiries.counts).toMatchObject({ new: 1, quoted: 1, spam: 1 });

    const applications = await workspace.inbox.list({ q: word, kind: "application" });
    expect(applications.rows.map((row) => row.reference)).toEqual([applicant]);
    expect(applications.rows[0]).toMatchObject({ kind: "application", service: "", status: "new" });

    const quoted = await workspace.inbox.list({ q: word, status: "quoted" });
    expect(quoted.rows.map((row) => row.reference)).toEqual([security]);

    const bySecurity = await workspace.inbox.list({ q: word, service: "security" });
    expect(bySecurity.rows.map((row) => row.reference)).toEqual([security]);
    expect(bySecurity.counts).toMatchObject({ quoted: 1, new: 0 });
  });

  it("lists newest first, 50 to a page", async () => {
    const word = tag();
    const references: string[] = [];
    for (let i = 0; i < 53; i++) references.push(await enquiry(h, { message: `Batch ${word} number ${i}` }));
    const first = await workspace.inbox.list({ q: word });
    expect(first).toMatchObject({ total: 53, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(50);
    const second = await workspace.inbox.list({ q: word, page: 2 });
    expect(second.rows).toHaveLength(3);
    const listed = [...first.rows, ...second.rows];
    expect(new Set(listed.map((row) => row.reference))).toEqual(new Set(references));
    for (let i = 1; i < listed.length; i++) {
      expect(listed[i - 1]?.createdAt).toBeGreaterThanOrEqual(listed[i]?.createdAt ?? 0);
    }
    expect((await workspace.inbox.list({ q: word, page: 3 })).rows).toEqual([]);
  });

  it("gives a lead an owner without moving its last activity, which only receipt, status, notes and mail move", async () => {
    const reference = await enquiry(h);
    const before = await h.services.db.all<{ last_activity_at: number }>(
      "SELECT last_activity_at FROM enquiries WHERE reference = ?",
      [reference],
    );
    clock = Date.now() + 60_000;
    const assigned = await workspace.inbox.assign(reference, me.id, me);
    expect(assigned.ok).toBe(true);
    const after = await h.services.db.all<{ owner_id: number; last_activity_at: number }>(
      "SELECT owner_id, last_activity_at FROM enquiries WHERE reference = ?",
      [reference],
    );
    // The lead is kept twelve months from its last activity: an owner alone does not keep it longer.
    expect(Number(after[0]?.owner_id)).toBe(me.id);
    expect(Number(after[0]?.last_activity_at)).toBe(Number(before[0]?.last_activity_at));
  });

  it("changes a status with its time, the lead's last activity and a timeline line, in one transaction", async () => {
    const reference = await enquiry(h);
    clock = Date.now() + 60_000;
    const changed = await workspace.inbox.changeStatus(reference, "contacted", me);
    expect(changed).toEqual({ ok: true, value: { from: "new", to: "contacted" } });
    const [row] = await h.services.db.all<{
      status: string;
      status_changed_at: number;
      last_activity_at: number;
    }>("SELECT status, status_changed_at, last_activity_at FROM enquiries WHERE reference = ?", [reference]);
    expect(row).toEqual({ status: "contacted", status_changed_at: clock, last_activity_at: clock });
    expect(await auditRows(h, reference, "status-changed")).toEqual([
      { staff_id: me.id, detail: "new → contacted", created_at: clock },
    ]);

    // A status an application cannot have, or no lead at all: refused, nothing written.
    expect(await workspace.inbox.changeStatus(reference, "hired", me)).toMatchObject({ ok: false });
    expect(await workspace.inbox.changeStatus("ENQ-222222", "won", me)).toMatchObject({
      ok: false,
      missing: true,
    });

    // When the timeline cannot be written, the status does not change either.
    await breakAuditLog(h);
    try {
      await expect(workspace.inbox.changeStatus(reference, "won", me)).rejects.toThrow(
        /audit log unavailable/,
      );
    } finally {
      await repairAuditLog(h);
    }
    const [after] = await h.services.db.all<{ status: string; status_changed_at: number }>(
      "SELECT status, status_changed_at FROM enquiries WHERE reference = ?",
      [reference],
    );
    expect(after).toEqual({ status: "contacted", status_changed_at: clock });
    expect(await auditRows(h, reference, "status-changed")).toHaveLength(1);
  });

  it("opens a lead once, keeps notes with their author, and shows every field as sent", async () => {
    const word = tag();
    // An address of its own: one address is acknowledged only a few times a day.
    const email = `aisha.${word}@example.co.uk`;
    const reference = await enquiry(h, { company: `Mill ${word}`, service: "warehouse", email });
    clock = Date.now();
    const lead = await workspace.inbox.open(reference, me);
    expect(lead).toMatchObject({
      kind: "enquiry",
      reference,
      firstName: "Aisha",
      lastName: "Khan",
      email,
      phone: "0161 496 0999",
      company: `Mill ${word}`,
      service: "warehouse",
      status: "new",
      openedAt: clock,
    });
    const colleague = await staffMember(h, "Dan Moore");
    await workspace.inbox.open(reference, colleague);
    expect(await auditRows(h, reference, "opened")).toEqual([
      { staff_id: me.id, detail: "", created_at: clock },
    ]);
    expect((await workspace.inbox.list({ q: word })).rows[0]?.opened).toBe(true);

    // The staff notification links to this page, at the site's public address.
    const [notification] = await h.services.db.all<{ body: string }>(
      "SELECT body FROM outbox WHERE reference = ? AND purpose = 'notification'",
      [reference],
    );
    expect(notification?.body).toContain(`https://www.cottonopolis.example/staff/leads/${reference}`);

    clock += 5_000;
    expect(
      await workspace.inbox.addNote(reference, "  Called back; wants a quote.\r\nSend Friday.  ", colleague),
    ).toEqual({ ok: true, value: null });
    expect(await workspace.inbox.addNote(reference, "   ", colleague)).toMatchObject({ ok: false });
    expect(await workspace.inbox.addNote(reference, "x".repeat(5001), colleague)).toMatchObject({
      ok: false,
    });
    const opened = await workspace.inbox.open(reference, me);
    expect(opened?.notes).toEqual([
      {
        id: expect.any(Number),
        author: "Dan Moore",
        body: "Called back; wants a quote.\nSend Friday.",
        createdAt: clock,
      },
    ]);
    expect(opened?.lastActivityAt).toBe(clock);
    expect(opened?.timeline.map((event) => [event.action, event.who])).toEqual([
      ["received", null],
      ["opened", "Priya Shah"],
      ["note-added", "Dan Moore"],
    ]);
    expect(opened?.mails.map((mail) => [mail.purpose, mail.state])).toEqual([
      ["notification", "waiting"],
      ["acknowledgement", "waiting"],
    ]);
    expect(await workspace.inbox.open("ENQ-0000-0000", me)).toBeNull();
    expect(await workspace.inbox.open("APP-222222", me)).toBeNull();
  });

  it("masks the National Insurance number, reveals it on request and records each reveal", async () => {
    const reference = await application(h, { niNumber: "ab 12 34 56 c" });
    const lead = await workspace.inbox.open(reference, me);
    expect(lead?.kind === "application" && lead.niNumberMasked).toBe("AB •• •• •• C");
    expect(JSON.stringify(lead)).not.toContain("123456");

    clock = Date.now();
    expect(await workspace.inbox.revealNiNumber(reference, me)).toEqual({ ok: true, value: "AB 12 34 56 C" });
    await workspace.inbox.revealNiNumber(reference, me);
    expect(await auditRows(h, reference, "ni-revealed")).toHaveLength(2);
    expect(await workspace.inbox.revealNiNumber("ENQ-222222", me)).toMatchObject({
      ok: false,
      missing: true,
    });
  });

  it("records the applicant's agreement to be kept on file, and its withdrawal", async () => {
    const reference = await application(h);
    clock = Date.now() + 1000;
    expect(await workspace.inbox.setKeepConsent(reference, true, me)).toEqual({
      ok: true,
      value: { keepConsentAt: clock },
    });
    const agreedAt = clock;
    clock += 1000;
    // Saving it again keeps the first date.
    expect(await workspace.inbox.setKeepConsent(reference, true, me)).toEqual({
      ok: true,
      value: { keepConsentAt: agreedAt },
    });
    expect(await workspace.inbox.setKeepConsent(reference, false, me)).toEqual({
      ok: true,
      value: { keepConsentAt: null },
    });
    expect(await auditRows(h, reference, "consent-recorded")).toHaveLength(1);
    expect(await auditRows(h, reference, "consent-withdrawn")).toHaveLength(1);
  });

  it("hands a document only for its own lead, and records the download", async () => {
    const response = await postApplication(
      h.url,
      applicationForm(applicationFields(), [
        { field: "resume", name: "Zoë's CV.pdf", content: samples.pdf, type: "application/pdf" },
      ]),
    );
    const reference = referenceIn(((await response.json()) as { message: string }).message);
    const lead = await workspace.inbox.open(reference, me);
    const doc = lead?.kind === "application" ? lead.documents[0] : undefined;
    expect(doc).toMatchObject({ field: "resume", fileName: "Zoë's CV.pdf", size: samples.pdf.length });
    const download = await workspace.inbox.downloadDocument(reference, doc?.id ?? 0, me);
    const file = download?.ok ? download.value : null;
    expect(file?.content.equals(samples.pdf)).toBe(true);
    expect(file?.contentType).toBe("application/pdf");
    expect(await auditRows(h, reference, "document-downloaded")).toEqual([
      { staff_id: me.id, detail: "resume", created_at: clock },
    ]);
    const other = await application(h);
    expect(await workspace.inbox.downloadDocument(other, doc?.id ?? 0, me)).toBeNull();
  });

  it("exports what the search shows as CSV with a byte-order mark, formulas neutralised, no NI numbers", async () => {
    const word = tag();
    const formula = await enquiry(h, {
      firstName: '=HYPERLINK("https://evil.example","Click")',
      lastName: "+SUM(A1)",
      // The full-width ＝, which spreadsheets read as =.
      company: "＝2+3",
      message: `@cmd ${word}`,
    });
    const applicant = await application(h, { lastName: word, niNumber: "JK 65 43 21 B" });
    await enquiry(h, { message: `Spam ${word}`, website: "https://spam.example" });
    // Tabs and carriage returns cannot arrive through the forms (they are trimmed), but a cell that
    // starts with one is neutralised too.
    const [raw] = await h.services.db.all<{ reference: string }>(
      "SELECT reference FROM enquiries WHERE reference = ?",
      [formula],
    );
    expect(raw).toBeDefined();
    await h.services.db.run("UPDATE enquiries SET phone = ? WHERE reference = ?", ["\t0161", formula]);

    clock = Date.now();
    const { csv, count } = await workspace.inbox.export({ q: word }, me);
    expect(count).toBe(2);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = parse(csv.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.Reference).sort()).toEqual([applicant, formula].sort());
    const evil = rows.find((row) => row.Reference === formula);
    expect(evil).toMatchObject({
      "First name": '\'=HYPERLINK("https://evil.example","Click")',
      "Last name": "'+SUM(A1)",
      Company: "'＝2+3",
      Message: `'@cmd ${word}`,
      Phone: "'\t0161",
      Kind: "Enquiry",
      Status: "New",
    });
    expect(Object.keys(rows[0] ?? {}).join(" ")).not.toMatch(/insurance|NI number|document/i);
    expect(csv).not.toMatch(/JK\s*65\s*43\s*21\s*B/i);
    expect(csv).not.toContain("v1.");
    expect(csv).not.toContain(".pdf");
    expect(await auditRows(h, null, "exported")).toContainEqual({
      staff_id: me.id,
      detail: "2",
      created_at: clock,
    });
    // On the timeline of each lead in the file, and of no other.
    for (const reference of [applicant, formula]) {
      expect(await auditRows(h, reference, "exported")).toEqual([
        { staff_id: me.id, detail: "2", created_at: clock },
      ]);
    }
    const spam = await h.services.db.all<{ reference: string }>(
      "SELECT reference FROM enquiries WHERE message = ?",
      [`Spam ${word}`],
    );
    expect(await auditRows(h, spam[0]?.reference ?? "", "exported")).toEqual([]);
    const lead = await workspace.inbox.open(formula, me);
    const exported = lead?.timeline.find((event) => event.action === "exported");
    expect(exported && describeEvent(exported.action, exported.detail)).toBe(
      "Included in a CSV export of 2 leads",
    );
    expect(exported?.who).toBe("Priya Shah");

    const spamOnly = await workspace.inbox.export({ q: word, status: "spam" }, me);
    expect(spamOnly.count).toBe(1);
    expect(await auditRows(h, spam[0]?.reference ?? "", "exported")).toMatchObject([{ detail: "1" }]);

    // When the audit log cannot be written, no file is handed over and no lead's timeline claims it.
    await breakAuditLog(h);
    try {
      await expect(workspace.inbox.export({ q: word }, me)).rejects.toThrow(/audit log unavailable/);
    } finally {
      await repairAuditLog(h);
    }
    expect(await auditRows(h, applicant, "exported")).toHaveLength(1);
  });

  it("records an export of many leads on each of their timelines", async () => {
    const word = tag();
    // More than one statement's worth of timeline lines, stored directly rather than posted one by one.
    const references = Array.from({ length: 700 }, (_, i) => `ENQ-${word.slice(3, 8).toUpperCase()}${i}`);
    await h.services.db.transaction(async (tx) => {
      for (const reference of references) {
        await tx.run(
          `INSERT INTO enquiries (reference, status, content_hash, first_name, last_name, email, phone, company,
             service, message, ip_hash, user_agent, created_at, last_activity_at)
           VALUES (?, 'new', ?, 'Aisha', 'Khan', 'aisha@example.co.uk', '', ?, 'cleaning', 'Hello', '', '', ?, ?)`,
          [reference, reference, `Depot ${word}`, Date.now(), Date.now()],
        );
      }
    });
    clock = Date.now();
    const { count } = await workspace.inbox.export({ q: word }, me);
    expect(count).toBe(700);
    const rows = await h.services.db.all<{ reference: string; detail: string }>(
      "SELECT reference, detail FROM audit_log WHERE action = 'exported' AND created_at = ? AND reference IS NOT NULL",
      [clock],
    );
    expect(rows.map((row) => row.reference).sort()).toEqual([...references].sort());
    expect(new Set(rows.map((row) => row.detail))).toEqual(new Set(["700"]));
  });
});

describe.each(dialects)("Send again on %s", (dialect) => {
  let h: Harness;
  const smtp = new TestSmtp();

  beforeAll(async () => {
    // A mail server that turns every connection away, so every send fails at once.
    smtp.refusing = true;
    await smtp.start();
    h = await startHarness(dialect, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OUTBOX_MAX_ATTEMPTS: "1" });
  });

  afterAll(async () => {
    await h?.close();
    await smtp.stop();
  });

  it("puts a failed e-mail back in the queue, records it, and the e-mail goes once the mail server is back", async () => {
    let woken = 0;
    const workspace = createWorkspace({
      db: h.services.db,
      niKey: h.services.secrets.niKey,
      ipSalt: h.services.secrets.ipSalt,
      tombstoneOf: (reference) => tombstoneOf(h.services.db, reference),
      onMailQueued: () => {
        woken++;
        h.services.delivery.wake();
      },
    });
    const me = await staffMember(h, "Sam Ali");
    const reference = await enquiry(h);
    await expect
      .poll(async () => (await workspace.inbox.open(reference, me))?.mails.map((mail) => mail.state), {
        timeout: 10_000,
      })
      .toEqual(["failed", "failed"]);
    expect(await auditRows(h, reference, "mail-failed")).toHaveLength(2);
    const lead = await workspace.inbox.open(reference, me);
    const failed = lead?.mails[0];
    expect(failed?.lastError).toBeTruthy();

    smtp.refusing = false;
    expect(await workspace.inbox.retryMail(reference, failed?.id ?? 0, me)).toEqual({
      ok: true,
      value: null,
    });
    expect(woken).toBe(1);
    expect(await auditRows(h, reference, "mail-retried")).toMatchObject([
      { staff_id: me.id, detail: "notification" },
    ]);
    await smtp.waitFor(1);
    await expect
      .poll(async () => (await workspace.inbox.open(reference, me))?.mails.map((mail) => mail.state))
      .toEqual(["sent", "failed"]);
    expect(await auditRows(h, reference, "mail-sent")).toMatchObject([{ detail: "notification" }]);
    expect(smtp.messages[0]?.parsed.text).toContain(`http://localhost:3000/staff/leads/${reference}`);

    // Sent already, or someone else's e-mail: nothing to send again.
    expect(await workspace.inbox.retryMail(reference, failed?.id ?? 0, me)).toMatchObject({ ok: false });
    const other = await enquiry(h);
    expect(await workspace.inbox.retryMail(other, lead?.mails[1]?.id ?? 0, me)).toMatchObject({ ok: false });
  });
});

/** Makes every insert into the audit log fail, as a full disk or a broken table would. */
async function breakAuditLog(h: Harness): Promise<void> {
  if (h.dialect === "sqlite") {
    await h.services.db.exec(
      "CREATE TRIGGER audit_down BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'audit log unavailable'); END",
    );
    return;
  }
  await h.services.db.exec(
    `CREATE FUNCTION audit_down() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$;
     CREATE TRIGGER audit_down BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_down();`,
  );
}

async function repairAuditLog(h: Harness): Promise<void> {
  if (h.dialect === "sqlite") {
    await h.services.db.exec("DROP TRIGGER audit_down");
    return;
  }
  await h.services.db.exec("DROP TRIGGER audit_down ON audit_log; DROP FUNCTION audit_down();");
}
