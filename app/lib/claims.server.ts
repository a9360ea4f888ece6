import type { ServiceKey } from "#core/config/service-list.ts";
import { accreditationsHtml } from "~/components/claims/accreditations.server";
import { caseStudiesHtml } from "~/components/claims/case-studies.server";
import { testimonialsHtml } from "~/components/claims/testimonials.server";

/** Where on the site the claims are shown: each place shows only what bears on it. */
export type ClaimsPlace = { page: "home" } | { page: "about" } | { page: "service"; service: ServiceKey };

/**
 * What a page claims that a buyer can check, as markup made on the server from our own components ("" when
 * there is nothing to show), judged at `now`. The pages show it as it is (ServerMarkup), so they carry no
 * script for it and a claim that has lapsed is never in any page's JavaScript.
 */
export type PageClaims = {
  /** The accreditations current at `now` that cover this place, each with its register's link. */
  accreditations: string;
  /** Testimonials with a name, a role and a date, none older than the configured age. */
  testimonials: string;
  /** A service page's two most recent case studies. */
  caseStudies: string;
};

export function pageClaims(place: ClaimsPlace, now: number): PageClaims {
  return {
    accreditations: accreditationsHtml(place, now),
    testimonials: testimonialsHtml(place, now),
    caseStudies: place.page === "service" ? caseStudiesHtml(place.service, now) : "",
  };
}
