/**
 * The owner of the `vacancies` table: the jobs staff save, publish, edit and close, one row each, named
 * by its reference (VAC-...), with its public address, its words, its pay in pence, its closing date and
 * the moments it was published, closed and last changed for the public.
 */
import type { Vacancy, VacancyStatus } from "#core/vacancies/model.ts";
import type { VacancyInput } from "#core/vacancies/schema.ts";
import type { Queryable } from "../db/database.ts";
import type { SqlDialect } from "../db/dialect.ts";

/** A vacancy's row. */
type VacancyRow = {
  reference: string;
  slug: string;
  status: VacancyStatus;
  title: string;
  service: string;
  location: string;
  postcode: string;
  employment_type: Vacancy["employmentType"];
  pay_from_pence: number;
  pay_to_pence: number;
  pay_period: Vacancy["payPeriod"];
  hours: string;
  description: string;
  closes_on: string;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  closed_at: number | null;
  content_changed_at: number | null;
};

/** The columns of a listing: what a job alert tells of a vacancy. */
type ListingRow = Pick<
  VacancyRow,
  | "reference"
  | "slug"
  | "status"
  | "title"
  | "service"
  | "location"
  | "postcode"
  | "employment_type"
  | "pay_from_pence"
  | "pay_to_pence"
  | "pay_period"
  | "closes_on"
>;

/** A vacancy as a list of jobs names it: everything but its long words and its moments. */
export type VacancyListing = Pick<
  Vacancy,
  | "reference"
  | "slug"
  | "status"
  | "title"
  | "service"
  | "location"
  | "postcode"
  | "employmentType"
  | "payFrom"
  | "payTo"
  | "payPeriod"
  | "closesOn"
>;

const columns = `reference, slug, status, title, service, location, postcode, employment_type, pay_from_pence,
  pay_to_pence, pay_period, hours, description, closes_on, created_at, updated_at, published_at, closed_at,
  content_changed_at`;

function listingOf(row: ListingRow): VacancyListing {
  return {
    reference: row.reference,
    slug: row.slug,
    status: row.status,
    title: row.title,
    service: row.service,
    location: row.location,
    postcode: row.postcode,
    employmentType: row.employment_type,
    payFrom: Number(row.pay_from_pence) / 100,
    payTo: Number(row.pay_to_pence) / 100,
    payPeriod: row.pay_period,
    closesOn: row.closes_on,
  };
}

function vacancyOf(row: VacancyRow): Vacancy {
  return {
    ...listingOf(row),
    hours: row.hours,
    description: row.description,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    // Rows from before the column was filled fall back to their publication, as the migration did.
    contentChangedAt: Number(row.content_changed_at ?? row.published_at ?? row.updated_at),
  };
}

function penceOf(pounds: number): number {
  return Math.round(pounds * 100);
}

/** What staff wrote, as the columns title ... closes_on take it, in that order. */
function valuesOf(input: VacancyInput) {
  return [
    input.title,
    input.service,
    input.location,
    input.postcode,
    input.employmentType,
    penceOf(input.payFrom),
    penceOf(input.payTo),
    input.payPeriod,
    input.hours,
    input.description,
    input.closesOn,
  ];
}

/** One vacancy by its reference, or null. */
export async function vacancyByReference(db: Queryable, reference: string): Promise<Vacancy | null> {
  const [row] = await db.all<VacancyRow>(`SELECT ${columns} FROM vacancies WHERE reference = ?`, [reference]);
  return row ? vacancyOf(row) : null;
}

/**
 * One vacancy by its reference, its row held (`dialect.lockRows`) until the caller's transaction ends;
 * null when there is none.
 */
export async function lockedVacancy(
  tx: Queryable,
  dialect: SqlDialect,
  reference: string,
): Promise<Vacancy | null> {
  const [row] = await tx.all<VacancyRow>(
    `SELECT ${columns} FROM vacancies WHERE reference = ? ${dialect.lockRows}`,
    [reference],
  );
  return row ? vacancyOf(row) : null;
}

/** One vacancy by its public address, or null. */
export async function vacancyBySlug(db: Queryable, slug: string): Promise<Vacancy | null> {
  const [row] = await db.all<VacancyRow>(`SELECT ${columns} FROM vacancies WHERE slug = ?`, [slug]);
  return row ? vacancyOf(row) : null;
}

/** A vacancy's title by its reference, or null when there is no such vacancy. */
export async function vacancyTitle(db: Queryable, reference: string): Promise<string | null> {
  const [row] = await db.all<{ title: string }>("SELECT title FROM vacancies WHERE reference = ?", [
    reference,
  ]);
  return row ? row.title : null;
}

/** The title and reference of the vacancy an application names, or null when it is gone. */
export async function appliedFor(
  db: Queryable,
  reference: string,
): Promise<{ title: string; reference: string } | null> {
  const [row] = await db.all<{ title: string; reference: string }>(
    "SELECT title, reference FROM vacancies WHERE reference = ?",
    [reference],
  );
  return row ? { title: row.title, reference: row.reference } : null;
}

/** True when a vacancy has this reference. */
export async function vacancyExists(db: Queryable, reference: string): Promise<boolean> {
  const [row] = await db.all("SELECT 1 AS found FROM vacancies WHERE reference = ?", [reference]);
  return row !== undefined;
}

/** True when a vacancy ever published (open or closed) has this public address. */
export async function isPublishedSlug(db: Queryable, slug: string): Promise<boolean> {
  const rows = await db.all(`SELECT 1 AS found FROM vacancies WHERE slug = ? AND status <> 'draft'`, [slug]);
  return rows.length > 0;
}

