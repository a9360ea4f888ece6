import type { PublishedContent } from "#core/content/model.ts";
import { accreditationsHtml } from "~/components/claims/accreditations.server";
import { caseStudiesHtml } from "~/components/claims/case-studies.server";
import { testimonialsHtml } from "~/components/claims/testimonials.server";
import { publishedContentContext } from "./app-context.ts";
import type { ClaimsPlace, PageClaims } from "./claims.ts";

type Context = { get: <T>(key: import("react-router").RouterContext<T>) => T };

/** The site content published now, as this process holds it (the shipped files while prerendering). */
export function publishedContent(context: Context): PublishedContent {
  return context.get(publishedContentContext)();
}

/** What a place claims that a buyer can check, as markup made here from the published content, judged at `now`. */
export function pageClaims(place: ClaimsPlace, now: number, content: PublishedContent): PageClaims {
  return {
    accreditations: accreditationsHtml(place, now, content.accreditations),
    testimonials: testimonialsHtml(place, now, content.caseStudies),
    caseStudies: place.page === "service" ? caseStudiesHtml(place.service, now, content.caseStudies) : "",
  };
}
