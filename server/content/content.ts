/**
 * Site content staff keep: every item stored as versions, each checked by its kind's schema in core/,
 * published only with a second person's approval where it is a claim, and read by the public pages from
 * memory. Each process keeps the published content in memory, reads it at start, and reads it again
 * whenever the content's generation in the database has risen (a cheap read every `pollMs`), so a
 * publication on any process shows on every process within a second or so, and no visitor's request
 * waits for the database. See docs/decisions/029-site-content-published-at-static-speed.md.
 */

import { testimonialLapseTimes } from "#core/case-studies/testimonials.ts";
import { accreditationLapseTimes } from "#core/claims/accreditations.ts";
import type { Accreditation } from "#core/config/accreditations.ts";
import { accreditationSchema } from "#core/content/accreditation.ts";
import { type CareersPage, careersPageSchema } from "#core/content/careers-page.ts";
import {
  type ContentKind,
  contentKey,
  contentKinds,
  differsFromShipped,
  needsApproval,
  type PublishedContent,
  shippedContent,
  type VersionState,
} from "#core/content/model.ts";
import { z } from "#core/forms/zod.ts";
import { type Database, isUniqueViolation, type Queryable } from "../db/database.ts";
import type { Logger } from "../observability/logger.ts";
import {
  addItem,
  addVersion,
  approveAwaiting,
  type ContentVersion,
  contentGeneration,
  itemExists,
  itemVersions,
  latestVersion,
  listItems,
  moveVersion,
  publishedBodies,
  publishVersion,
  raiseGeneration,
  seedItem,
  supersedeUnpublished,
} from "../tables/content.ts";
import { endSchedule, pendingSchedules } from "../tables/content-schedules.ts";
import { contentPermissions } from "../tables/staff.ts";
import { recordEvent } from "../tables/timeline.ts";

export type { ContentVersion };

/** What `npm run content -- export` writes: each item's published version, by kind and key. */
export const contentFileFormat = "site-content/1";
const contentFileSchema = z.object({
  format: z.literal(contentFileFormat),
  items: z
    .array(
      z.object({
        kind: z.enum(contentKinds),
        key: z.string().regex(/^[a-z0-9-]{1,60}$/),
        body: z.unknown(),
      }),
    )
    .max(1000),
});
export type ContentFile = {
  format: typeof contentFileFormat;
  items: { kind: ContentKind; key: string; body: unknown }[];
};

export type ContentOptions = {
  db: Database;
  logger?: Logger;
  now?: () => number;
  /** How often each process reads the content's generation, in ms. */
  pollMs?: number;
};

/** What a change to content came to: done (with the version it concerns), or refused with a message. */
export type ContentOutcome =
  | { ok: true; version: number; state: VersionState }
  | { ok: false; status: number; problem: string; problems?: Record<string, string>; changed?: boolean };

/** Who is acting: their id, and (checked here, from the database) what they may do. */
type Actor = { id: number };

const refused = (status: number, problem: string, extra: Partial<ContentOutcome> = {}): ContentOutcome =>
  ({ ok: false, status, problem, ...extra }) as ContentOutcome;

/** Each kind's schema, by kind: what a version of it is checked by. */
const schemaOf = { accreditation: accreditationSchema, page: careersPageSchema } satisfies Record<
  ContentKind,
  unknown
>;

/** Checks a version's body by its kind's schema: the value, or each problem by its field. */
export function checkBody(
  kind: ContentKind,
  body: unknown,
): { ok: true; value: unknown } | { ok: false; problems: Record<string, string> } {
  const parsed = schemaOf[kind].safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join(".") || kind] ??= issue.message;
  return { ok: false, problems };
}

/** The detail an audit line carries: the item and the version, no personal data. */
const detailOf = (kind: ContentKind, key: string, version: number) => `${kind} ${key} v${version}`;

