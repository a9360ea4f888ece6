import { data, redirect } from "react-router";
import { type Accreditation, registers } from "#core/config/accreditations.ts";
import { serviceList } from "#core/config/service-list.ts";
import {
  type AccreditationFields,
  accreditationFromFields,
  accreditationSchema,
  fieldsOf,
} from "#core/content/accreditation.ts";
import {
  accreditationChanges,
  type ContentChange,
  type ContentKind,
  contentItemPath,
  contentKinds,
  needsApproval,
  stateWords,
} from "#core/content/model.ts";
import { moment } from "#core/leads/model.ts";
import { accreditationsHtml } from "~/components/claims/accreditations.server";
import type { AppServices, ContentVersion } from "~/lib/app-context";
import { requestNow } from "~/lib/clock.server";
import { staffForm } from "~/lib/staff/form.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/content-item";
import { mayNotKeepContent } from "./content.server";
import { actOnSchedule, isScheduleIntent, scheduleDoneWords, scheduleView } from "./content-schedule.server";

/** What each finished action says on the item's page once it has come back to it. */
export const doneWords = {
  saved: "Draft saved. Nothing on the site has changed: ask for approval when it is ready.",
  asked: "Sent for approval. Someone else with Approve site content must approve it before it goes live.",
  approved: "Approved and published. Every page that shows it has the new version within a few seconds.",
  published: "Published. Every page that shows it has the new version within a few seconds.",
  restored:
    "Restored as a new version. It goes live once someone else with Approve site content approves it.",
  ...scheduleDoneWords,
} as const;
type Done = keyof typeof doneWords;

const keyPattern = /^[a-z0-9-]{1,60}$/;

/** The registers the form offers, each with the one host its links must be on. */
const accreditationRegisters = Object.entries(registers).map(([value, register]) => ({
  value,
  label: `${register.name} (${register.host})`,
}));

function itemOf(params: { kind?: string; key?: string }): { kind: ContentKind; key: string } {
  const kind = contentKinds.find((entry) => entry === params.kind);
  // The company's details have a page of their own (content-company.tsx).
  if (kind === "company") throw redirect(contentItemPath(kind, params.key ?? ""), 303);
  if (!kind || !params.key || !keyPattern.test(params.key)) throw data("There is no such item.", 404);
  return { kind, key: params.key };
}

/** A version's body as an accreditation, or null when it no longer passes (never expected). */
function accreditationOf(version: ContentVersion | undefined): Accreditation | null {
  if (!version) return null;
  const parsed = accreditationSchema.safeParse(version.body);
  return parsed.success ? parsed.data : null;
}

/** One version as the history lists it. */
function historyEntry(version: ContentVersion) {
  return {
    version: version.version,
    state: version.state,
    stateWords: stateWords[version.state],
    by:
      version.authorName ??
      (version.authorId === null ? "the files the site shipped with" : "a former member of staff"),
    authorId: version.authorId,
    at: moment(version.createdAt),
    approvedBy: version.approverName,
    approvedAt: version.approvedAt === null ? null : moment(version.approvedAt),
    restoredFrom: version.restoredFrom,
    number: accreditationOf(version)?.number ?? "",
  };
}

/** The public pages' accreditations with this version in its item's place, as they would show it now. */
function previewOf(
  content: AppServices["content"],
  original: Accreditation | null,
  draft: Accreditation,
  now: number,
) {
  const published = content.published().accreditations;
  const index = original ? published.findIndex((item) => item.scheme === original.scheme) : -1;
  const items =
    index === -1 ? [...published, draft] : published.map((item, i) => (i === index ? draft : item));
  const service = serviceList.find((entry) => draft.services.includes(entry.key));
  return {
    home: accreditationsHtml({ page: "home" }, now, items),
    service: service
      ? {
          name: service.name,
          html: accreditationsHtml({ page: "service", service: service.key }, now, items),
        }
      : null,
  };
}

/** An item of site content: its newest version in the edit form, what awaits approval, its history and a diff. */
export async function loadContentItem({ request, context, params }: Route.LoaderArgs) {
  const services = await requireStaff(request, context);
  const { content, me } = services;
  const rights = await content.permissions(me);
  if (!rights.edit && !rights.approve) throw data(mayNotKeepContent, 403);
  const { kind, key } = itemOf(params);
  const versions = await content.history(kind, key);
  if (!versions || versions.length === 0) throw data("There is no such item.", 404);
  const latest = versions.at(-1) as ContentVersion;
  const published = versions.find((version) => version.state === "published");
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  // A readable difference between two versions: ?from=1&to=3 (the published one and the newest unless chosen).
  const chosen = (name: string, fallback: number) => {
    const value = Number(url.searchParams.get(name));
    return versions.some((version) => version.version === value) ? value : fallback;
  };
  const from = chosen("from", published?.version ?? 1);
  const to = chosen("to", latest.version);
  const before = accreditationOf(versions.find((version) => version.version === from));
  const after = accreditationOf(versions.find((version) => version.version === to));
  const current = accreditationOf(latest);
  return {
    kind,
    key,
    path: contentItemPath(kind, key),
    name: current?.scheme ?? key,
    rights,
    me: me.id,
    needsApproval: needsApproval(kind),
    fields: current ? fieldsOf(current) : null,
    latest: historyEntry(latest),
    published: published ? historyEntry(published) : null,
    // What the version awaiting approval changes from what is published, for the approver to read.
    awaitingChanges:
      latest.state === "awaiting" && current
        ? accreditationChanges(accreditationOf(published) ?? current, current)
        : [],
    history: versions.map(historyEntry).reverse(),
    diff: { from, to, changes: before && after ? accreditationChanges(before, after) : [] },
    done: done && done in doneWords ? doneWords[done as Done] : null,
    registers: accreditationRegisters,
    services: serviceList.map((service) => ({ value: service.key, label: service.name })),
    today: new Date(requestNow(request, context)).toISOString().slice(0, 10),
    schedule: await scheduleView(services, { kind, key }, versions, requestNow(request, context)),
  };
}

