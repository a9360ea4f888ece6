import { formStart } from "#core/forms/form-result.ts";
import { ServerMarkup } from "~/components/ui/server-markup";
import { VacancyGone, VacancyPage } from "~/components/vacancies/vacancy-page";
import { pageMeta } from "~/lib/meta";
import { vacancyMeta } from "~/lib/vacancies/meta";
import type { Route } from "./+types/vacancy";
import { loadVacancy } from "./vacancy.server";

// The vacancy's reading and the form's tokens live in vacancy.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadVacancy(args);
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
