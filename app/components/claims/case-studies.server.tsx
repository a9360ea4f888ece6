import { renderToStaticMarkup } from "react-dom/server";
import { recentCaseStudies } from "#core/case-studies/index.ts";
import type { CaseStudy } from "#core/case-studies/model.ts";
import { filteredListPath } from "#core/case-studies/paths.ts";
import { type ServiceKey, serviceList } from "#core/config/service-list.ts";
import { Section } from "~/components/sections/section";
import { cardGrid } from "~/lib/card-grid";
import { CaseStudyCard, linkClass } from "./case-study-parts";

/** How many case studies a service page shows: its most recent. */
const perServicePage = 2;

function RecentCaseStudies({ items, serviceSlug }: { items: CaseStudy[]; serviceSlug: string }) {
  const grid = cardGrid(items.length, 2);
  return (
    <Section
      id="case-studies"
      heading="Recent Work"
      intro="What we did at sites like yours, and what changed, in numbers."
    >
      <ul className={grid.list}>
        {items.map((caseStudy) => (
          <li key={caseStudy.slug} className={grid.item}>
            <CaseStudyCard caseStudy={caseStudy} />
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center">
        <a className={linkClass} href={filteredListPath(serviceSlug)}>
          See all our case studies for this service
        </a>
      </p>
    </Section>
  );
}

/**
 * A service page's two most recent case studies as cards, with a link to all of that service's, as
 * markup made here; "" for a service with none. Case studies do not age out, so `now` is unused for now:
 * it is in the signature so every claim is judged the same way.
 */
export function caseStudiesHtml(service: ServiceKey, _now: number, from?: readonly CaseStudy[]): string {
  const items = recentCaseStudies<CaseStudy>(service, perServicePage, from);
  const entry = serviceList.find((item) => item.key === service);
  if (items.length === 0 || !entry) return "";
  return renderToStaticMarkup(<RecentCaseStudies items={items} serviceSlug={entry.slug} />);
}
