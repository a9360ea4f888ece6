// Every e-mail to an applicant, a buyer or a job seeker leaves as HTML and plain text together, with the
// same links in both, nothing fetched from elsewhere, and what people typed shown as text. Each kind is
// made by the code that makes it in production, queued, and read back from a real SMTP server on loopback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "#core/config/site.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import {
  deliverAll,
  type Harness,
  postEnquiry,
  type ReceivedMail,
  startHarness,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { addStaff, sendApplication } from "../../tests/support/lifecycle.ts";
import { alertJob, alertMail } from "../alerts/alert-mail.ts";
import { createAlertLinks } from "../alerts/links.ts";
import { alertLapsesAt, queueAlertRenewals } from "../alerts/renewal.ts";
import { interviewMail } from "../applicants/interview-mail.ts";
import { renewalMail } from "../applicants/pool-renewal.ts";
import { alertLinkKey } from "../protection/alert-link.ts";
import { applicantLinkKey, applicantLinkUrl } from "../protection/applicant-link.ts";
import type { StaffMember } from "../workspace/sessions.ts";
import type { ApplicantLinks } from "./emails.ts";
import { mailHtml, shortLink } from "./mail-html.ts";
import { enqueueEmail } from "./outbox.ts";

const publicUrl = "https://www.cottonopolis.example";
const day = 24 * 60 * 60 * 1000;
const typed = "<b>x</b>";

/** The http(s) links an HTML part leads to, as written in its hrefs. */
function hrefsOf(html: string): string[] {
  return [...html.matchAll(/href="(https?:[^"]+)"/g)].map((m) => (m[1] ?? "").replaceAll("&amp;", "&"));
}

/** The http(s) links a plain-text part gives. */
function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0].replace(/[.,;:)]+$/, ""));
}

/**
 * What every e-mail to the public must be: both parts; the same links in each; nothing remote (no image,
 * no pixel, no style sheet or font from elsewhere); the company's name and details; a reasonable size.
 * With `button`, the button leads to that link with those words.
 */
function expectBothParts(mail: ReceivedMail | undefined, button?: { label: string; url: string }) {
  if (!mail) throw new Error("No such e-mail arrived");
  const { html, text } = mail.parsed;
  expect(typeof html, mail.parsed.subject).toBe("string");
  if (typeof html !== "string" || !text) throw new Error("Not both parts");
  expect(new Set(hrefsOf(html))).toEqual(new Set(linksOf(text)));
  expect(html).not.toMatch(/<img|src=["']?https?:|url\(\s*["']?https?:|background=["']?https?:|<link /i);
  expect(html).toContain(site.brand);
  expect(html).toContain(site.legalName.replaceAll("&", "&amp;"));
  expect(html).toContain(site.registration.companyNumber);
  expect(mail.raw.length).toBeLessThan(60_000);
  if (button) {
    expect(linksOf(text)).toContain(button.url);
    // The button: the first link to it, with its words inside (between Outlook's conditional comments).
    const at = html.indexOf(`<a href="${button.url.replaceAll("&", "&amp;")}"`);
    expect(at).toBeGreaterThan(-1);
    const anchor = html.slice(at, html.indexOf("</a>", at));
    expect(anchor).toContain(`>${button.label}</span>`);
    expect(anchor).toContain("background-color:#0b6b62");
  }
  return { html, text };
}

describe("the HTML part", () => {
  it("escapes the words, keeps a link the words give, and puts the button where its link was", async () => {
    const url = `${publicUrl}/your-application?link=abc.def`;
    const html = await mailHtml({
      subject: "A test",
      text: `Dear Jo,\n\nYou wrote ${typed} & <script>alert(1)</script>.\n\nYour page:\n${url}\nIt is yours.\n\nKind regards`,
      action: { label: "See your application", url },
    });
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain("<b>x</b>");
    expect(html).not.toContain("<script>");
    expect(html.indexOf("Your page:")).toBeLessThan(html.indexOf("See your application"));
    expect(html.indexOf("See your application")).toBeLessThan(html.indexOf("It is yours."));
    expect(html.indexOf("It is yours.")).toBeLessThan(html.indexOf("Kind regards"));
    expect(html).toContain('name="color-scheme" content="light dark"');
    expect(html).toContain("prefers-color-scheme: dark");
  });

  it("writes a link out shortly, cut after a whole part of its path", () => {
    expect(shortLink(`${publicUrl}/your-application?link=abc.def`)).toBe(
      "www.cottonopolis.example/your-application",
    );
    expect(shortLink(`${publicUrl}/careers/alerts/unsubscribe?link=abc`)).toBe(
      "www.cottonopolis.example/careers/alerts/…",
    );
    expect(shortLink(`${publicUrl}/`)).toBe("www.cottonopolis.example");
  });
});

