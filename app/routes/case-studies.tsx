import { data, Link } from "react-router";
import { recentCaseStudies, serviceFromSlug } from "#core/case-studies/index.ts";
import { caseStudiesPath, filteredListPath, serviceFilterParam } from "#core/case-studies/paths.ts";
import { serviceList } from "#core/config/service-list.ts";
import { caseStudyListHtml } from "~/components/claims/case-study-pages.server";
import { PageHero } from "~/components/sections/page-hero";
import { ServerMarkup } from "~/components/ui/server-markup";
import { publishedContent } from "~/lib/claims.server";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/case-studies";

const title = "Case Studies";
const description =
  "What we did for offices, warehouses, clinics, hotels and events across Greater Manchester: the site, the problem, the work and the results in numbers, in our clients' own words.";

export function meta() {
  return pageMeta({ title, description });
}

/**
 * The case studies, all of them or one service's (`?service=security-officers`): the prerendered page
 * shows all; a filtered list is rendered by the server for its request (server/static.ts). An unknown
 * service is answered 400 with every case study and the filter to choose again.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const given = new URL(request.url).searchParams.get(serviceFilterParam);
  const service = serviceFromSlug(given);
  const content = publishedContent(context);
  const published = content.caseStudies;
  const items = service ? recentCaseStudies(service, undefined, published) : published;
  const result = {
    selected: service ? given : null,
    unknown: given !== null && !service,
    count: items.length,
    html: caseStudyListHtml(items, content.pictures),
  };
  return result.unknown ? data(result, { status: 400 }) : result;
}

const filterLink =
  "inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-navy-200 hover:bg-navy-50";

export default function Page({ loaderData }: Route.ComponentProps) {
  const { selected, unknown, count, html } = loaderData;
  const selectedName = serviceList.find((entry) => entry.slug === selected)?.name;
  return (
    <>
      <PageHero
        hero={{
          title,
          intro:
            "Sites like yours, the problem we were asked to solve, what we did and what changed, in numbers, with what the client said about it.",
        }}
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <nav aria-labelledby="filter-heading">
          <h2 id="filter-heading" className="text-lg font-semibold text-navy-900">
            Show case studies for
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {[{ slug: null, name: "All services" }, ...serviceList].map((entry) => {
              const current = entry.slug === selected;
              return (
                <li key={entry.name}>
                  <Link
                    to={entry.slug ? filteredListPath(entry.slug) : caseStudiesPath}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      filterLink,
                      current ? "bg-navy-900 text-white hover:bg-navy-800" : "bg-white text-navy-900",
                    )}
                  >
                    {entry.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {unknown ? (
          <p role="alert" className="mt-8 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
            We could not find that service, so here is every case study. Choose a service above to see its
            own.
          </p>
        ) : (
          <p className="mt-8 text-navy-700" aria-live="polite">
            {selectedName
              ? `${count} ${count === 1 ? "case study" : "case studies"} for ${selectedName}.`
              : `${count} case studies, newest first.`}
          </p>
        )}
        <ServerMarkup html={html} className="mt-6" />
      </div>
    </>
  );
}
