import { data, redirect } from "react-router";
import type { CaseStudy } from "#core/case-studies/model.ts";
import { permissionWays, permissionWayWords } from "#core/case-studies/model.ts";
import { caseStudyPath } from "#core/case-studies/paths.ts";
import { serviceList } from "#core/config/service-list.ts";
import {
  type CaseStudyFields,
  caseStudyChanges,
  caseStudyFieldsOf,
  caseStudyFromFields,
  caseStudySchema,
  emptyCaseStudyFields,
} from "#core/content/case-study.ts";
import { type ContentChange, contentItemPath, stateWords } from "#core/content/model.ts";
import { moment } from "#core/leads/model.ts";
import { type Picture, picturesPath, pictureUrl, widthsFor } from "#core/pictures/model.ts";
import { caseStudyHtml } from "~/components/claims/case-study-pages.server";
import type { ContentVersion } from "~/lib/app-context";
import { requestNow } from "~/lib/clock.server";
import { staffForm } from "~/lib/staff/form.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/case-study";
import { mayNotKeepContent } from "./content.server";
import { doneWords as contentDoneWords } from "./content-item.server";

const kind = "case-study" as const;

/** What each finished action says on the case study's page once it has come back to it. */
export const doneWords = {
  ...contentDoneWords,
  created: "Draft saved. Nothing on the site has changed: ask for approval when it is ready.",
  "taken-down":
    "Taken down. Within a few seconds it is gone from the list, the service pages and the sitemap, and its address answers that there is no such page.",
  "permission-withdrawn":
    "The quote is down. Within a few seconds no page shows it; the case study stays up without it.",
} as const;
type Done = keyof typeof doneWords;

const keyPattern = /^[a-z0-9-]{1,60}$/;

/** A version's body as a case study, or null when it no longer passes (never expected). */
function caseStudyOf(version: ContentVersion | undefined): CaseStudy | null {
  if (!version) return null;
  const parsed = caseStudySchema.safeParse(version.body);
  return parsed.success ? parsed.data : null;
}

/** One version as the history lists it, with why it stands where it does. */
function historyEntry(version: ContentVersion) {
  const body = caseStudyOf(version);
  return {
    version: version.version,
    state: version.state,
    stateWords:
      version.state === "withdrawn" && version.note?.startsWith("Taken down")
        ? "Taken down"
        : stateWords[version.state],
    by:
      version.authorName ??
      (version.authorId === null ? "the files the site shipped with" : "a former member of staff"),
    authorId: version.authorId,
    at: moment(version.createdAt),
    approvedBy: version.approverName,
    approvedAt: version.approvedAt === null ? null : moment(version.approvedAt),
    restoredFrom: version.restoredFrom,
    note: version.note,
    title: body?.title ?? "",
  };
}

/** The page as the public will see it: its hero's words and its story with its photos, judged at `now`. */
function previewOf(caseStudy: CaseStudy, now: number, library: readonly Picture[]) {
  const pictures = Object.fromEntries(library.map((picture) => [picture.id, picture]));
  return {
    title: caseStudy.title,
    summary: caseStudy.summary,
    html: caseStudyHtml(caseStudy, now, pictures),
  };
}

/** The library's pictures as the form offers them: a thumbnail, the alt text or the decorative mark. */
function photoChoices(library: readonly Picture[]) {
  return library.map((picture) => ({
    id: picture.id,
    thumbnail: pictureUrl(picture.id, widthsFor(picture.width)[0] ?? picture.width, "webp"),
    alt: picture.alt,
    decorative: picture.decorative,
  }));
}

/** The choices the form offers. */
const choices = {
  services: serviceList.map((service) => ({ value: service.key, label: service.name })),
  ways: permissionWays.map((way) => ({ value: way, label: permissionWayWords[way] })),
};

/**
 * A case study in the workspace: a new one's empty form, or an item's newest version in the form, what
 * awaits approval, its history, a diff, and a preview of a version as the public page will show it.
 */
