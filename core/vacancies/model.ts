/**
 * What a vacancy is, and the words staff and job seekers read about it: its kinds of work, pay periods
 * and statuses, its reference and address, its closing time in Europe/London, its description as
 * paragraphs and lists, and its schema.org JobPosting. Pure, so the workspace's pages, the public pages
 * and the server share it.
 */
import { type ServiceEntry, serviceList } from "../config/service-list.ts";

/** The kinds of work, as Google's job postings name them, with the words people read. */
export const employmentTypes = [
  { value: "FULL_TIME", label: "Full-time" },
  { value: "PART_TIME", label: "Part-time" },
  { value: "TEMPORARY", label: "Temporary" },
  { value: "CONTRACTOR", label: "Contract" },
] as const;

export type EmploymentType = (typeof employmentTypes)[number]["value"];

/** How pay is counted: by the hour or by the year. */
export const payPeriods = [
  { value: "HOUR", label: "an hour", name: "Per hour" },
  { value: "YEAR", label: "a year", name: "Per year" },
] as const;

export type PayPeriod = (typeof payPeriods)[number]["value"];

export const vacancyStatuses = ["draft", "open", "closed"] as const;
export type VacancyStatus = (typeof vacancyStatuses)[number];

export const vacancyStatusLabels: Record<VacancyStatus, string> = {
  draft: "Draft",
  open: "Open",
  closed: "Closed",
};

/** A vacancy's reference: "VAC-7K3Q9M", made like the leads' references. */
export const vacancyReferencePattern = /^VAC-[0-9A-Z]{6}$/;

/** The public list of open vacancies. */
export const vacanciesPath = "/careers/vacancies";

/** The vacancies feed's stable address, for the job aggregators: linked from the list's head. */
export const vacanciesFeedPath = `${vacanciesPath}/feed.xml`;

/** A vacancy's public address. */
export function vacancyPath(slug: string): string {
  return `${vacanciesPath}/${slug}`;
}

/** The form anchor on a vacancy's page, where "Apply for this job" leads. */
export const applyAnchor = "apply";

/** A slug as vacancies' addresses use them: lower-case letters, digits and single hyphens. */
export const vacancySlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True for the public list or a vacancy's page (a path without trailing slashes). */
export function isVacancyPath(path: string): boolean {
  if (path === vacanciesPath) return true;
  if (!path.startsWith(`${vacanciesPath}/`)) return false;
  const slug = path.slice(vacanciesPath.length + 1);
  return slug.length <= 120 && vacancySlugPattern.test(slug);
}

/** A vacancy as staff and the public pages see it. Pay is in pounds. */
export type Vacancy = {
  reference: string;
  slug: string;
  status: VacancyStatus;
  title: string;
  /** The service's slug (`warehouse`, `security-officers`, ...). */
  service: string;
  location: string;
  postcode: string;
  employmentType: EmploymentType;
  payFrom: number;
  payTo: number;
  payPeriod: PayPeriod;
  hours: string;
  description: string;
  /** The last day applications are taken, YYYY-MM-DD, in Europe/London. */
  closesOn: string;
  createdAt: number;
  updatedAt: number;
  /** When it was first published: its posting date, kept through every later edit. */
  publishedAt: number | null;
  closedAt: number | null;
  /**
   * When what the public reads last changed: set on publication and on an edit of a published field
   * (title, words, pay, place, hours, kind of work, closing date, service), never by a view, a no-op
   * save or a status nobody sees. The sitemap's and the feed's lastmod.
   */
  contentChangedAt: number;
};

/** The service a vacancy belongs to, from the one list of services. */
export function serviceOfVacancy(slug: string): ServiceEntry | undefined {
  return serviceList.find((service) => service.slug === slug);
}

/** A service's name for a vacancy; its slug when it is not one of the five. */
export function vacancyServiceName(slug: string): string {
  return serviceOfVacancy(slug)?.name ?? slug;
}

export function employmentTypeLabel(value: string): string {
  return employmentTypes.find((type) => type.value === value)?.label ?? value;
}

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const wholePounds = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  maximumFractionDigits: 0,
});

/** Pounds, with pence only when either end of the range has them: "£12.50 to £14.00", "£26,000 to £29,000". */
function money(amount: number, withPence: boolean): string {
  return withPence ? pounds.format(amount) : wholePounds.format(amount);
}

