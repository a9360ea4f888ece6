/**
 * The words of the header and footer every public page shows, as site content (the kind `page`, key
 * `site-chrome`): the footer's blurb about the company, its columns' headings, the rights line and the
 * words before the site maker's credit. The header's words are the specification's (the menu's names and
 * Get Quote) and stay code, as do the links' names, the company's details (./company-facts.ts), the
 * registered name and the maker's name and address (the site's config). The shipped words below are the
 * first published version, so a visitor sees nothing change when the words move here.
 */
import { site } from "../config/site.ts";
import { z } from "../forms/zod.ts";
import { type PageShape, wordsText } from "./page-words.ts";

/** The longest the footer's words may be: what its narrow columns hold. */
export const chromeLimits = { blurb: 300, heading: 30, line: 80 } as const;

/** The header and footer's form: their texts, in the footer's order, no lists. */
export const chromeShape = {
  texts: [
    {
      field: "footer.blurb",
      label: "About the company",
      max: chromeLimits.blurb,
      description: `The short text under the logo in the footer of every page, at most ${chromeLimits.blurb} characters.`,
      lines: "several",
    },
    {
      field: "footer.contactHeading",
      label: "Contact column's heading",
      max: chromeLimits.heading,
      description: "Above the phone number, e-mail address and office address.",
      lines: "one",
    },
    {
      field: "footer.servicesHeading",
      label: "Services column's heading",
      max: chromeLimits.heading,
      description: "Above the links to the five service pages.",
      lines: "one",
    },
    {
      field: "footer.companyHeading",
      label: "Company column's heading",
      max: chromeLimits.heading,
      description: "Above the links to About Us, Careers and Contact.",
      lines: "one",
    },
    {
      field: "footer.rights",
      label: "After the copyright",
      max: chromeLimits.line,
      description: `After "© year ${site.legalName}." at the foot of every page.`,
      lines: "one",
    },
    {
      field: "footer.credit",
      label: "Before the site maker's name",
      max: chromeLimits.line,
      description: `The words before "${site.credit.name}", which links to the maker's site.`,
      lines: "one",
    },
  ],
  lists: [],
  icons: [],
} as const satisfies PageShape;

/** The header and footer's words as stored in a version and shown on every page. */
export const siteChromeSchema = z.object({
  footer: z.object({
    blurb: wordsText("text about the company", chromeLimits.blurb),
    contactHeading: wordsText("contact column's heading", chromeLimits.heading),
    servicesHeading: wordsText("services column's heading", chromeLimits.heading),
    companyHeading: wordsText("company column's heading", chromeLimits.heading),
    rights: wordsText("words after the copyright", chromeLimits.line),
    credit: wordsText("words before the site maker's name", chromeLimits.line),
  }),
});

/** The header and footer's words staff keep. */
export type SiteChrome = z.infer<typeof siteChromeSchema>;

/** The words the site shipped with: the first published version, in the schema's order. */
export const shippedSiteChrome: SiteChrome = {
  footer: {
    blurb: site.blurb,
    contactHeading: "Contact",
    servicesHeading: "Services",
    companyHeading: "Company",
    rights: "All rights reserved.",
    credit: "Website by",
  },
};
