/**
 * The About page's words as site content (the kind `page`, key `about`): the title and description a
 * search result shows, the hero's heading and text, and the cards of "Our Values" and "Quality
 * Assurance", shaped as the page lays them out. The story, the promise, the stats and the hero's facts
 * name claims a buyer relies on (years of experience, reply and cover times, satisfaction), which live in
 * the company's config: they stay there. The shipped words below are the page's first published version,
 * so a visitor sees nothing change when the words move here.
 */
import { site } from "../config/site.ts";
import { z } from "../forms/zod.ts";
import { cardListSchema, type PageShape, searchLimits, wordsText } from "./page-words.ts";

/** The icons the About page's cards draw: the ones it drew before its words became content. */
export const aboutIcons = [
  "award",
  "shield-check",
  "heart-handshake",
  "lightbulb",
  "clipboard-check",
  "file-check",
  "users",
] as const;
export type AboutIcon = (typeof aboutIcons)[number];

/** Each icon as the form names it. */
export const aboutIconWords: Record<AboutIcon, string> = {
  award: "Award (excellence)",
  "shield-check": "Shield and tick (reliability)",
  "heart-handshake": "Heart and handshake (people)",
  lightbulb: "Light bulb (ideas)",
  "clipboard-check": "Clipboard and tick (checks)",
  "file-check": "Document and tick (compliance)",
  users: "People (team)",
};

/** The longest a hero's heading and text may be: what the hero holds on a phone. */
export const heroLimits = { title: 80, intro: 300 } as const;

/** The About page's form: its texts and its lists, in the page's order. */
export const aboutShape = {
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
  lists: [
    // Four to a row on a wide screen: one row.
    { list: "values", heading: "Our Values", one: "value", max: 4, columns: 4 },
    // Three to a row: one row.
    { list: "quality", heading: "Quality Assurance", one: "assurance", max: 3, columns: 3 },
  ],
  icons: aboutIcons,
} as const satisfies PageShape;

/** The About page's words as stored in a version and shown by the page. */
export const aboutPageSchema = z.object({
  meta: z.object({
    title: wordsText("title in search results", searchLimits.title.max),
    description: wordsText("description in search results", searchLimits.description.max),
  }),
  hero: z.object({
    title: wordsText("heading", heroLimits.title),
    intro: wordsText("text under the heading", heroLimits.intro),
  }),
  values: cardListSchema(aboutIcons, aboutShape.lists[0]),
  quality: cardListSchema(aboutIcons, aboutShape.lists[1]),
});

/** The About page's words staff keep. */
export type AboutPage = z.infer<typeof aboutPageSchema>;

/** The words the site shipped with: the About page's first published version, in the schema's order. */
export const shippedAboutPage: AboutPage = {
  meta: {
    title: "About Us",
    description: `Who we are: a Manchester facilities and staffing company with over ${site.claims.yearsExperience} years of experience behind it, looking after local businesses.`,
  },
  hero: {
    title: `About ${site.brand}`,
    intro:
      "A Manchester company that supplies dependable people for buildings and events: cleaners, security officers, housekeepers, warehouse workers and stewards.",
  },
  values: [
    {
      title: "Excellence",
      text: "We do the job properly the first time and check it, even where nobody else would look.",
      icon: "award",
    },
    {
      title: "Reliability",
      text: "We turn up, on time, every time, and we tell you early if anything changes.",
      icon: "shield-check",
    },
    {
      title: "People-First",
      text: "Fair pay, proper training and respect for our staff mean better service for you.",
      icon: "heart-handshake",
    },
    {
      title: "Innovation",
      text: "Digital check sheets, better products and smarter rotas where they genuinely help.",
      icon: "lightbulb",
    },
  ],
  quality: [
    {
      title: "Quality Management",
      text: "Every site has a written plan. Supervisors inspect against it, record the results and share them with you.",
      icon: "clipboard-check",
    },
    {
      title: "Compliance Standards",
      text: "SIA licensing for security roles, enhanced DBS checks where the work requires them, and right-to-work checks on everyone we employ.",
      icon: "file-check",
    },
    {
      title: "Service Reliability",
      text: "Shifts are confirmed in advance, absences are covered from a trained relief team, and you have one named contact.",
      icon: "users",
    },
  ],
};
