import { sitemapXml } from "#core/seo.ts";
import { vacancyPath } from "#core/vacancies/model.ts";
import { servicesContext } from "~/lib/app-context";
import { publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/sitemap.xml";

/**
 * The sitemap: every public page, then every open vacancy with when its published content last changed
 * (an edit of its words, pay or place; never a view or a status nobody sees). Answered by the
 * server from the database on each request, so a vacancy opened, changed or closed on any process is
 * listed (or gone) at once, with no rebuild.
 */
export async function loadSitemap({ request, context }: Route.LoaderArgs) {
  const { vacancies } = context.get(servicesContext);
  const open = await vacancies.listOpen({}, requestNow(request, context));
  const entries = open.map((vacancy) => ({
    path: vacancyPath(vacancy.slug),
    lastModified: vacancy.contentChangedAt,
  }));
  const caseStudies = publishedContent(context).caseStudies.map((caseStudy) => caseStudy.slug);
  return new Response(sitemapXml(entries, caseStudies), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
