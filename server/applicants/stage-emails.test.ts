// The stage e-mails: offered on the lead's page from their templates, and sent only when a member of
// staff sends them, against a real SQLite file and the real PostgreSQL server, with a real SMTP server on
// loopback receiving what the delivery queue sends.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applicantEmails } from "#core/config/applicant-emails.ts";
import { site } from "#core/config/site.ts";
import { londonDate } from "#core/vacancies/model.ts";
import {
  type Dialect,
  deliverAll,
  type Harness,
  startHarness,
  TestSmtp,
} from "../../tests/support/harness.ts";
import { addStaff, sendApplication } from "../../tests/support/lifecycle.ts";
import {
  applicantLinkKey,
  applicantLinkParameter,
  applicantPagePath,
  readApplicantLink,
} from "../protection/applicant-link.ts";
import type { StaffMember } from "../workspace/sessions.ts";
import { fillTemplate } from "./stage-emails.ts";

const applicationsInbox = "jobs@cottonopolis.example";
const mailFrom = "Cottonopolis Facilities <web@cottonopolis.example>";
const day = 24 * 60 * 60 * 1000;

describe("a stage e-mail's template, filled", () => {
  it("names the vacancy by title and reference, or reads 'a role with us' with no stray spaces", () => {
    const template = applicantEmails.stageEmails.unsuccessful;
    const forVacancy = fillTemplate(template, {
      firstName: "Ada",
      vacancy: { title: "Night Security Officer", reference: "VAC-7K3Q9M" },
    });
    expect(forVacancy.subject).toBe("Your application for Night Security Officer (VAC-7K3Q9M)");
    expect(forVacancy.body).toContain("Thank you for applying for Night Security Officer (VAC-7K3Q9M) and");
    const general = fillTemplate(template, { firstName: "Ada", vacancy: null });
    expect(general.subject).toBe("Your application for a role with us");
    expect(general.body).toContain("Thank you for applying for a role with us and for the time");
    expect(general.body).not.toMatch(/ {2}| [.,]|\{/);
    const hired = fillTemplate(applicantEmails.stageEmails.hired, { firstName: "Ada", vacancy: null });
    expect(hired.subject).toBe(`Welcome to ${site.brand}`);
    expect(hired.body).toContain(`call us on ${site.phone.display}.`);
  });

  it("leaves {firstName} for each applicant when no name is given", () => {
    const filled = fillTemplate({ subject: "For {firstName}", body: "Hello {firstName}" }, { vacancy: null });
    expect(filled).toEqual({ subject: "For {firstName}", body: "Hello {firstName}" });
  });
});

describe.each<Dialect>(["sqlite", "postgres"])("stage e-mails on %s", { timeout: 30_000 }, (dialect) => {
  const smtp = new TestSmtp();
  let h: Harness;

  beforeEach(async () => {
    await smtp.start();
    smtp.messages = [];
    h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      APPLICATIONS_TO: applicationsInbox,
      MAIL_FROM: mailFrom,
      PUBLIC_URL: "https://www.cottonopolis.example",
    });
  });
  afterEach(async () => {
    await h.close();
    await smtp.stop();
  });

  const recruitment = () => h.services.app.recruitment;
  const inbox = () => h.services.app.workspace.inbox;

  async function member(name: string): Promise<StaffMember> {
    const id = await addStaff(h, name);
    return { id, email: "", name, isAdmin: false, sessionHash: "", confirmedAt: 0 };
  }

  /** Sends whatever is queued, and resolves when nothing is left waiting. */
  async function delivered() {
    await deliverAll(h);
    return smtp.messages;
  }

  /** What has been queued for the applicant, besides the acknowledgement of their application. */
  async function queuedForApplicant(reference: string) {
    return h.services.db.all<{ purpose: string; subject: string }>(
      `SELECT o.purpose, o.subject FROM outbox o JOIN applications a ON a.reference = o.reference
       WHERE o.reference = ? AND o.to_address = a.email AND o.purpose <> 'acknowledgement' ORDER BY o.id`,
      [reference],
    );
  }

  async function publishVacancy(staffId: number) {
    const saved = await h.services.app.vacancies.save(
      null,
      {
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
      },
      "publish",
      staffId,
    );
    if (!saved.ok) throw new Error(saved.problem);
    return saved.vacancy;
  }

  it("sends nothing to the applicant when the status moves to Interview, Unsuccessful or Hired", async () => {
    const priya = await member("Priya Shah");
    const reference = await sendApplication(h);
    for (const status of ["interview", "unsuccessful", "hired"]) {
      const changed = await inbox().changeStatus(reference, status, priya);
      expect(changed.ok).toBe(true);
      expect(await queuedForApplicant(reference)).toEqual([]);
    }
    await delivered();
    // Only the two e-mails the application itself caused: the team's copy and the acknowledgement.
    expect(smtp.messages.map((m) => m.parsed.subject).sort()).toEqual([
      expect.stringMatching(/^New job application/),
      expect.stringMatching(/^We have your application/),
    ]);
    // What the lead's page offers instead: the Hired stage's e-mail, still to send.
    expect(await recruitment().stageEmail(reference)).toMatchObject({ stage: "hired", sentAt: null });
  });

  it("sends each stage's e-mail, as staff edited it from its template, only when they send it", async () => {
    const priya = await member("Priya Shah");
    const vacancy = await publishVacancy(priya.id);
    const reference = await sendApplication(h, { firstName: "Tomasz", vacancy: vacancy.reference });
    await delivered();
    smtp.messages = [];
    const [applicant] = await h.services.db.all<{ email: string }>(
      "SELECT email FROM applications WHERE reference = ?",
      [reference],
    );

    // New and Contacted have no e-mail to offer.
    expect(await recruitment().stageEmail(reference)).toBeNull();

    for (const stage of ["interview", "unsuccessful", "hired"] as const) {
      await inbox().changeStatus(reference, stage, priya);
      const offer = await recruitment().stageEmail(reference);
      const template = fillTemplate(applicantEmails.stageEmails[stage], {
        firstName: "Tomasz",
        vacancy: { title: vacancy.title, reference: vacancy.reference },
      });
      expect(offer).toEqual({
        stage,
        firstName: "Tomasz",
        greeting: "Dear Tomasz,",
        ...template,
        sentAt: null,
      });
      expect(await queuedForApplicant(reference)).toHaveLength(
        ["interview", "unsuccessful", "hired"].indexOf(stage),
      );

      const edited = `${offer?.body}\n\nP.S. Written for the ${stage} stage.`;
      const sent = await recruitment().sendStageEmail(
        reference,
        { stage, subject: offer?.subject ?? "", body: edited },
        priya,
      );
      expect(sent).toEqual({ ok: true, value: { firstName: "Tomasz" } });
      await delivered();
      const mail = smtp.messages.at(-1);
      expect(mail?.envelopeTo).toEqual([applicant?.email]);
      // The template names the vacancy; the subject also names the application.
      expect(mail?.parsed.subject).toBe(`${template.subject} (${reference})`);
      expect(mail?.parsed.from?.value).toEqual([
        { name: "Cottonopolis Facilities", address: "web@cottonopolis.example" },
      ]);
      expect(mail?.parsed.replyTo?.text).toBe(applicationsInbox);
      const text = mail?.parsed.text ?? "";
      expect(text.startsWith("Dear Tomasz,\n\n")).toBe(true);
      expect(text).toContain(`${template.body}\n\nP.S. Written for the ${stage} stage.`);
      expect(text).toContain(`Kind regards,\nPriya Shah\n${site.brand}\n${site.phone.display}`);
      // It ends with the applicant's own link, which opens their application.
      const token = new RegExp(
        `https://www\\.cottonopolis\\.example${applicantPagePath}\\?${applicantLinkParameter}=([^\\s]+)`,
      ).exec(text)?.[1];
      const key = applicantLinkKey(h.services.secrets.resultSecret);
      const [row] = await h.services.db.all<{ link_nonce: string }>(
        "SELECT link_nonce FROM applications WHERE reference = ?",
        [reference],
      );
      const application = { reference, linkNonce: row?.link_nonce ?? "" };
      expect(
        readApplicantLink(key, token ? decodeURIComponent(token) : null, application, Date.now()),
      ).toMatchObject({
        reference,
        expired: false,
      });
      expect(text.trimEnd().endsWith("or reply to this e-mail.")).toBe(true);

      // Once sent, the page no longer offers it, and a second press sends nothing more.
      expect((await recruitment().stageEmail(reference))?.sentAt).toEqual(expect.any(Number));
      const again = await recruitment().sendStageEmail(
        reference,
        { stage, subject: "Again", body: "Again" },
        priya,
      );
      expect(again.ok).toBe(false);
    }
    expect((await queuedForApplicant(reference)).map((mail) => mail.purpose)).toEqual([
      "stage",
      "stage",
      "stage",
    ]);

    // The replies list holds each one's words with its delivery state, and the timeline names who sent it.
    const replies = await inbox().replies(reference);
    expect(replies.map((reply) => [reply.author, reply.state])).toEqual([
      ["Priya Shah", "sent"],
      ["Priya Shah", "sent"],
      ["Priya Shah", "sent"],
    ]);
    expect(replies[0]?.body).toContain("P.S. Written for the interview stage.");
    const lead = await inbox().open(reference, priya);
    expect(
      lead?.timeline.filter((event) => event.action === "stage-email-sent").map((e) => [e.detail, e.who]),
    ).toEqual([
      ["interview", "Priya Shah"],
      ["unsuccessful", "Priya Shah"],
      ["hired", "Priya Shah"],
    ]);

    // Moving back to a stage offers its e-mail again: it is a new decision to tell the applicant.
    await inbox().changeStatus(reference, "interview", priya);
    expect((await recruitment().stageEmail(reference))?.sentAt).toBeNull();
  });

  it("refuses, in words, an e-mail for a stage the application has left, for spam, or with bad words", async () => {
    const priya = await member("Priya Shah");
    const reference = await sendApplication(h);
    await inbox().changeStatus(reference, "interview", priya);
    const send = (stage: string, subject = "Your interview", body = "We would like to meet you.") =>
      recruitment().sendStageEmail(reference, { stage, subject, body }, priya);

    expect(await send("hired")).toMatchObject({ ok: false, problem: expect.stringMatching(/status is now/) });
    expect(await send("interview", "   ")).toMatchObject({
      ok: false,
      problem: "Write a subject for the e-mail.",
    });
    expect(await send("interview", "x".repeat(201))).toMatchObject({ ok: false });
    expect(await send("interview", "Fine", " \n ")).toMatchObject({ ok: false });
    expect(await send("interview", "Fine", "x".repeat(20_001))).toMatchObject({ ok: false });
    expect(
      await recruitment().sendStageEmail(
        "APP-ZZZZZZ",
        { stage: "interview", subject: "a", body: "b" },
        priya,
      ),
    ).toMatchObject({ ok: false, missing: true });
    await inbox().changeStatus(reference, "contacted", priya);
    expect(await send("contacted")).toMatchObject({
      ok: false,
      problem: "There is no e-mail for the Contacted stage.",
    });
    await inbox().changeStatus(reference, "spam", priya);
    expect(await recruitment().stageEmail(reference)).toBeNull();
    expect(await send("spam")).toMatchObject({ ok: false, problem: expect.stringMatching(/spam is never/) });

    // A subject's line break is never a header: it is sent on one line.
    await inbox().changeStatus(reference, "interview", priya);
    expect(await send("interview", "Your interview\r\nBcc: someone@example.com")).toMatchObject({ ok: true });
    const [queued] = await h.services.db.all<{ subject: string }>(
      "SELECT subject FROM outbox WHERE reference = ? AND purpose = 'stage'",
      [reference],
    );
    expect(queued?.subject).toBe(`Your interview Bcc: someone@example.com (${reference})`);
    expect(await queuedForApplicant(reference)).toHaveLength(1);
  });
});
