/**
 * Site content staff keep: its kinds, the states a version passes through and their words, what the
 * pages read (the published versions), what a fresh installation starts from (the shipped files), and a
 * readable difference between two versions. The rules a version is checked by are per kind
 * (./accreditation.ts). See docs/decisions/029-site-content-published-at-static-speed.md.
 */
import { caseStudies } from "../case-studies/index.ts";
import type { CaseStudy } from "../case-studies/model.ts";
import { type Accreditation, accreditations, registers } from "../config/accreditations.ts";
import { serviceList } from "../config/service-list.ts";
import type { Picture } from "../pictures/model.ts";
import { formatClosingDate } from "../vacancies/model.ts";
import { type AboutPage, shippedAboutPage } from "./about-page.ts";
import { type CareersPage, shippedCareersPage } from "./careers-page.ts";
import { type CompanyFacts, companyNeedsApproval, shippedCompany } from "./company-facts.ts";
import { type ContactPage, shippedContactPage } from "./contact-page.ts";
import { type HomePage, shippedHomePage } from "./home-page.ts";
import { claimWordsOf, hasClaims, type PageShape } from "./page-words.ts";
import { type PrivacyPage, shippedPrivacyPage } from "./privacy-page.ts";
import type { ServicePages } from "./service-pages.ts";
import { shippedServicePages } from "./service-words.ts";
import { type SiteChrome, shippedSiteChrome } from "./site-chrome.ts";

/** The kinds of content staff edit in the workspace; more follow on the same machinery. */
export const contentKinds = ["accreditation", "case-study", "page", "company"] as const;
export type ContentKind = (typeof contentKinds)[number];

/** A kind's name as the workspace shows it, one and many. */
export const kindWords: Record<ContentKind, { one: string; many: string }> = {
  accreditation: { one: "Accreditation", many: "Accreditations" },
  "case-study": { one: "Case study", many: "Case studies" },
  page: { one: "Page", many: "Pages' words" },
  company: { one: "Company details", many: "Company details" },
};

/**
 * The pages whose words are site content (the kind `page`, keyed by the page): one item per page, shaped
 * as that page (./careers-page.ts), with its name as the workspace shows it.
 */
export const contentPages = {
  careers: "The Careers page",
  about: "The About page",
  home: "The home page",
  // The five service pages (./service-pages.ts): `service-<slug>`, named as the services' links name them.
  "service-cleaning": "The Professional Cleaning page",
  "service-security-officers": "The Security Officers page",
  "service-housekeeping": "The Housekeeping Staff page",
  "service-warehouse": "The Warehouse Workers page",
  "service-steward": "The Steward Staff page",
  contact: "The Contact page",
  "site-chrome": "The header and footer",
  privacy: "The privacy notice",
} as const;
export type ContentPage = keyof typeof contentPages;

/**
 * A version's state: a draft being written; awaiting a second person's approval; published (what the
 * pages show, one per item at most); superseded (published or drafted before a newer version); withdrawn
 * (taken back by its author before it was approved).
 */
export const versionStates = ["draft", "awaiting", "published", "superseded", "withdrawn"] as const;
export type VersionState = (typeof versionStates)[number];

export const stateWords: Record<VersionState, string> = {
  draft: "Draft",
  awaiting: "Awaiting approval",
  published: "Published",
  superseded: "Superseded",
  withdrawn: "Withdrawn",
};

/** The pages whose words need a second person's approval, every version: what they say are promises. */
export const alwaysApprovedPages: ReadonlySet<string> = new Set(["privacy"]);

/**
 * True when a version of this kind goes live only once a second member of staff approves it: a claim a
 * buyer relies on (an accreditation always), or a named person's words (a case study always carries its
 * client's testimonial). Given the change (the published version, if any, and the new one, each checked
 * by its kind's schema), it judges that version: the company's facts need approval only when the legal
 * disclosures or what the privacy notice promises change (./company-facts.ts); a page's words (given the
 * page's shape and schema, `pageWords[key]` in ./pages.ts, or `needsApprovalOf` there) only when the words
 * its shape flags as claims change. Without a change, whether a version of the kind (of that page) may
 * need approval at all. The privacy notice's words always
 * need approval, since everything it says is a promise (`alwaysApprovedPages`, judged by `needsApprovalOf`).
 */
