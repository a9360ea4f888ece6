// Limits on one staff account, on a real SQLite file and the real PostgreSQL server: the caps on the
// e-mails staff write, replies among them (counted from the database, so every process shares them), with
// one e-mail to the administrators per person and cap; invitations that change nothing until accepted; the vacancies permission; and the
// careers form refusing an application that names a vacancy closed long ago.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffLimits } from "#core/config/staff-limits.ts";
import { vacancyApplications } from "#core/config/vacancies.ts";
import { londonDate } from "#core/vacancies/model.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  postEnquiry,
  startHarness,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { addStaff } from "../../tests/support/lifecycle.ts";
import { acceptInvitation, invite, listTeam, revoke } from "./team.ts";
import { hashToken } from "./tokens.ts";
import type { StaffMember } from "./workspace.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];
const day = 24 * 60 * 60 * 1000;

describe.each(dialects)("limits for staff on %s", (dialect) => {
  let h: Harness;
  let adminEmail = "";

  beforeAll(async () => {
    h = await startHarness(dialect);
    adminEmail = `admin.${randomBytes(3).toString("hex")}@cottonopolis.example`;
    await invite(h.services.db, { email: adminEmail, name: "Alex Admin", admin: true }, Date.now());
  });
  afterAll(async () => {
    await h?.close();
  });

  async function enquiry(): Promise<string> {
    const response = await postEnquiry(h.url, validEnquiry());
    expect(response.status).toBe(200);
    const { message } = (await response.json()) as { message: string };
    return /ENQ-[0-9A-Z]{6}/.exec(message)?.[0] ?? "";
  }

  async function staffMember(name: string): Promise<StaffMember> {
    const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${randomBytes(3).toString("hex")}@cottonopolis.example`;
    const { staffId } = await invite(h.services.db, { email, name }, Date.now());
    return { id: staffId, email, name, isAdmin: false, sessionHash: "", confirmedAt: Date.now() };
  }

  /** The security notices queued for the administrator about one person. */
  async function noticesAbout(name: string) {
    return h.services.db.all<{ subject: string; body: string }>(
      "SELECT subject, body FROM outbox WHERE purpose = 'staff-security' AND to_address = ? AND subject LIKE ?",
      [adminEmail, `%${name} reached an e-mail limit`],
    );
  }

  const reply = (reference: string, me: StaffMember, subject = "About your enquiry") =>
    h.services.app.workspace.inbox.sendReply(
      reference,
      { subject, body: "Thank you for getting in touch." },
      me,
    );

  it("refuses the 6th reply to one lead in a day, and e-mails the administrators once", async () => {
    expect(staffLimits.emailsPerLeadPerDay).toBe(5);
    const me = await staffMember("Lena Lead");
    const reference = await enquiry();
    for (let i = 0; i < 5; i++) expect((await reply(reference, me)).ok).toBe(true);

    const sixth = await reply(reference, me);
    expect(sixth).toMatchObject({ ok: false, limited: true, alerted: true });
    if (sixth.ok) throw new Error("sent");
    expect(sixth.problem).toContain("5 e-mails from us in the last 24 hours");
    const seventh = await reply(reference, me);
    expect(seventh).toMatchObject({ ok: false, limited: true, alerted: false });

    const [stored] = await h.services.db.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM replies WHERE reference = ?",
      [reference],
    );
    expect(Number(stored?.n)).toBe(5);
    const notices = await noticesAbout("Lena Lead");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain(`tried to e-mail the person behind ${reference}`);
  });

  it("refuses the 101st reply one person sends in an hour", async () => {
    expect(staffLimits.emailsPerPersonPerHour).toBe(100);
    const me = await staffMember("Pat Person");
    for (let lead = 0; lead < 20; lead++) {
      const reference = await enquiry();
      for (let i = 0; i < 5; i++) expect((await reply(reference, me)).ok).toBe(true);
    }
    const hundredAndFirst = await reply(await enquiry(), me);
    expect(hundredAndFirst).toMatchObject({ ok: false, limited: true, alerted: true });
    if (hundredAndFirst.ok) throw new Error("sent");
    expect(hundredAndFirst.problem).toContain("100 e-mails in the last hour");
    expect((await reply(await enquiry(), me)).ok).toBe(false);
    expect(await noticesAbout("Pat Person")).toHaveLength(1);
    // Someone else still replies to those leads.
    expect((await reply(await enquiry(), await staffMember("Sam Other"))).ok).toBe(true);
  });

  it("puts the lead's reference in every reply's subject", async () => {
    const me = await staffMember("Rhea Reference");
    const reference = await enquiry();
    await reply(reference, me, "Your quote");
    await reply(reference, me, `Re: ${reference.toLowerCase()} visit`);
    const subjects = await h.services.db.all<{ subject: string }>(
      "SELECT subject FROM outbox WHERE reference = ? AND purpose = 'reply' ORDER BY id",
      [reference],
    );
    expect(subjects.map((row) => row.subject)).toEqual([
      `Your quote (${reference})`,
      `Re: ${reference.toLowerCase()} visit`,
    ]);
  });

  it("changes nothing about an existing person until the invitation is accepted", async () => {
    const db = h.services.db;
    const email = `kept.${randomBytes(3).toString("hex")}@cottonopolis.example`;
    const first = await invite(db, { email, name: "Kim Kept", admin: true }, Date.now());
    await acceptInvitation(db, hashToken(first.token ?? ""), Date.now());
    // Someone on the team gets each new link by e-mail at their own address, never handed back.
    const mailedToken = async () => {
      const [mail] = await db.all<{ body: string }>(
        "SELECT body FROM outbox WHERE to_address = ? AND purpose = 'staff-security' ORDER BY id DESC LIMIT 1",
        [email],
      );
      return /\/staff\/invitation\/([\w-]{43})/.exec(mail?.body ?? "")?.[1] ?? "";
    };
    const person = async () => (await listTeam(db)).find((member) => member.email === email);
    expect((await person())?.isAdmin).toBe(true);

    // Invited again as staff: still an administrator until the link is used.
    const demoting = await invite(db, { email, name: "Someone Else", admin: false }, Date.now());
    expect(demoting.existing).toBe(true);
    expect(await person()).toMatchObject({ isAdmin: true, name: "Kim Kept" });
    expect(demoting.token).toBeNull();
    await acceptInvitation(db, hashToken(await mailedToken()), Date.now());
    expect(await person()).toMatchObject({ isAdmin: false, name: "Someone Else" });

    // Revoked, then invited again: still revoked until the link is used.
    await revoke(db, email, null, Date.now());
    const back = await invite(db, { email, vacancies: true }, Date.now());
    expect((await person())?.revokedAt).not.toBeNull();
    expect((await person())?.canManageVacancies).toBe(false);
    expect(back.token).toBeNull();
    await acceptInvitation(db, hashToken(await mailedToken()), Date.now());
    expect(await person()).toMatchObject({ revokedAt: null, canManageVacancies: true, isAdmin: false });
  });

  it("refuses a vacancy published, edited or closed without the permission", async () => {
    const vacancies = h.services.app.vacancies;
    const input = {
      title: "Night Security Officer",
      service: "security-officers",
      location: "Trafford Park, Manchester",
      postcode: "M17 1AA",
      employmentType: "FULL_TIME",
      payFrom: 12.5,
      payTo: 13,
      payPeriod: "HOUR",
      hours: "Nights, 4 on 4 off",
      description: "Patrols and access control.",
      closesOn: londonDate(Date.now() + 10 * day),
    } as const;
    const without = await addStaff(h, "Nora Nopermission", false);
    const before = (await vacancies.list()).length;
    expect(await vacancies.save(null, input, "publish", without)).toMatchObject({ ok: false, status: 403 });
    expect(await vacancies.save(null, input, "draft", without)).toMatchObject({ ok: false, status: 403 });
    expect((await vacancies.list()).length).toBe(before);

    const allowed = await addStaff(h, "Ada Allowed", true);
    const published = await vacancies.save(null, input, "publish", allowed);
    if (!published.ok) throw new Error(published.problem);
    expect(await vacancies.close(published.vacancy.reference, without)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect((await vacancies.get(published.vacancy.reference))?.status).toBe("open");

    const [admin] = await h.services.db.all<{ id: number }>("SELECT id FROM staff WHERE email = ?", [
      adminEmail,
    ]);
    expect((await vacancies.close(published.vacancy.reference, Number(admin?.id))).ok).toBe(true);
  });

  it(`refuses an application naming a vacancy closed over ${vacancyApplications.closedGraceDays} days ago`, async () => {
    const vacancies = h.services.app.vacancies;
    const staffId = await addStaff(h, "Vic Vacancies");
    const saved = await vacancies.save(
      null,
      {
        title: "Weekend Steward",
        service: "steward",
        location: "Salford Quays",
        postcode: "M50 3AZ",
        employmentType: "PART_TIME",
        payFrom: 12,
        payTo: 12,
        payPeriod: "HOUR",
        hours: "Saturdays",
        description: "Match days.",
        closesOn: londonDate(Date.now() + 10 * day),
      },
      "publish",
      staffId,
    );
    if (!saved.ok) throw new Error(saved.problem);
    const { reference } = saved.vacancy;
    await vacancies.close(reference, staffId);
    const apply = (fields: Record<string, string>) =>
      postApplication(h.url, applicationForm(applicationFields(fields)));

    // Closed a day ago: kept, marked as closed.
    await h.services.db.run("UPDATE vacancies SET closed_at = ? WHERE reference = ?", [
      Date.now() - day,
      reference,
    ]);
    expect((await apply({ vacancy: reference })).status).toBe(200);

    // Closed longer ago than the grace: the vacancy field is refused, in words.
    const graceMs = vacancyApplications.closedGraceDays * day;
    await h.services.db.run("UPDATE vacancies SET closed_at = ? WHERE reference = ?", [
      Date.now() - graceMs - 60_000,
      reference,
    ]);
    const late = await apply({ vacancy: reference });
    expect(late.status).toBe(400);
    const answer = (await late.json()) as {
      success: boolean;
      message: string;
      errors?: Record<string, string>;
    };
    expect(answer.success).toBe(false);
    expect(answer.message).toContain('The vacancy "Weekend Steward" has closed');
    expect(answer.errors).toEqual({ vacancy: answer.message });

    // The general application still works.
    expect((await apply({})).status).toBe(200);
  });
});
