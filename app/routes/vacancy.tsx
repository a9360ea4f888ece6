import { data } from "react-router";
import { formStart } from "#core/forms/form-result.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { alertSignUpHtml } from "~/components/alerts/alert-sign-up.server";
import { ServerMarkup } from "~/components/ui/server-markup";
import { VacancyGone, VacancyPage } from "~/components/vacancies/vacancy-page";
import { formResultSecretContext, servicesContext } from "~/lib/app-context";
import { requestNow } from "~/lib/clock.server";
import { readFormResult } from "~/lib/form-result.server";
import { pageMeta } from "~/lib/meta";
import { vacancyMeta } from "~/lib/vacancies/meta";
import type { Route } from "./+types/vacancy";

/**
 * A vacancy's page, read from the database on every request, so a change shows at once on every
 * process: the job and its application form while it is open; 410 Gone once it is closed or its
 * closing date has passed; 404 for a draft or an address that never was.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
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

/** The page carries a fresh form token: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-cache" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page not found" }];
  const { vacancy } = loaderData;
  if (loaderData.state === "gone") {
    return [
      ...pageMeta({
        title: "Vacancy closed",
        description: `${vacancy.title} is no longer taking applications. See our open jobs.`,
      }),
      { name: "robots", content: "noindex" },
    ];
  }
  return vacancyMeta(vacancy);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "gone")
    return <VacancyGone vacancy={loaderData.vacancy} others={loaderData.others} />;
  return (
    <>
      <VacancyPage
        vacancy={loaderData.vacancy}
        start={formStart(loaderData.formResult, null, loaderData.formToken)}
      />
      <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6 lg:px-8">
        <ServerMarkup html={loaderData.alertSignUp} />
      </div>
    </>
  );
}
