import { data } from "react-router";
import { caseStudyBySlug } from "#core/case-studies/index.ts";
import { caseStudyHtml } from "~/components/claims/case-study-pages.server";
import { PageHero } from "~/components/sections/page-hero";
import { ServerMarkup } from "~/components/ui/server-markup";
import { publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/case-study";

/**
 * One published case study, at `/case-studies/<slug>`, read from the published site content in memory
 * (no visitor waits for the database); any other address under the list is the 404 page. Its story is
 * markup made here, so the page carries no script for it; its testimonial is judged at `now` like every other.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const content = publishedContent(context);
  const caseStudy = caseStudyBySlug(params.slug, content.caseStudies);
  if (!caseStudy) throw data("Not found", { status: 404 });
  return {
    slug: caseStudy.slug,
    title: caseStudy.title,
    summary: caseStudy.summary,
    html: caseStudyHtml(caseStudy, requestNow(request, context), content.pictures),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ title: loaderData?.title ?? "Case study", description: loaderData?.summary ?? "" });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero hero={{ badge: "Case study", title: loaderData.title, intro: loaderData.summary }} />
      <ServerMarkup html={loaderData.html} />
    </>
  );
}
