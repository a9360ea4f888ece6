import { data } from "react-router";
import { caseStudyBySlug } from "#core/case-studies/index.ts";
import { caseStudiesPath } from "#core/case-studies/paths.ts";
import { caseStudyHtml } from "~/components/claims/case-study-pages.server";
import { PageHero } from "~/components/sections/page-hero";
import { ServerMarkup } from "~/components/ui/server-markup";
import { requestNow } from "~/lib/clock.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/case-study";

/**
 * One case study, at `/case-studies/<slug>` (one route each, app/routes.ts). Its story is markup made
 * here, so the page carries no script for it; its testimonial is judged at `now` like every other.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  // The address without its trailing slash, or the `.data` a client navigation (or the prerender) asks for.
  const path = new URL(request.url).pathname.replace(/\/+$/, "").replace(/\.data$/, "");
  const slug = path.slice(caseStudiesPath.length + 1);
  const caseStudy = caseStudyBySlug(slug);
  if (!caseStudy) throw data("Not found", { status: 404 });
  return {
    title: caseStudy.title,
    summary: caseStudy.summary,
    html: caseStudyHtml(caseStudy, requestNow(request, context)),
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
