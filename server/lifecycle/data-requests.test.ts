import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kindOfReference } from "#core/leads/model.ts";
import { type Dialect, type Harness, samples, startHarness, TestSmtp } from "../../tests/support/harness.ts";
import {
  addNote,
  addStaff,
  applicationId,
  count,
  footprint,
  markedPdf,
  sendApplication,
  sendEnquiry,
  setLead,
  token,
} from "../../tests/support/lifecycle.ts";
import { readZip } from "../../tests/support/read-zip.ts";
import { decryptNiNumber } from "../leads/protect.ts";
import { getLead } from "../workspace/inbox/commands.ts";
import { confirmationWindowMs, idleTimeoutMs } from "../workspace/sessions.ts";
import { createDataRequests } from "./data-requests.ts";
import { eraseByEmail } from "./erase.ts";
import { personArchive } from "./person-archive.ts";
import { purge } from "./purge.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];

/** Reads a whole streamed ZIP into { name: bytes }. */
async function unzip(stream: ReadableStream<Uint8Array>): Promise<Map<string, Buffer>> {
  return readZip(Buffer.from(await new Response(stream).arrayBuffer()));
}

/** Every text value in the tables that hold leads and what is said about them, as one string. */
async function everythingStored(h: Harness): Promise<string> {
  const parts: unknown[] = [];
  for (const table of [
    "enquiries",
    "applications",
    "outbox",
    "notes",
    "audit_log",
    "tombstones",
    "documents",
  ]) {
    parts.push(await h.services.db.all(`SELECT * FROM ${table}`));
  }
  return JSON.stringify(parts, (_key, value) =>
    value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : value,
  );
}

