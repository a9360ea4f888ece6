/**
 * The Careers page's words as site content (the kind `page`, key `careers`): the cards of "Why Join Our
 * Team" and "Our Values", shaped as the page lays them out. Each card is a title, a short text and an icon
 * from the fixed set the page draws; each list holds at most what its rows take. The zod schema here is
 * what every saved version is checked by and what the page renders from; the shipped words below are the
 * page's first published version, so a visitor sees nothing change when the content moves here. The edit
 * form reads the page's shape (./pages.ts) through ./page-words.ts, as every page's does.
 */
import { characterProblem } from "../characters.ts";
import { site } from "../config/site.ts";
import { z } from "../forms/zod.ts";
import { heroLimits } from "./about-page.ts";
import {
  cardLimits,
  frameLimits,
  frameText,
  type PageText,
  searchLimits,
  searchTexts,
  sectionSchema,
  wordsText,
} from "./page-words.ts";

/** The icons a card may show: the ones the Careers page drew before its words became content. */
export const pageIcons = [
  "banknote",
  "graduation-cap",
  "clock",
  "heart-handshake",
  "users",
  "star",
  "sprout",
] as const;
export type PageIcon = (typeof pageIcons)[number];

/** Each icon as the form names it. */
export const pageIconWords: Record<PageIcon, string> = {
  banknote: "Banknote (pay)",
  "graduation-cap": "Graduation cap (training)",
  clock: "Clock (hours)",
  "heart-handshake": "Heart and handshake (support)",
  users: "People (team)",
  star: "Star (quality)",
  sprout: "Sprout (growth)",
};

/** One card: its title, a short text under it, and its icon. */
export type PageCard = { title: string; text: string; icon: PageIcon };

/** The page's frame as the site shipped it: what a version saved before these were words reads. */
const shippedFrame = {
  meta: {
    title: "Careers",
    description:
      "Cleaning, security, housekeeping, warehouse and event stewarding jobs in Greater Manchester, with fair pay, training and flexible shifts.",
  },
  hero: {
    badge: "Careers",
    title: "Work With Us",
    intro: `Join a Manchester team that pays fairly, trains properly and treats people well. We are always looking for reliable cleaners, security officers, housekeepers, warehouse workers and event stewards, and we reply to every application within ${site.claims.replyWithin}.`,
  },
  sections: {
    whyJoin: { heading: "Why Join Our Team", intro: "What you can expect when you work with us." },
    values: { heading: "Our Values", intro: "What we ask of each other, and what you can ask of us." },
  },
};

/** The Careers page's single texts: the search result, the hero, and each list's heading and introduction. */
export const careersTexts = [
  ...searchTexts,
  frameText(
    "hero.badge",
    "Badge above the heading",
    frameLimits.badge,
    "A few words in the pill above the heading.",
  ),
  frameText("hero.title", "Heading", heroLimits.title, "The page's main heading, at the top."),
  frameText(
    "hero.intro",
    "Text under the heading",
    heroLimits.intro,
    `At most ${heroLimits.intro} characters.`,
    "several",
  ),
  frameText(
    "sections.whyJoin.heading",
    "Why Join Our Team: heading",
    frameLimits.heading,
    "The heading above the benefits' cards.",
  ),
  frameText(
    "sections.whyJoin.intro",
    "Why Join Our Team: introduction",
    frameLimits.intro,
    "A sentence under that heading.",
    "several",
  ),
  frameText(
    "sections.values.heading",
    "Our Values: heading",
    frameLimits.heading,
    "The heading above the values' cards.",
  ),
  frameText(
    "sections.values.intro",
    "Our Values: introduction",
    frameLimits.intro,
    "A sentence under that heading.",
    "several",
  ),
] as const satisfies readonly PageText[];

/** The Careers page's words staff keep. */
export type CareersPage = {
  benefits: PageCard[];
  values: PageCard[];
  meta: typeof shippedFrame.meta;
  hero: typeof shippedFrame.hero;
  sections: typeof shippedFrame.sections;
};

