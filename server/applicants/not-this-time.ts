/**
 * A vacancy's "not this time": once a vacancy is filled (or while it is open), the applicants still at
 * New or Contacted can be told in one step. Staff tick whom to tell and edit the e-mail once; each
 * ticked applicant gets a message of their own ("Dear <their first name>,", their own link), is moved to
 * Unsuccessful, and their lead's timeline says both, in the member of staff's name.
 */
import { applicantEmails, type StageEmail } from "#core/config/applicant-emails.ts";
import { referencePattern } from "#core/leads/model.ts";
import type { Database } from "../db/database.ts";
import { recordEvent } from "../leads/timeline.ts";
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

/** An applicant for the vacancy still at New or Contacted. */
export type WaitingApplicant = {
  reference: string;
  firstName: string;
  lastName: string;
  status: (typeof stillWaiting)[number];
  appliedAt: number;
};

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
  const [vacancy] = await db.all<{ title: string }>("SELECT title FROM vacancies WHERE reference = ?", [
    vacancyReference,
  ]);
  if (!vacancy) return null;
  const rows = await db.all<{
    reference: string;
    first_name: string;
    last_name: string;
    status: WaitingApplicant["status"];
    created_at: number;
  }>(
    `SELECT reference, first_name, last_name, status, created_at FROM applications
     WHERE vacancy_reference = ? AND status IN ('new', 'contacted') ORDER BY created_at, reference`,
    [vacancyReference],
  );
  return {
    applicants: rows.map((row) => ({
      reference: row.reference,
      firstName: row.first_name,
      lastName: row.last_name,
      status: row.status,
      appliedAt: Number(row.created_at),
    })),
    // {firstName}, should a template use it, stays for each applicant's own.
    email: fillTemplate(applicantEmails.vacancyFilled, {
      vacancy: { title: vacancy.title, reference: vacancyReference },
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
  const [vacancy] = await db.all("SELECT 1 AS found FROM vacancies WHERE reference = ?", [
    input.vacancyReference,
  ]);
  if (!vacancy) return { ok: false, missing: true, problem: "There is no vacancy with that reference." };
  let sent = 0;
  for (const reference of references) {
    if (!referencePattern.test(reference)) continue;
    const told = await db.transaction(async (tx) => {
      const [row] = await tx.all<{
        first_name: string;
        email: string;
        status: string;
        vacancy_reference: string | null;
      }>(
        `SELECT first_name, email, status, vacancy_reference FROM applications WHERE reference = ? ${db.sql.lockRows}`,
        [reference],
      );
      if (!row || row.vacancy_reference !== input.vacancyReference) return false;
      if (!(stillWaiting as readonly string[]).includes(row.status)) return false;
      const { now, staffId } = input;
      await tx.run(
        `UPDATE applications SET status = 'unsuccessful', status_changed_at = ?, last_activity_at = ?,
           answered_at = COALESCE(answered_at, ?) WHERE reference = ?`,
        [now, now, now, reference],
      );
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
