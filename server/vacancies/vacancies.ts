import { mayNotManageVacancies } from "#core/vacancies/managing.ts";
import {
  endOfClosingDate,
  isOpenAt,
  londonDate,
  type Vacancy,
  type VacancyStatus,
  vacancyPath,
  vacancySlug,
} from "#core/vacancies/model.ts";
import type { VacancyInput } from "#core/vacancies/schema.ts";
import { type Database, isUniqueViolation, type Queryable } from "../db/database.ts";
import { newReference } from "../leads/model.ts";
import { mayManageVacancies } from "../tables/staff.ts";
import { leadTimeline, recordEvent, type TimelineEvent } from "../tables/timeline.ts";
import {
  addVacancy,
  closeVacancy,
  isPublishedSlug,
  latestEndings,
  lockedVacancy,
  type OpenFilter,
  openVacancies,
  publishedTitles,
  updateVacancy,
  vacanciesWithApplicants,
  vacancyByReference,
  vacancyBySlug,
} from "../tables/vacancies.ts";

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
  /**
   * A published vacancy's address changed with its title: `moved` is told inside the save's transaction
   * (the old address is kept as a redirect to the new one, or the save is undone), `settled` once it is
   * committed (this process answers the old address at once).
   */
  addresses?: {
    moved(tx: Queryable, change: { from: string; to: string }): Promise<void>;
    settled(): Promise<void>;
  };
};

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

/** The vacancies service: built once at the composition root. */
export function createVacancies(options: VacanciesOptions) {
  const { db, now = Date.now } = options;
  /**
   * The open vacancies, newest first: published, not closed and not past their closing date (compared
   * as Europe/London dates, then to the second by isOpenAt).
   */
  async function listOpen(filter: OpenFilter = {}, at = now()): Promise<Vacancy[]> {
    const vacancies = await openVacancies(db, londonDate(at), filter);
    return vacancies.filter((vacancy) => isOpenAt(vacancy, at));
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
    if (reference === null) {
      for (let attempt = 0; ; attempt++) {
        const made = newReference("VAC");
        try {
          await db.transaction(async (tx) => {
            await addVacancy(tx, {
              reference: made,
              slug: vacancySlug(input.title, made),
              status: intent === "publish" ? "open" : "draft",
              input,
              now: at,
            });
            await recordEvent(tx, {
              reference: made,
              action: intent === "publish" ? "vacancy-published" : "vacancy-saved",
              staffId,
              now: at,
            });
          });
          const vacancy = await vacancyByReference(db, made);
          if (!vacancy) throw new Error("The vacancy just saved cannot be read back");
          return { ok: true, vacancy };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    }
    let moved = false;
    const outcome = await db.transaction(async (tx): Promise<SaveOutcome> => {
      moved = false;
      const before = await lockedVacancy(tx, db.sql, reference);
      if (!before) return { ok: false, status: 404, problem: "There is no vacancy with that reference." };
      if (before.status === "closed") {
        return { ok: false, status: 409, problem: "This vacancy is closed and can no longer be changed." };
      }
      const publishing = before.status === "draft" && intent === "publish";
      // Once published, a vacancy stays published: "Save draft" on it saves the changes and keeps it open.
      const status: VacancyStatus = before.status === "open" || publishing ? "open" : "draft";
      // The address follows the title. Once the vacancy is public, its old address is kept as a
      // permanent redirect to the new one, in this transaction: no link to the job ever breaks (and
      // where nothing can keep a redirect, the public address stays as it is).
      const slug =
        before.status === "draft" || options.addresses
          ? vacancySlug(input.title, before.reference)
          : before.slug;
      if (before.status === "open" && slug !== before.slug && options.addresses) {
        await options.addresses.moved(tx, { from: vacancyPath(before.slug), to: vacancyPath(slug) });
        moved = true;
      }
      const changes = changesOf(before, input);
      // The public's lastmod moves when the vacancy goes public, or when a published field of an open one
      // changes; a save that changes nothing, or a draft's edits nobody sees, leave it where it was.
      const contentChangedAt =
        publishing || (before.status === "open" && changes !== "") ? at : before.contentChangedAt;
      await updateVacancy(tx, before.reference, {
        slug,
        status,
        input,
        now: at,
        publishedAt: before.publishedAt ?? (publishing ? at : null),
        contentChangedAt,
      });
      const action = publishing
        ? "vacancy-published"
        : before.status === "open"
          ? "vacancy-edited"
          : "vacancy-saved";
      await recordEvent(tx, { reference: before.reference, action, staffId, detail: changes, now: at });
      const vacancy = await vacancyByReference(tx, before.reference);
      if (!vacancy) throw new Error("The vacancy just saved cannot be read back");
      return { ok: true, vacancy };
    });
    if (moved) await options.addresses?.settled();
    return outcome;
  }

  /**
   * True when this member of staff may publish, edit and close vacancies: an administrator, or someone
   * an administrator allowed on the team page.
   */
  function mayManage(staffId: number): Promise<boolean> {
    return mayManageVacancies(db, staffId);
  }

  const notAllowed: SaveOutcome = {
    ok: false,
    status: 403,
    problem: mayNotManageVacancies,
  };

  return {
    mayManage,

    /** Every vacancy, newest first, with its applicant count: the workspace's list. */
    async list(): Promise<ListedVacancy[]> {
      return vacanciesWithApplicants(db);
    },

    /** One vacancy by its reference, for the workspace. */
    get: (reference: string) => vacancyByReference(db, reference),

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
      const { closed, expired } = await latestEndings(db, londonDate(at));
      const times = open.map((vacancy) => vacancy.contentChangedAt);
      if (closed !== null) times.push(closed);
      if (expired) times.push(endOfClosingDate(expired).ms);
      return { vacancies: open, changedAt: times.length > 0 ? Math.max(...times) : null };
    },

    /** The answer for a vacancy's public address. */
    async bySlug(slug: string, at = now()): Promise<VacancyAnswer> {
      const vacancy = await vacancyBySlug(db, slug);
      if (!vacancy || vacancy.status === "draft") return { state: "missing" };
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
      const vacancy = await vacancyByReference(db, reference);
      if (!vacancy || vacancy.status === "draft") return null;
      if (isOpenAt(vacancy, at)) return { vacancy, open: true, closedAt: null };
      const ended = endOfClosingDate(vacancy.closesOn).ms;
      const closedAt = vacancy.closedAt === null ? ended : Math.min(vacancy.closedAt, ended);
      return { vacancy, open: false, closedAt };
    },

    /** True when a path names the public list or a published vacancy's page (the visit counts). */
    isKnownSlug: (slug: string): Promise<boolean> => isPublishedSlug(db, slug),

    /** Vacancies a job seeker can find in the workspace's filter: every one ever published, by title. */
    choices: (): Promise<{ reference: string; title: string }[]> => publishedTitles(db),

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
        const before = await vacancyByReference(tx, reference);
        if (!before) return { ok: false, status: 404, problem: "There is no vacancy with that reference." };
        if (before.status === "closed") return { ok: true, vacancy: before };
        await closeVacancy(tx, reference, at);
        await recordEvent(tx, { reference, action: "vacancy-closed", staffId, now: at });
        const vacancy = await vacancyByReference(tx, reference);
        if (!vacancy) throw new Error("The vacancy just closed cannot be read back");
        return { ok: true, vacancy };
      });
    },
  };
}

export type Vacancies = ReturnType<typeof createVacancies>;
