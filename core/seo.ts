import { caseStudyDirectory, caseStudyPaths } from "./case-studies/directory.ts";
import { caseStudiesPath, caseStudyImagePath, caseStudyPath } from "./case-studies/paths.ts";
import type { Accreditation } from "./config/accreditations.ts";
import { companyLinks, serviceLinks } from "./config/navigation.ts";
import { type SiteConfig, site } from "./config/site.ts";
import { type CompanyFacts, openingHoursSpecOf, shippedCompany } from "./content/company-facts.ts";

/** The share image every page uses: 1200x630, made for the site, in `public/`. */
export const shareImage = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: `${site.brand}: cleaning, security and staffing across Greater Manchester`,
};

/** A case study's page as the head and the structured data name it: its address and its name. */
export type CaseStudyPage = { slug: string; name: string };

/**
 * The share image of a page: a case study's own (drawn by the server from its title and its service's
 * artwork), otherwise the site's. `caseStudy` is the published case study the page shows, if any.
 */
export function shareImageFor(pathname: string, published?: CaseStudyPage | null): typeof shareImage {
  const path = normalisePath(pathname);
  const caseStudy =
    published && caseStudyPath(published.slug) === path
      ? { slug: published.slug, name: pageNames[path] ?? published.name }
      : caseStudyDirectory.find((entry) => caseStudyPath(entry.slug) === path);
  if (!caseStudy) return shareImage;
  return { ...shareImage, path: caseStudyImagePath(caseStudy.slug), alt: `Case study: ${caseStudy.name}` };
}

/** Every public page, in the order the sitemap lists them. The 404 page is not one of them. */
export const publicPages = [
  "/",
  "/about",
  "/careers",
  "/contact",
  ...serviceLinks.map((link) => link.href),
  "/privacy",
  caseStudiesPath,
  ...caseStudyPaths,
] as const;

/** The name a page goes by in breadcrumbs. */
const pageNames: Record<string, string> = {
  "/": "Home",
  ...Object.fromEntries([...companyLinks, ...serviceLinks].map((link) => [link.href, link.name])),
  "/privacy": "Privacy notice",
  ...Object.fromEntries(caseStudyDirectory.map((entry) => [caseStudyPath(entry.slug), entry.name])),
};

/** A public page's name as people know it ("Home", "Professional Cleaning"), or null for a path without one. */
export function pageName(pathname: string): string | null {
  return pageNames[normalisePath(pathname)] ?? null;
}

/** The absolute URL of a path on the public site. */
export function absoluteUrl(pathname: string): string {
  return new URL(pathname, site.siteUrl).href;
}

/** The path without a trailing slash, as pages are listed. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** True for a page that exists and should be indexed. */
export function isPublicPage(pathname: string): boolean {
  return (publicPages as readonly string[]).includes(normalisePath(pathname));
}

const businessId = `${absoluteUrl("/")}#business`;

type JsonLd = Record<string, unknown>;

/** The places the company works in, each inside its region (schema.org AdministrativeArea). */
export function areaServedJsonLd(areas: SiteConfig["areasServed"] = shippedCompany.areasServed): JsonLd[] {
  return areas.places.map((name) => ({
    "@type": "AdministrativeArea",
    name,
    containedInPlace: { "@type": "AdministrativeArea", name: areas.region },
  }));
}

/**
 * The accreditations current when the page was rendered, as schema.org Certifications (what Google's
 * guidance names for a business's certificates): the scheme, its number, who issued it, when it runs out,
 * the register's page that proves it, and what it covers. Given by the caller, who judges them at the
 * request's moment (core/claims/accreditations.ts), so this module carries no list into the browser.
 */
export function certificationsJsonLd(items: readonly Accreditation[]): JsonLd[] {
  return items.map((item) => ({
    "@type": "Certification",
    name: item.scheme,
    certificationIdentification: item.number,
    certificationStatus: "https://schema.org/CertificationActive",
    issuedBy: { "@type": "Organization", name: item.issuedBy.name, url: item.issuedBy.url },
    expires: item.validUntil,
    url: item.checkUrl,
    about: item.covers.map((name) => ({ "@type": "Thing", name })),
  }));
}

/**
 * The company as a schema.org EmploymentAgency (a LocalBusiness), from its facts as published now (Site
 * content, "Company details"; the shipped ones by default) and the site config, with the certifications
 * current at the request's moment (see certificationsJsonLd).
 */
