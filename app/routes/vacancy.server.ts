import { data } from "react-router";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { alertSignUpHtml } from "~/components/alerts/alert-sign-up.server";
import { formResultSecretContext, servicesContext } from "~/lib/app-context";
import { requestNow } from "~/lib/clock.server";
import { readFormResult } from "~/lib/form-result.server";
import type { Route } from "./+types/vacancy";

/**
 * A vacancy's page, read from the database on every request, so a change shows at once on every
 * process: the job and its application form while it is open; 410 Gone once it is closed or its
 * closing date has passed; 404 for a draft or an address that never was.
 */
export async function loadVacancy({ params, request, context }: Route.LoaderArgs) {
  const { vacancies } = context.get(servicesContext);
  const answer = await vacancies.bySlug(params.slug, requestNow(request, context));
  if (answer.state === "missing") throw data(null, { status: 404 });
  if (answer.state === "gone") {
    return data({ state: "gone" as const, vacancy: answer.vacancy, others: answer.others }, { status: 410 });
  }
  const secret = context.get(formResultSecretContext);
  return {
    state: "open" as const,
    vacancy: answer.vacancy,
    formResult: readFormResult(request, "careers", secret),
    formToken: issueFormToken("careers", secret),
    alertSignUp: alertSignUpHtml(issueFormToken("careers", secret)),
  };
}
