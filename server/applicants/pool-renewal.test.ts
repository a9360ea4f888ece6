// The talent pool asks again: one e-mail a month before a member's agreement runs out, once across
// processes and restarts, never for spam or a withdrawn application; a member who does not answer is
// deleted by the retention purge when the agreement runs out, and one who renews is kept. Against a real
// SQLite file and the real PostgreSQL server, with a real SMTP server on loopback and the clock injected.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applicants } from "#core/config/applicants.ts";
import { formatDate } from "#core/leads/model.ts";
import {
  type Dialect,
  deliverAll,
  type Harness,
  startHarness,
  TestSmtp,
} from "../../tests/support/harness.ts";
import { sendApplication, setLead } from "../../tests/support/lifecycle.ts";
import type { ApplicantLinks } from "../delivery/emails.ts";
import { purge } from "../lifecycle/purge.ts";
import { createLogger } from "../observability/logger.ts";
import { applicantLinkKey, applicantLinkUrl } from "../protection/applicant-link.ts";
import { consentEnds } from "./pool.ts";
import { createPoolRenewal } from "./pool-renewal.ts";

const day = 24 * 60 * 60 * 1000;
const applicationsInbox = "jobs@cottonopolis.example";
const publicUrl = "https://www.cottonopolis.example";
const quiet = createLogger("silent");

