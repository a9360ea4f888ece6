import { data } from "react-router";
import { refusedFor } from "#core/forms/form-result.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { formResultSecretContext, refusedFormContext } from "~/lib/app-context";
import { publishedContent } from "~/lib/claims.server";
import { readFormResult } from "~/lib/form-result.server";
import type { Route } from "./+types/contact";

/**
 * The page's published words (site content, read from memory), and the banner to show after a form post
 * without JavaScript (null on a normal visit).
 */
export async function loadContact({ request, context }: Route.LoaderArgs) {
  const secret = context.get(formResultSecretContext);
  // A page rendered now carries its own time token; a prerendered one gets it as it is served.
  return {
    page: publishedContent(context).contactPage,
    formResult: readFormResult(request, "contact", secret),
    formToken: issueFormToken("contact", secret),
  };
}

/**
 * A post of the form made without JavaScript that the lead handlers refused, handed on to this page so
 * it comes back with every typed value and each problem by its field (docs/decisions/009). Nothing else
 * posts here.
 */
export function actOnContact({ context }: Route.ActionArgs) {
  const refused = refusedFor("contact", context.get(refusedFormContext));
  if (!refused) throw data("This page does not accept posts.", { status: 405 });
  return data(refused, { status: refused.status });
}
