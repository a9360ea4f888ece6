/**
 * A vacancy's "not this time": once a vacancy is filled (or while it is open), the applicants still at
 * New or Contacted can be told in one step. Staff tick whom to tell and edit the e-mail once; each
 * ticked applicant gets a message of their own ("Dear <their first name>,", their own link), is moved to
 * Unsuccessful, and their lead's timeline says both, in the member of staff's name.
 */
import { applicantEmails, type StageEmail } from "#core/config/applicant-emails.ts";
import { referencePattern } from "#core/leads/model.ts";
import type { Database } from "../db/database.ts";
import {
  lockApplicantToTell,
  markUnsuccessful,
  type WaitingApplicant,
  waitingApplicants,
} from "../tables/leads/applications.ts";
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
): Promise<WaitingForVacancy | null> {
  const title = await vacancyTitle(db, vacancyReference);
  if (title === null) return null;
  return {
    applicants: await waitingApplicants(db, vacancyReference),
    // {firstName}, should a template use it, stays for each applicant's own.
    email: fillTemplate(applicantEmails.vacancyFilled, {
      vacancy: { title, reference: vacancyReference },
    }),
  };
}

/**
 * Sends the "not this time" e-mail staff edited to each ticked applicant, one message each, and moves
 * each to Unsuccessful. One that is not this vacancy's, or is no longer at New or Contacted (another
 * member of staff got there first), is skipped and counted. Each applicant is its own transaction, so
 * one that cannot be told never holds back the others.
 */
export async function sendNotThisTime(
  db: Database,
  input: { vacancyReference: string; references: readonly string[]; subject: string; body: string } & Sending,
): Promise<Outcome<{ sent: number; skipped: number }>> {
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
  let sent = 0;
  for (const reference of references) {
    if (!referencePattern.test(reference)) continue;
    const told = await db.transaction(async (tx) => {
      const row = await lockApplicantToTell(tx, db.sql, reference);
      if (!row || row.vacancy_reference !== input.vacancyReference) return false;
      if (!(stillWaiting as readonly string[]).includes(row.status)) return false;
      const { now, staffId } = input;
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
        { reference, firstName: row.first_name, email: row.email },
        { subject: own(words.value.subject), body: own(words.value.body) },
        vacancyFilledDetail,
        input,
      );
      return true;
    });
    if (told) sent += 1;
  }
  return { ok: true, value: { sent, skipped: references.length - sent } };
}