/** The public lists' filters. */
export type OpenFilter = { service?: string | undefined; type?: string | undefined; limit?: number };

/**
 * The vacancies published and not closed whose closing date is `today` (a Europe/London date) or later,
 * newest first; the caller tells by the clock which of them are still open.
 */
export async function openVacancies(
  db: Queryable,
  today: string,
  filter: OpenFilter = {},
): Promise<Vacancy[]> {
  const clauses = ["status = 'open'", "closes_on >= ?"];
  const params: (string | number)[] = [today];
  if (filter.service) {
    clauses.push("service = ?");
    params.push(filter.service);
  }
  if (filter.type) {
    clauses.push("employment_type = ?");
    params.push(filter.type);
  }
  const limit = filter.limit ? ` LIMIT ${Math.max(1, Math.floor(filter.limit))}` : "";
  const rows = await db.all<VacancyRow>(
    `SELECT ${columns} FROM vacancies WHERE ${clauses.join(" AND ")}
       ORDER BY published_at DESC, reference DESC${limit}`,
    params,
  );
  return rows.map(vacancyOf);
}

/**
 * The open vacancies published by `now` whose closing date is `today` or later, oldest publication
 * first: what the job alerts may tell of; the caller tells by the clock which are still open.
 */
export async function publishedOpenVacancies(
  db: Queryable,
  today: string,
  now: number,
): Promise<(VacancyListing & { publishedAt: number })[]> {
  const rows = await db.all<ListingRow & { published_at: number }>(
    `SELECT reference, slug, status, title, service, location, postcode, employment_type, pay_from_pence,
       pay_to_pence, pay_period, closes_on, published_at
     FROM vacancies
     WHERE status = 'open' AND closes_on >= ? AND published_at IS NOT NULL AND published_at <= ?
     ORDER BY published_at, reference`,
    [today, now],
  );
  return rows.map((row) => ({ ...listingOf(row), publishedAt: Number(row.published_at) }));
}

/** Every vacancy, newest first, with how many applications (not spam) name it. */
export async function vacanciesWithApplicants(db: Queryable): Promise<(Vacancy & { applicants: number })[]> {
  const rows = await db.all<VacancyRow & { applicants: number }>(
    `SELECT ${columns.replace(/(\w+)/g, "v.$1")},
           (SELECT COUNT(*) FROM applications a WHERE a.vacancy_reference = v.reference AND a.status <> 'spam') AS applicants
         FROM vacancies v ORDER BY v.created_at DESC, v.reference DESC`,
  );
  return rows.map((row) => ({ ...vacancyOf(row), applicants: Number(row.applicants) }));
}

/**
 * Of the vacancies ever published: the newest closing (Close vacancy), and the latest closing date
 * before `today` of one still open; null for none.
 */
export async function latestEndings(
  db: Queryable,
  today: string,
): Promise<{ closed: number | null; expired: string | null }> {
  const [row] = await db.all<{ closed: number | null; expired: string | null }>(
    `SELECT MAX(CASE WHEN status = 'closed' THEN closed_at END) AS closed,
           MAX(CASE WHEN status = 'open' AND closes_on < ? THEN closes_on END) AS expired
         FROM vacancies WHERE published_at IS NOT NULL`,
    [today],
  );
  return {
    closed: row?.closed != null ? Number(row.closed) : null,
    expired: row?.expired ? row.expired : null,
  };
}

/** The vacancies ever published, newest first, by reference and title. */
export async function publishedTitles(db: Queryable): Promise<{ reference: string; title: string }[]> {
  return db.all<{ reference: string; title: string }>(
    "SELECT reference, title FROM vacancies WHERE status <> 'draft' ORDER BY created_at DESC",
  );
}

/** Stores a new vacancy as staff wrote it, at `now`: a draft, or open and published then. */
export async function addVacancy(
  db: Queryable,
  vacancy: { reference: string; slug: string; status: "draft" | "open"; input: VacancyInput; now: number },
): Promise<void> {
  const { reference, slug, status, input, now } = vacancy;
  await db.run(
    `INSERT INTO vacancies (reference, slug, status, title, service, location, postcode, employment_type,
                 pay_from_pence, pay_to_pence, pay_period, hours, description, closes_on, created_at, updated_at,
                 published_at, closed_at, content_changed_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
    [reference, slug, status, ...valuesOf(input), now, now, status === "open" ? now : null, now],
  );
}

/** Writes a vacancy's new words, address and status, with its moments, at `now`. */
export async function updateVacancy(
  db: Queryable,
  reference: string,
  change: {
    slug: string;
    status: VacancyStatus;
    input: VacancyInput;
    now: number;
    publishedAt: number | null;
    contentChangedAt: number;
  },
): Promise<void> {
  await db.run(
    `UPDATE vacancies SET slug = ?, status = ?, title = ?, service = ?, location = ?, postcode = ?,
           employment_type = ?, pay_from_pence = ?, pay_to_pence = ?, pay_period = ?, hours = ?, description = ?,
           closes_on = ?, updated_at = ?, published_at = ?, content_changed_at = ? WHERE reference = ?`,
    [
      change.slug,
      change.status,
      ...valuesOf(change.input),
      change.now,
      change.publishedAt,
      change.contentChangedAt,
      reference,
    ],
  );
}

/** Closes a vacancy at `now`. */
export async function closeVacancy(db: Queryable, reference: string, now: number): Promise<void> {
  await db.run("UPDATE vacancies SET status = 'closed', closed_at = ?, updated_at = ? WHERE reference = ?", [
    now,
    now,
    reference,
  ]);
}
