/** The case studies' addresses: the list, each one, the list's filter and each one's share image. */

/** The list of case studies. */
export const caseStudiesPath = "/case-studies";

/** The query parameter the list filters by: a service page's slug (`?service=security-officers`). */
export const serviceFilterParam = "service";

/** A case study's own page. */
export function caseStudyPath(slug: string): string {
  return `${caseStudiesPath}/${slug}`;
}

/** The list filtered to one service, by its page's slug. */
export function filteredListPath(serviceSlug: string): string {
  return `${caseStudiesPath}?${serviceFilterParam}=${encodeURIComponent(serviceSlug)}`;
}

/** A case study's 1200x630 share image, made by `npm run images` into `public/`. */
export function caseStudyImagePath(slug: string): string {
  return `/images/case-studies/${slug}.png`;
}

/**
 * True for a request for the list filtered by service, whose page or data must be rendered for it: the
 * prerendered file shows every case study.
 */
export function isFilteredList(pathname: string, searchParams: URLSearchParams): boolean {
  return (
    (pathname === caseStudiesPath || pathname === `${caseStudiesPath}.data`) &&
    searchParams.has(serviceFilterParam)
  );
}

/** The privacy notice's section on how we use reviews and testimonials, linked from every testimonials section. */
export const reviewsPolicyAnchor = "reviews";
export const reviewsPolicyPath = `/privacy#${reviewsPolicyAnchor}`;