export function needsApproval(
  kind: ContentKind,
  change?: { before: unknown; after: unknown },
  page?: ClaimsOfPage,
): boolean {
  if (kind === "company") {
    if (!change) return true;
    return companyNeedsApproval(change.before as CompanyFacts | null, change.after as CompanyFacts);
  }
  if (kind === "page") return pageClaimsChange(page, change);
  return kind === "accreditation" || kind === "case-study";
}

/** What judging a page's claims needs: its shape (which words are claims) and its schema (how a version reads). */
export type ClaimsOfPage = {
  shape: PageShape;
  schema: { safeParse(body: unknown): { success: boolean; data?: unknown } };
};

/**
 * True when a page's new words change what its shape flags as claims (the years, the figures, the
 * promise, the assurances), judged on the bodies as the page's schema reads them, so a version saved
 * before the claims were words reads them as shipped. Nothing published yet: any page with claims.
 */
function pageClaimsChange(
  spec: ClaimsOfPage | undefined,
  change?: { before: unknown; after: unknown },
): boolean {
  if (!spec || !hasClaims(spec.shape)) return false;
  if (!change || change.before === null || change.before === undefined) return true;
  const read = (body: unknown) => {
    const parsed = spec.schema.safeParse(body);
    return claimWordsOf(spec.shape, parsed.success ? parsed.data : body);
  };
  return read(change.before) !== read(change.after);
}

/**
 * What the public pages read: the published version of every item, in the order the items were made,
 * and the company's facts.
 */
export type PublishedContent = {
  accreditations: readonly Accreditation[];
  /** Newest work first, as the pages list them. */
  caseStudies: readonly CaseStudy[];
  careersPage: CareersPage;
  company: CompanyFacts;
  /** The library's pictures the published case studies show, by id (read with them, so no page waits). */
  pictures: Readonly<Record<string, Picture>>;
  aboutPage: AboutPage;
  homePage: HomePage;
  /** The five service pages' words, by the service's key, in the order the site presents them. */
  servicePages: ServicePages;
  contactPage: ContactPage;
  /** The words of the header and footer on every public page. */
  siteChrome: SiteChrome;
  privacyPage: PrivacyPage;
};

/** What the site ships with, and what a fresh installation publishes first. */
export const shippedContent: PublishedContent = {
  accreditations,
  caseStudies,
  careersPage: shippedCareersPage,
  company: shippedCompany,
  pictures: {},
  aboutPage: shippedAboutPage,
  homePage: shippedHomePage,
  servicePages: shippedServicePages,
  contactPage: shippedContactPage,
  siteChrome: shippedSiteChrome,
  privacyPage: shippedPrivacyPage,
};

/** True when what is published differs from what the site shipped with (what the build drew its pages from). */
export function differsFromShipped(content: PublishedContent): boolean {
  return JSON.stringify(content) !== JSON.stringify(shippedContent);
}

/** An item's key: its name in lower case with dashes ("sia-approved-contractor-scheme"), fixed when it is made. */
export function contentKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

/** The workspace's address of an item's page (and its edit form); the company's details have one page. */
export function contentItemPath(kind: ContentKind, key: string): string {
  if (kind === "company") return "/staff/content/company";
  return `/staff/content/${kind}/${key}`;
}

/** One line of a readable difference: a field's words, before and after. */
export type ContentChange = { field: string; before: string; after: string };

/** An accreditation's fields as people read them, in the form's order. */
function readableAccreditation(item: Accreditation): [string, string][] {
  return [
    ["Scheme", item.scheme],
    ["Number", item.number],
    ["What it covers", item.covers.join("; ")],
    [
      "Services",
      item.services.map((key) => serviceList.find((entry) => entry.key === key)?.name ?? key).join(", ") ||
        "None: shown on the home page and About only",
    ],
    ["Issued by", `${item.issuedBy.name} (${item.issuedBy.url})`],
    ["Last day", formatClosingDate(item.validUntil)],
    ["Register", registers[item.register]?.name ?? item.register],
    ["Register link", item.checkUrl],
  ];
}

/** The fields that differ between two versions of an accreditation, with their words before and after. */
export function accreditationChanges(before: Accreditation, after: Accreditation): ContentChange[] {
  const old = new Map(readableAccreditation(before));
  return readableAccreditation(after)
    .filter(([field, value]) => old.get(field) !== value)
    .map(([field, value]) => ({ field, before: old.get(field) ?? "", after: value }));
}
