/**
 * The home page's words as site content (the kind `page`, key `home`): the title and description a search
 * result shows, and the hero's heading and text. The hero's assurances, the services' cards and the "Why
 * Choose" cards name the company's claims and its emergency line (the company's details), so they stay
 * with those. The shipped words below are the page's first published version, so a visitor sees nothing
 * change when the words move here.
 */
import { site } from "../config/site.ts";
import { z } from "../forms/zod.ts";
import { heroLimits } from "./about-page.ts";
import { type PageShape, searchLimits, wordsText } from "./page-words.ts";

/** The home page's form: its texts, no lists. */
export const homeShape = {
  texts: [
    {
      field: "meta.title",
      label: "Title in search results",
      max: searchLimits.title.max,
      warnAbove: searchLimits.title.shown,
      description: `The page's title in search results and browser tabs; " | ${site.brand}" is added after it.`,
      lines: "one",
    },
    {
      field: "meta.description",
      label: "Description in search results",
      max: searchLimits.description.max,
      warnAbove: searchLimits.description.shown,
      description: "One or two sentences a search result shows under the title.",
      lines: "several",
    },
    {
      field: "hero.title",
      label: "Heading",
      max: heroLimits.title,
      description: "The page's main heading, at the top.",
      lines: "one",
    },
    {
      field: "hero.intro",
      label: "Text under the heading",
      max: heroLimits.intro,
      description: `At most ${heroLimits.intro} characters.`,
      lines: "several",
    },
  ],
  lists: [],
  icons: [],
} as const satisfies PageShape;

/** The home page's words as stored in a version and shown by the page. */
export const homePageSchema = z.object({
  meta: z.object({
    title: wordsText("title in search results", searchLimits.title.max),
    description: wordsText("description in search results", searchLimits.description.max),
  }),
  hero: z.object({
    title: wordsText("heading", heroLimits.title),
    intro: wordsText("text under the heading", heroLimits.intro),
  }),
});

/** The home page's words staff keep. */
export type HomePage = z.infer<typeof homePageSchema>;

/** The words the site shipped with: the home page's first published version, in the schema's order. */
export const shippedHomePage: HomePage = {
  meta: {
    title: "Facilities Management and Staffing in Manchester",
    description:
      "Cleaning, security officers, housekeeping, warehouse and steward staff for Manchester businesses. Trained, vetted people and one team to call.",
  },
  hero: {
    title: "Your Complete Facilities Partner",
    intro: `Cleaners, security officers, housekeepers, warehouse workers and event stewards for businesses across Greater Manchester, all from one team that answers the phone and replies within ${site.claims.replyWithin}.`,
  },
};
