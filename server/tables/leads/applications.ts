/**
 * What only applications have, in the `applications` table (see records.ts): the applicant's own page,
 * the recruitment stages and interviews, "not this time", the consent to be kept on file and the
 * National Insurance number. The talent pool's reads are in pool.ts.
 */
import type { ApplicationStatus } from "#core/leads/model.ts";
import type { Queryable } from "../../db/database.ts";
import type { SqlDialect } from "../../db/dialect.ts";

/** An application's row, as the applicant's page shows it and its actions change it. */
export type ApplicationRow = {
  id: number;
  reference: string;
  status: ApplicationStatus;
  first_name: string;
  last_name: string;
  email: string;
  created_at: number;
  vacancy_reference: string | null;
  keep_consent_at: number | null;
  owner_id: number | null;
  /** What the applicant's link is signed over besides the reference (server/protection/applicant-link.ts). */
  link_nonce: string;
};

/**
 * An application as the applicant's page needs it; `lock` (inside a change's transaction:
 * `db.sql.lockRows`) holds its row until the change commits, so two posts at once are made one after
 * the other.
 */
export async function applicationOf(
  db: Queryable,
  reference: string,
  lock = "",
): Promise<ApplicationRow | null> {
  const [row] = await db.all<ApplicationRow>(
    `SELECT id, reference, status, first_name, last_name, email, created_at, vacancy_reference, keep_consent_at,
       owner_id, link_nonce
     FROM applications WHERE reference = ? ${lock}`,
    [reference],
  );
  return row ?? null;
}

/** The reference of the application with this id, or null when it is gone. */
export async function applicationReference(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db.all<{ reference: string }>("SELECT reference FROM applications WHERE id = ?", [id]);
  return row?.reference ?? null;
}

/** An applicant as the interview e-mails name them, with the title of the vacancy they applied for. */
export type Applicant = {
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  vacancyTitle: string | null;
  /** For the applicant's link each e-mail carries. */
  linkNonce: string;
};

/**
 * An applicant, with the title of their vacancy (read from `vacancies` in the same statement), or null
 * when there is no such application.
 */
export async function applicantOf(db: Queryable, reference: string): Promise<Applicant | null> {
  const [row] = await db.all<{
    first_name: string;
    last_name: string;
    email: string;
    status: string;
    vacancy_title: string | null;
    link_nonce: string;
  }>(
    `SELECT a.first_name, a.last_name, a.email, a.status, v.title AS vacancy_title, a.link_nonce
     FROM applications a LEFT JOIN vacancies v ON v.reference = a.vacancy_reference
     WHERE a.reference = ?`,
    [reference],
  );
  if (!row) return null;
  return {
    reference,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    status: row.status,
    vacancyTitle: row.vacancy_title,
    linkNonce: row.link_nonce,
  };
}

/**
 * An invitation to an interview was sent now: activity, the first answer (unless it had one), and with
 * `moves` the application goes to Interview.
 */
export async function markInvited(
  tx: Queryable,
  reference: string,
  now: number,
  moves: boolean,
): Promise<void> {
  await tx.run(
    `UPDATE applications SET last_activity_at = ?, answered_at = COALESCE(answered_at, ?)${
      moves ? ", status = 'interview', status_changed_at = ?" : ""
    } WHERE reference = ?`,
    moves ? [now, now, now, reference] : [now, now, reference],
  );
}

/** An application as its stage e-mail needs it, with its vacancy's title (read from `vacancies`). */
export type ApplicationAtStage = {
  first_name: string;
  email: string;
  status: string;
  status_changed_at: number | null;
  created_at: number;
  vacancy_reference: string | null;
  vacancy_title: string | null;
  /** For the applicant's link the e-mail carries. */
  link_nonce: string;
};

/** An application as its stage e-mail needs it, or null; `lock` as for applicationOf. */
export async function applicationAtStage(
  q: Queryable,
  reference: string,
  lock = "",
): Promise<ApplicationAtStage | null> {
  const [row] = await q.all<ApplicationAtStage>(
    `SELECT a.first_name, a.email, a.status, a.status_changed_at, a.created_at, a.vacancy_reference,
       (SELECT v.title FROM vacancies v WHERE v.reference = a.vacancy_reference) AS vacancy_title, a.link_nonce
     FROM applications a WHERE a.reference = ? ${lock}`,
    [reference],
  );
  return row ?? null;
}

/** An e-mail to the applicant from staff went now: activity, and the first answer unless it had one. */
export async function markAnswered(tx: Queryable, reference: string, now: number): Promise<void> {
  await tx.run(
    "UPDATE applications SET last_activity_at = ?, answered_at = COALESCE(answered_at, ?) WHERE reference = ?",
    [now, now, reference],
  );
}

/** An applicant for a vacancy still at New or Contacted. */
export type WaitingApplicant = {
  reference: string;
  firstName: string;
  lastName: string;
  status: "new" | "contacted";
  appliedAt: number;
};

