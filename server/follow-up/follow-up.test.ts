// Routing, the reply clock, replies from the workspace and the morning summary, against a real SQLite
// file and the real PostgreSQL server, with a real SMTP server on loopback and the clock moved by hand.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { site } from "#core/config/site.ts";
import {
  type Dialect,
  deliverAll,
  type Harness,
  postEnquiry,
  startHarness,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { overdueCount } from "../leads/waiting.ts";
import { purge } from "../lifecycle/purge.ts";
import { createLogger } from "../observability/logger.ts";
import { listLeads } from "../tables/leads/search.ts";
import type { StaffMember } from "../workspace/sessions.ts";
import { idleTimeoutMs } from "../workspace/sessions.ts";
import { createFollowUp } from "./follow-up.ts";

const hour = 60 * 60 * 1000;
const companyInbox = "office@cottonopolis.example";
const applicationsInbox = "jobs@cottonopolis.example";
const quiet = createLogger("silent");

describe.each<Dialect>(["sqlite", "postgres"])(
  "routing and the reply clock on %s",
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
        ENQUIRIES_TO: companyInbox,
        APPLICATIONS_TO: applicationsInbox,
        PUBLIC_URL: "https://www.cottonopolis.example",
      });
    });
    afterEach(async () => {
      await second?.close();
      second = null;
      await h.close();
      await smtp.stop();
    });

    const workspace = () => h.services.app.workspace;

    /** A member of staff, as the workspace's methods take them. */
    async function member(name: string, options: { admin?: boolean; routes?: string[] } = {}) {
      const email = `${name.toLowerCase()}@cottonopolis.example`;
      const { staffId } = await (await import("../workspace/team.ts")).invite(
        h.services.db,
        { email, name, admin: options.admin ?? false },
        Date.now(),
      );
      if (options.routes) {
        const saved = await workspace().saveNotifications(staffId, options.routes);
        expect(saved.ok).toBe(true);
      }
      const me: StaffMember = {
        id: staffId,
        email,
        name,
        isAdmin: options.admin ?? false,
        sessionHash: "",
        confirmedAt: 0,
      };
      return me;
    }

    async function enquiry(fields: Record<string, unknown> = {}) {
      const response = await postEnquiry(h.url, validEnquiry(fields));
      expect(response.status).toBe(200);
      const { message } = (await response.json()) as { message: string };
      const reference = /ENQ-[0-9A-Z]{6}/.exec(message)?.[0] ?? "";
      const [row] = await h.services.db.all<{ created_at: number }>(
        "SELECT created_at FROM enquiries WHERE reference = ?",
        [reference],
      );
      return { reference, createdAt: Number(row?.created_at) };
    }

    /** Waits until the queue is empty of e-mails, and returns what the SMTP server received with `subject`. */
    async function delivered() {
      await deliverAll(h);
      return smtp.messages;
    }

    const sentTo = (subject: RegExp) =>
      smtp.messages
        .filter((m) => subject.test(m.parsed.subject ?? ""))
        .flatMap((m) => m.envelopeTo)
        .sort();

    it("sends each new lead's staff e-mail only to the people who receive its service, else to ENQUIRIES_TO; one receiver owns it", async () => {
      const cleaner = await member("Cleo", { routes: ["enquiry:cleaning"] });
      await member("Sam", { routes: ["enquiry:security", "application"] });
      await member("Tess", { routes: ["enquiry:security"] });

      const cleaning = await enquiry({ service: "cleaning" });
      const security = await enquiry({ service: "security" });
      const unrouted = await enquiry({ service: "warehouse" });
      await delivered();

      expect(sentTo(new RegExp(`New enquiry ${cleaning.reference}`))).toEqual(["cleo@cottonopolis.example"]);
      expect(sentTo(new RegExp(`New enquiry ${security.reference}`))).toEqual([
        "sam@cottonopolis.example",
        "tess@cottonopolis.example",
      ]);
      expect(sentTo(new RegExp(`New enquiry ${unrouted.reference}`))).toEqual([companyInbox]);

      // Exactly one receiver: theirs from the start, and the timeline says so. Two: nobody's yet.
      expect(await workspace().inbox.ownerOf(cleaning.reference)).toMatchObject({ ownerId: cleaner.id });
      expect(await workspace().inbox.ownerOf(security.reference)).toMatchObject({ ownerId: null });
      const lead = await workspace().inbox.open(cleaning.reference, cleaner);
      expect(lead?.timeline.map((event) => [event.action, event.detail])).toContainEqual([
        "owner-changed",
        "Cleo",
      ]);
      const mine = await workspace().inbox.list({ owner: "mine" }, cleaner);
      expect(mine.rows.map((row) => row.reference)).toEqual([cleaning.reference]);
      // The CSV export of the same filter holds the same lead.
      const exported = await workspace().inbox.export({ owner: "mine" }, cleaner);
      expect(exported.count).toBe(1);
      expect(exported.csv).toContain(cleaning.reference);
      const unassigned = await workspace().inbox.list({ owner: "unassigned" }, cleaner);
      expect(unassigned.rows.map((row) => row.reference).sort()).toEqual(
        [security.reference, unrouted.reference].sort(),
      );
    });

    it("reminds the owner once, 4 hours before a lead is due, and escalates once to administrators when it is overdue; never twice with two processes", async () => {
      const owner = await member("Olive", { routes: ["enquiry:cleaning"] });
      await member("Ada", { admin: true });
      await member("Abe", { admin: true });
      const lead = await enquiry({ service: "cleaning" });
      const answered = await enquiry({ service: "cleaning" });
      await workspace().inbox.changeStatus(answered.reference, "contacted", owner);
      await delivered();
      smtp.messages = [];

      second = await startHarness(dialect, {}, { sharing: h });
      let now = lead.createdAt;
      const onEach = (harness: Harness) =>
        createFollowUp({
          db: harness.services.db,
          logger: quiet,
          routing: {
            enquiriesTo: companyInbox,
            applicationsTo: applicationsInbox,
            publicUrl: "https://www.cottonopolis.example",
          },
          clock: () => now,
        });
      const processes = [onEach(h), onEach(second)];
      const runBoth = async () =>
        (await Promise.all(processes.map((p) => p.runOnce()))).reduce((a, b) => a + b, 0);

      const promise = site.replyClock.promiseHours * hour;
      now = lead.createdAt + promise - site.replyClock.reminderHours * hour - 60_000;
      expect(await runBoth()).toBe(0);

      now += 60_000;
      expect(await runBoth()).toBe(1);
      expect(await runBoth()).toBe(0);
      now += hour;
      expect(await runBoth()).toBe(0);
      await delivered();
      const reminders = smtp.messages.filter((m) => /Reply due within/.test(m.parsed.subject ?? ""));
      expect(reminders.map((m) => m.envelopeTo)).toEqual([["olive@cottonopolis.example"]]);
      expect(reminders[0]?.parsed.subject).toContain(lead.reference);
      expect(reminders[0]?.parsed.text).toContain(
        `https://www.cottonopolis.example/staff/leads/${lead.reference}`,
      );

      now = lead.createdAt + promise - 1;
      expect(await runBoth()).toBe(0);
      now = lead.createdAt + promise;
      expect(await runBoth()).toBe(2);
      expect(await runBoth()).toBe(0);
      // A restart: a new process with a new lease holder finds nothing more to send.
      expect(await onEach(h).runOnce()).toBe(0);
      await delivered();
      const escalations = smtp.messages.filter((m) => /^Overdue:/.test(m.parsed.subject ?? ""));
      expect(escalations.flatMap((m) => m.envelopeTo).sort()).toEqual([
        "abe@cottonopolis.example",
        "ada@cottonopolis.example",
      ]);
      expect(escalations[0]?.parsed.text).toContain(`/staff/leads/${lead.reference}`);

      // Nothing at all about the lead that was answered, and both e-mails are on the lead's timeline.
      expect(smtp.messages.some((m) => (m.parsed.subject ?? "").includes(answered.reference))).toBe(false);
      const timeline = (await workspace().inbox.open(lead.reference, owner))?.timeline ?? [];
      expect(timeline.filter((e) => e.action === "mail-sent").map((e) => e.detail)).toEqual(
        expect.arrayContaining(["reminder", "escalation"]),
      );
      // The inbox's Overdue filter and the count on every workspace page see the same lead at the same moment.
      const overdue = await listLeads(h.services.db, { overdue: true }, { me: null, now });
      expect(overdue.rows.map((row) => row.reference)).toEqual([lead.reference]);
      expect(await overdueCount(h.services.db, now)).toBe(1);
      expect(await overdueCount(h.services.db, lead.createdAt + promise - 1)).toBe(0);
    });

    it("reminds everyone who receives an unassigned lead, and with no administrator escalates to the company inbox", async () => {
      await member("Sam", { routes: ["enquiry:security"] });
      await member("Tess", { routes: ["enquiry:security"] });
      const lead = await enquiry({ service: "security" });
      await delivered();
      smtp.messages = [];
      let now = lead.createdAt + (site.replyClock.promiseHours - site.replyClock.reminderHours) * hour;
      const followUp = createFollowUp({
        db: h.services.db,
        logger: quiet,
        routing: {
          enquiriesTo: companyInbox,
          applicationsTo: applicationsInbox,
          publicUrl: "https://x.example",
        },
        clock: () => now,
      });
      expect(await followUp.runOnce()).toBe(2);
      now = lead.createdAt + site.replyClock.promiseHours * hour;
      expect(await followUp.runOnce()).toBe(1);
      await delivered();
      expect(sentTo(/^Reply due within/)).toEqual(["sam@cottonopolis.example", "tess@cottonopolis.example"]);
      expect(sentTo(/^Overdue:/)).toEqual([companyInbox]);
    });

    it("never reminds about spam, nor about a lead answered by a reply", async () => {
      const owner = await member("Olive", { routes: ["enquiry:cleaning"] });
      await member("Ada", { admin: true });
      const spam = await enquiry({ service: "cleaning", website: "http://spam.example" });
      const replied = await enquiry({ service: "cleaning" });
      const reply = await workspace().inbox.sendReply(
        replied.reference,
        { subject: "Your enquiry", body: "Thank you, we can help." },
        owner,
      );
      expect(reply.ok).toBe(true);
      await delivered();
      smtp.messages = [];
      const followUp = createFollowUp({
        db: h.services.db,
        logger: quiet,
        routing: {
          enquiriesTo: companyInbox,
          applicationsTo: applicationsInbox,
          publicUrl: "https://x.example",
        },
        clock: () => replied.createdAt + 3 * 24 * hour,
      });
      expect(await followUp.runOnce()).toBe(0);
      await delivered();
      expect(smtp.messages).toEqual([]);
      expect(spam.reference).toMatch(/^ENQ-/);
    });

    it("sends a reply from the workspace from the company's address, with Reply-To the company inbox; the lead moves to Contacted and the timeline says who", async () => {
      const owner = await member("Olive", { routes: ["enquiry:cleaning"] });
      const lead = await enquiry({ service: "cleaning", email: "buyer@example.co.uk" });
      await delivered();
      smtp.messages = [];
      const subject = `Your enquiry to ${site.brand} (${lead.reference})`;
      const outcome = await workspace().inbox.sendReply(
        lead.reference,
        { subject, body: "Dear Aisha,\n\nWe can start on Monday.\n\nOlive" },
        owner,
      );
      expect(outcome).toEqual({ ok: true, value: { contacted: true } });
      const [mail] = await delivered();
      expect(mail?.envelopeTo).toEqual(["buyer@example.co.uk"]);
      expect(mail?.parsed.subject).toBe(subject);
      expect(mail?.parsed.from?.value[0]?.address).toBe(site.email);
      expect(mail?.parsed.replyTo?.value[0]?.address).toBe(companyInbox);
      expect(mail?.parsed.text).toContain("We can start on Monday.");

      const detail = await workspace().inbox.open(lead.reference, owner);
      expect(detail?.status).toBe("contacted");
      const replied = detail?.timeline.find((event) => event.action === "reply-sent");
      expect(replied?.who).toBe("Olive");
      expect(detail?.timeline.find((event) => event.action === "status-changed")?.detail).toBe(
        "new → contacted",
      );
      const [stored] = await workspace().inbox.replies(lead.reference);
      expect(stored).toMatchObject({ author: "Olive", subject, state: "sent" });
      expect((await workspace().inbox.ownerOf(lead.reference))?.answeredAt).not.toBeNull();

      // Bad input is refused with words; nothing is queued.
      const empty = await workspace().inbox.sendReply(lead.reference, { subject: " ", body: "x" }, owner);
      expect(empty).toMatchObject({ ok: false, problem: "Write a subject for the reply." });

      // A request for the person's data shows the reply, with its words and who wrote it.
      const person = await h.services.app.people.find("buyer@example.co.uk");
      expect(person.leads.flatMap((found) => found.replies)).toMatchObject([
        { author: "Olive", subject, body: expect.stringContaining("We can start on Monday.") },
      ]);

      // When the retention rules delete the lead, the reply's words go with it.
      const report = await purge(h.services.db, {
        asOf: Date.now() + 10 * 365 * 24 * hour,
        rateLimitWindowMs: hour,
        sessionIdleMs: idleTimeoutMs,
      });
      expect(report.leads.map((due) => due.reference)).toContain(lead.reference);
      const [left] = await h.services.db.all<{ n: number }>(
        "SELECT COUNT(*) AS n FROM replies WHERE reference = ?",
        [lead.reference],
      );
      expect(Number(left?.n)).toBe(0);
    });

    it("sends the morning summary once per person per day, at 08:00 UK time Monday to Saturday, and none when there is nothing to report", async () => {
      const reader = await member("Rita");
      const idle = await member("Ivan");
      await workspace().setDailySummary(reader, true);
      await workspace().setDailySummary(idle, true);
      // Ivan asked for his long ago: nothing new since, and (below) nothing waiting for an answer.
      const lead = await enquiry({ service: "cleaning" });
      await h.services.db.run("UPDATE staff SET summary_since = ? WHERE id = ?", [
        lead.createdAt + 1,
        idle.id,
      ]);
      await h.services.db.run("UPDATE staff SET summary_since = ? WHERE id = ?", [
        lead.createdAt - 1,
        reader.id,
      ]);
      // Answered, so only "new since the last summary" has something for Rita.
      await workspace().inbox.changeStatus(lead.reference, "contacted", reader);
      await delivered();
      smtp.messages = [];

      second = await startHarness(dialect, {}, { sharing: h });
      // 2037-11-28 is a Saturday, after any lead the test makes now; 08:00 in London is 08:00 UTC in November.
      let now = Date.parse("2037-11-28T07:59:00Z");
      const make = (harness: Harness) =>
        createFollowUp({
          db: harness.services.db,
          logger: quiet,
          routing: {
            enquiriesTo: companyInbox,
            applicationsTo: applicationsInbox,
            publicUrl: "https://x.example",
          },
          clock: () => now,
        });
      const processes = [make(h), make(second)];
      const runBoth = async () =>
        (await Promise.all(processes.map((p) => p.runOnce()))).reduce((a, b) => a + b, 0);
      expect(await runBoth()).toBe(0);
      now = Date.parse("2037-11-28T08:00:00Z");
      expect(await runBoth()).toBe(1);
      now += 30 * 60_000;
      expect(await runBoth()).toBe(0);
      await delivered();
      expect(smtp.messages.map((m) => m.envelopeTo)).toEqual([["rita@cottonopolis.example"]]);
      expect(smtp.messages[0]?.parsed.text).toContain(`https://x.example/staff/leads/${lead.reference}`);

      // Sunday: none; Monday: nothing new for anyone, so nothing at all.
      now = Date.parse("2037-11-29T08:00:00Z");
      expect(await runBoth()).toBe(0);
      now = Date.parse("2037-11-30T08:05:00Z");
      expect(await runBoth()).toBe(0);
    });

    it("tells administrators in their morning summary that an accreditation runs out soon, and nobody else", async () => {
      const admin = await member("Ada", { admin: true });
      const colleague = await member("Nora");
      await workspace().setDailySummary(admin, true);
      await workspace().setDailySummary(colleague, true);
      // 19 February 2031, a Wednesday, 08:00 in London: twelve days before the SIA's scheme runs out.
      const followUp = createFollowUp({
        db: h.services.db,
        logger: quiet,
        routing: {
          enquiriesTo: companyInbox,
          applicationsTo: applicationsInbox,
          publicUrl: "https://x.example",
        },
        clock: () => Date.parse("2031-02-19T08:00:00Z"),
      });
      expect(await followUp.runOnce()).toBe(1);
      await delivered();
      const summaries = smtp.messages.filter((m) => /leads this morning/.test(m.parsed.subject ?? ""));
      expect(summaries.map((m) => m.envelopeTo)).toEqual([["ada@cottonopolis.example"]]);
      expect(summaries[0]?.parsed.subject).toContain("an accreditation to renew");
      expect(summaries[0]?.parsed.text).toContain(
        "URGENT: SIA Approved Contractor Scheme runs out on 3 March 2031, in 12 days: renew it and update the site's list.",
      );
      // It leads to the accreditation's edit page in Site content.
      expect(summaries[0]?.parsed.text).toContain(
        "https://x.example/staff/content/accreditation/sia-approved-contractor-scheme",
      );
    });
  },
);
