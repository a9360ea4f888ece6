import { data } from "react-router";
import { oldAddress } from "#core/redirects.ts";
import { staffForm } from "~/lib/staff/form.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/redirects";

/** What a post to the page came to, shown by the form it came from. */
export type RedirectsResult =
  | { form: "add"; ok: true; said: string }
  | {
      form: "add";
      ok: false;
      problems: string[];
      fields: { from?: string; to?: string };
      values: { from: string; to: string };
    }
  | { form: "import"; ok: true; said: string }
  | { form: "import"; ok: false; problems: string[] }
  | { form: "remove"; ok: true; said: string }
  | { form: "remove"; ok: false; problems: string[] };

/** The largest CSV the page reads, in bytes: well above 2,000 lines of two addresses. */
const largestCsvBytes = 512 * 1024;

/** Redirects are site content: kept by those allowed to edit it (Edit site content, on the Team page). */
async function requireRedirectsEditor(request: Request, context: Route.LoaderArgs["context"]) {
  const staff = await requireStaff(request, context);
  const rights = await staff.content.permissions(staff.me);
  if (!rights.edit)
    throw data(
      "Redirects are kept by those an administrator allows to edit site content, on the Team page.",
      403,
    );
  return staff;
}

/** The redirects, the most requested missing addresses, and an old address to redirect (`?from=`). */
export async function loadRedirects({ request, context }: Route.LoaderArgs) {
  const { redirects } = await requireRedirectsEditor(request, context);
  const asked = new URL(request.url).searchParams.get("from") ?? "";
  const from = oldAddress(asked);
  return {
    redirects: await redirects.list(),
    missing: await redirects.missing(50),
    from: from.ok ? from.path : "",
  };
}

/** Adds one redirect, imports a CSV, or removes one; each answers with what it came to. */
export async function actOnRedirects({ request, context }: Route.ActionArgs) {
  const { redirects, me } = await requireRedirectsEditor(request, context);
  const form = await staffForm(request);
  const intent = form.get("intent");
  if (intent === "add") {
    const values = { from: String(form.get("from") ?? ""), to: String(form.get("to") ?? "") };
    const outcome = await redirects.add(values, me.id);
    if (!outcome.ok)
      return data(
        {
          form: "add",
          ok: false,
          problems: outcome.problems,
          fields: outcome.fields ?? {},
          values,
        } satisfies RedirectsResult,
        400,
      );
    return {
      form: "add",
      ok: true,
      said: "The redirect is added: the old address leads to its new one now.",
    } satisfies RedirectsResult;
  }
  if (intent === "import") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0)
      return data(
        { form: "import", ok: false, problems: ["Choose a CSV file to import."] } satisfies RedirectsResult,
        400,
      );
    if (file.size > largestCsvBytes)
      return data(
        {
          form: "import",
          ok: false,
          problems: ["The file is larger than 512 KB: import it in parts."],
        } satisfies RedirectsResult,
        400,
      );
    const outcome = await redirects.importCsv(await file.text(), me.id);
    if (!outcome.ok)
      return data({ form: "import", ok: false, problems: outcome.problems } satisfies RedirectsResult, 400);
    const count =
      outcome.kept === 1 ? "1 redirect is" : `${outcome.kept.toLocaleString("en-GB")} redirects are`;
    return {
      form: "import",
      ok: true,
      said: `${count} imported: each old address leads to its new one now.`,
    } satisfies RedirectsResult;
  }
  if (intent === "remove") {
    const from = String(form.get("from") ?? "");
    if (!(await redirects.remove(from)))
      return data(
        {
          form: "remove",
          ok: false,
          problems: ["That redirect was already removed."],
        } satisfies RedirectsResult,
        404,
      );
    return {
      form: "remove",
      ok: true,
      said: `The redirect from ${from} is removed.`,
    } satisfies RedirectsResult;
  }
  return data(
    {
      form: "add",
      ok: false,
      problems: ["That is not something this page does."],
      fields: {},
      values: { from: "", to: "" },
    } satisfies RedirectsResult,
    400,
  );
}