/** Pay in words: "£12.50 an hour", "£11.44 to £12.50 an hour", "£26,000 to £29,000 a year". */
export function formatPay(vacancy: Pick<Vacancy, "payFrom" | "payTo" | "payPeriod">): string {
  const period = payPeriods.find((p) => p.value === vacancy.payPeriod)?.label ?? "";
  const pence = !Number.isInteger(vacancy.payFrom) || !Number.isInteger(vacancy.payTo);
  const range =
    vacancy.payFrom === vacancy.payTo
      ? money(vacancy.payFrom, pence)
      : `${money(vacancy.payFrom, pence)} to ${money(vacancy.payTo, pence)}`;
  return `${range} ${period}`.trim();
}

// Made once: a formatter costs far more to make than to use, and the claims' lapse moments are read often.
const londonOffsetFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  timeZoneName: "longOffset",
});

/**
 * The offset from UTC of Europe/London at a moment, as "+00:00" or "+01:00". Read from the platform's
 * time-zone data, so the clock changes are never written by hand.
 */
export function londonOffset(at: number): string {
  const name =
    londonOffsetFormat.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return match ? `${match[1]}:${match[2] ?? "00"}` : "+00:00";
}

/**
 * The last moment of a closing date in Europe/London, as ISO 8601 with its offset
 * ("2026-12-31T23:59:59+00:00", "2026-07-31T23:59:59+01:00"), and in ms since the epoch.
 */
export function endOfClosingDate(closesOn: string): { iso: string; ms: number } {
  const [year, month, day] = closesOn.split("-").map(Number) as [number, number, number];
  // The offset at midday is the day's (the clocks change at 01:00 and 02:00, never near midnight).
  const offset = londonOffset(Date.UTC(year, month - 1, day, 12));
  const iso = `${closesOn}T23:59:59${offset}`;
  return { iso, ms: Date.parse(iso) + 999 };
}

/** True while a vacancy takes applications: published, not closed, and its closing date not over. */
export function isOpenAt(vacancy: Pick<Vacancy, "status" | "closesOn">, now: number): boolean {
  return vacancy.status === "open" && now <= endOfClosingDate(vacancy.closesOn).ms;
}

/**
 * The state staff see: an open vacancy whose closing date is over is shown as closed, as the public site
 * treats it (its page answers 410, and the lists and the sitemap leave it out).
 */
export function statusAt(vacancy: Pick<Vacancy, "status" | "closesOn">, now: number): VacancyStatus {
  return vacancy.status === "open" && !isOpenAt(vacancy, now) ? "closed" : vacancy.status;
}

/** Today's date in Europe/London, YYYY-MM-DD. */
export function londonDate(at: number): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** A closing date as people read it: "31 December 2026". */
export function formatClosingDate(closesOn: string): string {
  const [year, month, day] = closesOn.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(Date.UTC(year, month - 1, day));
}

/** When a vacancy was first posted, as people read it in Manchester: "2 March 2026". */
export function formatPostedDate(at: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  }).format(at);
}

/** A block of a vacancy's description: a paragraph, or a list made of "- " lines. */
export type DescriptionBlock = { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

/**
 * A description as blocks: lines starting "- " make a list, other lines run together into paragraphs,
 * and an empty line ends a paragraph. Never HTML: whatever it says is shown as text.
 */
export function descriptionBlocks(description: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    if (list.length) blocks.push({ kind: "list", items: list });
    paragraph = [];
    list = [];
  };
  for (const raw of description.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === "") {
      flush();
    } else if (/^[-•*]\s+/.test(line)) {
      if (paragraph.length) flush();
      list.push(line.replace(/^[-•*]\s+/, ""));
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The description as the HTML Google's job postings ask for: paragraphs and lists, every word escaped. */
export function descriptionHtml(description: string): string {
  return descriptionBlocks(description)
    .map((block) =>
      block.kind === "paragraph"
        ? `<p>${escapeHtml(block.text)}</p>`
        : `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`,
    )
    .join("");
}

/** The first sentence or so of a description, for the page's meta description and share preview. */
export function vacancySummary(vacancy: Pick<Vacancy, "description" | "location">, max = 155): string {
  const first = descriptionBlocks(vacancy.description)
    .map((block) => (block.kind === "paragraph" ? block.text : block.items.join("; ")))
    .join(" ");
  const text = first || vacancy.location;
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** A title as the start of an address: "Night Security Officer" → "night-security-officer". */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** A vacancy's address: its title, then its reference's code, so two jobs of one name never clash. */
export function vacancySlug(title: string, reference: string): string {
  const code = reference.slice(4).toLowerCase();
  const base = slugify(title);
  return base ? `${base}-${code}` : `job-${code}`;
}
