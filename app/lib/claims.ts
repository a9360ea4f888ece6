import type { ServiceKey } from "#core/config/service-list.ts";

/**
 * The shapes of what a page claims, apart from the server code that makes the claims' markup
 * (claims.server.ts) and the sections it makes them from, which each need the place they are shown.
 */

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
