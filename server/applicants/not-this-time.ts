/**
 * A vacancy's "not this time": once a vacancy is filled (or while it is open), the applicants still at
 * New or Contacted can be told in one step. Staff tick whom to tell and edit the e-mail once; each
 * ticked applicant gets a message of their own ("Dear <their first name>,", their own link), is moved to
 * Unsuccessful, and their lead's timeline says both, in the member of staff's name.
 *
 * One press writes to many people from the company's address, so it is held tighter than one e-mail:
 * only those allowed to publish vacancies may send it, more than a few recipients at once ask for the
 * passkey again, and each recipient counts against the sender's caps like any other e-mail staff write,
 * the whole batch refused before it starts when it is more than the sender's hour has left.
 */
import { applicantEmails, type StageEmail } from "#core/config/applicant-emails.ts";
import { staffLimits } from "#core/config/staff-limits.ts";
import type { CompanyFacts } from "#core/content/company-facts.ts";
import { referencePattern } from "#core/leads/model.ts";
import { mayNotTellApplicants } from "#core/vacancies/managing.ts";
import type { Database } from "../db/database.ts";
import { type CapRefusal, countStaffMail, staffMailLeft } from "../leads/staff-mail.ts";
import {
  lockApplicantToTell,
  markUnsuccessful,
  type WaitingApplicant,
  waitingApplicants,
} from "../tables/leads/applications.ts";
import { mayManageVacancies } from "../tables/staff.ts";
import { recordEvent } from "../tables/timeline.ts";
import { vacancyExists, vacancyTitle } from "../tables/vacancies.ts";
import {
  checkWords,
  fillTemplate,
  type Outcome,
  queueApplicantEmail,
  type Sending,
  vacancyFilledDetail,
} from "./stage-emails.ts";

/** The statuses a "not this time" e-mail may still go to: nobody has spoken to them of more. */
const stillWaiting = ["new", "contacted"] as const;

/** The most applicants one press of the button may tell: far more than a vacancy draws, a bound on a post. */
export const notThisTimeLimit = 1000;

/** The applicants still waiting, oldest first, and the "not this time" e-mail filled for the vacancy. */
export type WaitingForVacancy = { applicants: WaitingApplicant[]; email: StageEmail };

/**
 * The vacancy's applicants still at New or Contacted (spam and everyone further on left out), oldest
 * application first, with its "not this time" e-mail filled in for the vacancy; null for no such vacancy.
 */
export async function waitingForVacancy(
  db: Database,
  vacancyReference: string,
  company?: CompanyFacts,
): Promise<WaitingForVacancy | null> {
  const title = await vacancyTitle(db, vacancyReference);
  if (title === null) return null;
  return {
    applicants: await waitingApplicants(db, vacancyReference),
    // {firstName}, should a template use it, stays for each applicant's own.
    email: fillTemplate(applicantEmails.vacancyFilled, {
      vacancy: { title, reference: vacancyReference },
      company,
    }),
  };
}

/**
 * What a "not this time" did: how many were told, how many were skipped (not this vacancy's, or no
 * longer at New or Contacted) and how many were held back by their own daily cap; or a refusal:
 * `forbidden` without the vacancies permission (a 403), `confirm` when the passkey must be used again
 * first, `limited` by the sender's cap (a 429).
 */
export type NotThisTimeOutcome =
  | Outcome<{ sent: number; skipped: number; heldBack: number }>
  | { ok: false; forbidden: true; problem: string; missing?: undefined }
  | { ok: false; confirm: true; problem: string; missing?: undefined };

/**
 * Sends the "not this time" e-mail staff edited to each ticked applicant, one message each, and moves
 * each to Unsuccessful. One that is not this vacancy's, or is no longer at New or Contacted (another
 * member of staff got there first), is skipped and counted. Each applicant is its own transaction, so
 * one that cannot be told never holds back the others.
 */