/** The lists a Careers page holds, in the page's order, with their words and how many cards fit. */
export const careersLists = {
  // Four to a row on a wide screen: two rows.
  benefits: { heading: "Why Join Our Team", one: "benefit", max: 8 },
  // Three to a row: two rows.
  values: { heading: "Our Values", one: "value", max: 6 },
} as const;
export type CareersList = keyof typeof careersLists;
export const careersListNames = Object.keys(careersLists) as CareersList[];

const cardText = (label: string, max: number, shape: "one line" | "lines") =>
  z
    .string({ error: `Enter the card's ${label}.` })
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(1, { error: `Enter the card's ${label}.` })
        .max(max, { error: `The ${label} must be ${max} characters or fewer.` })
        .superRefine((value, ctx) => {
          const problem = characterProblem(value, `The ${label}`, shape);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    );

const cardSchema = z.object({
  title: cardText("title", cardLimits.title, "one line"),
  text: cardText("text", cardLimits.text, "one line"),
  icon: z.enum(pageIcons, { error: "Choose an icon from the list." }),
});

const duplicateTitle = "Another card in this list has this title: give each its own.";

const listSchema = (list: CareersList) =>
  z
    .array(cardSchema)
    .min(1, { error: `Keep at least one ${careersLists[list].one}.` })
    .max(careersLists[list].max, {
      error: `${careersLists[list].heading} holds at most ${careersLists[list].max} cards.`,
    })
    .superRefine((cards, ctx) => {
      const seen = new Set<string>();
      cards.forEach((card, index) => {
        const title = card.title.toLowerCase();
        if (seen.has(title)) {
          ctx.addIssue({
            code: "custom",
            path: [index, "title"],
            message: duplicateTitle,
          });
        }
        seen.add(title);
      });
    });

/** The Careers page's words as stored in a version and shown by the page. */
export const careersPageSchema = z.object({
  benefits: listSchema("benefits"),
  values: listSchema("values"),
  // The frame's words joined the cards later: a version saved before reads them as shipped.
  meta: z
    .object({
      title: wordsText("title in search results", searchLimits.title.max),
      description: wordsText("description in search results", searchLimits.description.max),
    })
    .default(() => structuredClone(shippedFrame.meta)),
  hero: z
    .object({
      badge: wordsText("badge above the heading", frameLimits.badge),
      title: wordsText("heading", heroLimits.title),
      intro: wordsText("text under the heading", heroLimits.intro),
    })
    .default(() => structuredClone(shippedFrame.hero)),
  sections: z
    .object({ whyJoin: sectionSchema("Why Join Our Team"), values: sectionSchema("Our Values") })
    .default(() => structuredClone(shippedFrame.sections)),
});

/** The words the site shipped with: the Careers page's first published version (each card's fields in the schema's order, as stored). */
export const shippedCareersPage: CareersPage = {
  benefits: [
    {
      title: "Competitive Compensation",
      text: "Fair hourly rates, paid weekly and on time, with holiday pay and a workplace pension.",
      icon: "banknote",
    },
    {
      title: "Training & Development",
      text: "Paid induction and training, plus support towards licences and qualifications as you progress.",
      icon: "graduation-cap",
    },
    {
      title: "Flexible Working",
      text: "Day, evening, night and weekend shifts, full or part time, planned around your life.",
      icon: "clock",
    },
    {
      title: "Supportive Environment",
      text: "A supervisor you can reach on every shift and an office team that knows your name.",
      icon: "heart-handshake",
    },
  ],
  values: [
    {
      title: "People First",
      text: "We look after our staff, because people who are treated well look after our clients.",
      icon: "users",
    },
    {
      title: "Excellence",
      text: "We take pride in doing the job properly, on every shift, whoever is watching.",
      icon: "star",
    },
    {
      title: "Growth",
      text: "Many of our supervisors started on the front line. We help you go as far as you want to.",
      icon: "sprout",
    },
  ],
  ...structuredClone(shippedFrame),
};