describe.each(dialects)("requests from people on %s", (dialect) => {
  let h: Harness;
  let staffId: number;

  beforeAll(async () => {
    h = await startHarness(dialect);
    staffId = await addStaff(h, "Dan Okafor");
  });
  afterAll(async () => {
    await h?.close();
  });

  it("erasure by e-mail removes every record for the address and leaves tombstones", async () => {
    const name = `Erin${token(6)}`;
    const email = `${name.toLowerCase()}@example.org`;
    const first = await sendEnquiry(h, { firstName: name, email });
    const second = await sendEnquiry(h, { firstName: name, email: email.toUpperCase() });
    const application = await sendApplication(h, { firstName: name, email: ` ${email}` });
    const id = await applicationId(h, application);
    await addNote(h, first, staffId, `Called ${name} back about the quote.`, Date.now());
    await addNote(h, application, staffId, "Good references.", Date.now());
    const bystander = await sendEnquiry(h, { firstName: "Olu", email: `olu.${token(5)}@example.net` });

    const now = Date.now();
    const result = await eraseByEmail(h.services.db, email.toUpperCase(), { now, staffId });
    expect(result).toMatchObject({
      records: 3,
      enquiries: 2,
      applications: 1,
      files: 1,
      notes: 2,
      emails: 6,
    });
    expect(result.references.sort()).toEqual([first, second, application].sort());

    for (const reference of [first, second, application]) {
      expect(await footprint(h, reference, id)).toEqual({
        lead: 0,
        documents: 0,
        outbox: 0,
        notes: 0,
        timelineDetail: 0,
      });
      const [tombstone] = await h.services.db.all(
        "SELECT kind, reason, deleted_at FROM tombstones WHERE reference = ?",
        [reference],
      );
      expect(tombstone).toEqual({
        kind: kindOfReference(reference),
        reason: "erasure request",
        deleted_at: now,
      });
    }
    // Not a trace of the person anywhere: not their name, not their address, in any case.
    const stored = (await everythingStored(h)).toLowerCase();
    expect(stored).not.toContain(email);
    expect(stored).not.toContain(name.toLowerCase());
    // Someone else's enquiry is untouched.
    expect((await footprint(h, bystander)).lead).toBe(1);
    expect((await footprint(h, bystander)).outbox).toBe(2);
    // The request is on record: who, when, how many; never the address.
    const [request] = await h.services.db.all<{ staff_id: number; detail: string; created_at: number }>(
      "SELECT staff_id, detail, created_at FROM audit_log WHERE action = 'erasure-request' ORDER BY id DESC LIMIT 1",
    );
    expect(request).toMatchObject({ staff_id: staffId, created_at: now });
    expect(request?.detail).toMatch(
      /^3 records \(2 enquiries, 1 application\), 1 file, 2 notes and 6 e-mails erased/,
    );
  });

  it("waits for an e-mail a mail worker is sending at that moment, so nothing is sent after the erasure", async () => {
    const email = `${token(10)}@example.org`;
    const reference = await sendEnquiry(h, { email });
    const claim = () =>
      h.services.db.run("UPDATE outbox SET status = 'sending', lease_until = ? WHERE reference = ?", [
        Date.now() + 60_000,
        reference,
      ]);
    // A worker has both e-mails in hand; 300 ms later its attempt fails and it gives them back.
    await claim();
    const started = Date.now();
    setTimeout(() => {
      void h.services.db.run("UPDATE outbox SET status = 'queued', lease_until = NULL WHERE reference = ?", [
        reference,
      ]);
    }, 300);
    const result = await eraseByEmail(h.services.db, email, { now: Date.now(), staffId });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(result).toMatchObject({ records: 1, emails: 2, stillSending: 0 });

    // A worker that never lets go is waited for only so long; then the erasure goes ahead and says so.
    const other = `${token(10)}@example.org`;
    const stuck = await sendEnquiry(h, { email: other });
    await h.services.db.run("UPDATE outbox SET status = 'sending', lease_until = ? WHERE reference = ?", [
      Date.now() + 60_000,
      stuck,
    ]);
    const forced = await eraseByEmail(h.services.db, other, { now: Date.now(), staffId, waitMs: 200 });
    expect(forced).toMatchObject({ records: 1, emails: 2, stillSending: 2 });
    expect(await count(h, "outbox", "reference = ?", [stuck])).toBe(0);
  });

  it("the access ZIP holds every record and file, with the NI number in full, and is recorded", async () => {
    const name = `Amara${token(6)}`;
    const email = `${name.toLowerCase()}@example.org`;
    const cv = markedPdf(token(24));
    const enquiry = await sendEnquiry(h, {
      firstName: name,
      email,
      message: `Office cleaning for ${name}'s firm.`,
    });
    const application = await sendApplication(h, { firstName: name, email, niNumber: "jk 45 67 89 d" }, [
      { field: "resume", name: `${name} CV.pdf`, content: cv, type: "application/pdf" },
      { field: "otherDocuments", name: "licence.png", content: samples.png, type: "image/png" },
    ]);
    await addNote(h, application, staffId, "Available for nights.", Date.now());

    const archive = await personArchive(h.services.db, email, {
      niKey: h.services.secrets.niKey,
      now: Date.now(),
      staffId,
    });
    if (!archive) throw new Error("No archive");
    expect(archive.counts).toMatchObject({
      records: 2,
      enquiries: 1,
      applications: 1,
      files: 2,
      notes: 1,
      emails: 4,
    });
    const files = await unzip(archive.body);
    expect([...files.keys()].sort()).toEqual(
      [
        "README.txt",
        "records.json",
        `files/${application}/1 ${name} CV.pdf`,
        `files/${application}/2 licence.png`,
      ].sort(),
    );
    expect(files.get(`files/${application}/1 ${name} CV.pdf`)?.equals(cv)).toBe(true);
    expect(files.get(`files/${application}/2 licence.png`)?.equals(samples.png)).toBe(true);
    expect(files.get("README.txt")?.toString()).toContain("records.json");

    const records = JSON.parse(files.get("records.json")?.toString() ?? "{}");
    expect(records.emailAddress).toBe(email);
    expect(records.enquiries).toHaveLength(1);
    expect(records.enquiries[0]).toMatchObject({
      reference: enquiry,
      type: "Enquiry",
      whatYouSent: {
        "First name": name,
        "E-mail address": email,
        Message: `Office cleaning for ${name}'s firm.`,
      },
    });
    expect(records.enquiries[0].emails).toHaveLength(2);
    expect(records.applications[0]).toMatchObject({
      reference: application,
      whatYouSent: {
        "National Insurance number": "JK 45 67 89 D",
        "Postal address": "12 Jersey Street, Manchester M4 6JB",
      },
      notesByOurTeam: [{ by: "Dan Okafor", text: "Available for nights." }],
    });
    expect(
      records.applications[0].documents.map((doc: { inThisArchive: string }) => doc.inThisArchive),
    ).toEqual([`files/${application}/1 ${name} CV.pdf`, `files/${application}/2 licence.png`]);
    expect(records.applications[0].emails.map((mail: { subject: string }) => mail.subject)).toEqual([
      expect.stringContaining(`New job application ${application}`),
      `We have your application (${application})`,
    ]);
    expect(records.applications[0].timeline.map((entry: { what: string }) => entry.what)).toEqual([
      "Received from the website",
      "Note added",
    ]);

    const [request] = await h.services.db.all<{ staff_id: number; detail: string }>(
      "SELECT staff_id, detail FROM audit_log WHERE action = 'access-request' ORDER BY id DESC LIMIT 1",
    );
    expect(request?.staff_id).toBe(staffId);
    expect(request?.detail).toBe(`2 records and 2 files downloaded: ${enquiry}, ${application}`);
    expect(request?.detail.toLowerCase()).not.toContain(name.toLowerCase());
  });

  it("the access ZIP leaves out a file the virus scanner removed, and says why", async () => {
    const name = `Kofi${token(6)}`;
    const email = `${name.toLowerCase()}@example.org`;
    const application = await sendApplication(h, { firstName: name, email }, [
      { field: "resume", name: `${name} CV.pdf`, content: markedPdf(token(24)), type: "application/pdf" },
      { field: "otherDocuments", name: "licence.png", content: samples.png, type: "image/png" },
    ]);
    // As the scanner leaves a file it found malware in: the row kept, its bytes gone.
    await h.services.db.run(
      `UPDATE documents SET scan_status = 'infected', scan_result = 'Eicar-Test-Signature', content = ?
       WHERE field = 'resume' AND application_id = (SELECT id FROM applications WHERE reference = ?)`,
      [Buffer.alloc(0), application],
    );
    const archive = await personArchive(h.services.db, email, {
      niKey: h.services.secrets.niKey,
      now: Date.now(),
      staffId,
    });
    if (!archive) throw new Error("No archive");
    const files = await unzip(archive.body);
    expect([...files.keys()].sort()).toEqual(
      ["README.txt", "records.json", `files/${application}/2 licence.png`].sort(),
    );
    const records = JSON.parse(files.get("records.json")?.toString() ?? "{}");
    expect(records.applications[0].documents[0]).toMatchObject({
      fileName: `${name} CV.pdf`,
      removed: expect.stringContaining("Eicar-Test-Signature"),
    });
    expect(records.applications[0].documents[0].inThisArchive).toBeUndefined();
  });

  it("finds everything about an address for the page, with the NI number masked", async () => {
    const people = createDataRequests({
      db: h.services.db,
      niKey: h.services.secrets.niKey,
      now: Date.now,
      confirmationWindowMs,
    });
    const email = `${token(8)}@example.org`;
    const application = await sendApplication(h, { email });
    const found = await people.find(email.toUpperCase());
    expect(found.counts).toMatchObject({ records: 1, applications: 1, files: 1, emails: 2 });
    const lead = found.leads[0];
    expect(lead?.reference).toBe(application);
    expect(lead?.details).toContainEqual({ label: "National Insurance number", value: "AB •• •• •• C" });
    expect(lead?.retention.rule).toBe("inactive-application");
    expect((await people.find(`nobody.${token(5)}@example.org`)).leads).toEqual([]);
    expect(await people.download(`nobody.${token(5)}@example.org`, staffId)).toBeNull();
  });

  it("shows a lead's notes, messages and timeline exactly as the lead's own page does", async () => {
    const people = createDataRequests({
      db: h.services.db,
      niKey: h.services.secrets.niKey,
      now: Date.now,
      confirmationWindowMs,
    });
    const email = `${token(8)}@example.org`;
    const application = await sendApplication(h, { email });
    await addNote(h, application, staffId, "Asked for a second reference.", Date.now());
    const onPeople = (await people.find(email)).leads[0];
    const onLead = await getLead(h.services.db, h.services.secrets.niKey, application);
    expect(onPeople?.notes).toEqual(onLead?.notes);
    expect(onPeople?.notes.map((note) => note.author)).toEqual(["Dan Okafor"]);
    expect(onPeople?.emails).toEqual(onLead?.mails);
    expect(onPeople?.timeline).toEqual(onLead?.timeline);
    expect(onPeople?.timeline.map((event) => event.action)).toEqual(["received", "note-added"]);
  });
});