export async function sendNotThisTime(
  db: Database,
  input: {
    vacancyReference: string;
    references: readonly string[];
    subject: string;
    body: string;
    /** True when the sender used their passkey recently enough for an action that asks for it again. */
    confirmed: boolean;
  } & Sending,
): Promise<NotThisTimeOutcome> {
  const { staffId, now } = input;
  const limits = input.caps?.limits ?? staffLimits;
  if (!(await mayManageVacancies(db, staffId))) {
    return { ok: false, forbidden: true, problem: mayNotTellApplicants };
  }
  const words = checkWords(input);
  if (!words.ok) return words;
  const references = [...new Set(input.references)];
  if (references.length === 0) {
    return { ok: false, problem: "Tick the applicants to send the e-mail to." };
  }
  if (references.length > notThisTimeLimit) {
    return { ok: false, problem: `One e-mail can go to up to ${notThisTimeLimit} applicants at a time.` };
  }
  if (!(await vacancyExists(db, input.vacancyReference)))
    return { ok: false, missing: true, problem: "There is no vacancy with that reference." };
  if (references.length > limits.confirmNotThisTimeAbove && !input.confirmed) {
    return {
      ok: false,
      confirm: true,
      problem: `Telling more than ${limits.confirmNotThisTimeAbove} applicants at once asks for your passkey again. Confirm it is you, then send the e-mail again.`,
    };
  }
  // A batch larger than what the sender's hour has left is refused whole, before anyone is told, so
  // nobody is left half-told; with nothing left, the first applicant's count refuses it and tells the
  // administrators, as any e-mail past the cap does.
  const left = await staffMailLeft(db, staffId, now, limits);
  if (left > 0 && references.length > left) {
    return {
      ok: false,
      limited: true,
      cap: "person",
      alerted: false,
      problem: `You may send ${left} more ${left === 1 ? "e-mail" : "e-mails"} in this hour (each applicant is one; the most one person may send in an hour is ${limits.emailsPerPersonPerHour}), so nothing was sent. Tick up to ${left} and send the rest later.`,
    };
  }
  let sent = 0;
  let heldBack = 0;
  for (const reference of references) {
    if (!referencePattern.test(reference)) continue;
    const told = await db.transaction(async (tx): Promise<"told" | "skipped" | CapRefusal> => {
      const row = await lockApplicantToTell(tx, db.sql, reference);
      if (!row || row.vacancy_reference !== input.vacancyReference) return "skipped";
      if (!(stillWaiting as readonly string[]).includes(row.status)) return "skipped";
      const capped = await countStaffMail(
        tx,
        db.sql,
        { reference, staffId, kind: "not-this-time", now },
        input.caps,
      );
      if (capped) return capped;
      await markUnsuccessful(tx, reference, now);
      await recordEvent(tx, {
        reference,
        action: "status-changed",
        staffId,
        detail: `${row.status} → unsuccessful`,
        now,
      });
      // Each applicant's own first name, should the edited words still name {firstName}.
      const own = (text: string) => text.replaceAll("{firstName}", row.first_name.trim());
      await queueApplicantEmail(
        tx,
        { reference, firstName: row.first_name, email: row.email, linkNonce: row.link_nonce },
        { subject: own(words.value.subject), body: own(words.value.body) },
        vacancyFilledDetail,
        input,
      );
      return "told";
    });
    if (told === "told") sent += 1;
    else if (told === "skipped") continue;
    // This applicant has had the most e-mails we send one person in a day: the others still go.
    else if (told.cap === "lead") heldBack += 1;
    else {
      // The sender reached their cap part-way (another of their e-mails went meanwhile): those told
      // stay told.
      const before =
        sent === 0
          ? "Nobody was told."
          : `${sent} ${sent === 1 ? "applicant was" : "applicants were"} told before this; the rest were not.`;
      return { ...told, problem: `${before} ${told.problem}` };
    }
  }
  return { ok: true, value: { sent, skipped: references.length - sent - heldBack, heldBack } };
}
