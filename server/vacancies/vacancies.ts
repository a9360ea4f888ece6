import {
  endOfClosingDate,
  isOpenAt,
  londonDate,
  type Vacancy,
  type VacancyStatus,
  vacancySlug,
} from "#core/vacancies/model.ts";
import type { VacancyInput } from "#core/vacancies/schema.ts";
import { type Database, isUniqueViolation, type Queryable } from "../db/database.ts";
import { newReference } from "../leads/model.ts";
import { leadTimeline, type TimelineEvent } from "../leads/read.ts";
import { recordEvent } from "../leads/timeline.ts";

/**
 * Vacancies: staff save, publish, edit and close them in the workspace; the public pages, the sitemap
 * and the careers form read them from the database on every request, so every process sees a change at
 * once, with nothing to rebuild. Every change goes on the vacancy's own timeline (the audit log, under
 * its reference), written only through recordEvent.
 */

export type VacanciesOptions = {
  db: Database;
  /** The clock: tests move it past a closing date. */
  now?: () => number;
  /** Told after a save leaves a vacancy open (published, or a published one edited): the job alerts wake. */
  onOpenSaved?: () => void;
};

type Row = {
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

function fromRow(row: Row): Vacancy {
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
    hours: row.hours,
    description: row.description,
    closesOn: row.closes_on,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    // Rows from before the column was filled fall back to their publication, as the migration did.
    contentChangedAt: Number(row.content_changed_at ?? row.published_at ?? row.updated_at),
  };
}

/** A vacancy in the workspace's list: with how many applications (not spam) name it. */
export type ListedVacancy = Vacancy & { applicants: number };

/** What a visitor asking for a vacancy's page gets: the page, a 410 (closed or past its date) or a 404. */
export type VacancyAnswer =
  | { state: "open"; vacancy: Vacancy }
  | { state: "gone"; vacancy: Vacancy; others: Vacancy[] }
  | { state: "missing" };

export type SaveIntent = "draft" | "publish";

export type SaveOutcome =
  | { ok: true; vacancy: Vacancy }
  | { ok: false; status: number; problem: string; fields?: Record<string, string> };

/** The public lists' filters. */
export type OpenFilter = { service?: string | undefined; type?: string | undefined; limit?: number };

const columns = `reference, slug, status, title, service, location, postcode, employment_type, pay_from_pence,
  pay_to_pence, pay_period, hours, description, closes_on, created_at, updated_at, published_at, closed_at,
  content_changed_at`;

const changeNames: Record<string, string> = {
  title: "title",
  service: "service",
  location: "place",
  postcode: "postcode",
  employmentType: "kind of work",
  payFrom: "pay",
  payTo: "pay",
  payPeriod: "pay",
  hours: "hours",
  description: "description",
  closesOn: "closing date",
};

/** The fields an edit changed, in words: "title, pay". */
function changesOf(before: Vacancy, after: VacancyInput): string {
  const changed = new Set<string>();
  for (const [key, name] of Object.entries(changeNames)) {
    if (before[key as keyof Vacancy] !== after[key as keyof VacancyInput]) changed.add(name);
  }
  return [...changed].join(", ");
}

function penceOf(pounds: number): number {
  return Math.round(pounds * 100);
}

