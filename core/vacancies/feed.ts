/**
 * The vacancies feed: the open jobs as the XML the job aggregators read (Adzuna, Careerjet, Jooble and
 * Indeed's classic format): a `<source>` naming the publisher, then one `<job>` per open vacancy. Pure, so
 * the route that serves it and the tests share it; docs/staff-guide.md documents the same structure.
 */
import { site } from "../config/site.ts";
import { absoluteUrl } from "../seo.ts";
import { cdata, element, type XmlElement, xmlDocument } from "../xml.ts";
import {
  descriptionHtml,
  type EmploymentType,
  endOfClosingDate,
  formatClosingDate,
  formatPay,
  londonOffset,
  type Vacancy,
  vacancyPath,
  vacancyServiceName,
} from "./model.ts";

/** The elements of every `<job>`, in order: what docs/staff-guide.md lists and the tests hold the feed to. */
export const feedJobElements = [
  "title",
  "referencenumber",
  "url",
  "company",
  "city",
  "postalcode",
  "country",
  "description",
  "salary",
  "jobtype",
  "date",
  "expirationdate",
  "category",
] as const;

/** The kinds of work in the words the aggregators' XML uses. */
const jobTypes: Record<EmploymentType, string> = {
  FULL_TIME: "fulltime",
  PART_TIME: "parttime",
  TEMPORARY: "temporary",
  CONTRACTOR: "contract",
};

/** The periods pay is counted in, as the feed's salary says them. */
const perPeriod: Record<Vacancy["payPeriod"], string> = { HOUR: "per hour", YEAR: "per year" };

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "short",
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * A moment as RFC 2822 in Europe/London ("Tue, 01 Dec 2026 09:30:00 +0000"), the date format of the
 * aggregators' XML; the offset keeps the calendar date the one people in Manchester read.
 */
export function feedDate(at: number): string {
  const part = Object.fromEntries(parts.formatToParts(at).map((p) => [p.type, p.value]));
  const offset = londonOffset(at).replace(":", "");
  return `${part.weekday}, ${part.day} ${part.month} ${part.year} ${part.hour}:${part.minute}:${part.second} ${offset}`;
}

/** Pay with its period, as the feed's salary gives it: "£12.21 to £13.50 per hour". */
export function feedSalary(vacancy: Pick<Vacancy, "payFrom" | "payTo" | "payPeriod">): string {
  // The page's words ("an hour") give way to the period as the aggregators' salary parsers expect it.
  const range = formatPay(vacancy).replace(/ (an hour|a year)$/, "");
  return `${range} ${perPeriod[vacancy.payPeriod]}`;
}

/**
 * A job's description for the aggregators: its own words as paragraphs and lists (escaped), then the
 * facts a reader weighs (hours, pay, place, closing date), so even a short advert says enough.
 */
export function feedDescription(vacancy: Vacancy): string {
  const facts = [
    `Hours: ${vacancy.hours}.`,
    `Pay: ${feedSalary(vacancy)}.`,
    `Place of work: ${vacancy.location}, ${vacancy.postcode}.`,
    `Closing date: ${formatClosingDate(vacancy.closesOn)}.`,
  ].join(" ");
  return `${descriptionHtml(vacancy.description)}${descriptionHtml(facts)}`;
}

function job(vacancy: Vacancy): XmlElement {
  const values: Record<(typeof feedJobElements)[number], XmlElement["children"][number]> = {
    title: vacancy.title,
    referencenumber: vacancy.reference,
    url: absoluteUrl(vacancyPath(vacancy.slug)),
    company: site.brand,
    city: vacancy.location,
    postalcode: vacancy.postcode,
    country: "GB",
    description: cdata(feedDescription(vacancy)),
    salary: feedSalary(vacancy),
    jobtype: jobTypes[vacancy.employmentType],
    date: feedDate(vacancy.publishedAt ?? vacancy.createdAt),
    expirationdate: feedDate(endOfClosingDate(vacancy.closesOn).ms - 999),
    category: vacancyServiceName(vacancy.service),
  };
  return element(
    "job",
    feedJobElements.map((name) => element(name, values[name])),
  );
}

/**
 * The feed's XML: the publisher, its site and when the feed's content last changed (`changedAt`), then
 * each open vacancy given, in order.
 */
export function vacanciesFeedXml(vacancies: readonly Vacancy[], changedAt: number): string {
  return xmlDocument(
    element("source", [
      element("publisher", site.brand),
      element("publisherurl", absoluteUrl("/")),
      element("lastBuildDate", feedDate(changedAt)),
      ...vacancies.map(job),
    ]),
  );
}
