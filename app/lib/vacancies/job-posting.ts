import { site } from "#core/config/site.ts";
import { absoluteUrl } from "#core/seo.ts";
import { descriptionHtml, endOfClosingDate, type Vacancy, vacancyPath } from "#core/vacancies/model.ts";

/**
 * A vacancy as schema.org JobPosting, in the words of Google's job posting guidelines: its own title
 * and description, when it was first posted and the end of its closing date (Europe/London), the
 * company, the place (in the region the company's details name), the pay and the reference. `directApply`: the page itself takes the application.
 */
export function jobPostingJsonLd(vacancy: Vacancy, region: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: vacancy.title,
    description: descriptionHtml(vacancy.description),
    identifier: { "@type": "PropertyValue", name: site.brand, value: vacancy.reference },
    datePosted: new Date(vacancy.publishedAt ?? vacancy.createdAt).toISOString(),
    validThrough: endOfClosingDate(vacancy.closesOn).iso,
    employmentType: vacancy.employmentType,
    hiringOrganization: {
      "@type": "Organization",
      name: site.brand,
      sameAs: absoluteUrl("/"),
      logo: absoluteUrl("/icon-512.png"),
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: vacancy.location,
        addressRegion: region,
        postalCode: vacancy.postcode,
        addressCountry: "GB",
      },
    },
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: "GBP",
      value: {
        "@type": "QuantitativeValue",
        minValue: vacancy.payFrom,
        maxValue: vacancy.payTo,
        unitText: vacancy.payPeriod,
      },
    },
    directApply: true,
    url: absoluteUrl(vacancyPath(vacancy.slug)),
  };
}
