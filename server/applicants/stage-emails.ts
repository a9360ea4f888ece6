/**
 * The e-mails staff send an applicant about their application's stage (Interview, Unsuccessful, Hired):
 * offered on the lead's page, pre-filled from the site's templates (core/config/applicant-emails.ts),
 * and sent only when a member of staff presses the button. A status change on its own sends nothing.
 *
 * Each goes through the delivery queue from the company's address with Reply-To the recruitment inbox,
 * opens "Dear <first name>," and ends with the applicant's own link. Its words are kept in `replies`
 * (so the lead's page lists it with its delivery state, and it is deleted with the lead) and the
 * timeline says who sent it.
 */
import { characterProblem } from "#core/characters.ts";
import { applicantEmails, type StageEmail, type StageWithEmail } from "#core/config/applicant-emails.ts";
import { site } from "#core/config/site.ts";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import { replyLimits, statusLabel } from "#core/leads/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import { type ApplicantLinks, applicantAction, applicantEnding, greeting } from "../delivery/emails.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { type CapRefusal, countStaffMail, type StaffMailCaps, withReference } from "../leads/staff-mail.ts";
import { type ApplicationAtStage, applicationAtStage, markAnswered } from "../tables/leads/applications.ts";
import { storeReply } from "../tables/replies.ts";
import { nameOf } from "../tables/staff.ts";
import { recordEvent, stageEmailSentSince } from "../tables/timeline.ts";

/**
 * A refusal with words for the person (a 4xx); `missing` when there is no such application, `limited`
 * when a cap on the e-mails staff write refused it (a 429).
 */
export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; missing?: boolean; problem: string }
  | CapRefusal;

/** The refusal for a reference no application has. */
export const noApplication = {
  ok: false,
  missing: true,
  problem: "There is no application with that reference.",
} as const;

/**
 * The timeline's detail for the "not this time" e-mail sent when a vacancy is filled: it stands for the
 * Unsuccessful stage's e-mail, so the lead's page does not offer that one as well.
 */
export const vacancyFilledDetail = "vacancy-filled";

/** What a template's placeholders are filled with. Left out, {firstName} stays for each applicant's own. */
export type TemplateValues = {
  firstName?: string;
  vacancy: { title: string; reference: string } | null;
  /** The company's facts published now (Site content), for {phone}; the shipped ones when not given. */
  company?: CompanyFacts | undefined;
};

/**
 * A template with its placeholders filled: the applicant's first name, the vacancy's title and reference
 * ("a role with us" and nothing for a general application), the company's name and phone. The spaces an
 * empty placeholder leaves (doubled, or before a full stop) are tidied away, line by line.
 */
export function fillTemplate(template: StageEmail, values: TemplateValues): StageEmail {
  const words: Record<string, string> = {
    vacancyTitle: values.vacancy?.title ?? "a role with us",
    vacancyReference: values.vacancy ? `(${values.vacancy.reference})` : "",
    company: site.brand,
    phone: (values.company ?? shippedCompany).phone.display,
    ...(values.firstName === undefined ? {} : { firstName: values.firstName.trim() }),
  };
  const fill = (text: string) =>
    text
      .split("\n")
      .map((line) =>
        line
          .replace(/\{(\w+)\}/g, (whole, key: string) => words[key] ?? whole)
          .replace(/ {2,}/g, " ")
          .replace(/ +([.,;:!?])/g, "$1")
          .trim(),
      )
      .join("\n");
  return { subject: fill(template.subject), body: fill(template.body) };
}

/** The stages that offer an e-mail. */
export function hasStageEmail(status: string): status is StageWithEmail {
  return Object.hasOwn(applicantEmails.stageEmails, status);
}

/**
 * A subject and body as staff wrote them, checked as a reply's are: a subject on one line (a line break
 * would be header injection, and is never meant) within the reply limits, and a body that is not empty.
 */
export function checkWords(input: {
  subject: string;
  body: string;
}): Outcome<{ subject: string; body: string }> {
  const subject = input.subject
    .normalize("NFC")
    .replace(/[\r\n\t]+/g, " ")
    .trim();
  const body = input.body.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  if (!subject) return { ok: false, problem: "Write a subject for the e-mail." };
  if (subject.length > replyLimits.subject) {
    return { ok: false, problem: `Subjects can be up to ${replyLimits.subject} characters long.` };
  }
  if (!body) return { ok: false, problem: "Write the e-mail before sending it." };
  if (body.length > replyLimits.body) {
    return { ok: false, problem: `E-mails can be up to ${replyLimits.body} characters long.` };
  }
  // The one rule for the characters of all free text (core/characters.ts).
  const problem =
    characterProblem(subject, "The subject", "one line") ?? characterProblem(body, "The e-mail", "lines");
  if (problem) return { ok: false, problem };
  return { ok: true, value: { subject, body } };
}

/** What every e-mail staff write to an applicant needs besides its words. */
export type Sending = {
  staffId: number;
  now: number;
  /** The recruitment inbox (APPLICATIONS_TO): the e-mail's Reply-To and the sign-off's address. */
  replyTo: string;
  applicantLinks: ApplicantLinks;
  /** The company's facts published now (Site content), for the sign-off's phone. */
  company?: CompanyFacts | undefined;
  /** The caps every e-mail staff write counts against (core/config/staff-limits.ts unless lowered). */
  caps?: StaffMailCaps;
};