/** The vacancies service: built once at the composition root. */
export function createVacancies(options: VacanciesOptions) {
  const { db, now = Date.now } = options;
  async function get(q: Queryable, reference: string): Promise<Vacancy | null> {
    const [row] = await q.all<Row>(`SELECT ${columns} FROM vacancies WHERE reference = ?`, [reference]);
    return row ? fromRow(row) : null;
  }

  /**
   * The open vacancies, newest first: published, not closed and not past their closing date (compared
   * as Europe/London dates, then to the second by isOpenAt).
   */
  async function listOpen(filter: OpenFilter = {}, at = now()): Promise<Vacancy[]> {
    const clauses = ["status = 'open'", "closes_on >= ?"];
    const params: (string | number)[] = [londonDate(at)];
    if (filter.service) {
      clauses.push("service = ?");
      params.push(filter.service);
    }
    if (filter.type) {
      clauses.push("employment_type = ?");
      params.push(filter.type);
    }
    const limit = filter.limit ? ` LIMIT ${Math.max(1, Math.floor(filter.limit))}` : "";
    const rows = await db.all<Row>(
      `SELECT ${columns} FROM vacancies WHERE ${clauses.join(" AND ")}
       ORDER BY published_at DESC, reference DESC${limit}`,
      params,
    );
    return rows.map(fromRow).filter((vacancy) => isOpenAt(vacancy, at));
  }

  /** Creates or changes a vacancy (see `save`), without telling anyone. */
  async function saveVacancy(
    reference: string | null,
    input: VacancyInput,
    intent: SaveIntent,
    staffId: number | null,
  ): Promise<SaveOutcome> {
    const at = now();
    if (intent === "publish" && input.closesOn < londonDate(at)) {
      const problem = "The closing date has passed: choose today or a later date to publish.";
      return { ok: false, status: 400, problem, fields: { closesOn: problem } };
    }
    const values = [
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
    if (reference === null) {
      for (let attempt = 0; ; attempt++) {
        const made = newReference("VAC");
        try {
          await db.transaction(async (tx) => {
            await tx.run(
              `INSERT INTO vacancies (reference, slug, status, title, service, location, postcode, employment_type,
                 pay_from_pence, pay_to_pence, pay_period, hours, description, closes_on, created_at, updated_at,
                 published_at, closed_at, content_changed_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
              [
                made,
                vacancySlug(input.title, made),
                intent === "publish" ? "open" : "draft",
                ...values,
                at,
                at,
                intent === "publish" ? at : null,
                at,
              ],
            );
            await recordEvent(tx, {
              reference: made,
              action: intent === "publish" ? "vacancy-published" : "vacancy-saved",
              staffId,
              now: at,
            });
          });
          const vacancy = await get(db, made);
          if (!vacancy) throw new Error("The vacancy just saved cannot be read back");
          return { ok: true, vacancy };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    }
    return db.transaction(async (tx): Promise<SaveOutcome> => {
      const [row] = await tx.all<Row>(
        `SELECT ${columns} FROM vacancies WHERE reference = ? ${db.sql.lockRows}`,
        [reference],
      );
      if (!row) return { ok: false, status: 404, problem: "There is no vacancy with that reference." };
      const before = fromRow(row);
      if (before.status === "closed") {
        return { ok: false, status: 409, problem: "This vacancy is closed and can no longer be changed." };
      }
      const publishing = before.status === "draft" && intent === "publish";
      // Once published, a vacancy stays published: "Save draft" on it saves the changes and keeps it open.
      const status: VacancyStatus = before.status === "open" || publishing ? "open" : "draft";
      // The address follows the title until the vacancy is first published, then never changes.
      const slug = before.status === "draft" ? vacancySlug(input.title, before.reference) : before.slug;
      const changes = changesOf(before, input);
      // The public's lastmod moves when the vacancy goes public, or when a published field of an open one
      // changes; a save that changes nothing, or a draft's edits nobody sees, leave it where it was.
      const contentChangedAt =
        publishing || (before.status === "open" && changes !== "") ? at : before.contentChangedAt;
      await tx.run(
        `UPDATE vacancies SET slug = ?, status = ?, title = ?, service = ?, location = ?, postcode = ?,
           employment_type = ?, pay_from_pence = ?, pay_to_pence = ?, pay_period = ?, hours = ?, description = ?,
           closes_on = ?, updated_at = ?, published_at = ?, content_changed_at = ? WHERE reference = ?`,
        [
          slug,
          status,
          ...values,
          at,
          before.publishedAt ?? (publishing ? at : null),
          contentChangedAt,
          before.reference,
        ],
      );
      const action = publishing
        ? "vacancy-published"
        : before.status === "open"
          ? "vacancy-edited"
          : "vacancy-saved";
      await recordEvent(tx, { reference: before.reference, action, staffId, detail: changes, now: at });
      const vacancy = await get(tx, before.reference);
      if (!vacancy) throw new Error("The vacancy just saved cannot be read back");
      return { ok: true, vacancy };
    });
  }

  /**
   * True when this member of staff may publish, edit and close vacancies: an administrator, or someone
   * an administrator allowed on the team page.
   */
  async function mayManage(staffId: number): Promise<boolean> {
    const [row] = await db.all<{ allowed: number }>(
      "SELECT 1 AS allowed FROM staff WHERE id = ? AND revoked_at IS NULL AND (is_admin = 1 OR can_manage_vacancies = 1)",
      [staffId],
    );
    return row !== undefined;
  }

  const notAllowed: SaveOutcome = {
    ok: false,
    status: 403,
    problem:
      "Publishing, editing and closing vacancies is for those an administrator has allowed. Ask an administrator to allow you on the Team page.",
  };

  return {
    mayManage,

    /** Every vacancy, newest first, with its applicant count: the workspace's list. */
    async list(): Promise<ListedVacancy[]> {
      const rows = await db.all<Row & { applicants: number }>(
        `SELECT ${columns.replace(/(\w+)/g, "v.$1")},
           (SELECT COUNT(*) FROM applications a WHERE a.vacancy_reference = v.reference AND a.status <> 'spam') AS applicants
         FROM vacancies v ORDER BY v.created_at DESC, v.reference DESC`,
      );
      return rows.map((row) => ({ ...fromRow(row), applicants: Number(row.applicants) }));
    },

    /** One vacancy by its reference, for the workspace. */
    get: (reference: string) => get(db, reference),

    /** A vacancy's own timeline: who did what, when. */
    timeline: (reference: string): Promise<TimelineEvent[]> => leadTimeline(db, reference),

    listOpen,

    /**
     * The feed's contents at a moment: the open vacancies, and when that list last changed (the newest
     * published content of an open one, the newest closing of a published one, or the end of the newest
     * closing date already over), so a closing moves it too; null when nothing was ever published.
     */
    async feed(at = now()): Promise<{ vacancies: Vacancy[]; changedAt: number | null }> {
      const open = await listOpen({}, at);
      const [row] = await db.all<{ closed: number | null; expired: string | null }>(
        `SELECT MAX(CASE WHEN status = 'closed' THEN closed_at END) AS closed,
           MAX(CASE WHEN status = 'open' AND closes_on < ? THEN closes_on END) AS expired
         FROM vacancies WHERE published_at IS NOT NULL`,
        [londonDate(at)],
      );
      const times = open.map((vacancy) => vacancy.contentChangedAt);
      if (row?.closed != null) times.push(Number(row.closed));
      if (row?.expired) times.push(endOfClosingDate(row.expired).ms);
      return { vacancies: open, changedAt: times.length > 0 ? Math.max(...times) : null };
    },

    /** The answer for a vacancy's public address. */
    async bySlug(slug: string, at = now()): Promise<VacancyAnswer> {
      const [row] = await db.all<Row>(`SELECT ${columns} FROM vacancies WHERE slug = ?`, [slug]);
      if (!row || row.status === "draft") return { state: "missing" };
      const vacancy = fromRow(row);
      if (isOpenAt(vacancy, at)) return { state: "open", vacancy };
      const others = await listOpen({ service: vacancy.service, limit: 6 }, at);
      return { state: "gone", vacancy, others };
    },

    /**
     * The vacancy an application names, for the careers form: null when there is no such published
     * vacancy; `open` false when it has closed, with `closedAt` the moment it did (Close vacancy, or the
     * end of its closing date, whichever came first), so the form can keep a late application or refuse
     * one sent long after.
     */
    async forApplication(
      reference: string,
      at = now(),
    ): Promise<{ vacancy: Vacancy; open: boolean; closedAt: number | null } | null> {
      const vacancy = await get(db, reference);
      if (!vacancy || vacancy.status === "draft") return null;
      if (isOpenAt(vacancy, at)) return { vacancy, open: true, closedAt: null };
      const ended = endOfClosingDate(vacancy.closesOn).ms;
      const closedAt = vacancy.closedAt === null ? ended : Math.min(vacancy.closedAt, ended);
      return { vacancy, open: false, closedAt };
    },

    /** True when a path names the public list or a published vacancy's page (the visit counts). */
    async isKnownSlug(slug: string): Promise<boolean> {
      const rows = await db.all(`SELECT 1 AS found FROM vacancies WHERE slug = ? AND status <> 'draft'`, [
        slug,
      ]);
      return rows.length > 0;
    },

    /** Vacancies a job seeker can find in the workspace's filter: every one ever published, by title. */
    async choices(): Promise<{ reference: string; title: string }[]> {
      const rows = await db.all<{ reference: string; title: string }>(
        "SELECT reference, title FROM vacancies WHERE status <> 'draft' ORDER BY created_at DESC",
      );
      return rows;
    },

    /**
     * Creates a vacancy (reference null) or changes one, as a draft or published. A published vacancy
     * keeps its address and its first publication date; a closed one cannot be changed. A closing date
     * already past cannot be published.
     */
    async save(
      reference: string | null,
      input: VacancyInput,
      intent: SaveIntent,
      /** Who did it (refused unless they may: see mayManage); null for a vacancy written by a script (the audit's sample). */
      staffId: number | null,
    ): Promise<SaveOutcome> {
      if (staffId !== null && !(await mayManage(staffId))) return notAllowed;
      const outcome = await saveVacancy(reference, input, intent, staffId);
      if (outcome.ok && outcome.vacancy.status === "open") options.onOpenSaved?.();
      return outcome;
    },

    /** Closes a vacancy: its page answers 410 and it leaves the lists and the sitemap at once. */
    async close(reference: string, staffId: number | null): Promise<SaveOutcome> {
      if (staffId !== null && !(await mayManage(staffId))) return notAllowed;
      const at = now();
      return db.transaction(async (tx): Promise<SaveOutcome> => {
        const before = await get(tx, reference);
        if (!before) return { ok: false, status: 404, problem: "There is no vacancy with that reference." };
        if (before.status === "closed") return { ok: true, vacancy: before };
        await tx.run(
          "UPDATE vacancies SET status = 'closed', closed_at = ?, updated_at = ? WHERE reference = ?",
          [at, at, reference],
        );
        await recordEvent(tx, { reference, action: "vacancy-closed", staffId, now: at });
        const vacancy = await get(tx, reference);
        if (!vacancy) throw new Error("The vacancy just closed cannot be read back");
        return { ok: true, vacancy };
      });
    },
  };
}

export type Vacancies = ReturnType<typeof createVacancies>;
