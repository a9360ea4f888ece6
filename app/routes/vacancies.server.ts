import { data } from "react-router";
import { serviceList } from "#core/config/service-list.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { employmentTypes } from "#core/vacancies/model.ts";
import { alertSignUpHtml } from "~/components/alerts/alert-sign-up.server";
import { formResultSecretContext, servicesContext } from "~/lib/app-context";
import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/vacancies";

/** The filters, as the address gives them: `?service=warehouse&type=TEMPORARY`; anything else means "any". */
function filtersOf(url: URL) {
  const service = url.searchParams.get("service") ?? "";
  const type = url.searchParams.get("type") ?? "";
  return {
    service: serviceList.some((entry) => entry.slug === service) ? service : "",
    type: employmentTypes.some((entry) => entry.value === type) ? type : "",
  };
}

/** Every open vacancy, newest first, read from the database on each request. */
export async function loadVacancies({ request, context }: Route.LoaderArgs) {
  const { vacancies } = context.get(servicesContext);
  const filters = filtersOf(new URL(request.url));
  const list = await vacancies.listOpen(
    { service: filters.service || undefined, type: filters.type || undefined },
    requestNow(request, context),
  );
  // The job alerts' sign-up form, made here as markup: the page carries no script for it.
  const alertSignUp = alertSignUpHtml(
    issueFormToken("careers", context.get(formResultSecretContext)),
    // Inside the "All open jobs" section, under its h2.
    3,
  );
  return data({ vacancies: list, filters, alertSignUp });
}
