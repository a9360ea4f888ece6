import { data, redirect } from "react-router";
import { site } from "#core/config/site.ts";
import {
  alwaysApprovedPages,
  type ContentChange,
  type ContentPage,
  contentItemPath,
  contentPages,
  stateWords,
} from "#core/content/model.ts";
import {
  checkPageFields,
  fieldsFromForm,
  fieldsOfBody,
  itemLimits,
  movePageCard,
  type PageFields,
  pageCardMoveOf,
  pageChanges,
  partsOf,
} from "#core/content/page-words.ts";
import { needsApprovalOf, type PageWordsSpec, pageWords } from "#core/content/pages.ts";

import { type ServicePageWords, serviceOfPageKey } from "#core/content/service-pages.ts";
import { moment } from "#core/leads/model.ts";
import type { ContentVersion } from "~/lib/app-context";
import { requestNow } from "~/lib/clock.server";
import { staffForm } from "~/lib/staff/form.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/content-page";
import { mayNotKeepContent } from "./content.server";
import { actOnSchedule, isScheduleIntent, scheduleDoneWords, scheduleView } from "./content-schedule.server";

/** What each finished action says on the page's item once it has come back to it. */
const doneWords = {
  saved: "Draft saved. Nothing on the site has changed: publish it, or schedule it, when it is ready.",
  published: "Published. The page shows the new words within a few seconds.",
  asked: "Sent for approval. Someone else with Approve site content must approve it before it goes live.",
  approved: "Approved and published. The page shows the new words within a few seconds.",
  restored: "Restored as a new draft. Publish it, or schedule it, to put those words back on the page.",
  ...scheduleDoneWords,
} as const;
type Done = keyof typeof doneWords;

function pageOf(params: { key?: string }): ContentPage {
  const key = Object.keys(contentPages).find((entry) => entry === params.key);
  if (!key) throw data("There is no such page.", 404);
  return key as ContentPage;
}

/** A version's body as the page's words, or null when it no longer passes (never expected). */
function wordsOf(spec: PageWordsSpec, version: ContentVersion | undefined): unknown | null {
  if (!version) return null;
  const parsed = spec.schema.safeParse(version.body);
  return parsed.success ? parsed.data : null;
}

/** The page's words: the newest version in the edit form, a draft's changes, its schedule and history. */
export async function loadContentPage({ request, context, params }: Route.LoaderArgs) {
  const services = await requireStaff(request, context);
  const { content, me } = services;
  const rights = await content.permissions(me);
  if (!rights.edit && !rights.approve) throw data(mayNotKeepContent, 403);
  const key = pageOf(params);
  const spec = pageWords[key];
  const versions = await content.history("page", key);
  if (!versions || versions.length === 0) throw data("There is no such page.", 404);
  const latest = versions.at(-1) as ContentVersion;
  const published = versions.find((version) => version.state === "published");
  const current = wordsOf(spec, latest);
  const done = new URL(request.url).searchParams.get("done");
  const live = wordsOf(spec, published);
  return {
    key,
    path: contentItemPath("page", key),
    name: contentPages[key],
    rights,
    me: me.id,
    // Whether a version of this page may need approval: words with claims in them, or the privacy notice's.
    mayNeedApproval: needsApprovalOf("page", key),
    // The privacy notice's words need approval every time: everything it says is a promise.
    alwaysApproved: alwaysApprovedPages.has(key),
    fields: current ? fieldsOfBody(spec.shape, current) : null,
    latest: {
      version: latest.version,
      state: latest.state,
      stateWords: stateWords[latest.state],
      authorId: latest.authorId,
      by: latest.authorName ?? "a former member of staff",
      approvedBy: latest.approvedBy,
    },
    published: published?.version ?? null,
    // Judged for the newest version against what is published: Publish, or Ask for approval.
    latestNeedsApproval: current ? needsApprovalOf("page", key, { before: live, after: current }) : false,
    // What a draft or a version awaiting approval changes on the page, for whoever publishes it.
    draftChanges:
      (latest.state === "draft" || latest.state === "awaiting") && current && live
        ? pageChanges(spec.shape, spec.iconWords, live, current)
        : [],
    history: versions
      .map((version) => ({
        version: version.version,
        stateWords: stateWords[version.state],
        by:
          version.authorName ??
          (version.authorId === null ? "the words the site shipped with" : "a former member of staff"),
        at: moment(version.createdAt),
        restoredFrom: version.restoredFrom,
      }))
      .reverse(),
    done: done && done in doneWords ? doneWords[done as Done] : null,
    texts: spec.shape.texts,
    lists: spec.shape.lists.map((list) => ({ ...list, parts: partsOf(list) })),
    // A service page's preview draws the page's sections; other pages' previews draw their cards.
    service: serviceOfPageKey(key) ?? null,
    itemLimits,
    // What a tier may be named: the packages the contact form offers.
    tierNames: site.stewardTiers.map((tier) => tier.name),
    icons: spec.shape.icons.map((icon) => ({ value: icon, label: spec.iconWords[icon] ?? icon })),
    // The page's public address, as its search result shows it.
    address: spec.path,
    schedule: await scheduleView(services, { kind: "page", key }, versions, requestNow(request, context)),
  };
}

