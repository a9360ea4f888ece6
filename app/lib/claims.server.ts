import { accreditationsHtml } from "~/components/claims/accreditations.server";
import { caseStudiesHtml } from "~/components/claims/case-studies.server";
import { testimonialsHtml } from "~/components/claims/testimonials.server";
import type { ClaimsPlace, PageClaims } from "./claims.ts";

/** What a place claims that a buyer can check, as markup made here, judged at `now`. */
export function pageClaims(place: ClaimsPlace, now: number): PageClaims {
  return {
    accreditations: accreditationsHtml(place, now),
    testimonials: testimonialsHtml(place, now),
    caseStudies: place.page === "service" ? caseStudiesHtml(place.service, now) : "",
  };
}