describe("SQLite keeps no deleted value in its files", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("sqlite");
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The bytes of the database file and its write-ahead log, as anyone with the disk could read them. */
  function rawFiles(): Buffer {
    const file = h.store.databaseUrl;
    const wal = `${file}-wal`;
    return Buffer.concat([readFileSync(file), existsSync(wal) ? readFileSync(wal) : Buffer.alloc(0)]);
  }

  async function personWithEverything() {
    const name = `Zebedee${token(8)}`;
    const email = `${token(12)}@example.org`;
    const cvMarker = token(32);
    const cv = markedPdf(cvMarker);
    const message = `Please quote for ${token(16)} at our depot.`;
    const enquiry = await sendEnquiry(h, { firstName: name, email, message });
    const application = await sendApplication(h, { firstName: name, email, niNumber: "xy 98 76 54 b" }, [
      { field: "resume", name: "cv.pdf", content: cv, type: "application/pdf" },
    ]);
    const [row] = await h.services.db.all<{ ni_number_encrypted: string }>(
      "SELECT ni_number_encrypted FROM applications WHERE reference = ?",
      [application],
    );
    const ciphertext = String(row?.ni_number_encrypted);
    expect(decryptNiNumber(ciphertext, h.services.secrets.niKey)).toBe("XY987654B");
    await h.services.db.all("PRAGMA wal_checkpoint(PASSIVE)");
    return {
      references: [enquiry, application],
      secrets: { name, email, message, ciphertext, niPlain: "XY987654B", cvMarker },
      cv,
    };
  }

  function expectAbsent(raw: Buffer, person: Awaited<ReturnType<typeof personWithEverything>>) {
    for (const [what, value] of Object.entries(person.secrets)) {
      expect(raw.includes(Buffer.from(value)), `${what} is still in the file`).toBe(false);
    }
    expect(raw.includes(person.cv), "the CV's bytes are still in the file").toBe(false);
  }

  it("after an erasure: not the name, e-mail, NI number (plain or encrypted), message or CV", async () => {
    const person = await personWithEverything();
    // The test can see them while they are held.
    const before = rawFiles();
    expect(before.includes(Buffer.from(person.secrets.email))).toBe(true);
    expect(before.includes(Buffer.from(person.secrets.ciphertext))).toBe(true);
    expect(before.includes(person.cv)).toBe(true);

    const people = createDataRequests({
      db: h.services.db,
      niKey: h.services.secrets.niKey,
      now: Date.now,
      confirmationWindowMs,
    });
    const result = await people.erase(person.secrets.email, await addStaff(h));
    expect(result.records).toBe(2);
    expectAbsent(rawFiles(), person);
  });

  it("after a purge: the same", async () => {
    const person = await personWithEverything();
    const old = Date.parse("2024-01-01T00:00:00Z");
    for (const reference of person.references) {
      await setLead(h, reference, { created_at: old, status: "spam", last_activity_at: old });
    }
    expect(rawFiles().includes(person.cv)).toBe(true);
    const report = await purge(h.services.db, {
      asOf: Date.now(),
      rateLimitWindowMs: 3_600_000,
      sessionIdleMs: idleTimeoutMs,
    });
    expect(report.leads.map((lead) => lead.reference).sort()).toEqual([...person.references].sort());
    expectAbsent(rawFiles(), person);
    expect(await count(h, "tombstones")).toBeGreaterThanOrEqual(2);
  });
});