describe.each<Dialect>(["sqlite", "postgres"])(
  "the talent pool's question on %s",
  { timeout: 30_000 },
  (dialect) => {
    const smtp = new TestSmtp();
    let h: Harness;
    let second: Harness | null = null;

    beforeEach(async () => {
      await smtp.start();
      smtp.messages = [];
      h = await startHarness(dialect, {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        APPLICATIONS_TO: applicationsInbox,
        PUBLIC_URL: publicUrl,
      });
    });
    afterEach(async () => {
      await second?.close();
      second = null;
      await h.close();
      await smtp.stop();
    });

    /** The applicant's link, made as the composition root makes it, from this server's keys. */
    const links: ApplicantLinks = (application, at) => ({
      url: applicantLinkUrl(
        applicantLinkKey(h.services.secrets.resultSecret),
        publicUrl,
        application,
        at,
        applicants.linkValidDays,
      ),
      expiresAt: at + applicants.linkValidDays * day,
    });

    function renewalOn(harness: Harness, clock: () => number) {
      return createPoolRenewal({
        db: harness.services.db,
        logger: quiet,
        applicantLinks: links,
        replyTo: applicationsInbox,
        clock,
      });
    }

    /** Sends everything queued (the job's clock may run ahead of the queue's: what it queued is due now). */
    async function delivered() {
      await deliverAll(h);
      return smtp.messages;
    }

    async function emailOf(reference: string) {
      const [row] = await h.services.db.all<{ email: string }>(
        "SELECT email FROM applications WHERE reference = ?",
        [reference],
      );
      return row?.email ?? "";
    }

    async function exists(reference: string) {
      const rows = await h.services.db.all("SELECT 1 AS found FROM applications WHERE reference = ?", [
        reference,
      ]);
      return rows.length === 1;
    }

    /**
     * An application at Contacted whose applicant agreed to be kept on file at `agreed`. The story runs
     * a little behind the real clock, so the e-mails the delivery queue sends now go after the question.
     */
    async function member(firstName: string, agreed: number, status = "contacted") {
      const reference = await sendApplication(h, { firstName });
      // Its own e-mails (our copy, the acknowledgement) went when it arrived, as everything on it did.
      await delivered();
      await h.services.db.run("UPDATE outbox SET sent_at = ? WHERE reference = ?", [
        agreed - 10 * day,
        reference,
      ]);
      await setLead(h, reference, {
        status,
        created_at: agreed - 10 * day,
        status_changed_at: agreed - 5 * day,
        last_activity_at: agreed,
        keep_consent_at: agreed,
      });
      return reference;
    }

    const agreed = Date.now() - 340 * day;
    const ends = consentEnds(agreed);
    const askAt = ends - applicants.poolAskDaysBefore * day;

    it("asks each member once, a month before the agreement runs out, with two processes and after a restart", async () => {
      const ana = await member("Ana", agreed);
      const hal = await member("Hal", agreed + 1, "unsuccessful");
      const eve = await member("Eve", agreed, "spam");
      const fay = await member("Fay", agreed, "withdrawn");
      // Dot's agreement ran out before anyone could ask; Gus never agreed.
      const dot = await member("Dot", agreed - 60 * day);
      const gus = await sendApplication(h, { firstName: "Gus" });
      await delivered();
      smtp.messages = [];

      let now = askAt - 1;
      second = await startHarness(dialect, {}, { sharing: h });
      const processes = [renewalOn(h, () => now), renewalOn(second, () => now)];
      const runBoth = async () =>
        (await Promise.all(processes.map((p) => p.runOnce()))).reduce((a, b) => a + b, 0);

      expect(await runBoth()).toBe(0);
      now = askAt + 1;
      expect(await runBoth()).toBe(2);
      expect(await runBoth()).toBe(0);
      now += day;
      expect(await runBoth()).toBe(0);
      // A restart: a new process with a new lease holder finds nothing more to ask.
      expect(await renewalOn(h, () => now).runOnce()).toBe(0);

      await delivered();
      expect(smtp.messages.flatMap((m) => m.envelopeTo).sort()).toEqual(
        [await emailOf(ana), await emailOf(hal)].sort(),
      );
      for (const reference of [eve, fay, dot, gus]) {
        const [row] = await h.services.db.all<{ n: number }>(
          "SELECT COUNT(*) AS n FROM outbox WHERE reference = ? AND purpose = 'pool-renewal'",
          [reference],
        );
        expect(Number(row?.n), reference).toBe(0);
      }

      const anaEmail = await emailOf(ana);
      const mail = smtp.messages.find((m) => m.envelopeTo.includes(anaEmail));
      expect(mail?.parsed.subject).toBe(`Shall we keep you on file for future roles? (${ana})`);
      expect(mail?.parsed.replyTo?.text).toBe(applicationsInbox);
      const text = mail?.parsed.text ?? "";
      expect(text.startsWith("Dear Ana,\n\n")).toBe(true);
      expect(text).toContain(`That agreement runs out on ${formatDate(ends)}.`);
      // One click through the applicant's own page, to its "Keep me on file".
      expect(text).toMatch(
        /choose "Keep me on file":\nhttps:\/\/www\.cottonopolis\.example\/your-application\?link=\S+#talent-pool\n/,
      );
      expect(text).toContain(
        `If you do nothing, you leave our talent pool on ${formatDate(ends)} and we delete your details then`,
      );
      expect(text).toContain("unless we must keep your application longer for another reason");
      expect(text).toContain("To stop hearing from us");
      const timeline = await h.services.db.all<{ detail: string }>(
        "SELECT detail FROM audit_log WHERE reference = ? AND action = 'mail-sent'",
        [ana],
      );
      expect(timeline.map((event) => event.detail)).toContain("pool-renewal");
    });

    it("deletes a member who does not answer when the agreement runs out, and keeps one who renews", async () => {
      const ana = await member("Ana", agreed);
      const ben = await member("Ben", agreed);
      await delivered();
      let now = askAt;
      const renewal = renewalOn(h, () => now);
      expect(await renewal.runOnce()).toBe(2);
      await delivered();

      // Ben chooses "Keep me on file" on his page three days later: a new agreement from then.
      const renewed = askAt + 3 * day;
      await h.services.db.run(
        "UPDATE applications SET keep_consent_at = ?, pool_asked_at = NULL, last_activity_at = ? WHERE reference = ?",
        [renewed, renewed, ben],
      );
      const run = (asOf: number) =>
        purge(h.services.db, { asOf, rateLimitWindowMs: 60_000, sessionIdleMs: 12 * 60 * 60 * 1000 });

      expect((await run(ends - 1)).ran).toBe(true);
      expect(await exists(ana)).toBe(true);
      const report = await run(ends);
      expect(report.leads.map((lead) => lead.reference)).toEqual([ana]);
      expect(await exists(ana)).toBe(false);
      expect(await exists(ben)).toBe(true);

      // Ben's new agreement is asked about again, once, a month before it runs out.
      now = consentEnds(renewed) - applicants.poolAskDaysBefore * day - 1;
      expect(await renewal.runOnce()).toBe(0);
      now += 1;
      expect(await renewal.runOnce()).toBe(1);
      expect(await renewal.runOnce()).toBe(0);
      expect((await run(consentEnds(renewed) - 1)).leads).toEqual([]);
      expect((await run(consentEnds(renewed))).leads.map((lead) => lead.reference)).toEqual([ben]);
    });
  },
);
