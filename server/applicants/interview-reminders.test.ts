// The applicant's reminder before an interview, against a real SQLite file and the real PostgreSQL
// server, with two server processes sharing one database, a real SMTP server on loopback and the clock
// moved by hand: it goes once, 24 hours before; never after a cancellation, for an interview whose time
// has passed, or when the invitation itself went out inside those 24 hours.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applicants } from "#core/config/applicants.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  deliverAll,
  type Harness,
  postApplication,
  startHarness,
  TestSmtp,
} from "../../tests/support/harness.ts";
import type { ApplicantLinks } from "../delivery/emails.ts";
import { createLogger } from "../observability/logger.ts";
import { applicantLinkKey, applicantLinkUrl } from "../protection/applicant-link.ts";
import { invite as inviteStaff } from "../workspace/team.ts";
import type { InterviewForm } from "./interview-form.ts";
import { createInterviewReminders } from "./interview-reminders.ts";
import { createInterviews } from "./interviews.ts";

const applicationsInbox = "jobs@cottonopolis.example";
const publicUrl = "https://www.cottonopolis.example";
const hour = 60 * 60 * 1000;
const quiet = createLogger("silent");

const links: ApplicantLinks = (application, at) => ({
  url: applicantLinkUrl(applicantLinkKey("a-test-secret"), publicUrl, application, at, 90),
  expiresAt: at + 90 * 24 * hour,
});

function form(date: string, time = "10:00"): InterviewForm {
  return {
    date,
    time,
    minutes: "30",
    placeKind: "phone",
    place: "07700 900123",
    meetWith: "Olive",
    note: "",
  };
}

describe.each<Dialect>(["sqlite", "postgres"])(
  "interview reminders on %s",
  { timeout: 30_000 },
  (dialect) => {
    const smtp = new TestSmtp();
    let h: Harness;
    let second: Harness | null = null;
    let now = Date.parse("2027-04-01T09:00:00Z");

    beforeEach(async () => {
      await smtp.start();
      smtp.messages = [];
      now = Date.parse("2027-04-01T09:00:00Z");
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

    async function application(email: string) {
      const response = await postApplication(h.url, applicationForm(applicationFields({ email })));
      const { message } = (await response.json()) as { message: string };
      return /APP-[0-9A-Z]{6}/.exec(message)?.[0] ?? "";
    }

    async function delivered() {
      await deliverAll(h);
      return smtp.messages;
    }

    it("reminds once, 24 hours before, with two processes and after a restart; again once for a moved interview; never for a cancelled or past one, nor when the invitation was the reminder", async () => {
      const { staffId } = await inviteStaff(
        h.services.db,
        { email: "olive@cottonopolis.example", name: "Olive" },
        now,
      );
      const olive = { id: staffId };
      const interviews = createInterviews({
        db: h.services.db,
        applicantLinks: links,
        replyTo: applicationsInbox,
        clock: () => now,
      });
      const kept = await application("kept@example.co.uk");
      const cancelled = await application("cancelled@example.co.uk");
      const missed = await application("missed@example.co.uk");
      const late = await application("late@example.co.uk");
      // Tuesday 6 April 2027, 10:00 BST is 09:00 UTC.
      const keptInterview = await interviews.invite(kept, form("2027-04-06"), olive);
      const cancelledInterview = await interviews.invite(cancelled, form("2027-04-06", "11:00"), olive);
      const missedInterview = await interviews.invite(missed, form("2027-04-03"), olive);
      if (!keptInterview.ok || !cancelledInterview.ok || !missedInterview.ok) throw new Error("not invited");
      expect((await interviews.cancel(cancelled, cancelledInterview.value.uid, olive)).ok).toBe(true);
      await delivered();
      smtp.messages = [];

      second = await startHarness(dialect, {}, { sharing: h });
      const onEach = (harness: Harness) =>
        createInterviewReminders({
          db: harness.services.db,
          logger: quiet,
          applicantLinks: links,
          replyTo: applicationsInbox,
          clock: () => now,
        });
      const processes = [onEach(h), onEach(second)];
      const runBoth = async () =>
        (await Promise.all(processes.map((p) => p.runOnce()))).reduce((a, b) => a + b, 0);

      // The server was down while the missed interview's reminder was due, and came back after its time.
      now = Date.parse("2027-04-03T09:00:01Z");
      expect(await runBoth()).toBe(0);

      const start = Date.parse("2027-04-06T09:00:00Z");
      const before = applicants.interviewReminderHours * hour;
      now = start - before - 60_000;
      expect(await runBoth()).toBe(0);
      now = start - before;
      expect(await runBoth()).toBe(1);
      expect(await runBoth()).toBe(0);
      // A restart: a new process with a new lease holder finds nothing more to send.
      expect(await onEach(h).runOnce()).toBe(0);
      now = start - hour;
      expect(await runBoth()).toBe(0);

      const reminders = (await delivered()).filter((mail) => /^Reminder:/.test(mail.parsed.subject ?? ""));
      expect(reminders.map((mail) => mail.envelopeTo)).toEqual([["kept@example.co.uk"]]);
      const [reminder] = reminders;
      expect(reminder?.parsed.subject).toBe(
        `Reminder: your interview on Tuesday 6 April 2027 at 10:00 (${kept})`,
      );
      expect(reminder?.parsed.replyTo?.value[0]?.address).toBe(applicationsInbox);
      expect(reminder?.parsed.text).toContain("When: Tuesday 6 April 2027, 10:00 to 10:30 (UK time)");
      expect(reminder?.parsed.text).toContain("Where: By phone: we will call you on 07700 900123");
      expect(reminder?.parsed.text).toContain(`${publicUrl}/your-application?link=${kept}.`);
      // Words only: the calendar already holds the interview.
      expect(reminder?.parsed.attachments.some((a) => a.filename === "invitation.ics")).toBe(false);
      const [row] = await h.services.db.all<{ purpose: string; n: number }>(
        "SELECT purpose, COUNT(*) AS n FROM outbox WHERE reference = ? AND purpose = 'interview-reminder' GROUP BY purpose",
        [kept],
      );
      expect(Number(row?.n)).toBe(1);

      // Moved to a day later: the new time gets its own reminder, once.
      now = start - 2 * hour;
      expect((await interviews.move(kept, keptInterview.value.uid, form("2027-04-07"), olive)).ok).toBe(true);
      now = start + 24 * hour - before;
      expect(await runBoth()).toBe(1);
      expect(await runBoth()).toBe(0);

      // Invited less than 24 hours ahead: the invitation is the reminder.
      now = Date.parse("2027-04-08T09:00:00Z");
      const lateInterview = await interviews.invite(late, form("2027-04-08", "15:00"), olive);
      expect(lateInterview.ok).toBe(true);
      now = Date.parse("2027-04-08T13:00:00Z");
      expect(await runBoth()).toBe(0);

      const sent = await h.services.db.all<{ reference: string }>(
        "SELECT reference FROM outbox WHERE purpose = 'interview-reminder' ORDER BY id",
      );
      expect(sent.map((mail) => mail.reference)).toEqual([kept, kept]);
    });
  },
);
