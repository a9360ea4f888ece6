/**
 * The case studies the site shipped with (each one file under `content/`, its address in `directory.ts`,
 * held together by a test), and the helpers the pages list case studies with. Staff keep the case studies
 * in the workspace as site content: these are only a fresh installation's first published versions
 * (docs/decisions/034-case-studies-as-site-content.md).
 */
import { type ServiceKey, serviceList } from "../config/service-list.ts";
import { ancoatsAparthotel } from "./content/ancoats-aparthotel.ts";
import { heatonParkSummerFestival } from "./content/heaton-park-summer-festival.ts";
import { salfordQuaysOffice } from "./content/salford-quays-office.ts";
import { stockportMedicalCentre } from "./content/stockport-medical-centre.ts";
import { traffordParkDistributionCentre } from "./content/trafford-park-distribution-centre.ts";
import { wiganFulfilmentPeak } from "./content/wigan-fulfilment-peak.ts";
import type { CaseStudy, Testimonial } from "./model.ts";

/** Newest work first (by the month it started; the title breaks a tie, so the order never shifts). */
export function newestFirst<T extends CaseStudy>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.started.localeCompare(a.started) || a.title.localeCompare(b.title));
}

/**
 * The case studies the site shipped with: the first published version of each (site content, seeded on
 * a fresh installation). The pages read the published ones (`PublishedContent.caseStudies`), not these.
 */
export const caseStudies: readonly (CaseStudy & { testimonial: Testimonial })[] = newestFirst([
  traffordParkDistributionCentre,
  stockportMedicalCentre,
  salfordQuaysOffice,
  heatonParkSummerFestival,
  ancoatsAparthotel,
  wiganFulfilmentPeak,
]);

/** The case study at this address, if any, among those given (the shipped ones by default). */
export function caseStudyBySlug(
  slug: string,
  from: readonly CaseStudy[] = caseStudies,
): CaseStudy | undefined {
  return from.find((caseStudy) => caseStudy.slug === slug);
}

/** The case studies that used a service, newest first, at most `n` (all when `n` is not given). */
export function recentCaseStudies<T extends CaseStudy = (typeof caseStudies)[number]>(
  service: ServiceKey,
  n = Number.POSITIVE_INFINITY,
  from: readonly T[] = caseStudies as readonly T[],
): T[] {
  return newestFirst(from.filter((caseStudy) => caseStudy.services.includes(service))).slice(0, n);
}

/** A service's name as the case studies show it ("Security Officers"). */
export function serviceName(service: ServiceKey): string {
  return serviceList.find((entry) => entry.key === service)?.name ?? service;
}

/** The service a list filter names by its page's slug (`security-officers`), or null for none or an unknown one. */
export function serviceFromSlug(slug: string | null): ServiceKey | null {
  return serviceList.find((entry) => entry.slug === slug)?.key ?? null;
}

/** The month work started, as people say it: "February 2026". */
export function monthText(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