export async function loadCaseStudy({ request, context, params }: Route.LoaderArgs) {
  const { content, pictures, me } = await requireStaff(request, context);
  const rights = await content.permissions(me);
  if (!rights.edit && !rights.approve) throw data(mayNotKeepContent, 403);
  const url = new URL(request.url);
  const now = requestNow(request, context);
  const library = await pictures.list();
  const base = {
    rights,
    me: me.id,
    choices: { ...choices, photos: photoChoices(library), picturesPath },
    today: new Date(now).toISOString().slice(0, 10),
  };
  if (!params.key) {
    if (!rights.edit) throw data("You may not edit the site's content.", 403);
    return { ...base, item: null };
  }
  if (!keyPattern.test(params.key)) throw data("There is no such case study.", 404);
  const key = params.key;
  const versions = await content.history(kind, key);
  if (!versions || versions.length === 0) throw data("There is no such case study.", 404);
  const latest = versions.at(-1) as ContentVersion;
  const published = versions.find((version) => version.state === "published");
  const done = url.searchParams.get("done");
  const chosen = (name: string, fallback: number) => {
    const value = Number(url.searchParams.get(name));
    return versions.some((version) => version.version === value) ? value : fallback;
  };
  const from = chosen("from", published?.version ?? 1);
  const to = chosen("to", latest.version);
  const before = caseStudyOf(versions.find((version) => version.version === from));
  const after = caseStudyOf(versions.find((version) => version.version === to));
  const current = caseStudyOf(latest);
  const live = caseStudyOf(published);
  // A saved version as the public page will show it: ?preview=3 (the approver reads what they approve).
  const previewed = Number(url.searchParams.get("preview"));
  const previewBody = caseStudyOf(versions.find((version) => version.version === previewed));
  return {
    ...base,
    item: {
      key,
      path: contentItemPath(kind, key),
      // Where its page answers now: the published version's address (it moves with a publication).
      publicPath: caseStudyPath(live?.slug ?? current?.slug ?? key),
      name: current?.title ?? key,
      fields: current ? caseStudyFieldsOf(current) : null,
      latest: historyEntry(latest),
      published: published ? historyEntry(published) : null,
      hasQuote: Boolean((live ?? current)?.testimonial),
      awaitingChanges:
        latest.state === "awaiting" && current ? caseStudyChanges(live ?? current, current) : [],
      // The page moves when the newest version is published, its old address leading to the new one.
      moves:
        live && current && live.slug !== current.slug && latest.state !== "published"
          ? { from: caseStudyPath(live.slug), to: caseStudyPath(current.slug) }
          : null,
      history: versions.map(historyEntry).reverse(),
      diff: { from, to, changes: before && after ? caseStudyChanges(before, after) : [] },
      done: done && done in doneWords ? doneWords[done as Done] : null,
      preview: previewBody ? { version: previewed, ...previewOf(previewBody, now, library) } : null,
    },
  };
}

/** What the form says after a refused post or a preview: the problem, each field's, and what was typed. */
export type CaseStudyActionResult = {
  problem: string | null;
  problems: Record<string, string>;
  values: CaseStudyFields;
  changed?: { version: number; changes: ContentChange[] } | null;
  preview?: { title: string; summary: string; html: string } | null;
};

function fieldsFrom(form: FormData): CaseStudyFields {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const many = (name: string) =>
    form.getAll(name).filter((value): value is string => typeof value === "string");
  return {
    ...emptyCaseStudyFields,
    // The address may change: a version published with a new one moves the page, the old address
    // leading to it for good (docs/decisions/040-case-study-addresses-that-move.md).
    slug: text("slug"),
    title: text("title"),
    summary: text("summary"),
    sector: text("sector"),
    clientName: text("clientName"),
    siteKind: text("siteKind"),
    siteSize: text("siteSize"),
    siteHours: text("siteHours"),
    services: many("services"),
    started: text("started"),
    problem: text("problem"),
    approach: text("approach"),
    figures: [1, 2, 3, 4].map((n) => text(`figure${n}`)),
    measures: [1, 2, 3, 4].map((n) => text(`measure${n}`)),
    quote: text("quote"),
    name: text("name"),
    role: text("role"),
    date: text("date"),
    agreedBy: text("agreedBy"),
    agreedOn: text("agreedOn"),
    how: text("how"),
    note: text("note"),
    photos: photosFrom(form),
  };
}

/**
 * The photos chosen: those ticked under Photos, in the library's order, with the one chosen as the lead
 * photo first (the first ticked when none is).
 */
function photosFrom(form: FormData): string[] {
  const ticked = [...new Set(form.getAll("photos").filter((value) => typeof value === "string"))];
  const lead = form.get("leadPhoto");
  if (typeof lead !== "string" || lead === "") return ticked;
  return [lead, ...ticked.filter((id) => id !== lead)];
}

