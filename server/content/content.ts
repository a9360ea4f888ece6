/**
 * Site content staff keep: every item stored as versions, each checked by its kind's schema in core/,
 * published only with a second person's approval where it is a claim, and read by the public pages from
 * memory. Each process keeps the published content in memory, reads it at start, and reads it again
 * whenever the content's generation in the database has risen (a cheap read every `pollMs`), so a
 * publication on any process shows on every process within a second or so, and no visitor's request
 * waits for the database. See docs/decisions/029-site-content-published-at-static-speed.md.
 */

import { newestFirst } from "#core/case-studies/index.ts";
import type { CaseStudy } from "#core/case-studies/model.ts";
import { testimonialLapseTimes } from "#core/case-studies/testimonials.ts";
import { accreditationLapseTimes } from "#core/claims/accreditations.ts";
import type { Accreditation } from "#core/config/accreditations.ts";
import { serviceList } from "#core/config/service-list.ts";
import type { AboutPage } from "#core/content/about-page.ts";
import { accreditationSchema } from "#core/content/accreditation.ts";
import type { CareersPage } from "#core/content/careers-page.ts";
import { caseStudyProblems, caseStudySchema } from "#core/content/case-study.ts";
import { companyProblems, companySchema } from "#core/content/company.ts";
import { type CompanyFacts, companyKey } from "#core/content/company-facts.ts";
import type { ContactPage } from "#core/content/contact-page.ts";
import type { HomePage } from "#core/content/home-page.ts";
import {
  type ContentKind,
  type ContentPage,
  contentKey,
  contentKinds,
  differsFromShipped,
  needsApproval,
  type PublishedContent,
  shippedContent,
  type VersionState,
} from "#core/content/model.ts";
import { needsApprovalOf, pageWords } from "#core/content/pages.ts";
import type { PrivacyPage } from "#core/content/privacy-page.ts";
import {
  type ServicePageKey,
  type ServicePages,
  type ServicePageWords,
  servicePageKeys,
} from "#core/content/service-pages.ts";
import type { SiteChrome } from "#core/content/site-chrome.ts";
import { z } from "#core/forms/zod.ts";
import type { Picture } from "#core/pictures/model.ts";
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
  rewriteBody,
  seedItem,
  supersedeUnpublished,
  takeDownPublished,
  versionsOfKind,
} from "../tables/content.ts";
import { endSchedule, pendingSchedules } from "../tables/content-schedules.ts";
import { findPicture } from "../tables/pictures.ts";
import { contentPermissions } from "../tables/staff.ts";
import { recordEvent } from "../tables/timeline.ts";
import { addressProblem, type CaseStudyAddresses, publishFollowingAddress } from "./addresses.ts";

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
  /** Told, inside a publication's transaction, where a case study's page answers (./addresses.ts). */
  addresses?: CaseStudyAddresses;
};

/** What a change to content came to: done (with the version it concerns), or refused with a message. */
export type ContentOutcome =
  | { ok: true; version: number; state: VersionState }
  | { ok: false; status: number; problem: string; problems?: Record<string, string>; changed?: boolean };

/** Who is acting: their id, and (checked here, from the database) what they may do. */
type Actor = { id: number };

const refused = (status: number, problem: string, extra: Partial<ContentOutcome> = {}): ContentOutcome =>
  ({ ok: false, status, problem, ...extra }) as ContentOutcome;

/** What a version's body is, by its kind. */
export type ContentBody = {
  accreditation: Accreditation;
  "case-study": CaseStudy;
  page: CareersPage | AboutPage | HomePage | ServicePageWords | ContactPage | SiteChrome | PrivacyPage;
  company: CompanyFacts;
};