/** A vacancy's applicants still at New or Contacted (spam and everyone further on left out), oldest first. */
export async function waitingApplicants(
  db: Queryable,
  vacancyReference: string,
): Promise<WaitingApplicant[]> {
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
  return rows.map((row) => ({
    reference: row.reference,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status,
    appliedAt: Number(row.created_at),
  }));
}

/** An applicant about to be told "not this time": whom to write to, and where they stand. */
export type ApplicantToTell = {
  first_name: string;
  email: string;
  status: string;
  vacancy_reference: string | null;
  /** For the applicant's link the e-mail carries. */
  link_nonce: string;
};

/** Locks an application's row until the transaction ends, and reads it for "not this time"; null when none. */
export async function lockApplicantToTell(
  tx: Queryable,
  sql: SqlDialect,
  reference: string,
): Promise<ApplicantToTell | null> {
  const [row] = await tx.all<ApplicantToTell>(
    `SELECT first_name, email, status, vacancy_reference, link_nonce FROM applications WHERE reference = ? ${sql.lockRows}`,
    [reference],
  );
  return row ?? null;
}

/** Moves an application to Unsuccessful now, as activity, and counts it answered unless it was. */
export async function markUnsuccessful(tx: Queryable, reference: string, now: number): Promise<void> {
  await tx.run(
    `UPDATE applications SET status = 'unsuccessful', status_changed_at = ?, last_activity_at = ?,
           answered_at = COALESCE(answered_at, ?) WHERE reference = ?`,
    [now, now, now, reference],
  );
}

/** The applicant withdrew their application now. */
export async function markWithdrawn(tx: Queryable, reference: string, now: number): Promise<void> {
  await tx.run(
    "UPDATE applications SET status = 'withdrawn', status_changed_at = ?, last_activity_at = ? WHERE reference = ?",
    [now, now, reference],
  );
}

/** The consent to be kept on file an application holds (null: none), or null when there is no such application. */
export async function keepConsentOf(
  db: Queryable,
  reference: string,
): Promise<{ keepConsentAt: number | null } | null> {
  const [row] = await db.all<{ keep_consent_at: number | null }>(
    "SELECT keep_consent_at FROM applications WHERE reference = ?",
    [reference],
  );
  if (!row) return null;
  return { keepConsentAt: row.keep_consent_at === null ? null : Number(row.keep_consent_at) };
}

/** Records the applicant's consent to be kept on file as given at `at`, or taken back (null), as activity now. */
export async function setKeepConsentAt(
  tx: Queryable,
  reference: string,
  at: number | null,
  now: number,
): Promise<void> {
  await tx.run("UPDATE applications SET keep_consent_at = ?, last_activity_at = ? WHERE reference = ?", [
    at,
    now,
    reference,
  ]);
}

/** The applicant joins the talent pool, or renews their place in it, from now; the renewal question is asked afresh. */
export async function joinPool(tx: Queryable, reference: string, now: number): Promise<void> {
  await tx.run(
    "UPDATE applications SET keep_consent_at = ?, pool_asked_at = NULL, last_activity_at = ? WHERE reference = ?",
    [now, now, reference],
  );
}

/** Takes the applicant out of the talent pool now. */
export async function removeFromPool(tx: Queryable, reference: string, now: number): Promise<void> {
  await tx.run(
    "UPDATE applications SET keep_consent_at = NULL, pool_asked_at = NULL, last_activity_at = ? WHERE reference = ?",
    [now, reference],
  );
}

/** An application's National Insurance number as stored (encrypted), or null when there is no such application. */
export async function niNumberOf(db: Queryable, reference: string): Promise<string | null> {
  const [row] = await db.all<{ ni_number_encrypted: string }>(
    "SELECT ni_number_encrypted FROM applications WHERE reference = ?",
    [reference],
  );
  return row ? row.ni_number_encrypted : null;
}

/** A stored National Insurance number, with the application it belongs to. */
export type StoredNiNumber = { id: number; reference: string; ni_number_encrypted: string };

/** Up to `limit` applications' stored National Insurance numbers, after the id `after`, by id. */
export function niNumbersAfter(db: Queryable, after: number, limit: number): Promise<StoredNiNumber[]> {
  return db.all<StoredNiNumber>(
    "SELECT id, reference, ni_number_encrypted FROM applications WHERE id > ? ORDER BY id LIMIT ?",
    [after, limit],
  );
}

/** Replaces a stored National Insurance number, only if it is still `from`; resolves to the rows changed. */
export function replaceNiNumber(
  tx: Queryable,
  change: { id: number; from: string; to: string },
): Promise<number> {
  return tx.run("UPDATE applications SET ni_number_encrypted = ? WHERE id = ? AND ni_number_encrypted = ?", [
    change.to,
    change.id,
    change.from,
  ]);
}