describe.each(dialects)("an erased lead's unsent e-mail on %s", (dialect) => {
  it("is never sent, even once the mail server is back (real SMTP)", async () => {
    const smtp = new TestSmtp();
    smtp.refusing = true; // Mail to it fails until it takes connections again.
    await smtp.start();
    const h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OUTBOX_RETRY_BASE_MS: "10",
      OUTBOX_MAX_ATTEMPTS: "50",
    });
    try {
      const erasedEmail = `${token(10)}@example.org`;
      const keptEmail = `${token(10)}@example.org`;
      const erased = await sendApplication(h, { email: erasedEmail });
      const kept = await sendEnquiry(h, { email: keptEmail });
      // Both are waiting in the outbox, tried and failed while the mail server was down.
      await expect
        .poll(
          () =>
            count(h, "outbox", "attempts > 0 AND status = 'queued' AND reference IN (?, ?)", [erased, kept]),
          {
            timeout: 10_000,
          },
        )
        .toBe(4);

      const result = await eraseByEmail(h.services.db, erasedEmail, { now: Date.now(), staffId: null });
      expect(result.emails).toBe(2);

      smtp.refusing = false;
      // Everything still queued is due now, and the worker runs: the other lead's mail arrives...
      await h.services.db.run("UPDATE outbox SET next_attempt_at = 0 WHERE status = 'queued'");
      await h.services.delivery.runOnce();
      const received = await smtp.waitFor(2);
      await h.services.delivery.runOnce();
      // ...and nothing about the erased person ever does.
      expect(received.map((mail) => mail.parsed.subject)).toEqual(
        expect.arrayContaining([expect.stringContaining(kept)]),
      );
      for (const mail of smtp.messages) {
        expect(mail.envelopeTo).not.toContain(erasedEmail);
        expect(mail.raw).not.toContain(erased);
        expect(mail.raw).not.toContain(erasedEmail);
      }
      expect(smtp.messages).toHaveLength(2);
      expect(await count(h, "outbox", "reference = ?", [erased])).toBe(0);
    } finally {
      await h.close();
      await smtp.stop();
    }
    // Two servers, a mail server that comes back and a retry round: room for a machine that is busy.
  }, 20_000);
});
