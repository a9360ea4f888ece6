// A vacancy's "not this time": one e-mail per ticked applicant still at New or Contacted, each moved to
// Unsuccessful with both on their own timeline; sent only by those allowed to publish vacancies, and to
// more than a few at once only after a fresh passkey confirmation. Against a real SQLite file and the
// real PostgreSQL server, with a real SMTP server on loopback.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applicantEmails } from "#core/config/applicant-emails.ts";
import { staffLimits } from "#core/config/staff-limits.ts";
import { mayNotTellApplicants } from "#core/vacancies/managing.ts";
import { londonDate } from "#core/vacancies/model.ts";
import {
  type Dialect,
  deliverAll,
  type Harness,
  startHarness,
  TestSmtp,
} from "../../tests/support/harness.ts";
import { addStaff, count, sendApplication, setLead } from "../../tests/support/lifecycle.ts";
import type { StaffMember } from "../workspace/sessions.ts";
import { fillTemplate } from "./stage-emails.ts";

const applicationsInbox = "jobs@cottonopolis.example";
const day = 24 * 60 * 60 * 1000;

describe.each<Dialect>(["sqlite", "postgres"])(
  "a vacancy's 'not this time' on %s",
  { timeout: 30_000 },
  (dialect) => {
    const smtp = new TestSmtp();
    let h: Harness;

    beforeEach(async () => {
      await smtp.start();
      smtp.messages = [];
      h = await startHarness(dialect, {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        APPLICATIONS_TO: applicationsInbox,
        PUBLIC_URL: "https://www.cottonopolis.example",
      });
    });
    afterEach(async () => {
      await h.close();
      await smtp.stop();
    });

    const recruitment = () => h.services.app.recruitment;

    async function delivered() {
      await deliverAll(h);
      return smtp.messages;
    }

    async function publishVacancy(staffId: number, title: string) {
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
      return saved.vacancy;
    }

    async function statusOf(reference: string) {
      const [row] = await h.services.db.all<{ status: string }>(
        "SELECT status FROM applications WHERE reference = ?",
        [reference],
      );
      return row?.status;
    }

    it("sends one message to each ticked applicant at New or Contacted, and skips the rest", async () => {
      const staffId = await addStaff(h, "Priya Shah");
      const me: StaffMember = {
        id: staffId,
        email: "",
        name: "Priya Shah",
        isAdmin: false,
        sessionHash: "",
        confirmedAt: 0,
      };
      const vacancy = await publishVacancy(staffId, "Warehouse Operative");
      const other = await publishVacancy(staffId, "Steward");
      const apply = (firstName: string, vacancyReference = vacancy.reference) =>
        sendApplication(h, { firstName, vacancy: vacancyReference });
      const ana = await apply("Ana");
      const ben = await apply("Ben");
      const cat = await apply("Cat");
      const dev = await apply("Dev");
      const eve = await apply("Eve");
      const elsewhere = await apply("Fay", other.reference);
      const general = await sendApplication(h, { firstName: "Gus" });
      await setLead(h, ben, { status: "contacted" });
      await setLead(h, dev, { status: "interview" });
      await setLead(h, eve, { status: "spam" });
      await h.services.app.vacancies.close(vacancy.reference, staffId);
      await delivered();
      smtp.messages = [];

      // Listed: the vacancy's own applicants still at New or Contacted, with its e-mail filled in.
      const waiting = await recruitment().waitingForVacancy(vacancy.reference);
      expect(waiting?.applicants.map((a) => [a.firstName, a.status]).sort()).toEqual([
        ["Ana", "new"],
        ["Ben", "contacted"],
        ["Cat", "new"],
      ]);
      const template = fillTemplate(applicantEmails.vacancyFilled, {
        vacancy: { title: vacancy.title, reference: vacancy.reference },
      });
      expect(waiting?.email).toEqual(template);
      expect(template.subject).toBe(`Warehouse Operative (${vacancy.reference}) has been filled`);

      // Ticked: Ana and Ben (to be told); Dev (at Interview), Fay (another vacancy's), Gus (no vacancy),
      // Eve (spam) and a reference that does not exist, each skipped. Cat is not ticked.
      const outcome = await recruitment().sendNotThisTime(
        vacancy.reference,
        {
          references: [ana, ben, dev, elsewhere, general, eve, "APP-ZZZZZZ", "nonsense", ana],
          subject: template.subject,
          body: `${template.body}\n\nWith thanks from the warehouse team.`,
        },
        me,
      );
      expect(outcome).toEqual({ ok: true, value: { sent: 2, skipped: 6, heldBack: 0 } });

      await delivered();
      const received = smtp.messages.map((m) => ({
        to: m.envelopeTo,
        subject: m.parsed.subject,
        replyTo: m.parsed.replyTo?.text,
        text: m.parsed.text ?? "",
      }));
      expect(received).toHaveLength(2);
      const emailOf = async (reference: string) =>
        (
          await h.services.db.all<{ email: string }>("SELECT email FROM applications WHERE reference = ?", [
            reference,
          ])
        )[0]?.email;
      for (const [reference, name] of [
        [ana, "Ana"],
        [ben, "Ben"],
      ] as const) {
        const mail = received.find((m) => m.text.startsWith(`Dear ${name},`));
        expect(mail, name).toBeTruthy();
        expect(mail?.to).toEqual([await emailOf(reference)]);
        // The template names the vacancy; each message also names the applicant's own application.
        expect(mail?.subject).toBe(`${template.subject} (${reference})`);
        expect(mail?.replyTo).toBe(applicationsInbox);
        expect(mail?.text).toContain(`${template.body}\n\nWith thanks from the warehouse team.`);
        expect(mail?.text).toContain("/your-application?link=");
        expect(await statusOf(reference)).toBe("unsuccessful");
        // The lead's timeline says both, in the member of staff's name, and its replies hold the words.
        const lead = await h.services.app.workspace.inbox.open(reference, me);
        const events = lead?.timeline.filter((e) => e.who === "Priya Shah").map((e) => [e.action, e.detail]);
        expect(events).toEqual(
          expect.arrayContaining([
            ["status-changed", `${reference === ben ? "contacted" : "new"} → unsuccessful`],
            ["stage-email-sent", "vacancy-filled"],
          ]),
        );
        const replies = await h.services.app.workspace.inbox.replies(reference);
        expect(replies.map((r) => [r.subject, r.state])).toEqual([
          [`${template.subject} (${reference})`, "sent"],
        ]);
        // Its lead page offers no second e-mail for Unsuccessful.
        expect((await recruitment().stageEmail(reference))?.sentAt).toEqual(expect.any(Number));
      }
      // Everyone else is as they were.
      expect(await statusOf(cat)).toBe("new");
      expect(await statusOf(dev)).toBe("interview");
      expect(await statusOf(elsewhere)).toBe("new");
      expect(await statusOf(general)).toBe("new");
      expect(await statusOf(eve)).toBe("spam");
      expect(
        (await recruitment().waitingForVacancy(vacancy.reference))?.applicants.map((a) => a.reference),
      ).toEqual([cat]);

      // Sent again to those already told, nothing goes: they are no longer at New or Contacted.
      expect(
        await recruitment().sendNotThisTime(
          vacancy.reference,
          { references: [ana, ben], subject: "Again", body: "Again" },
          me,
        ),
      ).toEqual({ ok: true, value: { sent: 0, skipped: 2, heldBack: 0 } });
    });

    it("refuses, in words, a send with nobody ticked, bad words or no such vacancy", async () => {
      const staffId = await addStaff(h);
      const me = { id: staffId, confirmedAt: Date.now() };
      const vacancy = await publishVacancy(staffId, "Cleaner");
      const ana = await sendApplication(h, { vacancy: vacancy.reference });
      const send = (references: string[], subject = "Filled", body = "Thank you.", ref = vacancy.reference) =>
        recruitment().sendNotThisTime(ref, { references, subject, body }, me);
      expect(await send([])).toMatchObject({
        ok: false,
        problem: "Tick the applicants to send the e-mail to.",
      });
      expect(await send([ana], "")).toMatchObject({ ok: false, problem: "Write a subject for the e-mail." });
      expect(await send([ana], "Filled", "  ")).toMatchObject({ ok: false });
      expect(await send([ana], "Filled", "Thanks", "VAC-ZZZZZZ")).toMatchObject({ ok: false, missing: true });
      expect(await statusOf(ana)).toBe("new");
      expect(await recruitment().waitingForVacancy("VAC-ZZZZZZ")).toBeNull();
    });

    it("refuses someone not allowed to publish vacancies, and lets an administrator send it", async () => {
      const allowed = await addStaff(h, "Vera Vacancies");
      const vacancy = await publishVacancy(allowed, "Kitchen Porter");
      const ana = await sendApplication(h, { firstName: "Ana", vacancy: vacancy.reference });
      const email = { references: [ana], subject: "Filled", body: "Thank you for applying." };

      // Not allowed (and not an administrator): refused in the words the page shows, nothing sent.
      const without = await addStaff(h, "Nico Nopermission", false);
      const refused = await recruitment().sendNotThisTime(vacancy.reference, email, {
        id: without,
        confirmedAt: Date.now(),
      });
      expect(refused).toEqual({ ok: false, forbidden: true, problem: mayNotTellApplicants });
      expect(await statusOf(ana)).toBe("new");
      expect(await count(h, "outbox", "reference = ? AND purpose = 'stage'", [ana])).toBe(0);

      // An administrator may, with or without the vacancies permission of their own.
      const admin = await addStaff(h, "Ada Admin", false);
      await h.services.db.run("UPDATE staff SET is_admin = 1 WHERE id = ?", [admin]);
      expect(
        await recruitment().sendNotThisTime(vacancy.reference, email, { id: admin, confirmedAt: Date.now() }),
      ).toEqual({ ok: true, value: { sent: 1, skipped: 0, heldBack: 0 } });
      expect(await statusOf(ana)).toBe("unsuccessful");
    });

    it(`asks for the passkey again to tell more than ${staffLimits.confirmNotThisTimeAbove} at once, and sends once confirmed`, async () => {
      const staffId = await addStaff(h, "Cora Confirm");
      const vacancy = await publishVacancy(staffId, "Event Steward");
      const many: string[] = [];
      for (let i = 0; i <= staffLimits.confirmNotThisTimeAbove; i++) {
        many.push(await sendApplication(h, { firstName: `Applicant${i}`, vacancy: vacancy.reference }));
      }
      const email = { references: many, subject: "Filled", body: "Thank you for applying." };
      const stale = Date.now() - 16 * 60 * 1000;

      // Confirmed over 15 minutes ago (or never): asked to confirm, and nobody is told.
      for (const confirmedAt of [0, stale]) {
        const asked = await recruitment().sendNotThisTime(vacancy.reference, email, {
          id: staffId,
          confirmedAt,
        });
        expect(asked).toMatchObject({ ok: false, confirm: true });
        if (asked.ok) throw new Error("sent");
        expect(asked.problem).toContain(
          `more than ${staffLimits.confirmNotThisTimeAbove} applicants at once`,
        );
      }
      for (const reference of many) expect(await statusOf(reference)).toBe("new");
      expect(await count(h, "staff_mail", "staff_id = ?", [staffId])).toBe(0);

      // Up to the threshold needs no confirmation.
      const few = many.slice(0, staffLimits.confirmNotThisTimeAbove);
      expect(
        await recruitment().sendNotThisTime(
          vacancy.reference,
          { ...email, references: few },
          {
            id: staffId,
            confirmedAt: stale,
          },
        ),
      ).toEqual({ ok: true, value: { sent: few.length, skipped: 0, heldBack: 0 } });

      // Just confirmed: every one of them goes (those already told are skipped).
      expect(
        await recruitment().sendNotThisTime(vacancy.reference, email, {
          id: staffId,
          confirmedAt: Date.now(),
        }),
      ).toEqual({ ok: true, value: { sent: 1, skipped: few.length, heldBack: 0 } });
      for (const reference of many) expect(await statusOf(reference)).toBe("unsuccessful");
    });
  },
);
