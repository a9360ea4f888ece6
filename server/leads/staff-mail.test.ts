// The caps on the e-mails staff write, across every screen that writes one: replies, stage e-mails, a
// vacancy's "not this time" and interviews' invitations, moves and cancellations count against one
// budget per person and one per lead, each recipient once; past a cap the next is refused, whichever kind
// it is, and the administrators are told once. Every such e-mail names its lead in the subject. Against a
// real SQLite file and the real PostgreSQL server, with the clock moved by hand and the caps lowered.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { staffLimits } from "#core/config/staff-limits.ts";
import { londonDate } from "#core/vacancies/model.ts";
import { type Dialect, type Harness, startHarness } from "../../tests/support/harness.ts";
import { addStaff, count, sendApplication, sendEnquiry, setLead } from "../../tests/support/lifecycle.ts";
import { createInterviews } from "../applicants/interviews.ts";
import { createRecruitment } from "../applicants/recruitment.ts";
import type { ApplicantLinks } from "../delivery/emails.ts";
import { sendReply } from "../workspace/replies.ts";
import { withReference } from "./staff-mail.ts";

const inbox = "jobs@cottonopolis.example";
const minute = 60 * 1000;
const day = 24 * 60 * minute;
// Lowered, as the caps' own tests do, so a handful of e-mails reach them.
const limits = { ...staffLimits, emailsPerLeadPerDay: 3, emailsPerPersonPerHour: 6 };
// Every e-mail to an applicant ends with their link; its making is the links' own tests' business.
const links: ApplicantLinks = (_application, at) => ({
  url: "https://www.cottonopolis.example/your-application?link=test",
  expiresAt: at + 90 * day,
});

/** An interview as staff book it on the application's page. */
const interviewOn = (date: string) => ({
  date,
  time: "10:00",
  minutes: "45",
  placeKind: "office",
  place: "",
  meetWith: "Olive Hughes",
  note: "Please bring your passport.",
});

