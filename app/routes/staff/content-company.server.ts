import { data, redirect } from "react-router";
import {
  approvalReason,
  type CompanyFields,
  companyChanges,
  companyFieldsOf,
  companyFromFields,
  companySchema,
  registeredInChoices,
} from "#core/content/company.ts";
import { type CompanyFacts, companyKey } from "#core/content/company-facts.ts";
import { type ContentChange, contentItemPath, needsApproval, stateWords } from "#core/content/model.ts";
import { moment } from "#core/leads/model.ts";
import type { ContentVersion } from "~/lib/app-context";
import { staffForm } from "~/lib/staff/form.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/content-company";
import { mayNotKeepContent } from "./content.server";

const kind = "company" as const;
const key = companyKey;
const path = contentItemPath(kind, key);

/** What each finished action says on the page once it has come back to it. */
export const companyDoneWords = {
  saved: "Draft saved. Nothing on the site has changed: publish it, or ask for approval, when it is ready.",
  asked: "Sent for approval. Someone else with Approve site content must approve it before it goes live.",
  approved: "Approved and published. Every page and e-mail has the new details within a few seconds.",
  published: "Published. Every page and e-mail has the new details within a few seconds.",
  restored: "Restored as a new version: publish it, or ask for approval where it needs it.",
} as const;
type Done = keyof typeof companyDoneWords;

/** A version's body as the company's facts, or null when it no longer passes (never expected). */
function factsOf(version: ContentVersion | undefined): CompanyFacts | null {
  if (!version) return null;
  const parsed = companySchema.safeParse(version.body);
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
    phone: factsOf(version)?.phone.display ?? "",
  };
}

/** The company's details: the newest version in the edit form, what awaits approval, the history and a diff. */
export async function loadCompanyDetails({ request, context }: Route.LoaderArgs) {
  const { content, me } = await requireStaff(request, context);
  const rights = await content.permissions(me);
  if (!rights.edit && !rights.approve) throw data(mayNotKeepContent, 403);
  const versions = await content.history(kind, key);
  if (!versions || versions.length === 0) throw data("The company's details are not set up yet.", 404);
  const latest = versions.at(-1) as ContentVersion;
  const published = versions.find((version) => version.state === "published");
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const chosen = (name: string, fallback: number) => {
    const value = Number(url.searchParams.get(name));
    return versions.some((version) => version.version === value) ? value : fallback;
  };
  const from = chosen("from", published?.version ?? 1);
  const to = chosen("to", latest.version);
  const before = factsOf(versions.find((version) => version.version === from));
  const after = factsOf(versions.find((version) => version.version === to));
  const current = factsOf(latest);
  const live = factsOf(published);
  return {
    path,
    rights,
    me: me.id,
    fields: current ? companyFieldsOf(current) : null,
    latest: historyEntry(latest),
    published: published ? historyEntry(published) : null,
    // Judged for the newest version against what is published: Publish, or Ask for approval.
    latestNeedsApproval: current ? needsApproval(kind, { before: live, after: current }) : true,
    awaitingChanges: latest.state !== "published" && current ? companyChanges(live ?? current, current) : [],
    history: versions.map(historyEntry).reverse(),
    diff: { from, to, changes: before && after ? companyChanges(before, after) : [] },
    done: done && done in companyDoneWords ? companyDoneWords[done as Done] : null,
    registeredIn: registeredInChoices.map((value) => ({ value, label: value })),
  };
}

/** What the edit form says after a refused save: the problem, each field's, and what was typed. */
export type CompanyActionResult = {
  problem: string | null;
  problems: Record<string, string>;
  values: CompanyFields;
  /** Set when the item changed since the editor opened it: what is saved now, and how theirs differs. */
  changed?: { version: number; changes: ContentChange[] } | null;
  /** Set when Publish was pressed for words that need a second person's approval. */
  needsApproval?: boolean;
};

function fieldsFrom(form: FormData): CompanyFields {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    phone: text("phone"),
    email: text("email"),
    street: text("street"),
    locality: text("locality"),
    postcode: text("postcode"),
    hours: text("hours"),
    emergency: text("emergency"),
    region: text("region"),
    places: text("places"),
    companyNumber: text("companyNumber"),
    registeredIn: text("registeredIn"),
    registeredOffice: text("registeredOffice"),
    vatNumber: text("vatNumber"),
    insurance: text("insurance"),
    founded: text("founded"),
  };
}

const versionNumber = (value: FormDataEntryValue | null) => {
  const number = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 1) throw data("That version was not understood.", 400);
  return number;
};

/**
 * The page's forms, by intent: Save draft, Publish (the form's words, where no approval is needed) and
 * Ask for approval; for a saved version, Publish, Ask for approval, Approve and publish, and Restore. A
 * refused save keeps every word typed and says why by the field, or what changed meanwhile.
 */
export async function actOnCompanyDetails({ request, context }: Route.ActionArgs) {
  const { content, me } = await requireStaff(request, context);
  const form = await staffForm(request);
  const intent = form.get("intent");
  const answer = async (outcome: Awaited<ReturnType<typeof content.approve>>, done: Done) => {
    if (!outcome.ok) throw data(outcome.problem, outcome.status);
    throw redirect(`${path}?done=${done}`, 303);
  };
  const at = () => ({ kind, key, version: versionNumber(form.get("version")) });
  if (intent === "approve") return answer(await content.approve(me, at()), "approved");
  if (intent === "publish-version") return answer(await content.publish(me, at()), "published");
  if (intent === "ask-version") return answer(await content.ask(me, at()), "asked");
  if (intent === "restore") {
    return answer(
      await content.restore(me, { ...at(), basedOn: versionNumber(form.get("basedOn")) }),
      "restored",
    );
  }
  if (intent !== "save" && intent !== "ask" && intent !== "publish") {
    throw data("Choose Save draft, Publish or Ask for approval.", 400);
  }
  const values = fieldsFrom(form);
  const checked = companyFromFields(values);
  if (!checked.ok) {
    const count = Object.keys(checked.problems).length;
    return data<CompanyActionResult>(
      {
        problem:
          count === 1
            ? "There is a problem with the company's details."
            : `There are ${count} problems with the company's details.`,
        problems: checked.problems,
        values,
      },
      400,
    );
  }
  const live = content.published().company;
  if (intent === "publish" && needsApproval(kind, { before: live, after: checked.value })) {
    // Nothing is saved: the editor's words stay in the form, and Ask for approval sends them.
    return data<CompanyActionResult>(
      {
        problem: `${approvalReason} Press Ask for approval instead.`,
        problems: {},
        values,
        needsApproval: true,
      },
      400,
    );
  }
  const basedOn = versionNumber(form.get("basedOn"));
  const outcome = await content.save(me, { kind, key, body: checked.value, basedOn, ask: intent === "ask" });
  if (!outcome.ok) {
    if (outcome.status === 403 || outcome.status === 404) throw data(outcome.problem, outcome.status);
    const latest = (await content.history(kind, key))?.at(-1);
    const saved = factsOf(latest);
    return data<CompanyActionResult>(
      {
        problem: outcome.problem,
        problems: outcome.problems ?? {},
        values,
        changed:
          outcome.changed && latest && saved
            ? { version: latest.version, changes: companyChanges(saved, checked.value) }
            : null,
      },
      outcome.status,
    );
  }
  if (intent === "publish") {
    return answer(await content.publish(me, { kind, key, version: outcome.version }), "published");
  }
  throw redirect(`${path}?done=${outcome.state === "awaiting" ? "asked" : "saved"}`, 303);
}
