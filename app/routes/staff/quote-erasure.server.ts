import { data, redirect } from "react-router";
import { quoteErasurePath } from "#core/content/case-study.ts";
import { contentItemPath } from "#core/content/model.ts";
import { staffForm } from "~/lib/staff/form.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/quote-erasure";

const nameLimit = 80;

function nameFrom(value: FormDataEntryValue | string | null): string {
  return typeof value === "string" ? value.trim() : "";
}

/**
 * The case studies whose quote, in any version, is by the person named in the URL (?name=…): found
 * first, so staff see what goes before they erase it.
 */
export async function loadQuoteErasure({ request, context }: Route.LoaderArgs) {
  const { content, people, me } = await requireStaff(request, context);
  const rights = await content.permissions(me);
  const name = nameFrom(new URL(request.url).searchParams.get("name"));
  const base = {
    name,
    mayEdit: rights.edit,
    confirmed: !people.needsConfirmation(me, "erase"),
    windowMinutes: people.erasureWindowMinutes,
  };
  if (!name) return { ...base, error: null, found: null };
  if (name.length > nameLimit) {
    return data({ ...base, error: `Enter a name of ${nameLimit} characters or fewer.`, found: null }, 400);
  }
  const found = await content.findQuotesBy(name);
  return {
    ...base,
    error: null,
    found: found.map((entry) => ({ ...entry, path: contentItemPath("case-study", entry.key) })),
  };
}

/**
 * Erases the person's words and name from every version of every case study, once the name is typed
 * again, by someone who may edit site content, with a passkey used in the last few minutes.
 */
export async function eraseQuotes({ request, context }: Route.ActionArgs) {
  const { content, people, me } = await requireStaff(request, context);
  const form = await staffForm(request);
  const name = nameFrom(form.get("name"));
  const again = nameFrom(form.get("confirmName"));
  if (!name || name.length > nameLimit) {
    return data({ erased: null, problem: "Find the person by their name first." }, 400);
  }
  if (again.toLowerCase() !== name.toLowerCase()) {
    return data(
      {
        erased: null,
        problem: `That is not the same name. Type ${name} exactly, to be sure whose words go.`,
      },
      400,
    );
  }
  if (!(await content.permissions(me)).edit) throw data("You may not edit the site's content.", 403);
  if (people.needsConfirmation(me, "erase")) {
    throw redirect(
      `/staff/confirm?next=${encodeURIComponent(`${quoteErasurePath}?name=${encodeURIComponent(name)}`)}`,
      303,
    );
  }
  const outcome = await content.eraseQuotesBy(me, name, true);
  if (!outcome.ok) throw data(outcome.problem, outcome.status);
  return { erased: { items: outcome.items, versions: outcome.versions }, problem: null };
}