/** What the edit form says after a refused save or a preview: the problem, each field's, and what was typed. */
export type ContentActionResult = {
  problem: string | null;
  problems: Record<string, string>;
  values: AccreditationFields;
  /** Set when the item changed since the editor opened it: what is saved now, and how theirs differs. */
  changed?: { version: number; changes: ContentChange[] } | null;
  preview?: { home: string; service: { name: string; html: string } | null } | null;
};

function fieldsFrom(form: FormData): AccreditationFields {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    scheme: text("scheme"),
    number: text("number"),
    covers: text("covers"),
    services: form.getAll("services").filter((value): value is string => typeof value === "string"),
    issuer: text("issuer"),
    issuerUrl: text("issuerUrl"),
    validUntil: text("validUntil"),
    register: text("register"),
    checkUrl: text("checkUrl"),
  };
}

const versionNumber = (value: FormDataEntryValue | null) => {
  const number = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 1) throw data("That version was not understood.", 400);
  return number;
};

/**
 * The item's forms, by intent: Save draft, Preview, Ask for approval (the form's words, or a draft as it
 * is), Approve and publish, Publish (where no approval is needed) and Restore this version. A refused
 * save keeps every word typed, and says why by the field, or what changed meanwhile.
 */
export async function actOnContentItem({ request, context, params }: Route.ActionArgs) {
  const services = await requireStaff(request, context);
  const { content, me } = services;
  const { kind, key } = itemOf(params);
  const form = await staffForm(request);
  const intent = form.get("intent");
  if (isScheduleIntent(intent)) return actOnSchedule(services, me, { kind, key }, form);
  const path = contentItemPath(kind, key);
  const answer = async (outcome: Awaited<ReturnType<typeof content.approve>>, done: Done) => {
    if (!outcome.ok) throw data(outcome.problem, outcome.status);
    throw redirect(`${path}?done=${done}`, 303);
  };
  const at = () => ({ kind, key, version: versionNumber(form.get("version")) });
  if (intent === "approve") {
    const approved = await content.approve(me, at());
    // Approved before its scheduled time: it goes live then, not now.
    return answer(approved, approved.ok && approved.state === "awaiting" ? "approved-scheduled" : "approved");
  }
  if (intent === "publish") return answer(await content.publish(me, at()), "published");
  if (intent === "ask-version") return answer(await content.ask(me, at()), "asked");
  if (intent === "restore") {
    return answer(
      await content.restore(me, { ...at(), basedOn: versionNumber(form.get("basedOn")) }),
      "restored",
    );
  }
  if (intent !== "save" && intent !== "ask" && intent !== "preview") {
    throw data("Choose Save draft, Preview or Ask for approval.", 400);
  }
  const values = fieldsFrom(form);
  const checked = accreditationFromFields(values);
  if (!checked.ok) {
    const count = Object.keys(checked.problems).length;
    return data<ContentActionResult>(
      {
        problem:
          count === 1
            ? "There is a problem with the accreditation."
            : `There are ${count} problems with the accreditation.`,
        problems: checked.problems,
        values,
      },
      400,
    );
  }
  const versions = (await content.history(kind, key)) ?? [];
  if (versions.length === 0) throw data("There is no such item.", 404);
  if (intent === "preview") {
    const original = accreditationOf(versions.find((version) => version.state === "published"));
    return data<ContentActionResult>({
      problem: null,
      problems: {},
      values,
      preview: previewOf(content, original, checked.value, requestNow(request, context)),
    });
  }
  const basedOn = versionNumber(form.get("basedOn"));
  const outcome = await content.save(me, { kind, key, body: checked.value, basedOn, ask: intent === "ask" });
  if (!outcome.ok) {
    if (outcome.status === 403 || outcome.status === 404) throw data(outcome.problem, outcome.status);
    const latest = (await content.history(kind, key))?.at(-1);
    const saved = accreditationOf(latest);
    return data<ContentActionResult>(
      {
        problem: outcome.problem,
        problems: outcome.problems ?? {},
        values,
        changed:
          outcome.changed && latest && saved
            ? { version: latest.version, changes: accreditationChanges(saved, checked.value) }
            : null,
      },
      outcome.status,
    );
  }
  throw redirect(`${path}?done=${outcome.state === "awaiting" ? "asked" : "saved"}`, 303);
}