describe("e-mails to the public, as a mail server receives them", { timeout: 60_000 }, () => {
  const smtp = new TestSmtp();
  let h: Harness;
  let me: StaffMember;

  beforeAll(async () => {
    await smtp.start();
    h = await startHarness("sqlite", {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: publicUrl,
      APPLICATIONS_TO: "jobs@cottonopolis.example",
    });
    const id = await addStaff(h, "Priya Shah");
    me = { id, email: "", name: "Priya Shah", isAdmin: false, sessionHash: "", confirmedAt: 0 };
  });
  afterAll(async () => {
    await h?.close();
    await smtp.stop();
  });

  /** Sends what is queued and returns the e-mails that arrived for `to` since the last call. */
  async function arrived(to: string): Promise<ReceivedMail[]> {
    await deliverAll(h);
    const mine = smtp.messages.filter((mail) => mail.envelopeTo.includes(to));
    smtp.messages = smtp.messages.filter((mail) => !mine.includes(mail));
    return mine;
  }

  it("sends an enquiry's acknowledgement and a reply as both parts, the typed words as text", async () => {
    const email = "buyer.html@example.org";
    const response = await postEnquiry(h.url, validEnquiry({ email }));
    const { message } = (await response.json()) as { message: string };
    const reference = /ENQ-[0-9A-Z]{6}/.exec(message)?.[0] ?? "";
    const [ack] = await arrived(email);
    expectBothParts(ack);
    // The team's copy stays plain text.
    expect(smtp.messages.find((m) => m.parsed.subject?.startsWith("New enquiry"))?.parsed.html).toBeFalsy();

    const sent = await h.services.app.workspace.inbox.sendReply(
      reference,
      { subject: "Your quote", body: `Thank you. You asked about ${typed}; see ${publicUrl}/services.` },
      me,
    );
    expect(sent.ok).toBe(true);
    const [reply] = await arrived(email);
    const { html } = expectBothParts(reply);
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain(typed);
  });

  it("sends an application's acknowledgement, a fresh link and a stage e-mail with the applicant's page as the button", async () => {
    const email = "applicant.html@example.org";
    const reference = await sendApplication(h, { email, firstName: "Zoë" });
    const [ack] = await arrived(email);
    const link = /https:\/\/\S+your-application\?link=\S+/.exec(ack?.parsed.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
    const { text } = expectBothParts(ack, { label: "See your application", url: link });
    // The applicant's page comes before the sign-off, and the sign-off before the address.
    expect(text.indexOf(link)).toBeLessThan(text.indexOf("Kind regards"));
    expect(text.indexOf("Kind regards")).toBeLessThan(text.indexOf(site.address.street));

    const token = new URL(link).searchParams.get("link") ?? "";
    const page = h.services.app.applicantPage;
    await page.sendFreshLink(await page.admit(token, "203.0.113.7"));
    const [fresh] = await arrived(email);
    const freshLink = /https:\/\/\S+your-application\?link=\S+/.exec(fresh?.parsed.text ?? "")?.[0] ?? "";
    expectBothParts(fresh, { label: "See your application", url: freshLink });

    expect((await h.services.app.workspace.inbox.changeStatus(reference, "hired", me)).ok).toBe(true);
    const stage = await h.services.app.recruitment.sendStageEmail(
      reference,
      { stage: "hired", subject: "Welcome", body: `We look forward to it. Bring ${typed}.` },
      me,
    );
    expect(stage.ok).toBe(true);
    const [welcome] = await arrived(email);
    const stageLink = /https:\/\/\S+your-application\?link=\S+/.exec(welcome?.parsed.text ?? "")?.[0] ?? "";
    const { html } = expectBothParts(welcome, { label: "See your application", url: stageLink });
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
  });

  it("sends an interview's invitation, reminder and cancellation, and the talent pool's question, as both parts", async () => {
    const email = "interviewee.html@example.org";
    const reference = await sendApplication(h, { email });
    await arrived(email);
    const [row] = await h.services.db.all<{ link_nonce: string }>(
      "SELECT link_nonce FROM applications WHERE reference = ?",
      [reference],
    );
    const now = Date.now();
    const links: ApplicantLinks = (application, at) => ({
      url: applicantLinkUrl(
        applicantLinkKey(h.services.secrets.resultSecret),
        publicUrl,
        application,
        at,
        90,
      ),
      expiresAt: at + 90 * day,
    });
    const applicant = {
      reference,
      linkNonce: row?.link_nonce ?? "",
      firstName: "Tomasz",
      lastName: "Nowak",
      email,
      status: "interview",
      vacancyTitle: null,
    };
    const interview = {
      startsAt: now + 7 * day,
      minutes: 45,
      placeKind: "office" as const,
      place: "",
      meetWith: "Olive Hughes",
      note: typed,
      uid: "html-test",
      sequence: 0,
    };
    const sending = { replyTo: "jobs@cottonopolis.example", links, now };
    const url = links(applicant, now).url;
    await h.services.db.transaction(async (tx) => {
      for (const kind of ["invited", "reminder", "cancelled"] as const) {
        await enqueueEmail(tx, reference, interviewMail(kind, interview, applicant, sending), now);
      }
      const pool = renewalMail(
        {
          reference,
          linkNonce: applicant.linkNonce,
          firstName: "Tomasz",
          email,
          agreedAt: now,
          endsAt: now + 30 * day,
        },
        links,
        sending.replyTo,
        now,
      );
      await enqueueEmail(tx, reference, pool, now);
    });
    const mails = await arrived(email);
    const bySubject = (start: string) => mails.find((mail) => mail.parsed.subject?.startsWith(start));
    const invitation = bySubject("Interview invitation");
    const { html, text } = expectBothParts(invitation, { label: "Answer the invitation", url });
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    // The calendar invitation still travels with it.
    expect(invitation?.raw).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(text.indexOf(url)).toBeLessThan(text.indexOf("Kind regards"));
    expectBothParts(
      bySubject("Interview on") ??
        bySubject("Reminder") ??
        mails.find((m) => /remind/i.test(m.parsed.text ?? "")),
      {
        label: "See your application",
        url,
      },
    );
    expectBothParts(bySubject("Interview cancelled"), { label: "See your application", url });
    expectBothParts(bySubject("Shall we keep you on file"), {
      label: "Choose on your page",
      url: `${url}#talent-pool`,
    });
  });

  it("sends a job alert's confirmation, the alerts and the renewal question as both parts", async () => {
    const email = "seeker.html@example.org";
    const alerts = h.services.app.alerts;
    const signUp = {
      email,
      services: [],
      types: [],
      place: "Salford",
      frequency: "immediate",
      honeypot: "",
      formToken: issueFormToken("careers", h.services.secrets.resultSecret, Date.now() - 60_000),
    };
    expect((await alerts.signUp(signUp)).kind).toBe("done");
    const [confirm] = await arrived(email);
    const confirmLink =
      /https:\/\/\S+\/careers\/alerts\/confirm\S*/.exec(confirm?.parsed.text ?? "")?.[0] ?? "";
    const { text } = expectBothParts(confirm, { label: "Confirm my job alerts", url: confirmLink });
    expect(text).not.toContain("Someone, we hope you");
    expect(text).toMatch(/^Hello,\n\nThank you for asking/);

    const token = new URL(confirmLink).searchParams.get("link") ?? "";
    expect((await alerts.confirm(token)).kind).toBe("done");
    await arrived(email);
    const [alert] = await h.services.db.all<{ id: string; renewed_at: number }>(
      "SELECT id, renewed_at FROM job_alerts WHERE email = ?",
      [email],
    );
    const links = createAlertLinks(
      alertLinkKey(h.services.secrets.resultSecret),
      publicUrl,
    )(String(alert?.id));

    // Signed up again with the alert confirmed: the note that it has alerts already, its page the button.
    const again = {
      ...signUp,
      formToken: issueFormToken("careers", h.services.secrets.resultSecret, Date.now() - 60_000),
    };
    expect((await alerts.signUp(again)).kind).toBe("done");
    const [already] = await arrived(email);
    expectBothParts(already, { label: "Open your alerts page", url: links.manage });

    const vacancy = {
      reference: "VAC-HTML01",
      slug: "night-security-officer-trafford",
      title: "Night Security Officer",
      service: "security-officers",
      location: "Trafford Park, Manchester",
      postcode: "M17 1AA",
      employmentType: "FULL_TIME",
      payFrom: 12.5,
      payTo: 13,
      payPeriod: "HOUR",
      closesOn: "2027-12-01",
    } as Parameters<typeof alertJob>[0];
    const job = alertJob(vacancy, publicUrl);
    const other = alertJob({ ...vacancy, slug: "day-steward", title: "Day Steward" }, publicUrl);
    const forMail = {
      email,
      services: "",
      employmentTypes: "",
      place: "Salford",
      frequency: "immediate" as const,
      confirmedAt: Date.now(),
    };
    const now = Date.now();
    await h.services.db.transaction(async (tx) => {
      const options = { replyTo: "jobs@cottonopolis.example", links };
      await enqueueEmail(tx, "", alertMail(forMail, [job], options), now);
      await enqueueEmail(tx, "", alertMail(forMail, [job, other], options), now);
    });
    const sent = await arrived(email);
    expectBothParts(
      sent.find((m) => m.parsed.subject?.startsWith("New job:")),
      { label: "See the job and apply", url: job.url },
    );
    const several = expectBothParts(sent.find((m) => m.parsed.subject?.startsWith("2 new jobs")));
    expect(hrefsOf(several.html)).toEqual(
      expect.arrayContaining([job.url, other.url, links.manage, links.unsubscribe]),
    );

    const lapses = alertLapsesAt(Number(alert?.renewed_at));
    expect(
      await queueAlertRenewals(
        h.services.db,
        { links: () => links, replyTo: "jobs@cottonopolis.example" },
        lapses - 7 * day,
      ),
    ).toBe(1);
    const [renewal] = await arrived(email);
    expectBothParts(renewal, { label: "Keep my alerts", url: links.manage });
  });
});

describe("an e-mail's button in the queue, on PostgreSQL", { timeout: 60_000 }, () => {
  const smtp = new TestSmtp();
  let h: Harness;

  beforeAll(async () => {
    await smtp.start();
    h = await startHarness("postgres", { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: publicUrl });
  });
  afterAll(async () => {
    await h?.close();
    await smtp.stop();
  });

  it("survives a failed attempt, is sent with the HTML on the next, and is forgotten once sent", async () => {
    const url = `${publicUrl}/your-application?link=retry.test`;
    const to = "retry.html@example.org";
    const id = await h.services.db.transaction((tx) =>
      enqueueEmail(
        tx,
        "",
        {
          purpose: "applicant-link",
          to,
          replyTo: null,
          subject: "Your link",
          body: `Hello,\n\nHere it is:\n${url}\n\nKind regards`,
          action: { label: "See your application", url },
        },
        Date.now(),
      ),
    );
    smtp.refusing = true;
    const row = async () =>
      (
        await h.services.db.all<{ status: string; attempts: number; action: string | null }>(
          "SELECT status, attempts, action FROM outbox WHERE id = ?",
          [id],
        )
      )[0];
    // The harness's own worker may be trying too: wait for a refused attempt to be over, back in the queue.
    const refusedOnce = async () => {
      const now = await row();
      return now?.status === "queued" && Number(now.attempts) >= 1;
    };
    for (let i = 0; i < 100 && !(await refusedOnce()); i++) {
      await h.services.delivery.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const waiting = await row();
    expect(waiting?.status).toBe("queued");
    expect(Number(waiting?.attempts)).toBeGreaterThanOrEqual(1);
    expect(smtp.messages.some((m) => m.envelopeTo.includes(to))).toBe(false);
    expect(JSON.parse(waiting?.action ?? "null")).toEqual({ label: "See your application", url });

    smtp.refusing = false;
    await deliverAll(h);
    const mail = smtp.messages.find((m) => m.envelopeTo.includes(to));
    expectBothParts(mail, { label: "See your application", url });
    const [sent] = await h.services.db.all<{ status: string; action: string | null }>(
      "SELECT status, action FROM outbox WHERE id = ?",
      [id],
    );
    expect(sent).toEqual({ status: "sent", action: null });
  });

  it("refuses a button whose link the words do not give", async () => {
    await expect(
      h.services.db.transaction((tx) =>
        enqueueEmail(
          tx,
          "",
          {
            purpose: "applicant-link",
            to: "nowhere@example.org",
            replyTo: null,
            subject: "Your link",
            body: "Hello,\n\nNo link here.",
            action: { label: "See your application", url: `${publicUrl}/elsewhere` },
          },
          Date.now(),
        ),
      ),
    ).rejects.toThrow(/link that its words also give/);
  });
});