/** Checks a version's body by its kind's schema: the value, or each problem by its field. */
export function checkBody<K extends ContentKind>(
  kind: K,
  body: unknown,
  /** The item's key: a page's words are checked by that page's schema (the Careers page's without one). */
  key?: string,
): { ok: true; value: ContentBody[K] } | { ok: false; problems: Record<string, string> } {
  if (kind === "case-study") {
    const parsed = caseStudySchema.safeParse(body);
    if (parsed.success) return { ok: true, value: parsed.data as ContentBody[K] };
    return { ok: false, problems: caseStudyProblems(parsed.error.issues) };
  }
  if (kind === "company") {
    const parsed = companySchema.safeParse(body);
    return parsed.success
      ? { ok: true, value: parsed.data as ContentBody[K] }
      : { ok: false, problems: companyProblems(parsed.error.issues) };
  }
  const schema: z.ZodType =
    kind === "page" ? (pageWords[key as ContentPage] ?? pageWords.careers).schema : accreditationSchema;
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data as ContentBody[K] };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join(".") || kind] ??= issue.message;
  return { ok: false, problems };
}

/**
 * A case study's photos judged against the picture library as it is now: each must be there, and the
 * lead photo (the first) must carry alt text, since it stands for the work under the page's heading.
 * Each problem by the form's field (`photos`, `leadPhoto`); empty when all is well.
 */
export async function photoProblems(db: Queryable, caseStudy: CaseStudy): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  const photos = caseStudy.photos ?? [];
  for (const [index, id] of photos.entries()) {
    const picture = await findPicture(db, id);
    if (!picture) {
      problems.photos ??=
        "One of the photos chosen is no longer in the picture library: choose again from the library.";
    } else if (index === 0 && picture.decorative) {
      problems.leadPhoto =
        "The lead photo is marked decorative, so it has no alt text: choose another as the lead photo, or give this one alt text in the picture library.";
    }
  }
  return problems;
}