/**
 * Queues one e-mail staff wrote to an applicant, inside the caller's transaction (which has counted it
 * against the caps): "Dear <first name>,", the words, the sign-off in the member of staff's name with the
 * company's phone, and the applicant's link. Its subject names the application, added when staff took it
 * out. Its words are kept in `replies` with the queued message's id, and the timeline records it.
 */
export async function queueApplicantEmail(
  tx: Queryable,
  applicant: { reference: string; firstName: string; email: string; linkNonce: string },
  words: { subject: string; body: string },
  timelineDetail: string,
  sending: Sending,
): Promise<number> {
  const { reference } = applicant;
  const { staffId, now } = sending;
  const subject = withReference(words.subject, reference);
  const me = await nameOf(tx, staffId);
  const link = sending.applicantLinks(applicant, now);
  const signOff = [
    "Kind regards,",
    me ?? `The ${site.brand} team`,
    site.brand,
    `${(sending.company ?? shippedCompany).phone.display} · ${sending.replyTo}`,
  ];
  const body = [
    greeting(applicant.firstName),
    "",
    words.body,
    "",
    applicantEnding(link, signOff.join("\n")),
  ].join("\n");
  const mailId = await enqueueEmail(
    tx,
    reference,
    {
      purpose: "stage",
      to: applicant.email,
      replyTo: sending.replyTo,
      subject,
      body,
      action: applicantAction(link.url),
    },
    now,
  );
  await storeReply(tx, { reference, staffId, outboxId: mailId, subject, body: words.body, now });
  await recordEvent(tx, { reference, action: "stage-email-sent", staffId, detail: timelineDetail, now });
  await markAnswered(tx, reference, now);
  return mailId;
}

/** The e-mail the lead's page offers for the application's current stage. */
export type StageEmailOffer = {
  stage: StageWithEmail;
  firstName: string;
  /** How the e-mail opens: "Dear Tomasz,". */
  greeting: string;
  /** The template, filled for this applicant. */
  subject: string;
  body: string;
  /** When this stage's e-mail was sent, if it was since the status was set; null while it is still to send. */
  sentAt: number | null;
};

/** When the e-mail for the application's current stage went, if it went since the status was set. */
async function sentSinceStatus(
  q: Queryable,
  reference: string,
  row: ApplicationAtStage,
): Promise<number | null> {
  const details = row.status === "unsuccessful" ? [row.status, vacancyFilledDetail] : [row.status];
  return stageEmailSentSince(q, reference, details, Number(row.status_changed_at ?? row.created_at));
}

/** The vacancy a row names, for the templates; null for a general application (or one since deleted). */
function vacancyOf(row: ApplicationAtStage): TemplateValues["vacancy"] {
  return row.vacancy_reference && row.vacancy_title
    ? { title: row.vacancy_title, reference: row.vacancy_reference }
    : null;
}

/**
 * The e-mail for the application's current stage, filled from its template, and whether it has gone
 * since the status was set; null when the status has no e-mail (New, Contacted, Withdrawn, Spam) or
 * there is no such application.
 */
export async function stageEmailOffer(
  db: Queryable,
  reference: string,
  company?: CompanyFacts,
): Promise<StageEmailOffer | null> {
  const row = await applicationAtStage(db, reference);
  if (!row || !hasStageEmail(row.status)) return null;
  const filled = fillTemplate(applicantEmails.stageEmails[row.status], {
    firstName: row.first_name,
    vacancy: vacancyOf(row),
    company,
  });
  return {
    stage: row.status,
    firstName: row.first_name.trim(),
    greeting: greeting(row.first_name),
    ...filled,
    sentAt: await sentSinceStatus(db, reference, row),
  };
}

/**
 * Sends the e-mail staff wrote for an application's stage. Refused, with words, unless the application
 * is still at that stage (another member of staff may have moved it meanwhile), the stage has an e-mail,
 * it is not spam, and this stage's e-mail has not already gone since the status was set.
 */
export async function sendStageEmail(
  db: Database,
  input: { reference: string; stage: string; subject: string; body: string } & Sending,
): Promise<Outcome<{ firstName: string }>> {
  const { reference } = input;
  const words = checkWords(input);
  if (!words.ok) return words;
  return db.transaction(async (tx): Promise<Outcome<{ firstName: string }>> => {
    const row = await applicationAtStage(tx, reference, db.sql.lockRows);
    if (!row) return noApplication;
    if (row.status === "spam") {
      return {
        ok: false,
        problem:
          "This application is marked as spam, and spam is never mailed. Change its status first if it is genuine.",
      };
    }
    if (row.status !== input.stage) {
      return {
        ok: false,
        problem: `The status is now ${statusLabel(row.status)}, so this e-mail was not sent. Check the status and the e-mail, then send it again.`,
      };
    }
    if (!hasStageEmail(row.status)) {
      return { ok: false, problem: `There is no e-mail for the ${statusLabel(row.status)} stage.` };
    }
    const sentAt = await sentSinceStatus(tx, reference, row);
    if (sentAt !== null) {
      return {
        ok: false,
        problem: `The e-mail for the ${statusLabel(row.status)} stage has already been sent; it is in the replies on this page.`,
      };
    }
    const { staffId, now } = input;
    const capped = await countStaffMail(tx, db.sql, { reference, staffId, kind: "stage", now }, input.caps);
    if (capped) return capped;
    await queueApplicantEmail(
      tx,
      { reference, firstName: row.first_name, email: row.email, linkNonce: row.link_nonce },
      words.value,
      row.status,
      input,
    );
    return { ok: true, value: { firstName: row.first_name.trim() } };
  });
}