export function createContent({ db, logger, now = Date.now, pollMs = 500 }: ContentOptions) {
  let published: PublishedContent = shippedContent;
  let changed = false;
  let generation = -1;
  let timer: NodeJS.Timeout | null = null;
  let reading: Promise<void> | null = null;
  const listeners: (() => void)[] = [];

  /** Reads the published content again when its generation has risen since it was last read. */
  async function refresh(): Promise<void> {
    const now = await contentGeneration(db);
    if (now === generation) return;
    const bodies = await publishedBodies(db, "accreditation");
    const accreditations: Accreditation[] = [];
    for (const body of bodies) {
      const checked = checkBody("accreditation", body);
      if (checked.ok) accreditations.push(checked.value as Accreditation);
      else logger?.error({ problems: checked.problems }, "a published accreditation failed its schema");
    }
    published = { accreditations, careersPage: await publishedCareersPage() };
    changed = differsFromShipped(published);
    generation = now;
    for (const listener of listeners) listener();
  }

  /** The Careers page's published words; the shipped words when none is published or it fails its schema. */
  async function publishedCareersPage(): Promise<CareersPage> {
    const [body] = (await itemVersions(db, "page", "careers"))
      .filter((version) => version.state === "published")
      .map((version) => version.body);
    if (body === undefined) return shippedContent.careersPage;
    const checked = checkBody("page", body);
    if (checked.ok) return checked.value as CareersPage;
    logger?.error({ problems: checked.problems }, "the Careers page's published words failed their schema");
    return shippedContent.careersPage;
  }

  /** Refreshes, one read at a time. */
  function refreshOnce(): Promise<void> {
    reading ??= refresh().finally(() => {
      reading = null;
    });
    return reading;
  }

  async function permissions(actor: Actor) {
    return contentPermissions(db, actor.id);
  }

  /**
   * Adds a new version of an item made from `body`, based on `basedOn` (the version the editor opened):
   * refused when the item has changed since, with the editor's words kept by the caller to compare.
   */
  async function addChecked(
    tx: Queryable,
    input: {
      kind: ContentKind;
      key: string;
      body: unknown;
      basedOn: number;
      state: "draft" | "awaiting";
      authorId: number;
      restoredFrom: number | null;
    },
  ): Promise<ContentOutcome> {
    const latest = await latestVersion(tx, input.kind, input.key);
    if (latest !== input.basedOn) {
      return refused(
        409,
        `Someone saved version ${latest} of this item after you opened version ${input.basedOn}. Your words are below, beside what is saved now: compare them, then save again.`,
        { changed: true },
      );
    }
    const version = latest + 1;
    await addVersion(tx, { ...input, version, basedOn: latest, now: now() });
    await supersedeUnpublished(tx, input.kind, input.key, version);
    return { ok: true, version, state: input.state };
  }

  /** Runs a change in one transaction; a second save of the same version loses the race here, not silently. */
  async function inTransaction(fn: (tx: Queryable) => Promise<ContentOutcome>): Promise<ContentOutcome> {
    try {
      const outcome = await db.transaction(fn);
      if (outcome.ok && outcome.state === "published") await refreshOnce();
      return outcome;
    } catch (error) {
      if (isUniqueViolation(error)) {
        return refused(
          409,
          "Someone saved this item at the same moment as you. Your words are below, beside what is saved now: compare them, then save again.",
          { changed: true },
        );
      }
      throw error;
    }
  }

  return {
    /**
     * Publishes the shipped files as each item's first version, on a fresh installation (and any item
     * the files gained since): once, whatever the number of processes starting at once.
     */
    async seed(): Promise<number> {
      let added = 0;
      await db.transaction(async (tx) => {
        let position = 0;
        for (const item of shippedContent.accreditations) {
          position += 1;
          const key = contentKey(item.scheme);
          if (await seedItem(tx, { kind: "accreditation", key, position, body: item, now: now() })) added++;
        }
        const careers = {
          kind: "page" as const,
          key: "careers",
          position: 1,
          body: shippedContent.careersPage,
        };
        if (await seedItem(tx, { ...careers, now: now() })) added++;
        if (added > 0) await raiseGeneration(tx);
      });
      await refreshOnce();
      return added;
    },

    /** What the public pages show now: this process's copy of the published content. */
    published: (): PublishedContent => published,

    /** True when the published content differs from what the build drew its prerendered pages from. */
    differsFromBuild: (): boolean => changed,

    /** The generation of the content this process holds. */
    generation: (): number => generation,

    /** Calls `listener` each time this process reads a changed content (the pages are drawn again). */
    onChange(listener: () => void): void {
      listeners.push(listener);
    },

    /** The moments a claim in the published content lapses, earliest first. */
    lapseTimes: (): number[] =>
      [...accreditationLapseTimes(published.accreditations), ...testimonialLapseTimes()].sort(
        (a, b) => a - b,
      ),

    /** Reads the published content again if it changed (tests; the poller does this by itself). */
    refresh: refreshOnce,

    /** Starts reading the content's generation every `pollMs`. */
    start() {
      if (timer) return;
      timer = setInterval(() => {
        refreshOnce().catch((error: unknown) =>
          logger?.warn({ err: error }, "could not read the site content's generation"),
        );
      }, pollMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },

    /** What this member of staff may do with content. */
    permissions,

    /** Every item of a kind, with its newest and its published version. */
    list: (kind: ContentKind) => listItems(db, kind),

    /** Every item's published version, as `npm run content -- export` writes it to a file. */
    async exportPublished(): Promise<ContentFile> {
      const items: ContentFile["items"] = [];
      for (const kind of contentKinds) {
        for (const { key, published } of await listItems(db, kind)) {
          if (published) items.push({ kind, key, body: published.body });
        }
      }
      return { format: contentFileFormat, items };
    },

    /**
     * Publishes each item of a file written by `exportPublished` (another installation's, a staging
     * copy's), as `npm run content -- import` does: every item is checked first and nothing is saved
     * unless all pass; an item whose published version already says the same is left as it is.
     * Resolves to how many items were published, or the problems by item.
     */
    async importPublished(
      file: unknown,
    ): Promise<{ ok: true; published: number } | { ok: false; problems: string[] }> {
      const parsed = contentFileSchema.safeParse(file);
      if (!parsed.success) return { ok: false, problems: ["The file is not a site content export."] };
      const problems: string[] = [];
      const checked = parsed.data.items.map((item) => {
        const body = checkBody(item.kind, item.body);
        if (!body.ok) {
          problems.push(
            `${item.kind} ${item.key}: ${Object.entries(body.problems)
              .map(([field, problem]) => `${field}: ${problem}`)
              .join("; ")}`,
          );
        }
        return { ...item, body: body.ok ? body.value : null };
      });
      if (problems.length > 0) return { ok: false, problems };
      const published = await db.transaction(async (tx) => {
        let count = 0;
        for (const item of checked) {
          if (!item.body) continue;
          await addItem(tx, { kind: item.kind, key: item.key, now: now() });
          const versions = await itemVersions(tx, item.kind, item.key);
          const current = versions.find((version) => version.state === "published");
          if (current && JSON.stringify(current.body) === JSON.stringify(item.body)) continue;
          const version = (versions.at(-1)?.version ?? 0) + 1;
          await addVersion(tx, {
            kind: item.kind,
            key: item.key,
            version,
            body: item.body,
            state: "draft",
            authorId: null,
            basedOn: versions.at(-1)?.version ?? null,
            restoredFrom: null,
            now: now(),
          });
          await supersedeUnpublished(tx, item.kind, item.key, version);
          await publishVersion(tx, { kind: item.kind, key: item.key, version }, "draft", null, now());
          await recordEvent(tx, {
            action: "content-published",
            detail: `${detailOf(item.kind, item.key, version)} imported from a file`,
            now: now(),
          });
          count++;
        }
        return count;
      });
      await refreshOnce();
      return { ok: true, published };
    },

    /** Every version of an item, oldest first; null when there is no such item. */
    async history(kind: ContentKind, key: string): Promise<ContentVersion[] | null> {
      if (!(await itemExists(db, kind, key))) return null;
      return itemVersions(db, kind, key);
    },

    /**
     * Saves the editor's words as a new version: a draft, or awaiting approval (`ask`). Checked by the
     * kind's schema first (nothing is saved when a field is wrong), and refused when the item changed
     * since the editor opened version `basedOn`.
     */
    async save(
      actor: Actor,
      input: { kind: ContentKind; key: string; body: unknown; basedOn: number; ask: boolean },
    ): Promise<ContentOutcome> {
      if (!(await permissions(actor)).edit) return refused(403, "You may not edit the site's content.");
      if (!(await itemExists(db, input.kind, input.key))) return refused(404, "There is no such item.");
      const checked = checkBody(input.kind, input.body);
      if (!checked.ok) {
        return refused(400, "Check the fields marked below.", { problems: checked.problems });
      }
      const state = input.ask && needsApproval(input.kind) ? "awaiting" : "draft";
      return inTransaction(async (tx) => {
        const outcome = await addChecked(tx, {
          kind: input.kind,
          key: input.key,
          body: checked.value,
          basedOn: input.basedOn,
          state,
          authorId: actor.id,
          restoredFrom: null,
        });
        if (outcome.ok) {
          await recordEvent(tx, {
            action: state === "awaiting" ? "content-approval-asked" : "content-saved",
            staffId: actor.id,
            detail: detailOf(input.kind, input.key, outcome.version),
            now: now(),
          });
        }
        return outcome;
      });
    },

    /** Sends a draft for approval, as it is (its author or another editor). */
    async ask(
      actor: Actor,
      at: { kind: ContentKind; key: string; version: number },
    ): Promise<ContentOutcome> {
      if (!(await permissions(actor)).edit) return refused(403, "You may not edit the site's content.");
      return inTransaction(async (tx) => {
        if (!(await moveVersion(tx, at, "draft", "awaiting"))) {
          return refused(409, "That version is no longer a draft: the page shows where it stands now.");
        }
        await recordEvent(tx, {
          action: "content-approval-asked",
          staffId: actor.id,
          detail: detailOf(at.kind, at.key, at.version),
          now: now(),
        });
        return { ok: true, version: at.version, state: "awaiting" };
      });
    },

    /**
     * Approves the exact version awaiting approval and publishes it. Only someone with the approver
     * permission who did not make the version may: an administrator cannot approve their own either.
     */
    async approve(
      actor: Actor,
      at: { kind: ContentKind; key: string; version: number },
    ): Promise<ContentOutcome> {
      if (!(await permissions(actor)).approve) return refused(403, "You may not approve the site's content.");
      return inTransaction(async (tx) => {
        const versions = await itemVersions(tx, at.kind, at.key);
        const version = versions.find((entry) => entry.version === at.version);
        if (version?.state !== "awaiting") {
          return refused(409, "That version is not awaiting approval now: the page shows where it stands.");
        }
        if (version?.authorId === actor.id) {
          return refused(403, "You made this version, so someone else must approve it.");
        }
        if (version.approvedBy !== null) {
          return refused(409, "That version is approved already: it is published at its scheduled time.");
        }
        // Scheduled for later: approved now, published at its time by the schedule (./schedule.ts).
        const schedule = (await pendingSchedules(tx, at.kind, at.key)).find(
          (entry) => entry.action === "publish" && entry.version === at.version,
        );
        if (schedule && schedule.dueAt > now()) {
          if (!(await approveAwaiting(tx, at, actor.id, now()))) {
            return refused(409, "That version is not awaiting approval now: the page shows where it stands.");
          }
          await recordEvent(tx, {
            action: "content-approved",
            staffId: actor.id,
            detail: `${detailOf(at.kind, at.key, at.version)}, to be published at its scheduled time`,
            now: now(),
          });
          return { ok: true, version: at.version, state: "awaiting" };
        }
        // Its time has come already (or it had none): published now, and the schedule is done with.
        if (schedule) await endSchedule(tx, schedule.id, "done", null, now());
        if (!(await publishVersion(tx, at, "awaiting", actor.id, now()))) {
          return refused(409, "That version is not awaiting approval now: the page shows where it stands.");
        }
        await recordEvent(tx, {
          action: "content-approved",
          staffId: actor.id,
          detail: detailOf(at.kind, at.key, at.version),
          now: now(),
        });
        return { ok: true, version: at.version, state: "published" };
      });
    },

    /** Publishes a draft of a kind that needs no approval; refused for a claim, which needs a second person. */
    async publish(
      actor: Actor,
      at: { kind: ContentKind; key: string; version: number },
    ): Promise<ContentOutcome> {
      if (!(await permissions(actor)).edit) return refused(403, "You may not edit the site's content.");
      if (needsApproval(at.kind)) {
        return refused(
          403,
          "This is a claim buyers rely on: ask for approval, and someone else publishes it.",
        );
      }
      return inTransaction(async (tx) => {
        if (!(await publishVersion(tx, at, "draft", null, now()))) {
          return refused(409, "That version is no longer a draft: the page shows where it stands now.");
        }
        await recordEvent(tx, {
          action: "content-published",
          staffId: actor.id,
          detail: detailOf(at.kind, at.key, at.version),
          now: now(),
        });
        return { ok: true, version: at.version, state: "published" };
      });
    },

    /**
     * Makes a new version from an earlier one's words. Where a claim needs approval it awaits it, as any
     * new version would; otherwise it is a draft to publish.
     */
    async restore(
      actor: Actor,
      at: { kind: ContentKind; key: string; version: number; basedOn: number },
    ): Promise<ContentOutcome> {
      if (!(await permissions(actor)).edit) return refused(403, "You may not edit the site's content.");
      return inTransaction(async (tx) => {
        const versions = await itemVersions(tx, at.kind, at.key);
        const earlier = versions.find((entry) => entry.version === at.version);
        if (!earlier) return refused(404, "There is no such version.");
        const checked = checkBody(at.kind, earlier.body);
        if (!checked.ok) return refused(400, "That version no longer passes the site's rules.");
        const outcome = await addChecked(tx, {
          kind: at.kind,
          key: at.key,
          body: checked.value,
          basedOn: at.basedOn,
          state: needsApproval(at.kind) ? "awaiting" : "draft",
          authorId: actor.id,
          restoredFrom: at.version,
        });
        if (outcome.ok) {
          await recordEvent(tx, {
            action: "content-restored",
            staffId: actor.id,
            detail: `${detailOf(at.kind, at.key, outcome.version)} from v${at.version}`,
            now: now(),
          });
        }
        return outcome;
      });
    },
  };
}

export type Content = ReturnType<typeof createContent>;