/** A person's name as an erasure compares it: accents, case and spacing aside. */
export function nameForMatching(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** True when a case study's quote is by, or its permission was given by, the person of that name. */
function namesPerson(body: unknown, name: string): boolean {
  const testimonial = (
    body as { testimonial?: { name?: unknown; permission?: { agreedBy?: unknown } } | null }
  )?.testimonial;
  if (!testimonial) return false;
  const names = [testimonial.name, testimonial.permission?.agreedBy].filter(
    (value): value is string => typeof value === "string",
  );
  return names.some((value) => nameForMatching(value) === name);
}

/** Each page's shipped words: what it shows until staff publish, and what a fresh installation starts from. */
const shippedPages = {
  careers: shippedContent.careersPage,
  about: shippedContent.aboutPage,
  home: shippedContent.homePage,
  ...(Object.fromEntries(
    serviceList.map((service) => [servicePageKeys[service.key], shippedContent.servicePages[service.key]]),
  ) as Record<ServicePageKey, ServicePageWords>),
  contact: shippedContent.contactPage,
  "site-chrome": shippedContent.siteChrome,
  privacy: shippedContent.privacyPage,
} satisfies { [K in ContentPage]: ContentBody["page"] };

/** The detail an audit line carries: the item and the version, no personal data. */
const detailOf = (kind: ContentKind, key: string, version: number) => `${kind} ${key} v${version}`;

export function createContent({ db, logger, now = Date.now, pollMs = 500, addresses }: ContentOptions) {
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
    const caseStudies: CaseStudy[] = [];
    for (const body of await publishedBodies(db, "case-study")) {
      const checked = checkBody("case-study", body);
      if (checked.ok) caseStudies.push(checked.value);
      else logger?.error({ problems: checked.problems }, "a published case study failed its schema");
    }
    // The company's facts: the one published version, or the shipped facts if none passes (never expected).
    let company = shippedContent.company;
    const [facts] = await publishedBodies(db, "company");
    if (facts !== undefined) {
      const checked = checkBody("company", facts);
      if (checked.ok) company = checked.value as CompanyFacts;
      else logger?.error({ problems: checked.problems }, "the published company details failed their schema");
    }
    // The photos the case studies show, read now with them: a page never waits for the database.
    const pictures: Record<string, Picture> = {};
    for (const id of new Set(caseStudies.flatMap((item) => item.photos ?? []))) {
      const kept = await findPicture(db, id);
      if (!kept) {
        logger?.error({ picture: id }, "a published case study shows a picture the library no longer has");
        continue;
      }
      const { width, height, alt, decorative, focalX, focalY } = kept;
      pictures[id] = { id, width, height, alt, decorative, focalX, focalY };
    }
    // In the order of `shippedContent`'s keys, which the comparison with it reads.
    published = {
      accreditations,
      caseStudies: newestFirst(caseStudies),
      careersPage: (await publishedPage("careers")) as CareersPage,
      company,
      pictures,
      aboutPage: (await publishedPage("about")) as AboutPage,
      homePage: (await publishedPage("home")) as HomePage,
      servicePages: await publishedServicePages(),
      contactPage: (await publishedPage("contact")) as ContactPage,
      siteChrome: (await publishedPage("site-chrome")) as SiteChrome,
      privacyPage: (await publishedPage("privacy")) as PrivacyPage,
    };
    changed = differsFromShipped(published);
    generation = now;
    for (const listener of listeners) listener();
  }

  /** The five service pages' published words, in the order the site presents the services. */
  async function publishedServicePages(): Promise<ServicePages> {
    const pages: Partial<ServicePages> = {};
    for (const service of serviceList) {
      pages[service.key] = (await publishedPage(servicePageKeys[service.key])) as ServicePageWords;
    }
    return pages as ServicePages;
  }

  /** A page's published words; the shipped words when none is published or they fail their schema. */
  async function publishedPage(key: ContentPage): Promise<ContentBody["page"]> {
    const shipped = shippedPages[key];
    const [body] = (await itemVersions(db, "page", key))
      .filter((version) => version.state === "published")
      .map((version) => version.body);
    if (body === undefined) return shipped;
    const checked = checkBody("page", body, key);
    if (checked.ok) return checked.value;
    logger?.error({ problems: checked.problems, page: key }, "a page's published words failed their schema");
    return shipped;
  }

  /** Refreshes, one read at a time. */
  function refreshOnce(): Promise<void> {
    reading ??= refresh().finally(() => {
      reading = null;
    });
    return reading;
  }

  /** A case study's photos against the library: null when all is well, or the refusal by field. */
  async function checkPhotos(kind: ContentKind, value: unknown): Promise<ContentOutcome | null> {
    if (kind !== "case-study") return null;
    const problems = await photoProblems(db, value as CaseStudy);
    if (Object.keys(problems).length === 0) return null;
    return refused(400, "Check the fields marked below.", { problems });
  }

  /** A case study's address against every other case study's: null when it is free, or the refusal by field. */
  async function checkAddress(
    tx: Queryable,
    kind: ContentKind,
    key: string | null,
    value: unknown,
  ): Promise<ContentOutcome | null> {
    if (kind !== "case-study") return null;
    const problem = await addressProblem(tx, key, (value as CaseStudy).slug);
    return problem ? refused(409, "Check the fields marked below.", { problems: { slug: problem } }) : null;
  }

  /** Publishes a version, a case study's address following it (./addresses.ts). */
  const publishing = (
    tx: Queryable,
    at: { kind: ContentKind; key: string; version: number },
    publish: () => Promise<boolean>,
  ) => publishFollowingAddress(tx, at, publish, addresses);

  async function permissions(actor: Actor) {
    return contentPermissions(db, actor.id);
  }

  /**
   * Whether this body, as a new version of the item, needs a second person's approval: judged against the
   * published version (decision 029; the company's facts only for their legal and privacy parts).
   */
  async function versionNeedsApproval(
    tx: Queryable,
    kind: ContentKind,
    key: string,
    body: unknown,
  ): Promise<boolean> {
    if (!needsApprovalOf(kind, key)) return false;
    const published = (await itemVersions(tx, kind, key)).find((version) => version.state === "published");
    const before = published ? checkBody(kind, published.body, key) : null;
    return needsApprovalOf(kind, key, { before: before?.ok ? before.value : null, after: body });
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
      if (outcome.ok && (outcome.state === "published" || outcome.state === "withdrawn")) await refreshOnce();
      // A case study published at a new address: this process answers its old one at once.
      if (outcome.ok && outcome.state === "published") await addresses?.settled();
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
        position = 0;
        for (const item of shippedContent.caseStudies) {
          position += 1;
          const body = { kind: "case-study" as const, key: item.slug, position, body: item, now: now() };
          if (await seedItem(tx, body)) added++;
        }
        const about = { kind: "page" as const, key: "about", position: 2, body: shippedContent.aboutPage };
        if (await seedItem(tx, { ...about, now: now() })) added++;
        const home = { kind: "page" as const, key: "home", position: 3, body: shippedContent.homePage };
        if (await seedItem(tx, { ...home, now: now() })) added++;
        position = 3;
        for (const service of serviceList) {
          position += 1;
          const key = servicePageKeys[service.key];
          const body = shippedContent.servicePages[service.key];
          if (await seedItem(tx, { kind: "page", key, position, body, now: now() })) added++;
        }
        // The pages whose words followed, each after the last.
        for (const [index, key] of (["contact", "site-chrome", "privacy"] as const).entries()) {
          const page = {
            kind: "page" as const,
            key,
            position: position + 1 + index,
            body: shippedPages[key],
          };
          if (await seedItem(tx, { ...page, now: now() })) added++;
        }
        const company = { kind: "company" as const, key: companyKey, position: 1 };
        if (await seedItem(tx, { ...company, body: shippedContent.company, now: now() })) added++;
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
      [
        ...accreditationLapseTimes(published.accreditations),
        ...testimonialLapseTimes(published.caseStudies),
      ].sort((a, b) => a - b),

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
        const body = checkBody(item.kind, item.body, item.key);
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
      let taken: string | null = null;
      const published = await db
        .transaction(async (tx) => {
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
            const at = { kind: item.kind, key: item.key, version };
            const done = await publishing(tx, at, () => publishVersion(tx, at, "draft", null, now()));
            if (!done.ok) {
              // Nothing of the file is kept: the transaction is undone.
              taken = `${item.kind} ${item.key}: ${done.problem ?? "it could not be published"}`;
              throw new Error(taken);
            }
            await recordEvent(tx, {
              action: "content-published",
              detail: `${detailOf(item.kind, item.key, version)} imported from a file`,
              now: now(),
            });
            count++;
          }
          return count;
        })
        .catch((error: unknown) => {
          if (taken !== null) return null;
          throw error;
        });
      if (published === null) return { ok: false, problems: [taken ?? "The file could not be published."] };
      await refreshOnce();
      await addresses?.settled();
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
      const checked = checkBody(input.kind, input.body, input.key);
      if (!checked.ok) {
        return refused(400, "Check the fields marked below.", { problems: checked.problems });
      }
      const photos = await checkPhotos(input.kind, checked.value);
      if (photos) return photos;
      const address = await checkAddress(db, input.kind, input.key, checked.value);
      if (address) return address;
      const state =
        input.ask && (await versionNeedsApproval(db, input.kind, input.key, checked.value))
          ? "awaiting"
          : "draft";
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
        const published = await publishing(tx, at, () => publishVersion(tx, at, "awaiting", actor.id, now()));
        if (!published.ok) {
          return published.problem
            ? refused(409, published.problem, { problems: { slug: published.problem } })
            : refused(409, "That version is not awaiting approval now: the page shows where it stands.");
        }
        if (schedule) await endSchedule(tx, schedule.id, "done", null, now());
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
      return inTransaction(async (tx) => {
        const draft = (await itemVersions(tx, at.kind, at.key)).find((entry) => entry.version === at.version);
        const checked = draft ? checkBody(at.kind, draft.body, at.key) : null;
        if (checked?.ok && (await versionNeedsApproval(tx, at.kind, at.key, checked.value))) {
          return refused(
            403,
            at.kind === "company"
              ? "This changes the company's legal details, its founding date or what the privacy notice promises: ask for approval, and someone else publishes it."
              : at.kind === "page" && at.key === "privacy"
                ? "Everything the privacy notice says is a promise: ask for approval, and someone else publishes it."
                : at.kind === "page"
                  ? "This changes words that make a claim buyers rely on (a figure, a promise, the years of experience): ask for approval, and someone else publishes it."
                  : "This is a claim buyers rely on: ask for approval, and someone else publishes it.",
          );
        }
        const published = await publishing(tx, at, () => publishVersion(tx, at, "draft", null, now()));
        if (!published.ok) {
          return published.problem
            ? refused(409, published.problem, { problems: { slug: published.problem } })
            : refused(409, "That version is no longer a draft: the page shows where it stands now.");
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
        const checked = checkBody(at.kind, earlier.body, at.key);
        if (!checked.ok) return refused(400, "That version no longer passes the site's rules.");
        if (
          at.kind === "case-study" &&
          Object.keys(await photoProblems(tx, checked.value as CaseStudy)).length
        ) {
          return refused(400, "That version's photos are no longer in the picture library as they were.");
        }
        if (at.kind === "case-study") {
          const problem = await addressProblem(tx, at.key, (checked.value as CaseStudy).slug);
          if (problem) return refused(409, `That version cannot be restored now. ${problem}`);
        }
        const outcome = await addChecked(tx, {
          kind: at.kind,
          key: at.key,
          body: checked.value,
          basedOn: at.basedOn,
          state: (await versionNeedsApproval(tx, at.kind, at.key, checked.value)) ? "awaiting" : "draft",
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

    /**
     * Makes a new item from the editor's words, its first version a draft or awaiting approval (`ask`).
     * Its key is fixed now: a case study's address. Refused when the key is taken.
     */
    async create(
      actor: Actor,
      input: { kind: ContentKind; body: unknown; ask: boolean },
    ): Promise<ContentOutcome & { key?: string }> {
      if (!(await permissions(actor)).edit) return refused(403, "You may not edit the site's content.");
      const checked = checkBody(input.kind, input.body);
      if (!checked.ok) {
        return refused(400, "Check the fields marked below.", { problems: checked.problems });
      }
      const photos = await checkPhotos(input.kind, checked.value);
      if (photos) return photos;
      const address = await checkAddress(db, input.kind, null, checked.value);
      if (address) return address;
      const key =
        input.kind === "case-study"
          ? (checked.value as CaseStudy).slug
          : contentKey((checked.value as Accreditation).scheme);
      const state = input.ask && needsApproval(input.kind) ? "awaiting" : "draft";
      const outcome = await inTransaction(async (tx) => {
        if (!(await addItem(tx, { kind: input.kind, key, now: now() }))) {
          const problem = "That address is taken: choose another.";
          return refused(409, problem, { problems: { slug: problem } });
        }
        const added = await addChecked(tx, {
          kind: input.kind,
          key,
          body: checked.value,
          basedOn: 0,
          state,
          authorId: actor.id,
          restoredFrom: null,
        });
        if (added.ok) {
          await recordEvent(tx, {
            action: state === "awaiting" ? "content-approval-asked" : "content-created",
            staffId: actor.id,
            detail: detailOf(input.kind, key, added.version),
            now: now(),
          });
        }
        return added;
      });
      return outcome.ok ? { ...outcome, key } : outcome;
    },

    /**
     * Takes an item's published version off the site at once, on every process, with why: the history
     * keeps it (withdrawn) and a later version may be published again the usual way.
     */
    async takeDown(
      actor: Actor,
      at: { kind: ContentKind; key: string; reason: string },
    ): Promise<ContentOutcome> {
      if (!(await permissions(actor)).edit) return refused(403, "You may not edit the site's content.");
      const reason = at.reason.trim();
      if (!reason || reason.length > 300) {
        const problem = reason ? "Say why in 300 characters or fewer." : "Say why it is coming down.";
        return refused(400, problem, { problems: { reason: problem } });
      }
      return inTransaction(async (tx) => {
        const version = await takeDownPublished(tx, at.kind, at.key, `Taken down: ${reason}`);
        if (version === null) return refused(409, "Nothing of this item is published now.");
        await recordEvent(tx, {
          action: "content-taken-down",
          staffId: actor.id,
          detail: detailOf(at.kind, at.key, version),
          now: now(),
        });
        return { ok: true, version, state: "withdrawn" };
      });
    },

    /**
     * The person quoted in a case study has withdrawn their permission: a new version without the quote
     * is published at once (no approval: it only takes a person's words down), with why. The case study
     * stays up without its quote; drafts waiting with the quote are superseded by it.
     */
    async withdrawPermission(actor: Actor, at: { key: string; reason: string }): Promise<ContentOutcome> {
      if (!(await permissions(actor)).edit) return refused(403, "You may not edit the site's content.");
      const reason = at.reason.trim();
      if (reason.length > 300) {
        const problem = "Say why in 300 characters or fewer.";
        return refused(400, problem, { problems: { reason: problem } });
      }
      return inTransaction(async (tx) => {
        const versions = await itemVersions(tx, "case-study", at.key);
        const latest = versions.at(-1);
        if (!latest) return refused(404, "There is no such item.");
        const current = versions.find((entry) => entry.state === "published") ?? latest;
        const checked = checkBody("case-study", current.body);
        if (!checked.ok) return refused(409, "That version no longer passes the site's rules.");
        if (!checked.value.testimonial) return refused(409, "This case study has no quote now.");
        const version = latest.version + 1;
        const note = `Permission withdrawn${reason ? `: ${reason}` : ""}. The quote was removed.`;
        await addVersion(tx, {
          kind: "case-study",
          key: at.key,
          version,
          body: { ...checked.value, testimonial: null },
          state: "draft",
          authorId: actor.id,
          basedOn: latest.version,
          restoredFrom: null,
          now: now(),
          note,
        });
        await supersedeUnpublished(tx, "case-study", at.key, version);
        const wasPublished = current.state === "published";
        if (wasPublished) {
          await publishVersion(tx, { kind: "case-study", key: at.key, version }, "draft", null, now());
        }
        await recordEvent(tx, {
          action: "content-permission-withdrawn",
          staffId: actor.id,
          detail: detailOf("case-study", at.key, version),
          now: now(),
        });
        return { ok: true, version, state: wasPublished ? "published" : "draft" };
      });
    },

    /** The case studies whose quote, in any version, is by the person so named: for staff to check first. */
    async findQuotesBy(name: string): Promise<{ key: string; title: string; versions: number }[]> {
      const wanted = nameForMatching(name);
      if (!wanted) return [];
      const found = new Map<string, { key: string; title: string; versions: number }>();
      for (const version of await versionsOfKind(db, "case-study")) {
        if (!namesPerson(version.body, wanted)) continue;
        const title = String((version.body as { title?: unknown }).title ?? version.key);
        const entry = found.get(version.key) ?? { key: version.key, title, versions: 0 };
        entry.versions++;
        entry.title = title;
        found.set(version.key, entry);
      }
      return [...found.values()];
    },

    /**
     * An erasure request: removes the words and name of the person so named from every version of every
     * case study (the quote, with its record of permission), and publishes the change at once. Resolves
     * to how many case studies and versions named them. The audit line counts, never names.
     */
    async eraseQuotesBy(
      actor: Actor,
      name: string,
      may: boolean,
    ): Promise<
      { ok: true; items: number; versions: number } | { ok: false; status: number; problem: string }
    > {
      if (!may) return { ok: false, status: 403, problem: "You may not handle erasure requests." };
      const wanted = nameForMatching(name);
      if (!wanted) return { ok: false, status: 400, problem: "Enter the person's name." };
      const result = await db.transaction(async (tx) => {
        const items = new Set<string>();
        let versions = 0;
        let live = false;
        for (const version of await versionsOfKind(tx, "case-study")) {
          if (!namesPerson(version.body, wanted)) continue;
          const body = { ...(version.body as Record<string, unknown>), testimonial: null };
          await rewriteBody(tx, version, body, "A named person's words were erased on their request.");
          items.add(version.key);
          versions++;
          if (version.state === "published") live = true;
        }
        if (live) await raiseGeneration(tx);
        if (versions > 0) {
          await recordEvent(tx, {
            action: "content-erased",
            staffId: actor.id,
            detail: `a person's words removed from ${versions} version${versions === 1 ? "" : "s"} of ${items.size} case ${items.size === 1 ? "study" : "studies"}`,
            now: now(),
          });
        }
        return { items: items.size, versions };
      });
      if (result.versions > 0) await refreshOnce();
      return { ok: true, ...result };
    },
  };
}

export type Content = ReturnType<typeof createContent>;
