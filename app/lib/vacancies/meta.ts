import { absoluteUrl } from "#core/seo.ts";
import { type Vacancy, vacancyPath, vacancySummary } from "#core/vacancies/model.ts";
import { pageMeta } from "~/lib/meta";

/**
 * An open vacancy page's title, description, canonical address and share card: the vacancy's own words,
 * also when its form comes back refused at the form's endpoint.
 */
export function vacancyMeta(vacancy: Vacancy) {
  const url = absoluteUrl(vacancyPath(vacancy.slug));
  return [
    ...pageMeta({ title: vacancy.title, description: vacancySummary(vacancy) }),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
  ];
}
