/**
 * The company's facts as the pages, the structured data and the e-mails read them, with what the site
 * ships (core/config/site.ts) and the rule for which changes need a second person's approval. Kept free
 * of the schema (./company.ts) so a page's components can read it without carrying zod to the browser.
 */
import { type SiteConfig, site } from "../config/site.ts";

/** The company's facts, as the pages, the structured data and the e-mails read them. */
export type CompanyFacts = {
  phone: { display: string; e164: string };
  email: string;
  address: { street: string; locality: string; postcode: string };
  hours: { days: string; time: string }[];
  emergency: string;
  areasServed: SiteConfig["areasServed"];
  registration: SiteConfig["registration"];
  insurance: SiteConfig["insurance"];
  /** When the company was founded, a month and a year ("June 2024"): the About page shows it, Ready to launch holds the years of experience to it. */
  founded: string;
};

/** The one item of the `company` kind. */
export const companyKey = "company";

/** What the site ships with: the facts in core/config/site.ts. */
export const shippedCompany: CompanyFacts = {
  phone: { ...site.phone },
  email: site.email,
  address: { street: site.address.street, locality: site.address.locality, postcode: site.address.postcode },
  hours: site.hours.map((line) => ({ ...line })),
  emergency: site.emergency,
  areasServed: { region: site.areasServed.region, places: [...site.areasServed.places] },
  registration: { ...site.registration },
  insurance: site.insurance.map((cover) => ({ ...cover })),
  founded: site.claims.founded,
};

/**
 * True when a new version changes what a buyer or the privacy notice relies on: the legal disclosures
 * (company number, where registered, registered office, VAT number), the insurance, the founding date
 * (a claim, which the years of experience are held to), or the contact e-mail and postal address the
 * privacy notice gives for requests about personal data. The phone, the hours, the emergency line and
 * the areas served may be published directly.
 */
export function companyNeedsApproval(before: CompanyFacts | null, after: CompanyFacts): boolean {
  if (!before) return true;
  const relied = (facts: CompanyFacts) =>
    JSON.stringify([facts.registration, facts.insurance, facts.email, facts.address, facts.founded]);
  return relied(before) !== relied(after);
}

/**
 * A page's words with the company's facts they name put in: "{emergency}" as the emergency line,
 * "{founded}" as the founding date. Staff write the name where the fact should read, so a change in
 * Company details reaches the words at once.
 */
export function withCompanyFacts(
  text: string,
  facts: Pick<CompanyFacts, "emergency" | "founded" | "areasServed">,
): string {
  return text
    .replaceAll("{emergency}", facts.emergency)
    .replaceAll("{founded}", facts.founded)
    .replaceAll("{region}", facts.areasServed.region);
}

/** The office address on one line, as the footer, the privacy notice and the map show it. */
export function addressLineOf(facts: CompanyFacts): string {
  return `${facts.address.street}, ${facts.address.locality} ${facts.address.postcode}, ${site.address.country}`;
}

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "8:00 AM" as "08:00", or null. */
function clockTime(value: string): string | null {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(AM|PM)$/i.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? "0");
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const hours24 = (hour % 12) + ((match[3] ?? "").toUpperCase() === "PM" ? 12 : 0);
  return `${String(hours24).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/**
 * The opening hours for search engines (schema.org OpeningHoursSpecification): each line whose days are
 * one weekday or a range ("Monday-Friday") and whose time is a range of clock times ("8:00 AM-6:00 PM").
 * Lines in words ("Sunday and bank holidays: emergency calls only") are for people only.
 */
export function openingHoursSpecOf(
  hours: CompanyFacts["hours"],
): { dayOfWeek: string[]; opens: string; closes: string }[] {
  return hours.flatMap((line) => {
    const [first = "", last = first] = line.days.split(/\s*[-–]\s*/);
    const from = weekdays.indexOf(first);
    const to = weekdays.indexOf(last);
    const [opens = "", closes = ""] = line.time.split(/\s*[-–]\s*/);
    const open = clockTime(opens);
    const close = clockTime(closes);
    if (from === -1 || to < from || !open || !close) return [];
    return [{ dayOfWeek: weekdays.slice(from, to + 1), opens: open, closes: close }];
  });
}
