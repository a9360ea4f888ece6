import { Form, Link } from "react-router";
import { serviceList } from "#core/config/service-list.ts";
import { absoluteUrl } from "#core/seo.ts";
import {
  employmentTypes,
  vacanciesFeedPath,
  vacanciesPath,
  vacancyServiceName,
} from "#core/vacancies/model.ts";
import { PageHero } from "~/components/sections/page-hero";
import { Button } from "~/components/ui/button";
import { ServerMarkup } from "~/components/ui/server-markup";
import { VacancyList } from "~/components/vacancies/vacancy-list";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/vacancies";
import { loadVacancies } from "./vacancies.server";

const description =
  "Open jobs in cleaning, security, housekeeping, warehouses and event stewarding across Greater Manchester, with pay, hours and closing dates. Apply online in five minutes.";

// The filters' rules and the list's reading live in vacancies.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadVacancies(args);
}

export function headers() {
  return { "Cache-Control": "no-cache" };
}

export function meta() {
  const url = absoluteUrl(vacanciesPath);
  return [
    ...pageMeta({ title: "Current vacancies", description }),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
    // The same jobs as XML for the job aggregators (not RSS, so not application/rss+xml).
    {
      tagName: "link",
      rel: "alternate",
      type: "application/xml",
      title: "Vacancies feed",
      href: absoluteUrl(vacanciesFeedPath),
    },
  ];
}

const selectClass =
  "min-h-11 w-full rounded-lg border border-navy-300 bg-white px-3 py-2 text-base text-navy-900 sm:w-auto";

export default function Vacancies({ loaderData }: Route.ComponentProps) {
  const { vacancies, filters } = loaderData;
  const filtered = Boolean(filters.service || filters.type);
  return (
    <>
      <PageHero
        hero={{
          badge: "Careers",
          title: "Current vacancies",
          intro:
            "Jobs we are filling now for our clients across Greater Manchester. Each one lists its pay, hours and closing date, and you can apply on its page.",
        }}
        gradient="from-navy-900 to-accent-800"
      />
      <section aria-labelledby="open-jobs" className="bg-white py-14 sm:py-16">
        <div className="mx-auto max-w-7xl space-y-8 px-4 sm:px-6 lg:px-8">
          <h2 id="open-jobs" className="text-3xl font-bold tracking-tight text-navy-900">
            {filtered ? "Jobs that match" : "All open jobs"}
          </h2>
          {/* Filters only when there is something to filter (or a filter to undo). */}
          {(vacancies.length > 0 || filtered) && (
            <Form method="get" className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
              <div className="flex flex-col gap-1.5">
                <label htmlFor="vacancies-service" className="text-sm font-semibold text-navy-900">
                  Service
                </label>
                <select
                  id="vacancies-service"
                  name="service"
                  defaultValue={filters.service}
                  className={selectClass}
                >
                  <option value="">Any service</option>
                  {serviceList.map((service) => (
                    <option key={service.slug} value={service.slug}>
                      {service.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor="vacancies-type" className="text-sm font-semibold text-navy-900">
                  Kind of work
                </label>
                <select id="vacancies-type" name="type" defaultValue={filters.type} className={selectClass}>
                  <option value="">Any kind</option>
                  {employmentTypes.map((type) => (
                    <option key={type.value} value={type.value}>
                      {type.label}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" variant="secondary">
                Show jobs
              </Button>
            </Form>
          )}
          {vacancies.length > 0 ? (
            <VacancyList vacancies={vacancies} />
          ) : (
            <div className="space-y-3 rounded-2xl bg-sand-50 p-6 text-lg text-navy-800">
              <p className="font-semibold text-navy-900">
                {filtered
                  ? `No open jobs match${filters.service ? ` ${vacancyServiceName(filters.service)}` : ""}${filters.type ? ` (${employmentTypes.find((t) => t.value === filters.type)?.label.toLowerCase()})` : ""} just now.`
                  : "We have no jobs open just now."}
              </p>
              <p>
                {filtered && (
                  <>
                    <Link
                      to={vacanciesPath}
                      className="font-semibold text-accent-800 underline underline-offset-4"
                    >
                      See all vacancies
                    </Link>
                    , or{" "}
                  </>
                )}
                <Link
                  to="/careers#application-form"
                  className="font-semibold text-accent-800 underline underline-offset-4"
                >
                  {filtered ? "send us a general application" : "Send us a general application"}
                </Link>
                : we place people in new roles every week.
              </p>
            </div>
          )}
          <ServerMarkup html={loaderData.alertSignUp} />
        </div>
      </section>
    </>
  );
}
