/**
 * The home page's words as site content (the kind `page`, key `home`): the title and description a search
 * result shows, the hero's heading, text and four assurances, and the "Why Choose" section's heading,
 * intro and cards. The assurances and the cards make claims a buyer relies on (24/7, insurance, a reply
 * time), so they are flagged `claim`: a change needs a second person's approval. A card may name the
 * emergency line kept in Company details as {emergency}. The services' cards stay with the services. The
 * shipped words below are the page's first published version, so a visitor sees nothing change; a
 * version saved before the claims became words reads them as shipped (each part's default below).
 */
import { site } from "../config/site.ts";
import { z } from "../forms/zod.ts";
import { heroLimits } from "./about-page.ts";
import {
  cardListSchema,
  frameLimits,
  frameText,
  type PageShape,
  searchLimits,
  sectionSchema,
  wordsText,
} from "./page-words.ts";

/** The icons the home page's "Why Choose" cards may draw: the ones it drew before, and a few more. */
export const homeIcons = ["users", "clock", "badge-check", "graduation-cap", "shield-check", "star"] as const;
export type HomeIcon = (typeof homeIcons)[number];

/** Each icon as the form names it. */
export const homeIconWords: Record<HomeIcon, string> = {
  users: "People (team)",
  clock: "Clock (hours)",
  "badge-check": "Badge and tick (quality)",
  "graduation-cap": "Graduation cap (training)",
  "shield-check": "Shield and tick (cover)",
  star: "Star (quality)",
};

/** The longest an assurance and the section's heading may be. */
export const homeLimits = { assurance: 40, heading: 80 } as const;

/** The page's frame as the site shipped it: what a version saved before these were words reads. */
const shippedFrame = {
  badge: "Professional Facilities Management",
  sections: {
    services: {
      heading: "Our Services",
      intro:
        "Five services, one contract and one point of contact. Choose what you need and we will staff it.",
    },
    trust: {
      heading: "Insured, Accountable and Local",
      intro:
        "A registered company with the cover your contracts ask for, working in every borough of {region}.",
    },
  },
};

/** The frame's texts: the hero's badge and the services' and trust band's headings and introductions. */
const homeFrameTexts = [
  frameText(
    "badge",
    "Badge above the heading",
    frameLimits.badge,
    "A few words in the pill above the heading.",
  ),
  frameText(
    "sections.services.heading",
    "Our Services: heading",
    frameLimits.heading,
    "The heading above the services' cards.",
  ),
  frameText(
    "sections.services.intro",
    "Our Services: introduction",
    frameLimits.intro,
    "A sentence under that heading.",
    "several",
  ),
  frameText(
    "sections.trust.heading",
    "Insurance and areas: heading",
    frameLimits.heading,
    "The heading above the insurance and the areas served.",
  ),
  frameText(
    "sections.trust.intro",
    "Insurance and areas: introduction",
    frameLimits.intro,
    "A sentence under that heading. Write {region} where the region served, kept in Company details, should read.",
    "several",
  ),
] as const;

/** The four assurances under the hero, each drawn with its own icon by its place (a clock, a cap, a shield, a star). */
export const assurancePlaces = ["first", "second", "third", "fourth"] as const;

const placeWords = { first: "First", second: "Second", third: "Third", fourth: "Fourth" } as const;
const iconWords = {
  first: "a clock",
  second: "a graduation cap",
  third: "a shield",
  fourth: "a star",
} as const;

/** The home page's form: its texts and the "Why Choose" cards. */
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
    ...assurancePlaces.map(
      (place) =>
        ({
          field: `assurances.${place}`,
          label: `${placeWords[place]} assurance under the heading`,
          max: homeLimits.assurance,
          description: `Drawn with ${iconWords[place]}.`,
          lines: "one",
          claim: true,
        }) as const,
    ),
    {
      field: "whyChoose.heading",
      label: "Why Choose: heading",
      max: homeLimits.heading,
      description: "The heading above the reasons to choose the company.",
      lines: "one",
    },
    {
      field: "whyChoose.intro",
      label: "Why Choose: text under the heading",
      max: heroLimits.intro,
      description: `At most ${heroLimits.intro} characters.`,
      lines: "several",
    },
    ...homeFrameTexts,
  ],
  lists: [
    // Three to a row: one row.
    {
      list: "reasons",
      heading: "Why Choose",
      one: "reason",
      max: 3,
      columns: 3,
      claim: true,
      description:
        "Reasons that name hours, cover or reply times are claims: a change needs a second person's approval. Write {emergency} where the emergency line kept in Company details should read.",
    },
  ],
  icons: homeIcons,
} as const satisfies PageShape;

/** The claims' words as the site shipped them: what a version saved before they became words reads. */
const shippedClaims = {
  assurances: {
    first: "24/7 Professional Service",
    second: "Fully Trained Staff",
    third: "Comprehensive Insurance",
    fourth: "Quality Guaranteed",
  },
  whyChoose: {
    heading: `Why Choose ${site.brand}`,
    intro: "The things facilities managers tell us matter most, done every day.",
  },
  reasons: [
    {
      title: "Trained Professionals",
      text: "Every member of staff is interviewed, referenced and trained for the work before their first shift.",
      icon: "users",
    },
    {
      title: "24/7 Availability",
      text: `{emergency} Our office team answers during business hours and replies within ${site.claims.replyWithin}.`,
      icon: "clock",
    },
    {
      title: "Quality Assured",
      text: "Supervisors check the work against a written plan and share the results with you.",
      icon: "badge-check",
    },
  ] satisfies { title: string; text: string; icon: HomeIcon }[],
};

const assurance = wordsText("assurance", homeLimits.assurance);

/**
 * The home page's words as stored in a version and shown by the page. The parts added with the claims
 * default to the shipped words, so a version saved before still reads, as the page always showed it.
 */
export const homePageSchema = z.object({
  meta: z.object({
    title: wordsText("title in search results", searchLimits.title.max),
    description: wordsText("description in search results", searchLimits.description.max),
  }),
  hero: z.object({
    title: wordsText("heading", heroLimits.title),
    intro: wordsText("text under the heading", heroLimits.intro),
  }),
  assurances: z
    .object({ first: assurance, second: assurance, third: assurance, fourth: assurance })
    .default(() => structuredClone(shippedClaims.assurances)),
  whyChoose: z
    .object({
      heading: wordsText("heading of Why Choose", homeLimits.heading),
      intro: wordsText("text under Why Choose's heading", heroLimits.intro),
    })
    .default(() => structuredClone(shippedClaims.whyChoose)),
  reasons: cardListSchema(homeIcons, homeShape.lists[0]).default(() =>
    structuredClone(shippedClaims.reasons),
  ),
  badge: wordsText("badge above the heading", frameLimits.badge).default(shippedFrame.badge),
  sections: z
    .object({ services: sectionSchema("Our Services"), trust: sectionSchema("the insurance and areas") })
    .default(() => structuredClone(shippedFrame.sections)),
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
  ...structuredClone(shippedClaims),
  ...structuredClone(shippedFrame),
};
