/**
 * The contact form's address with a service, and optionally a package, already chosen:
 * `/contact?service=steward&package=Essential#contact-form`. A module of its own, with nothing else in
 * it, as the header on every page links here too.
 */

/** The id of the contact form's section, which the links open at. */
const formAnchor = "contact-form";

/** The contact form's address with a service, and optionally a package, already chosen. */
export function quoteHref(service: string, packageName?: string): string {
  const params = new URLSearchParams({ service });
  if (packageName) params.set("package", packageName);
  return `/contact?${params}#${formAnchor}`;
}
