// The applicant's own page, through the link their e-mails carry: what it shows and each change made
// from it, against a real SQLite file and the real PostgreSQL server, with a real SMTP server on
// loopback, applications sent through the real careers endpoint and the clock moved by hand.

import { createHmac, randomUUID } from "node:crypto";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applicants } from "#core/config/applicants.ts";
import { site } from "#core/config/site.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  deliverAll,
  type Harness,
  postApplication,
  samples,
  startHarness,
  TestSmtp,
} from "../../tests/support/harness.ts";
import { addStaff, markedPdf, token as randomWord, sendEnquiry } from "../../tests/support/lifecycle.ts";
import { readZip } from "../../tests/support/read-zip.ts";
import { applicantEnding } from "../delivery/emails.ts";
import { createLedger } from "../lifecycle/ledger.ts";
import { applicantLinkKey, signApplicantLink } from "../protection/applicant-link.ts";
import { createSelfService, freshLinkAnswer } from "./self-service.ts";
import type { SelfServiceLimits } from "./self-service-limits.ts";

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const jobsInbox = "jobs@cottonopolis.example";
const publicUrl = "https://www.cottonopolis.example";
const client = "203.0.113.7";

describe.each<Dialect>(["sqlite", "postgres"])(
  "the applicant's page on %s",
  { timeout: 30_000 },
  (dialect) => {
    const smtp = new TestSmtp();
    let h: Harness;
    let now: number;
    let uploads: number;

    beforeEach(async () => {
      await smtp.start();
      smtp.messages = [];
      h = await startHarness(dialect, {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        APPLICATIONS_TO: jobsInbox,
        PUBLIC_URL: publicUrl,
      });
      now = Date.now();
      uploads = 0;
    });
    afterEach(async () => {
      await h.close();
      await smtp.stop();
    });

    const db = () => h.services.db;
    const linkKey = () => applicantLinkKey(h.services.secrets.resultSecret);

    /** The page's service with the clock in the test's hands, wired as the composition root wires it. */
    function page(options: { scanUploads?: boolean; limits?: Partial<SelfServiceLimits> } = {}) {
      return createSelfService({
        db: db(),
        linkKey: linkKey(),
        applicantLinks: (application, at) => {
          const expiresAt = at + applicants.linkValidDays * day;
          return {
            url: `${publicUrl}/your-application?link=${signApplicantLink(linkKey(), application, expiresAt)}`,
            expiresAt,
          };
        },
        applicationsTo: jobsInbox,
        publicUrl,
        ipSalt: h.services.secrets.ipSalt,
        scanUploads: options.scanUploads ?? false,
        onUploaded: () => uploads++,
        onQueued: () => h.services.delivery.wake(),
        erase: (email) => h.services.app.people.erase(email, null),
        clock: () => now,
        ...(options.limits ? { limits: options.limits } : {}),
      });
    }

    /** A link to the application with this reference now, signed as the server signs one, working until `expiresAt`. */
    async function linkFor(reference: string, expiresAt: number) {
      const [row] = await db().all<{ link_nonce: string }>(
        "SELECT link_nonce FROM applications WHERE reference = ?",
        [reference],
      );
      return signApplicantLink(linkKey(), { reference, linkNonce: row?.link_nonce ?? "" }, expiresAt);
    }

    /** Applies through the real careers endpoint; resolves to the reference, the address and the link its acknowledgement carries. */
    async function apply(fields: Record<string, string> = {}, cv: Buffer = samples.pdf) {
      const values = applicationFields({ email: `${randomWord(8)}@example.com`, ...fields });
      const response = await postApplication(
        h.url,
        applicationForm(values, [{ field: "resume", name: "Tomasz Nowak CV.pdf", content: cv }]),
      );
      expect(response.status).toBe(200);
      const { message } = (await response.json()) as { message: string };
      const reference = /APP-[0-9A-Z]{6}/.exec(message)?.[0] ?? "";
      const [ack] = await db().all<{ body: string }>(
        "SELECT body FROM outbox WHERE reference = ? AND purpose = 'acknowledgement'",
        [reference],
      );
      const link = /\/your-application\?link=([^\s]+)/.exec(ack?.body ?? "")?.[1] ?? "";
      expect(link).not.toBe("");
      return { reference, email: values.email ?? "", link: decodeURIComponent(link) };
    }

    /** Everything the tables that say anything about an application hold for it, to compare before and after. */
    async function stateOf(reference: string) {
      // The acknowledgement and the team's copy are sent in the background, each sent e-mail going on the
      // timeline: on a busy machine that can fall between two readings. Sent first, both readings see it
      // done, and an e-mail a GET queued would still show in the outbox and on the timeline.
      await deliverAll(h);
      const tables = await Promise.all([
        db().all("SELECT * FROM applications WHERE reference = ?", [reference]),
        db().all(
          "SELECT d.id, d.field, d.file_name, d.scan_status FROM documents d JOIN applications a ON a.id = d.application_id WHERE a.reference = ?",
          [reference],
        ),
        db().all("SELECT action, detail FROM audit_log WHERE reference = ? ORDER BY id", [reference]),
        db().all("SELECT purpose, to_address FROM outbox WHERE reference = ? ORDER BY id", [reference]),
        db().all("SELECT * FROM interviews WHERE reference = ? ORDER BY uid", [reference]),
      ]);
      return JSON.stringify(tables);
    }

    async function timeline(reference: string) {
      const rows = await db().all<{ action: string; detail: string; staff_id: number | null }>(
        "SELECT action, detail, staff_id FROM audit_log WHERE reference = ? ORDER BY id",
        [reference],
      );
      return rows.map((row) => [row.action, row.detail]);
    }

    async function application(reference: string) {
      const [row] = await db().all<{
        status: string;
        status_changed_at: number | null;
        last_activity_at: number;
        keep_consent_at: number | null;
        pool_asked_at: number | null;
      }>(
        "SELECT status, status_changed_at, last_activity_at, keep_consent_at, pool_asked_at FROM applications WHERE reference = ?",
        [reference],
      );
      return row
        ? {
            ...row,
            last_activity_at: Number(row.last_activity_at),
            keep_consent_at: row.keep_consent_at === null ? null : Number(row.keep_consent_at),
            status_changed_at: row.status_changed_at === null ? null : Number(row.status_changed_at),
          }
        : null;
    }

    async function documents(reference: string) {
      return db().all<{ field: string; file_name: string; scan_status: string; content: Uint8Array }>(
        `SELECT d.field, d.file_name, d.scan_status, d.content FROM documents d
       JOIN applications a ON a.id = d.application_id WHERE a.reference = ? ORDER BY d.id`,
        [reference],
      );
    }

    /** Books an interview as the workspace stores one; resolves to its uid. */
    async function bookInterview(reference: string, startsAt: number, status = "scheduled") {
      const uid = `${randomUUID()}@cottonopolis.example`;
      await db().run(
        `INSERT INTO interviews (uid, reference, starts_at, minutes, place_kind, place, meet_with, note, sequence,
         status, created_at, updated_at)
       VALUES (?, ?, ?, 45, 'office', 'Suite 4, 52 Mosley Street, Manchester M2 3HZ, United Kingdom', 'Priya Shah',
         'Bring your passport.', 0, ?, ?, ?)`,
        [uid, reference, startsAt, status, now, now],
      );
      return uid;
    }

    /** Sends whatever is queued through the real SMTP server; resolves to what it received. */
    async function delivered() {
      await deliverAll(h);
      return smtp.messages;
    }

    it("shows the application in words from the acknowledgement's link, never the NI number or a file's contents; a GET changes nothing", async () => {
      const marker = randomWord(12);
      const { reference, link } = await apply({ niNumber: "JG 10 37 23 A" }, markedPdf(marker));
      const before = await stateOf(reference);
      const view = await page().open(link);
      expect(view).toMatchObject({
        reference,
        firstName: "Tomasz",
        vacancy: null,
        stage: { title: "Received" },
        interview: null,
        documents: [{ label: "CV", fileName: "Tomasz Nowak CV.pdf" }],
        pool: { member: false, until: null, period: "12 months" },
        can: { withdraw: true, replaceCv: true },
      });
      expect(view?.stage.next).toMatch(/within 24 hours/);
      expect(view?.documents[0]?.size).toMatch(/bytes|KB/);
      const shown = JSON.stringify(view);
      expect(shown).not.toMatch(/JG ?10 ?37 ?23 ?A/i);
      expect(shown).not.toContain(marker);
      // Opening it again and again, as a link preview would, changes nothing at all.
      for (let i = 0; i < 3; i++) await page().open(link);
      expect(await stateOf(reference)).toBe(before);

      // Spam reads as received; each other stage says what happens next.
      await db().run("UPDATE applications SET status = 'spam' WHERE reference = ?", [reference]);
      expect((await page().open(link))?.stage.title).toBe("Received");
      await db().run("UPDATE applications SET status = 'hired' WHERE reference = ?", [reference]);
      expect(await page().open(link)).toMatchObject({
        stage: { title: "Offered a role" },
        can: { withdraw: false, replaceCv: true },
      });
    });

    it("shows nothing and changes nothing for an altered link, an expired one, or one whose application was erased", async () => {
      const { reference, link, email } = await apply();
      const altered = `${link.slice(0, -2)}${link.endsWith("AA") ? "BB" : "AA"}`;
      const expired = await linkFor(reference, now - 1000);
      const forOther = signApplicantLink(linkKey(), { reference: "APP-222222", linkNonce: "x" }, now + day);
      const made = `${reference}.zzzzzz.${"A".repeat(43)}`;
      const before = await stateOf(reference);
      const service = page();
      for (const token of [altered, expired, forOther, made, "", "nonsense"]) {
        expect(await service.open(token)).toBeNull();
        expect(await service.withdraw(await service.admit(token, client), true)).toEqual({ kind: "unknown" });
        expect(await service.keepOnFile(await service.admit(token, client))).toEqual({ kind: "unknown" });
        expect(await service.leavePool(await service.admit(token, client), true)).toEqual({
          kind: "unknown",
        });
        expect(
          await service.replaceCv(await service.admit(token, client), {
            name: "new.pdf",
            content: markedPdf(randomWord()),
          }),
        ).toEqual({ kind: "unknown" });
        expect(await service.erase(await service.admit(token, client), true)).toEqual({ kind: "unknown" });
      }
      expect(await stateOf(reference)).toBe(before);
      expect(await application(reference)).not.toBeNull();

      // Erased: the genuine link now shows nothing, like any other.
      await h.services.app.people.erase(email, null);
      expect(await service.open(link)).toBeNull();
      expect(await service.keepOnFile(await service.admit(link, client))).toEqual({ kind: "unknown" });
      expect(await service.sendFreshLink(await service.admit(link, client))).toEqual({
        kind: "done",
        message: freshLinkAnswer,
      });
      expect(await db().all("SELECT 1 FROM outbox WHERE reference = ?", [reference])).toEqual([]);
    });

    it("withdraws: status Withdrawn on the timeline, the coming interview cancelled, and the team told by e-mail", async () => {
      const unowned = await apply();
      const interview = await bookInterview(unowned.reference, now + 3 * day);
      const past = await bookInterview(unowned.reference, now - 3 * day);
      now += hour;
      // Without its confirmation, a withdrawal changes nothing and says how to confirm.
      const untouched = await stateOf(unowned.reference);
      expect(await page().withdraw(await page().admit(unowned.link, client), false)).toEqual({
        kind: "refused",
        status: 400,
        message: "Nothing has changed: choose “Yes, withdraw” to confirm.",
      });
      expect(await stateOf(unowned.reference)).toBe(untouched);
      const answer = await page().withdraw(await page().admit(unowned.link, client), true);
      expect(answer).toMatchObject({ kind: "done", message: expect.stringMatching(/withdrawn/) });
      expect(await application(unowned.reference)).toMatchObject({
        status: "withdrawn",
        status_changed_at: now,
        last_activity_at: now,
      });
      const events = await timeline(unowned.reference);
      expect(events).toContainEqual(["applicant-withdrew", ""]);
      expect(events).toContainEqual(["status-changed", "new → withdrawn"]);
      expect(events.map(([action]) => action)).toContain("interview-cancelled");
      const interviews = await db().all<{ uid: string; status: string }>(
        "SELECT uid, status FROM interviews WHERE reference = ?",
        [unowned.reference],
      );
      expect(Object.fromEntries(interviews.map((row) => [row.uid, row.status]))).toEqual({
        [interview]: "cancelled",
        [past]: "scheduled",
      });
      // The page says so, and offers nothing more to withdraw; withdrawing again changes nothing.
      expect(await page().open(unowned.link)).toMatchObject({
        stage: { title: "Withdrawn" },
        can: { withdraw: false, replaceCv: false },
      });
      const after = await stateOf(unowned.reference);
      expect(await page().withdraw(await page().admit(unowned.link, client), true)).toMatchObject({
        kind: "done",
      });
      expect(await stateOf(unowned.reference)).toBe(after);

      // An application with an owner on the team: the owner hears of it; one whose owner has left: the inbox.
      const ownerId = await addStaff(h, "Priya Shah");
      const [owner] = await db().all<{ email: string }>("SELECT email FROM staff WHERE id = ?", [ownerId]);
      const owned = await apply();
      await db().run("UPDATE applications SET owner_id = ?, status = 'contacted' WHERE reference = ?", [
        ownerId,
        owned.reference,
      ]);
      expect(await page().withdraw(await page().admit(owned.link, client), true)).toMatchObject({
        kind: "done",
      });
      const leaverId = await addStaff(h, "Sam Leaver");
      await db().run("UPDATE staff SET revoked_at = ? WHERE id = ?", [now, leaverId]);
      const left = await apply();
      await db().run("UPDATE applications SET owner_id = ? WHERE reference = ?", [leaverId, left.reference]);
      expect(await page().withdraw(await page().admit(left.link, client), true)).toMatchObject({
        kind: "done",
      });

      const received = await delivered();
      const notices = received.filter((mail) => /withdrew their application/.test(mail.parsed.subject ?? ""));
      const noticeTo = (reference: string) =>
        notices.filter((mail) => mail.parsed.subject?.includes(reference)).flatMap((mail) => mail.envelopeTo);
      expect(noticeTo(unowned.reference)).toEqual([jobsInbox]);
      expect(noticeTo(owned.reference)).toEqual([owner?.email]);
      expect(noticeTo(left.reference)).toEqual([jobsInbox]);
      const notice = notices.find((mail) => mail.parsed.subject?.includes(unowned.reference));
      expect(notice?.parsed.text).toContain(`${publicUrl}/staff/leads/${unowned.reference}`);
      expect(notice?.parsed.text).toContain("Stage when they withdrew: New");
      expect(notice?.parsed.replyTo?.text).toBe(unowned.email);
      // The applicant is sent the interview's cancellation for their calendar.
      const cancellation = received.find(
        (mail) => mail.envelopeTo.includes(unowned.email) && /cancel/i.test(mail.parsed.subject ?? ""),
      );
      expect(cancellation?.raw).toMatch(/METHOD:CANCEL/);

      // Decided applications have nothing to withdraw.
      const hired = await apply();
      await db().run("UPDATE applications SET status = 'hired' WHERE reference = ?", [hired.reference]);
      expect(await page().withdraw(await page().admit(hired.link, client), true)).toMatchObject({
        kind: "refused",
        status: 409,
      });
      expect((await application(hired.reference))?.status).toBe("hired");
    });

    it("replaces the CV, deleting the old one in the same step, and refuses a file that is not a CV or is over 5 MB", async () => {
      const oldMarker = randomWord(12);
      const { reference, link } = await apply({}, markedPdf(oldMarker));
      const before = await stateOf(reference);

      const notACv = await page().replaceCv(await page().admit(link, client), {
        name: "photo.png",
        content: samples.png,
      });
      expect(notACv).toMatchObject({ kind: "refused", status: 400, field: "cv" });
      const disguised = await page().replaceCv(await page().admit(link, client), {
        name: "cv.pdf",
        content: samples.exe,
      });
      expect(disguised).toMatchObject({ kind: "refused", status: 400, field: "cv" });
      expect(disguised.kind === "refused" && disguised.message).toMatch(/does not look like a real PDF/);
      const big = Buffer.concat([samples.pdf, Buffer.alloc(5 * 1024 * 1024 + 1 - samples.pdf.length)]);
      const tooLarge = await page().replaceCv(await page().admit(link, client), {
        name: "cv.pdf",
        content: big,
      });
      expect(tooLarge).toMatchObject({ kind: "refused", status: 413, field: "cv" });
      expect(await page().replaceCv(await page().admit(link, client), null)).toMatchObject({
        kind: "refused",
        status: 400,
      });
      expect(await stateOf(reference)).toBe(before);

      const newMarker = randomWord(12);
      now += hour;
      const replaced = await page().replaceCv(await page().admit(link, client), {
        name: "New CV 2027.pdf",
        content: markedPdf(newMarker),
      });
      expect(replaced).toMatchObject({ kind: "done", message: expect.stringMatching(/New CV 2027\.pdf/) });
      const held = await documents(reference);
      expect(held.map((doc) => [doc.field, doc.file_name, doc.scan_status])).toEqual([
        ["resume", "New CV 2027.pdf", "not-scanned"],
      ]);
      expect(Buffer.from(held[0]?.content ?? []).toString("latin1")).toContain(newMarker);
      const everything = JSON.stringify(await db().all("SELECT content FROM documents"), (_key, value) =>
        value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : value,
      );
      expect(everything).not.toContain(oldMarker);
      expect(await timeline(reference)).toContainEqual(["cv-replaced", ""]);
      expect((await application(reference))?.last_activity_at).toBe(now);
      expect(uploads).toBe(0);

      // With a virus scanner, the new CV waits for it, and the scanner is woken.
      expect(
        await page({ scanUploads: true }).replaceCv(await page({ scanUploads: true }).admit(link, client), {
          name: "cv.docx.pdf",
          content: markedPdf(randomWord()),
        }),
      ).toMatchObject({ kind: "done" });
      expect((await documents(reference)).map((doc) => doc.scan_status)).toEqual(["pending"]);
      expect(uploads).toBe(1);
    });

    it("keeps the applicant on file, renews and takes them off, each on the timeline as from their link", async () => {
      const { reference, link } = await apply();
      now += hour;
      const joined = await page().keepOnFile(await page().admit(link, client));
      expect(joined).toMatchObject({ kind: "done", message: expect.stringMatching(/talent pool until/) });
      expect(await application(reference)).toMatchObject({ keep_consent_at: now, last_activity_at: now });
      expect(await page().open(link)).toMatchObject({ pool: { member: true } });

      // The renewal question was asked; renewing starts the period again and clears the question.
      await db().run("UPDATE applications SET pool_asked_at = ? WHERE reference = ?", [now, reference]);
      now += 300 * day;
      // The question brings a fresh link, as every e-mail to an applicant does.
      const fresh = await linkFor(reference, now + applicants.linkValidDays * day);
      expect(await page().open(link)).toBeNull();
      expect(await page().keepOnFile(await page().admit(fresh, client))).toMatchObject({ kind: "done" });
      expect(await application(reference)).toMatchObject({ keep_consent_at: now, pool_asked_at: null });

      now += day;
      const inPool = await stateOf(reference);
      expect(await page().leavePool(await page().admit(fresh, client), false)).toMatchObject({
        kind: "refused",
        status: 400,
        message: "Nothing has changed: choose “Yes, take me off file” to confirm.",
      });
      expect(await stateOf(reference)).toBe(inPool);
      expect(await page().leavePool(await page().admit(fresh, client), true)).toMatchObject({ kind: "done" });
      expect(await application(reference)).toMatchObject({ keep_consent_at: null, last_activity_at: now });
      expect(await page().leavePool(await page().admit(fresh, client), true)).toMatchObject({ kind: "done" });

      const events = (await timeline(reference)).filter(([action]) => action?.startsWith("consent-"));
      expect(events).toEqual([
        ["consent-recorded", "from their link"],
        ["consent-renewed", "from their link"],
        ["consent-withdrawn", "from their link"],
      ]);

      // The access ZIP holds the agreement's history: when, what and how.
      const [row] = await db().all<{ email: string }>("SELECT email FROM applications WHERE reference = ?", [
        reference,
      ]);
      const archive = await h.services.app.people.download(row?.email ?? "", await addStaff(h));
      const files = await readZip(Buffer.from(await new Response(archive?.body).arrayBuffer()));
      const records = JSON.parse(files.get("records.json")?.toString("utf8") ?? "{}") as {
        applications: { agreementToBeKeptOnFile: { when: string; what: string; how: string }[] }[];
      };
      const history = records.applications[0]?.agreementToBeKeptOnFile ?? [];
      expect(history.map((entry) => entry.what)).toEqual([
        "You agreed to be kept on file for future roles",
        "You renewed your agreement to be kept on file",
        "Your agreement to be kept on file was withdrawn",
      ]);
      expect(history.every((entry) => /your application's own page/.test(entry.how))).toBe(true);
      expect(history[1]?.when).toBe(new Date(now - day).toISOString());
    });

    it("records the answer to a coming interview, and only to a scheduled one still to come", async () => {
      const { reference, link } = await apply();
      const other = await apply();
      const uid = await bookInterview(reference, now + 2 * day);
      const cancelled = await bookInterview(reference, now + 4 * day, "cancelled");
      const theirs = await bookInterview(other.reference, now + 2 * day);
      const view = await page().open(link);
      expect(view?.interview).toMatchObject({
        uid,
        meetWith: "Priya Shah",
        note: "Bring your passport.",
        answer: null,
        canAnswer: true,
      });
      expect(view?.interview?.when).toMatch(/\(UK time\)$/);
      expect(view?.interview?.where).toContain("52 Mosley Street");

      const blank = { uid, answer: "another-time", message: "   " };
      expect(await page().answerInterview(await page().admit(link, client), blank)).toMatchObject({
        status: 400,
        field: "message",
      });
      const long = { uid, answer: "another-time", message: "x".repeat(501) };
      expect(await page().answerInterview(await page().admit(link, client), long)).toMatchObject({
        status: 400,
        field: "message",
      });
      // Nothing hidden in what staff will read: the rule every free-text field follows.
      for (const hidden of ["\u202E", "\u200B", "\u0000"]) {
        const disguised = { uid, answer: "another-time", message: `Any morning${hidden} but Friday` };
        expect(await page().answerInterview(await page().admit(link, client), disguised)).toMatchObject({
          status: 400,
          field: "message",
          message: expect.stringMatching(/^Your message (contains hidden|contains special control)/),
        });
      }
      const odd = { uid, answer: "maybe", message: "" };
      expect(await page().answerInterview(await page().admit(link, client), odd)).toMatchObject({
        status: 400,
      });
      for (const wrong of [cancelled, theirs, "no-such-uid"]) {
        const refused = await page().answerInterview(await page().admit(link, client), {
          uid: wrong,
          answer: "attending",
          message: "",
        });
        expect(refused).toMatchObject({ kind: "refused", status: 409 });
      }

      now += hour;
      expect(
        await page().answerInterview(await page().admit(link, client), {
          uid,
          answer: "attending",
          message: "",
        }),
      ).toMatchObject({
        kind: "done",
      });
      expect(
        await page().answerInterview(await page().admit(link, client), {
          uid,
          answer: "another-time",
          message: "Any morning next week,\r\nnot Friday.",
        }),
      ).toMatchObject({ kind: "done" });
      const [row] = await db().all<{ answer: string; answer_message: string; answered_at: number }>(
        "SELECT answer, answer_message, answered_at FROM interviews WHERE uid = ?",
        [uid],
      );
      expect(row).toMatchObject({
        answer: "another-time",
        answer_message: "Any morning next week,\nnot Friday.",
      });
      expect(Number(row?.answered_at)).toBe(now);
      expect((await timeline(reference)).filter(([action]) => action === "interview-answered")).toEqual([
        ["interview-answered", "attending"],
        ["interview-answered", "another-time: Any morning next week,\nnot Friday."],
      ]);
      expect((await page().open(link))?.interview).toMatchObject({ answer: "another-time" });
      const theirRow = await db().all("SELECT answer FROM interviews WHERE uid = ?", [theirs]);
      expect(theirRow).toEqual([{ answer: null }]);

      // Once it has begun it can no longer be answered here.
      now += 2 * day;
      expect(
        await page().answerInterview(await page().admit(link, client), {
          uid,
          answer: "attending",
          message: "",
        }),
      ).toMatchObject({
        kind: "refused",
        status: 409,
      });
    });

    it("erases everything under the application's address once confirmed, and the erasure ledger records it", async () => {
      const { reference, link, email } = await apply();
      const enquiry = await sendEnquiry(h, { email });
      const before = await stateOf(reference);
      expect(await page().erase(await page().admit(link, client), false)).toMatchObject({
        kind: "refused",
        status: 400,
      });
      expect(await stateOf(reference)).toBe(before);

      expect(await page().erase(await page().admit(link, client), true)).toEqual({ kind: "erased" });
      expect(await application(reference)).toBeNull();
      expect(await db().all("SELECT 1 FROM enquiries WHERE reference = ?", [enquiry])).toEqual([]);
      const [request] = await db().all<{ staff_id: number | null; detail: string }>(
        "SELECT staff_id, detail FROM audit_log WHERE action = 'erasure-request' ORDER BY id DESC LIMIT 1",
      );
      expect(request?.staff_id).toBeNull();
      expect(request?.detail).toContain(reference);
      const ledger = createLedger(
        path.join(h.store.dataDir, "erasure-ledger.jsonl"),
        h.services.secrets.ipSalt,
      );
      const entries = ledger.read();
      expect(entries).toContainEqual(expect.objectContaining({ reference, reason: "erasure request" }));
      expect(entries).toContainEqual(
        expect.objectContaining({ reference: enquiry, reason: "erasure request" }),
      );
      expect(entries).toContainEqual(expect.objectContaining({ email: ledger.emailHash(email) }));
      expect(await page().open(link)).toBeNull();
    });

    it("e-mails a fresh link to the address on file, at most three times a day, answering every request alike", async () => {
      const { reference, email } = await apply();
      const expired = await linkFor(reference, now - day);
      const altered = `${expired.slice(0, -1)}${expired.endsWith("A") ? "B" : "A"}`;
      const service = page();
      for (let i = 0; i < 5; i++) {
        expect(await service.sendFreshLink(await service.admit(expired, client))).toEqual({
          kind: "done",
          message: freshLinkAnswer,
        });
        expect(await service.sendFreshLink(await service.admit(altered, client))).toEqual({
          kind: "done",
          message: freshLinkAnswer,
        });
      }
      const queued = await db().all<{ to_address: string; body: string }>(
        "SELECT to_address, body FROM outbox WHERE reference = ? AND purpose = 'applicant-link'",
        [reference],
      );
      expect(queued.map((row) => row.to_address)).toEqual([email, email, email]);
      expect((await timeline(reference)).filter(([action]) => action === "link-sent")).toHaveLength(3);
      // Each ends as every e-mail to an applicant does (their page, the sign-off, why they hear from us),
      // and its link works.
      const fresh = /\/your-application\?link=([^\s]+)/.exec(queued[0]?.body ?? "")?.[1] ?? "";
      const expiresAt = now + applicants.linkValidDays * day;
      expect(
        queued[0]?.body.endsWith(
          applicantEnding(
            { url: `${publicUrl}/your-application?link=${fresh}`, expiresAt },
            `Kind regards,\nThe ${site.brand} team\n${site.phone.display}`,
          ),
        ),
      ).toBe(true);
      expect(await service.open(decodeURIComponent(fresh))).toMatchObject({ reference });

      // A day on, another may be sent.
      now += day;
      await service.sendFreshLink(await service.admit(expired, client));
      expect(
        await db().all("SELECT 1 FROM outbox WHERE reference = ? AND purpose = 'applicant-link'", [
          reference,
        ]),
      ).toHaveLength(4);

      const received = await delivered();
      const links = received.filter((mail) =>
        /Your link to your application/.test(mail.parsed.subject ?? ""),
      );
      expect(links.flatMap((mail) => mail.envelopeTo)).toEqual([email, email, email, email]);
      expect(links[0]?.parsed.replyTo?.text).toBe(jobsInbox);
    });

    it("never opens a later application that was given an erased one's reference, nor takes a link made before links named their application", async () => {
      const erased = await apply();
      const service = page();
      expect(await service.open(erased.link)).toMatchObject({ reference: erased.reference });
      await h.services.app.people.erase(erased.email, null);
      // References are drawn at random and may be drawn again once nothing holds one: here, at once.
      const later = await apply();
      await db().run("UPDATE applications SET reference = ? WHERE reference = ?", [
        erased.reference,
        later.reference,
      ]);
      const before = await stateOf(erased.reference);
      expect(await service.open(erased.link)).toBeNull();
      const admitted = await service.admit(erased.link, client);
      expect(admitted).toMatchObject({ kind: "admitted", link: null, opens: false });
      expect(await service.keepOnFile(admitted)).toEqual({ kind: "unknown" });
      expect(await service.withdraw(await service.admit(erased.link, client), true)).toEqual({
        kind: "unknown",
      });
      expect(await service.erase(await service.admit(erased.link, client), true)).toEqual({
        kind: "unknown",
      });
      // Nor does it send the later applicant a fresh link; the answer is the same as ever.
      expect(await service.sendFreshLink(await service.admit(erased.link, client))).toEqual({
        kind: "done",
        message: freshLinkAnswer,
      });
      expect(await stateOf(erased.reference)).toBe(before);
      expect(await application(erased.reference)).toMatchObject({ status: "new" });
      // The later application's own link opens it.
      const own = await linkFor(erased.reference, now + day);
      expect(own.startsWith(`${erased.reference}.`)).toBe(true);
      expect(await service.open(own)).toMatchObject({ reference: erased.reference });

      // A link in the shape sent before links named their application (the reference and expiry signed
      // alone) reads as any link that does not work.
      const seconds = Math.floor((now + day) / 1000).toString(36);
      const mac = createHmac("sha256", linkKey())
        .update(`${erased.reference}.${seconds}`)
        .digest("base64url");
      const oldShape = `${erased.reference}.${seconds}.${mac}`;
      expect(await service.open(oldShape)).toBeNull();
      expect(await service.keepOnFile(await service.admit(oldShape, client))).toEqual({ kind: "unknown" });
      expect(await stateOf(erased.reference)).toBe(before);
    });

    it("takes a link sent before links named their application as expired: it opens nothing, and its applicant can ask for a fresh one", async () => {
      const { reference, email } = await apply();
      // An application held when links were the reference and expiry signed alone (the migration marked
      // its nonce), and a link of that shape, still within its days.
      await db().run("UPDATE applications SET link_nonce = ? WHERE reference = ?", [
        "legacy-00112233445566778899aabbccddeeff",
        reference,
      ]);
      const seconds = Math.floor((now + day) / 1000).toString(36);
      const mac = createHmac("sha256", linkKey()).update(`${reference}.${seconds}`).digest("base64url");
      const oldShape = `${reference}.${seconds}.${mac}`;
      const service = page();
      const before = await stateOf(reference);
      expect(await service.open(oldShape)).toBeNull();
      expect(await service.keepOnFile(await service.admit(oldShape, client))).toEqual({ kind: "unknown" });
      expect(await stateOf(reference)).toBe(before);
      expect(await service.sendFreshLink(await service.admit(oldShape, client))).toEqual({
        kind: "done",
        message: freshLinkAnswer,
      });
      const queued = await db().all<{ to_address: string; body: string }>(
        "SELECT to_address, body FROM outbox WHERE reference = ? AND purpose = 'applicant-link'",
        [reference],
      );
      expect(queued.map((row) => row.to_address)).toEqual([email]);
      const fresh = /\/your-application\?link=([^\s]+)/.exec(queued[0]?.body ?? "")?.[1] ?? "";
      expect(await service.open(decodeURIComponent(fresh))).toMatchObject({ reference });
    });

    it("counts posts with links that do not work against their network, before anything else is read", async () => {
      const { link } = await apply();
      const service = page({ limits: { perNetwork: 3 } });
      for (const token of ["nonsense", `${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`, ""]) {
        expect(await service.admit(token, client)).toMatchObject({
          kind: "admitted",
          link: null,
          opens: false,
        });
      }
      const refused = await service.admit("nonsense", client);
      expect(refused).toMatchObject({ kind: "refused", status: 429 });
      expect(refused.kind === "refused" && refused.retryAfterSeconds).toBeGreaterThan(0);
      // A working link from the same network is held back too, and each change answers the refusal.
      const working = await service.admit(link, client);
      expect(working).toMatchObject({ kind: "refused", status: 429 });
      expect(await service.keepOnFile(working)).toEqual(working);
      expect(await service.sendFreshLink(working)).toEqual(working);
      expect((await application(link.split(".")[0] ?? ""))?.keep_consent_at).toBeNull();
      now += hour;
      expect(await service.admit(link, client)).toMatchObject({ kind: "admitted", opens: true });
    });

    it("limits posts per application and per client network", async () => {
      const first = await apply();
      const second = await apply();
      const service = page({ limits: { perApplication: 3, perNetwork: 5 } });
      for (let i = 0; i < 3; i++)
        expect((await service.keepOnFile(await service.admit(first.link, client))).kind).toBe("done");
      const refused = await service.keepOnFile(await service.admit(first.link, client));
      expect(refused).toMatchObject({ kind: "refused", status: 429 });
      // Another application from the same network: the network's allowance has two posts left.
      expect((await service.keepOnFile(await service.admit(second.link, client))).kind).toBe("done");
      expect(await service.keepOnFile(await service.admit(second.link, client))).toMatchObject({
        kind: "refused",
        status: 429,
      });
      // Another network is not held back by this one; the window's turn frees the application again.
      expect((await service.keepOnFile(await service.admit(second.link, "198.51.100.20"))).kind).toBe("done");
      now += hour;
      expect((await service.keepOnFile(await service.admit(first.link, client))).kind).toBe("done");
    });
  },
);