export function businessJsonLd(
  certifications: readonly JsonLd[] = [],
  company: CompanyFacts = shippedCompany,
): JsonLd {
  return {
    "@type": "EmploymentAgency",
    "@id": businessId,
    name: site.brand,
    legalName: site.legalName,
    // The company number, as Companies House registers it.
    identifier: {
      "@type": "PropertyValue",
      propertyID: "Companies House company number",
      value: company.registration.companyNumber,
    },
    description: site.blurb,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/icon-512.png"),
    image: absoluteUrl(shareImage.path),
    telephone: company.phone.e164,
    email: company.email,
    priceRange: "££",
    address: {
      "@type": "PostalAddress",
      streetAddress: company.address.street,
      addressLocality: company.address.locality,
      postalCode: company.address.postcode,
      addressCountry: site.address.countryCode,
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: site.address.geo.latitude,
      longitude: site.address.geo.longitude,
    },
    openingHoursSpecification: openingHoursSpecOf(company.hours).map((spec) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: spec.dayOfWeek,
      opens: spec.opens,
      closes: spec.closes,
    })),
    areaServed: areaServedJsonLd(company.areasServed),
    ...(certifications.length > 0 ? { hasCertification: certifications } : {}),
    sameAs: [site.social.url],
  };
}

/** A service page as a schema.org Service provided by the company, or null for any other path. */
export function serviceJsonLd(
  pathname: string,
  description: string,
  company: CompanyFacts = shippedCompany,
): JsonLd | null {
  const service = serviceLinks.find((link) => link.href === normalisePath(pathname));
  if (!service) return null;
  return {
    "@type": "Service",
    "@id": `${absoluteUrl(service.href)}#service`,
    name: service.name,
    serviceType: service.name,
    description,
    url: absoluteUrl(service.href),
    provider: { "@id": businessId },
    areaServed: areaServedJsonLd(company.areasServed),
  };
}

/**
 * Home, then the page, for every public page but the home page (and a published case study's, given
 * its name); null elsewhere.
 */
export function breadcrumbJsonLd(pathname: string, caseStudy?: CaseStudyPage | null): JsonLd | null {
  const path = normalisePath(pathname);
  const published = caseStudy && caseStudyPath(caseStudy.slug) === path ? caseStudy : null;
  if (path === "/" || (!isPublicPage(path) && !published)) return null;
  // A case study sits under the list of them.
  const trail = path.startsWith(`${caseStudiesPath}/`) ? ["/", caseStudiesPath, path] : ["/", path];
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((href, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: pageNames[href] ?? (published && href === path ? published.name : href),
      item: absoluteUrl(href),
    })),
  };
}

/** Everything the page says about itself to search engines, as one JSON-LD graph. */
export function structuredData(
  pathname: string,
  description: string,
  certifications: readonly JsonLd[] = [],
  caseStudy: CaseStudyPage | null = null,
  company: CompanyFacts = shippedCompany,
): JsonLd {
  const graph = [
    businessJsonLd(certifications, company),
    serviceJsonLd(pathname, description, company),
    breadcrumbJsonLd(pathname, caseStudy),
  ].filter((node): node is JsonLd => node !== null);
  return { "@context": "https://schema.org", "@graph": graph };
}

/** JSON for a `<script type="application/ld+json">`, safe against `</script>` in any value. */
export function serialiseJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** A page the sitemap lists beyond the public pages (an open vacancy), with when it last changed. */
export type SitemapEntry = { path: string; lastModified: number };

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The sitemap: every public page, then each entry given (the open vacancies) with its `lastmod`. Given
 * the published case studies' addresses, it lists those in place of the ones the site shipped with.
 */
export function sitemapXml(
  entries: readonly SitemapEntry[] = [],
  caseStudySlugs: readonly string[] | null = null,
): string {
  const shipped = new Set<string>(caseStudyPaths);
  const pages = caseStudySlugs
    ? [
        ...publicPages.filter((path) => !shipped.has(path)),
        ...caseStudySlugs.map((slug) => caseStudyPath(slug)),
      ]
    : publicPages;
  const urls = [
    ...pages.map((path) => `  <url><loc>${escapeXml(absoluteUrl(path))}</loc></url>`),
    ...entries.map(
      (entry) =>
        `  <url><loc>${escapeXml(absoluteUrl(entry.path))}</loc><lastmod>${new Date(entry.lastModified).toISOString()}</lastmod></url>`,
    ),
  ].join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled; the sitemap says what exists. */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /staff\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
}
