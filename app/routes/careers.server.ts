import { data } from "react-router";
import { refusedFor } from "#core/forms/form-result.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { alertEmailBoxHtml } from "~/components/alerts/alert-email-box.server";
import { formResultSecretContext, refusedFormContext, servicesContext } from "~/lib/app-context";
import { publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { readFormResult } from "~/lib/form-result.server";
import type { Route } from "./+types/careers";

/** How many of the newest vacancies the careers page shows. */
const newestVacancies = 3;

/**
 * The page's published words, the newest open vacancies, read on each request, and the banner to show after a form post without
 * JavaScript (null on a normal visit). After a refused post from a vacancy's page (read here too, as
 * loaders run after the action), that vacancy: the page comes back as the vacancy's, and is titled so.
 */
export async function loadCareers({ request, context }: Route.LoaderArgs) {
  const secret = context.get(formResultSecretContext);
  const { vacancies } = context.get(servicesContext);
  const named = refusedFor("careers", context.get(refusedFormContext))?.values.vacancy;
  const found = named ? await vacancies.forApplication(named) : null;
  return {
    formResult: readFormResult(request, "careers", secret),
    formToken: issueFormToken("careers", secret),
    alertSignUp: alertEmailBoxHtml(issueFormToken("careers", secret)),
    vacancies: await vacancies.listOpen({ limit: newestVacancies }, requestNow(request, context)),
    refusedVacancy: found?.vacancy ?? null,
    // The page's cards as published now (site content), in the page's HTML only: public pages ship no loader data.
    page: publishedContent(context).careersPage,
  };
}

/**
 * A post of the form made without JavaScript that the lead handlers refused, handed on to this page so
 * it comes back with every typed value and each problem by its field (docs/decisions/009). Nothing else
 * posts here.
 */
export function actOnCareers({ context }: Route.ActionArgs) {
  const refused = refusedFor("careers", context.get(refusedFormContext));
  if (!refused) throw data("This page does not accept posts.", { status: 405 });
  return data(refused, { status: refused.status });
}