describe.each<Dialect>(["sqlite", "postgres"])(
  "the caps on every e-mail staff write on %s",
  { timeout: 60_000 },
  (dialect) => {
    let h: Harness;
    // Friday 19 March 2027, 12:00 UTC: the interviews below are the week after.
    let now = Date.parse("2027-03-19T12:00:00Z");

    beforeEach(async () => {
      now = Date.parse("2027-03-19T12:00:00Z");
      h = await startHarness(dialect, { APPLICATIONS_TO: inbox });
    });
    afterEach(async () => {
      await h.close();
    });

    const recruitment = () =>
      createRecruitment({
        db: h.services.db,
        applicantLinks: links,
        replyTo: inbox,
        clock: () => now,
        confirmationWindowMs: 15 * minute,
        limits,
      });
    const interviews = () =>
      createInterviews({
        db: h.services.db,
        applicantLinks: links,
        replyTo: inbox,
        clock: () => now,
        limits,
      });
    const reply = (reference: string, staffId: number, subject = "About your application") =>
      sendReply(h.services.db, {
        reference,
        subject,
        body: "Thank you for getting in touch.",
        staffId,
        now,
        replyTo: { enquiry: inbox, application: inbox },
        limits,
      });

    async function publishVacancy(staffId: number, title: string): Promise<string> {
      const saved = await h.services.app.vacancies.save(
        null,
        {
          title,
          service: "warehouse",
          location: "Trafford Park, Manchester",
          postcode: "M17 1AA",
          employmentType: "TEMPORARY",
          payFrom: 12.21,
          payTo: 13.5,
          payPeriod: "HOUR",
          hours: "Nights",
          description: "Picking and packing.",
          closesOn: londonDate(Date.now() + 10 * day),
        },
        "publish",
        staffId,
      );
      if (!saved.ok) throw new Error(saved.problem);
      return saved.vacancy.reference;
    }

    async function statusOf(reference: string) {
      const [row] = await h.services.db.all<{ status: string }>(
        "SELECT status FROM applications WHERE reference = ?",
        [reference],
      );
      return row?.status;
    }

    /** The administrators' e-mails about someone reaching a cap. */
    const notices = () =>
      h.services.db.all<{ subject: string; body: string }>(
        "SELECT subject, body FROM outbox WHERE purpose = 'staff-security' AND subject LIKE ?",
        ["%reached an e-mail limit"],
      );

    it("counts replies, stage e-mails, 'not this time' and interview mail in one budget, and refuses the next of any kind", async () => {
      const admin = await addStaff(h, "Ada Admin");
      await h.services.db.run("UPDATE staff SET is_admin = 1 WHERE id = ?", [admin]);
      const rhea = await addStaff(h, "Rhea Recruiter");
      const vacancy = await publishVacancy(rhea, "Warehouse Operative");
      const [ana, ben, cat] = [
        await sendApplication(h, { firstName: "Ana", vacancy }),
        await sendApplication(h, { firstName: "Ben", vacancy }),
        await sendApplication(h, { firstName: "Cat", vacancy }),
      ] as [string, string, string];
      const staged = await sendApplication(h, { firstName: "Stan" });
      await setLead(h, staged, { status: "interview" });
      const interviewee = await sendApplication(h, { firstName: "Ivy" });
      const enquiry = await sendEnquiry(h);
      const me = { id: rhea, confirmedAt: now };
      const tell = (references: string[]) =>
        recruitment().sendNotThisTime(vacancy, { references, subject: "Filled", body: "Thank you." }, me);

      // Four e-mails of four kinds: a reply, a stage e-mail, an invitation and its move.
      expect((await reply(enquiry, rhea)).ok).toBe(true);
      const stage = await recruitment().sendStageEmail(
        staged,
        { stage: "interview", subject: "We would like to meet you", body: "Please come in." },
        me,
      );
      expect(stage.ok).toBe(true);
      const invited = await interviews().invite(interviewee, interviewOn("2027-03-26"), me);
      if (!invited.ok) throw new Error(invited.problem);
      expect(
        (await interviews().move(interviewee, invited.value.uid, interviewOn("2027-03-29"), me)).ok,
      ).toBe(true);

      // Two left in the hour: a "not this time" to three is refused whole, saying how many may go now.
      const tooMany = await tell([ana, ben, cat]);
      expect(tooMany).toMatchObject({ ok: false, limited: true, alerted: false });
      if (tooMany.ok) throw new Error("sent");
      expect(tooMany.problem).toContain("You may send 2 more e-mails in this hour");
      expect(tooMany.problem).toContain("nothing was sent");
      for (const reference of [ana, ben, cat]) expect(await statusOf(reference)).toBe("new");
      expect(await tell([ana, ben])).toEqual({ ok: true, value: { sent: 2, skipped: 0, heldBack: 0 } });

      // Six in the hour: the next of every kind is refused, and the administrators are told once.
      const cancel = await interviews().cancel(interviewee, invited.value.uid, me);
      expect(cancel).toMatchObject({ ok: false, limited: true, alerted: true });
      if (cancel.ok) throw new Error("cancelled");
      expect(cancel.problem).toContain("You have sent 6 e-mails in the last hour");
      expect((await interviews().forApplication(interviewee))[0]?.state).toBe("coming");
      expect(await reply(enquiry, rhea)).toMatchObject({ ok: false, limited: true, alerted: false });
      expect(await tell([cat])).toMatchObject({ ok: false, limited: true, alerted: false });
      expect(await statusOf(cat)).toBe("new");
      expect(await interviews().invite(staged, interviewOn("2027-03-30"), me)).toMatchObject({
        ok: false,
        limited: true,
      });
      await setLead(h, staged, { status: "hired" });
      expect(
        await recruitment().sendStageEmail(
          staged,
          { stage: "hired", subject: "Welcome", body: "Welcome." },
          me,
        ),
      ).toMatchObject({ ok: false, limited: true });
      expect(await count(h, "staff_mail", "staff_id = ?", [rhea])).toBe(6);
      const told = await notices();
      expect(told).toHaveLength(1);
      expect(told[0]?.subject).toContain("Rhea Recruiter reached an e-mail limit");
      expect(told[0]?.body).toContain("reached the limit of 6 e-mails in an hour");

      // Someone else still writes to the same people; each lead has its own daily cap across kinds.
      const sam = { id: await addStaff(h, "Sam Second"), confirmedAt: now };
      expect((await interviews().cancel(interviewee, invited.value.uid, sam)).ok).toBe(true);
      const fourth = await reply(interviewee, sam.id);
      expect(fourth).toMatchObject({ ok: false, limited: true, cap: "lead" });
      if (fourth.ok) throw new Error("sent");
      expect(fourth.problem).toContain("This lead has had 3 e-mails from us in the last 24 hours");

      // An hour on, Rhea's allowance is back.
      now += 61 * minute;
      expect(await tell([cat])).toEqual({ ok: true, value: { sent: 1, skipped: 0, heldBack: 0 } });
      expect((await reply(enquiry, rhea)).ok).toBe(true);
    });

    it("puts the lead's reference in the subject of every kind of e-mail staff write", async () => {
      const staffId = await addStaff(h, "Rhea Reference");
      const me = { id: staffId, confirmedAt: now };
      const vacancy = await publishVacancy(staffId, "Night Cleaner");
      const told = [
        await sendApplication(h, { firstName: "Ana", vacancy }),
        await sendApplication(h, { firstName: "Ben", vacancy }),
      ];
      const staged = await sendApplication(h, { firstName: "Stan" });
      await setLead(h, staged, { status: "interview" });
      const interviewee = await sendApplication(h, { firstName: "Ivy" });
      const enquiry = await sendEnquiry(h);
      // Seven e-mails in all: the last goes an hour on, as the lowered caps allow one person six an hour.

      expect((await reply(enquiry, staffId, "Your quote")).ok).toBe(true);
      expect(
        (
          await recruitment().sendStageEmail(
            staged,
            { stage: "interview", subject: "We would like to meet you", body: "Please come in." },
            me,
          )
        ).ok,
      ).toBe(true);
      expect(
        await recruitment().sendNotThisTime(
          vacancy,
          { references: told, subject: "The role has been filled", body: "Thank you." },
          me,
        ),
      ).toMatchObject({ ok: true, value: { sent: 2 } });
      const invited = await interviews().invite(interviewee, interviewOn("2027-03-26"), me);
      if (!invited.ok) throw new Error(invited.problem);
      expect(
        (await interviews().move(interviewee, invited.value.uid, interviewOn("2027-03-29"), me)).ok,
      ).toBe(true);
      now += 61 * minute;
      expect((await interviews().cancel(interviewee, invited.value.uid, me)).ok).toBe(true);

      const subjects = async (reference: string) =>
        (
          await h.services.db.all<{ subject: string }>(
            "SELECT subject FROM outbox WHERE reference = ? AND purpose IN ('reply', 'stage', 'interview') ORDER BY id",
            [reference],
          )
        ).map((row) => row.subject);
      expect(await subjects(enquiry)).toEqual([`Your quote (${enquiry})`]);
      expect(await subjects(staged)).toEqual([`We would like to meet you (${staged})`]);
      for (const reference of told) {
        expect(await subjects(reference)).toEqual([`The role has been filled (${reference})`]);
      }
      const interviewMail = await subjects(interviewee);
      expect(interviewMail).toHaveLength(3);
      for (const subject of interviewMail) expect(subject).toMatch(new RegExp(`\\(${interviewee}\\)$`));
    });
  },
);

describe("a subject with its lead's reference", () => {
  it("adds the reference unless the subject already names it, in any case", () => {
    expect(withReference("Your quote", "ENQ-AB12CD")).toBe("Your quote (ENQ-AB12CD)");
    expect(withReference("Re: enq-ab12cd visit", "ENQ-AB12CD")).toBe("Re: enq-ab12cd visit");
    expect(withReference("Filled (VAC-XY34ZW)", "APP-AB12CD")).toBe("Filled (VAC-XY34ZW) (APP-AB12CD)");
  });
});