/** What the edit form says after a move, a refused save or a conflict: the cards as typed, and any problems. */
export type ContentPageActionResult = {
  problem: string | null;
  problems: Record<string, string>;
  values: PageFields;
  changed?: { version: number; changes: ContentChange[] } | null;
  /** The cards checked and drawn as the page would show them, not saved. */
  preview?: PageFields | null;
  /** A service page's words checked, drawn as its sections would show them, not saved. */
  previewWords?: ServicePageWords | null;
};

const versionNumber = (value: FormDataEntryValue | null) => {
  const number = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 1) throw data("That version was not understood.", 400);
  return number;
};

/**
 * The page's forms: a card moved up or down, removed or added (the form comes back so, nothing saved),
 * Save draft, Save and ask for approval, Publish (words with no claim in them need no second approval),
 * Ask for approval and Approve and publish (for a version that changes a claim, and every version of the
 * privacy notice), Restore, and the schedule's forms.
 */
export async function actOnContentPage({ request, context, params }: Route.ActionArgs) {
  const services = await requireStaff(request, context);
  const { content, me } = services;
  const key = pageOf(params);
  const spec = pageWords[key];
  const item = { kind: "page" as const, key };
  const form = await staffForm(request);
  const intent = form.get("intent");
  if (isScheduleIntent(intent)) return actOnSchedule(services, me, item, form);
  const path = contentItemPath("page", key);
  const answer = (outcome: Awaited<ReturnType<typeof content.publish>>, done: Done) => {
    if (!outcome.ok) throw data(outcome.problem, outcome.status);
    throw redirect(`${path}?done=${done}`, 303);
  };
  if (intent === "publish") {
    return answer(
      await content.publish(me, { ...item, version: versionNumber(form.get("version")) }),
      "published",
    );
  }
  if (intent === "ask-version") {
    return answer(await content.ask(me, { ...item, version: versionNumber(form.get("version")) }), "asked");
  }
  if (intent === "approve") {
    return answer(
      await content.approve(me, { ...item, version: versionNumber(form.get("version")) }),
      "approved",
    );
  }
  if (intent === "restore") {
    const at = {
      ...item,
      version: versionNumber(form.get("version")),
      basedOn: versionNumber(form.get("basedOn")),
    };
    const restored = await content.restore(me, at);
    // A restored version of the privacy notice awaits approval, as any new version of it does.
    return answer(restored, restored.ok && restored.state === "awaiting" ? "asked" : "restored");
  }
  const values = fieldsFromForm(spec.shape, (name) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  });
  const card = form.get("card");
  if (typeof card === "string") {
    const move = pageCardMoveOf(spec.shape, card);
    if (!move) throw data("That change to the cards was not understood.", 400);
    return data<ContentPageActionResult>({
      problem: null,
      problems: {},
      values: movePageCard(spec.shape, values, move),
    });
  }
  if (intent !== "save" && intent !== "ask" && intent !== "preview") {
    throw data("Choose Save draft, Save and ask for approval, Preview or Publish.", 400);
  }
  const checked = checkPageFields(spec.shape, spec.schema, values);
  if (!checked.ok) {
    const count = Object.keys(checked.problems).length;
    return data<ContentPageActionResult>(
      {
        problem:
          count === 1
            ? "There is a problem with the page's words."
            : `There are ${count} problems with the page's words.`,
        problems: checked.problems,
        values,
      },
      400,
    );
  }
  if (intent === "preview") {
    return data<ContentPageActionResult>({
      problem: null,
      problems: {},
      values,
      preview: fieldsOfBody(spec.shape, checked.value),
      previewWords: serviceOfPageKey(key) ? (checked.value as ServicePageWords) : null,
    });
  }
  const basedOn = versionNumber(form.get("basedOn"));
  const outcome = await content.save(me, { ...item, body: checked.value, basedOn, ask: intent === "ask" });
  if (!outcome.ok) {
    if (outcome.status === 403 || outcome.status === 404) throw data(outcome.problem, outcome.status);
    const latest = (await content.history("page", key))?.at(-1);
    const saved = wordsOf(spec, latest);
    return data<ContentPageActionResult>(
      {
        problem: outcome.problem,
        problems: outcome.problems ?? {},
        values,
        changed:
          outcome.changed && latest && saved
            ? {
                version: latest.version,
                changes: pageChanges(spec.shape, spec.iconWords, saved, checked.value),
              }
            : null,
      },
      outcome.status,
    );
  }
  throw redirect(`${path}?done=${outcome.state === "awaiting" ? "asked" : "saved"}`, 303);
}