const versionNumber = (value: FormDataEntryValue | null) => {
  const number = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 1) throw data("That version was not understood.", 400);
  return number;
};

const problemWords = (count: number) =>
  count === 1
    ? "There is a problem with the case study."
    : `There are ${count} problems with the case study.`;

/**
 * The case study's forms, by intent: Save draft, Preview, Ask for approval (a new case study's, or a new
 * version's), Approve and publish, Restore this version, Take down and Withdraw permission. A refused
 * post keeps every word typed and says why by the field.
 */
export async function actOnCaseStudy({ request, context, params }: Route.ActionArgs) {
  const { content, pictures, me } = await requireStaff(request, context);
  const form = await staffForm(request);
  const intent = form.get("intent");
  const key = params.key && keyPattern.test(params.key) ? params.key : undefined;
  if (params.key && !key) throw data("There is no such case study.", 404);
  const path = key ? contentItemPath(kind, key) : null;
  const answer = (outcome: Awaited<ReturnType<typeof content.approve>>, done: Done): never => {
    if (!outcome.ok) throw data(outcome.problem, outcome.status);
    throw redirect(`${path}?done=${done}`, 303);
  };
  const reason = () => {
    const value = form.get("reason");
    return typeof value === "string" ? value : "";
  };
  if (key) {
    const at = () => ({ kind, key, version: versionNumber(form.get("version")) });
    if (intent === "approve") return answer(await content.approve(me, at()), "approved");
    if (intent === "ask-version") return answer(await content.ask(me, at()), "asked");
    if (intent === "restore") {
      return answer(
        await content.restore(me, { ...at(), basedOn: versionNumber(form.get("basedOn")) }),
        "restored",
      );
    }
    if (intent === "take-down" || intent === "withdraw-permission") {
      const outcome =
        intent === "take-down"
          ? await content.takeDown(me, { kind, key, reason: reason() })
          : await content.withdrawPermission(me, { key, reason: reason() });
      if (!outcome.ok && outcome.status === 400) {
        return data({ intent, problem: outcome.problem }, 400);
      }
      return answer(outcome, intent === "take-down" ? "taken-down" : "permission-withdrawn");
    }
  }
  if (intent !== "save" && intent !== "ask" && intent !== "preview") {
    throw data("Choose Save draft, Preview or Ask for approval.", 400);
  }
  const values = fieldsFrom(form);
  const checked = caseStudyFromFields(values);
  if (!checked.ok) {
    return data<CaseStudyActionResult>(
      { problem: problemWords(Object.keys(checked.problems).length), problems: checked.problems, values },
      400,
    );
  }
  if (intent === "preview") {
    return data<CaseStudyActionResult>({
      problem: null,
      problems: {},
      values,
      preview: previewOf(checked.value, requestNow(request, context), await pictures.list()),
    });
  }
  if (!key) {
    const outcome = await content.create(me, { kind, body: checked.value, ask: intent === "ask" });
    if (!outcome.ok) {
      if (outcome.status === 403) throw data(outcome.problem, 403);
      return data<CaseStudyActionResult>(
        { problem: outcome.problem, problems: outcome.problems ?? {}, values },
        outcome.status,
      );
    }
    throw redirect(
      `${contentItemPath(kind, outcome.key ?? checked.value.slug)}?done=${outcome.state === "awaiting" ? "asked" : "created"}`,
      303,
    );
  }
  const basedOn = versionNumber(form.get("basedOn"));
  const outcome = await content.save(me, { kind, key, body: checked.value, basedOn, ask: intent === "ask" });
  if (!outcome.ok) {
    if (outcome.status === 403 || outcome.status === 404) throw data(outcome.problem, outcome.status);
    const latest = (await content.history(kind, key))?.at(-1);
    const saved = caseStudyOf(latest);
    return data<CaseStudyActionResult>(
      {
        problem: outcome.problem,
        problems: outcome.problems ?? {},
        values,
        changed:
          outcome.changed && latest && saved
            ? { version: latest.version, changes: caseStudyChanges(saved, checked.value) }
            : null,
      },
      outcome.status,
    );
  }
  throw redirect(`${path}?done=${outcome.state === "awaiting" ? "asked" : "saved"}`, 303);
}
